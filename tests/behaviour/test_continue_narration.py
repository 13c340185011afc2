"""Every posted board says what happened, even for a move that changes no piece: pressing
Continue in the Onslaught posts "… moves on to the next step" (issue 10, point 2)."""
from __future__ import annotations

import pytest

from engine.cloudspire import GAME
from tests.games.cloudspire.behaviour.driver import legal, prompted
from tests.behaviour.helpers import moved

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def boards(channel):
    return [m for m in channel.history() if any(a.filename == "board.png" for a in m.attachments)]


async def test_continue_posts_a_board_with_a_sentence(world):
    await world.alice.slash(world.channel, "cloudspire new", pace="live")
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    for _ in range(400):
        row, seat, actor = await prompted(world)
        if row.state["phase"] == "onslaught" and "next" in legal(row, seat):
            break
        move = GAME.format_action(GAME.bot_action(row.state, seat))
        assert moved(await actor.slash(world.channel, "cloudspire act", move=move))
    else:
        pytest.fail("no Onslaught step to continue from")
    pressed = await actor.click(boards(world.channel)[-1], label="Continue")
    assert pressed.acknowledged
    after = await world.match()
    shown = boards(world.channel)[-1]  # the turn's message, edited, or a new one
    assert f":{after.version}:" in next(c.custom_id for r in shown.components for c in r.children), \
        "Continue shows the board"
    text = shown.embeds[0].description or ""
    assert text.strip(), "the board after Continue says what happened"
    assert "next step" in text or "moves on" in text or "done" in text, text
