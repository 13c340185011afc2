"""The host's side of Cloudspire's designed modes (issue 24; CS-SOLO-1/2, CS-DM), on SQLite and
PostgreSQL: the lobby seats people only (bots refused), the start adds the Cloud's seats (the
game's own: gamehost/house_seats.py), ranked games rate the Cloud as ``ai:cloudspire:<level>``
(several Cloud seats one identity), the campaign advances when a victory is saved, an endless
run is recorded once, a rematch leaves the Cloud to the game, and tournaments refuse designed
modes. The games are played through the service with the strong bot's moves."""
from __future__ import annotations

import pytest

from engine.base import IllegalAction
from engine.cloudspire import GAME
from engine.cloudspire.modes import encounter_ids
from gamehost.house_seats import seat_name, with_house_seats
from gamehost.rating_store import member_record
from gamehost.ratings import FinishedMatch, ai_identity, rate_match, seat_identity
from gamehost.rematch import rematch
from gamehost.service import MatchService, ServiceError
from gamehost.tournament_service import TournamentService

SOLO = encounter_ids("solo")
GUILD = 5


@pytest.fixture
def cs_service(store, clock):
    """Every match gets seed 7 (two matches with the same options are the same game)."""
    return MatchService(store, clock, seed_source=lambda: 7)


async def lobby(service, channel, *, people=1, ranked=False, override=False, **options):
    await service.create(guild_id=GUILD, channel_id=channel, creator_id=1, creator_name="alice", game="cloudspire",
                         options=options, ranked=ranked, campaign_override=override)
    for user in range(2, people + 1):
        await service.join(channel, user, f"player{user}")


async def play_out(service, match_id, *, until=lambda row: False):
    for _ in range(4000):
        row = await service.load(match_id)
        if row.status != "active" or until(row):
            return row
        seat = GAME.prompts(row.state)[0].seat
        row = (await service.act(match_id, row.seats[seat]["user_id"], GAME.bot_action(row.state, seat))).match
    raise AssertionError("the game did not end")


async def test_a_designed_lobby_seats_people_only_and_the_start_adds_the_cloud(cs_service):
    """CS-DM-1: solo takes one person and no bot; the start appends the encounter's Cloud
    seats after the people (bots of the encounter's difficulty, named by faction)."""
    await lobby(cs_service, 10, mode="solo", encounter=SOLO[3], difficulty="hard", override=True)
    row = await cs_service.in_channel(10)
    assert cs_service.seat_limits(row) == (1, 1)
    with pytest.raises(ServiceError) as refused:
        await cs_service.add_bot(10, 1)
    assert refused.value.code == "house_seats_no_bots" and refused.value.params == {"n": 2}
    with pytest.raises(ServiceError) as full:
        await cs_service.join(10, 2, "bob")
    assert full.value.code == "lobby_full"
    started = (await cs_service.start(10, 1)).match
    assert [s["name"] for s in started.seats] == ["alice", "Cloud · Narora", "Cloud · Grovetenders"]
    assert all(s["bot"] and s["house"] and s["cloud"] and s["level"] == "hard" and s["user_id"] is None
               for s in started.seats[1:])
    assert started.state["seats"] == 3 and started.state["designed"]["cloud"] == [1, 2]


async def test_coop_takes_two_or_three_people_and_endless_names_its_cloud_by_number(cs_service):
    await lobby(cs_service, 11, mode="coop")
    row = await cs_service.in_channel(11)
    assert cs_service.seat_limits(row) == GAME.people_range(row.options) == (2, 3)
    with pytest.raises(ServiceError) as few:
        await cs_service.start(11, 1)
    assert few.value.code == "need_players"
    await cs_service.abandon(11, 1, is_admin=False)
    await lobby(cs_service, 12, mode="endless")
    row = await cs_service.in_channel(12)
    assert [s["name"] for s in with_house_seats(row)] == ["alice", "Cloud 2", "Cloud 3", "Cloud 4"]
    assert seat_name("cloudspire", {"faction": "heirs"}, 2, "zh-CN") == "云敌 · 翼族"


