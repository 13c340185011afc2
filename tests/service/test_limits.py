"""Abuse limits: lobbies, seats and matches per person and per server, bot-only matches,
commands per person per few seconds; and unattended bot-only play yielding to people."""
import asyncio
import threading

import pytest

from gamehost.config import Settings
from gamehost.registry import normalize_options
from gamehost.limits import CommandRateLimiter, Limits, reached, wait_seconds
from gamehost.service import MatchService, ServiceError
from gamehost.store import MatchRow
from tests.support.toy import GAME

GUILD, OTHER_GUILD = 1, 2
ALICE, BOB, CAROL = 101, 102, 103


@pytest.fixture
def limited(store, clock):
    def make(**limits):
        return MatchService(store, clock, limits=Limits(**{**vars(Limits.unlimited()), **limits}))
    return make


async def lobby(service, channel, user=ALICE, guild=GUILD):
    return await service.create(guild_id=guild, channel_id=channel, creator_id=user, creator_name=f"u{user}",
                                game="race", options={})


async def refused(code, call):
    with pytest.raises(ServiceError) as caught:
        await call
    assert caught.value.code == code
    return caught.value


def bot_only_row(clock, channel, *, status="active", guild=GUILD):
    options = normalize_options("race", {})
    return MatchRow(
        id=0, guild_id=guild, channel_id=channel, game="race", status=status, creator_id=ALICE,
        options=options, seats=[{"user_id": None, "name": "Bot 1", "bot": True},
                                {"user_id": None, "name": "Bot 2", "bot": True}],
        seed=channel, state=GAME.setup(2, options, channel) if status == "active" else None,
        version=1, pace="live", timeout_policy="bot", decision_seconds=60,
        deadline_at=clock.now - 1 if status == "active" else None, reminded=False,
        board_message_id=None, locale="en", result=None, created_at=clock.now, updated_at=clock.now)


async def insert_bot_only(store, clock, channel, **kwargs) -> MatchRow:
    row = bot_only_row(clock, channel, **kwargs)
    row.id = await store.insert_match(row)
    return row


# -- Limits and settings ---------------------------------------------------------------------


def test_defaults_and_settings_parsing():
    limits = Limits.from_settings(Settings.from_env({}))
    assert limits == Limits() == Limits(open_lobbies_per_user=3, active_matches_per_user=20,
                                        open_matches_per_server=200, bot_matches_per_server=2,
                                        command_burst=8, command_window_seconds=10.0)
    settings = Settings.from_env({"MAX_OPEN_LOBBIES_PER_USER": "5", "MAX_ACTIVE_MATCHES_PER_USER": " 7 ",
                                  "MAX_OPEN_MATCHES_PER_SERVER": "0", "MAX_BOT_MATCHES_PER_SERVER": "1",
                                  "COMMAND_BURST": "4", "COMMAND_WINDOW_SECONDS": "2.5"})
    assert Limits.from_settings(settings) == Limits(5, 7, 0, 1, 4, 2.5)


@pytest.mark.parametrize("name, value", [("MAX_OPEN_LOBBIES_PER_USER", "-1"), ("COMMAND_BURST", "lots"),
                                         ("COMMAND_WINDOW_SECONDS", "-2"), ("COMMAND_WINDOW_SECONDS", "inf")])
def test_bad_limit_settings_name_the_variable(name, value):
    with pytest.raises(ValueError, match=name):
        Settings.from_env({name: value})


def test_zero_means_unlimited():
    assert reached(3, 3) and not reached(3, 2) and not reached(0, 10_000)
    assert Limits.unlimited() == Limits(0, 0, 0, 0, 0, 0.0)


# -- the command rate limiter ------------------------------------------------------------------


def test_limiter_allows_a_burst_then_refuses_until_the_window_refills(clock):
    limiter = CommandRateLimiter(8, 10.0, clock)
    assert [limiter.acquire(ALICE) for _ in range(8)] == [0.0] * 8
    wait = limiter.acquire(ALICE)
    assert wait == pytest.approx(1.25)  # one command back every 10/8 s
    assert wait_seconds(wait) == 2
    assert limiter.acquire(BOB) == 0.0  # people are counted separately
    clock.now += 1.0
    assert limiter.acquire(ALICE) == pytest.approx(0.25)  # refused commands cost nothing
    clock.now += 0.25
    assert limiter.acquire(ALICE) == 0.0
    assert limiter.acquire(ALICE) > 0
    clock.now += 10.0  # a whole window idle: a full burst again, never more
    assert [limiter.acquire(ALICE) for _ in range(8)] == [0.0] * 8
    assert limiter.acquire(ALICE) > 0


