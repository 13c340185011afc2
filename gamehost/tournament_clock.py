"""Tournament timers across processes (no discord): check-in ends, round reminders and round
deadlines fired by one process, and news of a tournament changed elsewhere.

Each save stores when the tournament next needs the clock (``tournaments.due_at``). A process's
own timer (``TournamentRounds.timers``) fires at that moment only once it holds the row's lease
(gamehost/leases.py); every process also claims the due tournaments nobody holds every
scheduler period, so a tournament armed by a process that died is still ticked. The tick itself
stays version-checked (one pairing whoever ticks).

Every save of a tournament on PostgreSQL NOTIFYs ``tournament_changed`` (payload: its id) in
its transaction (``Store.save_tournament``: sent only if it commits); the other processes re-read it and arm their timer for its new due moment. The
channel only makes timers precise: if the listening connection drops, it is listened to
again, and the periodic claim covers what was missed meanwhile.
"""
from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING, Awaitable, Callable

from gamehost import leases as lease_settings
from gamehost.leases import CLAIM_BATCH, Leases
from gamehost.outcome import ServiceError
from gamehost.store import Store
from gamehost.timers import DeadlineScheduler
from gamehost.tournament_model import Tournament

log = logging.getLogger(__name__)
CHANNEL = "tournament_changed"


class TournamentClock:
    """Mixed into ``TournamentRounds`` (which provides the store, the clock, ``timers``,
    ``load``, ``next_due``, ``_arm`` and ``_tick_one``)."""

    if TYPE_CHECKING:
        store: Store
        clock: Callable[[], float]
        timers: DeadlineScheduler
        load: Callable[[int], Awaitable[Tournament]]
        next_due: Callable[[Tournament], float | None]
        _arm: Callable[[Tournament], None]
        _tick_one: Callable[[int], Awaitable[None]]

    @property
    def leases(self) -> Leases:
        found = self.__dict__.get("_leases")
        if found is None:
            found = self.__dict__["_leases"] = Leases(self.store, self.clock)
        return found

    def _cross_process(self) -> bool:
        return self.store.dialect == "postgresql"

    async def watch_tournaments(self, period: float | None = None) -> None:
        """Listen for other processes' changes and claim due tournaments every ``period``
        seconds (default ``leases.SCHEDULER_PERIOD``; 0: one process alone, neither), until
        ``close`` (PostgreSQL; a no-op on SQLite)."""
        if not self._cross_process() or self.__dict__.get("_stop_listening") is not None:
            return
        period = lease_settings.SCHEDULER_PERIOD if period is None else period
        if period <= 0:
            return  # one process alone: its own timers know every tournament
        self.timers.poll_every(period, self.poll_tournaments,
                               functools.partial(self.leases.next_expiry, "tournaments"))
        self.__dict__["_stop_listening"] = await self.store.database.listen(CHANNEL, self._heard)

    @property
    def closed(self) -> bool:
        """``close`` began: no timer is armed or fired any more (a restarted bot's old service
        must not tick a tournament on its closing store)."""
        return bool(self.__dict__.get("_closed"))

    async def stop_watching(self) -> None:
        self.__dict__["_closed"] = True
        leases = self.__dict__.get("_leases")
        if leases is not None:
            await leases.close()
        stop = self.__dict__.pop("_stop_listening", None)
        if stop is not None:
            try:
                await stop()
            except Exception as error:
                log.info("tournament listener not stopped cleanly: %s", error)

    def _heard(self, payload: str) -> Awaitable[None] | None:
        try:
            tournament_id = int(payload)
        except ValueError:
            return None
        return self._refresh(tournament_id)

    async def _refresh(self, tournament_id: int) -> None:
        """Another process changed the tournament: arm the timer for its new due moment."""
        try:
            t = await self.load(tournament_id)
            if self.closed:
                return
            armed = self.timers.armed.get(tournament_id)
            if armed is not None and armed[0] >= t.version:
                return  # this process knows this version or a later one (its own save, most often)
            self._arm(t)
        except ServiceError:
            self.timers.disarm(tournament_id)
        except Exception as error:
            log.warning("tournament %s: news not read: %s", tournament_id, error)

    async def poll_tournaments(self) -> int:
        """Claim the due tournaments nobody holds and tick them; how many were claimed."""
        total = 0
        while True:
            claimed = await self.leases.claim_due("tournaments")
            total += len(claimed)
            for tournament_id, version in claimed:
                await self._tick_claimed(tournament_id, version)
            if len(claimed) < CLAIM_BATCH:
                return total

    async def _timer_fired(self, tournament_id: int, version: int) -> None:
        if not self.closed and await self.leases.claim("tournaments", tournament_id, version):
            await self._tick_claimed(tournament_id, version)

    async def _tick_claimed(self, tournament_id: int, version: int) -> None:
        """Tick the tournament whose lease this process holds, then let the lease go (a save
        during the tick ended it already, with the next due moment)."""
        try:
            async with self.leases.holding("tournaments", tournament_id):
                await self._tick_one(tournament_id)
        except ServiceError as error:
            if error.code == "stale":
                log.info("tournament %s: another process moved it on first", tournament_id)
            else:
                log.warning("tournament %s: timer refused: %s", tournament_id, error.code)
        except Exception:
            log.exception("tournament %s: tick failed", tournament_id)
            return  # the lease runs out: another try then
        try:
            t = await self.load(tournament_id)
        except ServiceError:
            return
        await self.leases.release("tournaments", tournament_id, t.version, self.next_due(t))
