"""Figures of every registered game's engine and renderer (``gamehost.registry``), named by
the game's id; the games are set up and played as ``bench.games`` describes.

* ``<id>.playouts_per_s`` -- complete games of random legal moves per second, engine only
  (``bench.games.random_play``: ``engine.playout`` with ``inplace=False``): every move goes
  through ``legal_actions`` and ``apply`` (state copies, as the service plays; not the
  engine's in-place fast path), at the game's usual seat count with its default options, for 3 s (seeds 0, 1, ...;
  a game is cut off after ``bench.games.MAX_MOVES`` moves). Bots are not measured here.
* ``<id>.render_ms_p50`` / ``<id>.render_ms_p99`` -- the game's public board PNG
  (``render.<id>.board_png(view, seat_names, lang="en")``) of the public views of 24
  mid-game positions spread over the game's seat counts, each drawn three times after one
  warm-up drawing (fonts, tiles); milliseconds per drawing.

In smoke mode (``bench.run``): playouts for a moment, one position drawn once.
"""
from __future__ import annotations

import functools
import statistics
import time

from bench.figures import percentile
from bench.games import board_job, game_ids, random_play, ranged_states, usual_seats
from bench.run import Measure, sized
from gamehost.registry import plugin


def playouts(game_id: str, seconds: float = 3.0):
    game, seats = plugin(game_id), usual_seats(game_id)
    games, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        random_play(game, seats, seed)
        seed += 1
        games += 1
    yield f"{game_id}.playouts_per_s", round(games / (time.perf_counter() - start), 1)


def drawing_ms(jobs: list, passes: int) -> tuple[float, float]:
    """Median and 99th percentile milliseconds of drawing each ``(draw, kwargs)`` job
    ``passes`` times, after one warm-up drawing (fonts, tiles)."""
    draw, kwargs = jobs[0]
    draw(**kwargs)
    samples = []
    for _ in range(passes):
        for draw, kwargs in jobs:
            start = time.perf_counter()
            draw(**kwargs)
            samples.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(samples), 2), round(percentile(samples, 0.99), 2)


def render(game_id: str, count: int = 24, passes: int = 3):
    jobs = [board_job(game_id, seats, state) for seats, state in ranged_states(game_id, count)]
    p50, p99 = drawing_ms(jobs, passes)
    yield f"{game_id}.render_ms_p50", p50
    yield f"{game_id}.render_ms_p99", p99


def _playouts(game_id: str):
    return playouts(game_id, sized(3.0, 0.01))


def _render(game_id: str):
    return render(game_id, sized(24, 1), sized(3, 1))


def figures() -> list[tuple[str, Measure]]:
    """(name prefix, measure) for every registered game."""
    result: list[tuple[str, Measure]] = []
    for game_id in game_ids():
        result.append((f"{game_id}.playouts_per_s", functools.partial(_playouts, game_id)))
        result.append((f"{game_id}.render_ms", functools.partial(_render, game_id)))
    return result


if __name__ == "__main__":
    for _name, measure in figures():
        for figure, value in measure():
            print(f"{figure} {value}", flush=True)
