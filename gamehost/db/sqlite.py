"""The SQLite backend: one aiosqlite connection shared by every task of the process (WAL,
``synchronous=NORMAL``, foreign keys on, a 10 s busy timeout).

Transactions are ``BEGIN IMMEDIATE``: the database's write lock is taken at the start, so
two processes on one file never deadlock upgrading a read to a write, and every transaction
is serial with every other writer (``lock`` has nothing left to do). Tasks share the
connection, so one asyncio lock keeps their transactions from interleaving (a BEGIN inside
another task's BEGIN fails, a rollback would undo the other's work), and reads outside a
transaction wait for the open one: another task must never see (and cache) a write that
may still roll back.
"""
from __future__ import annotations

import asyncio
import sqlite3
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence, cast

import aiosqlite

from gamehost.db.base import IntegrityError, Notice, first_value
from gamehost.db.urls import sqlite_path, sqlite_url

PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON",
           "PRAGMA busy_timeout=10000")


@contextmanager
def integrity() -> Iterator[None]:
    """sqlite3's integrity errors as the store's ``IntegrityError`` (one type for both backends)."""
    try:
        yield
    except sqlite3.IntegrityError as error:
        if isinstance(error, IntegrityError):
            raise
        raise IntegrityError(*error.args) from error


class SQLiteTransaction:
    """Statements on the shared connection, run by whoever holds the lock."""

    def __init__(self, connection: aiosqlite.Connection):
        self.connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with integrity():
            cursor = await self.connection.execute(sql, params)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with integrity():
            await self.connection.executemany(sql, rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        # One trip to the connection's thread: execute and drain (a statement left open
        # would block COMMIT in sqlite3). No row_factory: the rows are tuples.
        with integrity():
            return cast(list[tuple], list(await self.connection.execute_fetchall(sql, params)))

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> tuple | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return first_value(await self.fetch(sql, params))

    async def lock(self, key: str) -> None:
        """Nothing: BEGIN IMMEDIATE already holds the database's only write lock."""


class SQLiteDatabase:
    dialect = "sqlite"

    def __init__(self, path: str):
        self.path = path
        self.url = sqlite_url(path)
        self.connection: aiosqlite.Connection | None = None
        self._tx: SQLiteTransaction | None = None
        self._lock = asyncio.Lock()
        self._listeners: dict[str, list[Notice]] = {}

    @classmethod
    def from_url(cls, url: str) -> SQLiteDatabase:
        return cls(sqlite_path(url))

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: transactions are only the explicit ones of ``transaction``.
        self.connection = await aiosqlite.connect(self.path, isolation_level=None)
        self._tx = SQLiteTransaction(self.connection)
        for pragma in PRAGMAS:
            await self.fetch(pragma)

    async def close(self) -> None:
        if self.connection is not None:
            connection, self.connection, self._tx = self.connection, None, None
            await connection.close()

    @property
    def tx(self) -> SQLiteTransaction:
        if self._tx is None:
            raise RuntimeError("the store is not open")
        return self._tx

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SQLiteTransaction]:
        async with self._lock:
            tx = self.tx
            await tx.connection.execute("BEGIN IMMEDIATE")
            try:
                yield tx
            except BaseException:
                await tx.connection.rollback()
                raise
            await tx.connection.commit()

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self.transaction() as tx:
            return await tx.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        async with self.transaction() as tx:
            await tx.executemany(sql, rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        async with self._lock:
            return await self.tx.fetch(sql, params)

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> tuple | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return first_value(await self.fetch(sql, params))

    async def lock(self, key: str) -> None:
        raise RuntimeError("lock() is for inside a transaction")

    async def ping(self) -> None:
        await self.tx.fetch("SELECT 1")  # not behind an open transaction: a health check

    async def notify(self, channel: str, payload: str) -> None:
        """This process's listeners only (a SQLite file has no notices across processes)."""
        for callback in list(self._listeners.get(channel, ())):
            result = callback(payload)
            if result is not None:
                await result

    async def listen(self, channel: str, callback: Notice) -> Callable[[], Awaitable[None]]:
        self._listeners.setdefault(channel, []).append(callback)

        async def stop() -> None:
            self._listeners.get(channel, []).remove(callback)
        return stop
