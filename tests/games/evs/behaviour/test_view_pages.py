"""``/evs view`` shows the player's whole private picture set: the sheet, then the reference
pages (full card texts, discard pile, morale zones, general commands, faction effects, the
legend), privately; DMs carry the sheet alone (what changes from move to move)."""
from __future__ import annotations

import pytest

from tests.games.evs.behaviour.test_play import create, evs_registered, simcord_bot  # noqa: F401

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def pictures(message) -> list[str]:
    return [a.filename for a in (message.attachments if message is not None else [])]


async def test_the_view_command_shows_the_sheet_and_its_reference_pages(world):
    await create(world, [world.alice, world.bob])
    viewed = await world.alice.slash(world.channel, "evs view")
    assert viewed.ephemeral
    shown = pictures(viewed.response) + [name for m in viewed.followups for name in pictures(m)]
    assert shown[0] == "hand.png" and len(shown) >= 2, shown
    assert all(name.endswith(".png") for name in shown)
    dms = [m for u in (world.alice, world.bob) if u.user.dm_channel for m in u.user.dm_channel.history()
           if m.attachments]
    assert dms and all(len(m.attachments) == 1 for m in dms), [pictures(m) for m in dms]
