"""Cloudspire rules engine (the rules and their CS- IDs: docs/rules/cloudspire.md).

``GAME`` implements the engine.base contract on the kit (engine/kit.py): notation, move
metadata and a command's move from the verb table (notation.py), the log from redact.py's
table; game.py lists the modules behind it."""
from __future__ import annotations

from typing import Any

from ..base import Event, Prompt, Result
from ..kit import GameBase
from . import apply, legal, notation, opening, redact, turns
from .bot import strong_bot_action, timeout_action
from .options import options_schema
from .types import Action, State
from .view import view


class Cloudspire(GameBase):
    grammar = notation.GRAMMAR
    log_rules = redact.VERBS
    id = "cloudspire"
    min_seats = 2
    max_seats = 4

    def options_schema(self) -> dict[str, dict]:
        return options_schema()

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """CS-TEAM-1: the team game is exactly four; the tutorial map is a duel; otherwise 2-4."""
        return opening.seat_range(options)

    def team_seats(self, options: dict[str, Any]) -> list[list[int]] | None:
        """CS-TEAM-1: in the 2 vs 2 game seats 0 and 2 play against seats 1 and 3."""
        return opening.team_seats(options)

    def setup(self, seats: int, options: dict[str, Any], seed: int) -> State:
        return opening.setup(seats, options, seed)

    def prompts(self, state: State) -> list[Prompt]:
        return turns.prompts(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return legal.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        return apply.apply(state, seat, action)

    def apply_inplace(self, state: State, seat: int, action: Action) -> None:
        """engine.base.InPlaceMoves: a move made on ``state`` itself, unchecked (playouts)."""
        apply.apply_inplace(state, seat, action, check=False)

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        return view(state, viewer)

    def result(self, state: State) -> Result | None:
        return apply.result(state)

    def concede(self, state: State, seat: int, reason: str) -> tuple[State, list[Event]]:
        return apply.concede(state, seat, reason)

    # format_action, parse_action, action_info, move_from_command (GameBase: notation.VERBS);
    # log_text, log_hidden (GameBase: redact.VERBS)

    def continue_action(self, state: State, seat: int) -> Action | None:
        """The first legal of next / end / skip / pass / lock (notation.CONTINUE_ORDER), by
        that preference rather than by the order of the legal moves."""
        return legal.continue_action(state, seat)

    def bot_action(self, state: State, seat: int) -> Action | None:
        return strong_bot_action(state, seat)

    def off_turn(self, action: Action) -> bool:
        """Standing policies may be set by any seat at any time (they are not moves)."""
        return isinstance(action, dict) and action.get("type") == "pol"

    def timeout_action(self, state: State, seat: int) -> Action | None:
        return timeout_action(state, seat)


GAME = Cloudspire()
