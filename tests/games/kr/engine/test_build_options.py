"""A build's placements one piece at a time (engine/kr/build_options.py), what the drill-down
menu offers: every option it lists is accepted by the engine (KR-ACT-3, KR-TWR-5, KR-AMB-8),
the options of one piece never overlap what is already covered or chosen (KR-DMG-2), linked
tiles stay on one tray (KR-DMG-9), portals follow KR-PRT-4/7, soldiers come from the supply
(KR-SOL-7), and a choice a team-mate's placement made illegal is refused by name."""
from __future__ import annotations

import functools
import random

import pytest

from engine.base import IllegalAction
from engine.kr import GAME, bot
from engine.kr import build_options as bo
from engine.kr.content import HORDES, SHAPES, TOWERS
from engine.kr.hordegrid import covered_mask
from engine.kr.state import geo, grid
from engine.kr.towers import build_refusal, reach_squares
from tests.games.kr.engine.kr_tower_fixtures import T, fill, game, tray

# farrinken_valley: road A3..J3 eastwards, trays face E; seat 0 red (sites B2 F2 J2), seat 1
# blue (A4 E4 I4). A card on F2 facing S reaches E3, F3, G3. goblin_scouts: goblins on
# (1,1), (2,1), (2,2).


@functools.cache
def played_states() -> tuple[dict, ...]:
    """Phase-2 positions of real games (bot teams), with covers on the trays (read only)."""
    out = []
    for seats, seed, scenario in ((2, 7, "farrinken_valley"), (3, 3, "hyena_crossing"), (1, 5, "goblin_woods"),
                                  (2, 1, "ogre_ford"), (4, 2, "twin_gates"), (2, 4, "pioneer_pass"), (1, 6, "rift_citadel")):
        st, found = GAME.setup(seats, {"scenario": scenario}, seed), []
        for _ in range(600):
            if GAME.result(st) is not None or len(found) >= 16:
                break
            seat = GAME.prompts(st)[0].seat
            if st["phase"] == 2 and any(t["cover"]["tiles"] for t in st["trays"].values()):
                found.append(st)
            st, _ = GAME.apply(st, seat, GAME.bot_action(st, seat))
        out += found[::2]
    return tuple(out)


def covered_cells(st: dict, tid: str) -> set[tuple[int, int]]:
    t = st["trays"][tid]
    g = grid(t["card"])
    mask = covered_mask(g, t["cover"])
    return {(c, r) for r in range(g.height) for c in range(g.width) if mask & g.bit((c, r))}


def cells_of(p: dict) -> set[tuple[int, int]]:
    return {tuple(c) for c in p["cells"]} if "cells" in p else {tuple(p["cell"])}


def walk(st: dict, seat: int, card: str, site: str, facing: str, rnd: random.Random) -> list:
    """A random drill-down: every step's options checked, the finished draft returned."""
    decisions: list = []
    view = GAME.view(st, seat)
    while True:
        step = bo.step(view, seat, card, site, facing, decisions)
        # the rest as suggested, from here, is accepted (KR-AMB-8: nothing placeable left out)
        assert build_refusal(st, seat, bo.complete(view, seat, card, site, facing, decisions)) is None
        if step is None:
            return decisions
        decisions = list(step.decisions)
        assert step.suggested == step.trays[0]
        chosen: dict[str, set] = {}
        for p in decisions:
            if p is not None:
                chosen.setdefault(p["tray"], set()).update(cells_of(p))
        for tid in step.trays:
            options = bo.placement_options(view, card, site, facing, decisions, tid)
            assert options, tid
            taken = covered_cells(st, tid) | chosen.get(tid, set())
            for p in options:   # KR-DMG-2: never over a covered or already chosen square
                assert p["tray"] == tid and not cells_of(p) & taken, (p, taken)
            assert len({frozenset(cells_of(p)) for p in options}) == len(options)
        if step.skippable and rnd.random() < 0.25:
            decisions.append(None)
            continue
        tid = rnd.choice(step.trays)
        decisions.append(rnd.choice(bo.placement_options(view, card, site, facing, decisions, tid)))


