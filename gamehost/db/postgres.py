"""The PostgreSQL backend: asyncpg with a connection pool.

Statements are the store's own SQL with ``?`` placeholders, turned into ``$1, $2, …`` once
per statement text (cached); asyncpg prepares and caches each statement per connection.

Isolation is PostgreSQL's default, READ COMMITTED, and that is enough because every write
that could race is guarded: a match's commit and a tournament's save by their version check
(``UPDATE … WHERE version = $n``, a row count of 0 is a ``VersionConflict``; the UPDATE
re-checks the row after waiting for a concurrent writer), one open match per channel by
the partial unique index, a log entry by its (match, seq) key. The read-modify-write
transactions that no key or version guards take ``lock(key)`` (a transaction-scoped
advisory lock) first: a campaign's progress, a rating pool, a tournament table's claim.
"""
from __future__ import annotations

import asyncio
import functools
from contextlib import asynccontextmanager, contextmanager
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence

import asyncpg

from gamehost.db.base import IntegrityError, Notice

POOL_SIZE = 10
CONNECT_TIMEOUT = 10.0
RELISTEN_MAX_PAUSE = 5.0  # the longest pause between two tries to LISTEN again


@functools.lru_cache(maxsize=2048)
def dollar_params(sql: str) -> str:
    """``?`` placeholders as ``$1, $2, …`` (none inside quoted literals or names)."""
    out: list[str] = []
    quote: str | None = None
    n = 0
    for ch in sql:
        if quote:
            if ch == quote:
                quote = None
        elif ch in ("'", '"'):
            quote = ch
        elif ch == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(ch)
    return "".join(out)


@contextmanager
def integrity() -> Iterator[None]:
    """asyncpg's integrity violations as the store's ``IntegrityError`` (one type for both)."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as error:
        raise IntegrityError(str(error)) from error


def rowcount(status: str) -> int:
    """Rows changed, from a command status such as ``UPDATE 1`` or ``INSERT 0 3``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresTransaction:
    """Statements on one pooled connection inside its transaction."""

    def __init__(self, connection: asyncpg.Connection):
        self.connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with integrity():
            return rowcount(await self.connection.execute(dollar_params(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with integrity():
            await self.connection.executemany(dollar_params(sql), rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        with integrity():
            return [tuple(r) for r in await self.connection.fetch(dollar_params(sql), *params)]

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> tuple | None:
        with integrity():
            row = await self.connection.fetchrow(dollar_params(sql), *params)
            return None if row is None else tuple(row)

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        with integrity():
            return await self.connection.fetchval(dollar_params(sql), *params)

    async def lock(self, key: str) -> None:
        await self.connection.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", key)


async def keep_session(_connection: asyncpg.Connection) -> None:
    """How a pooled connection is made ready for its next use, after asyncpg has rolled back
    any transaction left open: nothing more. The store changes no session state on pooled
    connections (``SET LOCAL`` and ``set_config(..., true)`` end with their transaction, the
    advisory locks are transaction locks, LISTEN has a connection of its own), so asyncpg's
    default reset query (``RESET ALL``, ``UNLISTEN *``, ``CLOSE ALL``, ...) would only cost
    one more round trip every time a connection goes back to the pool."""


class PostgresDatabase:
    dialect = "postgresql"

    def __init__(self, url: str, pool_size: int = POOL_SIZE):
        self.url = url
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None
        self._listeners: list[asyncpg.Connection] = []

    @classmethod
    def from_url(cls, url: str, pool_size: int | None = None) -> PostgresDatabase:
        return cls(url, pool_size or POOL_SIZE)

    async def open(self) -> None:
        self._pool = await asyncpg.create_pool(self.url, min_size=1, max_size=self.pool_size,
                                               timeout=CONNECT_TIMEOUT, reset=keep_session)

    async def close(self) -> None:
        pool, self._pool = self._pool, None  # first: a listener closed now is not made again
        listeners, self._listeners = self._listeners, []
        for connection in listeners:
            await connection.close()
        if pool is not None:
            await pool.close()

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("the store is not open")
        return self._pool

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTransaction]:
        async with self.pool.acquire() as connection:
            async with connection.transaction():
                yield PostgresTransaction(connection)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with integrity():
            return rowcount(await self.pool.execute(dollar_params(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with integrity():
            await self.pool.executemany(dollar_params(sql), rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        with integrity():
            return [tuple(r) for r in await self.pool.fetch(dollar_params(sql), *params)]

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> tuple | None:
        with integrity():
            row = await self.pool.fetchrow(dollar_params(sql), *params)
            return None if row is None else tuple(row)

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        with integrity():
            return await self.pool.fetchval(dollar_params(sql), *params)

    async def lock(self, key: str) -> None:
        raise RuntimeError("lock() is for inside a transaction")

    async def ping(self) -> None:
        await self.pool.fetchval("SELECT 1", timeout=CONNECT_TIMEOUT)

    async def notify(self, channel: str, payload: str) -> None:
        await self.pool.execute("SELECT pg_notify($1, $2)", channel, payload)

    async def listen(self, channel: str, callback: Notice) -> Callable[[], Awaitable[None]]:
        """LISTEN on a connection of its own (a pooled one would go back to the pool). When
        that connection is lost (the server restarted, the backend was terminated) it is made
        again and LISTENs again, retried with a growing pause; notices sent meanwhile are
        missed, so a listener re-reads what it keeps some other way too (a periodic poll)."""
        current: list[asyncpg.Connection] = []
        stopped = asyncio.Event()

        def heard(_connection: Any, _pid: int, _channel: str, payload: str) -> None:
            result = callback(payload)
            if result is not None:
                asyncio.ensure_future(result)

        def lost(connection: Any) -> None:
            if connection in self._listeners:
                self._listeners.remove(connection)
            if not stopped.is_set() and self._pool is not None:
                asyncio.ensure_future(again())

        async def connect() -> None:
            connection = await asyncpg.connect(self.url, timeout=CONNECT_TIMEOUT)
            connection.add_termination_listener(lost)
            await connection.add_listener(channel, heard)
            current[:] = [connection]
            self._listeners.append(connection)

        async def again() -> None:
            pause = 0.1
            while not stopped.is_set() and self._pool is not None:
                try:
                    await connect()
                    return
                except (OSError, asyncpg.PostgresError, TimeoutError):
                    await asyncio.sleep(pause)
                    pause = min(pause * 2, RELISTEN_MAX_PAUSE)

        await connect()

        async def stop() -> None:
            stopped.set()
            for connection in current:
                if connection in self._listeners:
                    self._listeners.remove(connection)
                connection.remove_termination_listener(lost)
                await connection.close()
        return stop
