"""Deadlines fired by exactly one of several processes: short leases on the due rows.

A match (or a tournament) carries ``due_at``, the next moment it needs the clock (a reminder,
else a deadline; written with every save), and a lease: ``lease_owner`` until ``lease_until``.
A process fires a due moment only once it holds the lease:

- ``claim_due``: every scheduler period, the due rows nobody holds (or whose holder's lease
  ran out: its process died), in one short statement. On PostgreSQL the rows are picked with
  ``SELECT … FOR UPDATE SKIP LOCKED``, so two processes polling at once take disjoint rows
  without waiting on each other; SQLite's ``BEGIN IMMEDIATE`` serialises writers already.
- ``claim``: one row the process's own timer (``gamehost.timers``) found due, at the version
  it armed, by ``UPDATE … WHERE (the lease is free)``: a row count of 1 or nothing to do.
- ``release``: after firing, the lease is dropped and ``due_at`` set to what the row needs
  next (a save of the row drops the lease too: it belongs to the version it was taken at).
- ``holding``: while a claimed row is being fired, its lease is renewed every third of a lease
  (``renew``), so a lease can be short: a process killed in the middle of firing frees its row
  within ``LEASE_SECONDS``, and a live process takes it over at the first poll after that: a
  poll that sees due rows held by others polls again when the first of their leases runs out
  (``next_expiry``), sooner than the ``SCHEDULER_PERIOD``; and every claim is announced on
  ``LEASE_CHANNEL``, so a process that has not polled since still polls when that lease ends.
  A fire that hangs stops being renewed after ``MAX_HOLD_SECONDS``.

The lease only keeps processes from doing the same work twice; what makes a timeout move
exactly-once is still the match's version check, and a reminder's the ``reminded`` flag.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
import uuid
from typing import AsyncIterator, Callable

from gamehost.store import Store

log = logging.getLogger(__name__)

#: how long a claim holds unless renewed (a process that died holding one is taken over about
#: this long after its last renewal); renewed every third of it while the row is fired
LEASE_SECONDS = 1.0
#: a fire still running after this many seconds is no longer renewed (it hangs: let another
#: process try; the version check keeps a late finish from moving the match twice)
MAX_HOLD_SECONDS = 30.0
#: how often every process looks for due rows it does not know of (``claim_due``), read when
#: the watching starts; 0: never (one process alone: its own timer knows every deadline)
DEFAULT_SCHEDULER_PERIOD = 2.0
SCHEDULER_PERIOD = DEFAULT_SCHEDULER_PERIOD
#: rows claimed by one poll statement (the poll repeats while it gets a full batch)
CLAIM_BATCH = 20
#: PostgreSQL channel of the notices "a process took a lease" (``lease_notice``)
LEASE_CHANNEL = "lease_taken"
#: the rows of each table that can come due
OPEN = {"matches": "status = 'active'", "tournaments": "status IN ('checkin', 'running')"}


def lease_notice(table: str, owner: str, until: float) -> str:
    return f"{table} {owner} {until!r}"


def read_lease_notice(payload: str) -> tuple[str, str, float] | None:
    """(table, owner, until) of a ``LEASE_CHANNEL`` notice; None when unreadable."""
    parts = payload.split(" ")
    try:
        return (parts[0], parts[1], float(parts[2])) if len(parts) == 3 else None
    except ValueError:
        return None


def new_owner() -> str:
    """Names this process's leases (pid for people reading the table, random for uniqueness)."""
    return f"{os.getpid()}-{uuid.uuid4().hex[:12]}"


