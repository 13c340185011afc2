"""Deadlines and reminders with several real OS processes on one PostgreSQL database
(gamehost/leases.py): each due reminder and timeout fires in exactly one process; a process
killed with SIGKILL while holding a deadline's lease loses no committed move and a live one
takes its deadlines over; connections terminated by the server (``pg_terminate_backend``)
lose nothing and the process carries on by itself.

The children run the real clock with decisions of a couple of seconds; the parent waits on
conditions in the database (every match finished, a marker file), never on elapsed times.
"""
from __future__ import annotations

import asyncio
import inspect
import json
import multiprocessing
import os
import signal
import time
import traceback
from pathlib import Path

import asyncpg

from gamehost import registry
from gamehost.service import MatchService, replay
from gamehost.store import Store
from tests.support.databases import fresh_postgres

DECISION_SECONDS = 2
POLL_SECONDS = 0.3
TARGET = 5  # a race of timeouts only ("add 1" each): five decisions per match
WAIT_SECONDS = 120  # the longest the parent waits for a condition before failing


def register_race() -> None:
    registry.GAMES["race"] = registry.GamePlugin("race", "tests.support.toy")


async def open_service(url: str) -> tuple[Store, MatchService]:
    store = Store(url)
    await store.open()
    return store, MatchService(store, time.time, reminder_fraction=0.5)


async def new_match(service: MatchService, channel: int, seconds: int = DECISION_SECONDS) -> int:
    """A started race (version 2: created, joined, started)."""
    await service.create(guild_id=1, channel_id=channel, creator_id=channel * 10, creator_name="a",
                         game="race", options={"target": TARGET}, decision_seconds=seconds)
    await service.join(channel, channel * 10 + 1, "b")
    return (await service.start(channel, channel * 10)).match.id


def append(path: str, entry: list) -> None:
    with open(path, "a") as out:  # one line per event, written at once: a kill loses no line
        out.write(json.dumps(entry) + "\n")
        out.flush()


def lines(path: str) -> list[list]:
    return [json.loads(line) for line in Path(path).read_text().splitlines()] if Path(path).exists() else []


async def serve(url: str, name: str, events: str, stop: str, channels: list[int], hang_on_remind: bool) -> None:
    """One bot process's deadlines: every reminder and timeout it fires goes to ``events``."""
    store, service = await open_service(url)

    async def on_remind(row) -> None:
        append(events, [name, "remind", row.id, row.version])
        if hang_on_remind:  # holds the lease until the parent kills this process
            await asyncio.sleep(3600)

    async def on_expired(outcome) -> None:
        append(events, [name, "expire", outcome.match.id, outcome.match.version])
    for channel in channels:  # matches only this process knows of until the others poll
        match_id = await new_match(service, channel)
        append(events, [name, "created", match_id, 2])
    service.listen(on_remind=on_remind, on_expired=on_expired)
    service.watch_deadlines(POLL_SECONDS)
    await service.rearm_all()
    append(events, [name, "ready", 0, 0])
    try:
        while not Path(stop).exists():
            await asyncio.sleep(0.05)
    finally:
        await service.close()
        await store.close()


def child(url: str, name: str, events: str, stop: str, channels: list[int], hang: bool) -> None:
    register_race()
    try:
        asyncio.run(serve(url, name, events, stop, channels, hang))
    except BaseException:
        append(events, [name, "crash", traceback.format_exc(), 0])
        raise SystemExit(1)


async def all_finished(url: str, least: int) -> bool:
    store = Store(url)
    await store.open()
    try:
        counts = await store._all("SELECT status, COUNT(*) FROM matches GROUP BY status")
        done = dict((str(s), int(n)) for s, n in counts)
        return done.get("finished", 0) >= least and done.get("active", 0) == 0 and done.get("lobby", 0) == 0
    finally:
        await store.close()


async def wait_until(condition, what: str, processes=()) -> None:
    """Until ``condition()`` (a value or an awaitable) is true; fails after WAIT_SECONDS or
    when a process died unasked."""
    until = time.monotonic() + WAIT_SECONDS
    while True:
        met = condition()
        if inspect.isawaitable(met):
            met = await met
        if met:
            return
        assert time.monotonic() < until, f"waited too long for {what}"
        assert all(p.exitcode in (None, -signal.SIGKILL) for p in processes), "a process died"
        await asyncio.sleep(0.1)


