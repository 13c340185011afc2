"""Tournament limits and names through Discord (issue 20 items 10, 12, 13): a member's third
open tournament, a ninth bot and a deadline of no time are refused privately; names that look
like mentions or markdown reach thread titles, the hub and the standings as plain text."""
from __future__ import annotations

import pytest

from tests.behaviour.test_tournament_scenarios import (add_members, hub_message, hub_posts, only, resign_open_tables,
                                                       tournaments)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

EVIL = "@everyone @here <@&1> **loud**"
RAW = ("@everyone", "@here", "<@&1>", "**loud**")


def refused(result, *words) -> bool:
    text = result.response.content if result.response is not None else ""
    return result.ephemeral and text.startswith("⚠️") and all(w in text for w in words)


async def test_names_that_look_like_mentions_or_markdown_stay_plain_text(world):
    evil, = add_members(world, EVIL)
    created = await world.alice.slash(world.channel, "tournament create", game="clash", format="swiss", rounds=1,
                                      name="@everyone cup **big**")
    assert created.ephemeral
    for member in (world.alice, world.bob, world.carol, evil):
        assert (await member.slash(world.channel, "tournament join")).ephemeral
    await world.alice.slash(world.channel, "tournament start")
    threads = world.channel.threads
    assert len(threads) == 2
    for thread in threads:
        assert "@everyone" not in thread.name and "<@&1>" not in thread.name, thread.name
        assert "everyone cup" in thread.name
    await resign_open_tables(world, loser_of=lambda players: evil.id if evil.id in players else max(players))
    t = await only(world)
    assert t.status == "finished"
    titles = {thread.name for thread in threads}  # Discord's "thread created" notices show the title
    texts = [m.content for m in hub_posts(world) if m.content not in titles] + [hub_message(world, t).content]
    standings = await world.bob.slash(world.channel, "tournament standings")
    info = await world.bob.slash(world.channel, "tournament info")
    texts += [standings.response.content, info.response.content]
    assert any("Result:" in x and "everyone" in x for x in texts), "the entrant's name is in a result line"
    assert any("loud" in x for x in texts) and any("everyone cup" in x for x in texts)
    for text in texts:
        assert not any(raw in text for raw in RAW), text


async def test_a_member_s_open_tournaments_are_capped(world):
    rooms = [world.channel] + [world.guild.create_text_channel(f"hub-{n}") for n in (2, 3)]
    for room in rooms[:2]:
        assert (await world.alice.slash(room, "tournament create", game="clash", format="swiss")).ephemeral
    third = await world.alice.slash(rooms[2], "tournament create", game="clash", format="swiss")
    assert refused(third, "open tournaments", "(2)"), third.response.content
    assert len(await tournaments(world).in_guild(world.guild.id)) == 2
    assert (await world.bob.slash(rooms[2], "tournament create", game="clash", format="swiss")).ephemeral


async def test_bots_per_tournament_and_the_deadline_floor(world):
    await world.alice.slash(world.channel, "tournament create", game="clash", format="swiss", rounds=1)
    for _ in range(8):
        assert (await world.alice.slash(world.channel, "tournament add", bot=True)).ephemeral
    ninth = await world.alice.slash(world.channel, "tournament add", bot=True)
    assert refused(ninth, "as many bots", "(8)"), ninth.response.content
    await world.alice.slash(world.channel, "tournament join")
    await world.bob.slash(world.channel, "tournament join")
    await world.alice.slash(world.channel, "tournament start")
    await tournaments(world).idle()
    t = await only(world)
    assert t.status == "running"
    instant = await world.alice.slash(world.channel, "tournament deadline", hours=1e-12)
    assert refused(instant, "at least 5 min"), instant.response.content
    assert (await only(world)).current_round()["deadline"] is None
    short = await world.alice.slash(world.channel, "tournament create", game="clash", format="swiss", round_hours=0.01)
    assert refused(short, "at least 5 min"), short.response.content
