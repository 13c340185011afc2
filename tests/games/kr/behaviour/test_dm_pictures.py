"""Kingdom Rush private pictures through SimCord: a DM carries the hand sheet (one picture,
``KrUI.private_message``'s ``png_job``); asked for -- ``/kr view`` or the board's My view
button (``pages_job``) -- the hand and the hero sheets come together, privately."""
from __future__ import annotations

import pytest

from tests.behaviour.helpers import create_match, last_board
from tests.games.kr.behaviour.test_view import kr_registered, simcord_bot  # noqa: F401

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def pictures(message) -> list[str]:
    return [a.filename for a in (message.attachments if message is not None else [])]


def asked(seen) -> list[str]:
    return [name for m in [seen.response, *seen.followups] for name in pictures(m)]


async def test_a_dm_carries_the_hand_sheet_and_the_view_both_sheets(world):
    await create_match(world, "kr", [world.alice, world.bob])
    dms = [m for u in (world.alice, world.bob) if u.user.dm_channel for m in u.user.dm_channel.history()]
    assert dms, "the players were told their decisions by DM"
    assert all(pictures(m) == ["hand.png"] for m in dms), [pictures(m) for m in dms]

    viewed = await world.alice.slash(world.channel, "kr view")
    assert viewed.ephemeral and asked(viewed) == ["hand.png", "hero.png"]

    pressed = await world.bob.click(last_board(world.channel), label="My view")
    assert pressed.ephemeral and len(asked(pressed)) == 2 and asked(pressed)[0] == "hand.png", asked(pressed)
