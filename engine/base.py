"""The contract every game engine implements (DESIGN.md, "The engine contract").

Engines are pure: no I/O, no discord, no PIL. States, actions and views are plain
JSON-compatible values so that the match service can store them and renderers can draw
views without knowing the rules.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

JSON = Any
Seat = int  # 0-based seat index


class IllegalAction(Exception):
    """An action the rules forbid. Carries a catalog key so the host can translate it.

    ``code`` is a message-catalog key (e.g. ``"clash.err.not_in_window"``); ``params`` fill
    its placeholders; ``legal`` lists what would have been legal, in notation.
    """

    def __init__(self, code: str, message: str, *, legal: list[str] | None = None, **params: Any):
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params
        self.legal = legal or []


@dataclass(frozen=True)
class Prompt:
    """A decision the game is waiting for."""

    seat: Seat
    kind: str  # "turn" | "reaction" | "simultaneous" | "setup"
    key: str  # catalog key describing the decision, e.g. "clash.prompt.summon"
    params: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Event:
    """Something that happened; narrated through the catalog key ``f"{game}.ev.{kind}"``."""

    kind: str
    params: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Result:
    winners: list[Seat]
    placements: list[list[Seat]]  # best first; ties share a list
    reason: str  # catalog key suffix, e.g. "fort_destroyed"
    figures: dict = field(default_factory=dict)


class Game(Protocol):
    id: str
    min_seats: int
    max_seats: int

    def options_schema(self) -> dict[str, dict]: ...
    def setup(self, seats: int, options: dict, seed: int) -> JSON: ...
    def prompts(self, state: JSON) -> list[Prompt]: ...
    def legal_actions(self, state: JSON, seat: Seat) -> list[JSON]: ...
    def apply(self, state: JSON, seat: Seat, action: JSON) -> tuple[JSON, list[Event]]: ...
    def view(self, state: JSON, viewer: Seat | None) -> JSON: ...
    def result(self, state: JSON) -> Result | None: ...
    def format_action(self, action: JSON) -> str: ...
    def parse_action(self, text: str) -> JSON: ...
    def bot_action(self, state: JSON, seat: Seat) -> JSON: ...
    def timeout_action(self, state: JSON, seat: Seat) -> JSON: ...


class ConcedingGame(Protocol):
    """Resignation and forfeits are decided by the host but recorded by the engine,
    so that ``result(state)`` stays the single source of truth for who won."""

    def concede(self, state: JSON, seat: Seat, reason: str) -> tuple[JSON, list[Event]]: ...


class StandingPreferences(Protocol):
    """Optional: actions any seat may take at any time because they are standing choices
    (e.g. how its spires pick targets in others' turns), not moves in turn order."""

    def off_turn(self, action: JSON) -> bool: ...
