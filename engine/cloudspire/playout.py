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
from typing import Callable, Sequence

from .apply import apply_inplace
from .bot import bot_action
from .legal import legal_actions
from .opening import setup
from .turns import acting_seats
from .types import Action, Options, Seat, State

Policy = Callable[[State, Seat], Action | None]
"""Chooses an acting seat's move (None, like the bots and timeout_action, if it has none)."""


def play(st: State, policies: Sequence[Policy], check: bool = False, max_actions: int = 20000) -> State:
    """Play ``st`` in place to the end; ``policies[seat](st, seat)`` chooses each action."""
    n = 0
    while st["phase"] != "over":
        acting = acting_seats(st)
        if not acting:
            raise RuntimeError("no one to act")
        seat = acting[0]
        a = policies[seat](st, seat)
        if a is None:
            raise RuntimeError(f"seat {seat} acts but has no move")
        apply_inplace(st, seat, a, check=check)
        n += 1
        if n > max_actions:
            raise RuntimeError(f"playout did not finish in {max_actions} actions")
    st["actions_played"] = n
    return st


def random_playout(seed: int, seats: int = 2, options: Options | None = None, check: bool = False,
                   max_actions: int = 20000, policy: Policy | None = None) -> State:
    st = setup(seats, options or {}, seed)
    return play(st, [policy or bot_action] * seats, check=check, max_actions=max_actions)


def uniform_policy(rng: random.Random) -> Policy:
    """A player that picks uniformly among the legal actions."""
    def act(st: State, seat: Seat) -> Action:
        return rng.choice(legal_actions(st, seat))
    return act


def uniform_playout(seed: int, seats: int = 2, options: Options | None = None, check: bool = False,
                    max_actions: int = 50000) -> State:
    st = setup(seats, options or {}, seed)
    pol = uniform_policy(random.Random(seed))
    return play(st, [pol] * seats, check=check, max_actions=max_actions)
