"""1,000 random concurrent actions over 50 matches from two OS processes on one PostgreSQL
database (issue 23).

The processes are those of scripts/two_processes.py (spawned, each with its own Store and
MatchService, started together by a barrier): each picks one of the 50 matches at random
again and again and plays a random legal move for a seat it waits for, as a Discord command
would, with the board version it read; only the database's version check keeps the two from
both applying a move to one version. Afterwards every match must equal a replay of its log,
its versions must be gapless, each made by exactly one process, and each committed action
must be in the log exactly once (the same harness as tests/service/test_multiprocess.py, on
the registered games instead of the toy race).
"""
from __future__ import annotations

import asyncio
from collections import Counter

from gamehost.review import replay
from gamehost.store import open_store
from scripts.two_processes import open_matches, run_processes
from tests.support.databases import fresh_postgres

MATCHES = 50
PROCESSES = 2
ACTIONS = 500  # per process: 1,000 in all
GAMES = ["clash", "evs", "kr", "cloudspire"]


async def stored(url: str, match_ids: list[int]) -> dict:
    store = await open_store(url)
    try:
        return {m: (await store.match(m), await store.action_log(m)) for m in match_ids}
    finally:
        await store.close()


def committed_by_match(reports: list[dict]) -> dict[int, list[tuple[int, int]]]:
    """match id -> [(version made, process index)] over every process's report."""
    made: dict[int, list[tuple[int, int]]] = {}
    for index, report in enumerate(reports):
        for match_id, version in report["committed"]:
            made.setdefault(match_id, []).append((version, index))
    return made


async def test_a_thousand_random_actions_from_two_processes_replay_exactly():
    async with fresh_postgres() as url:
        match_ids = await open_matches(url, MATCHES, GAMES)
        before = {m: row.version for m, (row, _log) in (await stored(url, match_ids)).items()}
        reports = await asyncio.to_thread(run_processes, url, match_ids, PROCESSES, ACTIONS, 2323)
        errors = [r["error"] for r in reports if "error" in r]
        assert not errors, "\n".join(errors)
        after = await stored(url, match_ids)

    assert sum(len(r["committed"]) for r in reports) == PROCESSES * ACTIONS
    assert all(r["committed"] for r in reports), "one process never committed"
    assert sum(r["lost"] for r in reports) > 0, "the processes never raced for one version"
    made = committed_by_match(reports)
    assert len(made) >= MATCHES // 2, "the actions were not spread over the matches"
    for match_id, (row, log) in after.items():
        assert replay(row, log) == row.state, f"match {match_id} ({row.game}) is not its log replayed"
        assert [entry.seq for entry in log] == list(range(1, len(log) + 1)), f"match {match_id}: log gaps"
        versions = sorted(version for version, _process in made.get(match_id, []))
        # every version after the start made by exactly one process, none skipped, none twice
        assert versions == list(range(before[match_id] + 1, row.version + 1)), (match_id, versions)
        moves = [entry for entry in log if entry.kind == "action"]
        assert len(moves) == len(versions), f"match {match_id}: {len(versions)} commits, {len(moves)} logged"
        assert not [k for k, n in Counter(e.seq for e in log).items() if n > 1]
    processes_per_match = [len({p for _v, p in made[m]}) for m in made]
    assert max(processes_per_match) == PROCESSES, "no match was played by both processes"
