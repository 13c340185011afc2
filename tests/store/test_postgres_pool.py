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