def test_limiter_survives_a_clock_step_back_and_can_be_off(clock):
    limiter = CommandRateLimiter(2, 10.0, clock)
    limiter.acquire(ALICE), limiter.acquire(ALICE)
    clock.now -= 100
    assert limiter.acquire(ALICE) > 0
    off = CommandRateLimiter(0, 10.0, clock)
    assert all(off.acquire(ALICE) == 0.0 for _ in range(1000)) and len(off) == 0


def test_limiter_forgets_idle_people_and_stays_bounded(clock):
    limiter = CommandRateLimiter(8, 10.0, clock, max_users=50)
    for user in range(40):
        limiter.acquire(user)
    assert len(limiter) == 40
    clock.now += 10.0
    limiter.acquire(999)
    assert len(limiter) == 1  # idle for a window = a full bucket = nothing to remember
    for user in range(1000, 1200):
        limiter.acquire(user)
    assert len(limiter) == 50


# -- limits in the match service ---------------------------------------------------------------


async def test_no_limits_by_default(service):
    for channel in range(10):
        await lobby(service, channel)
    assert len(await service.my_matches(GUILD, ALICE)) == 10
    for _ in range(100):
        await service.check_rate(ALICE)


async def test_open_lobbies_per_person(limited, store):
    service = limited(open_lobbies_per_user=3)
    for channel in (1, 2, 3):
        await lobby(service, channel)
    error = await refused("limit_lobbies", lobby(service, 4))
    assert error.params == {"limit": 3}
    assert await service.find_in_channel(4) is None
    assert await store.count_open_lobbies_created_by(GUILD, ALICE) == 3
    await lobby(service, 5, user=BOB)  # someone else may
    await lobby(service, 6, guild=OTHER_GUILD)  # and so may alice in another server
    await service.join(1, BOB, "bob")
    await service.start(1, ALICE)  # a lobby that starts is no longer open as a lobby
    await lobby(service, 4)
    await service.abandon(2, ALICE, is_admin=False)  # nor is one abandoned
    await lobby(service, 7)
    await refused("limit_lobbies", lobby(service, 8))


async def test_seats_per_person(limited, store):
    service = limited(active_matches_per_user=2)
    await lobby(service, 1, user=ALICE)
    await lobby(service, 2, user=CAROL)
    await lobby(service, 3, user=CAROL)
    await service.join(1, BOB, "bob")
    await service.start(1, ALICE)  # bob now plays one active match
    await service.join(2, BOB, "bob")  # and sits in one lobby: two open matches
    before = await service.in_channel(3)
    error = await refused("limit_matches", service.join(3, BOB, "bob"))
    assert error.params == {"limit": 2}
    after = await service.in_channel(3)
    assert (after.version, after.seats) == (before.version, before.seats)
    assert await store.count_matches_seating(GUILD, BOB) == 2
    await refused("limit_matches", lobby(service, 4, user=BOB))  # creating takes a seat too
    await refused("already_seated", service.join(2, BOB, "bob"))  # not a limit matter
    await service.leave(2, BOB)
    await service.join(3, BOB, "bob")


async def test_seat_count_is_exact_about_ids(store, limited):
    service = limited()
    await lobby(service, 1, user=11)
    await lobby(service, 2, user=111)
    assert await store.count_matches_seating(GUILD, 1) == 0  # "1" is in "11" but is not a seat
    assert await store.count_matches_seating(GUILD, 11) == 1
    assert await store.count_matches_seating(GUILD, 11, ("active",)) == 0


