"""Exactly once, the command rate and fresh reads with real OS processes on one PostgreSQL
database (issue 23): two spawned processes, each with its own Store and MatchService (and so
its own match cache), act on the same match at the same moment (a barrier). What the same
person sends twice applies once, a shared command rate refuses what is beyond the burst, and
a read in one process shows the move the other just committed once its NOTIFY arrives.

The harness is tests/service/test_multiprocess.py's: spawn, a barrier, one JSON report per
process. Nothing here measures time: waits are for conditions, with generous timeouts."""
from __future__ import annotations

import asyncio
import json
import multiprocessing
import time
import traceback
from pathlib import Path

import pytest

from gamehost.limits import Limits
from gamehost.once import Origin
from gamehost.service import MatchService, ServiceError
from gamehost.store import Store
from tests.service.test_multiprocess import register_race, turn_user
from tests.support.databases import fresh_postgres

CHANNEL = 3
BURST = 8
SLOW_WINDOW = 3600.0  # the bucket refills nothing noticeable while the test runs
WAIT = 30.0           # seconds a process waits for a condition before it reports failure


async def open_service(url: str, *, limits: Limits | None = None) -> MatchService:
    store = Store(url)
    await store.open()
    service = MatchService(store, time.time, limits=limits)
    await service.follow_other_processes()
    return service


async def close_service(service: MatchService) -> None:
    await service.close()
    await service.store.close()


async def started_match(url: str) -> tuple[int, int]:
    """A race match between users 100 and 101; its id and the user whose turn it is."""
    service = await open_service(url)
    try:
        await service.create(guild_id=1, channel_id=CHANNEL, creator_id=100, creator_name="a", game="race",
                             options={"target": 10})
        await service.join(CHANNEL, 101, "b")
        row = (await service.start(CHANNEL, 100)).match
        return row.id, turn_user(row)
    finally:
        await close_service(service)


async def outcome_of(call) -> str:
    try:
        await call
        return "applied"
    except ServiceError as error:
        return error.code


# -- what each process does (index 0 or 1) ----------------------------------------------------

async def same_interaction(url: str, index: int, barrier, match_id: int, user: int) -> dict:
    service = await open_service(url)
    try:
        await service.load(match_id)  # cached before the race, as a busy process would have it
        origin = Origin.typed(4242, time.time())  # one interaction, delivered to both processes
        barrier.wait(timeout=WAIT)
        return {"result": await outcome_of(service.act(match_id, user, "add 1", origin=origin))}
    finally:
        await close_service(service)


async def same_text_twice(url: str, index: int, barrier, match_id: int, user: int) -> dict:
    service = await open_service(url)
    try:
        await service.load(match_id)
        origin = Origin.typed(5000 + index, time.time())  # two interactions, both here before either commit
        barrier.wait(timeout=WAIT)
        return {"result": await outcome_of(service.act(match_id, user, "add 1", origin=origin))}
    finally:
        await close_service(service)


async def same_press(url: str, index: int, barrier, match_id: int, user: int) -> dict:
    service = await open_service(url)
    try:
        row = await service.load(match_id)
        barrier.wait(timeout=WAIT)
        press = service.act(match_id, user, "add 1", expected_version=row.version, origin=Origin.pressed(row.version))
        return {"result": await outcome_of(press)}
    finally:
        await close_service(service)


async def many_commands(url: str, index: int, barrier, match_id: int, user: int) -> dict:
    service = await open_service(url, limits=Limits(command_burst=BURST, command_window_seconds=SLOW_WINDOW))
    try:
        mine = (BURST + 3) // 2 + (index == 0) * ((BURST + 3) % 2)  # 6 and 5: BURST + 3 in all
        barrier.wait(timeout=WAIT)
        results = [await outcome_of(service.check_rate(user)) for _ in range(mine)]
        return {"results": results}
    finally:
        await close_service(service)


async def read_after_other_moves(url: str, index: int, barrier, match_id: int, user: int) -> dict:
    """Process 1 caches the match and waits; process 0 moves; process 1's /match status read
    (``in_channel``) must show that move, with no other read of the database than its own."""
    service = await open_service(url)
    try:
        before = (await service.in_channel(CHANNEL)).version
        barrier.wait(timeout=WAIT)  # both cached it
        if index == 0:
            moved = await service.act(match_id, user, "add 1", origin=Origin.typed(1, time.time()))
            return {"moved_to": moved.match.version}
        give_up = time.monotonic() + WAIT
        while True:
            row = await service.in_channel(CHANNEL)
            if row.version > before or time.monotonic() > give_up:
                break
            await asyncio.sleep(0.01)
        assert service.news is not None
        return {"seen": row.version, "before": before, "heard": service.news.heard}
    finally:
        await close_service(service)


SCENARIOS = {f.__name__: f for f in (same_interaction, same_text_twice, same_press, many_commands,
                                       read_after_other_moves)}