class Leases:
    def __init__(self, store: Store, clock: Callable[[], float], owner: str | None = None,
                 lease_seconds: float | None = None):
        self.store = store
        self.clock = clock
        self.owner = owner or new_owner()
        self.lease_seconds = LEASE_SECONDS if lease_seconds is None else lease_seconds
        #: (table, row id) being fired -> the monotonic time its renewal stops
        self.held: dict[tuple[str, int], float] = {}
        self._renewing: asyncio.Task | None = None

    def _skip_locked(self) -> str:
        return " FOR UPDATE SKIP LOCKED" if self.store.dialect == "postgresql" else ""

    async def claim_due(self, table: str, limit: int = CLAIM_BATCH) -> list[tuple[int, int]]:
        """Lease up to ``limit`` due rows of ``table`` nobody holds: their (id, version)."""
        now = self.clock()
        rows = await self.store.database.fetch(
            f"UPDATE {table} SET lease_owner = ?, lease_until = ? WHERE id IN ("
            f"SELECT id FROM {table} WHERE {OPEN[table]} AND due_at <= ? "
            f"AND (lease_until IS NULL OR lease_until < ?) ORDER BY due_at LIMIT ?{self._skip_locked()}) "
            "AND (lease_until IS NULL OR lease_until < ?) RETURNING id, version",
            (self.owner, now + self.lease_seconds, now, now, limit, now))
        if rows:
            await self._announce(table, now + self.lease_seconds)
        return [(int(r[0]), int(r[1])) for r in rows]

    async def next_expiry(self, table: str) -> float | None:
        """When the first lease another process holds on a due row of ``table`` runs out (its
        holder stops renewing only when it died or hangs), or ran out and nobody has claimed
        the row since: the poll after that takes it over."""
        value = await self.store.database.fetchval(
            f"SELECT min(lease_until) FROM {table} WHERE {OPEN[table]} AND due_at <= ? "
            "AND lease_owner <> ?", (self.clock(), self.owner))
        return None if value is None else float(value)

    async def claim(self, table: str, row_id: int, version: int) -> bool:
        """Lease one row at ``version`` if nobody holds it (this process included)."""
        now = self.clock()
        changed = await self.store.database.execute(
            f"UPDATE {table} SET lease_owner = ?, lease_until = ? WHERE id = ? AND version = ? "
            "AND (lease_until IS NULL OR lease_until < ?)",
            (self.owner, now + self.lease_seconds, row_id, version, now))
        if changed == 1:
            await self._announce(table, now + self.lease_seconds)
        return changed == 1

    async def _announce(self, table: str, until: float) -> None:
        """Tell the other processes (PostgreSQL) that this one holds a lease of ``table`` until
        ``until``: should it die holding it, they poll right when it runs out (gamehost/due_poll.py)."""
        if self.store.dialect == "postgresql":
            await self.store.database.notify(LEASE_CHANNEL, lease_notice(table, self.owner, until))

    async def release(self, table: str, row_id: int, version: int, due_at: float | None) -> None:
        """Drop this process's lease on the row at ``version``; ``due_at``: what it needs next."""
        await self.store.database.execute(
            f"UPDATE {table} SET lease_owner = NULL, lease_until = NULL, due_at = ? "
            "WHERE id = ? AND version = ? AND lease_owner = ?", (due_at, row_id, version, self.owner))

    async def fill_missing_due(self, reminder_fraction: float) -> int:
        """Open matches with a deadline but no ``due_at`` (an upgraded database, rows copied
        in by a tool): their next moment, as the service computes it."""
        return await self.store.database.execute(
            "UPDATE matches SET due_at = CASE WHEN reminded = 0 THEN deadline_at - decision_seconds * ? "
            "ELSE deadline_at END WHERE status = 'active' AND deadline_at IS NOT NULL AND due_at IS NULL",
            (reminder_fraction,))

    @contextlib.asynccontextmanager
    async def holding(self, table: str, row_id: int) -> AsyncIterator[None]:
        """Keep this process's lease on the row renewed while the body fires it."""
        key = (table, row_id)
        self.held[key] = time.monotonic() + MAX_HOLD_SECONDS
        if self._renewing is None or self._renewing.done():
            self._renewing = asyncio.create_task(self._renew_while_held())
        try:
            yield
        finally:
            self.held.pop(key, None)

    async def _renew_while_held(self) -> None:
        while self.held:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self.renew()
            except Exception as error:  # the lease may lapse: another process may fire too
                log.warning("leases not renewed: %s", error)

    async def renew(self) -> int:
        """Extend the leases of the rows being fired (not of those held too long); how many."""
        now, renewed = time.monotonic(), 0
        for table in OPEN:
            ids = [row_id for (t, row_id), until in list(self.held.items()) if t == table and until > now]
            if ids:
                renewed += await self.store.database.execute(
                    f"UPDATE {table} SET lease_until = ? WHERE lease_owner = ? AND id IN ({', '.join('?' * len(ids))})",
                    (self.clock() + self.lease_seconds, self.owner, *ids))
        return renewed

    async def close(self) -> None:
        """Stop renewing (the process is closing its store)."""
        self.held.clear()
        if self._renewing is not None:
            self._renewing.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._renewing
