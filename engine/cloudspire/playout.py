"""Bot-vs-bot playouts: ``random_playout(seed, seats=2)`` plays a whole game.

Every seat is played by ``bot_action``; the game seed varies the map, factions, market and
dice, so each seed gives a different game.  ``check=True`` validates every action against
``legal_actions`` (slower; used by tests)."""
from __future__ import annotations

from . import game as G
from .bot import bot_action


def random_playout(seed: int, seats: int = 2, options: dict | None = None, check: bool = False,
                   max_actions: int = 20000) -> dict:
    st = G.setup(seats, options or {}, seed)
    n = 0
    while st["phase"] != "over":
        acting = G.acting_seats(st)
        if not acting:
            raise RuntimeError("no one to act")
        seat = acting[0]
        a = bot_action(st, seat)
        G.apply_inplace(st, seat, a, check=check)
        n += 1
        if n > max_actions:
            raise RuntimeError(f"playout did not finish in {max_actions} actions")
    st["actions_played"] = n
    return st
