"""Kingdom Rush figures beyond the ones every game has (``bench.game_figures``), for the
targets of its issue: the board of a 4-player game and listing the placements of one tile.

``<id>.render_ms_p50`` draws positions across every seat count the game allows (1 to 4 for
Kingdom Rush, seed k at the k-th count); these figures use 4-player games only. Positions are
the mid-game ones of ``bench.games`` (bot-vs-bot games, seeds 0..23, 4 seats, default options:
scenario 1, normal difficulty).

* ``kr.render_ms_p50_4p`` / ``kr.render_ms_p99_4p`` -- the public board PNG
  (``render.kr.board_png``) of the public views of 24 mid-game 4-player positions, each drawn
  three times after one warm-up drawing; milliseconds per drawing.
* ``kr.placements_ms_p50`` / ``kr.placements_ms_p99`` -- listing the legal placements of one
  tile on one horde, **cold**: ``engine.kr.hordegrid.placements(grid, cover, shapes, damage)``
  with its per-grid cache of candidate placements (``_tile_candidates``) emptied before every
  call, so each call enumerates every orientation x anchor again (the horde grids themselves
  stay built, as they are once per card in a running bot). Every distinct (tile shape, free
  rotation, damage) of the towers' attacks (``engine.kr.content.TOWERS``) x the 4 facings of
  the tower, the shapes being the tile's allowed orientations on the tray
  (``towers.tile_shapes``), on every tray of 12 mid-game positions of random legal 4-player
  games (``bench.games.random_play``, seeds 0..11, stopped after 25%..75% of the game's
  length as ``bench.games`` picks mid-game positions; the bot-vs-bot positions of scenario 1
  hold one tray or none) and on every horde card of the content on an empty cover (tray
  facing N); milliseconds per call.
  ``kr.placements_ms_p99_cached``: the same calls with the cache kept (each call made once
  before, as the bot and ``legal_actions`` repeat them). ``kr.placements_ms_samples``: how
  many calls were timed.

In smoke mode (``bench.run``): one position drawn once, placements on one random position and
one horde card.

Registered in ``bench.__main__`` under ``kr.render_ms`` and ``kr.placements_ms``, so
``python -m bench kr`` (or ``kr.render_ms``) runs them with the shared ``kr.*`` figures.
"""
from __future__ import annotations

import statistics
import time

from bench.figures import percentile
from bench.game_figures import drawing_ms
from bench.games import board_job, mid_game_states, random_play
from bench.run import Measure, sized
from engine.kr import hordegrid
from engine.kr.content import HORDES, SHAPES, TOWERS
from engine.kr.hordegrid import empty_cover
from engine.kr.shapes import oriented
from engine.kr.state import grid
from engine.kr.towers import tile_shapes
from gamehost.registry import plugin

GAME_ID = "kr"
SEATS = 4
POSITIONS = 24
FACINGS = ("N", "E", "S", "W")


RANDOM_POSITIONS = 12


def random_positions(count: int = RANDOM_POSITIONS) -> list[dict]:
    """Mid-game positions of random legal games (seeds 0..count-1, ``SEATS`` seats)."""
    game, out = plugin(GAME_ID), []
    for seed in range(count):
        _final, length = random_play(game, SEATS, seed)
        target = int((0.25 + 0.5 * ((seed * 0.6180339887) % 1.0)) * length)
        out.append(random_play(game, SEATS, seed, moves=target)[0])
    return out


def render_4p(count: int = POSITIONS, passes: int = 3):
    """The public board of 24 mid-game 4-player positions (bot-vs-bot, ``bench.games``)."""
    jobs = [board_job(GAME_ID, seats, state) for seats, state in mid_game_states(GAME_ID, SEATS, count)]
    p50, p99 = drawing_ms(jobs, passes)
    yield f"{GAME_ID}.render_ms_p50_4p", p50
    yield f"{GAME_ID}.render_ms_p99_4p", p99


def tower_tiles() -> list[tuple[str, dict, str]]:
    """Every distinct (tile shape, attack with its free-rotation flag, damage) of the towers."""
    seen, out = set(), []
    for tower in TOWERS.values():
        for attack in tower["attacks"]:
            for tile in attack["tiles"]:
                key = (tile, bool(attack["free"]), tower["damage"])
                if key not in seen:
                    seen.add(key)
                    out.append((tile, attack, tower["damage"]))
    return out


def placement_calls(states: list[dict], cards: list[str]) -> list[tuple]:
    """(grid, cover, shapes, damage) for every tray of ``states`` and every card of ``cards``
    on an empty cover x tower tile x facing."""
    tiles = tower_tiles()
    calls = []
    for st in states:
        for tid, tray in st["trays"].items():
            g = grid(tray["card"])
            for tile, attack, damage in tiles:
                for facing in FACINGS:
                    calls.append((g, tray["cover"], tile_shapes(st, tid, tile, facing, attack), damage))
    for card in cards:
        g = grid(card)
        for tile, attack, damage in tiles:
            for facing in FACINGS:
                calls.append((g, empty_cover(), oriented(SHAPES[tile], facing, "N", attack["free"]), damage))
    return calls


def placements(count: int = RANDOM_POSITIONS, cards: list[str] | None = None):
    calls = placement_calls(random_positions(count), sorted(HORDES) if cards is None else cards)
    cold, cached = [], []
    for g, cover, shapes, damage in calls:
        hordegrid._tile_candidates.cache_clear()
        start = time.perf_counter()
        hordegrid.placements(g, cover, shapes, damage)
        cold.append((time.perf_counter() - start) * 1000)
    for g, cover, shapes, damage in calls:
        hordegrid.placements(g, cover, shapes, damage)
        start = time.perf_counter()
        hordegrid.placements(g, cover, shapes, damage)
        cached.append((time.perf_counter() - start) * 1000)
    yield f"{GAME_ID}.placements_ms_p50", round(statistics.median(cold), 4)
    yield f"{GAME_ID}.placements_ms_p99", round(percentile(cold, 0.99), 4)
    yield f"{GAME_ID}.placements_ms_p99_cached", round(percentile(cached, 0.99), 4)
    yield f"{GAME_ID}.placements_ms_samples", len(calls)


def figures() -> list[tuple[str, Measure]]:
    return [(f"{GAME_ID}.render_ms", lambda: render_4p(sized(POSITIONS, 1), sized(3, 1))),
            (f"{GAME_ID}.placements_ms",
             lambda: placements(sized(RANDOM_POSITIONS, 1), sized(None, sorted(HORDES)[:1])))]


if __name__ == "__main__":
    for _name, measure in figures():
        for figure, value in measure():
            print(f"{figure} {value}", flush=True)
