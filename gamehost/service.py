"""The match service: lobby, turns, deadlines and results for every game.

It loads a match, applies an action through the game's engine, commits state and log in one
transaction and returns what changed. Discord adapters (``cogs/``) call it and present the
outcome; nothing here imports discord.
"""
from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Callable

from engine.base import Event, IllegalAction, Prompt, Result
from gamehost.games import game_info, normalize_options
from gamehost.store import SNAPSHOT_EVERY, LoggedAction, MatchRow, PendingWrite, Store, VersionConflict

PACES = ("live", "async")
TIMEOUT_POLICIES = ("auto", "bot", "forfeit")
MAX_AUTOMATIC_STEPS = 200  # bot/timeout moves in a row before we stop and ask a human


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


def seat_of(row: MatchRow, user_id: int) -> int | None:
    for index, seat in enumerate(row.seats):
        if seat.get("user_id") == user_id:
            return index
    return None


class MatchService:
    def __init__(self, store: Store, clock: Callable[[], float], *, live_seconds: int = 600,
                 async_seconds: int = 86400, reminder_fraction: float = 0.25,
                 seed_source: Callable[[], int] | None = None):
        self.store = store
        self.clock = clock
        self.decision_seconds = {"live": live_seconds, "async": async_seconds}
        self.reminder_fraction = reminder_fraction
        self.seed_source = seed_source or (lambda: secrets.randbits(63))
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: dict[int, MatchRow] = {}

    # -- loading -------------------------------------------------------------------------

    def lock(self, match_id: int) -> asyncio.Lock:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    async def load(self, match_id: int) -> MatchRow:
        row = self._cache.get(match_id)
        if row is None:
            row = await self.store.match(match_id)
            if row is None:
                raise ServiceError("no_match")
            self._remember(row)
        return row

    def _remember(self, row: MatchRow) -> None:
        if row.status in ("lobby", "active"):
            self._cache[row.id] = row
        else:
            self._cache.pop(row.id, None)

    async def in_channel(self, channel_id: int) -> MatchRow:
        cached = next((r for r in self._cache.values() if r.channel_id == channel_id), None)
        if cached is not None:
            return cached
        row = await self.store.open_match_in_channel(channel_id)
        if row is None:
            raise ServiceError("no_match")
        self._remember(row)
        return row

    async def find_in_channel(self, channel_id: int) -> MatchRow | None:
        try:
            return await self.in_channel(channel_id)
        except ServiceError:
            return None

    # -- lobby ---------------------------------------------------------------------------

    async def create(self, *, guild_id: int | None, channel_id: int, creator_id: int, creator_name: str,
                     game: str, options: dict, pace: str = "live", timeout_policy: str = "auto",
                     locale: str = "en", decision_seconds: int | None = None) -> MatchRow:
        if pace not in PACES:
            raise ServiceError("bad_pace", choices=", ".join(PACES))
        if timeout_policy not in TIMEOUT_POLICIES:
            raise ServiceError("bad_policy", choices=", ".join(TIMEOUT_POLICIES))
        try:
            options = normalize_options(game, options)
        except ValueError as error:
            raise ServiceError("bad_options", detail=str(error)) from None
        if await self.find_in_channel(channel_id) is not None:
            raise ServiceError("channel_busy")
        now = self.clock()
        row = MatchRow(
            id=0, guild_id=guild_id, channel_id=channel_id, game=game, status="lobby",
            creator_id=creator_id, options=options,
            seats=[{"user_id": creator_id, "name": creator_name, "bot": False}],
            seed=self.seed_source(), state=None, version=0, pace=pace,
            timeout_policy=timeout_policy,
            decision_seconds=decision_seconds or self.decision_seconds[pace],
            deadline_at=None, reminded=False, board_message_id=None, locale=locale, result=None,
            created_at=now, updated_at=now)
        row.id = await self.store.insert_match(row)
        self._remember(row)
        return row

    def seat_limits(self, row: MatchRow) -> tuple[int, int]:
        return game_info(row.game).seat_range(row.options)

    async def _mutate_lobby(self, channel_id: int, change: Callable[[MatchRow], None]) -> MatchRow:
        row = await self.in_channel(channel_id)
        async with self.lock(row.id):
            row = await self.load(row.id)
            if row.status != "lobby":
                raise ServiceError("not_in_lobby")
            before = row.version
            updated = MatchRow(**{**row.__dict__, "seats": [dict(s) for s in row.seats]})
            change(updated)
            updated.version = before + 1
            updated.updated_at = self.clock()
            await self._save(updated, before)
            return updated

    async def join(self, channel_id: int, user_id: int, name: str) -> MatchRow:
        def change(row: MatchRow) -> None:
            if seat_of(row, user_id) is not None:
                raise ServiceError("already_seated")
            if len(row.seats) >= self.seat_limits(row)[1]:
                raise ServiceError("lobby_full", seats=self.seat_limits(row)[1])
            row.seats.append({"user_id": user_id, "name": name, "bot": False})
        return await self._mutate_lobby(channel_id, change)

    async def leave(self, channel_id: int, user_id: int) -> MatchRow:
        def change(row: MatchRow) -> None:
            seat = seat_of(row, user_id)
            if seat is None:
                raise ServiceError("not_seated")
            if user_id == row.creator_id:
                raise ServiceError("creator_cannot_leave")
            del row.seats[seat]
        return await self._mutate_lobby(channel_id, change)

    async def add_bot(self, channel_id: int, user_id: int) -> MatchRow:
        def change(row: MatchRow) -> None:
            if seat_of(row, user_id) is None:
                raise ServiceError("not_seated")
            if len(row.seats) >= self.seat_limits(row)[1]:
                raise ServiceError("lobby_full", seats=self.seat_limits(row)[1])
            row.seats.append({"user_id": None, "name": f"Bot {len(row.seats) + 1}", "bot": True})
        return await self._mutate_lobby(channel_id, change)

    async def start(self, channel_id: int, user_id: int) -> Outcome:
        row = await self.in_channel(channel_id)
        async with self.lock(row.id):
            row = await self.load(row.id)
            if row.status != "lobby":
                raise ServiceError("not_in_lobby")
            if seat_of(row, user_id) is None:
                raise ServiceError("not_seated")
            low, high = self.seat_limits(row)
            if not low <= len(row.seats) <= high:
                raise ServiceError("need_players", needed=low, seated=len(row.seats))
            engine = game_info(row.game).engine
            before = row.version
            updated = MatchRow(**row.__dict__)
            updated.state = engine.setup(len(row.seats), row.options, row.seed)
            updated.status = "active"
            updated.version = before + 1
            outcome = Outcome(match=updated)
            write = PendingWrite()
            self._run_automatic(updated, outcome, write, seq=0)
            self._finish_step(updated, outcome, previous_prompted=set())
            await self._save(updated, before, write, snapshot=True)
            return outcome

    async def abandon(self, channel_id: int, user_id: int, *, is_admin: bool) -> MatchRow:
        row = await self.in_channel(channel_id)
        async with self.lock(row.id):
            row = await self.load(row.id)
            if user_id != row.creator_id and not is_admin:
                raise ServiceError("not_creator")
            before = row.version
            updated = MatchRow(**row.__dict__)
            updated.status = "abandoned"
            updated.deadline_at = None
            updated.version = before + 1
            updated.updated_at = self.clock()
            await self._save(updated, before)
            return updated

    # -- play ----------------------------------------------------------------------------

    async def act(self, match_id: int, user_id: int, action, *, expected_version: int | None = None) -> Outcome:
        """Apply a seated player's action (an engine action or its text notation)."""
        async with self.lock(match_id):
            row = await self.load(match_id)
            if row.status != "active":
                raise ServiceError("not_active")
            if expected_version is not None and expected_version != row.version:
                raise ServiceError("stale")
            seat = seat_of(row, user_id)
            if seat is None:
                raise ServiceError("not_seated")
            engine = game_info(row.game).engine
            if isinstance(action, str):
                action = engine.parse_action(action)
            prompts = engine.prompts(row.state)
            off_turn = getattr(engine, "off_turn", None)  # standing preferences, not moves
            if seat not in {p.seat for p in prompts} and not (off_turn and off_turn(action)):
                waiting = [p.seat for p in prompts]
                raise ServiceError("not_your_turn", waiting=", ".join(row.seats[s]["name"] for s in waiting
                                                                       if s < len(row.seats)))
            new_state, events = engine.apply(row.state, seat, action)  # IllegalAction propagates
            return await self._commit_step(row, seat, user_id, "action", engine.format_action(action),
                                           new_state, events)

    async def resign(self, match_id: int, user_id: int) -> Outcome:
        async with self.lock(match_id):
            row = await self.load(match_id)
            if row.status != "active":
                raise ServiceError("not_active")
            seat = seat_of(row, user_id)
            if seat is None:
                raise ServiceError("not_seated")
            engine = game_info(row.game).engine
            new_state, events = engine.concede(row.state, seat, "resigned")
            return await self._commit_step(row, seat, user_id, "concede", "resign", new_state, events)

    async def _commit_step(self, row: MatchRow, seat: int | None, user_id: int | None, kind: str,
                           texts: str | list[str], new_state: dict, events: list[Event]) -> Outcome:
        """Log one decision (one or more moves by ``seat``), let bots answer, commit atomically."""
        engine = game_info(row.game).engine
        previous_prompted = {p.seat for p in engine.prompts(row.state)}
        before = row.version
        updated = MatchRow(**row.__dict__)
        updated.state = new_state
        updated.version = before + 1
        outcome = Outcome(match=updated)
        write = PendingWrite()
        first = seq = await self.store.last_seq(row.id) + 1
        for text in [texts] if isinstance(texts, str) else texts:
            move = LoggedAction(seq, seat, user_id, kind, text, self.clock())
            write.actions.append(move)
            outcome.moves.append(move)
            seq += 1
        outcome.events.extend((seat, e) for e in events)
        self._run_automatic(updated, outcome, write, seq - 1)
        self._finish_step(updated, outcome, previous_prompted)
        last = write.actions[-1].seq
        snapshot = updated.status != "active" or (last // SNAPSHOT_EVERY) != ((first - 1) // SNAPSHOT_EVERY)
        await self._save(updated, before, write, snapshot=snapshot)
        return outcome

    def _run_automatic(self, row: MatchRow, outcome: Outcome, write: PendingWrite, seq: int) -> None:
        """Let bot seats take their decisions until a human (or nobody) must act."""
        engine = game_info(row.game).engine
        for _ in range(MAX_AUTOMATIC_STEPS):
            if engine.result(row.state) is not None:
                return
            bots = [p.seat for p in engine.prompts(row.state)
                    if p.seat < len(row.seats) and row.seats[p.seat].get("bot")]
            if not bots:
                return
            bot_seat = bots[0]
            action = engine.bot_action(row.state, bot_seat)
            row.state, events = engine.apply(row.state, bot_seat, action)
            seq = (write.actions[-1].seq if write.actions else seq) + 1
            move = LoggedAction(seq, bot_seat, None, "bot", engine.format_action(action), self.clock())
            write.actions.append(move)
            outcome.moves.append(move)
            outcome.events.extend((bot_seat, e) for e in events)

    def _finish_step(self, row: MatchRow, outcome: Outcome, previous_prompted: set[int]) -> None:
        engine = game_info(row.game).engine
        row.updated_at = self.clock()
        result = engine.result(row.state)
        outcome.result = result
        if result is not None:
            row.status = "finished"
            row.result = {"winners": result.winners, "placements": result.placements,
                          "reason": result.reason, "figures": result.figures}
            row.deadline_at = None
            outcome.prompts = []
            return
        outcome.prompts = engine.prompts(row.state)
        prompted = {p.seat for p in outcome.prompts}
        outcome.prompted_changed = prompted != previous_prompted
        if outcome.prompted_changed or row.deadline_at is None:
            row.deadline_at = row.updated_at + row.decision_seconds
            row.reminded = False

    async def _save(self, row: MatchRow, expected_version: int, write: PendingWrite | None = None,
                    snapshot: bool = False) -> None:
        try:
            await self.store.save_match(row, expected_version, write, snapshot)
        except VersionConflict:
            self._cache.pop(row.id, None)
            raise ServiceError("stale") from None
        self._remember(row)

    # -- deadlines -----------------------------------------------------------------------

    def remind_at(self, row: MatchRow) -> float | None:
        if row.deadline_at is None:
            return None
        return self.reminder_time(row.deadline_at, row.reminded, row.decision_seconds)

    def reminder_time(self, deadline_at: float, reminded: bool, decision_seconds: int) -> float | None:
        if reminded:
            return None
        return deadline_at - decision_seconds * self.reminder_fraction

    async def mark_reminded(self, match_id: int, version: int) -> MatchRow | None:
        row = await self.load(match_id)
        if row.status != "active" or row.version != version:
            return None
        await self.store.mark_reminded(match_id, version)
        row.reminded = True
        return row

    async def expire(self, match_id: int, version: int) -> Outcome | None:
        """Apply the match's timeout policy if the decision armed at ``version`` is still pending."""
        async with self.lock(match_id):
            row = await self.load(match_id)
            if row.status != "active" or row.version != version or row.deadline_at is None:
                return None
            if self.clock() < row.deadline_at:
                return None
            engine = game_info(row.game).engine
            prompted = [p.seat for p in engine.prompts(row.state)]
            if not prompted:
                return None
            late = prompted[0]
            if row.timeout_policy == "forfeit":
                state, events = engine.concede(row.state, late, "timeout")
                return await self._commit_step(row, late, None, "concede", "timeout", state, events)
            choose = engine.bot_action if row.timeout_policy == "bot" else engine.timeout_action
            state, events = row.state, []
            steps = []
            for _ in range(MAX_AUTOMATIC_STEPS):
                action = choose(state, late)
                state, new_events = engine.apply(state, late, action)
                events.extend(new_events)
                steps.append(engine.format_action(action))
                if engine.result(state) is not None or late not in {p.seat for p in engine.prompts(state)}:
                    break
            return await self._commit_step(row, late, None, "timeout", steps, state, events)

    async def armed(self) -> list[tuple[int, int, float, float | None]]:
        """Every pending deadline as (match id, version, deadline, reminder time), without
        loading the matches themselves, so start-up stays fast with many stored matches."""
        return [(match_id, version, deadline, self.reminder_time(deadline, reminded, seconds))
                for match_id, version, deadline, reminded, seconds in await self.store.armed_deadlines()]

    # -- queries -------------------------------------------------------------------------

    async def my_matches(self, guild_id: int | None, user_id: int) -> list[MatchRow]:
        rows = await self.store.open_matches_for_user(guild_id, user_id)
        return [self._cache.get(r.id, r) for r in rows if seat_of(r, user_id) is not None]

    async def log(self, match_id: int) -> list[LoggedAction]:
        return await self.store.action_log(match_id)

    def prompts(self, row: MatchRow) -> list[Prompt]:
        if row.status != "active":
            return []
        return game_info(row.game).engine.prompts(row.state)

    def view(self, row: MatchRow, viewer: int | None):
        return game_info(row.game).engine.view(row.state, viewer)


def replay(row: MatchRow, log: list[LoggedAction]) -> dict:
    """Rebuild a match's state from its seed and action log (DESIGN: deterministic replays)."""
    engine = game_info(row.game).engine
    state = engine.setup(len(row.seats), row.options, row.seed)
    for entry in log:
        if entry.kind == "concede":
            state, _ = engine.concede(state, entry.seat, "resigned" if entry.action == "resign" else entry.action)
        else:
            state, _ = engine.apply(state, entry.seat, engine.parse_action(entry.action))
    return state


__all__ = ["MatchService", "ServiceError", "Outcome", "IllegalAction", "replay", "seat_of",
           "PACES", "TIMEOUT_POLICIES"]
