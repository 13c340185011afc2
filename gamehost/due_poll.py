"""The periodic poll for due rows other processes armed (gamehost/leases.py): every
``period`` seconds, and sooner when a lease another process holds is about to run out.

Such a lease runs out when its holder died (a live holder renews it, and lets it go once the
row is fired). A poll that saw due rows held by others polls again at the end of the first of
their leases (``sooner``); a notice that another process has just taken a lease brings the
next poll forward to that lease's end too (``poll_at``, gamehost/match_news.py hears it).
Either way a row whose holder was killed is taken over about ``LEASE_SECONDS`` after that
holder's last renewal, not up to a whole period later."""
from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Awaitable, Callable

log = logging.getLogger(__name__)

Poll = Callable[[], Awaitable[object]]
Sooner = Callable[[], Awaitable[float | None]]
#: a poll at a lease's end waits this much past it (the clocks of two processes, the statement)
LEASE_END_MARGIN = 0.02
#: and never comes sooner than this after the previous one
MIN_POLL_GAP = 0.05


class DuePoller:
    def __init__(self, clock: Callable[[], float], period: float, poll: Poll, sooner: Sooner | None = None):
        self.clock = clock
        self.period = period
        self.poll = poll
        self.sooner = sooner
        self._next = 0.0  # the next poll, on the event loop's clock
        self._asked: float | None = None  # the earliest ``poll_at`` since the current poll began
        self._wake = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self._polling(), name="deadline-poll")

    def poll_at(self, at: float) -> None:
        """Poll at ``at`` (on ``clock``) if that comes before the next poll (asked while a
        poll runs: when that poll has ended)."""
        self._asked = at if self._asked is None else min(self._asked, at)
        due = asyncio.get_running_loop().time() + self._delay(at)
        if due < self._next:
            self._next = due
            self._wake.set()

    def _delay(self, at: float) -> float:
        return min(self.period, max(MIN_POLL_GAP, at - self.clock() + LEASE_END_MARGIN))

    async def _polling(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            wait, self._asked = self.period, None
            try:
                await self.poll()
                at = await self.sooner() if self.sooner is not None else None
                for moment in (at, self._asked):
                    if moment is not None:
                        wait = min(wait, self._delay(moment))
            except Exception as error:  # the next poll runs all the same (a dropped connection comes back)
                log.warning("polling for due deadlines failed: %s: %s", type(error).__name__, error)
            self._next = loop.time() + wait
            while (left := self._next - loop.time()) > 0:
                self._wake.clear()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), left)
