"""The match service under real concurrency: many matches and many callers at the same moment.

Everything runs on one event loop with real ``asyncio.gather`` (engine work goes to threads
through ``MatchService._compute``); nothing here measures wall-clock time. What must hold:
each decision commits exactly once, the action log has no gaps or doubles, every commit of an
active match arms its deadline for the committed version, one match's failed transaction
never touches another's, and a bounded cache never changes what a match loads as.
"""
from __future__ import annotations

import asyncio
import random
import sqlite3
from collections import defaultdict

import pytest

from engine.clash import GAME as CLASH
from engine.cloudspire import GAME as CLOUDSPIRE
from gamehost.once import Origin
from gamehost.registry import plugin
from gamehost.service import MatchService, ServiceError, replay
from gamehost.store import Store

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

GUILD = 1


@pytest.fixture
async def service(store, clock):
    """The conftest's service, closed at the end so no deadline fires after the store closes."""
    service = MatchService(store, clock, live_seconds=600, async_seconds=86400)
    yield service
    await service.close()


# -- building matches ---------------------------------------------------------------------

def creator_of(channel: int) -> int:
    return 100_000 + channel


def joiner_of(channel: int) -> int:
    return 200_000 + channel


async def open_match(service, channel: int, game: str = "race", *, bot: bool = False,
                     options: dict | None = None, policy: str = "auto"):
    """A started two-seat match in ``channel``: its creator and a second person or a bot."""
    await service.create(guild_id=GUILD, channel_id=channel, creator_id=creator_of(channel),
                         creator_name=f"c{channel}", game=game, options=options or {},
                         timeout_policy=policy)
    if bot:
        await service.add_bot(channel, creator_of(channel))
    else:
        await service.join(channel, joiner_of(channel), f"j{channel}")
    return (await service.start(channel, creator_of(channel))).match


def human_decision(row) -> tuple[int, str] | None:
    """(user id, move text) of the first prompted person, with a legal, purposeful move."""
    engine = plugin(row.game).engine
    for prompt in engine.prompts(row.state):
        seat = prompt.seat
        if seat >= len(row.seats) or row.seats[seat].get("bot"):
            continue
        if row.game == "race":
            move = "add 1"
        elif row.game == "cloudspire":
            move = CLOUDSPIRE.format_action(CLOUDSPIRE.bot_action(row.state, seat))
        else:
            move = CLASH.format_action(CLASH.legal_actions(row.state, seat)[0])
        return row.seats[seat]["user_id"], move
    return None


def turn_user(row) -> int:
    return row.seats[row.state["turn"]]["user_id"]


def seqs(log) -> list[int]:
    return [entry.seq for entry in log]


class CommitSpy:
    """Wraps ``service._save``: records every commit and checks, right after it (before any
    other task can run), that an active match's deadline is armed for the committed version."""

    def __init__(self, service: MatchService):
        self.service = service
        self.commits: dict[int, list[tuple[int, int, str]]] = defaultdict(list)  # id -> (before, after, status)
        self.unarmed: list[tuple] = []
        self._original = service._save
        service._save = self._save

    async def _save(self, row, expected_version, write=None, snapshot=False):
        await self._original(row, expected_version, write, snapshot)
        self.commits[row.id].append((expected_version, row.version, row.status))
        if row.status == "active":
            armed = self.service.deadlines.armed.get(row.id)
            if armed is None or armed[0] != row.version or armed[1] != row.deadline_at:
                self.unarmed.append((row.id, row.version, row.deadline_at, armed))


# -- 1. many matches, one move each, all at once -------------------------------------------

