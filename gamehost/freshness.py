"""Cached matches kept in step with the database when several processes write it (issue 23).

A process's match cache (gamehost/cache.py) may hold a row another process has changed since.
Writes are safe anyway (the version-checked commit fails and the service judges the move again
on the stored row); this module keeps reads and refusals right:

- **PostgreSQL**: every commit NOTIFYs ``match_changed`` with ``<id>:<version>`` in its own
  transaction (gamehost/match_save.py), and ``MatchNews`` (gamehost/match_news.py)
  drops a cached row older than that; while its connection is down it re-polls the cached ids.
- **SQLite** (one process per file in production; several in tests and the demo): the read
  paths that show a position (``in_channel``: /match status, a seat's private view) compare the
  cached version with the stored one (``SELECT version … WHERE id = ?``, one small read),
  unless nothing was committed to the file since that row was last compared
  (``gamehost/data_version.py``: a few microseconds, no trip through the database thread).
- **Either**: a refusal judged on a cached row (not your turn, an illegal move) is checked the
  same way before it is given, and judged again on the stored row when that is newer.
"""
from __future__ import annotations

from typing import Callable

from gamehost.cache import MatchCache
from gamehost.data_version import DataVersion
from gamehost.db.urls import dialect_of, sqlite_path
from gamehost.match_news import MatchNews
from gamehost.store import MatchRow, Store


class MatchFreshness:
    """Mixin of ``MatchService``: how far its cache may be trusted."""

    store: Store
    cache: MatchCache
    lease_heard: Callable[[str], None]  # gamehost/deadlines.py

    def init_freshness(self) -> None:
        self.news: MatchNews | None = None
        #: read paths compare versions with the database (SQLite; PostgreSQL has the NOTIFYs)
        self.revalidate_reads = dialect_of(self.store.url) == "sqlite"
        self.data_version = DataVersion(sqlite_path(self.store.url)) if self.revalidate_reads else None
        self.checked_at: int | None = None  # the data version the rows in ``checked`` were compared at
        self.checked: set[int] = set()

    async def follow_other_processes(self) -> None:
        """On PostgreSQL, start listening for other processes' commits (idempotent)."""
        if self.news is None and dialect_of(self.store.url) == "postgresql":
            self.news = MatchNews(self.store, self.cache, on_lease=self.lease_heard)
            await self.news.start()

    async def stop_following(self) -> None:
        if self.data_version is not None:
            self.data_version.close()
        if self.news is not None:
            news, self.news = self.news, None
            await news.stop()

    async def stored_version(self, match_id: int) -> int | None:
        return await self.store.database.fetchval("SELECT version FROM matches WHERE id = ?", (match_id,))

    async def cache_behind(self, match_id: int) -> bool:
        """Whether the cached row of ``match_id`` is older than the stored one (then dropped)."""
        cached = self.cache.version(match_id)
        if cached is None:
            return False
        stored = await self.stored_version(match_id)
        if stored is None or stored <= cached:
            return False
        self.cache.drop(match_id)
        return True

    async def revalidated(self, row: MatchRow) -> MatchRow:
        """``row`` (cached) or, when the database holds a newer version, the stored row."""
        if self.data_version is None:
            return row
        version = self.data_version.read()  # read before comparing: a commit after it shows next time
        if version is None or version != self.checked_at:
            self.checked_at, self.checked = version, set()
        elif row.id in self.checked:
            return row
        if await self.cache_behind(row.id):
            stored = await self.store.match(row.id)
            if stored is not None:
                self.cache.put(stored)
                row = stored
        if version is not None:
            self.checked.add(row.id)
        return row
