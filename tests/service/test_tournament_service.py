"""Tournaments over the match service (issue 11): sign-up, round 1 paired and its matches
started, results recorded as matches end, the next round paired without rematches, the end,
standings; ranked tournament matches feed the ratings."""
from __future__ import annotations

import pytest

from gamehost.outcome import ServiceError
from gamehost.tournament_service import TournamentService
from gamehost.tournaments import meetings


async def enter(tournaments, t, users):
    for user in users:
        await tournaments.join(t.id, user, f"p{user}")


async def finish_round(service, tournaments, t_id, loser_of):
    """Every open table of the current round ends: ``loser_of(players)`` resigns."""
    t = await tournaments.load(t_id)
    for table in t.data["schedule"][-1]["tables"]:
        if table["result"] is None:
            await service.resign(table["match_id"], loser_of(table["players"]))


async def test_a_swiss_of_six_over_three_rounds(service):
    tournaments = TournamentService(service)
    t = await tournaments.create(guild_id=1, channel_id=500, creator_id=1, game="race", fmt="swiss", rounds=3)
    await enter(tournaments, t, range(1, 7))
    with pytest.raises(ServiceError) as refused:
        await tournaments.start(t.id, 2)
    assert refused.value.code == "not_organizer"
    t = await tournaments.start(t.id, 1)
    assert t.status == "running" and len(t.data["schedule"][0]["tables"]) == 3
    for table in t.data["schedule"][0]["tables"]:
        row = await service.load(table["match_id"])
        assert row.status == "active" and sorted(s["user_id"] for s in row.seats) == sorted(table["players"])
    with pytest.raises(ServiceError):
        await tournaments.join(t.id, 9, "late")
    for _ in range(3):  # the lower id wins every table
        await finish_round(service, tournaments, t.id, loser_of=max)
    t, rows = await tournaments.standings(t.id)
    assert t.status == "finished" and len(t.data["schedule"]) == 3
    assert max(meetings(t.rounds()).values()) == 1, "no rematch in six players over three rounds"
    assert rows[0].entrant == 1 and rows[0].points == 3
    assert [r.rank for r in rows] == list(range(1, 7))
    board = await service.leaderboard(1, "race")
    assert board.total == 6, "tournament matches are ranked"


async def test_a_round_robin_of_three_with_byes(service):
    tournaments = TournamentService(service)
    t = await tournaments.create(guild_id=1, channel_id=600, creator_id=1, game="race", fmt="round_robin")
    await enter(tournaments, t, (1, 2, 3))
    t = await tournaments.start(t.id, 1)
    assert t.data["rounds"] == 3
    for _ in range(3):
        await finish_round(service, tournaments, t.id, loser_of=min)
    t, rows = await tournaments.standings(t.id)
    assert t.status == "finished"
    assert all(count == 1 for count in meetings(t.rounds()).values()) and len(meetings(t.rounds())) == 3
    assert sorted(sum(1 for r in t.rounds() if u in r.byes) for u in (1, 2, 3)) == [1, 1, 1]
