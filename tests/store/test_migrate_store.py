"""``python -m gamehost.migrate_store``: the v9 fixture (a database made by the store before
Alembic: every game, a tournament, ratings, a campaign, settings) copied to a fresh PostgreSQL
database and back to SQLite, every row equal as the Database layer reads it, play going on in
the copy with fresh ids; a non-empty target refused unless --replace; a corrupted copy
reported by ``verify``; and the command run as a real process for its exit codes and output."""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from gamehost import store_copy
from gamehost.db.urls import sqlite_url
from gamehost.migrate_store import CopyFailed, Refused, Voices, migrate
from gamehost.registry import plugin
from gamehost.review import replay
from gamehost.service import MatchService
from gamehost.store import Store, unpack_state
from gamehost.store_copy import non_empty_tables, tables
from gamehost.store_replays import sampled
from gamehost.store_verify import summary, verify
from tests.support.databases import fresh_postgres

ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "store_v9.sqlite3"


def fixture_copy(tmp_path) -> str:
    """A copy of the committed fixture (the migration upgrades its source in place)."""
    path = tmp_path / "v9.sqlite3"
    shutil.copy(FIXTURE, path)
    return sqlite_url(path)


def quiet() -> tuple[Voices, list[str], list[str]]:
    out: list[str] = []
    progress: list[str] = []
    return Voices(out=out.append, progress=progress.append), out, progress


async def contents(url: str) -> dict[str, list[tuple]]:
    """Every table's rows as the Database layer reads them, states decoded, in one order."""
    store = Store(url)
    await store.open()
    try:
        dump = {}
        for table in tables():
            names = list(table.c.keys())
            rows = await store.database.fetch(f"SELECT {', '.join(names)} FROM {table.name}")
            packed = [i for i, column in enumerate(table.columns) if column.name == "state"]
            decoded = [tuple(json.dumps(unpack_state(v), sort_keys=True) if i in packed else v
                             for i, v in enumerate(row)) for row in rows]
            dump[table.name] = sorted(decoded, key=repr)
        return dump
    finally:
        await store.close()


async def play_on(url: str) -> None:
    """A legal move in every active match of the copy, and a new match and tournament whose
    ids follow the copied ones."""
    store = Store(url)
    await store.open()
    service = MatchService(store, lambda: 1_800_000_000.0)
    try:
        ids = [r[0] for r in await store.database.fetch("SELECT id FROM matches WHERE status = 'active'")]
        assert len(ids) == 4
        for match_id in ids:
            row = await store.match(match_id)
            engine = plugin(row.game).engine
            seat = engine.prompts(row.state)[0].seat
            outcome = await service.act(row.id, row.seats[seat]["user_id"], engine.bot_action(row.state, seat))
            assert outcome.match.version == row.version + 1
            stored = await store.match(row.id)
            assert replay(stored, await store.action_log(row.id)) == stored.state
        largest = await store.database.fetchval("SELECT MAX(id) FROM matches")
        lobby = await service.create(guild_id=5, channel_id=987_654_321, creator_id=42, creator_name="new",
                                     game="clash", options={})
        assert lobby.id == largest + 1
        tournament = await store.insert_tournament(5, 987_654_322, 42, "signup", {}, 1_800_000_000.0)
        assert tournament == await store.database.fetchval("SELECT COUNT(*) FROM tournaments")
    finally:
        await service.close()
        await store.close()


async def test_the_v9_fixture_moves_to_postgresql_with_every_row_and_play_goes_on(tmp_path, monkeypatch):
    source = fixture_copy(tmp_path)
    monkeypatch.setattr(store_copy, "PROGRESS_EVERY", 100)
    say, out, progress = quiet()
    async with fresh_postgres() as target:
        result = await migrate(source, target, batch=7, say=say)  # small batches: many keyset pages
        assert result.ok, result.problems
        assert result.replayed >= 10 and result.snapshots >= 10
        assert out[0].startswith("source: a store from before Alembic (user_version 9)")
        actions = [line for line in progress if line.startswith("copy actions: ")]
        assert len(actions) == 6 and actions[-1] == "copy actions: 602 / 636 rows"  # each 100 passed
        before, after = await contents(source), await contents(target)
        assert after == before
        assert {t: len(rows) for t, rows in after.items() if rows}.keys() >= {
            "matches", "actions", "snapshots", "tournaments", "tournament_matches", "ratings",
            "rating_history", "campaigns", "user_settings", "guild_settings", "followers"}
        await play_on(target)


async def test_a_non_empty_target_is_refused_unless_replace(tmp_path):
    source = fixture_copy(tmp_path)
    async with fresh_postgres() as target:
        store = Store(target)
        await store.open()
        try:  # one row anywhere is enough to refuse
            await store.set_organizer_role(77, 78)
        finally:
            await store.close()
        before = await contents(target)
        with pytest.raises(Refused, match=r"is not empty \(rows in guild_settings\)"):
            await migrate(source, target, say=quiet()[0])
        assert await contents(target) == before
        result = await migrate(source, target, replace=True, say=quiet()[0])
        assert result.ok, result.problems
        assert await contents(target) == await contents(source)
        with pytest.raises(Refused, match="is not empty"):
            await migrate(source, target, say=quiet()[0])


async def test_postgresql_back_to_sqlite(tmp_path):
    source = fixture_copy(tmp_path)
    back = sqlite_url(tmp_path / "back.sqlite3")
    async with fresh_postgres() as middle:
        assert (await migrate(source, middle, say=quiet()[0])).ok
        result = await migrate(middle, back, batch=3, say=quiet()[0])  # text keys paged too
        assert result.ok, result.problems
        assert result.replayed >= 10
        assert await contents(back) == await contents(source)
    await play_on(back)


