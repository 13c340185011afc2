"""Exactly once: a decision is applied once, however often (or however at once) it arrives.

* **Pressed** (a button or a menu): the component carries the board version it was drawn for
  (``Origin.drawn_at``). Every seat's record remembers the version its last decision produced
  (``"decided"``, committed with the move in the same transaction), so a press drawn before the
  presser's last decision answers a decision already taken and is refused as ``already_done``.
  That holds in simultaneous phases too, where the board version moves because other seats act:
  only the presser's own decisions (their moves, or a timeout move made for them) count, never
  a standing preference (the engine's ``off_turn``), which answers no decision. A move after
  which the seat is asked the same simultaneous question again (one build among several in a
  phase) leaves that decision open: its Done still answers it, and a second pick of the same
  menu is judged by the engine against the game as it is (a card already built is gone).
* **Typed** (a slash command): no board version. The same interaction delivered again, or a
  command identical to the same person's previous one that reached the bot *before* that one
  was committed, is the same command sent twice (``duplicate``): it cannot be a reaction to
  the first one's result. The seat's record keeps its last committed typed command
  (``"typed"``: text, commit time, interaction id), written in the move's own transaction
  like ``"decided"``, so every process sees it: a process whose cached row is older fails the
  version check, reads the row again and runs every check again (the service's retry), this
  one included. A command is remembered for DUPLICATE_WINDOW seconds.
  Times are the bots' own clocks (when the command reached a process; when a process read its
  clock just before the commit statement); Discord's clock (the interaction's creation time)
  is never compared with them. Processes on one machine share its clock; processes on several
  machines must keep theirs NTP-synced (a skew of a few milliseconds only shifts the edge of
  "before the commit" by as much).
  The record never reaches a view: ``public_seat`` strips it (gamehost/snapshot.py).

Pure (no discord, no database): the service calls it under the match's lock.
"""
from __future__ import annotations

from dataclasses import dataclass

from gamehost.outcome import ServiceError
from gamehost.store import MatchRow

DUPLICATE_WINDOW = 10.0  # seconds: how long a committed typed command is remembered to catch its double
TYPED = "typed"          # the seat record's key for its last committed typed command


@dataclass(frozen=True)
class Origin:
    """Where a move came from: a typed command or a pressed component."""

    interaction_id: int | None = None   # typed: Discord's id of the interaction
    received_at: float | None = None    # typed: when it reached the bot, on the bot's own clock
    drawn_at: int | None = None         # pressed: the board version the component was drawn for

    @classmethod
    def typed(cls, interaction_id: int | None, received_at: float | None) -> "Origin":
        return cls(interaction_id=interaction_id, received_at=received_at)

    @classmethod
    def pressed(cls, drawn_at: int) -> "Origin":
        return cls(drawn_at=drawn_at)


def decided(row: MatchRow, seat: int | None) -> int:
    """The version the seat's last decision produced (-1: none yet)."""
    if seat is None or not 0 <= seat < len(row.seats):
        return -1
    return int(row.seats[seat].get("decided", -1))


def check_pressed(row: MatchRow, seat: int | None, drawn_at: int | None) -> None:
    """Refuse a press drawn before the presser's last decision: that decision was taken."""
    if drawn_at is not None and decided(row, seat) > drawn_at:
        raise ServiceError("already_done")


def asked(prompts, seat: int | None) -> tuple | None:
    """What ``seat`` is asked: the kind, key and named decision of its prompt (None: nothing)."""
    return next(((p.kind, p.key, p.params.get("decision")) for p in prompts if p.seat == seat), None)


def mark_decided(row: MatchRow, seat: int | None, before=(), after=()) -> None:
    """Record that ``seat`` decided at ``row.version``, so its components drawn before are
    spent, unless its decision goes on: a simultaneous phase in which it is asked the same
    thing after its move as before (a Kingdom Rush build leaves the phase's Done open; the
    engine judges each such move against the game as it is). ``before`` / ``after``: the
    prompts around the move. The seat records are copied, so the cached row stays as it was
    until the commit succeeds."""
    if seat is None or not 0 <= seat < len(row.seats):
        return
    was = asked(before, seat)
    if was is not None and was[0] == "simultaneous" and asked(after, seat) == was:
        return
    row.seats = [dict(s) for s in row.seats]
    row.seats[seat]["decided"] = row.version


def check_typed(row: MatchRow, seat: int | None, text: str, origin: Origin | None, now: float,
                window: float = DUPLICATE_WINDOW) -> None:
    """Refuse a typed command that is the seat's last committed one sent again."""
    if origin is None or origin.drawn_at is not None or seat is None or not 0 <= seat < len(row.seats):
        return
    previous = row.seats[seat].get(TYPED)
    if not previous:
        return
    last_text, committed_at, interaction_id = previous
    if now - committed_at >= window:
        return
    if origin.interaction_id is not None and origin.interaction_id == interaction_id:
        raise ServiceError("duplicate")  # the very same interaction, delivered again
    if last_text == text and origin.received_at is not None and origin.received_at < committed_at:
        raise ServiceError("duplicate")  # sent before the first one's result could be seen


def mark_typed(row: MatchRow, seat: int | None, text: str, origin: Origin | None, committed_at: float) -> None:
    """Note the typed command ``row`` is about to commit for ``seat`` (the seat records are
    copied: the cached row stays as it was until the commit succeeds)."""
    if origin is None or origin.drawn_at is not None or seat is None or not 0 <= seat < len(row.seats):
        return
    row.seats = [dict(s) for s in row.seats]
    row.seats[seat][TYPED] = [text, committed_at, origin.interaction_id]


def public_seat(seat: dict) -> dict:
    """A seat record as the adapters may see it: without the typed command (which may be a
    hidden move's notation)."""
    if TYPED not in seat:
        return seat
    return {k: v for k, v in seat.items() if k != TYPED}
