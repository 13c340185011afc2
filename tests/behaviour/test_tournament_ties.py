"""A complete tie in a tournament is said (issue 22, item 8): entrants level on every tie-break
are set apart by the order they entered, and the standings and the final message say so,
instead of an order that looks like a result."""
from __future__ import annotations

import pytest

from tests.behaviour.test_tournament import add_members, hub_message, resign_open_tables

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def test_two_winners_level_on_everything_are_told_apart_by_entry(world):
    """One swiss round of four: both winners have 1 point, and Buchholz, Sonneborn-Berger and
    head-to-head are 0 for both; the one who entered first is first, and that is said."""
    dave, = add_members(world, "dave")
    world.users[dave.id] = dave
    await world.alice.slash(world.channel, "tournament create", game="clash", format="swiss", rounds=1,
                            name="Level Cup")
    for member in (dave, world.carol, world.bob, world.alice):  # entry order unlike the ids
        joined = await member.click(hub_message(world), label="Join")
        assert joined.ephemeral and "entered" in joined.response.content
    started = await world.alice.slash(world.channel, "tournament start")
    assert "round 1 is paired" in started.response.content
    await resign_open_tables(world, loser_of=max)  # the later-joined of each table resigns
    t = (await world.env.bot.tournaments.in_guild(world.guild.id))[0]
    won = {min(table["players"]) for rnd in t.data["schedule"] for table in rnd["tables"]}
    winners = [e["id"] for e in t.data["entrants"] if e["id"] in won]
    first, second = (world.users[w] for w in winners)  # in the order they entered
    final = [m.content for m in world.channel.history() if "is over" in m.content]
    assert final, [m.content for m in world.channel.history()][-5:]
    assert f"Winner: <@{first.id}>" in final[-1]
    assert "level on every tie-break" in final[-1] and "entered first" in final[-1] and second.name in final[-1]
    standings = await world.bob.slash(world.channel, "tournament standings", tournament=t.id)
    text = standings.response.content
    assert "level on every tie-break, so listed in the order they entered" in text
    assert text.index(first.name) < text.index(second.name)
    assert "order of entry" in text  # the stated tie-breaks end with it