def worker(url: str, scenario: str, index: int, barrier, match_id: int, user: int, out: str) -> None:
    register_race()
    try:
        result = asyncio.run(SCENARIOS[scenario](url, index, barrier, match_id, user))
    except BaseException:
        Path(out).write_text(json.dumps({"error": traceback.format_exc()}))
        raise SystemExit(1)
    Path(out).write_text(json.dumps(result))


def run_two(tmp_path: Path, url: str, scenario: str, match_id: int, user: int) -> list[dict]:
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(2)
    outs = [str(tmp_path / f"{scenario}{i}.json") for i in range(2)]
    processes = [context.Process(target=worker, args=(url, scenario, i, barrier, match_id, user, outs[i]))
                 for i in range(2)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
    for process in processes:
        if process.is_alive():
            process.kill()
    reports = [json.loads(Path(o).read_text()) if Path(o).exists() else {"error": "no report"} for o in outs]
    errors = [r["error"] for r in reports if "error" in r]
    assert errors == [], "\n".join(errors)
    return reports


async def stored(url: str, match_id: int):
    store = Store(url)
    await store.open()
    try:
        return await store.match(match_id), [e.action for e in await store.action_log(match_id)]
    finally:
        await store.close()


@pytest.fixture
async def pg_url():
    register_race()
    async with fresh_postgres() as url:
        yield url


@pytest.mark.parametrize("scenario, refusal", [("same_interaction", "duplicate"),
                                               ("same_text_twice", "duplicate"),
                                               ("same_press", None)])
async def test_one_decision_sent_to_two_processes_at_once_applies_once(tmp_path, pg_url, scenario, refusal):
    """The same slash command (one interaction) delivered to both processes, the same text typed
    twice before either commit, the same button pressed in both: one applies, the other is
    refused as a double (``duplicate``; a press: ``stale`` or ``already_done``)."""
    match_id, user = await started_match(pg_url)
    row, _log = await stored(pg_url, match_id)
    reports = await asyncio.to_thread(run_two, tmp_path, pg_url, scenario, match_id, user)
    results = sorted(r["result"] for r in reports)
    assert results.count("applied") == 1, results
    other = [r for r in results if r != "applied"][0]
    assert other == refusal if refusal else other in ("stale", "already_done"), results
    after, log = await stored(pg_url, match_id)
    assert log == ["add 1"] and after.version == row.version + 1


async def test_a_burst_spread_over_two_processes_meets_one_limit(tmp_path, pg_url):
    reports = await asyncio.to_thread(run_two, tmp_path, pg_url, "many_commands", 0, 77)
    results = [r for report in reports for r in report["results"]]
    assert len(results) == BURST + 3
    assert results.count("applied") == BURST and results.count("rate_limited") == 3, results


async def test_a_read_in_one_process_shows_the_move_another_just_committed(tmp_path, pg_url):
    match_id, user = await started_match(pg_url)
    mover, reader = await asyncio.to_thread(run_two, tmp_path, pg_url, "read_after_other_moves", match_id, user)
    assert reader["seen"] == mover["moved_to"] > reader["before"]
    assert reader["heard"] >= 1  # the notice of that commit is what dropped the cached row


# -- the same, in one process (asyncio.gather on one service) ---------------------------------

async def test_a_burst_gathered_in_one_process_meets_the_shared_limit(pg_url):
    service = await open_service(pg_url, limits=Limits(command_burst=BURST, command_window_seconds=SLOW_WINDOW))
    try:
        results = await asyncio.gather(*(outcome_of(service.check_rate(5)) for _ in range(BURST + 3)))
        assert results.count("applied") == BURST and results.count("rate_limited") == 3
    finally:
        await close_service(service)


async def test_a_lost_listening_connection_is_replaced_and_what_was_missed_is_polled(pg_url):
    """pg_terminate_backend on the listening connection: the process polls the cached rows
    until it listens again, so a commit made meanwhile still reaches its reads."""
    match_id, user = await started_match(pg_url)
    reader, writer = await open_service(pg_url), await open_service(pg_url)
    try:
        news = reader.news
        assert news is not None and news.listening.is_set()
        cached = await reader.in_channel(CHANNEL)
        pid = news.listener_pid()
        await writer.store.database.fetchval("SELECT pg_terminate_backend(?)", (pid,))
        moved = await writer.act(match_id, user, "add 1", origin=Origin.typed(9, time.time()))
        give_up = time.monotonic() + WAIT
        while time.monotonic() < give_up:
            row = await reader.in_channel(CHANNEL)
            if row.version == moved.match.version and news.listening.is_set() and news.listener_pid() not in (None, pid):
                break
            await asyncio.sleep(0.02)
        assert row.version == moved.match.version > cached.version
        assert news.listening.is_set() and news.listener_pid() not in (None, pid)  # listening again
        assert news.polls >= 2  # the first listen, and at least one after the loss
    finally:
        await close_service(reader)
        await close_service(writer)