@pytest.mark.parametrize("index", range(5))
def test_every_listed_option_is_accepted_by_the_engine(index):
    """KR-ACT-3, KR-TWR-5, KR-AMB-8: random drill-downs through the listed options of every
    suggested build of real positions; each finished draft, and the rest-as-suggested from
    every step, is a build the engine accepts."""
    states = played_states()
    rnd = random.Random(index)
    tried = 0
    for st in states[index::5]:
        for seat in range(len(st["seats"])):
            if st["seats"][seat]["done"]:
                continue
            for _value, action in bot.build_suggestions(st, seat):
                decisions = walk(st, seat, action["card"], action["site"], action["facing"], rnd)
                assert len(decisions) <= len(bo.pieces(action["card"]))
                built = bo.build_action(action["card"], action["site"], action["facing"], decisions)
                refusal = build_refusal(st, seat, built)
                assert refusal is None, (GAME.format_action(built), refusal and refusal.message)
                tried += 1
    assert tried >= 10


def test_every_first_option_of_a_fresh_map_is_accepted():
    """KR-TWR-5, KR-DMG-1..11: each option of the first piece, the rest as suggested, is
    accepted; the first option listed is the suggestion's own placement."""
    st = GAME.setup(2, {}, 7)
    view = GAME.view(st, 0)
    for seat in range(2):
        for _value, action in bot.build_suggestions(st, seat):
            card, site, facing = action["card"], action["site"], action["facing"]
            step = bo.step(view, seat, card, site, facing, [])
            options = bo.placement_options(view, card, site, facing, step.decisions, step.suggested)
            assert options[0] == action["attacks"][0][0]
            assert bo.complete(view, seat, card, site, facing, []) == action
            for p in options:
                full = bo.complete(view, seat, card, site, facing, [p])
                assert full["attacks"][0][0] == p and build_refusal(st, seat, full) is None


def test_the_options_of_a_tile_leave_out_the_squares_already_chosen():
    """KR-DMG-2: the Artillery's second 1x1 is never offered on the first one's square."""
    st = game(hands=(["artillery_1"], []))
    t = tray(st, "goblin_scouts", "F3")
    first = bo.placement_options(st, "artillery_1", "F2", "S", [], t)
    assert len(first) == 20 and first[0]["cells"] in ([[1, 1]], [[2, 1]], [[2, 2]])
    second = bo.placement_options(st, "artillery_1", "F2", "S", [first[0]], t)
    assert len(second) == 19 and first[0] not in second


def test_linked_tiles_stay_on_the_first_tray():
    """KR-DMG-9: after the Wizard Tower's T4 goes on one tray, its 1x2 is listed on that tray
    only, and a draft splitting them is refused."""
    st = game(hands=(["mage_3"], []))
    a = tray(st, "goblin_scouts", "F3")
    b = tray(st, "goblin_scouts", "G3")
    step = bo.step(st, 0, "mage_3", "F2", "S", [])
    assert set(step.trays) == {a, b} and not step.skippable
    t4 = bo.placement_options(st, "mage_3", "F2", "S", [], a)[0]
    step = bo.step(st, 0, "mage_3", "F2", "S", [t4])
    assert step.trays == (a,) and step.piece.shape == "1x2"
    other = bo.placement_options(st, "mage_3", "F2", "S", [t4], b)
    assert other == []
    split = {"tray": b, "cells": [[0, 0], [0, 1]]}
    with pytest.raises(IllegalAction) as info:
        bo.replay(st, "mage_3", "F2", "S", [t4, split])
    assert info.value.code == "kr.err.linked"


