"""A match as the Discord adapters see it: views, prompts and move metadata from the engine,
never the stored state.

One ``Snapshot`` is built per publish (the public view and the prompts are computed once and
shared by the picture, the embed, the buttons and the mentions); a seat's ``SeatSnapshot``
adds what that seat may know and do. What is secret is decided only by the engine's ``view``.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cached_property

from engine.base import ActionInfo, Game, IllegalAction, Prompt
from gamehost.once import public_seat
from gamehost.registry import plugin
from gamehost.store import MatchRow


@dataclass(frozen=True)
class Snapshot:
    match_id: int
    game: str
    channel_id: int
    version: int
    status: str
    locale: str
    seats: tuple[dict, ...]          # {"user_id", "name", "bot"?} per seated player
    options: dict
    result: dict | None              # the stored result (winners, reason), once finished
    deadline_at: float | None
    view: dict                       # the public view (viewer None)
    prompts: tuple[Prompt, ...]
    _row: MatchRow = field(repr=False, compare=False)
    _seat_snaps: dict[int, "SeatSnapshot"] = field(default_factory=dict, repr=False, compare=False)

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]

    @property
    def waiting(self) -> list[int]:
        """Seated players the game is waiting for, in seat order."""
        return sorted({p.seat for p in self.prompts if p.seat < len(self.seats)})

    def for_seat(self, seat: int) -> "SeatSnapshot":
        """The seat's own snapshot, made once: its view and legal moves are computed at most
        once per publish however many messages (buttons, DM, ephemeral update) use them."""
        mine = self._seat_snaps.get(seat)
        if mine is None:
            mine = self._seat_snaps[seat] = SeatSnapshot(self, seat)
        return mine


class SeatSnapshot:
    """What one seat may know and do now: its own view, its prompts and its legal moves
    (notation and the engine's metadata for each)."""

    def __init__(self, match: Snapshot, seat: int):
        self.match = match
        self.seat = seat

    @property
    def _engine(self) -> Game:
        return plugin(self.match.game).engine

    @property
    def _state(self):
        return self.match._row.state

    @cached_property
    def view(self) -> dict:
        return self._engine.view(self._state, self.seat)

    @property
    def prompts(self) -> list[Prompt]:
        return [p for p in self.match.prompts if p.seat == self.seat]

    @property
    def prompted(self) -> bool:
        return bool(self.prompts)

    @cached_property
    def legal(self) -> list[str]:
        engine = self._engine
        return [engine.format_action(a) for a in engine.legal_actions(self._state, self.seat)]

    @cached_property
    def moves(self) -> list[ActionInfo]:
        info = self._engine.action_info
        return [info(text) for text in self.legal]

    def info(self, text: str) -> ActionInfo:
        return self._engine.action_info(text)

    @cached_property
    def continue_move(self) -> str | None:
        """The move a Continue button makes now, or None."""
        action = self._engine.continue_action(self._state, self.seat)
        return None if action is None else self._engine.format_action(action)

    @property
    def judges_losing_moves(self) -> bool:
        """Whether the game can tell a move that loses by itself (``loses_by`` may say True)."""
        return getattr(self._engine, "self_destructive", None) is not None

    def loses_by(self, text: str) -> bool:
        """Whether the move ``text`` would lose this seat the game by itself (the engine's
        optional ``self_destructive``): worth a confirmation first. A move the engine
        refuses is not judged here; making it reports why."""
        engine = self._engine
        judge = getattr(engine, "self_destructive", None)
        if judge is None:
            return False
        try:
            return bool(judge(self._state, self.seat, engine.parse_action(text)))
        except IllegalAction:
            return False

    def default_move(self) -> str:
        """The move the timeout policy would make for this seat now."""
        engine = self._engine
        return engine.format_action(engine.timeout_action(self._state, self.seat))


#: the latest snapshots made, by match: the next command in a match usually reads the very
#: row the last publish showed, whose seats' legal moves and views that snapshot computed
RECENT_SNAPSHOTS = 64
_recent: OrderedDict[int, tuple[tuple, Snapshot]] = OrderedDict()
_recent_lock = threading.Lock()  # replays and reviews make snapshots in threads too


def _made_of(row: MatchRow, seats: tuple[dict, ...]) -> tuple:
    """What a snapshot of ``row`` is made of: the row and state objects themselves (held, so
    compared by identity) and every value the snapshot copies that may change in place."""
    return (row, row.state, row.version, row.status, row.locale, row.deadline_at, seats, row.result)


def _same(a: tuple, b: tuple) -> bool:
    return a[0] is b[0] and a[1] is b[1] and a[2:] == b[2:]


def snapshot(row: MatchRow) -> Snapshot:
    """The snapshot of ``row``: the one made last for this very row when nothing it shows has
    changed since (its computed views and legal moves kept), else a new one."""
    seats = tuple(public_seat(s) for s in row.seats)
    made_of = _made_of(row, seats)
    with _recent_lock:
        recent = _recent.get(row.id)
        if recent is not None and _same(recent[0], made_of):
            _recent.move_to_end(row.id)
            return recent[1]
    engine = plugin(row.game).engine
    active = row.state is not None
    made = Snapshot(match_id=row.id, game=row.game, channel_id=row.channel_id, version=row.version,
                    status=row.status, locale=row.locale, seats=seats, options=dict(row.options),
                    result=row.result, deadline_at=row.deadline_at,
                    view=engine.view(row.state, None) if active else {},
                    prompts=tuple(engine.prompts(row.state)) if active and row.status == "active" else (),
                    _row=row)
    with _recent_lock:
        _recent[row.id] = (made_of, made)
        _recent.move_to_end(row.id)
        while len(_recent) > RECENT_SNAPSHOTS:
            _recent.popitem(last=False)
    return made
