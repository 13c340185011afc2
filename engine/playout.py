"""Whole-game playouts of any game, over the engine contract (``engine.base.Game``): set up
or continue a game and let policies make every move until ``result`` is decided. Used by the
benchmarks, the balance tools and tests; it names no game.

* ``playout(game, seats, seed)`` -- set up a game (``game.setup(seats, options, seed)``) and
  play it to the end; ``play(game, state, policy)`` -- continue ``state`` to the end. Both
  return a ``Playout``: the final state and how many moves were made.
* Policies choose a seat's move: ``policy(state, seat) -> action``. ``uniform_policy(game,
  rng)``: a uniformly random legal move (``rng.choice(game.legal_actions(state, seat))``; the
  game's bot move when nothing is listed); ``game.bot_action``: the game's bot; any callable.
  ``policy`` is one policy for every seat or a sequence of them indexed by seat.
* Who moves when several seats are prompted: the first prompt's seat, or ``pick_seat(prompts)``
  (``random_seat(rng)``: one of them at random).
* Fast path: a game that implements ``engine.base.InPlaceMoves`` (``apply_inplace``) has its
  moves made on the state itself, without a copy and without checks; ``inplace=False`` (or a
  game without it) makes every move through ``apply``, which copies and checks the move, as
  the match service does. ``play`` then changes the state it was given.
* ``max_moves`` (by default ``DEFAULT_MAX_MOVES``, or no cap but ``stop_after`` when that
  is given): a game still undecided after that many moves raises ``MoveCapReached``;
  ``stop_after``: end the playout after that many moves, decided or not (a position part-way,
  a benchmark's cut-off). A policy or ``watch`` may raise ``StopPlayout`` to end it at once.
* ``watch(state, seat, action, moves)``: called after every move with the state after it, the
  seat that moved, its action and the moves made so far.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence

from .base import JSON, Game, Prompt, Seat

Policy = Callable[[JSON, Seat], JSON]
SeatPicker = Callable[[list[Prompt]], Seat]
Watch = Callable[[JSON, Seat, JSON, int], None]

DEFAULT_MAX_MOVES = 20_000


@dataclass
class Playout:
    state: JSON
    moves: int


class PlayoutError(RuntimeError):
    """A playout that cannot go on (nobody is prompted, a policy has no move, the move cap).
    ``state``: the state it stopped in; ``moves``: the moves made before."""

    def __init__(self, message: str, state: JSON, moves: int):
        super().__init__(message)
        self.state = state
        self.moves = moves


class MoveCapReached(PlayoutError):
    """The game had no result after ``max_moves`` moves."""


class StopPlayout(Exception):
    """Raised by a policy or a ``watch`` to end the playout where it is (not an error)."""


def uniform_policy(game: Game, rng: random.Random) -> Policy:
    """A player picking uniformly among ``game.legal_actions`` with ``rng`` (the game's bot
    move when the list is empty)."""
    legal_actions, bot_action, choice = game.legal_actions, game.bot_action, rng.choice

    def act(state: JSON, seat: Seat) -> JSON:
        legal = legal_actions(state, seat)
        return choice(legal) if legal else bot_action(state, seat)
    return act


def random_seat(rng: random.Random) -> SeatPicker:
    """Of several prompted seats, one at random (``rng.choice`` over the prompts)."""
    def pick(prompts: list[Prompt]) -> Seat:
        return rng.choice(prompts).seat
    return pick


def play(game: Game, state: JSON, policy: Policy | Sequence[Policy], *, max_moves: int | None = None,
         stop_after: int | None = None, inplace: bool = True, pick_seat: SeatPicker | None = None,
         watch: Watch | None = None) -> Playout:
    """Continue ``state`` until ``game.result`` is decided (or ``stop_after`` moves); see the
    module's docstring. Raises ``MoveCapReached`` after ``max_moves`` undecided moves and
    ``PlayoutError`` when nobody is prompted or a policy returns None."""
    single = policy if callable(policy) else None
    table = [] if callable(policy) else list(policy)
    step = getattr(game, "apply_inplace", None) if inplace else None
    apply, prompts_of, result = game.apply, game.prompts, game.result
    if max_moves is None:
        max_moves = DEFAULT_MAX_MOVES if stop_after is None else stop_after
    limit = max_moves if stop_after is None else min(max_moves, stop_after)
    moves = 0
    try:
        while result(state) is None:
            if moves >= limit:
                if stop_after is not None and moves >= stop_after:
                    break
                raise MoveCapReached(f"{game.id}: no result after {moves} moves (max_moves={max_moves})",
                                     state, moves)
            prompts = prompts_of(state)
            if not prompts:
                raise PlayoutError(f"{game.id}: no result and nobody to act after {moves} moves", state, moves)
            seat = prompts[0].seat if pick_seat is None else pick_seat(prompts)
            action = (single or table[seat])(state, seat)
            if action is None:
                raise PlayoutError(f"{game.id}: seat {seat} is prompted but its policy has no move", state, moves)
            if step is not None:
                step(state, seat, action)
            else:
                state, _events = apply(state, seat, action)
            moves += 1
            if watch is not None:
                watch(state, seat, action, moves)
    except StopPlayout:
        pass
    return Playout(state, moves)


def playout(game: Game, seats: int, seed: int, *, options: dict | None = None,
            policy: Policy | Sequence[Policy] | None = None, rng: random.Random | None = None,
            max_moves: int | None = None, stop_after: int | None = None, inplace: bool = True,
            pick_seat: SeatPicker | None = None, watch: Watch | None = None) -> Playout:
    """``game.setup(seats, options or {}, seed)`` played by ``play``; the policy by default
    ``uniform_policy(game, rng)``, ``rng`` by default ``random.Random(seed)``."""
    state = game.setup(seats, dict(options or {}), seed)
    if policy is None:
        policy = uniform_policy(game, rng if rng is not None else random.Random(seed))
    return play(game, state, policy, max_moves=max_moves, stop_after=stop_after, inplace=inplace,
                pick_seat=pick_seat, watch=watch)
