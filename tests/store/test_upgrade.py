"""A database made by the store before Alembic (tests/fixtures/store_v9.sqlite3: user_version 9,
written through the real services by tests/fixtures/make_store_v9.py) opens with today's
store: stamped at revision 0009 and upgraded in place, nothing lost, every match replays
from its log to its stored state, and play goes on."""
from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from gamehost.db.migrate import HEAD
from gamehost.db.urls import sqlite_url
from gamehost.registry import plugin
from gamehost.review import replay
from gamehost.service import MatchService
from gamehost.store import Store

from .test_migrations import differences

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "store_v9.sqlite3"
TABLES = ("matches", "actions", "snapshots", "user_settings", "followers", "ranked_matches", "ratings",
          "rating_history", "tournaments", "tournament_matches", "guild_settings", "campaigns",
          "tournament_tables", "turn_posts", "private_sent")

ROWID_KEYS = {("matches", "id"), ("tournaments", "id"), ("user_settings", "user_id"), ("guild_settings", "guild_id"),
              ("ranked_matches", "match_id"), ("tournament_matches", "match_id"), ("turn_posts", "match_id")}


def dump(path: str) -> dict[str, list[tuple]]:
    with sqlite3.connect(path) as db:
        return {t: db.execute(f"SELECT * FROM {t} ORDER BY 1, 2" if t not in ("ranked_matches",)
                              else f"SELECT * FROM {t} ORDER BY 1").fetchall() for t in TABLES}


def legacy_copy(tmp_path) -> str:
    path = str(tmp_path / "old.sqlite3")
    shutil.copy(FIXTURE, path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 9
        assert not db.execute("SELECT 1 FROM sqlite_master WHERE name='alembic_version'").fetchall()
    return path


async def test_a_file_of_the_store_before_alembic_upgrades_in_place_with_nothing_lost(tmp_path):
    path = legacy_copy(tmp_path)
    before = dump(path)
    assert len(before["matches"]) >= 12 and before["tournaments"] and before["campaigns"] and before["ratings"]
    store = Store(path)
    await store.open()
    try:
        assert await store.schema_version() == int(HEAD)
        rows = [await store.match(r[0]) for r in before["matches"]]
        replayed = 0
        for row in rows:
            assert row is not None
            log = await store.action_log(row.id)
            assert len(log) == await store.last_seq(row.id)
            if row.state is not None:
                assert replay(row, log) == row.state, f"match {row.id} ({row.game}) replays differently"
                replayed += 1
        assert replayed >= 10 and {r.game for r in rows} == {"clash", "cloudspire", "evs", "kr"}
        tournament = await store.tournament(before["tournaments"][0][0])
        assert tournament is not None and tournament[3] == "finished"
    finally:
        await store.close()
    after = dump(path)
    # every row of every table as it was (columns added since, e.g. 0011's, come after the old ones)
    assert {t: [r[:len(before[t][0])] if before[t] else r for r in rows] for t, rows in after.items()} == before
    # and its tables are the schema's, but for one spelling: the old files declared their
    # ``INTEGER PRIMARY KEY`` columns without NOT NULL (SQLite's rowid: never NULL anyway)
    left = [d for d in await differences(sqlite_url(path))
            if not (d[0][0] == "modify_nullable" and d[0][5:] == (True, False)
                    and d[0][2:4] in ROWID_KEYS)]
    assert left == []


async def test_play_goes_on_in_an_upgraded_file(tmp_path):
    path = legacy_copy(tmp_path)
    store = Store(path)
    await store.open()
    service = MatchService(store, lambda: 1_800_000_000.0)
    try:
        active = [r for r in [await store.match(m) for m in range(1, 20)] if r is not None and r.status == "active"]
        assert len(active) == 4
        for row in active:
            engine = plugin(row.game).engine
            seat = engine.prompts(row.state)[0].seat
            user = row.seats[seat]["user_id"]
            outcome = await service.act(row.id, user, engine.bot_action(row.state, seat))
            assert outcome.match.version == row.version + 1
            stored = await store.match(row.id)
            assert replay(stored, await store.action_log(row.id)) == stored.state
        assert await store.followers(active[0].id)
        assert await store.locale(900_000_000_000_000_001) == "de"
    finally:
        await service.close()
        await store.close()
    store = Store(path)  # opened again: at the head, nothing to do
    await store.open()
    assert await store.schema_version() == int(HEAD)
    await store.close()