def test_portals_follow_the_level_and_are_not_compulsory_beside_a_horde():
    """KR-PRT-4: an L1 tower is offered no L2 portal; KR-PRT-7: with a horde in range, a tile
    that fits only on an L1 portal may be left unplaced, and the rest as suggested leaves it
    (the tower stays face up)."""
    st = game(hands=(["archer_1"], []))
    tray(st, "rift_a", "G3")
    low = tray(st, "minor_rift_a", "F3")
    assert bo.step(st, 0, "archer_1", "F2", "S", []).trays == (low,)
    st = game(hands=(["artillery_1"], []))
    h = tray(st, "goblin_scouts", "E3")
    fill(st, h, keep=((0, 0),))
    p = tray(st, "minor_rift_a", "F3")
    step = bo.step(st, 0, "artillery_1", "F2", "S", [])
    assert step.trays[0] == h and set(step.trays) == {h, p} and not step.skippable
    first = bo.placement_options(st, "artillery_1", "F2", "S", [], h)
    assert first == [T(h, (0, 0))]
    step = bo.step(st, 0, "artillery_1", "F2", "S", first)
    assert step.trays == (p,) and step.skippable
    done = bo.complete(st, 0, "artillery_1", "F2", "S", first)
    assert done["attacks"] == [[T(h, (0, 0))]] and build_refusal(st, 0, done) is None
    # the only target is the portal (KR-PRT-8): compulsory
    st = game(hands=(["artillery_1"], []))
    p = tray(st, "minor_rift_a", "F3")
    assert not bo.step(st, 0, "artillery_1", "F2", "S", []).skippable


def test_KR_PRT_7_the_menu_and_the_bot_judge_other_targets_for_the_tower():
    """KR-PRT-7/8: a Sharpshooter on F2 facing S whose first attack reaches only a portal and
    whose precise second attack reaches a horde: the 1x3 is offered on the portal but may be
    skipped, the suggestion (and the bot's build) leaves the portal alone and is accepted.
    With the portal its only target, neither piece may be skipped."""
    st = game(hands=(["archer_3"], []))
    p = tray(st, "minor_rift_a", "F3")
    h = tray(st, "goblin_scouts", "A3")
    first = bo.step(st, 0, "archer_3", "F2", "S", [])
    assert first.trays == (p,) and first.skippable
    second = bo.step(st, 0, "archer_3", "F2", "S", [None])
    assert second.trays == (h, p) and not second.skippable   # it fits the horde: compulsory
    done = bo.complete(st, 0, "archer_3", "F2", "S", [])
    assert [pl["tray"] for a in done["attacks"] for pl in a] == [h] and build_refusal(st, 0, done) is None
    assert bo.complete(st, 0, "archer_3", "F2", "S", [None]) == done
    value, built = bot.suggest_build(st, 0, "archer_3", "F2", "S")
    assert built == done and value > 0
    st = game(hands=(["archer_3"], []))
    p = tray(st, "minor_rift_a", "F3")
    first = bo.step(st, 0, "archer_3", "F2", "S", [])
    assert first.trays == (p,) and not first.skippable
    tiles3 = bo.placement_options(st, "archer_3", "F2", "S", [], p)[0]
    assert not bo.step(st, 0, "archer_3", "F2", "S", [tiles3]).skippable
    done = bo.complete(st, 0, "archer_3", "F2", "S", [])
    assert [pl["tray"] for a in done["attacks"] for pl in a] == [p, p] and build_refusal(st, 0, done) is None


def test_soldiers_come_from_the_supply():
    """KR-SOL-1/7: with one soldier left in the supply the Barracks' second soldier fits
    nowhere and is skipped; the draft is complete after one pick."""
    st = game(hands=(["barracks_1"], []))
    t = tray(st, "goblin_scouts", "F3")
    st["soldiers"] = 1
    step = bo.step(st, 0, "barracks_1", "F2", "S", [])
    assert step.piece.kind == "soldier" and step.trays == (t,)
    options = bo.placement_options(st, "barracks_1", "F2", "S", [], t)
    assert {tuple(p["cell"]) for p in options} == {(1, 1), (2, 1), (2, 2)}
    assert bo.step(st, 0, "barracks_1", "F2", "S", [options[1]]) is None
    built = bo.build_action("barracks_1", "F2", "S", [options[1], None])
    assert build_refusal(st, 0, built) is None


