"""Checking a copy of the store (``python -m gamehost.migrate_store``): ``verify``.

1. Each table of gamehost/db/schema.py holds as many rows in the target as in the source,
   and the same rows: an order-free digest of each side's rows (each value as the copy
   writes it: gamehost/store_copy.py), so the two sides' text orderings never matter.
2. Every match with a state replays in the target, from its seed and its logged actions, to
   its stored state, and passes each stored snapshot on the way (gamehost/store_replays.py;
   all of them unless a sample is asked for).

Nothing is written.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from gamehost.db.base import Executor
from gamehost import store_copy
from gamehost.store import Store
from gamehost.store_copy import Progress, batches, row_converter, tables
from gamehost.store_replays import replay_all, sampled


@dataclass
class TableCheck:
    table: str
    source_rows: int
    target_rows: int
    same_rows: bool


@dataclass
class Verification:
    tables: list[TableCheck] = field(default_factory=list)
    replayed: int = 0
    snapshots: int = 0
    with_state: int = 0  # matches with a state (all replayed, unless sampled)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


async def digest(db: Executor, table_name: str, side: str, progress: Progress) -> tuple[int, int]:
    """(rows, an order-free digest of them) of one table."""
    table = next(t for t in tables() if t.name == table_name)
    convert = row_converter(table)
    rows, total = 0, 0
    async for batch in batches(db, table):
        for row in batch:
            total += int.from_bytes(hashlib.blake2b(repr(convert(row)).encode(), digest_size=16).digest(), "big")
        before, rows = rows, rows + len(batch)
        if rows // store_copy.PROGRESS_EVERY > before // store_copy.PROGRESS_EVERY:
            progress(f"verify {table_name}: {rows:,} rows read in the {side}")
    return rows, total % (1 << 128)


async def compare_tables(source: Executor, target: Executor, progress: Progress) -> list[TableCheck]:
    checks = []
    for table in tables():
        source_rows, source_digest = await digest(source, table.name, "source", progress)
        target_rows, target_digest = await digest(target, table.name, "target", progress)
        checks.append(TableCheck(table.name, source_rows, target_rows, source_digest == target_digest))
    return checks


async def check_replays(target: Executor, result: Verification, jobs: int, sample: int | None,
                        progress: Progress) -> None:
    ids = [r[0] for r in await target.fetch("SELECT id FROM matches WHERE state IS NOT NULL ORDER BY id")]
    chosen = sampled(ids, sample)
    replayed = await replay_all(target, chosen, jobs, progress)
    result.with_state, result.replayed, result.snapshots = len(ids), replayed.matches, replayed.snapshots
    result.problems += replayed.problems or []


async def verify(source: Executor, target: Store, progress: Progress = lambda line: None, *,
                 jobs: int = 1, sample: int | None = None) -> Verification:
    """Check ``target`` (open) against ``source`` (the source store's database): every table,
    then the replays of every match with a state (``sample``: only that many, spread evenly
    over the ids), in ``jobs`` processes."""
    result = Verification(tables=await compare_tables(source, target.database, progress))
    for check in result.tables:
        if check.source_rows != check.target_rows:
            result.problems.append(f"table {check.table}: {check.source_rows:,} rows in the source, "
                                   f"{check.target_rows:,} in the target")
        elif not check.same_rows:
            result.problems.append(f"table {check.table}: the rows differ from the source's")
    await check_replays(target.database, result, jobs, sample, progress)
    return result


def summary(result: Verification) -> list[str]:
    """The lines printed at the end: (table, rows) and the verdict."""
    width = max(len(check.table) for check in result.tables)
    lines = [f"{'table':<{width}}  {'rows':>10}"]
    lines += [f"{check.table:<{width}}  {check.target_rows:>10,}" for check in result.tables]
    if result.ok:
        sample = (f", a sample of the {result.with_state:,} matches with a state"
                  if result.replayed < result.with_state else "")
        lines.append(f"verified: {result.replayed} matches replayed ({result.snapshots} snapshots checked{sample})")
    else:
        lines += [f"MISMATCH: {problem}" for problem in result.problems]
    return lines