async def corrupt_one_move(store: Store) -> int:
    """Log another legal move in place of one of a Clash match's moves; that match's id."""
    match_id = await store.database.fetchval(
        "SELECT MIN(m.id) FROM matches m WHERE m.game = 'clash' AND m.state IS NOT NULL AND "
        "(SELECT COUNT(*) FROM actions a WHERE a.match_id = m.id AND a.kind = 'action') >= 3")
    row = await store.match(match_id)
    log = await store.action_log(match_id)
    engine = plugin(row.game).engine
    index = next(i for i, entry in enumerate(log) if i >= 1 and entry.kind == "action")
    state = replay(row, log[:index])
    others = [engine.format_action(a) for a in engine.legal_actions(state, log[index].seat)]
    other = next(text for text in others if text != log[index].action)
    await store.database.execute("UPDATE actions SET action = ? WHERE match_id = ? AND seq = ?",
                                 (other, match_id, log[index].seq))
    return match_id


async def test_a_corrupted_copy_is_reported_naming_the_match_and_the_table(tmp_path, store_url):
    source = fixture_copy(tmp_path)
    assert (await migrate(source, store_url, say=quiet()[0])).ok
    target, origin = Store(store_url), Store(source)
    await target.open()
    await origin.open()
    try:
        match_id = await corrupt_one_move(target)
        result = await verify(origin.database, target, jobs=2)  # replayed in two worker processes
    finally:
        await target.close()
        await origin.close()
    assert not result.ok
    assert "table actions: the rows differ from the source's" in result.problems
    assert any(p.startswith(f"match {match_id} (clash): ") and "table actions" in p for p in result.problems), \
        result.problems
    assert len(result.problems) == 2


def run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "gamehost.migrate_store", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


async def test_the_command_as_a_process(tmp_path):
    source = fixture_copy(tmp_path)
    shown = run("--help")
    assert shown.returncode == 0 and "Stop the bot first" in shown.stdout and "--replace" in shown.stdout
    async with fresh_postgres() as target:
        first = run("--from", source, "--to", target)  # replays in worker processes (--jobs: the cores)
        assert first.returncode == 0, first.stderr
        lines = first.stdout.splitlines()
        assert lines[0].startswith("source: a store from before Alembic (user_version 9); upgrading it in place")
        assert "matches" in first.stdout and any(line.split() == ["actions", "636"] for line in lines)
        assert lines[-1].startswith("verified: 11 matches replayed")
        again = run("--from", source, "--to", target)
        assert again.returncode == 2 and again.stdout == ""
        assert again.stderr.startswith("migrate_store: the target ") and "--replace" in again.stderr
        assert len(again.stderr.strip().splitlines()) == 1
        store = Store(target)
        await store.open()
        try:
            match_id = await corrupt_one_move(store)
        finally:
            await store.close()
        checked = run("--from", source, "--to", target, "--verify-only", "--jobs", "1")
        assert checked.returncode == 1
        assert f"MISMATCH: match {match_id} (clash)" in checked.stdout
        replaced = run("--from", source, "--to", target, "--replace", "--jobs", "1")
        assert replaced.returncode == 0 and "verified: 11 matches replayed" in replaced.stdout, replaced.stderr
    missing = run("--from", sqlite_url(tmp_path / "none.sqlite3"), "--to", sqlite_url(tmp_path / "x.sqlite3"))
    assert missing.returncode == 2 and "does not exist" in missing.stderr
    assert not (tmp_path / "none.sqlite3").exists()


async def test_a_copy_that_fails_midway_leaves_the_target_as_it_was(tmp_path, store_url):
    source = fixture_copy(tmp_path)
    with sqlite3.connect(tmp_path / "v9.sqlite3") as db:  # an old file, foreign keys unchecked
        db.execute("INSERT INTO followers (match_id, user_id) VALUES (999, 1)")
    with pytest.raises(CopyFailed, match="rolled back, the target is as it was: IntegrityError"):
        await migrate(source, store_url, say=quiet()[0])
    store = Store(store_url)
    await store.open()
    try:
        assert await non_empty_tables(store.database) == []
    finally:
        await store.close()


async def test_targets_that_are_not_the_bots_are_refused_in_one_line(tmp_path):
    source = fixture_copy(tmp_path)
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    with pytest.raises(Refused, match="the target .* cannot be brought to revision"):
        await migrate(source, sqlite_url(other), say=quiet()[0])
    with pytest.raises(Refused, match="name the same database"):
        await migrate(source, sqlite_url(tmp_path / "." / "v9.sqlite3"), say=quiet()[0])
    with pytest.raises(Refused, match="starts with sqlite:/// or postgresql://"):
        await migrate(source, "mysql://somewhere/db", say=quiet()[0])
    newer = tmp_path / "newer.sqlite3"
    shutil.copy(FIXTURE, newer)
    with sqlite3.connect(newer) as db:
        db.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
        db.execute("INSERT INTO alembic_version VALUES ('9999')")
    with pytest.raises(Refused, match="newer than this bot's"):
        await migrate(sqlite_url(newer), sqlite_url(tmp_path / "y.sqlite3"), say=quiet()[0])
    assert not (tmp_path / "y.sqlite3").exists()


async def test_a_sample_of_the_replays_is_said_to_be_one(tmp_path):
    source = fixture_copy(tmp_path)
    result = await migrate(source, sqlite_url(tmp_path / "copy.sqlite3"), sample=3, jobs=2, say=quiet()[0])
    assert result.ok and result.replayed == 3 and result.with_state == 11
    assert summary(result)[-1].startswith("verified: 3 matches replayed (")
    assert summary(result)[-1].endswith(", a sample of the 11 matches with a state)")
    assert sampled(list(range(10)), 3) == [0, 4, 9] and sampled([1, 2], 5) == [1, 2]
