"""The match service: lobby, turns, deadlines and results for every game.

It loads a match, applies an action through the game's engine, commits state and log in one
transaction and returns what changed. Discord adapters (``cogs/``) call it and present the
outcome; nothing here imports discord.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, Callable, TypeVar

from engine.base import Event, IllegalAction
from gamehost import lost_commit
from gamehost.cache import OPEN_STATUSES, MatchCache
from gamehost.campaigns import Campaigns
from gamehost.endless_records import EndlessRecords
from gamehost.deadlines import (MAX_AUTOMATIC_STEPS, ExpireListener, MatchDeadlines, RemindListener,  # noqa: F401
                                Step, prompt_marks, same_decision)
from gamehost.registry import plugin, normalize_options
from gamehost.admission import MatchAdmission
from gamehost.freshness import MatchFreshness
from gamehost.house_seats import check_add_bot, lobby_limits, with_house_seats
from gamehost.log_ends import LogEnds
from gamehost.limits import Limits
from gamehost.logs import set_match
from gamehost.once import Origin, check_pressed, check_typed, mark_decided, mark_typed
from gamehost.outcome import Outcome, ServiceError, is_unattended, seat_of
from gamehost.queries import MatchQueries
from gamehost.rating_store import record_match
from gamehost.ratings import FinishedMatch
from gamehost.review import replay
from gamehost.store import SNAPSHOT_EVERY, LoggedAction, MatchRow, PendingWrite, Store, VersionConflict
from gamehost.timers import DeadlineScheduler

PACES = ("live", "async")
STALE_RETRIES = 3  # a move judged on a row another process has changed since: judged again this often
TIMEOUT_POLICIES = ("auto", "bot", "forfeit")

log = logging.getLogger(__name__)
T = TypeVar("T")


class StaleRow(ServiceError):
    """The commit found a newer stored row than the one judged ("stale" to callers)."""

    def __init__(self) -> None:
        super().__init__("stale")


def newest(cached: MatchRow | None, stored: MatchRow) -> MatchRow:
    return cached if cached is not None and cached.version >= stored.version else stored


class MatchService(MatchAdmission, MatchFreshness, MatchDeadlines, MatchQueries):
    def __init__(self, store: Store, clock: Callable[[], float], *, live_seconds: int = 600,
                 async_seconds: int = 86400, reminder_fraction: float = 0.25,
                 seed_source: Callable[[], int] | None = None, hot_matches: int = 256,
                 cached_matches: int = 20_000, limits: Limits | None = None):
        self.store = store
        self.clock = clock
        self.decision_seconds = {"live": live_seconds, "async": async_seconds}
        self.reminder_fraction = reminder_fraction
        self.seed_source = seed_source or (lambda: secrets.randbits(63))
        self._locks: dict[int, asyncio.Lock] = {}
        self.cache = MatchCache(hot_matches, max(0, cached_matches - hot_matches))  # a total bound
        self.log_ends = LogEnds(store)
        self.init_freshness()  # other processes' commits (gamehost/freshness.py)
        # Engine work (a move, bot replies, timeouts) runs in threads so the event loop keeps
        # answering Discord; matches nobody plays in (bots only) share one thread of their own.
        self._unattended = ThreadPoolExecutor(1, thread_name_prefix="unattended")
        # campaign progress per channel (gamehost/campaigns.py: a victory unlocks scenarios) and a
        # server's endless runs (gamehost/endless_records.py), kept as a match is saved finished
        self.campaigns, self.endless = Campaigns(store, clock), EndlessRecords(store)
        self.on_ended: list[Callable[[MatchRow], Awaitable[None]]] = [self.campaigns.match_ended,
                                                                      self.endless.match_ended]
        self.deadlines = DeadlineScheduler(clock, self._deadline_remind, self._deadline_expire)
        self._on_remind: RemindListener | None = None
        self._on_expired: ExpireListener | None = None
        # Abuse limits (None: none at all). Checking a count and then adding a match happen
        # under one lock, so simultaneous requests cannot slip past a limit together.
        self.init_admission(limits, clock)
        self._admission = asyncio.Lock()

    def listen(self, *, on_remind: RemindListener, on_expired: ExpireListener) -> None:
        """Who shows reminders and timeout moves (the Discord host)."""
        self._on_remind = on_remind
        self._on_expired = on_expired

    async def close(self) -> None:
        await self.stop_following()
        await self.stop_deadlines()
        self._unattended.shutdown(wait=False, cancel_futures=True)

    async def _compute(self, row: MatchRow, work: Callable[..., T], *args: Any, background: bool = False) -> T:
        """Run CPU-bound engine work off the event loop.
        ``background`` work (timeouts, matches of bots only) shares one thread, so however
        many of it there is, people's moves keep the other threads."""
        loop = asyncio.get_running_loop()
        executor = self._unattended if background or is_unattended(row) else None
        return await loop.run_in_executor(executor, work, *args)

    # -- loading -------------------------------------------------------------------------

    def lock(self, match_id: int) -> asyncio.Lock:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    async def load(self, match_id: int) -> MatchRow:
        set_match(match_id)  # this task's log lines name the match from here (gamehost/logs.py)
        row = self.cache.get(match_id)
        if row is None:
            row = await self.store.match(match_id)
            if row is None:
                raise ServiceError("no_match")
            self._remember(row)
        return row

    def _remember(self, row: MatchRow) -> None:
        if self.news is not None and self.news.newer_than(row.id, row.version):
            return  # read before another process's commit that was heard meanwhile
        self.cache.put(row)

    async def in_channel(self, channel_id: int) -> MatchRow:
        match_id = self.cache.match_in_channel(channel_id)
        if match_id is not None:
            cached = self.cache.get(match_id)
            if cached is not None:
                cached = await self.revalidated(cached)  # another process may have moved (SQLite)
                if cached.status in OPEN_STATUSES:
                    return cached
        row = await self.store.open_match_in_channel(channel_id)
        if row is None:
            raise ServiceError("no_match")
        self._remember(row)
        return row

    async def for_review(self, channel_id: int, guild_id: int | None, match_id: int | None = None) -> MatchRow:
        """The match whose moves someone asks to see: by number (any match of this server),
        else the channel's open match, else the channel's latest, finished or not."""
        if match_id is not None:
            cached = self.cache.get(match_id)
            row = await self.revalidated(cached) if cached is not None else await self.store.match(match_id)
            if row is None or row.guild_id != guild_id:
                raise ServiceError("no_such_match", id=match_id)
            return row
        row = await self.find_in_channel(channel_id)
        if row is None:
            row = await self.store.latest_match_in_channel(channel_id)
        if row is None:
            raise ServiceError("no_match")
        return row

    async def find_in_channel(self, channel_id: int) -> MatchRow | None:
        try:
            return await self.in_channel(channel_id)
        except ServiceError:
            return None

    # -- lobby ---------------------------------------------------------------------------

    async def create(self, *, guild_id: int | None, channel_id: int, creator_id: int, creator_name: str,
                     game: str, options: dict, pace: str = "live", timeout_policy: str = "auto",
                     locale: str = "en", decision_seconds: int | None = None, ranked: bool = False,
                     campaign_override: bool = False) -> MatchRow:
        """A lobby in ``channel_id``. For a game with a campaign, a scenario the channel has
        not unlocked is refused (the rules' IllegalAction) unless ``campaign_override`` (the
        adapter allows it to moderators only)."""
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
        if not campaign_override:
            await self.campaigns.check_new(guild_id, channel_id, game, options)
        async with self._admission:
            await self.check_create_limits(guild_id, creator_id)
            row = await self._insert_lobby(
                guild_id=guild_id, channel_id=channel_id, creator_id=creator_id, creator_name=creator_name,
                game=game, options=options, pace=pace, timeout_policy=timeout_policy, locale=locale,
                decision_seconds=decision_seconds)
        if ranked:
            await self.store.mark_ranked(row.id)
        return row

    async def _insert_lobby(self, *, guild_id: int | None, channel_id: int, creator_id: int,
                            creator_name: str, game: str, options: dict, pace: str, timeout_policy: str,
                            locale: str, decision_seconds: int | None) -> MatchRow:
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
        try:
            row.id = await self.store.insert_match(row)
        except sqlite3.IntegrityError:  # another lobby took the channel since it was checked
            raise ServiceError("channel_busy") from None
        self._remember(row)
        return row

    def seat_limits(self, row: MatchRow) -> tuple[int, int]:
        return lobby_limits(row.game, row.options)

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
        if not self.limits.active_matches_per_user:
            return await self._mutate_lobby(channel_id, change)
        async with self._admission:
            row = await self.in_channel(channel_id)
            if seat_of(row, user_id) is None:  # a second join is refused as already seated
                await self._check_seat_limit(row.guild_id, user_id)
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

    async def add_bot(self, channel_id: int, user_id: int, *, drawn_at: int | None = None) -> MatchRow:
        """A bot in the next seat. ``drawn_at``: the lobby version of the pressed Add bot button;
        a second press of that button (drawn before this person's last one) adds nothing."""
        def change(row: MatchRow) -> None:
            seat = seat_of(row, user_id)
            if seat is None:
                raise ServiceError("not_seated")
            check_pressed(row, seat, drawn_at)
            check_add_bot(row)  # the game's own seats refuse bots; a full lobby too
            row.seats.append({"user_id": None, "name": f"Bot {len(row.seats) + 1}", "bot": True})
            row.seats[seat]["decided"] = row.version + 1
        return await self._mutate_lobby(channel_id, change)

    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        """Remember the lobby's message so seat changes edit it in place."""
        async with self.lock(match_id):
            await self.store.set_board_message(match_id, message_id)
            row = self.cache.get(match_id)
            if row is not None:
                row.board_message_id = message_id

    async def start(self, channel_id: int, user_id: int) -> Outcome:
        row = await self.in_channel(channel_id)
        if self.limits.bot_matches_per_server and is_unattended(row):
            async with self._admission:  # the count and this start's commit, together
                return await self._start(row, user_id)
        return await self._start(row, user_id)

    async def compute_start(self, row: MatchRow) -> tuple[Outcome, PendingWrite]:
        """Set ``row``'s game up from its seats, options and seed and play what happens before
        the first decision (bots included), off the event loop; the caller writes the result."""
        engine = plugin(row.game).engine

        def work() -> tuple[Outcome, PendingWrite]:
            row.state = engine.setup(len(row.seats), row.options, row.seed)
            outcome = Outcome(match=row)
            write = PendingWrite()
            self._run_automatic(row, outcome, write, seq=0)
            self._finish_step(row, outcome, previous_prompted=set())
            return outcome, write

        return await self._compute(row, work)

    async def open_seated(self, *, guild_id: int | None, channel_id: int, creator_id: int, seats: list[dict],
                          game: str, options: dict, pace: str, ranked: bool, locale: str = "en") -> Outcome:
        """Create a match with every seat already taken (people and bots) and start it: a
        tournament's table. The tournament's own cap stands in for the per-user limits, and
        ``creator_id`` (the organizer) need not be seated."""
        options = normalize_options(game, options)
        if await self.find_in_channel(channel_id) is not None:
            raise ServiceError("channel_busy")
        row = await self._insert_lobby(
            guild_id=guild_id, channel_id=channel_id, creator_id=creator_id,
            creator_name=seats[0]["name"], game=game, options=options, pace=pace, timeout_policy="auto",
            locale=locale, decision_seconds=None)
        if ranked:
            await self.store.mark_ranked(row.id)
        async with self.lock(row.id):
            row = await self.load(row.id)
            row.seats = [dict(seat) for seat in seats]
        return await self._start(row, creator_id, seated_check=False)

    async def _start(self, row: MatchRow, user_id: int, *, seated_check: bool = True) -> Outcome:
        async with self.lock(row.id):
            seats = row.seats
            row = await self.load(row.id)
            if not seated_check:
                row.seats = seats
            if row.status != "lobby":
                raise ServiceError("not_in_lobby")
            if seated_check:
                # before the seat check: whoever asks, a bot-only match is a server-wide matter
                await self._check_bot_match_limit(row)
            if seated_check and seat_of(row, user_id) is None:
                raise ServiceError("not_seated")
            low, high = self.seat_limits(row)
            if not low <= len(row.seats) <= high:
                raise ServiceError("need_players", needed=low, seated=len(row.seats))
            before = row.version
            updated = MatchRow(**row.__dict__)
            updated.status = "active"
            updated.version = before + 1
            updated.seats = with_house_seats(updated)

            outcome, write = await self.compute_start(updated)
            await self._save(updated, before, write, snapshot=True)
            return outcome

    async def abandon(self, channel_id: int, user_id: int, *, is_admin: bool) -> Outcome:
        """End a match early. A lobby, or a match with no other person seated, is simply
        cancelled (by its creator or a moderator). Once other people play, the creator's
        abandon counts as resigning, so nobody escapes a lost game; only a moderator (Manage
        Server) cancels it with no result, and that is logged."""
        row = await self.in_channel(channel_id)
        async with self.lock(row.id):
            row = await self.load(row.id)
            others = [s for s in row.seats if not s.get("bot") and s.get("user_id") != user_id]
            if row.status == "active" and others and not is_admin:
                if seat_of(row, user_id) is None:
                    raise ServiceError("not_creator")
                return await self._concede(row, user_id, "resign")
            if user_id != row.creator_id and not is_admin:
                raise ServiceError("not_creator")
            before = row.version
            updated = MatchRow(**row.__dict__)
            updated.status = "abandoned"
            updated.deadline_at = None
            updated.version = before + 1
            updated.updated_at = self.clock()
            write = PendingWrite()
            if row.status == "active":
                seq = await self.log_ends.next_seq(row)
                write.actions.append(LoggedAction(seq, seat_of(row, user_id), user_id, "abandon",
                                                  "abandon", self.clock()))
            await self._save(updated, before, write)
            log.info("match %s cancelled with no result by user %s (%s)", row.id, user_id,
                     "moderator" if is_admin and user_id != row.creator_id else "creator")
            return Outcome(match=updated, cancelled=True)

    # -- play ----------------------------------------------------------------------------

    async def act(self, match_id: int, user_id: int, action, *, expected_version: int | None = None,
                  origin: Origin | None = None, computed: Callable[[MatchRow], None] | None = None) -> Outcome:
        """Apply a seated player's action (an engine action or its text notation), exactly once
        (gamehost/once.py): ``origin`` says where it came from. A press drawn before the
        presser's last decision is refused as ``already_done``; a typed command sent twice
        (the same interaction again, or an identical one that reached the bot before the
        previous one was committed) as ``duplicate``.

        A commit that finds the stored row newer than the one judged (another process moved,
        and this one's cache had not heard yet), or a refusal judged on a cached row older
        than the stored one, is judged again on the stored row, every check included, up to
        STALE_RETRIES times; a press for a board version that is no longer the match's stays
        ``stale``. ``computed`` sees the new row before it is committed (to start drawing it).
        """
        async with self.lock(match_id):
            for attempt in range(STALE_RETRIES):
                try:
                    return await self._act(match_id, user_id, action, expected_version, origin, computed)
                except (ServiceError, IllegalAction) as refusal:
                    last = attempt == STALE_RETRIES - 1
                    if last or not (isinstance(refusal, StaleRow) or await self.cache_behind(match_id)):
                        raise
            raise AssertionError("unreachable")

    async def _act(self, match_id: int, user_id: int, action, expected_version: int | None,
                   origin: Origin | None, computed: Callable[[MatchRow], None] | None) -> Outcome:
        row = await self.load(match_id)
        if row.status != "active":
            raise ServiceError("not_active")
        seat = seat_of(row, user_id)
        check_pressed(row, seat, origin.drawn_at if origin is not None else None)
        if expected_version is not None and expected_version != row.version:
            raise ServiceError("stale")
        if seat is None:
            raise ServiceError("not_seated")
        engine = plugin(row.game).engine
        if isinstance(action, str):
            try:
                action = engine.parse_action(action)
            except IllegalAction as error:  # unreadable: say what could be typed instead
                if not error.legal and row.state is not None:
                    error.legal = [engine.format_action(a) for a in engine.legal_actions(row.state, seat)]
                raise
        text = engine.format_action(action)
        check_typed(row, seat, text, origin, self.clock())
        preference = plugin(row.game).off_turn(action)  # standing preferences, not moves

        def step(state: dict) -> tuple[list[str], dict, list[Event]]:
            prompts = engine.prompts(state)
            if seat not in {p.seat for p in prompts} and not preference:
                waiting = [p.seat for p in prompts]
                raise ServiceError("not_your_turn", waiting=", ".join(
                    row.seats[s]["name"] for s in waiting if s < len(row.seats)))
            new_state, events = engine.apply(state, seat, action)  # IllegalAction propagates
            return [text], new_state, events

        def typed(updated: MatchRow) -> None:  # the clock read last before the commit
            mark_typed(updated, seat, text, origin, self.clock())
            if computed is not None:
                computed(updated)

        return await self._commit_step(row, seat, user_id, "action", step, decides=not preference,
                                       before_commit=typed)

    async def resign(self, match_id: int, user_id: int) -> Outcome:
        async with self.lock(match_id):
            for attempt in range(STALE_RETRIES):  # as ``act``: judged again on a newer stored row
                try:
                    return await self._concede(await self.load(match_id), user_id, "resign")
                except StaleRow:
                    if attempt == STALE_RETRIES - 1:
                        raise
            raise AssertionError("unreachable")

    async def _concede(self, row: MatchRow, user_id: int, text: str) -> Outcome:
        if row.status != "active":
            raise ServiceError("not_active")
        seat = seat_of(row, user_id)
        if seat is None:
            raise ServiceError("not_seated")
        engine = plugin(row.game).engine

        def step(state: dict) -> tuple[list[str], dict, list[Event]]:
            new_state, events = engine.concede(state, seat, "resigned")
            return [text], new_state, events

        return await self._commit_step(row, seat, user_id, "concede", step)

    async def _commit_step(self, row: MatchRow, seat: int | None, user_id: int | None, kind: str,
                           step: Step, *,
                           background: bool = False, decides: bool = True,
                           before_commit: Callable[[MatchRow], None] | None = None) -> Outcome:
        """Log one decision (one or more moves by ``seat``), let bots answer, commit atomically.

        ``step`` and the bots' replies run off the event loop; the commit arms the next deadline.
        Unless it is a standing preference (``decides`` False), the seat's record notes the
        version that ended its decision (gamehost/once.py ``mark_decided``).
        """
        engine = plugin(row.game).engine
        before = row.version
        first = await self.log_ends.next_seq(row)
        state = row.state
        assert state is not None, "an active match has a state"  # callers check it is active

        def work() -> tuple[MatchRow, Outcome, PendingWrite]:
            previous_prompted = prompt_marks(engine.prompts(state))
            texts, new_state, events = step(state)
            updated = MatchRow(**row.__dict__)
            updated.state = new_state
            updated.version = before + 1
            outcome = Outcome(match=updated)
            write = PendingWrite()
            seq = first
            for text in texts:
                move = LoggedAction(seq, seat, user_id, kind, text, self.clock())
                write.actions.append(move)
                outcome.moves.append(move)
                seq += 1
            outcome.events.extend((seat, e) for e in events)
            self._run_automatic(updated, outcome, write, seq - 1)
            self._finish_step(updated, outcome, previous_prompted)
            if decides:  # its buttons drawn before are spent, unless its simultaneous decision goes on
                mark_decided(updated, seat, engine.prompts(row.state), outcome.prompts)
            return updated, outcome, write

        updated, outcome, write = await self._compute(row, work, background=background)
        if before_commit is not None:
            before_commit(updated)
        last = write.actions[-1].seq
        snapshot = updated.status != "active" or (last // SNAPSHOT_EVERY) != ((first - 1) // SNAPSHOT_EVERY)
        await self._save(updated, before, write, snapshot=snapshot)
        return outcome

    def _run_automatic(self, row: MatchRow, outcome: Outcome, write: PendingWrite, seq: int) -> None:
        """Let bot seats take their decisions until a human (or nobody) must act."""
        engine = plugin(row.game).engine
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

    def _finish_step(self, row: MatchRow, outcome: Outcome, previous_prompted: set) -> None:
        engine = plugin(row.game).engine
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
        prompted = prompt_marks(outcome.prompts)
        # Bot or timeout moves in between mean the person faces a new decision, even when the
        # same seats are prompted again: it gets its full time (so does a decision of another
        # name, ``params["decision"]``, gamehost/deadlines.py).
        outcome.prompted_changed = (prompted != previous_prompted
                                    or any(m.kind in ("bot", "timeout") for m in outcome.moves))
        if outcome.prompted_changed or row.deadline_at is None:
            row.deadline_at = row.updated_at + row.decision_seconds
            row.reminded = False

    async def _save(self, row: MatchRow, expected_version: int, write: PendingWrite | None = None,
                    snapshot: bool = False) -> None:
        """Commit, then arm (or disarm) the match's deadline: the committed state alone decides
        whether a match waits for someone, whatever happens to the messages about it later."""
        try:
            await lost_commit.save_match(self.store, row, expected_version, write, snapshot, self.due_at(row))
        except VersionConflict:
            self.cache.drop(row.id)
            raise StaleRow() from None
        self.log_ends.saved(row, expected_version, write)
        self._remember(row)
        self._arm(row)
        if row.status == "finished" and await self.store.is_ranked(row.id):
            await record_match(self.store, FinishedMatch.from_row(row))  # once: a match is rated once
        if row.status in ("finished", "abandoned"):
            for listener in self.on_ended:
                await listener(row)

    # -- queries -------------------------------------------------------------------------

    async def my_matches(self, guild_id: int | None, user_id: int) -> list[MatchRow]:
        rows = await self.store.open_matches_for_user(guild_id, user_id)
        return [newest(self.cache.peek(r.id), r) for r in rows if seat_of(r, user_id) is not None]


__all__ = ["MatchService", "ServiceError", "Outcome", "IllegalAction", "replay", "seat_of",
           "PACES", "TIMEOUT_POLICIES"]
