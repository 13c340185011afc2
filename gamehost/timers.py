"""Deadline timers: one sleeping task for all matches, woken for the earliest due time.

Deadlines and reminders are re-armed from the database at start-up. A single task sleeping
until the next due moment (instead of one task per match) keeps start-up and the event loop
light with thousands of waiting async matches. Plain ``asyncio.sleep`` keeps the timer on the
event loop's clock, which is what lets tests (SimCord's ``advance_time``) move time forward.
"""
from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
from typing import Awaitable, Callable, Iterator

from gamehost import metrics
from gamehost.due_poll import DuePoller, Poll, Sooner

log = logging.getLogger(__name__)

Callback = Callable[[int, int], Awaitable[None]]


class DeadlineScheduler:
    def __init__(self, clock: Callable[[], float], on_remind: Callback, on_expire: Callback):
        self.clock = clock
        self.on_remind = on_remind
        self.on_expire = on_expire
        self.armed: dict[int, tuple[int, float, float | None]] = {}  # match -> (version, deadline, remind)
        self._heap: list[tuple[float, int, int, str]] = []  # (when, match, version, "remind"|"expire")
        self._runner: asyncio.Task | None = None
        self._runner_wakes_at: float | None = None
        self._handling = False  # the runner is inside a callback: never cancel it there
        self._poller: DuePoller | None = None
        self._firing = 0  # callbacks and polls under way (``settled`` waits for none)
        self._settled = asyncio.Event()
        self._settled.set()

    def poll_every(self, period: float, poll: Poll, sooner: Sooner | None = None) -> None:
        """Besides the armed moments, call ``poll`` every ``period`` seconds, sooner when a
        lease another process holds runs out (gamehost/due_poll.py), until ``cancel_all``."""
        if self._poller is None or self._poller.task.done():
            async def counted() -> object:
                with self._fire():
                    return await poll()
            self._poller = DuePoller(self.clock, period, counted, sooner)

    async def settled(self) -> None:
        """Return once no reminder, timeout or poll is under way (a stopping bot waits for
        them: a timeout being applied is saved and shown before the database closes)."""
        while self._firing:
            await self._settled.wait()

    @contextlib.contextmanager
    def _fire(self) -> Iterator[None]:
        self._firing += 1
        self._settled.clear()
        try:
            yield
        finally:
            self._firing -= 1
            if not self._firing:
                self._settled.set()

    def poll_at(self, at: float) -> None:
        """Bring the next poll forward to ``at`` (on ``clock``), if polling."""
        if self._poller is not None:
            self._poller.poll_at(at)

    def arm(self, match_id: int, version: int, deadline_at: float, remind_at: float | None) -> None:
        self.armed[match_id] = (version, deadline_at, remind_at)
        if remind_at is not None:
            heapq.heappush(self._heap, (remind_at, match_id, version, "remind"))
        heapq.heappush(self._heap, (deadline_at, match_id, version, "expire"))
        self._reschedule()

    def disarm(self, match_id: int) -> None:
        self.armed.pop(match_id, None)  # stale heap entries are skipped when they come up

    def cancel_all(self) -> None:
        self.armed.clear()
        self._heap.clear()
        if self._runner is not None and self._runner is not asyncio.current_task():
            self._runner.cancel()
        self._runner = None
        if self._poller is not None and self._poller.task is not asyncio.current_task():
            self._poller.task.cancel()
        self._poller = None

    def _current(self, match_id: int, version: int) -> bool:
        entry = self.armed.get(match_id)
        return entry is not None and entry[0] == version

    def _next_due(self) -> float | None:
        while self._heap and not self._current(self._heap[0][1], self._heap[0][2]):
            heapq.heappop(self._heap)
        return self._heap[0][0] if self._heap else None

    def _reschedule(self) -> None:
        due = self._next_due()
        if due is None:
            return
        runner = self._runner
        if runner is not None and not runner.done():
            if self._handling or (self._runner_wakes_at is not None and self._runner_wakes_at <= due):
                return  # the runner re-reads the heap after its callback / wakes early enough
            runner.cancel()
        self._runner_wakes_at = due
        self._runner = asyncio.get_running_loop().create_task(self._run(), name="deadlines")

    async def _run(self) -> None:
        while True:
            due = self._next_due()
            if due is None:
                self._runner_wakes_at = None
                return
            self._runner_wakes_at = due
            delay = due - self.clock()
            if delay > 0:
                await asyncio.sleep(delay)
                continue
            _when, match_id, version, kind = heapq.heappop(self._heap)
            if kind == "expire":
                self.armed.pop(match_id, None)
            metrics.current().deadlines_due.labels(kind=kind).inc()
            self._handling = True
            try:
                with self._fire():
                    await (self.on_remind if kind == "remind" else self.on_expire)(match_id, version)
            except Exception as error:
                if getattr(error, "code", None) == "stale":  # another process handled it first: expected
                    log.info("deadline of match %s: handled by another process first", match_id)
                else:
                    log.exception("deadline handling failed for match %s", match_id)
            finally:
                self._handling = False
