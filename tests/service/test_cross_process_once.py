"""Exactly once and the command rate across processes, with two services (two caches, two
stores) on one database in one test process: what one commits, the other judges by. The
same with real OS processes: tests/service/test_cross_processes.py."""
from __future__ import annotations

import asyncio

import pytest

from gamehost.limits import Limits
from gamehost.once import TYPED, Origin
from gamehost.service import MatchService, ServiceError
from gamehost.snapshot import snapshot
from gamehost.store import Store


def turn_user(row) -> int:
    return row.seats[row.state["turn"]]["user_id"]


async def started(service, channel=5):
    await service.create(guild_id=1, channel_id=channel, creator_id=100, creator_name="a", game="race",
                         options={"target": 10})
    await service.join(channel, 101, "b")
    return (await service.start(channel, 100)).match


@pytest.fixture
async def second(store_url, clock):
    """A second "process": its own store and service (and cache) on the same database."""
    store = Store(store_url)
    await store.open()
    service = MatchService(store, clock)
    yield service
    await service.close()
    await store.close()


async def test_the_typed_record_is_committed_with_the_move_and_never_in_a_view(service, store, clock):
    row = await started(service)
    user = turn_user(row)
    outcome = await service.act(row.id, user, "add 1", origin=Origin.typed(7, clock.now))
    seat = [s["user_id"] for s in row.seats].index(user)
    stored = await store.match(row.id)
    assert stored.seats[seat][TYPED] == ["add 1", clock.now, 7]
    assert all(TYPED not in s for s in snapshot(outcome.match).seats)
    assert "add 1" not in repr(snapshot(stored).seats)


async def test_a_double_reaching_another_process_with_a_stale_cache_is_refused(service, second, clock):
    row = await started(service)
    user = turn_user(row)
    await second.load(row.id)  # the second process caches the row as it was before the move
    first = Origin.typed(42, clock.now)
    await service.act(row.id, user, "add 1", origin=first)
    with pytest.raises(ServiceError) as again:  # the same interaction: judged again on the stored row
        await second.act(row.id, user, "add 1", origin=first)
    assert again.value.code == "duplicate"
    with pytest.raises(ServiceError) as typed_twice:  # another interaction, same text, sent before that commit
        await second.act(row.id, user, "add 1", origin=Origin.typed(43, clock.now - 0.1))
    assert typed_twice.value.code == "duplicate"
    assert len(await service.log(row.id)) == 1


async def test_a_typed_move_on_a_stale_cache_is_judged_again_not_refused(service, second, clock):
    row = await started(service)
    a, b = turn_user(row), row.seats[1 - row.state["turn"]]["user_id"]
    await second.load(row.id)
    await service.act(row.id, a, "add 1", origin=Origin.typed(1, clock.now))
    clock.now += 1
    outcome = await second.act(row.id, b, "add 2", origin=Origin.typed(2, clock.now))  # second's cache: a's turn
    assert outcome.match.version == row.version + 2
    assert [e.action for e in await second.log(row.id)] == ["add 1", "add 2"]


async def test_a_press_on_a_stale_cache_stays_stale(service, second, clock):
    row = await started(service)
    await second.load(row.id)
    await service.act(row.id, turn_user(row), "add 1", expected_version=row.version)
    with pytest.raises(ServiceError) as stale:
        await second.act(row.id, turn_user(row), "add 1", expected_version=row.version)
    assert stale.value.code == "stale"


async def test_two_services_share_the_command_rate(store, store_url, clock):
    limits = Limits(command_burst=4, command_window_seconds=3600.0)
    one, two = MatchService(store, clock, limits=limits), None
    other = Store(store_url)
    await other.open()
    try:
        two = MatchService(other, clock, limits=limits)
        results = await asyncio.gather(*((one if i % 2 else two).check_rate(9) for i in range(7)),
                                       return_exceptions=True)
        refused = [r for r in results if isinstance(r, ServiceError)]
        assert all(r.code == "rate_limited" for r in refused)
        assert len(refused) == 3  # both databases keep the buckets in the table (gamehost/admission.py)
    finally:
        await one.close()
        if two is not None:
            await two.close()
        await other.close()
