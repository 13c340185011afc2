"""Replaying every stored match to check a copy of the store (gamehost/store_verify.py).

Each match with a state is replayed from its seed through its logged actions; the replay
must pass each stored snapshot and end at the stored state, all compared as the store
decodes them (``store_rows``: the same decoders ``Store.match`` and ``Store.snapshots``
use). One replay per match checks all its snapshots.

Matches are read ``READ_BATCH`` at a time (three queries a batch, not three a match), and
replayed in ``jobs`` worker processes (replaying is CPU work: about 7 ms a match on average
here, the longest game's the most); one job replays in this process.
"""
from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Callable, Sequence

from gamehost.db.base import Executor
from gamehost.registry import plugin
from gamehost.review import replay_onto
from gamehost.store_rows import _COLUMNS, LoggedAction, MatchRow, _row, unpack_stored_state

READ_BATCH = 200
PROGRESS_EVERY = 1_000

Match = tuple[MatchRow, list[LoggedAction], list[tuple[int, dict]]]


@dataclass
class Replayed:
    matches: int = 0
    snapshots: int = 0
    problems: list[str] | None = None

    def add(self, other: Replayed) -> None:
        self.matches += other.matches
        self.snapshots += other.snapshots
        self.problems = (self.problems or []) + (other.problems or [])


def match_problems(row: MatchRow, log: list[LoggedAction], snapshots: list[tuple[int, dict]]) -> list[str]:
    """What is wrong with one match's log, snapshots and state (nothing: [])."""
    name = f"match {row.id} ({row.game})"
    try:
        engine = plugin(row.game).engine
        state = engine.setup(len(row.seats), row.options, row.seed)
        at = dict(snapshots)
        problems = [] if at.get(0, state) == state else [f"{name}: table snapshots, seq 0 is not the state as set up"]
        for entry in log:
            state = replay_onto(engine, state, [entry])  # the snapshot is compared before the next move
            if entry.seq in at and at.pop(entry.seq) != state:
                problems.append(f"{name}: table snapshots, seq {entry.seq} differs from the replay of "
                                "table actions up to it")
    except Exception as error:  # a log that does not replay at all: say why
        return [f"{name}: table actions does not replay ({type(error).__name__}: {error})"]
    problems += [f"{name}: table snapshots, seq {seq} has no logged action" for seq in at if seq != 0]
    if state != row.state:
        problems.append(f"{name}: the replay of table actions differs from the stored state (table matches)")
    return problems


def replay_batch(batch: Sequence[Match]) -> Replayed:
    problems: list[str] = []
    for row, log, snapshots in batch:
        problems += match_problems(row, log, snapshots)
    return Replayed(len(batch), sum(len(s) for _r, _l, s in batch), problems)


async def read_batch(db: Executor, ids: Sequence[int]) -> list[Match]:
    """These matches with their logs and snapshots, decoded as the store decodes them."""
    marks = ", ".join("?" for _ in ids)
    rows = [_row(r) for r in await db.fetch(f"SELECT {_COLUMNS} FROM matches WHERE id IN ({marks}) ORDER BY id",
                                            tuple(ids))]
    logs: dict[int, list[LoggedAction]] = {row.id: [] for row in rows}
    for r in await db.fetch(f"SELECT match_id, seq, seat, user_id, kind, action, at FROM actions "
                            f"WHERE match_id IN ({marks}) ORDER BY match_id, seq", tuple(ids)):
        logs[r[0]].append(LoggedAction(*r[1:]))
    snapshots: dict[int, list[tuple[int, dict]]] = {row.id: [] for row in rows}
    for r in await db.fetch(f"SELECT match_id, seq, state FROM snapshots WHERE match_id IN ({marks}) "
                            "ORDER BY match_id, seq", tuple(ids)):
        snapshots[r[0]].append((r[1], unpack_stored_state(r[2])))
    return [(row, logs[row.id], snapshots[row.id]) for row in rows if row.state is not None]


def sampled(ids: list[int], sample: int | None) -> list[int]:
    """``sample`` of ``ids`` spread evenly from the first to the last (all when None or more)."""
    if sample is None or sample >= len(ids):
        return ids
    if sample <= 1:
        return ids[:sample]
    step = (len(ids) - 1) / (sample - 1)
    return [ids[round(n * step)] for n in range(sample)]


async def replay_all(db: Executor, ids: list[int], jobs: int, progress: Callable[[str], None]) -> Replayed:
    """Replay the matches ``ids`` (each with a state) of ``db``."""
    total = Replayed(problems=[])
    size = max(1, min(READ_BATCH, -(-len(ids) // jobs)))  # a few matches still go to every worker
    pool = (ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"))
            if jobs > 1 and len(ids) > 1 else None)
    pending: list[asyncio.Future[Replayed]] = []

    def done(result: Replayed) -> None:
        before = total.matches
        total.add(result)
        if total.matches // PROGRESS_EVERY > before // PROGRESS_EVERY:
            progress(f"verify: {total.matches:,} / {len(ids):,} matches replayed")

    try:
        for start in range(0, len(ids), size):
            batch = await read_batch(db, ids[start:start + size])
            if pool is None:
                done(replay_batch(batch))
                continue
            future: Future[Replayed] = pool.submit(replay_batch, batch)
            pending.append(asyncio.wrap_future(future))
            while len(pending) > 2 * jobs:  # read ahead of the workers, not the whole database
                done(await pending.pop(0))
        for waiting in pending:
            done(await waiting)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return total