def test_cloud_seats_are_rated_as_the_games_ai_at_their_level():
    """Ratings: a Cloud seat (marked house at the start, as every seat a game plays itself) is ``ai:cloudspire:<difficulty>``; several Cloud seats of one
    match share it, as bots of one level do; the person is rated against it."""
    seats = [{"user_id": 1, "name": "alice", "bot": False},
             {"user_id": None, "bot": True, "house": True, "cloud": True, "level": "hard", "name": "Cloud · Heirs"},
             {"user_id": None, "bot": True, "house": True, "cloud": True, "level": "hard", "name": "Cloud · Narora"}]
    assert seat_identity(seats[1], "cloudspire") == seat_identity(seats[2], "cloudspire") == "ai:cloudspire:hard"
    assert ai_identity("cloudspire", {"level": "hard"}) == "ai:cloudspire:hard"
    assert seat_identity({"bot": True, "level": "hard"}, "cloudspire") == "bot:hard"    # an ordinary bot seat
    rated = rate_match(seats, {"winners": [0], "placements": [[0], [1, 2]]}, {}, teams=[[0], [1, 2]],
                       game="cloudspire")
    assert rated is not None
    by = {e.identity: e for e in rated.entries}
    assert set(by) == {"user:1", "ai:cloudspire:hard"} and by["user:1"].outcome == "W"
    assert by["ai:cloudspire:hard"].outcome == "L" and by["ai:cloudspire:hard"].seats == (1, 2)
    scored = [seats[0], {**seats[1], "rated": False}, seats[2]]
    assert rate_match(scored, {"winners": [1, 2], "placements": [[1, 2], [0]]}, {}, game="cloudspire") is None


async def test_a_ranked_solo_win_rates_alice_against_the_cloud_and_opens_the_next_encounter(cs_service, store):
    """CS-SOLO-1, CS-DM-5, CS-DM-15: the strong bot playing alice wins the first solo encounter; the saved
    result rates alice against ai:cloudspire:normal and opens the campaign's second encounter;
    a rematch seats alice alone again (the Cloud is the game's) and a locked encounter is
    refused when a lobby is created."""
    await lobby(cs_service, 20, ranked=True, mode="solo")
    row = await play_out(cs_service, (await cs_service.start(20, 1)).match.id)
    assert row.status == "finished" and row.result["winners"] == [0]
    assert FinishedMatch.from_row(row).teams == ((0,), (1,))
    alice = await member_record(store, GUILD, "cloudspire", "user:1")
    cloud = await member_record(store, GUILD, "cloudspire", "ai:cloudspire:normal")
    assert (alice.games, alice.wins, cloud.games, cloud.losses) == (1, 1, 1, 1)
    progress = await cs_service.campaigns.progress(GUILD, 20, "cloudspire")
    assert progress["solo"]["open"] == list(SOLO[:2]) and progress["solo"]["won"][SOLO[0]]["wins"] == 1
    again = await rematch(cs_service, channel_id=20, guild_id=GUILD, user_id=1, user_name="alice")
    assert [s["name"] for s in again.seats] == ["alice"]
    await cs_service.abandon(20, 1, is_admin=False)
    with pytest.raises(IllegalAction) as locked:
        await lobby(cs_service, 20, mode="solo", encounter=SOLO[2])
    assert locked.value.code == "cloudspire.err.encounter_locked"
    await lobby(cs_service, 20, mode="solo", encounter=SOLO[1])


async def test_an_endless_run_is_recorded_once_when_it_ends_and_not_rated(cs_service, store):
    """CS-SOLO-2, CS-DM-13, CS-DM-16: resigning after the first wave ends the run; the on_ended
    listener records it (waves survived, fortress power), once. A run always ends in a loss,
    so even a ranked one is not rated: its score is the record."""
    await lobby(cs_service, 30, mode="endless", difficulty="easy", ranked=True)
    row = await play_out(cs_service, (await cs_service.start(30, 1)).match.id,
                         until=lambda r: r.state["designed"]["waves_survived"] >= 1)
    row = (await cs_service.resign(row.id, 1)).match
    assert row.status == "finished" and row.result["figures"]["waves_survived"] == 1
    runs = await cs_service.endless.best(GUILD, "cloudspire")
    assert [(r.match_id, r.user_id, r.waves, r.difficulty, r.faction) for r in runs] == [
        (row.id, 1, 1, "easy", row.state["factions"][0])]
    assert runs[0].power == row.result["figures"]["0"]["power"]
    assert await cs_service.endless.record(row) is False
    assert all(seat["rated"] is False for seat in row.seats[1:])
    assert (await member_record(store, GUILD, "cloudspire", "user:1")).games == 0


async def test_tournaments_refuse_designed_modes(cs_service):
    tournaments = TournamentService(cs_service)
    for mode in ("solo", "coop", "endless"):
        with pytest.raises(ServiceError) as refused:
            await tournaments.create(guild_id=GUILD, channel_id=40, creator_id=1, game="cloudspire", fmt="swiss",
                                     options={"mode": mode})
        assert refused.value.code == "tournament_house_seats"
    made = await tournaments.create(guild_id=GUILD, channel_id=40, creator_id=1, game="cloudspire", fmt="pods",
                                    options={"mode": "ffa"})
    assert made.data["table_size"] == 4
