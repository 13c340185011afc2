"""Tournaments through Discord (issue 11): a hub channel, sign-up by button and command, a thread
per table with its match started and its players mentioned, results recorded as the matches
end, the next round announced, standings as a picture; organizer commands refused to others."""
from __future__ import annotations

import pytest

from tests.behaviour.helpers import moved

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def add_members(world, *names):
    return [world.guild.add_member(world.env.create_user(name)) for name in names]


def hub_message(world):
    return next(m for m in world.channel.history() if any(
        getattr(c, "label", None) == "Join" for row in m.components for c in row.children))


async def resign_open_tables(world, loser_of):
    """Every open table's loser (``loser_of(players)``) resigns in the table's thread."""
    tournaments = world.env.bot.tournaments
    t = (await tournaments.in_guild(world.guild.id, open_only=True))[0]
    for _, table in t.open_tables():
        loser = loser_of(table["players"])
        thread = next(x for x in world.channel.threads if x.id == table["channel_id"])
        result = await world.users[loser].slash(thread, "match resign")
        assert moved(result)
    await tournaments.idle()


async def test_a_four_player_swiss_from_create_to_final_standings(world):
    dave, = add_members(world, "dave")
    world.users[dave.id] = dave
    created = await world.alice.slash(world.channel, "tournament create", game="clash", format="swiss", rounds=2,
                                      name="Autumn Cup")
    assert created.ephemeral and "Autumn Cup" in created.response.content
    hub = hub_message(world)
    for member in (world.alice, world.bob):
        joined = await member.click(hub, label="Join")
        assert joined.ephemeral and "entered" in joined.response.content
    again = await world.bob.click(hub_message(world), label="Join")
    assert again.ephemeral and "already entered" in again.response.content
    await world.carol.slash(world.channel, "tournament join")
    await dave.slash(world.channel, "tournament join")
    assert "Entrants (4)" in hub_message(world).content
    refused = await world.bob.slash(world.channel, "tournament start")
    assert refused.ephemeral and "organizer" in refused.response.content
    started = await world.alice.slash(world.channel, "tournament start")
    assert started.ephemeral and "round 1 is paired" in started.response.content
    threads = world.channel.threads
    assert len(threads) == 2, "one thread per table"
    for thread in threads:
        posts = thread.history()
        assert any("your match has started" in m.content and m.content.count("<@") == 2 for m in posts)
        assert any(m.attachments for m in posts), "the table's board is posted in its thread"
    pairings = [m for m in world.channel.history() if "round 1" in m.content]
    assert pairings and "R1-T1" in pairings[-1].content
    await resign_open_tables(world, loser_of=max)
    assert len(world.channel.threads) == 4, "round 2 paired and opened after every round-1 table ended"
    assert any("round 2" in m.content for m in world.channel.history())
    await resign_open_tables(world, loser_of=max)
    final = [m for m in world.channel.history() if "is over" in m.content]
    assert final and "Winner" in final[-1].content
    standings = await world.bob.slash(world.channel, "tournament standings")
    assert standings.ephemeral and any(a.filename == "standings.png" for a in standings.response.attachments)
    assert "Buchholz" in standings.response.content
    rating = await world.alice.slash(world.channel, "rating", game="clash")
    assert "ranked games: 2 (" in rating.response.content, "tournament matches are ranked"


async def test_outsiders_cannot_run_someone_else_s_tournament(world):
    await world.alice.slash(world.channel, "tournament create", game="clash", format="single_elim")
    for member in (world.alice, world.bob, world.carol):
        await member.slash(world.channel, "tournament join")
    for command, args in (("tournament start", {}), ("tournament pause", {}), ("tournament cancel", {}),
                          ("tournament add", {"bot": True}), ("tournament end", {})):
        refused = await world.bob.slash(world.channel, command, **args)
        assert refused.ephemeral and "organizer" in refused.response.content, command
    t = (await world.env.bot.tournaments.in_guild(world.guild.id))[0]
    assert t.status == "signup" and len(t.data["entrants"]) == 3
    unknown = await world.bob.slash(world.channel, "tournament info", tournament=999)
    assert unknown.ephemeral and "no tournament #999" in unknown.response.content
