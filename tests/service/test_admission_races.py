"""Races and clocks at the service's door: two lobbies created in one channel at the same
moment, a typed command judged a double on the bot's own clock (never Discord's), and the
command rate limit that is on unless a deployment turns it off."""
from __future__ import annotations

import asyncio

import pytest

from gamehost.config import Settings
from gamehost.limits import Limits
from gamehost.once import Origin
from gamehost.service import MatchService, ServiceError

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
async def service(store, clock):
    service = MatchService(store, clock, live_seconds=600, async_seconds=86400)
    yield service
    await service.close()


def lobby(service, channel: int, creator: int):
    return service.create(guild_id=1, channel_id=channel, creator_id=creator, creator_name=f"u{creator}",
                          game="race", options={})


@pytest.mark.parametrize("copies", [2, 5])
async def test_lobbies_created_at_once_in_one_channel_leave_one_and_clean_refusals(service, store, copies):
    results = await asyncio.gather(*(lobby(service, 7, 100 + n) for n in range(copies)), return_exceptions=True)
    made = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(made) == 1
    assert all(isinstance(r, ServiceError) and r.code == "channel_busy" for r in refused), refused
    assert (await store.open_match_in_channel(7)).id == made[0].id
    assert (await service.in_channel(7)).id == made[0].id


async def test_a_seated_match_opened_beside_a_new_lobby_at_once_is_one_clean_refusal(service, store):
    seats = [{"user_id": 201, "name": "a", "bot": False}, {"user_id": 202, "name": "b", "bot": False}]
    results = await asyncio.gather(
        lobby(service, 8, 100),
        service.open_seated(guild_id=1, channel_id=8, creator_id=300, seats=seats, game="race", options={},
                            pace="live", ranked=False),
        return_exceptions=True)
    failures = [r for r in results if isinstance(r, BaseException)]
    assert len(failures) == 1 and isinstance(failures[0], ServiceError) and failures[0].code == "channel_busy"
    assert await store.open_match_in_channel(8) is not None


async def started(service, channel: int = 9):
    await lobby(service, channel, 100)
    await service.join(channel, 101, "b")
    return (await service.start(channel, 100)).match


async def test_a_second_typed_command_after_the_first_was_committed_passes_whatever_discords_clock_says(
        service, store, clock):
    """Only the bot's clock decides: a command that reached the bot after the previous identical
    one was committed is a new command (here Discord's clock would put it 0.5 s *before* that
    commit, which is what refused it before)."""
    row = await started(service)
    user = row.seats[row.state["turn"]]["user_id"]
    other = row.seats[1 - row.state["turn"]]["user_id"]
    await service.act(row.id, user, "add 1", origin=Origin.typed(1, clock.now))
    clock.now += 0.2
    await service.act(row.id, other, "add 1", origin=Origin.typed(2, clock.now))
    clock.now += 0.3
    again = await service.act(row.id, user, "add 1", origin=Origin.typed(3, clock.now))
    assert again.match.version == row.version + 3


async def test_the_same_interaction_delivered_again_is_refused_once_even_after_the_commit(service, clock):
    row = await started(service)
    user = row.seats[row.state["turn"]]["user_id"]
    first = Origin.typed(42, clock.now)
    await service.act(row.id, user, "add 1", origin=first)
    clock.now += 1  # a retry arriving a second later, after the first one's commit
    with pytest.raises(ServiceError) as refused:
        await service.act(row.id, user, "add 1", origin=first)
    assert refused.value.code == "duplicate"
    assert len(await service.log(row.id)) == 1


def test_the_command_rate_limit_is_on_by_default():
    settings = Settings.from_env({})
    assert (settings.command_burst, settings.command_window_seconds) == (8, 10.0)
    assert Limits().command_burst == 8


async def test_two_hundred_commands_in_a_row_meet_the_default_limit(store, clock):
    service = MatchService(store, clock, limits=Limits.from_settings(Settings.from_env({})))
    accepted = 0
    for _ in range(200):
        try:
            await service.check_rate(77)
            accepted += 1
        except ServiceError as refusal:
            assert refusal.code == "rate_limited"
    assert accepted == 8
    clock.now += 10  # a person's pace: the bucket is full again after the window
    await service.check_rate(77)
    await service.close()
