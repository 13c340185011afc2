"""/kr view through SimCord: privately, every seat's hand in words and the caller's two pictures,
the hand sheet (its tower cards) and the hero sheet, landscape as the legibility rule asks, in
the reader's language."""
from __future__ import annotations

import io

import pytest
import pytest_asyncio
from PIL import Image

from render import legibility
from tests.behaviour.helpers import create_match
from tests.games.kr.behaviour.test_play import kr_plugin, reply_text
from tests.support.bot import close_bot, make_bot
from gamehost import registry

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def kr_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "kr", kr_plugin())


@pytest_asyncio.fixture
async def simcord_bot(db_url, kr_registered):
    bot = make_bot(db_url)
    yield bot
    await close_bot(bot)


async def _pictures(message) -> dict[str, Image.Image]:
    out = {}
    for a in message.attachments:
        img = Image.open(io.BytesIO(await a.read()))
        img.load()
        out[a.filename] = img
    return out


async def test_kr_view_shows_the_hand_and_hero_sheets(world):
    row = await create_match(world, "kr", [world.alice, world.bob])
    seen = await world.alice.slash(world.channel, "kr view")
    assert seen.ephemeral
    messages = [seen.response, *seen.followups]
    pictures = {name: img for m in messages for name, img in (await _pictures(m)).items()}
    assert set(pictures) == {"hand.png", "hero.png"}
    for img in pictures.values():
        assert not legibility.shape_problems(img.size), img.size
    shown = [e.image.url for m in messages for e in m.embeds if e.image and e.image.url]
    assert shown == [], "plain attachments beside the embed (shown large), not small embed images"
    assert [a.filename for a in seen.response.attachments] == ["hand.png", "hero.png"], "in one message"
    text = reply_text(seen)
    for seat, info in enumerate(row.state["seats"]):
        assert row.seats[seat]["name"] in text
        assert f"Hand ({len(info['hand'])})" in text
