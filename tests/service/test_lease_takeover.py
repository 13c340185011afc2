"""A lease held by a process that died is taken over when it runs out, not a scheduler period
later (gamehost/due_poll.py): a live process that saw the row held polls again at the lease's
end, and one that had not polled since hears the claim's notice (PostgreSQL) and does the same.
The live process's period here is a minute, so only those two paths can fire the row in time.
Real PostgreSQL; the dead holder is a bare ``Leases`` that claims and never renews."""
from __future__ import annotations

import asyncio
import time

import pytest

from gamehost.due_poll import DuePoller
from gamehost.leases import Leases, lease_notice, read_lease_notice
from gamehost.service import MatchService
from gamehost.store import Store
from tests.service.test_leases import register_race
from tests.support.databases import fresh_postgres

LONG_PERIOD = 60.0  # no regular poll comes while the test runs
LEASE = 0.5
WAIT = 20.0
DUE_IN = 1.0


@pytest.fixture
async def pg_url():
    register_race()
    async with fresh_postgres() as url:
        yield url


async def live_service(url: str, reminded: list[int]) -> MatchService:
    store = Store(url)
    await store.open()
    service = MatchService(store, time.time, reminder_fraction=0.5)
    await service.follow_other_processes()

    async def on_remind(row) -> None:
        reminded.append(row.id)

    async def on_expired(outcome) -> None:  # the deadline may pass before the reminder is sent
        reminded.append(outcome.match.id)
    service.listen(on_remind=on_remind, on_expired=on_expired)
    return service


async def started_due(service: MatchService) -> int:
    """A match whose reminder is due in DUE_IN seconds, unknown to ``service``'s own timer."""
    await service.create(guild_id=1, channel_id=1, creator_id=10, creator_name="a", game="race",
                         options={"target": 5}, decision_seconds=2 * DUE_IN)
    await service.join(1, 11, "b")
    match_id = (await service.start(1, 10)).match.id
    service.deadlines.disarm(match_id)  # found by polling only, as another process's match is
    return match_id


async def wait_for(condition, what: str) -> None:
    until = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < until, f"waited too long for {what}"
        await asyncio.sleep(0.02)


@pytest.mark.parametrize("path", ["notice", "seen_held"])
async def test_a_dead_holders_lease_is_taken_over_when_it_runs_out(pg_url, path):
    reminded: list[int] = []
    live = await live_service(pg_url, reminded)
    dead = Leases(live.store, time.time, "dead-process", LEASE)
    try:
        match_id = await started_due(live)
        if path == "notice":  # the first poll finds nothing due; the claim after it is only heard
            live.watch_deadlines(LONG_PERIOD)
        await asyncio.sleep(DUE_IN + 0.1)
        assert await dead.claim_due("matches") == [(match_id, 2)]
        if path == "seen_held":  # the claim's notice came before there was a poll to bring forward;
            await asyncio.sleep(0.2)  # the first poll, after it, sees the row held
            live.watch_deadlines(LONG_PERIOD)
        await wait_for(lambda: reminded == [match_id], "the live process to send the dead one's reminder")
    finally:
        await live.close()
        await live.store.close()


async def test_the_next_expiry_is_of_other_processes_leases_on_due_rows(pg_url):
    reminded: list[int] = []
    service = await live_service(pg_url, reminded)
    try:
        match_id = await started_due(service)
        mine, other = Leases(service.store, time.time, "me", 30), Leases(service.store, time.time, "other", 30)
        assert await mine.next_expiry("matches") is None  # nothing held
        await asyncio.sleep(DUE_IN + 0.1)
        assert await mine.claim_due("matches") == [(match_id, 2)]
        assert await mine.next_expiry("matches") is None  # its own lease: renewed while it lives
        ends = await other.next_expiry("matches")
        assert ends is not None and time.time() + 25 < ends <= time.time() + 30
        await mine.release("matches", match_id, 2, time.time() - 1)  # due, free
        brief = Leases(service.store, time.time, "brief", 0.05)
        assert await brief.claim_due("matches") == [(match_id, 2)]
        await asyncio.sleep(0.1)  # its lease ran out and nobody claimed the row since
        ended = await mine.next_expiry("matches")
        assert ended is not None and ended < time.time()  # still worth a poll, at once
    finally:
        await service.close()
        await service.store.close()


def test_lease_notices_read_back_and_garbage_is_ignored():
    assert read_lease_notice(lease_notice("matches", "123-abc", 1700000000.25)) == ("matches", "123-abc", 1700000000.25)
    assert read_lease_notice("1:2") is None and read_lease_notice("matches x y") is None


async def test_a_poll_brought_forward_runs_at_that_moment_and_the_period_resumes():
    polls: list[float] = []
    loop = asyncio.get_running_loop()

    async def poll() -> None:
        polls.append(loop.time())
    poller = DuePoller(time.time, LONG_PERIOD, poll)
    try:
        await wait_for(lambda: len(polls) == 1, "the first poll")
        poller.poll_at(time.time() + 0.1)
        await wait_for(lambda: len(polls) == 2, "the poll brought forward")
        poller.poll_at(time.time() + LONG_PERIOD * 2)  # later than the next poll: changes nothing
        await asyncio.sleep(0.3)
        assert len(polls) == 2
    finally:
        poller.task.cancel()


async def test_a_poll_asked_for_while_a_poll_runs_comes_after_it():
    """A lease announced while this process is polling is not lost to that poll's wait."""
    polls: list[float] = []

    async def poll() -> None:
        polls.append(time.time())
        if len(polls) == 1:
            poller.poll_at(time.time() + 0.1)
    poller = DuePoller(time.time, LONG_PERIOD, poll)
    try:
        await wait_for(lambda: len(polls) == 2, "the poll asked for during the first")
    finally:
        poller.task.cancel()
