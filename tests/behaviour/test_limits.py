"""Abuse limits as people meet them: a private refusal that says what the limit is and what
to do instead, and a refused command that changes nothing."""
from __future__ import annotations

import json

import pytest

from bot import create_bot
from engine.clash import GAME
from gamehost.config import Settings
from tests.behaviour.helpers import last_board, moved, prompted_actor


@pytest.fixture
def simcord_bot(db_url):
    """The bot with the default limits spelled out, whatever other behaviour tests relax."""
    return create_bot(Settings.from_env({
        "DATABASE_URL": db_url, "LIVE_DECISION_MINUTES": "10", "MATCH_SEED": "7",
        "MAX_OPEN_LOBBIES_PER_USER": "3", "MAX_ACTIVE_MATCHES_PER_USER": "20",
        "MAX_OPEN_MATCHES_PER_SERVER": "200", "MAX_BOT_MATCHES_PER_SERVER": "2",
        "COMMAND_BURST": "8", "COMMAND_WINDOW_SECONDS": "10", "SHARD_COUNT": "1"}))


def refusal(result) -> str:
    assert result.ephemeral and result.response is not None, result
    assert result.response.content.startswith("⚠️"), result.response.content
    return result.response.content


async def test_a_person_over_the_lobby_limit_is_refused_privately(world):
    channels = [world.channel] + [world.guild.create_text_channel(f"table-{n}") for n in range(2, 6)]
    for channel in channels[:3]:
        created = await world.alice.slash(channel, "clash new")
        assert not created.ephemeral and channel.last_message.embeds

    before = len(channels[3].history())
    text = refusal(await world.alice.slash(channels[3], "clash new"))
    assert "open lobbies" in text and "(3)" in text and "/match abandon" in text
    assert len(channels[3].history()) == before
    assert await world.service.find_in_channel(channels[3].id) is None

    other = await world.bob.slash(channels[3], "clash new")  # a limit per person, not per channel
    assert not other.ephemeral

    abandoned = await world.alice.slash(channels[0], "match abandon")
    assert abandoned.ephemeral and "cancelled" in abandoned.response.content
    again = await world.alice.slash(channels[4], "clash new")
    assert not again.ephemeral and channels[4].last_message.embeds


async def test_a_person_sending_commands_too_fast_is_refused_and_nothing_changes(world):
    await world.alice.slash(world.channel, "clash new")
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    row, seat, actor = await prompted_actor(world)
    move = GAME.format_action(GAME.legal_actions(row.state, seat)[0])

    # SimCord's clock stands still unless moved: every command below arrives at the same instant
    replies = [await actor.slash(world.channel, "match log") for _ in range(8)]
    limited = [r for r in replies if r.response.content.startswith("⚠️")]
    assert limited and all(r.ephemeral for r in replies)
    assert "too fast" in refusal(limited[0]) and "Wait 2 s" in refusal(limited[0])

    before = await world.match()
    snapshot = (before.version, json.dumps(before.state, sort_keys=True))
    messages = len(world.channel.history())
    typed = await actor.slash(world.channel, "clash act", move=move)
    assert "too fast" in refusal(typed)
    clicked = await actor.click(last_board(world.channel), label="Choose")
    assert "too fast" in refusal(clicked)
    after = await world.match()
    assert (after.version, json.dumps(after.state, sort_keys=True)) == snapshot
    assert len(world.channel.history()) == messages

    # suggestions while typing are not commands: they keep working
    offered = await actor.autocomplete(world.channel, "clash act", "move", "")
    assert move in {choice["value"] for choice in offered}
    # other people are not slowed down by someone else's burst
    other = world.alice if actor is world.bob else world.bob
    assert not (await other.slash(world.channel, "match log")).response.content.startswith("⚠️")

    await world.env.advance_time(2)
    played = await actor.slash(world.channel, "clash act", move=move)
    assert moved(played), played.response.content if played.response else played
    assert (await world.match()).version == before.version + 1
