"""Saving a match when the database connection is lost under the commit (PostgreSQL: the
server restarted, ``pg_terminate_backend``, the network dropped), so that no move is lost
and none is made twice.

Such a failure leaves it unknown whether the commit was made. The stored row says: when it
holds exactly the version and state being saved, the commit was made before the connection
went and nothing is written again; otherwise the same version-checked save is made once more
on another of the pool's connections. A row that someone else moved on meanwhile fails that
save with ``VersionConflict``, as any stale save does (the service then judges the move again
on the newer row). Other errors, and a connection lost ``ATTEMPTS`` times in a row, propagate.
"""
from __future__ import annotations

import logging

from gamehost.db.base import connection_lost
from gamehost.store import MatchRow, PendingWrite, Store

__all__ = ["ATTEMPTS", "connection_lost", "landed", "save_match"]

ATTEMPTS = 3
log = logging.getLogger(__name__)


async def save_match(store: Store, row: MatchRow, expected_version: int, write: PendingWrite | None,
                     snapshot: bool, due_at: float | None) -> None:
    """``store.save_match(...)``, surviving lost connections (see the module's docstring)."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            if attempt > 1 and await landed(store, row):
                log.info("match %s: version %s had been committed before the connection was lost",
                         row.id, row.version)
                return
            await store.save_match(row, expected_version, write, snapshot, due_at=due_at)
            return
        except Exception as error:
            if attempt == ATTEMPTS or not connection_lost(error):
                raise
            log.warning("match %s: the database connection was lost while saving version %s (%s)",
                        row.id, row.version, type(error).__name__)


async def landed(store: Store, row: MatchRow) -> bool:
    """Whether the stored row is ``row`` as it was being saved (same version and content)."""
    stored = await store.match(row.id)
    return (stored is not None and stored.version == row.version and stored.status == row.status
            and stored.state == row.state and stored.seats == row.seats)
