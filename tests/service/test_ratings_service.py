"""Ranked matches are rated when they finish, once; rebuilding every rating from the stored
results gives the same table (issue 11, ratings)."""
from __future__ import annotations


async def ranked_game(service, channel: int, winner_user: int, loser_user: int, ranked: bool = True):
    row = await service.create(guild_id=1, channel_id=channel, creator_id=winner_user, creator_name=f"u{winner_user}",
                               game="race", options={}, ranked=ranked)
    await service.join(channel, loser_user, f"u{loser_user}")
    await service.start(channel, winner_user)
    return await service.resign(row.id, loser_user)


async def table(service):
    board = await service.leaderboard(1, "race")
    return [(record.identity, record.display, record.games, record.wins) for _rank, record in board.rows]


async def test_ranked_results_rate_and_rebuild_gives_the_same_table(service):
    await ranked_game(service, 10, 1, 2)
    await ranked_game(service, 11, 1, 3)
    await ranked_game(service, 12, 3, 2)
    await ranked_game(service, 13, 2, 1, ranked=False)  # casual: not rated
    before = await table(service)
    assert [identity for identity, *_ in before] == ["user:1", "user:3", "user:2"]
    assert dict((i, g) for i, _d, g, _w in before) == {"user:1": 2, "user:3": 2, "user:2": 2}
    one = await service.rating(1, "race", 1)
    assert one.games == 2 and one.wins == 2 and len(one.chart_points()) == 3
    assert await service.rebuild_ratings() == 3
    assert await table(service) == before
