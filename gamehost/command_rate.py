"""The command rate limit shared by every process on one database (issue 23): the token
bucket of gamehost/limits.py ``CommandRateLimiter``, kept in the ``command_rate`` table.

One statement (its own transaction) takes a token: an INSERT of a full bucket minus one, or, for a known person,
an UPDATE that refills the bucket for the time since it was last used and takes one, done
only WHERE a whole token is there (``INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING``).
The row lock of that statement orders processes taking a token of one person at once, so N
processes together allow ``burst`` commands per ``window``. A refused command changes
nothing (no row comes back); a second read says how long to wait.

Times are each process's own clock (machines NTP-synced); a clock behind the stored time
refills nothing and never moves the bucket's time back. A bucket idle for a whole window is
full again, the same as no row, so such rows are deleted now and then (every ``window``
seconds, by each process).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from gamehost.db.urls import dialect_of
from gamehost.limits import EPSILON

if TYPE_CHECKING:
    from gamehost.store import Store

_UPSERT = (
    "ON CONFLICT (user_id) DO UPDATE SET "
    "tokens = {least}(?, command_rate.tokens + {greatest}(0.0, excluded.at - command_rate.at) * ?) - 1.0, "
    "at = {greatest}(command_rate.at, excluded.at) "
    "WHERE {least}(?, command_rate.tokens + {greatest}(0.0, excluded.at - command_rate.at) * ?) >= ? "
    "RETURNING tokens")
#: PostgreSQL: the statement's own transaction commits without waiting for its WAL flush (a
#: bucket lost in a crash is a full bucket: harmless), about 0.3 ms instead of 4 ms here
_TAKE = {
    "postgresql": ("WITH quick AS (SELECT set_config('synchronous_commit', 'off', true)) "
                   "INSERT INTO command_rate (user_id, tokens, at) SELECT ?, ?, ? FROM quick "
                   + _UPSERT.format(least="LEAST", greatest="GREATEST")),
    "sqlite": ("INSERT INTO command_rate (user_id, tokens, at) VALUES (?, ?, ?) "
               + _UPSERT.format(least="MIN", greatest="MAX")),
}


class SharedCommandRate:
    """``acquire`` as ``CommandRateLimiter.acquire``, with the buckets in the database."""

    def __init__(self, store: "Store", burst: int, window_seconds: float, clock: Callable[[], float]):
        self.store = store
        self.burst = burst
        self.window = window_seconds
        self.clock = clock
        self._take = _TAKE[dialect_of(store.url)]
        self._swept_at: float | None = None

    @property
    def enabled(self) -> bool:
        return self.burst > 0 and self.window > 0

    async def acquire(self, user_id: int) -> float:
        """Take one command for ``user_id``: 0.0 if allowed, else the seconds until it would be."""
        if not self.enabled:
            return 0.0
        now = float(self.clock())
        await self._sweep(now)
        burst, rate = float(self.burst), self.burst / self.window
        left = await self.store.database.fetchval(self._take, (user_id, burst - 1.0, now, burst, rate, burst, rate,
                                                   1.0 - EPSILON))
        if left is not None:
            return 0.0
        row = await self.store.database.fetchrow("SELECT tokens, at FROM command_rate WHERE user_id = ?", (user_id,))
        if row is None:  # swept meanwhile: a full bucket
            return 0.0
        tokens = min(burst, row[0] + max(0.0, now - row[1]) * rate)
        return max(EPSILON, (1.0 - tokens) / rate)

    async def _sweep(self, now: float) -> None:
        if self._swept_at is not None and 0 <= now - self._swept_at < self.window:
            return
        self._swept_at = now
        await self.store.database.execute("DELETE FROM command_rate WHERE at < ?", (now - self.window,))
