"""Tournament limits and deadlines (issue 20 items 10, 12, 14): tournaments per member and
per server, bots per tournament, a round's threads made at a pace with progress, a floor on
round lengths and deadlines that move only the current round, and an expected race that is
logged at INFO, not as an error."""
from __future__ import annotations

import asyncio
import logging

import pytest

from gamehost.config import Settings
from gamehost.outcome import ServiceError
from gamehost.service import MatchService
from gamehost.tournament_limits import TournamentLimits
from gamehost.tournament_service import TournamentService


async def refused(code, work):
    with pytest.raises(ServiceError) as error:
        await work
    assert error.value.code == code, error.value.code
    return error.value


def limited(service, **limits) -> TournamentService:
    return TournamentService(service, limits=TournamentLimits(**{**vars(TournamentLimits.unlimited()), **limits}))


def test_defaults_and_settings():
    assert TournamentLimits.from_settings(Settings.from_env({})) == TournamentLimits() == TournamentLimits(
        tournaments_per_user=2, tournaments_per_server=5, bots_per_tournament=8, thread_burst=5,
        thread_interval_seconds=1.0)
    settings = Settings.from_env({"MAX_TOURNAMENTS_PER_USER": "1", "MAX_TOURNAMENTS_PER_SERVER": "0",
                                  "MAX_BOTS_PER_TOURNAMENT": "3", "TOURNAMENT_THREAD_BURST": "2",
                                  "TOURNAMENT_THREAD_INTERVAL_SECONDS": "0.5"})
    assert TournamentLimits.from_settings(settings) == TournamentLimits(1, 0, 3, 2, 0.5)
    with pytest.raises(ValueError, match="MAX_BOTS_PER_TOURNAMENT"):
        Settings.from_env({"MAX_BOTS_PER_TOURNAMENT": "-1"})


async def test_tournaments_per_member_and_per_server(service):
    tournaments = limited(service, tournaments_per_user=2, tournaments_per_server=3)

    def create(user, guild=1):
        return tournaments.create(guild_id=guild, channel_id=100 + user, creator_id=user, game="race", fmt="swiss")
    first = await create(1)
    await create(1)
    error = await refused("limit_tournaments_user", create(1))
    assert error.params == {"limit": 2}
    await create(2)
    await refused("limit_tournaments_server", create(3))
    assert len(await tournaments.in_guild(1)) == 3, "a refusal creates nothing"
    await create(3, guild=2)  # another server has its own count
    await tournaments.cancel(first.id, 1)  # one over: room again for its creator
    await create(1)


async def test_bots_per_tournament(service):
    tournaments = limited(service, bots_per_tournament=3)
    t = await tournaments.create(guild_id=1, channel_id=100, creator_id=1, game="race", fmt="swiss")
    for _ in range(3):
        await tournaments.add_bot(t.id, 1)
    error = await refused("limit_tournament_bots", tournaments.add_bot(t.id, 1))
    assert error.params == {"limit": 3}
    t = await tournaments.load(t.id)
    assert sum(1 for e in t.data["entrants"] if e["bot"]) == 3


async def test_a_big_round_opens_a_few_tables_at_once_then_the_rest_at_a_pace(service):
    """With threads to make, the command that starts the round returns once the first
    ``thread_burst`` tables are open; the rest open one by one in the background, the hub
    told of the progress, each table once."""
    made: list[int] = []

    async def open_table(t, rnd, table):
        made.append(table["no"])
        return 7_000 + rnd["number"] * 100 + table["no"]
    tournaments = TournamentService(service, open_table=open_table, limits=TournamentLimits(
        0, 0, 0, thread_burst=3, thread_interval_seconds=0.01))
    seen: list = []

    async def listener(event):
        seen.append((event.kind, dict(event.detail)))
    tournaments.listeners.append(listener)
    t = await tournaments.create(guild_id=1, channel_id=100, creator_id=1, game="race", fmt="swiss", rounds=1)
    for user in range(1, 25):
        await tournaments.join(t.id, user, f"p{user}")
    t = await tournaments.start(t.id, 1)
    assert sum(1 for x in t.data["schedule"][0]["tables"] if x["match_id"] is not None) == 3
    assert made == [1, 2, 3]
    await tournaments.idle()
    t = await tournaments.load(t.id)
    tables = t.data["schedule"][0]["tables"]
    assert all(x["match_id"] is not None for x in tables) and sorted(made) == list(range(1, 13))
    assert len({x["match_id"] for x in tables}) == 12
    assert [k for k, _ in seen].count("table_opened") == 12
    assert [k for k, _ in seen].count("tables_opening") >= 1, "the hub hears how far the opening is"


