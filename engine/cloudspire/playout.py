"""Whole-game playouts.

* ``random_playout(seed, seats=2)`` -- every seat is played by ``bot_action`` (or by
  ``policy(st, seat)`` when given); the game seed varies the map, factions, market and dice,
  so each seed gives a different game.
* ``uniform_playout(seed, seats=2)`` -- every seat picks a uniformly random legal action
  (``random.Random(seed)``); the benchmark's "random legal games".
* ``play(st, policies)`` -- continue a state to the end with one policy per seat.

``check=True`` validates every action against ``legal_actions`` (slower; used by tests)."""
from __future__ import annotations

import random

from . import game as G
from .bot import bot_action


def play(st: dict, policies, check: bool = False, max_actions: int = 20000) -> dict:
    """Play ``st`` in place to the end; ``policies[seat](st, seat)`` chooses each action."""
    n = 0
    while st["phase"] != "over":
        acting = G.acting_seats(st)
        if not acting:
            raise RuntimeError("no one to act")
        seat = acting[0]
        G.apply_inplace(st, seat, policies[seat](st, seat), check=check)
        n += 1
        if n > max_actions:
            raise RuntimeError(f"playout did not finish in {max_actions} actions")
    st["actions_played"] = n
    return st


def random_playout(seed: int, seats: int = 2, options: dict | None = None, check: bool = False,
                   max_actions: int = 20000, policy=None) -> dict:
    st = G.setup(seats, options or {}, seed)
    return play(st, [policy or bot_action] * seats, check=check, max_actions=max_actions)


def uniform_policy(rng: random.Random):
    """A player that picks uniformly among the legal actions."""
    def act(st, seat):
        return rng.choice(G.legal_actions(st, seat))
    return act


def uniform_playout(seed: int, seats: int = 2, options: dict | None = None, check: bool = False,
                    max_actions: int = 50000) -> dict:
    st = G.setup(seats, options or {}, seed)
    pol = uniform_policy(random.Random(seed))
    return play(st, [pol] * seats, check=check, max_actions=max_actions)