def test_a_choice_a_team_mate_covered_since_is_refused_by_name():
    """KR-ACT-3, KR-DMG-2: the draft is judged against the map as it is now: a team-mate's
    tile over the first choice makes the next step refuse it (overlap, choice 0)."""
    st = game(hands=(["artillery_1"], []))
    t = tray(st, "goblin_scouts", "F3")
    first = bo.placement_options(st, "artillery_1", "F2", "S", [], t)[0]
    assert bo.step(st, 0, "artillery_1", "F2", "S", [first]) is not None
    st["trays"][t]["cover"]["tiles"].append({"cells": first["cells"], "damage": "true", "source": "x"})
    for call in (lambda: bo.step(st, 0, "artillery_1", "F2", "S", [first]),
                 lambda: bo.complete(st, 0, "artillery_1", "F2", "S", [first])):
        with pytest.raises(IllegalAction) as info:
            call()
        assert info.value.code == "kr.err.overlap" and info.value.params["choice"] == 0


def test_a_build_that_cannot_start_is_refused():
    """KR-ACT-2/5, KR-TWR-2/3: a card not in hand, a team-mate's site, a seat done."""
    st = game(hands=(["archer_1"], []))
    tray(st, "goblin_scouts", "F3")
    assert bo.start_refusal(st, 0, "archer_1", "F2", "S") is None
    assert bo.start_refusal(st, 0, "mage_1", "F2", "S").code == "kr.err.not_in_hand"
    assert bo.start_refusal(st, 0, "archer_1", "E4", "S").code == "kr.err.not_your_site"
    st["seats"][0]["done"] = True
    assert bo.start_refusal(st, 0, "archer_1", "F2", "S").code == "kr.err.already_done"


def test_the_view_gives_the_same_options_as_the_state():
    """The menus read the public view (engine/kr/view.py), never the state: same options."""
    for st in played_states()[:4]:
        view = GAME.view(st, 0)
        for seat in range(len(st["seats"])):
            for _value, action in bot.build_suggestions(st, seat)[:3]:
                args = (action["card"], action["site"], action["facing"])
                if st["seats"][seat]["done"]:
                    continue
                a, b = bo.step(st, seat, *args, []), bo.step(view, seat, *args, [])
                assert a == b
                if a is None:        # in range, but nothing fits any more
                    continue
                assert (bo.placement_options(st, *args, a.decisions, a.suggested)
                        == bo.placement_options(view, *args, b.decisions, b.suggested))
                assert bo.complete(st, seat, *args, []) == bo.complete(view, seat, *args, [])


def test_drafts_read_back_and_fit_a_discord_value():
    """A draft as text reads back; the longest any card can make (3-digit trays, an
    operation prefix) stays within Discord's 100 characters."""
    decisions = [T("t3", (1, 1), (2, 1)), None, {"tray": "t12", "cell": [0, 3]}]
    text = bo.draft_text("F2", "S", decisions)
    assert text == "F2 S t3:b2+c2 - t12:s:a4"
    assert bo.parse_draft("artillery_2", text) == ("F2", "S", decisions)
    with pytest.raises(IllegalAction):
        bo.parse_draft("archer_1", text)              # one piece only
    for card in TOWERS:
        words = []
        for piece in bo.pieces(card):
            n = 1 if piece.kind == "soldier" else len(SHAPES[piece.shape])
            words.append("t123:s:e5" if piece.kind == "soldier" else "t123:" + "+".join(["e5"] * n))
        assert len("@t123.9 " + " ".join(["F12", "N"] + words)) <= 100, card


def test_KR_BOSS_3_a_shielded_boss_chosen_in_a_draft_is_refused_as_shielded():
    """KR-BOSS-3 (Chrono Shield): while a portal is on the map the boss in range is no target;
    a draft naming him is refused with the shield's reason, not as out of range."""
    st = game("rift_citadel", hands=(["archer_1"], []))
    g = geo(st)
    attack = TOWERS["archer_1"]["attacks"][0]
    site, facing, cell = next((s.cell, f, c) for s in g.sites_for(2) for f in "NESW"
                              for c in reach_squares(st, s.cell, f, attack))
    boss_tray = tray(st, "time_mage_boss", cell)
    portal = next(c for c, h in HORDES.items() if h["kind"] == "portal")
    tray(st, portal, next(c for c in sorted(g.road) if c != cell))
    with pytest.raises(IllegalAction) as info:
        bo.step(st, 0, "archer_1", site, facing, [{"tray": boss_tray, "cells": [[0, 0], [1, 0]]}])
    assert info.value.code == "kr.err.boss_shielded" and info.value.params["choice"] == 0