async def test_round_lengths_and_deadlines_have_a_floor(clock, service):
    tournaments = TournamentService(service)
    for hours in (1e-12, 0.05):
        await refused("round_too_short", tournaments.create(guild_id=1, channel_id=100, creator_id=1, game="race",
                                                             fmt="swiss", round_hours=hours))
    await refused("deadline_past", tournaments.create(guild_id=1, channel_id=100, creator_id=1, game="race",
                                                      fmt="swiss", round_hours=float("nan")))
    t = await tournaments.create(guild_id=1, channel_id=100, creator_id=1, game="race", fmt="swiss", rounds=3)
    for user in (1, 2, 3, 4):
        await tournaments.join(t.id, user, f"p{user}")
    await tournaments.start(t.id, 1)
    for hours in (1e-12, 4 / 60):
        await refused("round_too_short", tournaments.set_deadline(t.id, 1, hours))
    t = await tournaments.set_deadline(t.id, 1, 5 / 60)
    assert t.current_round()["deadline"] == clock.now + 300


async def test_a_deadline_moves_only_the_current_round(clock, service):
    """``hours:1e-12`` once turned a 3-round Swiss into all draws: now a deadline set on round
    1 of a tournament without ``round_hours`` leaves later rounds without one, and with
    ``round_hours`` they keep that length."""
    tournaments = TournamentService(service)
    for round_hours, later in ((None, None), (24, 24 * 3600)):
        t = await tournaments.create(guild_id=1, channel_id=100, creator_id=1, game="race", fmt="swiss", rounds=3,
                                     round_hours=round_hours)
        for user in (1, 2, 3, 4):
            await tournaments.join(t.id, user, f"p{user}")
        await tournaments.start(t.id, 1)
        await tournaments.set_deadline(t.id, 1, 0.5)
        clock.now += 1800
        await tournaments.tick()  # round 1 adjudicated at its deadline
        t = await tournaments.load(t.id)
        assert t.data["round_hours"] == round_hours
        assert len(t.data["schedule"]) == 2 and t.data["schedule"][0]["tables"][0]["note"] == "deadline"
        second = t.current_round()
        assert (None if second["deadline"] is None else second["deadline"] - clock.now) == later
        assert all(x["result"] is None for x in second["tables"]), "round 2 is played, not adjudicated at once"
        await tournaments.cancel(t.id, 1)


async def test_losing_a_deadline_race_to_another_process_is_not_an_error(store, clock, service, caplog):
    """Two processes hold the same match deadline: the one that loses logs it at INFO,
    with no traceback."""
    await service.create(guild_id=1, channel_id=5, creator_id=1, creator_name="a", game="race", options={})
    await service.join(5, 2, "b")
    row = (await service.start(5, 1)).match
    other = MatchService(store, clock)
    await other.load(row.id)  # the other process has the match as it was
    clock.now = row.deadline_at + 1
    caplog.set_level(logging.INFO)
    assert await service.expire(row.id, row.version) is not None
    other.deadlines.arm(row.id, row.version, row.deadline_at, None)
    for _ in range(500):  # the other process's timer fires, loses, and says so
        await asyncio.sleep(0.01)
        if "deadline" in caplog.text:
            break
    assert "handled by another process" in caplog.text
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    await other.close()
    await service.close()


async def test_recording_a_result_that_loses_races_is_not_an_error(store, clock, service, caplog, monkeypatch):
    """A result recorded while another process keeps writing the tournament: retried, and
    the lost races logged at INFO."""
    tournaments = TournamentService(service)
    t = await tournaments.create(guild_id=1, channel_id=100, creator_id=1, game="race", fmt="swiss", rounds=2)
    for user in (1, 2, 3, 4):
        await tournaments.join(t.id, user, f"p{user}")
    t = await tournaments.start(t.id, 1)
    table = t.data["schedule"][0]["tables"][0]
    service.on_ended.clear()
    await service.resign(table["match_id"], table["players"][1])
    original = store.save_tournament
    losses = {"left": 3}

    async def busy(*args, **kwargs):
        if losses["left"]:
            losses["left"] -= 1
            from gamehost.store import VersionConflict
            raise VersionConflict(t.id)
        return await original(*args, **kwargs)
    monkeypatch.setattr(store, "save_tournament", busy)
    caplog.set_level(logging.INFO)
    await tournaments.record(table["match_id"])
    t = await tournaments.load(t.id)
    assert t.data["schedule"][0]["tables"][0]["result"] is not None
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
