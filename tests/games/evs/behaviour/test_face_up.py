"""Empire vs Steppe through SimCord: staging a command card face-up (ES-DEP-7) with ``/evs
stage card:… face:up`` and through the board's Act menu (the card first, then face down or
face up). With the advanced rule, so that face-up is what makes the card public: the channel
narration and the board name it, the opponent's and a spectator's /match log show ``stage
CARD up``; a face-down card staged next to it stays hidden. Bad input (``face:up`` with a
card not in hand) is refused privately and changes nothing. The game is moved to a Deploy
through the match service with the engine bot's moves (test_evs_more.py ``reach``)."""
from __future__ import annotations

import pytest

from engine.evs import GAME
from tests.games.cloudspire.behaviour.driver import components_of, select_options
from tests.behaviour.helpers import last_board, moved
from tests.games.evs.behaviour.test_more import frozen, reach, refused, seat_field
from tests.games.evs.behaviour.test_play import (by_menu, channel_text, evs_registered, legal, name_en,  # noqa: F401
                                           offered, prompted, simcord_bot)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def staging(row) -> bool:
    """The prompted player is in a Deploy with at least two command cards to stage."""
    ps = GAME.prompts(row.state)
    if not ps or row.state["phase"] != "turn":
        return False
    return sum(1 for m in legal(row, ps[0].seat) if m.startswith("stage ") and not m.endswith(" up")) >= 2


async def test_ES_DEP_7_staging_face_up_shows_the_card_to_everyone(world):
    ch = await reach(world, staging, advanced="on")
    row, seat, owner = await prompted(world, ch)
    other = world.alice if owner is world.bob else world.bob
    cards = [m.split()[1] for m in legal(row, seat) if m.startswith("stage ") and not m.endswith(" up")]
    up, down = cards[0], cards[1]
    assert up in await offered(owner, ch, "evs stage", "card")

    # Bad input: face up with a card that is not in the hand (a unit card of the pool)
    before, messages = frozen(row), len(ch.history())
    await refused(owner, ch, "evs stage", "not in your hand", card="not_a_card", face="up")
    assert frozen(await world.match(ch)) == before and len(ch.history()) == messages

    staged = await owner.slash(ch, "evs stage", card=up, face="up")
    assert moved(staged)
    row = await world.match(ch)
    entry = row.state["players"][seat]["zone"][-1]
    assert entry["card"] == up and entry["face_up"] is True and entry["revealed"] is False
    text = channel_text(ch)
    assert f"stages {name_en(up)} face up" in text
    owner_name = row.seats[seat]["name"]
    assert name_en(up) in seat_field(last_board(ch), owner_name)  # the board's command-zone line

    # the Act menu: the card, then face down (the other choice being face up)
    result = await owner.click(last_board(ch), label="Act")
    first = dict(select_options(result.response))
    assert f"h0|stage {down}" in first.values()
    done = await by_menu(world, owner, f"stage {down}", ch)
    assert moved(done)
    row = await world.match(ch)
    assert [(e["card"], e["face_up"]) for e in row.state["players"][seat]["zone"][-2:]] == [(up, True), (down, False)]
    assert "stages a command card" in channel_text(ch)
    zone_line = seat_field(last_board(ch), owner_name)
    assert "▢" in zone_line and name_en(up) in zone_line

    for member, shows_down in ((owner, True), (other, False), (world.carol, False)):
        log = await member.slash(ch, "match log")
        assert log.ephemeral
        content = log.response.content or ""
        assert f"stage {up} up" in content, content
        assert (f"stage {down}" in content) == shows_down, content


async def test_ES_DEP_7_the_menu_offers_face_down_and_face_up(world):
    """ES-DEP-7: the first step of the Act menu names the card to stage, the second offers
    both ways: face down (hidden) and face up (both players see it)."""
    ch = await reach(world, staging)
    row, seat, owner = await prompted(world, ch)
    card = next(m.split()[1] for m in legal(row, seat) if m.startswith("stage "))
    result = await owner.click(last_board(ch), label="Act")
    choice = f"h0|stage {card}"
    assert (f"Stage · {name_en(card)}", choice) in select_options(result.response)
    component = next(c for c in components_of(result.response) if choice in [o["value"] for o in c.get("options", [])])
    second = await owner.select(result.response, [choice], custom_id=component["custom_id"])
    labels = {v: label for label, v in select_options(second.response)}
    assert labels == {f"=stage {card}": "face down: hidden", f"=stage {card} up": "face up: both players see it"}
