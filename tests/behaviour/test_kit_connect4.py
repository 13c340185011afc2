"""The kits, shown by a small extra game: Connect Four (tests/support/connect4) declares its
rules, one verb, its picture and a 36-line adapter; /connect4 new, act, menu and view, the
board's Act and My view buttons, the Act menu, Default, narration and refusals all come from
the kits (engine/verbs.py, engine/kit.py, cogs/kit_ui.py, cogs/kit_commands.py,
cogs/act_menu.py, cogs/move_args.py). A whole game is played through SimCord."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import pytest_asyncio

from gamehost import registry
from gamehost.i18n import catalog
from tests.games.cloudspire.behaviour.driver import button_labels, select_options
from tests.support.bot import close_bot, make_bot
from tests.behaviour.helpers import last_board, moved
from tests.support.connect4 import GAME

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
CATALOG = Path(__file__).resolve().parent.parent / "support" / "connect4" / "catalog.json"
PLUGIN = registry.GamePlugin("connect4", "tests.support.connect4", "tests.support.connect4.render",
                             "tests.support.connect4.cog")


@pytest.fixture
def connect4_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "connect4", PLUGIN)
    entries = dict(catalog().entries)
    catalog().entries.update(json.loads(CATALOG.read_text(encoding="utf-8")))
    yield
    catalog().entries.clear()
    catalog().entries.update(entries)


@pytest_asyncio.fixture
async def simcord_bot(db_url, connect4_registered):
    bot = make_bot(db_url)
    yield bot
    await close_bot(bot)


async def start(world, **options):
    result = await world.alice.slash(world.channel, "connect4 new", **options)
    assert moved(result), result
    await world.bob.click(world.channel.last_message, label="Join")
    assert (await world.alice.click(world.channel.last_message, label="Start")).acknowledged
    row = await world.match()
    assert row.status == "active" and row.game == "connect4"
    return row


async def to_move(world, match_id):
    row = await world.service.load(match_id)
    if row.status != "active":
        return row, None, None
    seat = GAME.prompts(row.state)[0].seat
    return row, seat, world.users[row.seats[seat]["user_id"]]


def channel_text(channel) -> str:
    parts = []
    for message in channel.history():
        parts.append(message.content or "")
        parts += [f"{e.title} {e.description}" for e in message.embeds]
    return "\n".join(parts)


async def test_a_whole_game_through_the_kits_commands_and_menu(world):
    row = await start(world, rows="7")
    assert len(row.state["grid"]) == 7  # the kit's /connect4 new carried the schema's option
    assert {"Act", "My view"} <= set(button_labels(last_board(world.channel)))
    for step in range(60):
        row, seat, actor = await to_move(world, row.id)
        if row.status != "active":
            break
        move = GAME.format_action(GAME.bot_action(row.state, seat))
        column = move.split()[1]
        if step % 3 == 0:  # the Act menu: one click, one pick
            shown = await actor.click(last_board(world.channel), label="Act")
            options = dict((value, label) for label, value in select_options(shown.response))
            assert options[f"={move}"] == f"Drop into column · {column}"
            assert moved(await actor.select(shown.response, [f"={move}"]))
        elif step % 3 == 1:  # the move command, its value from its own autocomplete
            offered = await actor.autocomplete(world.channel, "connect4 drop", "column", "")
            assert column in [c["value"] if isinstance(c, dict) else c.value for c in offered]
            assert moved(await actor.slash(world.channel, "connect4 drop", column=column))
        else:  # any move in notation
            assert moved(await actor.slash(world.channel, "connect4 act", move=move))
    row = await world.service.load(row.id)
    assert row.status == "finished" and row.result is not None
    text = channel_text(world.channel)
    assert "drops a disc into column" in text
    log = await world.service.log(row.id)
    assert log and all(e.action.startswith("drop ") for e in log)


async def test_refusals_are_private_and_change_nothing(world):
    row = await start(world)
    _, seat, actor = await to_move(world, row.id)
    other = world.bob if actor is world.alice else world.alice
    refused = await other.slash(world.channel, "connect4 drop", column="4")
    assert refused.response.ephemeral and refused.response.content.startswith("⚠️")
    bad = await actor.slash(world.channel, "connect4 drop", column="9")
    assert bad.response.ephemeral and "is not possible now" in bad.response.content
    assert "`drop 1`" in bad.response.content  # and what would work
    assert (await world.match()).version == row.version
    shown = await actor.slash(world.channel, "connect4 view")
    assert shown.response.ephemeral
