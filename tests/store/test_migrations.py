"""One schema, one migration history, both databases: Alembic's revisions 0001..head build
the schema of gamehost/db/schema.py exactly (as Alembic's autogenerate compares them), a new
database made from the schema at open is the same, ``HEAD`` names Alembic's head, and a
database at an older revision is upgraded at open."""
from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from gamehost.db.migrate import HEAD, alembic_config, upgrade
from gamehost.db.schema import metadata
from gamehost.db.urls import sqlalchemy_url
from gamehost.store import Store


def test_head_is_alembics_head_and_the_history_is_one_line():
    script = ScriptDirectory.from_config(alembic_config())
    assert script.get_heads() == [HEAD]
    revisions = [r.revision for r in script.walk_revisions("base", "heads")]
    assert sorted(revisions) == [f"{n:04d}" for n in range(1, int(HEAD) + 1)]


async def differences(url: str) -> list:
    engine = create_async_engine(sqlalchemy_url(url), poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            def compare(sync_connection):
                context = MigrationContext.configure(sync_connection, opts={"compare_type": True})
                return compare_metadata(context, metadata)
            return await connection.run_sync(compare)
    finally:
        await engine.dispose()


async def test_the_migrations_build_the_schema(store_url):
    await upgrade(store_url, "head")
    assert await differences(store_url) == []
    store = Store(store_url)
    await store.open()
    assert await store.schema_version() == int(HEAD)
    await store.close()


async def test_a_new_database_made_at_open_is_the_schema(store_url):
    store = Store(store_url)
    await store.open()
    assert await store.schema_version() == int(HEAD)
    await store.close()
    assert await differences(store_url) == []


async def test_an_older_revision_is_upgraded_at_open(store_url):
    await upgrade(store_url, "0004")
    store = Store(store_url)
    await store.open()
    try:
        assert await store.schema_version() == int(HEAD)
        tid = await store.insert_tournament(5, 6, 7, "signup", {"a": 1}, 1.0)
        assert (await store.tournament(tid))[5] == 0  # the version column of 0006
    finally:
        await store.close()
