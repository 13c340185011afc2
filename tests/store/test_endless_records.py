"""Endless records (issue 24; gamehost/endless_records.py, revision 0012) on SQLite and
PostgreSQL: one row per finished endless run, written once however often it is recorded
(the listener, a catch-up, two at once), the best runs per faction and difficulty by waves
survived, then fortress power, then the earliest; runs the listener missed are caught up;
matches that are no endless run leave nothing (CS-DM endless score)."""
from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from gamehost.db.migrate import upgrade
from gamehost.endless_records import EndlessRecords, run_of
from gamehost.store import MatchRow, Store

GUILD = 987_654_321_987_654_321
PERSON = 1_234_567_890_123_456_789


@pytest.fixture
async def store(store_url):
    s = Store(store_url)
    await s.open()
    yield s
    await s.close()


def finished(channel: int, *, faction="heirs", difficulty="normal", waves=3, power=12, mode="endless",
             at=1_000.0, guild: int | None = GUILD, user=PERSON, name="alice") -> MatchRow:
    """A finished Cloudspire match as the store keeps it: one person, then three Cloud seats."""
    seats = [{"user_id": user, "name": name, "bot": False}] + [
        {"user_id": None, "name": f"Cloud {n}", "bot": True, "house": True, "cloud": True, "level": difficulty}
        for n in (2, 3, 4)]
    factions = [faction] + [f for f in ("brawnen", "grovetenders", "heirs", "narora") if f != faction][:3]
    players = [{"seat": s, "gate": 0, "broken": True, "adv": {}} for s in range(4)]
    return MatchRow(
        id=0, guild_id=guild, channel_id=channel, game="cloudspire", status="finished", creator_id=user,
        options={"mode": mode, "difficulty": difficulty}, seats=seats, seed=7, state={"factions": factions, "players": players},
        version=9, pace="live", timeout_policy="auto", decision_seconds=600, deadline_at=None, reminded=False,
        board_message_id=None, locale="en",
        result={"winners": [1, 2, 3], "placements": [[1, 2, 3], [0]], "reason": "gate",
                "figures": {"0": {"power": power}, "mode": mode, "difficulty": difficulty,
                            "waves_survived": waves}},
        created_at=at - 100, updated_at=at)


async def insert(store: Store, row: MatchRow) -> MatchRow:
    row.id = await store.insert_match(row)
    return row


async def test_a_run_is_written_once_however_often_it_is_recorded(store):
    records = EndlessRecords(store)
    row = await insert(store, finished(1))
    assert await records.record(row) is True
    assert await records.record(row) is False
    await asyncio.gather(*(records.match_ended(row) for _ in range(3)))
    assert await records.catch_up(GUILD, "cloudspire") == 0
    runs = await records.best(GUILD, "cloudspire")
    assert [(r.match_id, r.faction, r.difficulty, r.waves, r.power, r.user_id, r.name) for r in runs] == [
        (row.id, "heirs", "normal", 3, 12, PERSON, "alice")]


async def test_best_runs_by_waves_then_power_then_earliest_per_faction_and_difficulty(store):
    records = EndlessRecords(store)
    rows = [await insert(store, finished(10 + i, faction=f, difficulty=d, waves=w, power=p, at=1_000.0 + i,
                                         name=n))
            for i, (f, d, w, p, n) in enumerate([
                ("heirs", "normal", 5, 10, "a"), ("heirs", "normal", 7, 3, "b"), ("heirs", "normal", 7, 9, "c"),
                ("heirs", "normal", 7, 9, "d"),  # the same score, later: below c
                ("heirs", "hard", 2, 1, "e"), ("narora", "normal", 4, 4, "f")])]
    for row in rows:
        await records.match_ended(row)
    best = await records.best(GUILD, "cloudspire")
    assert [(r.faction, r.difficulty, r.name) for r in best] == [
        ("heirs", "hard", "e"), ("heirs", "normal", "c"), ("narora", "normal", "f")]
    heirs = await records.best(GUILD, "cloudspire", faction="heirs", difficulty="normal", per_group=10)
    assert [(r.name, r.rank) for r in heirs] == [("c", 1), ("d", 2), ("b", 3), ("a", 4)]
    assert await records.best(GUILD + 1, "cloudspire") == []           # another server's table is its own
    assert await records.best(GUILD, "cloudspire", difficulty="easy") == []


async def test_runs_the_listener_missed_are_caught_up_and_other_matches_leave_nothing(store):
    records = EndlessRecords(store)
    missed = await insert(store, finished(20, waves=9))
    solo = await insert(store, finished(21, mode="solo"))
    elsewhere = await insert(store, finished(22, guild=GUILD + 1))
    active = await insert(store, replace(finished(23), status="active", result=None))
    assert run_of(solo) is None and run_of(active) is None
    assert await records.record(solo) is False
    assert await records.catch_up(GUILD, "cloudspire") == 1
    assert await records.catch_up(GUILD, "cloudspire") == 0
    assert [r.match_id for r in await records.best(GUILD, "cloudspire")] == [missed.id]
    assert [r.match_id for r in await records.best(GUILD + 1, "cloudspire")] == []
    assert await records.catch_up(GUILD + 1, "cloudspire") == 1
    assert [r.match_id for r in await records.best(GUILD + 1, "cloudspire")] == [elsewhere.id]


async def test_a_run_outside_a_server_is_kept_under_guild_zero(store):
    records = EndlessRecords(store)
    row = await insert(store, finished(30, guild=None))
    assert await records.catch_up(None, "cloudspire") == 1
    assert [r.match_id for r in await records.best(None, "cloudspire")] == [row.id]


async def test_a_database_at_0011_gets_the_table_at_open(store_url):
    await upgrade(store_url, "0011")
    store = Store(store_url)
    await store.open()
    try:
        row = await insert(store, finished(40))
        assert await EndlessRecords(store).record(row)
    finally:
        await store.close()
