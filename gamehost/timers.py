"""Deadline timers: one sleeping task per match, re-armed from the database at start-up.

Plain ``asyncio.sleep`` keeps the timers on the event loop's clock, which is what lets a
test (or SimCord's ``advance_time``) move time forward without waiting.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

log = logging.getLogger(__name__)

Callback = Callable[[int, int], Awaitable[None]]


class DeadlineScheduler:
    def __init__(self, clock: Callable[[], float], on_remind: Callback, on_expire: Callback):
        self.clock = clock
        self.on_remind = on_remind
        self.on_expire = on_expire
        self.tasks: dict[int, asyncio.Task] = {}

    def arm(self, match_id: int, version: int, deadline_at: float, remind_at: float | None) -> None:
        self.disarm(match_id)
        self.tasks[match_id] = asyncio.get_running_loop().create_task(
            self._run(match_id, version, deadline_at, remind_at), name=f"deadline-{match_id}")

    def disarm(self, match_id: int) -> None:
        task = self.tasks.pop(match_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def cancel_all(self) -> None:
        for match_id in list(self.tasks):
            self.disarm(match_id)

    async def _run(self, match_id: int, version: int, deadline_at: float, remind_at: float | None) -> None:
        try:
            if remind_at is not None:
                delay = remind_at - self.clock()
                if delay > 0:
                    await asyncio.sleep(delay)
                await self.on_remind(match_id, version)
            delay = deadline_at - self.clock()
            if delay > 0:
                await asyncio.sleep(delay)
            if self.tasks.get(match_id) is asyncio.current_task():
                del self.tasks[match_id]
            await self.on_expire(match_id, version)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("deadline handling failed for match %s", match_id)
