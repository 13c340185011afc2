"""Copying the store's tables from one database to another (``python -m gamehost.migrate_store``).

Every table of gamehost/db/schema.py, parents before children (``metadata.sorted_tables``),
read in primary-key order in batches (keyset pagination: ``WHERE (key) > (last key)``, so a
big table costs one index walk, not ``OFFSET``'s quadratic one) and written with
``executemany``, ids kept. Values pass through each side's Database layer; on the way they
are coerced to the column's type (an integer, a float, text) because SQLite keeps whatever
was written while asyncpg wants the declared type. A packed state written by an older store
as plain JSON text is packed (``pack_state``) for PostgreSQL's BYTEA: it decodes the same.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, AsyncIterator, Callable, Sequence

from sqlalchemy import Float, Integer, LargeBinary, Table

from gamehost.db.base import Executor
from gamehost.db.schema import metadata
from gamehost.store_rows import pack_state, unpack_state

BATCH = 1_000
PROGRESS_EVERY = 10_000

Progress = Callable[[str], None]
Convert = Callable[[Any], Any]


def tables() -> list[Table]:
    """The schema's tables, parents first."""
    return list(metadata.sorted_tables)


def columns_sql(table: Table) -> str:
    return ", ".join(column.name for column in table.columns)


def key_columns(table: Table) -> list[str]:
    """The primary key's columns (every column for a table without one)."""
    key = [column.name for column in table.primary_key.columns]
    return key or [column.name for column in table.columns]


def _packed(value: Any) -> Any:
    """A packed state as the store writes it today (zlib bytes); older plain JSON text is packed."""
    if isinstance(value, str):
        return pack_state(unpack_state(value))
    if isinstance(value, memoryview):
        return bytes(value)
    return value


def converter(table: Table, column_name: str) -> Convert:
    """How a value of this column is written on the other side."""
    kind = table.c[column_name].type
    if isinstance(kind, LargeBinary):
        return _packed
    if isinstance(kind, Integer):
        return lambda value: value if value is None or isinstance(value, int) else int(value)
    if isinstance(kind, Float):
        return lambda value: value if value is None else float(value)
    return lambda value: value if value is None or isinstance(value, str) else str(value)


def row_converter(table: Table) -> Callable[[Sequence[Any]], tuple]:
    converts = [converter(table, column.name) for column in table.columns]
    return lambda row: tuple(convert(value) for convert, value in zip(converts, row))


async def count(db: Executor, table: Table) -> int:
    return int(await db.fetchval(f"SELECT COUNT(*) FROM {table.name}"))


async def batches(db: Executor, table: Table, size: int = BATCH) -> AsyncIterator[list[tuple]]:
    """Every row of ``table`` (all its columns), in primary-key order, ``size`` at a time."""
    key = key_columns(table)
    at = [list(table.c.keys()).index(name) for name in key]
    select = f"SELECT {columns_sql(table)} FROM {table.name}"
    order = f" ORDER BY {', '.join(key)} LIMIT ?"
    after = f" WHERE ({', '.join(key)}) > ({', '.join('?' for _ in key)})"
    last: tuple | None = None
    while True:
        if last is None:
            rows = await db.fetch(select + order, (size,))
        else:
            rows = await db.fetch(select + after + order, (*last, size))
        if not rows:
            return
        yield rows
        if len(rows) < size:
            return
        last = tuple(rows[-1][i] for i in at)


async def non_empty_tables(db: Executor) -> list[str]:
    """The schema's tables that hold at least one row."""
    return [table.name for table in tables()
            if await db.fetchval(f"SELECT 1 FROM {table.name} LIMIT 1") is not None]


async def empty_tables(tx: Executor) -> None:
    """Delete every row of the schema's tables, children first (inside the caller's transaction)."""
    for table in reversed(tables()):
        await tx.execute(f"DELETE FROM {table.name}")


@dataclass
class Copied:
    table: str
    rows: int


async def copy_table(source: Executor, target: Executor, table: Table, total: int,
                     progress: Progress, size: int = BATCH) -> Copied:
    """Every row of ``table`` from ``source`` into ``target`` (the caller's transaction)."""
    convert = row_converter(table)
    names = list(table.c.keys())
    insert = (f"INSERT INTO {table.name} ({', '.join(names)}) "
              f"VALUES ({', '.join('?' for _ in names)})")
    done = 0
    async for rows in batches(source, table, size):
        await target.executemany(insert, [convert(row) for row in rows])
        before, done = done, done + len(rows)
        if done // PROGRESS_EVERY > before // PROGRESS_EVERY:
            progress(f"copy {table.name}: {done:,} / {total:,} rows")
    return Copied(table.name, done)


async def move_sequences(tx: Executor, dialect: str) -> None:
    """PostgreSQL: each serial id's sequence past the largest copied id, so new matches and
    tournaments get fresh ids (``setval`` of NULL, a column without one, does nothing).
    SQLite's rowids follow the largest id by themselves."""
    if dialect != "postgresql":
        return
    for table in tables():
        key = list(table.primary_key.columns)
        if len(key) == 1 and isinstance(key[0].type, Integer):
            name = key[0].name
            await tx.execute(f"SELECT setval(pg_get_serial_sequence('{table.name}', '{name}'), "
                             f"COALESCE(MAX({name}), 0) + 1, false) FROM {table.name}")
