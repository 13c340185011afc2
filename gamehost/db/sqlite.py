"""The SQLite backend: one aiosqlite connection shared by every task of the process (WAL,
``synchronous=NORMAL``, foreign keys on, a 10 s busy timeout).

Transactions are ``BEGIN IMMEDIATE``: the database's write lock is taken at the start, so
two processes on one file never deadlock upgrading a read to a write, and every transaction
is serial with every other writer (``lock`` has nothing left to do). Tasks share the
connection, so one asyncio lock keeps their transactions from interleaving (a BEGIN inside
another task's BEGIN fails, a rollback would undo the other's work), and reads outside a
transaction wait for the open one: another task must never see (and cache) a write that
may still roll back.

No sqlite3 cursor ever reaches the event loop's thread (``StatementConnection``): a cursor
freed there resets its statement, which sqlite3 shares between cursors of the same SQL,
while the connection's thread may be running that very statement for another task (a
cursor's last reference dropped on the loop after a cancelled await, say): the next
``bind`` then fails with "bad parameter or other API misuse" and the statement stays
broken (``tests/store/test_sqlite_threads.py`` shows the race on a bare connection).
"""
from __future__ import annotations

import asyncio
import sqlite3
from contextlib import asynccontextmanager, contextmanager
from functools import partial
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


class StatementConnection(aiosqlite.Connection):
    """aiosqlite's connection whose statements run, and close their cursor, on its own
    thread in one trip, handing back only plain values. Built on aiosqlite's own way of
    queueing work (``_execute``, the pattern of its ``execute_fetchall``)."""

    def _rowcount(self, sql: str, params: Sequence[Any]) -> int:
        cursor = self._conn.execute(sql, params)
        try:
            return int(cursor.rowcount)
        finally:
            cursor.close()

    def _many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._conn.executemany(sql, rows).close()

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the rows it changed (-1 for other statements)."""
        return cast(int, await self._execute(self._rowcount, sql, params))

    async def run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._execute(self._many, sql, rows)

    def _roll_back_open(self) -> None:
        if self._conn.in_transaction:  # a BEGIN that failed or never ran leaves none
            self._conn.rollback()

    async def roll_back(self) -> None:
        """Roll back the open transaction, if there is one."""
        await self._execute(self._roll_back_open)


def connect(path: str) -> StatementConnection:
    """An unopened connection to ``path`` (await it); transactions are only the explicit
    ones of ``SQLiteDatabase.transaction`` (``isolation_level=None``)."""
    return StatementConnection(partial(sqlite3.connect, path, isolation_level=None), iter_chunk_size=64)


class SQLiteTransaction:
    """Statements on the shared connection, run by whoever holds the lock."""

    def __init__(self, connection: StatementConnection):
        self.connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with integrity():
            return await self.connection.run(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with integrity():
            await self.connection.run_many(sql, rows)

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
        self.connection: StatementConnection | None = None
        self._tx: SQLiteTransaction | None = None
        self._lock = asyncio.Lock()
        self._listeners: dict[str, list[Notice]] = {}

    @classmethod
    def from_url(cls, url: str) -> SQLiteDatabase:
        return cls(sqlite_path(url))

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        connection = connect(self.path)
        await connection  # starts its thread and opens the file
        self.connection, self._tx = connection, SQLiteTransaction(connection)
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
        """One transaction at a time on the shared connection. A task cancelled anywhere in
        it (even while BEGIN waits its turn: the connection's thread still runs it) or
        failing to commit rolls back before the lock passes on, so the next task never
        begins inside its leftovers."""
        async with self._lock:
            tx = self.tx
            try:
                await tx.connection.run("BEGIN IMMEDIATE")
                yield tx
                await tx.connection.commit()
            except BaseException:  # a failed or cancelled COMMIT too: none stays open
                # shielded: a second cancellation cannot stop the rollback being queued on the
                # connection's thread ahead of the next holder's statements
                await asyncio.shield(tx.connection.roll_back())
                raise

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
