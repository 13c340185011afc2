"""Tournament tables opened by real OS processes on one database (issue 20 item 9; SQLite
and PostgreSQL).

A process killed (SIGKILL) while a 128-table round opens, then a restart: every table ends
with exactly one match and no match is left without its table. Two processes ticking and
playing one tournament at once, on fixed channels: every table opened once, nothing stuck,
and losing a race is no error.
"""
from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import signal
import time
import traceback
from pathlib import Path

import pytest

from gamehost import registry
from gamehost.service import MatchService
from gamehost.store import Store
from gamehost.tournament_service import TournamentService
from gamehost.tournament_tables import LEASE_SECONDS

NOW = 1_000_000.0
ORGANIZER = 9_999


def register_race() -> None:
    registry.GAMES["race"] = registry.GamePlugin("race", "tests.support.toy")


async def open_services(path: str, now: float = NOW):
    store = Store(path)
    await store.open()
    matches = MatchService(store, lambda: now)
    return store, matches, TournamentService(matches)


async def close_services(store, matches, tournaments) -> None:
    await tournaments.idle()
    await tournaments.close()
    await matches.close()
    await store.close()


async def signed_up(path: str, entrants: int, rounds: int = 1) -> int:
    """A Swiss of ``entrants`` people (user ids 1..n), signed up, not started."""
    store, matches, tournaments = await open_services(path)
    t = await tournaments.create(guild_id=1, channel_id=500, creator_id=ORGANIZER, game="race", fmt="swiss",
                                 rounds=rounds)
    for user in range(1, entrants + 1):
        await tournaments.join(t.id, user, f"p{user}")
    await close_services(store, matches, tournaments)
    return t.id


async def audit(path: str, tournament_id: int) -> dict:
    """Every table and match of the tournament as the database holds them."""
    store = Store(path)
    await store.open()
    try:
        _g, _c, _cr, status, data, _v = await store.tournament(tournament_id)
        tables = [x for rnd in data["schedule"] for x in rnd["tables"]]
        rows = await store._all("SELECT id, channel_id, status FROM matches ORDER BY id")
        linked = {r[0] for r in await store._all("SELECT match_id FROM tournament_matches")}
        return {"status": status, "tables": tables, "matches": rows, "linked": linked}
    finally:
        await store.close()


def check_one_match_per_table(found: dict) -> None:
    table_matches = [x["match_id"] for x in found["tables"]]
    assert None not in table_matches, "a table without its match"
    assert len(set(table_matches)) == len(table_matches), "two tables share a match"
    orphans = [r for r in found["matches"] if r[0] not in set(table_matches)]
    assert orphans == [], f"matches belonging to no table: {orphans}"
    assert len(found["matches"]) == len(found["tables"]), "a table got more than one match"
    per_channel: dict[int, int] = {}
    for _id, channel, _status in found["matches"]:
        per_channel[channel] = per_channel.get(channel, 0) + 1
    assert max(per_channel.values()) == 1
    assert found["linked"] == set(table_matches)


# -- killed while a round opens ----------------------------------------------------------------


def start_and_die(path: str, tournament_id: int, kill_at_save: int) -> None:
    """Start the tournament; SIGKILL this process just before its ``kill_at_save``-th write
    of the tournament document (mid-opening: the tables before it have their matches); with
    0, run until the parent kills it."""
    register_race()
    if kill_at_save:
        original = Store.save_tournament
        calls = {"n": 0}

        async def save_tournament(self, *args, **kwargs):
            calls["n"] += 1
            if calls["n"] == kill_at_save:
                os.kill(os.getpid(), signal.SIGKILL)
            return await original(self, *args, **kwargs)
        Store.save_tournament = save_tournament

    async def main() -> None:
        store, matches, tournaments = await open_services(path)
        await tournaments.start(tournament_id, ORGANIZER)
    asyncio.run(main())


async def restart(path: str, tournament_id: int) -> None:
    """A new process after the crash, once the dead process's claims have lapsed."""
    store, matches, tournaments = await open_services(path, NOW + LEASE_SECONDS + 1)
    await tournaments.recover()
    await close_services(store, matches, tournaments)


async def wait_for_matches(path: str, child, least: int = 30, seconds: float = 60) -> None:
    """Until ``least`` matches exist (or the child died, or ``seconds`` passed)."""
    store = Store(path)
    await store.open()
    try:
        until = time.monotonic() + seconds
        while time.monotonic() < until and child.is_alive():
            if await store._value("SELECT COUNT(*) FROM matches") >= least:
                return
            await asyncio.sleep(0.005)
    finally:
        await store.close()