async def audit(url: str) -> list:
    store = Store(url)
    await store.open()
    try:
        ids = [r[0] for r in await store._all("SELECT id FROM matches ORDER BY id")]
        return [(await store.match(m), await store.action_log(m)) for m in ids]
    finally:
        await store.close()


def check_logs(found: list, events: list[list]) -> None:
    """Every match finished by timeouts alone, each decision's timeout logged once, each
    reported by exactly one process, and the log replays to the stored state."""
    expired = [(e[2], e[3]) for e in events if e[1] == "expire"]
    assert len(expired) == len(set(expired)), "a timeout reported twice"
    for row, log in found:
        assert row.status == "finished" and row.state["total"] == TARGET
        assert [e.seq for e in log] == list(range(1, len(log) + 1))
        assert replay(row, log) == row.state
        timeouts = [e for e in log if e.kind == "timeout"]
        assert len(timeouts) == TARGET
        assert sorted(v for m, v in expired if m == row.id) == list(range(3, row.version + 1))


async def started_matches(url: str, channels: list[int]) -> list[int]:
    store, service = await open_service(url)
    try:
        return [await new_match(service, channel) for channel in channels]
    finally:
        await service.close()
        await store.close()


def start(tmp_path, url: str, name: str, channels: list[int], hang: bool):
    events, stop = str(tmp_path / "events.jsonl"), str(tmp_path / "stop")
    process = multiprocessing.get_context("spawn").Process(target=child, args=(url, name, events, stop, channels, hang))
    process.start()
    return process, events, stop


def finish(processes, stop: str) -> None:
    Path(stop).write_text("stop")
    for process in processes:
        process.join(timeout=60)
        if process.is_alive():
            process.kill()


async def test_a_deadline_due_while_two_processes_run_fires_once(tmp_path):
    """Four matches both processes know from the start and three each makes on its own
    run by timeouts alone to the end: each reminder sent once, each timeout applied and
    announced once, and both processes fired some."""
    register_race()

    async def scenario() -> None:
        async with fresh_postgres() as url:
            await started_matches(url, [1, 2, 3, 4])
            a, events, stop = start(tmp_path, url, "a", [101, 102, 103], False)
            b, _, _ = start(tmp_path, url, "b", [201, 202, 203], False)
            processes = [a, b]
            try:
                await wait_until(lambda: all_finished(url, 10), "every match to finish", processes)
            finally:
                finish(processes, stop)
            seen = lines(events)
            assert [e for e in seen if e[1] == "crash"] == []
            assert [p.exitcode for p in processes] == [0, 0]
            reminders = [(e[2], e[3]) for e in seen if e[1] == "remind"]
            assert len(reminders) == len(set(reminders)), "a reminder sent twice"
            assert len(reminders) == 10 * TARGET, "a decision without its reminder"
            check_logs(await audit(url), seen)
            assert {e[0] for e in seen if e[1] == "expire"} == {"a", "b"}
    await scenario()


async def test_a_process_killed_holding_a_lease_has_its_deadlines_taken_over(tmp_path):
    """Process a hangs in its first reminder (it holds that match's lease) and is killed
    with SIGKILL: b sends that reminder again once the lease has run out, and every match,
    a's own included, still runs to its end with each timeout applied once."""
    register_race()

    async def scenario() -> None:
        async with fresh_postgres() as url:
            await started_matches(url, [1, 2])
            a, events, stop = start(tmp_path, url, "a", [101, 102, 103], True)
            processes = [a]
            try:
                await wait_until(lambda: any(e[:2] == ["a", "remind"] for e in lines(events)), "a's first reminder",
                                 processes)
                b, _, _ = start(tmp_path, url, "b", [201, 202, 203], False)
                processes.append(b)
                await wait_until(lambda: ["b", "ready", 0, 0] in lines(events), "b to start", processes)
                os.kill(a.pid, signal.SIGKILL)
                processes[0].join(timeout=30)
                held = next(e for e in lines(events) if e[:2] == ["a", "remind"])
                await wait_until(lambda: all_finished(url, 8), "every match to finish", processes)
            finally:
                finish(processes, stop)
            seen = lines(events)
            assert processes[0].exitcode == -signal.SIGKILL and processes[1].exitcode == 0
            assert [e for e in seen if e[1] == "crash"] == []
            assert ["b", "remind", held[2], held[3]] in seen, "the killed process's reminder was not taken over"
            created_by_a = {e[2] for e in seen if e[:2] == ["a", "created"]}
            assert len(created_by_a) == 3 and created_by_a <= {e[2] for e in seen if e[:2] == ["b", "expire"]}
            check_logs(await audit(url), seen)
    await scenario()


