"""The bot's clock one second ahead of Discord's: a genuine second slash command, typed after
the first one's result, still passes (doubles are judged on the bot's own clock and by
interaction id, never by comparing Discord's clock with the bot's)."""
from __future__ import annotations

import pytest
import pytest_asyncio

import bot as bot_module
from engine.clash import GAME
from tests.support.bot import close_bot, make_bot
from tests.behaviour.helpers import finish_setup, moved

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest_asyncio.fixture
async def simcord_bot(db_url, monkeypatch):
    real = bot_module.utc_timestamp
    monkeypatch.setattr(bot_module, "utc_timestamp", lambda: real() + 1.0)  # the bot's clock, 1 s ahead
    bot = make_bot(db_url)
    yield bot
    await close_bot(bot)


async def test_a_second_identical_command_half_a_second_after_the_first_passes(world):
    await world.alice.slash(world.channel, "clash new")
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    await finish_setup(world)
    assert world.service.clock() == pytest.approx(world.env.now().timestamp() + 1.0)
    made = []
    for _ in range(3):  # end, end, end: the same words from the same person every other time
        row = await world.match()
        seat = GAME.prompts(row.state)[0].seat
        actor = world.users[row.seats[seat]["user_id"]]
        assert "end" in [GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)]
        result = await actor.slash(world.channel, "clash act", move="end")
        assert moved(result), result.response.content if result.response else result
        made.append((actor.id, "end"))
        await world.env.advance_time(0.25)  # the next command typed a quarter second later
    log = [(e.user_id, e.action) for e in await world.service.log(row.id) if e.kind == "action"][-3:]
    assert log == made
