"""Several OS processes on one database (a SQLite file, a PostgreSQL database), each with its
own Store and MatchService.

The optimistic version check (``UPDATE ... WHERE version=?``) is what keeps two processes
from both applying one decision: each process races every match, and across all of them
each decision must apply exactly once, nothing may be lost, and SQLITE_BUSY must be waited
out (busy_timeout), never surface as a crash.
"""
from __future__ import annotations

import asyncio
import json
import multiprocessing
import traceback
from pathlib import Path

from gamehost import registry
from gamehost.service import MatchService, ServiceError, replay
from gamehost.store import Store

WORKERS = 3
MATCHES = 6
TARGET = 10  # every decision is "add 1": exactly ten decisions per match
NOW = 1_000_000.0
REFUSALS = ("stale", "not_your_turn", "not_active")


def register_race() -> None:
    registry.GAMES["race"] = registry.GamePlugin("race", "tests.support.toy")


def turn_user(row) -> int:
    return row.seats[row.state["turn"]]["user_id"]


async def create_matches(path: str) -> list[int]:
    store = Store(path)
    await store.open()
    service = MatchService(store, lambda: NOW)
    ids = []
    for channel in range(1, MATCHES + 1):
        await service.create(guild_id=1, channel_id=channel, creator_id=10 + channel, creator_name="a",
                             game="race", options={"target": TARGET})
        await service.join(channel, 20 + channel, "b")
        ids.append((await service.start(channel, 10 + channel)).match.id)
    await service.close()
    await store.close()
    return ids


async def play(path: str, match_ids: list[int], index: int) -> dict:
    store = Store(path)
    await store.open()
    service = MatchService(store, lambda: NOW)
    applied, refused = [], {}
    order = match_ids[index:] + match_ids[:index]  # each process starts on a different match
    try:
        for _ in range(2000):
            live = 0
            for match_id in order:
                row = await service.load(match_id)
                if row.status != "active":
                    continue
                live += 1
                # even processes press buttons (board version), odd ones type commands
                expected = row.version if index % 2 == 0 else None
                try:
                    outcome = await service.act(match_id, turn_user(row), "add 1", expected_version=expected)
                except ServiceError as error:
                    assert error.code in REFUSALS, error.code
                    refused[error.code] = refused.get(error.code, 0) + 1
                    service.cache.drop(match_id)  # look at the database again next time
                    continue
                # the version it was applied to: a typed move whose commit found a newer row is
                # judged again on it (MatchService.act), so not always the one loaded above
                applied.append([match_id, outcome.match.version - 1, outcome.match.version])
            if not live:
                stored = [await store.match(m) for m in match_ids]
                if all(r.status != "active" for r in stored):
                    break
                for m in match_ids:
                    service.cache.drop(m)
    finally:
        await service.close()
        await store.close()
    return {"applied": applied, "refused": refused}


def worker(path: str, match_ids: list[int], index: int, barrier, out: str) -> None:
    register_race()
    try:
        barrier.wait(timeout=30)  # start together, so the processes really contend
        result = asyncio.run(play(path, match_ids, index))
    except BaseException:
        Path(out).write_text(json.dumps({"error": traceback.format_exc()}))
        raise SystemExit(1)
    Path(out).write_text(json.dumps(result))


async def check(path: str, match_ids: list[int]) -> list:
    store = Store(path)
    await store.open()
    try:
        return [(await store.match(m), await store.action_log(m)) for m in match_ids]
    finally:
        await store.close()


def test_processes_sharing_one_database_apply_each_decision_once(tmp_path, store_url):
    """Three spawned processes, each with its own Store+MatchService on the same SQLite file,
    all play every one of six matches to the end at once (some with the board version, some
    without): every decision is applied by exactly one process, the log is complete and
    replays to the stored state, and no process crashed on a locked database."""
    register_race()
    path = store_url
    match_ids = asyncio.run(create_matches(path))
    started = {row.id: row.version for row, _log in asyncio.run(check(path, match_ids))}

    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(WORKERS)
    outs = [str(tmp_path / f"worker{i}.json") for i in range(WORKERS)]
    processes = [context.Process(target=worker, args=(path, match_ids, i, barrier, outs[i]))
                 for i in range(WORKERS)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=60)
    for process in processes:
        if process.is_alive():
            process.kill()
    reports = [json.loads(Path(out).read_text()) if Path(out).exists() else {"error": "no report"}
               for out in outs]
    errors = [r["error"] for r in reports if "error" in r]
    assert errors == [] and [p.exitcode for p in processes] == [0] * WORKERS, "\n".join(errors)

    applied = [tuple(entry) + (i,) for i, r in enumerate(reports) for entry in r["applied"]]
    assert sum(1 for r in reports if r["applied"]) >= 2, "only one process ever applied a move"
    assert sum(sum(r["refused"].values()) for r in reports) > 0, "the processes never raced each other"
    for row, log in asyncio.run(check(path, match_ids)):
        assert row.status == "finished" and row.state["total"] == TARGET
        mine = sorted((before, after) for match_id, before, after, _p in applied if match_id == row.id)
        # each decision (a version) applied by exactly one process, none lost
        assert mine == [(v, v + 1) for v in range(started[row.id], row.version)], mine
        assert [e.seq for e in log] == list(range(1, TARGET + 1))
        assert [e.action for e in log] == ["add 1"] * TARGET
        assert replay(row, log) == row.state