@pytest.mark.parametrize("kill_at_save", [40, 0])
def test_a_process_killed_while_a_128_table_round_opens_leaves_no_orphan(tmp_path, store_url, kill_at_save):
    """Killed right after a table's match was written but before the tournament recorded
    it (``kill_at_save``), or by the parent at whatever point it has reached once some
    thirty matches exist (0): after the restart, each of the 128 tables has exactly one
    match and every match belongs to a table."""
    register_race()
    path = store_url
    tid = asyncio.run(signed_up(path, 256))
    context = multiprocessing.get_context("spawn")
    child = context.Process(target=start_and_die, args=(path, tid, kill_at_save))
    child.start()
    if not kill_at_save:
        asyncio.run(wait_for_matches(path, child))
        os.kill(child.pid, signal.SIGKILL)
    child.join(timeout=60)
    assert child.exitcode == -signal.SIGKILL, "the process was killed mid-opening"
    before = asyncio.run(audit(path, tid))
    assert 0 < len(before["matches"]) < 128, "killed before the round had opened"
    asyncio.run(restart(path, tid))
    after = asyncio.run(audit(path, tid))
    assert after["status"] == "running" and len(after["tables"]) == 128
    check_one_match_per_table(after)
    assert all(r[2] == "active" for r in after["matches"])


# -- two processes on one tournament -------------------------------------------------------------


async def tick_and_play(path: str, tournament_id: int, seconds: float) -> dict:
    """Tick the tournament and resign every open table (its second player loses) until it
    is over; both processes do this at once."""
    errors: list[str] = []

    class Errors(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            errors.append(record.getMessage() + (" (with traceback)" if record.exc_info else ""))
    handler = Errors(level=logging.ERROR)
    logging.getLogger().addHandler(handler)
    store, matches, tournaments = await open_services(path, NOW + 1000)
    refusals: dict[str, int] = {}
    until = time.monotonic() + seconds
    try:
        while time.monotonic() < until:
            await tournaments.tick()
            t = await tournaments.load(tournament_id)
            if t.status == "finished":
                break
            for _rnd, table in t.open_tables():
                if table.get("match_id") is None:
                    continue
                matches.cache.drop(table["match_id"])
                try:
                    await matches.resign(table["match_id"], table["players"][1])
                except Exception as error:  # the other process resigned it first
                    code = getattr(error, "code", type(error).__name__)
                    refusals[code] = refusals.get(code, 0) + 1
            await tournaments.idle()
            await asyncio.sleep(0.001)
        t = await tournaments.load(tournament_id)
        return {"errors": errors, "status": t.status, "refusals": refusals}
    finally:
        await close_services(store, matches, tournaments)
        logging.getLogger().removeHandler(handler)


def ticker(path: str, tournament_id: int, barrier, out: str) -> None:
    register_race()
    try:
        barrier.wait(timeout=30)
        result = asyncio.run(tick_and_play(path, tournament_id, 45))
    except BaseException:
        Path(out).write_text(json.dumps({"crash": traceback.format_exc()}))
        raise SystemExit(1)
    Path(out).write_text(json.dumps(result))


async def paired_unopened(path: str, tournament_id: int) -> None:
    """Round 1 paired, none of its tables opened yet (Discord refused every thread)."""
    store = Store(path)
    await store.open()
    matches = MatchService(store, lambda: NOW)

    async def refuse(t, rnd, table):
        raise RuntimeError("Discord said 503")
    tournaments = TournamentService(matches, open_table=refuse)
    logging.disable(logging.ERROR)
    try:
        await tournaments.start(tournament_id, ORGANIZER)
    finally:
        logging.disable(logging.NOTSET)
    await close_services(store, matches, tournaments)


def test_two_processes_ticking_one_tournament_open_each_table_once(tmp_path, store_url):
    """Two processes tick and play one 64-player, 3-round Swiss on fixed channels from the
    moment its first round is paired: it finishes, every table has exactly one match, no
    match is orphaned, and neither process logs an error."""
    register_race()
    path = store_url
    tid = asyncio.run(signed_up(path, 64, rounds=3))
    asyncio.run(paired_unopened(path, tid))
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(2)
    outs = [str(tmp_path / f"ticker{i}.json") for i in range(2)]
    processes = [context.Process(target=ticker, args=(path, tid, barrier, outs[i])) for i in range(2)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
        if process.is_alive():
            process.kill()
    reports = [json.loads(Path(out).read_text()) if Path(out).exists() else {"crash": "no report"} for out in outs]
    assert [r.get("crash") for r in reports] == [None, None], reports
    found = asyncio.run(audit(path, tid))
    assert found["status"] == "finished", "a table was stuck"
    assert len(found["tables"]) == 3 * 32
    check_one_match_per_table(found)
    assert [r["errors"][:3] for r in reports] == [[], []], "losing a race is not an error"
