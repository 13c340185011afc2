"""Kingdom Rush campaign progress per channel, through SimCord: /kr new offers every scenario
with this channel's state of it and refuses a locked one privately, naming the scenario that
unlocks it (a new thread is a campaign of its own; /match create is refused too); a moderator
may start one anyway (any_scenario); a won scenario-1 match unlocks scenario 2, shown by
/kr campaign in the channel, and /kr new scenario:2 then works, also after a bot restart.

The game itself is played through the service with the engine bot's moves (quicker than
Discord; test_kr_play.py plays through the commands)."""
from __future__ import annotations

import discord
import pytest

from engine.kr import campaign
from engine.kr.game import GAME
from tests.support.bot import close_bot, make_bot

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
FIRST, SECOND, THIRD = campaign.ORDER[:3]


def refusal(result) -> str:
    assert result.ephemeral, result
    text = result.response.content or ""
    assert text.startswith("⚠️"), text
    return text


async def scenario_labels(member, channel, **filled) -> dict[str, str]:
    result = await member.autocomplete(channel, "kr new", "scenario", "", **filled)
    choices = result if isinstance(result, list) else (result.autocomplete_choices or [])
    return {(c["value"] if isinstance(c, dict) else c.value): (c["name"] if isinstance(c, dict) else c.name)
            for c in choices}


def campaign_text(message) -> str:
    embed = message.embeds[0]
    return "\n".join([embed.title or "", embed.description or ""] + [f"{f.name} {f.value}" for f in embed.fields]
                     + [embed.footer.text or ""])


async def win_scenario_one(world):
    """Alice opens scenario 1 with /kr new and starts it; the engine bot plays her moves
    through the service to a victory (a defeat, which records nothing, is played again)."""
    for _ in range(3):
        created = await world.alice.slash(world.channel, "kr new", scenario=FIRST, pace="live")
        assert not (created.response.content or "").startswith("⚠️"), created.response.content
        assert (await world.alice.click(world.channel.last_message, label="Start")).acknowledged
        row = await world.match()
        for _ in range(2000):
            row = await world.service.load(row.id)
            if row.status != "active":
                break
            seat = GAME.prompts(row.state)[0].seat
            await world.service.act(row.id, row.seats[seat]["user_id"], GAME.bot_action(row.state, seat))
        assert row.status == "finished"
        if row.result["winners"]:
            return row
        assert SECOND not in (await world.service.campaigns.progress(world.guild.id, world.channel.id, "kr"))[
            "scenarios"], "a defeat unlocks nothing"
    raise AssertionError("the engine bot lost scenario 1 three times")


async def test_a_victory_unlocks_scenario_two_and_survives_a_restart(world, db_url):
    labels = await scenario_labels(world.alice, world.channel)
    assert list(labels) == list(campaign.ORDER)                     # every scenario is offered
    assert labels[FIRST].startswith("🔓 1. ") and labels[SECOND].startswith("🔒 2. ")
    assert "Farrinken Valley" in labels[SECOND]                      # what unlocks it

    messages = len(world.channel.history())
    text = refusal(await world.alice.slash(world.channel, "kr new", scenario=SECOND))
    assert "2. Hyena Crossing" in text and "locked" in text and "win 1. Farrinken Valley here" in text
    text = refusal(await world.alice.slash(world.channel, "kr new", scenario=SECOND, any_scenario=True))
    assert "Manage Server" in text                                   # the override is for moderators
    text = refusal(await world.alice.slash(world.channel, "match create", game="kr", options=f"scenario={THIRD}"))
    assert "Scenario 3 is still locked" in text and "scenario 2" in text
    assert await world.service.find_in_channel(world.channel.id) is None
    assert len(world.channel.history()) == messages                  # nothing posted

    row = await win_scenario_one(world)
    shown = await world.carol.slash(world.channel, "kr campaign")    # anyone; posted in the channel
    assert not shown.ephemeral
    text = campaign_text(shown.response)
    assert "✅ **1. Farrinken Valley** — won 1× · best: normal" in text
    assert "🔓 2. Hyena Crossing" in text and "🔒 3. Goblin Woods — win 2. Hyena Crossing" in text
    assert f"match #{row.id}" in text and "alice" in text and "Scenarios won: 1 of 8" in text
    labels = await scenario_labels(world.alice, world.channel)
    assert labels[FIRST].startswith("✅ 1. ") and labels[SECOND].startswith("🔓 2. ")
    # a new thread is a campaign of its own: refused before any thread is made
    text = refusal(await world.alice.slash(world.channel, "kr new", scenario=SECOND, where="thread"))
    assert "a new thread starts a campaign of its own" in text and not world.channel.threads
    assert (await scenario_labels(world.alice, world.channel, where="thread"))[SECOND].startswith("🔒")

    await world.env.restart_bot(make_bot(db_url))
    try:
        again = await world.bob.slash(world.channel, "kr campaign")
        assert campaign_text(again.response) == campaign_text(shown.response)   # kept in the database
        created = await world.alice.slash(world.channel, "kr new", scenario="2", pace="live")  # by its number
        assert not (created.response.content or "").startswith("⚠️"), created.response.content
        lobby = await world.match()
        assert lobby.status == "lobby" and lobby.options["scenario"] == SECOND
    finally:
        await close_bot(world.env.bot)


async def test_a_moderator_may_start_a_locked_scenario(world):
    admins = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    frank = world.guild.add_member(world.env.create_user("frank"), roles=[admins])
    created = await frank.slash(world.channel, "kr new", scenario=THIRD, any_scenario=True, pace="live")
    assert not (created.response.content or "").startswith("⚠️"), created.response.content
    row = await world.match()
    assert row.options["scenario"] == THIRD and row.creator_id == frank.id
    # elsewhere the same scenario stays locked for everyone without the override
    other = world.guild.create_text_channel("more-games")
    assert "locked" in refusal(await frank.slash(other, "kr new", scenario=THIRD))