# -- connections terminated by the server -----------------------------------------------------


async def keep_playing(url: str, out: str, stop: str) -> None:
    """Make moves on six matches in turn, and listen on a channel, until told to stop:
    every move committed or refused goes to ``out``."""
    store, service = await open_service(url)
    heard: list[str] = []
    await store.database.listen("probe", lambda payload: heard.append(payload) or None)
    service.watch_deadlines(POLL_SECONDS)
    channels = iter(range(300, 100_000))
    ids = [await new_match(service, next(channels), 600) for _ in range(6)]
    try:
        while not Path(stop).exists():
            for k, match_id in enumerate(ids):
                service.cache.drop(match_id)
                try:
                    row = await service.load(match_id)
                    if row.status != "active":
                        ids[k] = await new_match(service, next(channels), 600)
                        continue
                    user = row.seats[row.state["turn"]]["user_id"]
                    outcome = await service.act(match_id, user, "add 1", expected_version=row.version)
                    append(out, ["moved", match_id, outcome.match.version])
                except Exception as error:  # a terminated connection: the move failed whole
                    append(out, ["failed", match_id, type(error).__name__])
            if heard:
                append(out, ["heard", heard[-1], 0])
            await asyncio.sleep(0.02)
    finally:
        await service.close()
        await store.close()


def player(url: str, out: str, stop: str) -> None:
    register_race()
    try:
        asyncio.run(keep_playing(url, out, stop))
    except BaseException:
        append(out, ["crash", traceback.format_exc(), 0])
        raise SystemExit(1)


async def terminate_backends(url: str) -> int:
    admin = await asyncpg.connect(url)
    try:
        return len(await admin.fetch(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"))
    finally:
        await admin.close()


async def notify(url: str, payload: str) -> None:
    admin = await asyncpg.connect(url)
    try:
        await admin.execute("SELECT pg_notify('probe', $1)", payload)
    finally:
        await admin.close()


async def test_connections_terminated_mid_stream_lose_nothing_and_the_process_recovers(tmp_path):
    """The server ends every connection of the playing process twice while it moves: the
    moves caught in it fail whole (no half-written match), the next ones commit on new
    connections, the LISTEN connection listens again, and every committed move is in a log
    that replays to the stored state."""
    register_race()

    async def scenario() -> None:
        async with fresh_postgres() as url:
            out, stop = str(tmp_path / "moves.jsonl"), str(tmp_path / "stop")
            process = multiprocessing.get_context("spawn").Process(target=player, args=(url, out, stop))
            process.start()
            try:
                for round_ in (1, 2):
                    moved = len([e for e in lines(out) if e[0] == "moved"])
                    await wait_until(lambda: len([e for e in lines(out) if e[0] == "moved"]) >= moved + 5,
                               "moves before the connections end", [process])
                    assert await terminate_backends(url) >= 1
                    await wait_until(lambda: len([e for e in lines(out) if e[0] == "moved"]) >= moved + 15,
                               "moves on new connections", [process])

                async def heard() -> bool:
                    await notify(url, "after")
                    return ["heard", "after", 0] in lines(out)
                await wait_until(heard, "the listener to listen again", [process])
            finally:
                Path(stop).write_text("stop")
                process.join(timeout=60)
                if process.is_alive():
                    process.kill()
            seen = lines(out)
            assert process.exitcode == 0 and [e for e in seen if e[0] == "crash"] == []
            committed = {(e[1], e[2]) for e in seen if e[0] == "moved"}
            found = await audit(url)
            for row, log in found:
                assert [e.seq for e in log] == list(range(1, len(log) + 1))
                if row.state is None:
                    assert row.status == "lobby" and log == []
                    continue  # a lobby whose start the terminated connection failed (rolled back whole)
                assert replay(row, log) == row.state
                # the version counts the lobby's steps and each logged move: nothing half-written
                assert row.version == 2 + len(log)
                assert {v for m, v in committed if m == row.id} <= set(range(3, row.version + 1))
    await scenario()
