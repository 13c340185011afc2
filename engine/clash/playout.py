"""Fast random playouts for benchmarks and balance checks.

``random_playout(seed)`` sets up a game (a Duel with preconstructed decks by default) and
plays uniformly random legal actions for every decision until the game ends, returning the
final state. It uses the same rules code as ``GAME.apply`` but works in place (no state copy
and no re-validation, since every action is drawn from the legal list).
"""
from __future__ import annotations

import random
import time

from . import actions, setup
from .state import GameOver

MAX_ACTIONS = 5000


def step_inplace(st: dict, seat: int, action: dict, events: list | None = None) -> None:
    """Apply a legal action to ``st`` in place."""
    try:
        actions.execute(st, seat, action, events if events is not None else [])
    except GameOver:
        pass


def random_playout(seed: int, options: dict | None = None, seats: int | None = None) -> dict:
    opts = dict(options or {})
    if seats is None:
        seats = 1 if opts.get("mode") == "solo" else 2
    st, _ = setup.new_state(seats, opts, seed)
    rnd = random.Random(seed ^ 0xC1A5)
    for _ in range(MAX_ACTIONS):
        if st["result"] is not None:
            return st
        ps = actions.prompts(st)
        seat = ps[0].seat
        legal = actions.legal_actions(st, seat)
        step_inplace(st, seat, legal[rnd.randrange(len(legal))])
    return st


def benchmark(n: int = 500, options: dict | None = None) -> float:
    """Complete random games per second."""
    t = time.perf_counter()
    for seed in range(n):
        random_playout(seed, options)
    return n / (time.perf_counter() - t)


if __name__ == "__main__":  # pragma: no cover
    print(f"{benchmark():.0f} games/s")
