"""A move that would lose the mover the game is not made at once: a private warning asks
for confirmation (issue 10, point 5); Cancel changes nothing, Confirm makes the move. Menus
say what each card does, self-harming abilities first."""
from __future__ import annotations

import pytest

from engine.clash import GAME
from engine.clash.scenario import Scenario

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def blood_price_position(world):
    """A duel where the prompted player holds Soul Drain (5 mana, Blood Price) with no mana
    and one point of fort health on its Fort side: casting it destroys their own fort (CD-BLP-2)."""
    await world.alice.slash(world.channel, "clash new")
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    row = await world.match()
    seat = 0
    state = (Scenario(mode="duel", seed=3)
             .hand(seat, ["soul_drain", "fire_bolt", "FORT", "frost_bolt"]).fort(seat, hp=1, side="fort")
             .mana(seat, 0)
             .lane("top", seat=1, cards=["blade_dancer"])
             .turn(seat, phase="summon").build())
    row.state = state  # the cached match now holds this position (a test-only shortcut)
    actor = world.users[row.seats[seat]["user_id"]]
    return row, seat, actor


async def test_a_self_destroying_move_asks_first(world):
    row, seat, actor = await blood_price_position(world)
    move = "play soul_drain @1.top.1"
    assert move in [GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)]
    asked = await actor.slash(world.channel, "clash play", card="soul_drain", where="@1.top.1")
    assert asked.ephemeral and "would lose you the game" in asked.response.content
    assert (await world.match()).version == row.version, "nothing was played yet"

    cancelled = await actor.click(asked.response, label="Cancel")
    assert cancelled.ephemeral and (await world.match()).status == "active"

    asked = await actor.slash(world.channel, "clash act", move=move)
    confirmed = await actor.click(asked.response, label="Yes, make this move")
    assert confirmed.acknowledged
    after = await world.service.load(row.id)
    assert after.status == "finished" and seat not in after.result["winners"]


async def test_card_menus_say_what_blood_price_costs(world):
    row, seat, actor = await blood_price_position(world)
    offered = await actor.autocomplete(world.channel, "clash play", "card", "")
    soul = next(c for c in offered if c["value"] == "soul_drain")
    assert "Blood Price" in soul["name"] and "YOUR fort" in soul["name"] and len(soul["name"]) <= 100
