"""Fast random playouts for benchmarks and tests: uniformly random legal actions for every
decision, applied in place (no copy, no re-validation)."""
from __future__ import annotations

import random
import time

from . import actions, setup
from .state import GameOver

MAX_ACTIONS = 20000


def step_inplace(st: dict, seat: int, action: dict, events: list | None = None) -> None:
    try:
        actions.execute(st, seat, action, events if events is not None else [])
    except GameOver:
        pass


def random_playout(seed: int, options: dict | None = None, max_actions: int = MAX_ACTIONS) -> dict:
    st, _ = setup.new_state(2, options or {}, seed)
    rnd = random.Random(seed ^ 0xE5)
    for _ in range(max_actions):
        if st["result"] is not None:
            break
        ps = actions.prompts(st)
        seat = ps[rnd.randrange(len(ps))].seat
        legal = actions.legal_actions(st, seat)
        step_inplace(st, seat, legal[rnd.randrange(len(legal))])
    return st


def benchmark(n: int = 50, options: dict | None = None) -> float:
    """Complete random games per second."""
    t = time.perf_counter()
    for seed in range(n):
        random_playout(seed, options)
    return n / (time.perf_counter() - t)


if __name__ == "__main__":  # pragma: no cover
    print(f"{benchmark():.1f} games/s")
