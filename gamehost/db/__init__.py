"""The store's connection layer and schema: ``open_database(url)`` gives an open
``Database`` (SQLite through aiosqlite or PostgreSQL through asyncpg) at the schema's head
revision (gamehost/db/migrate.py)."""
from __future__ import annotations

from gamehost.db.base import INTEGRITY_ERRORS, Database, Executor, IntegrityError
from gamehost.db.migrate import prepare
from gamehost.db.postgres import PostgresDatabase
from gamehost.db.sqlite import SQLiteDatabase
from gamehost.db.urls import dialect_of, sqlite_url


def database_for(url: str, pool_size: int | None = None) -> Database:
    """The database at ``url``, not yet open (``pool_size``: PostgreSQL's connections, at most)."""
    if dialect_of(url) == "sqlite":
        return SQLiteDatabase.from_url(url)
    return PostgresDatabase.from_url(url, pool_size)


async def open_database(url: str, pool_size: int | None = None) -> Database:
    """The database at ``url``, open and migrated to the head revision."""
    db = database_for(url, pool_size)
    await db.open()
    try:
        await prepare(db)
    except BaseException:
        await db.close()
        raise
    return db


__all__ = ["Database", "Executor", "INTEGRITY_ERRORS", "IntegrityError", "database_for", "open_database", "sqlite_url"]
