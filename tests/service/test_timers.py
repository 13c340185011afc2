"""The deadline scheduler: one runner task, earliest deadline first, stale entries ignored."""
import asyncio

from gamehost.timers import DeadlineScheduler


class LoopClock:
    def __call__(self):
        return asyncio.get_running_loop().time()


async def test_fires_reminders_and_deadlines_in_order_and_skips_superseded_ones():
    fired = []

    async def remind(match_id, version):
        fired.append(("remind", match_id, version))

    async def expire(match_id, version):
        fired.append(("expire", match_id, version))
        if match_id == 1 and version == 1:  # a callback may arm the next decision of the match
            scheduler.arm(1, version + 1, clock() + 0.03, None)

    clock = LoopClock()
    scheduler = DeadlineScheduler(clock, remind, expire)
    now = clock()
    scheduler.arm(1, 1, now + 0.05, now + 0.02)
    scheduler.arm(2, 1, now + 0.04, None)
    scheduler.arm(3, 1, now + 0.01, None)
    scheduler.arm(3, 2, now + 0.06, None)  # supersedes version 1
    scheduler.arm(4, 1, now + 0.02, None)
    scheduler.disarm(4)
    await asyncio.sleep(0.15)
    assert fired == [("remind", 1, 1), ("expire", 2, 1), ("expire", 1, 1), ("expire", 3, 2), ("expire", 1, 2)]
    assert scheduler.armed == {}
    scheduler.cancel_all()


async def settles_after(scheduler: DeadlineScheduler, release: asyncio.Event) -> None:
    """``settled`` waits while the work holds, and returns once ``release`` lets it end."""
    waiting = asyncio.ensure_future(scheduler.settled())
    await asyncio.sleep(0.02)
    assert not waiting.done(), "work is under way"
    release.set()
    await asyncio.wait_for(waiting, 5)


async def test_settled_waits_for_the_timeouts_and_polls_under_way():
    """A stopping bot waits for these (bot.py ``GameBot.drain``)."""
    started, release = asyncio.Event(), asyncio.Event()

    async def expire(match_id, version):
        started.set()
        await release.wait()

    async def nothing(match_id, version):
        return None

    clock = LoopClock()
    scheduler = DeadlineScheduler(clock, nothing, expire)
    await asyncio.wait_for(scheduler.settled(), 1)  # nothing under way
    scheduler.arm(1, 1, clock(), None)
    await asyncio.wait_for(started.wait(), 5)
    await settles_after(scheduler, release)

    polling, release_poll = asyncio.Event(), asyncio.Event()

    async def poll():
        polling.set()
        await release_poll.wait()
        return 0
    scheduler.poll_every(60, poll)
    await asyncio.wait_for(polling.wait(), 5)
    await settles_after(scheduler, release_poll)
    scheduler.cancel_all()
