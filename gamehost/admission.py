"""The match service's abuse limits (gamehost/limits.py decides, this counts): how fast one
person may send commands, and how much one person or one server may have open at once."""
from __future__ import annotations

from typing import Callable

from gamehost.command_rate import SharedCommandRate
from gamehost.db.urls import dialect_of
from gamehost.limits import CommandRateLimiter, Limits, reached, wait_seconds
from gamehost.outcome import ServiceError, is_unattended
from gamehost.store import MatchRow, Store

#: SQLite keeps the buckets in the table too: one small write, measured at 0.09 ms a command
#: (0.001 ms in memory), under the 0.2 ms allowed for it; so one rule holds on both databases
#: (processes sharing a file share the limit, a restart keeps it). False: SQLite in memory.
TABLE_ON_SQLITE = True


class MatchAdmission:
    """Mixin of ``MatchService``: the limits its commands and lobbies are checked against."""

    store: Store
    limits: Limits

    def init_admission(self, limits: Limits | None, clock: Callable[[], float]) -> None:
        self.limits = limits or Limits.unlimited()
        self.commands = CommandRateLimiter(self.limits.command_burst, self.limits.command_window_seconds, clock)
        # one bucket per person for every process on the database (gamehost/command_rate.py)
        shared = TABLE_ON_SQLITE or dialect_of(self.store.url) == "postgresql"
        self.shared_commands = (SharedCommandRate(self.store, self.limits.command_burst,
                                                  self.limits.command_window_seconds, clock)
                                if shared and self.commands.enabled else None)

    async def check_rate(self, user_id: int) -> None:
        """Count one command (slash command or click) by ``user_id``; refuse it when they send
        commands faster than the limit allows. Autocomplete is not counted. The count is
        shared by every process on the database (gamehost/command_rate.py)."""
        if self.shared_commands is not None:
            retry_after = await self.shared_commands.acquire(user_id)
        else:
            retry_after = self.commands.acquire(user_id)
        if retry_after > 0:
            raise ServiceError("rate_limited", seconds=wait_seconds(retry_after),
                               burst=self.limits.command_burst,
                               window=f"{self.limits.command_window_seconds:g}")

    async def check_create_limits(self, guild_id: int | None, user_id: int) -> None:
        """Refuse a new lobby beyond the creator's or the server's limits. ``create`` checks
        this itself; an adapter may call it first to refuse before making a thread."""
        limits = self.limits
        if limits.open_lobbies_per_user and reached(
                limits.open_lobbies_per_user, await self.store.count_open_lobbies_created_by(guild_id, user_id)):
            raise ServiceError("limit_lobbies", limit=limits.open_lobbies_per_user)
        await self._check_seat_limit(guild_id, user_id)
        if guild_id is not None and limits.open_matches_per_server and reached(
                limits.open_matches_per_server, await self.store.count_open_matches(guild_id)):
            raise ServiceError("limit_server", limit=limits.open_matches_per_server)

    async def _check_seat_limit(self, guild_id: int | None, user_id: int) -> None:
        limit = self.limits.active_matches_per_user
        if limit and reached(limit, await self.store.count_matches_seating(guild_id, user_id)):
            raise ServiceError("limit_matches", limit=limit)

    async def _check_bot_match_limit(self, row: MatchRow) -> None:
        """Refuse to start one more match nobody plays in (every seat a bot) beyond the cap."""
        limit = self.limits.bot_matches_per_server
        if limit and row.guild_id is not None and is_unattended(row) and reached(
                limit, await self.store.count_bot_only_matches(row.guild_id)):
            raise ServiceError("limit_bot_matches", limit=limit)

