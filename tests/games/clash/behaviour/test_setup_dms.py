"""Clash private views before the play, through SimCord: a deck-choice DM tells the choice
in front of the seat with no Health or Mana (there is neither before the play) and carries
the seat's sheet for that stage (render/clash/sheets.py), as every stage's DM does."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.clash import GAME
from render import clash as clash_render
from tests.games.clash.behaviour.test_play import create_duel

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def words(message) -> str:
    return "\n".join(f"{e.title}\n{e.description}\n" + "\n".join(f"{f.name} {f.value}" for f in e.fields)
                     for e in message.embeds)


async def test_a_deck_choice_dm_names_no_health_and_carries_the_deck_sheet(world):
    row = await create_duel(world)
    assert GAME.view(row.state, None)["stage"] == "deck_choice"
    names = [seat["name"] for seat in row.seats]
    told = 0
    for seat, member in enumerate((world.alice, world.bob)):
        for message in member.user.dm_channel.history() if member.user.dm_channel else []:
            told += 1
            assert "Health" not in words(message) and "Mana" not in words(message), words(message)
            assert [a.filename for a in message.attachments] == ["hand.png"]
            sent = Image.open(io.BytesIO(await message.attachments[0].read())).convert("RGB")
            sheet = clash_render.private_png(GAME.view(row.state, seat), seat, names, "en")
            assert sent.tobytes() == Image.open(io.BytesIO(sheet)).convert("RGB").tobytes(), "the deck-choice sheet"
    assert told, "the deck chooser was told by DM"


async def test_the_draft_sheet_comes_when_asked_for(world):
    row = await create_duel(world, format="draft")
    assert GAME.view(row.state, None)["stage"] == "draft"
    viewed = await world.alice.slash(world.channel, "clash view")
    assert viewed.ephemeral
    shown = [a.filename for m in [viewed.response, *viewed.followups] if m is not None for a in m.attachments]
    assert shown == ["hand.png"], shown
