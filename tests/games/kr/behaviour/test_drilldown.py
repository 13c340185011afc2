"""Kingdom Rush's build drill-down (cogs/kr/drill.py) played through SimCord: from the Act
menu's build endings a player chooses the placements piece by piece (target horde, then a
numbered placement on the horde's close-up picture) instead of the suggested ones; the
suggested build stays the Act click and two picks; a team-mate's build between two steps
makes the chosen placement illegal and the next step says so privately, changing nothing;
a drill-down menu of a build that can no longer start is out of date (refused with what can be done now).

Round 1 of the 2-player first scenario (MATCH_SEED 7): one horde, t1 (Goblin Scouts on E3);
alice (seat 0) holds archer_1 x2 and mage_1, bob (seat 1) barracks_1, mage_1, artillery_1
(two 1x1 tiles)."""
from __future__ import annotations

import json

import pytest

from engine.kr import build_options as bo
from engine.kr.game import GAME
from tests.games.cloudspire.behaviour.driver import components_of, select_options
from tests.behaviour.helpers import last_board, moved
from tests.games.kr.behaviour import test_play as test_kr_play
from tests.games.kr.behaviour.test_play import by_menu, create, legal, reply_text

# test_kr_play's fixtures: kr registered for the run, the bot started after it
kr_registered, simcord_bot = test_kr_play.kr_registered, test_kr_play.simcord_bot

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def frozen(row) -> tuple:
    return row.version, json.dumps(row.state, sort_keys=True)


def select_with(message, value: str) -> dict:
    return next(c for c in components_of(message) if value in [o["value"] for o in c.get("options", [])])


async def pick(actor, message, value: str):
    """Choose ``value`` in whichever select of ``message`` offers it."""
    return await actor.select(message, [value], custom_id=select_with(message, value)["custom_id"])


async def drill_entry(world, actor, card: str):
    """Act -> the card's build endings: the message with the suggested endings and, beside
    them, the drill-down's select (values ``+ SITE FACING``)."""
    menu = await actor.click(last_board(world.channel), label="Act")
    assert menu.ephemeral
    head = next(v for _l, v in select_options(menu.response) if v == f"h0|build {card}")
    endings = await pick(actor, menu.response, head)
    assert endings.ephemeral
    return endings.response


def cells_on(row, tray: str) -> list[set]:
    return [{tuple(c) for c in tile["cells"]} for tile in row.state["trays"][tray]["cover"]["tiles"]]


async def test_a_tower_built_on_a_placement_of_ones_own_choosing(world):
    """Act -> Archer Tower L1 -> "F2 facing W: choose placements…" -> the close-up of t1 with
    the placements numbered (★ 1 the suggested) and the select 1 · 2 · 3 … -> number 2: the
    tower is built and t1's cover holds exactly placement 2, not the suggested one; that menu,
    picked again, is out of date (its site is taken) and changes nothing."""
    row = await create(world, [world.alice, world.bob])
    seat = next(i for i, s in enumerate(row.seats) if s["user_id"] == world.alice.id)
    assert "archer_1" in row.state["seats"][seat]["hand"]
    message = await drill_entry(world, world.alice, "archer_1")
    entries = [v for _l, v in select_options(message) if v.startswith("+ ")]
    assert entries, select_options(message)
    suggested = {v[1:] for _l, v in select_options(message) if v.startswith("=")}
    assert suggested and all(m.startswith("build archer_1 ") for m in suggested)
    site, facing = entries[0].split()[1:3]
    shown = await pick(world.alice, message, entries[0])
    assert shown.ephemeral
    step = shown.response
    assert [a.filename for a in step.attachments] == ["horde.png"]
    assert "Tile 1 of 1 (1×2)" in reply_text(shown) and "numbered on the picture" in reply_text(shown)
    numbered = [(label, value) for label, value in select_options(step) if label[:1].isdigit()]
    assert numbered[0][0].startswith("1. ") and "★ suggested" in numbered[0][0]
    assert [label.split(".")[0] for label, _v in numbered] == [str(n) for n in range(1, len(numbered) + 1)]
    assert {"The rest as suggested"} <= {label for label, _v in select_options(step)}
    label, value = numbered[1]
    chosen = bo.parse_draft("archer_1", value[2:])[2][-1]
    best = bo.parse_draft("archer_1", numbered[0][1][2:])[2][-1]
    assert chosen["cells"] != best["cells"]
    built = await pick(world.alice, step, value)
    assert moved(built), reply_text(built)
    after = await world.match()
    assert after.state["sites"][site] == [{"card": "archer_1", "seat": seat, "facing": facing, "face_down": False}]
    assert cells_on(after, chosen["tray"]) == [{tuple(c) for c in chosen["cells"]}]
    # the placement menu of the build just made: its site is taken now, the menu is out of date:
    # refused saying first what Alice can do now (a hint naming its command), then why
    late = await pick(world.alice, step, numbered[2][1])
    text = reply_text(late)
    assert late.ephemeral and text.startswith("⚠️") and "no longer possible" in text
    assert text.index("/kr ") < text.index("no longer possible"), text
    assert frozen(await world.match()) == frozen(after)


