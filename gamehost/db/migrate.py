"""Bringing a database to the schema of gamehost/db/schema.py, at ``Store.open``.

The history is Alembic's (gamehost/db/migrations: revisions 0001..0009 are the SQLite
store's ``PRAGMA user_version`` 1..9; later ones follow). At open:

- at the head revision already: nothing (one small read);
- a database with no tables: the schema's tables are created from gamehost/db/schema.py in
  one transaction and stamped at the head revision (Alembic's recipe for a new database,
  done on the store's own connection so an in-memory SQLite database works too);
- a SQLite file of the store before Alembic (``user_version`` N, no ``alembic_version``):
  stamped at revision N, then upgraded;
- otherwise ``alembic upgrade head`` through SQLAlchemy's async driver for the same URL.

Several processes may open one database at once: PostgreSQL serialises them with an
advisory lock, SQLite with BEGIN IMMEDIATE and, around Alembic's own connection, an
exclusive ``flock`` on the database file (SQLite's own locks are fcntl locks: independent).
"""
from __future__ import annotations

import asyncio
import fcntl
import os
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import AsyncIterator

from alembic import command
from alembic.config import Config
from sqlalchemy import Column, MetaData, PrimaryKeyConstraint, String, Table, text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool
from sqlalchemy.schema import CreateIndex, CreateTable

from gamehost.db.base import MISSING_TABLE_ERRORS, Database, Executor
from gamehost.db.schema import metadata
from gamehost.db.urls import sqlalchemy_url, sqlite_path

HEAD = "0012"  # tests/store/test_migrations.py checks it is Alembic's head
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
LOCK_KEY = "gamehost.migrate"
#: the tables of each dialect's catalog (the one place the store reads one)
TABLES_SQL = {"sqlite": "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
              "postgresql": "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"}
DIALECTS: dict[str, Dialect] = {"sqlite": sqlite.dialect(), "postgresql": postgresql.dialect()}

# Alembic's own version table, as ``alembic stamp`` makes it
_version_table = Table("alembic_version", MetaData(), Column("version_num", String(32), nullable=False),
                       PrimaryKeyConstraint("version_num", name="alembic_version_pkc"))


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


@lru_cache(maxsize=None)
def create_statements(dialect: str) -> tuple[str, ...]:
    """The DDL of the whole schema and of Alembic's version table, for ``dialect``."""
    compiled = DIALECTS[dialect]
    out = []
    for table in [*metadata.sorted_tables, _version_table]:
        out.append(str(CreateTable(table).compile(dialect=compiled)).strip())
        out += [str(CreateIndex(index).compile(dialect=compiled)).strip() for index in table.indexes]
    return tuple(out)


async def current_revision(db: Database) -> str | None:
    """The Alembic revision stamped in ``db`` (None: none yet). The catalog is asked first,
    so a new database logs no error for the missing table."""
    if not await db.fetch(TABLES_SQL[db.dialect] + " AND " + ("name" if db.dialect == "sqlite" else "tablename")
                          + " = 'alembic_version'"):
        return None
    try:
        return await db.fetchval("SELECT version_num FROM alembic_version")
    except MISSING_TABLE_ERRORS:  # dropped meanwhile
        return None


async def prepare(db: Database) -> None:
    """Bring ``db`` (open) to the head revision."""
    if await current_revision(db) == HEAD:
        return
    async with db.transaction() as tx:
        await tx.lock(LOCK_KEY)
        tables = {r[0] for r in await tx.fetch(TABLES_SQL[db.dialect])}
        if not tables:
            for statement in create_statements(db.dialect):
                await tx.execute(statement)
            await tx.execute("INSERT INTO alembic_version (version_num) VALUES (?)", (HEAD,))
            return
        if "alembic_version" not in tables:
            await _stamp_legacy(db, tx)
        elif await tx.fetchval("SELECT version_num FROM alembic_version") == HEAD:
            return  # another process upgraded it meanwhile
    await upgrade(db.url, "head")


async def _stamp_legacy(db: Database, tx: Executor) -> None:
    """A SQLite file of the store before Alembic: stamped at its ``user_version``."""
    legacy = int(await tx.fetchval("PRAGMA user_version")) if db.dialect == "sqlite" else 0
    if not 1 <= legacy <= 9:
        raise RuntimeError(f"{db.url}: tables without a migration history (user_version {legacy}); "
                           "not a database of this bot?")
    await tx.execute(str(CreateTable(_version_table).compile(dialect=DIALECTS[db.dialect])))
    await tx.execute("INSERT INTO alembic_version (version_num) VALUES (?)", (f"{legacy:04d}",))


async def upgrade(url: str, revision: str = "head") -> None:
    """``alembic upgrade <revision>`` on the database at ``url``, one process at a time."""
    async with _file_lock(url):
        engine = create_async_engine(sqlalchemy_url(url), poolclass=NullPool)
        try:
            async with engine.begin() as connection:
                if connection.dialect.name == "postgresql":
                    await connection.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"),
                                             {"key": LOCK_KEY})
                await connection.run_sync(_run_upgrade, revision)
        finally:
            await engine.dispose()


def _run_upgrade(connection: Connection, revision: str) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


@asynccontextmanager
async def _file_lock(url: str) -> AsyncIterator[None]:
    if not url.startswith("sqlite:///") or sqlite_path(url) == ":memory:":
        yield
        return
    fd = os.open(sqlite_path(url), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        await asyncio.to_thread(fcntl.flock, fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock
