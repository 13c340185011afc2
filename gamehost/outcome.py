"""What the match service answers: an outcome, or a refusal; and who sits where."""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.base import Event, Prompt, Result
from gamehost.store import LoggedAction, MatchRow


class ServiceError(Exception):
    """A request the lobby rules refuse; ``code`` is a catalog key under ``host.err.``."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass
class Outcome:
    match: MatchRow
    events: list[tuple[int | None, Event]] = field(default_factory=list)  # (acting seat, event)
    moves: list[LoggedAction] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)
    result: Result | None = None
    prompted_changed: bool = True
    cancelled: bool = False  # abandoned with no result


def seat_of(row: MatchRow, user_id: int) -> int | None:
    for index, seat in enumerate(row.seats):
        if seat.get("user_id") == user_id:
            return index
    return None


def is_unattended(row: MatchRow) -> bool:
    """Every seat is a bot: nobody is waiting for this match, so it yields to people's."""
    return bool(row.seats) and all(seat.get("bot") for seat in row.seats)
