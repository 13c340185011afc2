"""KR-SPN-7 / KR-AMB-61 through SimCord: the owner of a displaced hero is asked where it goes
and picks any legal square, its own building site included (engine/kr/displacement.py).

The position of issue 20 is built into the match's set-up: Farrinken Valley, round 2 about to
spawn from marker 1 onto A3, where Lilith (bob's hero) stands; she may go to B3 (road), B2
(a red site) or A4 (her blue site), which no standing order gives. The table hears who is
asked; bob gets the question with the squares, the command's autocomplete offers exactly
them, alice may not answer for him, and bob's pick in the Act menu is applied."""
from __future__ import annotations

import pytest

from engine.kr import rounds
from engine.kr.game import GAME
from engine.kr.setup import new_state
from tests.behaviour.helpers import moved
from tests.games.kr.behaviour.test_play import (by_menu, channel_text, create, kr_registered, legal, offered,
                                          reply_text, simcord_bot)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
FIXTURES = (kr_registered, simcord_bot)  # test_kr_play.py's fixtures, used here by name


def lilith_on_a3(seats: int, options: dict, seed: int) -> dict:
    st, _ = new_state(2, {"scenario": "farrinken_valley", "heroes": ["alleria", "lilith"]}, seed)
    st["trays"] = {}
    st["decks"] = {k: [] for k in st["decks"]}
    st["decks"]["1"] = ["goblin_band"]
    st["waves"] = {"1": 1}
    st["round"], st["phase"] = 2, 1
    st["heroes"]["lilith"].update(cell="A3", tray=None)
    rounds.step(st, [])
    return st


@pytest.fixture
def built(monkeypatch):
    monkeypatch.setattr(GAME, "setup", lilith_on_a3)


async def test_KR_SPN_7_KR_AMB_61_bob_sends_lilith_to_her_own_site(world, built):
    row = await create(world, [world.alice, world.bob], scenario="farrinken_valley", hero2="lilith")
    bob = next(i for i, s in enumerate(row.seats) if s["user_id"] == world.bob.id)
    alice = world.alice if bob == 1 else world.bob
    assert [p.seat for p in GAME.prompts(row.state)] == [bob]
    assert legal(row, bob) == ["displace lilith B3", "displace lilith B2", "displace lilith A4"]
    assert "must leave A3" in channel_text(world.channel)          # the table hears who is asked
    view = await world.bob.click(world.channel.last_message, label="My view")
    assert "pushed off A3" in reply_text(view) and "A4: blue building site" in reply_text(view)
    assert await offered(world.bob, world.channel, "kr displace", "figure") == ["lilith"]
    assert await offered(world.bob, world.channel, "kr displace", "to", "", figure="lilith") == ["B3", "B2", "A4"]
    refused = await alice.slash(world.channel, "kr displace", figure="lilith", to="A4")
    assert refused.ephemeral and not moved(refused)
    assert (await world.match()).version == row.version
    result = await by_menu(world, world.bob, "displace lilith A4")
    assert moved(result), reply_text(result)
    row = await world.match()
    assert row.state["heroes"]["lilith"]["cell"] == "A4" and row.state["phase"] == 2
    assert {t["cell"] for t in row.state["trays"].values()} == {"A3"}
    text = channel_text(world.channel)
    assert "pushed from A3 to A4" in text
