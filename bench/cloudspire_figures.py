"""Cloudspire measurements for ``python -m bench`` (same shape as ``bench.figures.ALL``).

* ``cloudspire.playouts_per_s`` -- complete 2-player games per second in which every seat
  plays a uniformly random legal action (default options), from setup to the result.
* ``cloudspire.render_ms_p50`` / ``_p99`` -- the public board PNG (``render.cloudspire.
  render_board``) of mid-game states taken from bot-vs-bot games.
"""
from __future__ import annotations

import statistics
import time

from bench.figures import percentile
from engine.cloudspire import GAME as CLOUDSPIRE


def cloudspire_playouts(seconds: float = 3.0):
    from engine.cloudspire.playout import uniform_playout

    games, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        uniform_playout(seed)
        seed += 1
        games += 1
    yield "cloudspire.playouts_per_s", round(games / (time.perf_counter() - start), 1)


def cloudspire_states(count: int = 24) -> list[dict]:
    """Mid-game states (Onslaught of wave 1-3, after a few rounds: units, spires, landmarks)
    from bot-vs-bot games with 2-4 seats; seeds whose game ends before the stop point are
    skipped."""
    from engine.cloudspire import game as G

    states = []
    seed = 0
    while len(states) < count:
        seats = 2 + seed % 3
        st = CLOUDSPIRE.setup(seats, {}, seed)
        stop_wave = 1 + seed % 3
        rounds = 2 + seed % 4
        for _ in range(5000):
            if st["phase"] == "over":
                break
            if st["phase"] == "onslaught" and st["wave"] >= stop_wave and st["round"] >= rounds:
                states.append(st)
                break
            seat = G.acting_seats(st)[0]
            G.apply_inplace(st, seat, CLOUDSPIRE.bot_action(st, seat), check=False)
        seed += 1
    return states


def cloudspire_render():
    from render.cloudspire import render_board

    names = ["alice", "bob", "carol", "dave"]
    views = [CLOUDSPIRE.view(s, None) for s in cloudspire_states()]
    render_board(views[0], seat_names=names)  # warm caches (fonts, terrain tiles)
    samples = []
    for _ in range(3):
        for view in views:
            start = time.perf_counter()
            render_board(view, seat_names=names[:view["seats"]])
            samples.append((time.perf_counter() - start) * 1000)
    yield "cloudspire.render_ms_p50", round(statistics.median(samples), 2)
    yield "cloudspire.render_ms_p99", round(percentile(samples, 0.99), 2)


FIGURES = [
    ("cloudspire.playouts_per_s", cloudspire_playouts),
    ("cloudspire.render_ms_p50", cloudspire_render),
]


if __name__ == "__main__":
    for _name, measure in FIGURES:
        for figure, value in measure():
            print(f"{figure} {value}", flush=True)
