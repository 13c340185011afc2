"""A tournament's round reminder and round deadline with two real OS processes on one
PostgreSQL database (gamehost/tournament_clock.py): the reminder is announced once, the round
ending at its deadline in both processes pairs the next round once, and the tournament
finishes with one match per table.

The processes share a clock that the parent moves forward (real time plus an offset read
from a file), so the round deadlines come due without waiting minutes; they find them by
their periodic claim (their own timers sleep on the real clock). The parent waits on
conditions, never on elapsed times.
"""
from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import time
import traceback
from pathlib import Path

from gamehost import leases
from gamehost.service import MatchService
from gamehost.store import Store
from gamehost.tournament_service import TournamentService
from tests.service.test_deadline_processes import append, lines, wait_until
from tests.service.test_tournament_processes import ORGANIZER, audit, check_one_match_per_table, register_race
from tests.support.databases import fresh_postgres

ROUND_MINUTES = 5
POLL_SECONDS = 0.3


def shared_clock(offset_file: str):
    def clock() -> float:
        text = Path(offset_file).read_text() if Path(offset_file).exists() else ""
        return time.time() + float(text or 0)
    return clock


async def open_services(url: str, clock):
    store = Store(url)
    await store.open()
    matches = MatchService(store, clock)
    return store, matches, TournamentService(matches)


async def running_swiss(url: str, offset_file: str) -> int:
    """Eight people, two rounds of ROUND_MINUTES, round 1 paired and its tables opened."""
    store, matches, tournaments = await open_services(url, shared_clock(offset_file))
    try:
        t = await tournaments.create(guild_id=1, channel_id=500, creator_id=ORGANIZER, game="race", fmt="swiss",
                                     rounds=2, round_hours=ROUND_MINUTES / 60)
        for user in range(1, 9):
            await tournaments.join(t.id, user, f"p{user}")
        await tournaments.start(t.id, ORGANIZER)
        await tournaments.idle()
        return t.id
    finally:
        await tournaments.close()
        await matches.close()
        await store.close()


async def serve(url: str, name: str, offset_file: str, events: str, stop: str) -> None:
    leases.SCHEDULER_PERIOD = POLL_SECONDS
    errors: list[str] = []

    class Errors(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            errors.append(record.getMessage())
    logging.getLogger().addHandler(Errors(level=logging.ERROR))
    store, matches, tournaments = await open_services(url, shared_clock(offset_file))

    async def heard(event) -> None:
        number = event.round["number"] if event.round is not None else 0
        append(events, [name, event.kind, number])
    tournaments.listeners.append(heard)
    await tournaments.recover()  # watching: the claim every POLL_SECONDS
    append(events, [name, "ready", 0])
    try:
        while not Path(stop).exists():
            await asyncio.sleep(0.05)
        await tournaments.idle()
    finally:
        for error in errors:
            append(events, [name, "error", error])
        await tournaments.close()
        await matches.close()
        await store.close()


def child(url: str, name: str, offset_file: str, events: str, stop: str) -> None:
    register_race()
    try:
        asyncio.run(serve(url, name, offset_file, events, stop))
    except BaseException:
        append(events, [name, "crash", traceback.format_exc()])
        raise SystemExit(1)


async def test_a_round_deadline_in_two_processes_pairs_the_next_round_once(tmp_path):
    register_race()
    offset, events, stop = str(tmp_path / "offset"), str(tmp_path / "events.jsonl"), str(tmp_path / "stop")
    async with fresh_postgres() as url:
        tid = await running_swiss(url, offset)
        context = multiprocessing.get_context("spawn")
        processes = [context.Process(target=child, args=(url, name, offset, events, stop)) for name in "ab"]
        for process in processes:
            process.start()
        try:
            await wait_until(lambda: len([e for e in lines(events) if e[1] == "ready"]) == 2, "both to start",
                             processes)
            length = ROUND_MINUTES * 60
            Path(offset).write_text(str(length * 0.8))  # past the round's reminder
            await wait_until(lambda: any(e[1] == "reminder" for e in lines(events)), "the reminder", processes)
            Path(offset).write_text(str(length + 5))  # past round 1's deadline
            await wait_until(lambda: any(e[1:] == ["round_started", 2] for e in lines(events)), "round 2",
                             processes)
            Path(offset).write_text(str(2 * length + 60))  # past round 2's deadline
            await wait_until(lambda: any(e[1] == "finished" for e in lines(events)), "the end", processes)
        finally:
            Path(stop).write_text("stop")
            for process in processes:
                process.join(timeout=60)
                if process.is_alive():
                    process.kill()
        seen = lines(events)
        assert [e for e in seen if e[1] in ("crash", "error")] == []
        assert [p.exitcode for p in processes] == [0, 0]
        assert len([e for e in seen if e[1] == "reminder"]) == 1, "the round reminder announced twice"
        assert len([e for e in seen if e[1:] == ["round_started", 2]]) == 1, "round 2 paired twice"
        assert len([e for e in seen if e[1] == "finished"]) == 1
        found = await audit(url, tid)
        assert found["status"] == "finished" and len(found["tables"]) == 8
        check_one_match_per_table(found)
        assert {x["note"] for x in found["tables"]} == {"deadline"}
