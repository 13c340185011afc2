"""/match replay steps through a match with buttons, each step showing the public board of
that position and the move as the viewer may see it (issue 11, history and replays)."""
from __future__ import annotations

import pytest

from tests.behaviour.helpers import moved
from tests.behaviour.test_match_log import play_clash_duel

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def test_a_finished_match_replayed_with_buttons(world):
    match_id, made = await play_clash_duel(world, 8)
    assert moved(await world.bob.slash(world.channel, "match resign"))
    total = made + 1
    shown = await world.carol.slash(world.channel, "match replay")
    assert shown.ephemeral
    message = shown.response
    assert f"move {total} of {total}" in message.embeds[0].title
    assert any(a.filename == "replay.png" for a in message.attachments)
    stepped = await world.carol.click(message, label="Back")
    assert f"move {total - 1} of {total}" in stepped.response.embeds[0].title, "the same message, one move back"
    assert stepped.response.id == message.id
    first = await world.carol.click(stepped.response, label="Start")
    assert "move 0 of" in first.response.embeds[0].title and "set-up" in first.response.embeds[0].description


async def test_jump_to_a_move_and_refusals(world):
    match_id, made = await play_clash_duel(world, 4)
    at_two = await world.alice.slash(world.channel, "match replay", move=2)
    assert "move 2 of 4" in at_two.response.embeds[0].title and "2. " in at_two.response.embeds[0].description
    outsider = await world.carol.slash(world.channel, "match replay")   # an ongoing match: players only
    assert outsider.ephemeral and outsider.response.content.startswith("⚠️")


async def test_history_lists_finished_matches(world):
    match_id, made = await play_clash_duel(world, 4)
    assert moved(await world.alice.slash(world.channel, "match resign"))
    listed = await world.carol.slash(world.channel, "match history")
    text = listed.response.content
    assert listed.ephemeral and f"#{match_id}" in text and "won by bob" in text and "alice" in text
    mine = await world.carol.slash(world.channel, "match history", member=world.carol)
    assert "No finished matches" in mine.response.content


async def test_rematch_reopens_the_same_seats(world):
    match_id, made = await play_clash_duel(world, 2)
    early = await world.bob.slash(world.channel, "match rematch")
    assert early.response.content.startswith("⚠️"), "not while the match is on"
    assert moved(await world.alice.slash(world.channel, "match resign"))
    again = await world.bob.slash(world.channel, "match rematch")
    lobby = again.response
    assert lobby.embeds[0].description.count("<@") == 2, "both players are seated again"
    row = await world.match()
    assert row.id != match_id and row.status == "lobby" and [s["user_id"] for s in row.seats][0] == world.bob.id
    await world.bob.click(lobby, label="Start")
    assert (await world.match()).status == "active"


async def test_a_follower_gets_the_public_board_by_dm(world):
    """Spectators: /match follow sends the public board after every move by DM (never a hand)."""
    from engine.clash import GAME as CLASH
    await world.alice.slash(world.channel, "clash new")
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    followed = await world.carol.slash(world.channel, "match follow")
    assert followed.ephemeral and "by DM" in followed.response.content
    row = await world.match()
    seat = CLASH.prompts(row.state)[0].seat
    actor = world.users[row.seats[seat]["user_id"]]
    move = CLASH.format_action(CLASH.bot_action(row.state, seat))
    assert moved(await actor.slash(world.channel, "clash act", move=move))
    dms = world.carol.user.dm_channel.history()
    assert dms and any(a.filename == "board.png" for a in dms[-1].attachments)
    assert moved(await world.carol.slash(world.channel, "match unfollow"))
