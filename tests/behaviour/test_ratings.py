"""Ranked matches feed the server's ratings (OpenSkill): /rating and /leaderboard (issue 11)."""
from __future__ import annotations

import pytest

from tests.behaviour.helpers import moved

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def ranked_duel_won_by_bob(world, ranked: bool = True):
    await world.alice.slash(world.channel, "match create", game="clash", ranked=ranked)
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    assert moved(await world.alice.slash(world.channel, "match resign"))


async def test_a_ranked_match_rates_both_players(world):
    await ranked_duel_won_by_bob(world)
    bob = await world.bob.slash(world.channel, "rating")
    alice = await world.carol.slash(world.channel, "rating", member=world.alice, game="clash")
    assert bob.ephemeral and "ranked games: 1 (1 won" in bob.response.content
    assert "ranked games: 1 (0 won, 0 drawn, 1 lost)" in alice.response.content
    rating = lambda text: int(text.split("**")[3])  # "…: **1234** · …"
    assert rating(bob.response.content) > rating(alice.response.content)
    assert any(a.filename == "rating.png" for a in alice.response.attachments), "one game: its history chart"
    board = await world.carol.slash(world.channel, "leaderboard", game="clash")
    lines = [line for line in board.response.content.splitlines() if line[:1].isdigit()]
    assert len(lines) == 2 and f"<@{world.bob.id}>" in lines[0] and f"<@{world.alice.id}>" in lines[1]


async def test_a_casual_match_is_not_rated(world):
    await ranked_duel_won_by_bob(world, ranked=False)
    none = await world.bob.slash(world.channel, "rating")
    assert "no ranked games" in none.response.content
    board = await world.bob.slash(world.channel, "leaderboard", game="clash")
    assert "Nobody is rated yet" in board.response.content


async def test_a_game_command_can_create_a_ranked_match(world):
    await world.alice.slash(world.channel, "clash new", ranked=True)
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    assert moved(await world.bob.slash(world.channel, "match resign"))
    rated = await world.alice.slash(world.channel, "rating", game="clash")
    assert "ranked games: 1 (1 won" in rated.response.content
