"""Checking a copy of the store (``python -m gamehost.migrate_store``): ``verify``.

1. Each table of gamehost/db/schema.py holds as many rows in the target as in the source,
   and the same rows: an order-free digest of each side's rows (each value as the copy
   writes it: gamehost/store_copy.py), so the two sides' text orderings never matter.
2. Every match with a state replays in the target, from its seed and its logged actions, to
   its stored state, and passes each stored snapshot on the way (one replay per match checks
   all its snapshots; nothing is sampled). States are compared as the store decodes them.

Nothing is written.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from gamehost.db.base import Executor
from gamehost.registry import plugin
from gamehost.review import replay_onto
from gamehost.store import LoggedAction, MatchRow, Store
from gamehost.store_copy import Progress, batches, row_converter, tables

REPLAY_PROGRESS_EVERY = 1_000


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
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


async def digest(db: Executor, table_name: str, progress: Progress) -> tuple[int, int]:
    """(rows, an order-free digest of them) of one table."""
    table = next(t for t in tables() if t.name == table_name)
    convert = row_converter(table)
    rows, total = 0, 0
    async for batch in batches(db, table):
        for row in batch:
            total += int.from_bytes(hashlib.blake2b(repr(convert(row)).encode(), digest_size=16).digest(), "big")
        rows += len(batch)
        if rows % 100_000 < len(batch):
            progress(f"verify {table_name}: {rows:,} rows read")
    return rows, total % (1 << 128)


async def compare_tables(source: Executor, target: Executor, progress: Progress) -> list[TableCheck]:
    checks = []
    for table in tables():
        source_rows, source_digest = await digest(source, table.name, progress)
        target_rows, target_digest = await digest(target, table.name, progress)
        checks.append(TableCheck(table.name, source_rows, target_rows, source_digest == target_digest))
    return checks


def replay_problems(row: MatchRow, log: list[LoggedAction], snapshots: list[tuple[int, dict]]) -> list[str]:
    """What is wrong with one match's log, snapshots and state (nothing: [])."""
    name = f"match {row.id} ({row.game})"
    try:
        engine = plugin(row.game).engine
        state = engine.setup(len(row.seats), row.options, row.seed)
        at = dict(snapshots)
        problems = [] if at.get(0, state) == state else [f"{name}: table snapshots, seq 0 is not the state as set up"]
        for entry in log:
            state = replay_onto(engine, state, [entry])
            if entry.seq in at and at.pop(entry.seq) != state:
                problems.append(f"{name}: table snapshots, seq {entry.seq} differs from the replay of "
                                "table actions up to it")
    except Exception as error:  # a log that does not replay at all: say why
        return [f"{name}: table actions does not replay ({type(error).__name__}: {error})"]
    problems += [f"{name}: table snapshots, seq {seq} has no logged action" for seq in at if seq != 0]
    if state != row.state:
        problems.append(f"{name}: the replay of table actions differs from the stored state (table matches)")
    return problems


async def check_replays(store: Store, result: Verification, progress: Progress) -> None:
    ids = [r[0] for r in await store.database.fetch("SELECT id FROM matches WHERE state IS NOT NULL ORDER BY id")]
    for n, match_id in enumerate(ids, 1):
        row = await store.match(match_id)
        if row is None or row.state is None:
            continue
        snapshots = await store.snapshots(match_id)
        result.problems += replay_problems(row, await store.action_log(match_id), snapshots)
        result.replayed += 1
        result.snapshots += len(snapshots)
        if n % REPLAY_PROGRESS_EVERY == 0:
            progress(f"verify: {n:,} / {len(ids):,} matches replayed")


async def verify(source: Executor, target: Store, progress: Progress = lambda line: None) -> Verification:
    """Check ``target`` (open) against ``source`` (the source store's database)."""
    result = Verification(tables=await compare_tables(source, target.database, progress))
    for check in result.tables:
        if check.source_rows != check.target_rows:
            result.problems.append(f"table {check.table}: {check.source_rows:,} rows in the source, "
                                   f"{check.target_rows:,} in the target")
        elif not check.same_rows:
            result.problems.append(f"table {check.table}: the rows differ from the source's")
    await check_replays(target, result, progress)
    return result


def summary(result: Verification) -> list[str]:
    """The lines printed at the end: (table, rows) and the verdict."""
    width = max(len(check.table) for check in result.tables)
    lines = [f"{'table':<{width}}  {'rows':>10}"]
    lines += [f"{check.table:<{width}}  {check.target_rows:>10,}" for check in result.tables]
    if result.ok:
        lines.append(f"verified: {result.replayed} matches replayed ({result.snapshots} snapshots checked)")
    else:
        lines += [f"MISMATCH: {problem}" for problem in result.problems]
    return lines