async def test_a_hundred_matches_each_take_one_move_at_the_same_moment(service, store):
    """88 toy races, 6 Clash duels (two people) and 6 Cloudspire 2-player matches with a bot
    seat each receive one move in the same ``gather``: no failure, each move logged exactly
    once (bot replies after it, seqs without gaps), each version exactly one step on."""
    rows = []
    for channel in range(1, 89):
        rows.append(await open_match(service, channel))
    for channel in range(89, 95):
        rows.append(await open_match(service, channel, "clash", options={"mode": "duel"}))
    for channel in range(95, 101):
        rows.append(await open_match(service, channel, "cloudspire", bot=True))
    assert len(rows) == 100 and all(r.status == "active" for r in rows)
    before = {r.id: (r.version, await store.last_seq(r.id)) for r in rows}
    decisions = {r.id: human_decision(r) for r in rows}
    assert all(decisions.values())

    results = await asyncio.gather(*(service.act(r.id, *decisions[r.id]) for r in rows),
                                   return_exceptions=True)

    failures = [(r.id, r.game, res) for r, res in zip(rows, results) if isinstance(res, BaseException)]
    assert failures == []
    for row, outcome in zip(rows, results):
        version, last = before[row.id]
        user, move = decisions[row.id]
        engine = plugin(row.game).engine
        stored = await store.match(row.id)
        assert outcome.match.version == stored.version == version + 1, row.game
        assert stored.state == outcome.match.state
        log = await store.action_log(row.id)
        assert seqs(log) == list(range(1, len(log) + 1)), row.game
        new = [e for e in log if e.seq > last]
        assert [(e.seq, e.kind, e.action) for e in new] == [(m.seq, m.kind, m.action) for m in outcome.moves]
        people = [e for e in new if e.kind == "action"]
        assert [(e.user_id, e.action) for e in people] == [(user, engine.format_action(engine.parse_action(move)))]
        assert all(e.kind == "bot" for e in new[1:])


# -- 2. the same move many times at once ----------------------------------------------------