async def test_the_suggested_build_stays_the_act_click_and_two_picks(world):
    """The Act menu's build endings still make the suggested build at once (Act + 2 picks),
    the drill-down's select beside them."""
    row = await create(world, [world.alice, world.bob])
    seat = next(i for i, s in enumerate(row.seats) if s["user_id"] == world.alice.id)
    move = next(m for m in legal(row, seat) if m.startswith("build "))
    message = await drill_entry(world, world.alice, move.split()[1])
    assert len(components_of(message)) == 2
    assert any(label.endswith("choose placements…") for label, _v in select_options(message))
    assert moved(await by_menu(world, world.alice, move))
    after = await world.match()
    assert move.split()[2] in after.state["sites"]


async def test_a_team_mates_build_between_two_steps_makes_the_choice_illegal(world):
    """KR-ACT-3, KR-DMG-2: bob drills his Artillery (two 1x1 tiles: Act -> "Artillery Tower L1:
    choose placements…" -> a number) and picks t1's square X for the first; alice's archer then covers X; bob's pick for the second tile is answered
    privately, naming his first choice and the reason, with nothing changed, and a select to
    choose again (which lists X no more)."""
    row = await create(world, [world.alice, world.bob])
    a_seat = next(i for i, s in enumerate(row.seats) if s["user_id"] == world.alice.id)
    b_seat = 1 - a_seat
    assert "artillery_1" in row.state["seats"][b_seat]["hand"]
    theirs = next(m for m in legal(row, a_seat) if m.startswith("build archer_1 "))
    their_cells = GAME.parse_action(theirs)["attacks"][0][0]["cells"]
    menu = await world.bob.click(last_board(world.channel), label="Act")
    assert any(v.startswith("=build artillery_1 ") for _l, v in select_options(menu.response))
    # the card has one ending: the menu's first level makes the suggested build in one pick; the
    # drill-down's select beside it goes straight to the first tile's placements
    shown = await pick(world.bob, menu.response, "* artillery_1")
    first_step = shown.response
    assert [a.filename for a in first_step.attachments] == ["horde.png"]
    value = next(v for label, v in select_options(first_step) if label[:1].isdigit()
                 and bo.parse_draft("artillery_1", v[2:])[2][-1]["cells"][0] in their_cells)
    mine = bo.parse_draft("artillery_1", value[2:])[2][-1]
    shown = await pick(world.bob, first_step, value)
    second_step = shown.response
    assert "Tile 2 of 2" in reply_text(shown) and [a.filename for a in second_step.attachments] == ["horde.png"]
    assert bo.decision_text(mine) in reply_text(shown)                 # "Chosen so far: t1:b2"
    assert moved(await world.alice.slash(world.channel, "kr act", move=theirs))
    before = await world.match()
    late = await pick(world.bob, second_step,
                      next(v for label, v in select_options(second_step) if label[:1].isdigit()))
    assert late.ephemeral
    text = reply_text(late)
    assert text.startswith("⚠️") and bo.decision_text(mine) in text and "already covered" in text, text
    assert "Nothing was changed" in text
    assert frozen(await world.match()) == frozen(before)
    again = next(v for label, v in select_options(late.response) if label == "Choose again from this piece")
    fresh = await pick(world.bob, late.response, again)
    offered = [bo.parse_draft("artillery_1", v[2:])[2][-1] for label, v in select_options(fresh.response)
               if label[:1].isdigit()]
    assert offered and mine not in offered