async def test_open_matches_per_server(limited, store):
    service = limited(open_matches_per_server=3)
    await lobby(service, 1, user=ALICE)
    await lobby(service, 2, user=BOB)
    await lobby(service, 3, user=CAROL)
    error = await refused("limit_server", lobby(service, 4, user=104))
    assert error.params == {"limit": 3}
    assert await store.count_open_matches(GUILD) == 3 and await service.find_in_channel(4) is None
    await lobby(service, 5, user=104, guild=OTHER_GUILD)
    await service.abandon(1, ALICE, is_admin=False)
    await lobby(service, 4, user=104)


async def test_bot_only_matches_per_server(limited, store, clock):
    service = limited(bot_matches_per_server=2)
    await insert_bot_only(store, clock, 1)
    waiting = await insert_bot_only(store, clock, 9, status="lobby")
    # under the cap, the cap is not what stops this start (nobody is seated in a bot-only lobby)
    await refused("not_seated", service.start(9, ALICE))
    await insert_bot_only(store, clock, 2)
    await insert_bot_only(store, clock, 3, guild=OTHER_GUILD)
    assert await store.count_bot_only_matches(GUILD) == 2
    error = await refused("limit_bot_matches", service.start(9, ALICE))
    assert error.params == {"limit": 2}
    row = await service.in_channel(9)
    assert (row.status, row.version) == (waiting.status, waiting.version)
    # matches with a person seated are not bot-only, however many bots sit with them
    await lobby(service, 4)
    await service.add_bot(4, ALICE)
    outcome = await service.start(4, ALICE)
    assert outcome.match.status in ("active", "finished")
    assert await store.count_bot_only_matches(GUILD) == 2


async def test_commands_per_person(limited, clock):
    service = limited(command_burst=2, command_window_seconds=10.0)
    await service.check_rate(ALICE)
    await service.check_rate(ALICE)
    error = await refused("rate_limited", service.check_rate(ALICE))
    assert error.params == {"seconds": 5, "burst": 2, "window": "10"}
    clock.now += 5
    await service.check_rate(ALICE)


async def test_simultaneous_creates_cannot_slip_past_a_limit(limited, store):
    service = limited(open_lobbies_per_user=2)
    results = await asyncio.gather(*(lobby(service, channel) for channel in range(6)), return_exceptions=True)
    assert sum(isinstance(r, MatchRow) for r in results) == 2
    assert all(r.code == "limit_lobbies" for r in results if isinstance(r, ServiceError))
    assert await store.count_open_lobbies_created_by(GUILD, ALICE) == 2


# -- unattended play yields to people ------------------------------------------------------------


async def test_a_persons_move_is_not_queued_behind_bot_only_matches(service, store, clock, monkeypatch):
    """Bot-only matches' engine work shares one thread of its own, so while it is busy (here:
    held on a gate) a person's move still goes through at once."""
    await lobby(service, 50, user=ALICE)
    await service.join(50, BOB, "bob")
    human = (await service.start(50, ALICE)).match
    mover = human.seats[human.state["turn"]]["user_id"]
    bot_matches = [await insert_bot_only(store, clock, channel) for channel in (61, 62, 63, 64)]

    gate = threading.Event()
    busy = threading.Event()
    threads: list[str] = []
    play = type(GAME).bot_action

    def gated_bot_action(state, seat):
        threads.append(threading.current_thread().name)
        busy.set()
        if not gate.wait(timeout=30):  # a safety net only: the test opens the gate itself
            raise RuntimeError("gate never opened")
        return play(GAME, state, seat)

    monkeypatch.setattr(GAME, "bot_action", gated_bot_action)
    bot_work = [asyncio.ensure_future(service.expire(row.id, row.version)) for row in bot_matches]

    async def person_moves():
        assert await asyncio.to_thread(busy.wait, 30)  # the unattended thread is taken
        outcome = await service.act(human.id, mover, "add 1")
        pending = [task for task in bot_work if not task.done()]
        gate.set()
        return outcome, len(pending)

    (outcome, still_pending), *bot_outcomes = await asyncio.gather(person_moves(), *bot_work)
    assert outcome.match.version == human.version + 1 and outcome.moves[0].action == "add 1"
    assert still_pending == len(bot_matches)  # the person did not wait for any of them
    assert all(o is not None and o.moves for o in bot_outcomes)
    assert threads and all(name.startswith("unattended") for name in threads)