@pytest.mark.parametrize("copies", [2, 5, 20])
async def test_the_same_button_pressed_concurrently_applies_once(service, store, copies):
    """A button carries the board version: of N identical concurrent clicks exactly one
    applies and every other one is refused as ``stale`` (never applied a second time)."""
    row = await open_match(service, 7)
    user = turn_user(row)
    results = await asyncio.gather(
        *(service.act(row.id, user, "add 1", expected_version=row.version) for _ in range(copies)),
        return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1
    assert all(isinstance(r, ServiceError) and r.code == "stale" for r in refused), refused
    assert [(e.seq, e.user_id, e.action) for e in await store.action_log(row.id)] == [(1, user, "add 1")]
    assert (await store.match(row.id)).version == row.version + 1


@pytest.mark.parametrize("copies", [2, 5, 20])
async def test_a_typed_command_sent_twice_applies_once_and_a_later_one_applies(service, store, clock, copies):
    """A slash command carries when it was sent: N identical copies sent before the first
    one's commit (FakeClock) are one command: one applies, the rest are refused as
    ``duplicate``. The same command sent after that commit is a new decision and applies."""
    row = await open_match(service, 8)
    user = turn_user(row)
    other = row.seats[1 - row.state["turn"]]["user_id"]
    sent = clock.now - 0.5  # typed just before the commit below, which happens at clock.now
    results = await asyncio.gather(*(service.act(row.id, user, "add 1", origin=Origin.typed(None, sent)) for _ in range(copies)),
                                   return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1
    assert all(isinstance(r, ServiceError) and r.code == "duplicate" for r in refused), refused
    committed_at = clock.now
    assert len(await store.action_log(row.id)) == 1

    clock.now += 2
    await service.act(row.id, other, "add 2", origin=Origin.typed(None, clock.now - 0.2))
    clock.now += 2
    again = await service.act(row.id, user, "add 1", origin=Origin.typed(None, committed_at + 1))  # after the commit
    assert again.match.version == row.version + 3
    log = await store.action_log(row.id)
    assert [(e.user_id, e.action) for e in log] == [(user, "add 1"), (other, "add 2"), (user, "add 1")]


# -- 3. bots, deadlines, timeouts and people all at once -----------------------------------

def kick(scheduler) -> None:
    """The scheduler sleeps on the event loop's clock, FakeClock moves by hand: wake it so it
    re-reads what is due now (what it does by itself when real time passes)."""
    scheduler._runner_wakes_at = None
    scheduler._reschedule()


async def drain(service, clock, timeout: float = 20.0) -> None:
    """Wait (polling; engine work runs in threads) until nothing armed is due any more."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + timeout
    scheduler = service.deadlines
    while True:
        await asyncio.sleep(0.005)
        due = scheduler._next_due()
        idle = not scheduler._handling and (due is None or due > clock.now)
        if idle:
            return
        if loop.time() > give_up:
            raise AssertionError(f"deadline scheduler never caught up: next due {due}, now {clock.now}")


async def test_bots_deadlines_timeouts_and_people_race_without_double_commits(service, store, clock):
    """Matches with bot seats and expired deadlines: each round, past every deadline, a person's
    move (with the board version), two direct ``expire`` calls and the scheduler's own expiry
    all race for the same decision. Never two commits from one version, the log's seqs go
    1, 2, 3... with no gap, and after every commit of an active match its deadline is armed in
    ``service.deadlines.armed`` for exactly that version and deadline."""
    expired_by_scheduler = []

    async def on_expired(outcome):
        expired_by_scheduler.append(outcome)

    async def on_remind(row):
        pass

    service.listen(on_remind=on_remind, on_expired=on_expired)
    policies = ("auto", "bot", "forfeit")
    rows = []
    for channel in range(1, 13):
        rows.append(await open_match(service, channel, bot=True, policy=policies[channel % 3]))
    for channel in range(13, 21):
        rows.append(await open_match(service, channel, policy=policies[channel % 3]))
    for channel in range(21, 23):
        rows.append(await open_match(service, channel, "cloudspire", bot=True))
    spy = CommitSpy(service)
    started = {r.id: r.version for r in rows}
    refusals = []
    shuffle = random.Random(5).shuffle

    for _round in range(5):
        clock.now += 601  # past every deadline (and reminder) armed so far
        tasks = []
        for row in rows:
            current = await service.load(row.id)
            if current.status != "active":
                continue
            decision = human_decision(current)
            if decision is not None:
                tasks.append(service.act(current.id, *decision, expected_version=current.version))
            tasks.append(service.expire(current.id, current.version))
            tasks.append(service.expire(current.id, current.version))
        shuffle(tasks)  # who reaches each match's lock first varies from match to match

        async def scheduler_too():
            kick(service.deadlines)

        results = await asyncio.gather(scheduler_too(), *tasks, return_exceptions=True)
        for result in results:
            if isinstance(result, BaseException):
                assert isinstance(result, ServiceError) and result.code in ("stale", "not_active"), repr(result)
                refusals.append(result)
        await drain(service, clock)

    assert spy.unarmed == []
    assert refusals, "the people's moves never raced a timeout"
    # (whether the scheduler or a direct expire wins each race varies; both are covered above)
    for row in rows:
        stored = await store.match(row.id)
        commits = spy.commits[row.id]
        befores = [before for before, _after, _status in commits]
        assert len(befores) == len(set(befores)), f"match {row.id}: two commits from one version {commits}"
        assert all(after == before + 1 for before, after, _s in commits)
        assert sorted(befores) == list(range(started[row.id], stored.version))
        log = await store.action_log(row.id)
        assert seqs(log) == list(range(1, len(log) + 1)), f"match {row.id}: log seqs {seqs(log)}"
        if row.game == "race":
            assert replay(stored, log) == stored.state
        if stored.status == "active":
            assert service.deadlines.armed[row.id][:2] == (stored.version, stored.deadline_at)
        else:
            assert row.id not in service.deadlines.armed
    await service.close()


async def test_after_a_bots_reply_the_persons_next_decision_gets_its_full_time(service, clock):
    """Person vs bot: the bot answers inside the same commit, so the same person is asked
    again. That is a new decision (someone else acted in between): it gets the full decision
    time, not what was left of the previous one."""
    row = await open_match(service, 3, bot=True)
    clock.now += 300
    row = (await service.act(row.id, creator_of(3), "add 1")).match
    assert row.status == "active" and row.state["turn"] == 0  # the bot replied; the person again
    assert row.deadline_at == clock.now + 600, (
        f"deadline left at {row.deadline_at - clock.now:+.0f}s from now instead of +600s")
    assert service.deadlines.armed[row.id][:2] == (row.version, clock.now + 600)


async def test_one_expired_decision_against_a_bot_is_one_timeout_move(service, store, clock):
    """Person vs bot, the person lets one decision expire: one timeout move (and the bot's
    reply), then the person has a new full decision time; not the rest of their game played
    out by timeouts at once because the deadline stayed in the past."""
    expired = []

    async def on_expired(outcome):
        expired.append(outcome)

    async def on_remind(row):
        pass

    service.listen(on_remind=on_remind, on_expired=on_expired)
    row = await open_match(service, 3, bot=True)
    clock.now = row.deadline_at + 1
    kick(service.deadlines)
    await drain(service, clock)
    log = await store.action_log(row.id)
    timeouts = [e for e in log if e.kind == "timeout"]
    after = await store.match(row.id)
    assert len(expired) == 1 and len(timeouts) == 1, (
        f"one expired decision produced {len(timeouts)} timeout moves, match now {after.status}: "
        f"{[(e.kind, e.action) for e in log]}")
    assert after.status == "active" and after.deadline_at == clock.now + 600


# -- 4. a failed transaction stays in its own match ----------------------------------------

async def test_a_rolled_back_transaction_never_undoes_another_matchs_commit(store_url, clock):
    """Twelve matches move at once on the shared connection. Four saves conflict (another
    writer bumped their version), four fail half-way (their log insert hits an existing
    seq after the row UPDATE ran, so the transaction rolls back). The other four commits are
    durable, as read through a second connection; the failed ones left nothing behind."""
    path = store_url
    store = Store(path)
    await store.open()
    service = MatchService(store, clock)
    rows = [await open_match(service, channel) for channel in range(1, 13)]
    for row in rows:  # one move each, so every match has seq 1 logged
        await service.act(row.id, turn_user(row), "add 1")
    rows = [await service.load(r.id) for r in rows]
    conflicting, half_way, healthy = rows[0:12:3], rows[1:12:3], [r for i, r in enumerate(rows) if i % 3 == 2]

    for row in conflicting:  # another writer got there first (a second process, say)
        async with store.transaction() as db:
            await db.execute("UPDATE matches SET version = version + 1 WHERE id = ?", (row.id,))
    original_next_seq = service.log_ends.next_seq
    broken = {r.id for r in half_way}

    async def stale_next_seq(row):
        return 1 if row.id in broken else await original_next_seq(row)

    service.log_ends.next_seq = stale_next_seq  # -> INSERT of seq 1 again, after the UPDATE: rollback

    # pressed on the boards drawn for these versions: a conflicting one, judged again on the
    # stored row, is a press for a board that is gone (a typed move would be judged afresh)
    results = await asyncio.gather(*(service.act(r.id, turn_user(r), "add 2", expected_version=r.version)
                                     for r in rows), return_exceptions=True)
    service.log_ends.next_seq = original_next_seq
    by_id = dict(zip((r.id for r in rows), results))
    assert all(isinstance(by_id[r.id], ServiceError) and by_id[r.id].code == "stale" for r in conflicting)
    assert all(isinstance(by_id[r.id], sqlite3.IntegrityError) for r in half_way), [by_id[r.id] for r in half_way]
    assert all(not isinstance(by_id[r.id], BaseException) for r in healthy)

    other = Store(path)  # a separate connection sees only what was committed
    await other.open()
    try:
        for row in healthy:
            stored = await other.match(row.id)
            assert stored.version == row.version + 1 and stored.state["total"] == row.state["total"] + 2
            assert [e.action for e in await other.action_log(row.id)] == ["add 1", "add 2"]
        for row in conflicting:
            assert (await other.match(row.id)).version == row.version + 1  # only the other writer's bump
            assert [e.action for e in await other.action_log(row.id)] == ["add 1"]
        for row in half_way:
            stored = await other.match(row.id)
            assert (stored.version, stored.state) == (row.version, row.state)  # the UPDATE was rolled back
            assert [e.action for e in await other.action_log(row.id)] == ["add 1"]
        # and the failed matches carry on normally afterwards
        for row in conflicting + half_way:
            current = await service.load(row.id)
            await service.act(row.id, turn_user(current), "add 1")
            assert len(await other.action_log(row.id)) == 2
    finally:
        await other.close()
        await service.close()
        await store.close()


@pytest.mark.parametrize("backend", ["sqlite"])  # the shared connection is SQLite's
async def test_a_rolled_back_write_is_never_read_by_another_task(service, store):
    """One connection is shared by every task. While one match's transaction is open (its row
    UPDATE ran, its log insert is still pending and will fail), another task loading that
    match must see the committed row, not the write that is about to be rolled back; else
    the cache holds a version the database never had."""
    row = await open_match(service, 5)
    row = (await service.act(row.id, turn_user(row), "add 1")).match
    inserting, release = asyncio.Event(), asyncio.Event()
    original_executemany = store.database.tx.executemany
    original_next_seq = service.log_ends.next_seq

    async def gated_executemany(sql, rows):
        inserting.set()
        await release.wait()
        return await original_executemany(sql, rows)

    async def stale_next_seq(row):
        return 1

    store.database.tx.executemany = gated_executemany
    service.log_ends.next_seq = stale_next_seq
    move = asyncio.ensure_future(service.act(row.id, turn_user(row), "add 2"))
    await inserting.wait()
    service.cache.drop(row.id)  # e.g. evicted, or a slash command reads by channel
    reading = asyncio.ensure_future(service.in_channel(row.channel_id))
    for _ in range(50):  # the read is under way while the transaction is still open
        await asyncio.sleep(0)
    release.set()
    with pytest.raises(sqlite3.IntegrityError):
        await move
    seen = await reading
    store.database.tx.executemany = original_executemany
    service.log_ends.next_seq = original_next_seq
    committed = await store.match(row.id)
    assert (committed.version, committed.state) == (row.version, row.state)
    assert (seen.version, seen.state) == (committed.version, committed.state), (
        f"read version {seen.version} (total {seen.state['total']}) that was rolled back; "
        f"committed is {committed.version}")


# -- 5. a small cache in front of many matches ---------------------------------------------

async def test_a_small_cache_still_serves_every_match_correctly(store, clock):
    """hot_matches=4, cached_matches=10, 30 open matches, all moving at once: every match
    loads exactly as stored, ``in_channel`` finds each, and the cache holds at most 10."""
    service = MatchService(store, clock, hot_matches=4, cached_matches=10)
    sizes = []
    rows = []
    for channel in range(1, 31):
        rows.append(await open_match(service, channel))
        sizes.append(len(service.cache))

    results = await asyncio.gather(*(service.act(r.id, turn_user(r), "add 2") for r in rows),
                                   *(service.in_channel(r.channel_id) for r in rows),
                                   return_exceptions=True)
    assert [r for r in results if isinstance(r, BaseException)] == []
    sizes.append(len(service.cache))

    for row in rows:
        stored = await store.match(row.id)
        loaded = await service.load(row.id)
        assert (loaded.version, loaded.state, loaded.seats) == (stored.version, stored.state, stored.seats)
        assert stored.version == row.version + 1
        found = await service.in_channel(row.channel_id)
        assert found.id == row.id and found.version == stored.version
        sizes.append(len(service.cache))
    for row in reversed(rows):  # the least recently used first: all evicted by now
        found = await service.in_channel(row.channel_id)
        assert (found.id, found.state) == (row.id, (await store.match(row.id)).state)
        sizes.append(len(service.cache))
    await service.close()
    assert max(sizes) <= 10, f"the cache held up to {max(sizes)} matches with cached_matches=10"


async def test_a_slow_read_never_puts_an_older_version_back_in_the_cache(store, clock):
    """A load that read the row before a commit but finishes after it (its read was queued
    behind other database work) must not replace the newer cached row with the older one:
    the person's next move, made from the newest board, would be refused as stale, and the
    deadline armed for the new version would find an older version and never fire."""
    service = MatchService(store, clock, hot_matches=1, cached_matches=0)
    row = await open_match(service, 1)
    await open_match(service, 2)  # evicts match 1 from the one-row cache
    original_match = store.match
    read, finish = asyncio.Event(), asyncio.Event()

    async def slow_match(match_id):
        found = await original_match(match_id)
        if match_id == row.id and not read.is_set():
            read.set()
            await finish.wait()
        return found

    store.match = slow_match
    slow = asyncio.ensure_future(service.load(row.id))  # e.g. a board button's first load
    await read.wait()
    store.match = original_match
    moved = await service.act(row.id, turn_user(row), "add 1")  # reads again, commits version+1
    finish.set()
    await slow
    assert (await service.load(row.id)).version == moved.match.version
    nxt = moved.match
    await service.act(row.id, turn_user(nxt), "add 1", expected_version=nxt.version)
    await service.close()