async def test_more_than_25_placements_are_paged_and_the_rest_is_suggested(world):
    """A free-turning 1x2 (archer_4a: two of them, then a precise 1x2) has 31 placements on the
    empty Goblin Scouts: numbers 1-23 and "More numbers…", then 24-31, the picture numbered
    alike; number 31, then "The rest as suggested", builds the tower with placement 31 on t1."""
    row = await create(world, [world.alice, world.bob])
    seat = next(i for i, s in enumerate(row.seats) if s["user_id"] == world.alice.id)
    row.state["seats"][seat]["hand"] = ["archer_4a"]  # the cached match holds this hand (a test-only shortcut)
    menu = await world.alice.click(last_board(world.channel), label="Act")
    where = await pick(world.alice, menu.response, "* archer_4a")
    entry = next(v for _l, v in select_options(where.response) if v == "+ F2 S")
    first = await pick(world.alice, where.response, entry)
    labels = [label for label, _v in select_options(first.response)]
    assert [label.split(".")[0] for label in labels[:23]] == [str(n) for n in range(1, 24)]
    assert "More numbers… (page 2 of 2)" in labels and len(labels) <= 25
    more = next(v for label, v in select_options(first.response) if label.startswith("More numbers"))
    second = await pick(world.alice, first.response, more)
    assert [a.filename for a in second.response.attachments] == ["horde.png"]
    numbered = [(label, v) for label, v in select_options(second.response) if label[:1].isdigit()]
    assert [label.split(".")[0] for label, _v in numbered] == [str(n) for n in range(24, 32)]
    chosen = bo.parse_draft("archer_4a", numbered[-1][1][2:])[2][-1]
    tile2 = await pick(world.alice, second.response, numbered[-1][1])
    assert "Attack 1 · Tile 2 of 2 (1×2)" in reply_text(tile2)
    built = await pick(world.alice, tile2.response, next(v for label, v in select_options(tile2.response)
                                                         if label == "The rest as suggested"))
    assert moved(built), reply_text(built)
    after = await world.match()
    assert {tuple(c) for c in chosen["cells"]} in cells_on(after, chosen["tray"])
    assert after.state["sites"]["F2"][0]["card"] == "archer_4a"


async def test_the_target_horde_is_chosen_first_when_several_are_in_range(world):
    """Two hordes in the archer's range (t1 on E3 and a second Goblin Scouts on F3): the
    drill-down asks which one first (★ the suggested, each with its number of placements),
    then shows the chosen one's placements, with "Another horde…" to go back."""
    from engine.kr.state import new_tray
    row = await create(world, [world.alice, world.bob])
    second = new_tray(row.state, "goblin_scouts", "F3")  # the cached match holds it (a test-only shortcut)
    message = await drill_entry(world, world.alice, "archer_1")
    trays = await pick(world.alice, message, "+ F2 S")
    assert "Which horde does it hit?" in reply_text(trays) and not trays.response.attachments
    options = [(label, v) for label, v in select_options(trays.response) if v.startswith("@")]
    assert {v.split()[0] for _l, v in options} == {"@t1", f"@{second}"}
    assert "★ suggested" in options[0][0] and "★" not in options[1][0]
    other = await pick(world.alice, trays.response, options[1][1])
    assert [a.filename for a in other.response.attachments] == ["horde.png"]
    back = next(v for label, v in select_options(other.response) if label == "Another horde…")
    again = await pick(world.alice, other.response, back)
    assert "Which horde does it hit?" in reply_text(again)
