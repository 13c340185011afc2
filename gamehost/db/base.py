"""The connection layer the store is written against: one small interface, two backends
(gamehost/db/sqlite.py, gamehost/db/postgres.py).

SQL is written once with ``?`` placeholders and dialect-neutral syntax (``INSERT … ON
CONFLICT``, ``RETURNING id``, no catalog tables); parameters are a tuple. Rows come back as
plain tuples on both backends.
"""
from __future__ import annotations

import sqlite3
from typing import Any, AsyncContextManager, Awaitable, Callable, Iterable, Protocol, Sequence

import asyncpg



class IntegrityError(sqlite3.IntegrityError):
    """A write broke a unique key, a foreign key or NOT NULL: what both backends raise for
    their driver's error (sqlite3's, asyncpg's IntegrityConstraintViolationError). A
    subclass of SQLite's, so ``except sqlite3.IntegrityError`` written for SQLite alone
    still catches it on either database; new code catches this."""


INTEGRITY_ERRORS: tuple[type[BaseException], ...] = (IntegrityError,)
#: what reading a table that does not exist raises, on either backend
MISSING_TABLE_ERRORS: tuple[type[BaseException], ...] = (sqlite3.OperationalError,
                                                         asyncpg.UndefinedTableError)

#: what a statement raises when its connection went away under it (the server restarted,
#: ``pg_terminate_backend``, the network dropped): the statement may be tried again on another
#: connection. SQLite's file never goes away; its errors are never these.
LOST_CONNECTION_ERRORS: tuple[type[BaseException], ...] = (
    asyncpg.PostgresConnectionError, asyncpg.InterfaceError, asyncpg.exceptions.OperatorInterventionError,
    ConnectionError)


def connection_lost(error: BaseException) -> bool:
    return isinstance(error, LOST_CONNECTION_ERRORS)


Notice = Callable[[str], Awaitable[None] | None]


class Executor(Protocol):
    """Runs statements: the database itself (each call on its own) or one open transaction."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]: ...

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> tuple | None: ...

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first column of the first row (None when there is no row)."""

    async def lock(self, key: str) -> None:
        """Inside a transaction: wait until no other transaction holds ``key``, then hold it
        until this one ends (a read-modify-write that no unique key or version guards)."""


class Database(Executor, Protocol):
    dialect: str  # "sqlite" | "postgresql"
    url: str

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def ping(self) -> None:
        """``SELECT 1``; raises when the database is closed or unreachable."""

    def transaction(self) -> AsyncContextManager[Executor]:
        """One write transaction: committed when the block ends, rolled back if it raises."""

    async def notify(self, channel: str, payload: str) -> None:
        """Tell every listener of ``channel`` (other processes too, where the backend can)."""

    async def listen(self, channel: str, callback: Notice) -> Callable[[], Awaitable[None]]:
        """Call ``callback(payload)`` on every notice of ``channel``; returns the stop."""


def first_value(rows: list[tuple]) -> Any:
    return rows[0][0] if rows else None
