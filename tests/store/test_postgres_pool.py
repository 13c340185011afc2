"""Pooled PostgreSQL connections go back to the pool without asyncpg's reset query
(gamehost/db/postgres.py ``keep_session``): a transaction left open is still rolled back, and
nothing the store does on a connection lasts beyond its transaction."""
from __future__ import annotations

import pytest

from gamehost.db.postgres import PostgresDatabase
from tests.support.databases import fresh_postgres


@pytest.fixture
async def database():
    async with fresh_postgres() as url:
        db = PostgresDatabase(url, pool_size=1)  # one connection: every use below reuses it
        await db.open()
        try:
            await db.execute("CREATE TABLE t (n INTEGER)")
            yield db
        finally:
            await db.close()


async def test_a_failed_transaction_leaves_nothing_on_the_reused_connection(database):
    with pytest.raises(RuntimeError):
        async with database.transaction() as tx:
            await tx.execute("INSERT INTO t VALUES (1)")
            await tx.execute("SET LOCAL statement_timeout = 1234")
            await tx.lock("some-key")
            raise RuntimeError("the caller failed half way")
    assert await database.fetchval("SELECT count(*) FROM t") == 0
    assert await database.fetchval("SHOW statement_timeout") == "0"
    mine = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()"
    assert await database.fetchval(mine) == 0
    assert await database.fetchval("SELECT pg_current_xact_id_if_assigned() IS NULL")  # not inside a transaction


async def test_a_connection_released_inside_a_transaction_is_rolled_back(database):
    async with database.pool.acquire() as connection:  # raw use, as a bug would leave it
        await connection.execute("BEGIN")
        await connection.execute("INSERT INTO t VALUES (2)")
    assert await database.fetchval("SELECT count(*) FROM t") == 0
    async with database.transaction() as tx:
        await tx.execute("INSERT INTO t VALUES (3)")
    assert await database.fetchval("SELECT count(*) FROM t") == 1


async def test_a_connection_goes_back_to_the_pool_without_a_reset_query(database):
    sent: list[str] = []
    async with database.pool.acquire() as connection:  # the pool's only connection
        connection.add_query_logger(lambda record: sent.append(record.query))
    await database.fetchval("SELECT 1")
    assert sent == ["SELECT 1"], sent  # asyncpg's default would have sent RESET ALL, UNLISTEN *, ...


async def test_a_bookkeeping_write_is_one_statement_that_does_not_wait_for_the_flush(monkeypatch):
    """gamehost/store.py ``_write_bookkeeping``: one round trip (it was four: BEGIN, SET LOCAL,
    the write, COMMIT), the write made, and the session left as it was."""
    from gamehost.store import Store

    async with fresh_postgres() as url:
        store = Store(url)
        await store.open()
        try:
            await store.database.execute("CREATE TABLE shown (id INTEGER PRIMARY KEY, message BIGINT)")
            sent: list[str] = []
            real = PostgresDatabase.fetchval

            async def fetchval(self, sql, params=()):
                sent.append(sql)
                return await real(self, sql, params)
            monkeypatch.setattr(PostgresDatabase, "fetchval", fetchval)
            for method in ("execute", "transaction", "fetch"):
                monkeypatch.setattr(PostgresDatabase, method, None)  # nothing else is asked
            await store._write_bookkeeping("INSERT INTO shown (id, message) VALUES (?, ?) ON CONFLICT (id) "
                                           "DO UPDATE SET message = excluded.message", (1, 2 ** 40))
            assert len(sent) == 1 and "set_config('synchronous_commit', 'off', true)" in sent[0]
            monkeypatch.undo()
            assert await store.database.fetchval("SELECT message FROM shown WHERE id = 1") == 2 ** 40
            assert await store.database.fetchval("SHOW synchronous_commit") == "on", "only that transaction"
        finally:
            await store.close()


async def test_the_store_opens_at_most_its_pool_size_of_connections():
    """DATABASE_POOL_SIZE (bot.py passes it to the store): what one process may hold at most."""
    from gamehost.store import Store

    async with fresh_postgres() as url:
        store = Store(url, pool_size=3)
        await store.open()
        try:
            assert store.database.pool.get_max_size() == 3
        finally:
            await store.close()
        default = Store(url)
        await default.open()
        try:
            assert default.database.pool.get_max_size() == 10
        finally:
            await default.close()
