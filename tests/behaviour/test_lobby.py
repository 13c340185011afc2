"""The lobby is one message, edited in place: seat changes by button or command update it,
the start leaves it as a record without buttons. Commands that make moves refuse what is not
legal privately, naming the command and what it could do instead."""
from __future__ import annotations

import pytest

from tests.behaviour.helpers import moved

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def lobby_messages(channel):
    return [m for m in channel.history() if m.embeds and "lobby" in (m.embeds[0].title or "").lower()]


def buttons(message) -> list[str]:
    return [c.label for row in message.components for c in row.children]


async def test_one_lobby_message_edited_in_place(world):
    await world.alice.slash(world.channel, "cloudspire new")
    assert len(lobby_messages(world.channel)) == 1
    await world.bob.click(world.channel.last_message, label="Join")          # a button edits its message
    joined = await world.carol.slash(world.channel, "match join")            # a command edits it too
    assert joined.ephemeral and "seat 3" in joined.response.content
    lobbies = lobby_messages(world.channel)
    assert len(lobbies) == 1, "no second lobby message"
    seats = lobbies[0].embeds[0].description
    assert seats.count("<@") == 3, seats
    left = await world.carol.slash(world.channel, "match leave")
    assert left.ephemeral
    assert lobby_messages(world.channel)[0].embeds[0].description.count("<@") == 2
    assert set(buttons(lobby_messages(world.channel)[0])) >= {"Join", "Leave", "Add bot", "Start"}

    await world.alice.click(lobby_messages(world.channel)[0], label="Start")
    record = lobby_messages(world.channel)[0]
    assert buttons(record) == [], "a started match's lobby keeps no live-looking buttons"
    assert "Started" in record.embeds[0].footer.text


async def test_a_cancelled_lobby_loses_its_buttons(world):
    await world.alice.slash(world.channel, "clash new")
    assert moved(await world.alice.slash(world.channel, "match abandon"))
    record = lobby_messages(world.channel)[0]
    assert buttons(record) == [] and "cancelled" in record.embeds[0].footer.text


async def test_a_move_command_refuses_privately_with_what_it_could_do(world):
    """/cloudspire buy with a chip that is not for sale: a private refusal naming the command
    and the chips that could be bought now; nothing changes."""
    await world.alice.slash(world.channel, "cloudspire new")
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    row = await world.match()
    from engine.cloudspire import GAME
    seat = GAME.prompts(row.state)[0].seat
    actor = world.users[row.seats[seat]["user_id"]]
    other = world.bob if actor is world.alice else world.alice
    refused = await actor.slash(world.channel, "cloudspire buy", item="the_moon")
    text = refused.response.content
    assert refused.ephemeral and text.startswith("⚠️") and "/cloudspire buy the_moon" in text
    assert "`buy " in text, "the chips that could be bought are listed"
    wrong_turn = await other.slash(world.channel, "cloudspire buy", item="the_moon")
    assert wrong_turn.response.content.startswith("⚠️") and "not your decision" in wrong_turn.response.content
    assert (await world.match()).version == row.version


async def test_lobby_shows_only_the_options_that_matter_in_words(world):
    """Issue 10, point 7: options in words; settings of another mode are not listed."""
    await world.alice.slash(world.channel, "clash new")
    options = lobby_messages(world.channel)[0].embeds[0].fields[0].value
    assert options == "Mode: Duel · Decks: preconstructed", options
    assert "=" not in options and "None" not in options and "[]" not in options


async def test_solo_custom_lists_its_ai_settings(world):
    await world.alice.slash(world.channel, "clash new", mode="solo", format="draft",
                            options="solo_game=custom ai_first=yes")
    options = lobby_messages(world.channel)[0].embeds[0].fields[0].value
    assert "Solo vs the AI" in options and "AI plays first: yes" in options and "ai_" not in options


async def cloudspire_duel(world):
    from engine.cloudspire import GAME
    await world.alice.slash(world.channel, "cloudspire new")
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    row = await world.match()
    seat = GAME.prompts(row.state)[0].seat
    actor = world.users[row.seats[seat]["user_id"]]
    return row, actor, (world.bob if actor is world.alice else world.alice)


async def test_refusals_say_what_was_wrong_and_what_would_work(world):
    """Issue 10, point 10: unreadable notation lists the legal moves; a move command with a
    unit that is not there names the command, not the notation word; Continue out of turn
    carries the warning sign like every refusal."""
    row, actor, other = await cloudspire_duel(world)
    unreadable = await actor.slash(world.channel, "cloudspire act", move="fly to the moon")
    text = unreadable.response.content
    assert text.startswith("⚠️") and "fly to the moon" in text and "Legal now:" in text and "`buy " in text
    no_unit = await actor.slash(world.channel, "cloudspire move", unit="u99", to="3,-5")
    text = no_unit.response.content
    assert text.startswith("⚠️") and "`/cloudspire move`" in text and "Legal now:" in text and "mv" not in text
    board = [m for m in world.channel.history() if m.attachments][-1]
    early = await other.click(board, label="Continue")
    assert early.ephemeral and early.response.content.startswith("⚠️")
    assert (await world.match()).version == row.version


async def test_a_chinese_match_posts_chinese_boards(world):
    """Issue 10, point 8: the channel's posts follow the match's language (chosen at create
    time); the board picture is drawn in it too."""
    from tests.render.text_recorder import recording
    await world.alice.slash(world.channel, "clash new", language="zh-CN")
    lobby = world.channel.last_message
    assert "大厅" in lobby.embeds[0].title and "模式: 对决" in lobby.embeds[0].fields[0].value
    await world.bob.click(lobby, label="加入")
    with recording() as drawn:
        await world.alice.click(lobby, label="开始")
    board = [m for m in world.channel.history() if m.attachments][-1]
    assert any("\u4e00" <= ch <= "\u9fff" for ch in board.embeds[0].footer.text), board.embeds[0].footer.text
    assert any("\u4e00" <= ch <= "\u9fff" for d in drawn for ch in d.text), "the picture draws Chinese"
