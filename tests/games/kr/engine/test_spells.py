"""Spells (engine/kr/spells.py): KR-SPL-1..11, KR-AMB-30..33, KR-PRT-12, KR-BOSS-3,
KR-SOL-12, KR-ICN-10, KR-SET-9."""
from __future__ import annotations

import copy
import random

import pytest

from engine.base import IllegalAction
from engine.kr.hordegrid import covered_enemies
from engine.kr.spells import (apply_spell, choose_spells, midas_options, suggest_spell_actions,
                              team_spells, unused_spells)
from engine.kr.state import grid
from tests.games.kr.engine.kr_phase_fixtures import cover_all, kinds, soldier, stand
from tests.games.kr.engine.kr_spell_fixtures import cast, legal_on_copy, run, spell_game
from tests.games.kr.engine.kr_tower_fixtures import S, T, fill, refused, tray

# rift_citadel (scenario 8, energy 4, level cap 4): road A2..G2 eastwards then G3..G6 south;
# D2 is adjacent to C2 and E2, not to G2. Trays on row 2 face E.
# goblin_band: goblins (1,0) (3,0) (1,2) (2,2); dark_knights: physical-resistant knights (1,0)
# (3,0) (2,1), goblin (2,3); witch_coven: magic witches (1,0) (3,0), hyenas (0,1) (4,1) (2,2);
# assassins: deadly (0,0) (4,0), wolves (1,2) (3,2); minor_rift_a: portal, centre (2,1).


def tiles_of(st: dict, tid: str) -> list:
    return st["trays"][tid]["cover"]["tiles"]


# --- the team's spells (KR-SPL-1/2, KR-AMB-32, KR-SET-9) ---------------------------------------

def test_default_choice_fills_the_scenario_energy_in_order():
    """KR-SPL-1, KR-AMB-32: without a choice the allowed spells are taken in order while the
    scenario's energy lasts; reading them creates nothing."""
    st = spell_game("ogre_ford")
    assert team_spells(st) == {"available": ["rain_of_fire", "call_reinforcements"], "used": []}
    assert "spells" not in st
    st = spell_game("rift_citadel")
    assert team_spells(st)["available"] == ["rain_of_fire", "call_reinforcements", "lightning_strike",
                                            "lightning_bolt"]
    st["options"]["spells"] = ["time_gem", "hand_of_midas"]
    assert team_spells(st)["available"] == ["time_gem", "hand_of_midas"]
    assert team_spells(spell_game("farrinken_valley"))["available"] == []


def test_choose_spells_checks_the_scenario():
    """KR-SPL-1, KR-SET-9: allowed spells only, each once, within the energy."""
    st = spell_game("ogre_ford")
    for ids, reason in ((["time_gem"], "spell_not_allowed"), (["fireball"], "no_such_spell"),
                        (["rain_of_fire", "rain_of_fire"], "duplicate_spell"),
                        (["rain_of_fire", "call_reinforcements", "lightning_strike"], "too_much_energy"),
                        ("rain_of_fire", "malformed")):
        with pytest.raises(IllegalAction) as info:
            choose_spells(st, ids)
        assert info.value.code == f"kr.err.{reason}"
    assert "spells" not in st
    with pytest.raises(IllegalAction) as info:
        choose_spells(spell_game("farrinken_valley"), [])
    assert info.value.code == "kr.err.no_spells"
    events: list = []
    choose_spells(st, ["lightning_strike"], events)
    assert st["spells"] == {"available": ["lightning_strike"], "used": []}
    assert kinds(events) == ["spells_chosen"]


def test_each_spell_once_per_game_and_only_in_phase_2():
    """KR-SPL-2: cast once, then used; a spell the team did not choose is unavailable; only in
    phase 2; the choice is closed once a spell was cast."""
    st = spell_game(spells=["rain_of_fire", "lightning_strike"])
    t = tray(st, "goblin_band", "D2")
    u = tray(st, "goblin_band", "B2")
    refused(apply_spell, st, 0, cast("call_reinforcements"), reason="spell_unavailable")
    refused(apply_spell, st, 0, cast("fireball"), reason="no_such_spell")
    st["phase"] = 3
    refused(apply_spell, st, 0, cast("rain_of_fire", T(t, (1, 0), (1, 1)), T(t, (3, 0))), reason="wrong_phase")
    st["phase"] = 2
    ev = run(st, 1, cast("rain_of_fire", T(t, (1, 0), (1, 1)), T(t, (3, 0))))
    assert kinds(ev) == ["spell_cast", "tile_placed", "tile_placed"]
    assert st["spells"] == {"available": ["rain_of_fire", "lightning_strike"], "used": ["rain_of_fire"]}
    assert unused_spells(st) == ["lightning_strike"]
    refused(apply_spell, st, 0, cast("rain_of_fire", T(u, (1, 0), (1, 1)), T(u, (3, 0))), reason="spell_used")
    with pytest.raises(IllegalAction) as info:
        choose_spells(st, ["rain_of_fire"])
    assert info.value.code == "kr.err.too_late"


def test_a_cast_leaves_the_original_spell_record_alone():
    """apply_spell works on a copy: a state copied before the cast still has the spell."""
    st = spell_game(spells=["rain_of_fire"])
    t = tray(st, "goblin_band", "D2")
    before = copy.deepcopy(st)
    shallow = dict(st)
    run(st, 0, cast("rain_of_fire", T(t, (1, 0), (1, 1)), T(t, (3, 0))))
    assert shallow["spells"] == before["spells"] == {"available": ["rain_of_fire"], "used": []}


# --- Rain of Fire (KR-SPL-4, KR-AMB-30) --------------------------------------------------------

def test_rain_of_fire_places_magic_tiles_in_any_orientation_on_one_tray():
    """KR-SPL-4, KR-AMB-30 (magic), KR-AMB-19 (any orientation), any tray on the map."""
    st = spell_game(spells=["rain_of_fire"])
    t = tray(st, "goblin_band", "G5")
    run(st, 0, cast("rain_of_fire", T(t, (1, 2), (2, 2)), T(t, (1, 0))))
    assert tiles_of(st, t) == [{"cells": [[1, 2], [2, 2]], "damage": "magic", "source": "rain_of_fire"},
                               {"cells": [[1, 0]], "damage": "magic", "source": "rain_of_fire"}]
    st = spell_game(spells=["rain_of_fire"])
    t = tray(st, "goblin_band", "A2")
    run(st, 0, cast("rain_of_fire", T(t, (3, 0)), T(t, (1, 0), (1, 1))))    # 1x1 first, vertical 1x2
    assert [x["cells"] for x in tiles_of(st, t)] == [[[3, 0]], [[1, 0], [1, 1]]]


def test_rain_of_fire_refusals_change_nothing():
    """KR-SPL-4: one single tray, both tiles where they fit; magic cannot cover a witch
    (KR-DMG-4); KR-SPL-3/KR-PRT-12: never a portal; KR-ICN-10: not under a flying tray."""
    st = spell_game(spells=["rain_of_fire"])
    t = tray(st, "goblin_band", "D2")
    u = tray(st, "witch_coven", "B2")
    p = tray(st, "minor_rift_a", "F2")
    refused(apply_spell, st, 0, cast("rain_of_fire", T(t, (1, 0), (1, 1)), T(u, (0, 1))), reason="out_of_pattern")
    refused(apply_spell, st, 0, cast("rain_of_fire", T(t, (1, 0), (1, 1))), reason="must_place")
    refused(apply_spell, st, 0, cast("rain_of_fire"), reason="must_place")
    refused(apply_spell, st, 0, cast("rain_of_fire", T(u, (1, 0), (1, 1)), T(u, (0, 1))), reason="resistant")
    refused(apply_spell, st, 0, cast("rain_of_fire", T(p, (1, 0), (1, 1)), T(p, (3, 0))), reason="portal")
    refused(apply_spell, st, 0, cast("rain_of_fire", T(t, (1, 0), (2, 1)), T(t, (3, 0))), reason="orientation")
    refused(apply_spell, st, 0, cast("rain_of_fire", T(t, (1, 0)), T(t, (3, 0))), reason="no_such_tile")
    refused(apply_spell, st, 0, cast("rain_of_fire", T(t, (1, 0), (1, 1)), T(t, (3, 0)), T(t, (4, 0))),
            reason="too_many")
    refused(apply_spell, st, 0, cast("rain_of_fire", T(t, (1, 0), (1, 1)), S(t, (3, 0))), reason="out_of_pattern")
    top = tray(st, "bat_swarm", "D2", layer=1)
    refused(apply_spell, st, 0, cast("rain_of_fire", T(t, (1, 0), (1, 1)), T(t, (3, 0))), reason="under_flying")
    run(st, 0, cast("rain_of_fire", T(top, (2, 0), (3, 0)), T(top, (2, 3))))


def test_rain_of_fire_places_what_still_fits_and_needs_a_target():
    """KR-DMG-15: a tile without a legal placement is not placed; with nothing to attack (only
    a portal) the spell cannot be cast."""
    st = spell_game(spells=["rain_of_fire"])
    t = tray(st, "goblin_band", "D2")
    fill(st, t, keep=((1, 0),))
    run(st, 0, cast("rain_of_fire", T(t, (1, 0))))
    st = spell_game(spells=["rain_of_fire"])
    tray(st, "minor_rift_a", "D2")
    refused(apply_spell, st, 0, cast("rain_of_fire"), reason="no_target")


# --- Call Reinforcements (KR-SPL-5, KR-SOL-12) -------------------------------------------------

def test_call_reinforcements_places_two_true_soldiers_on_any_trays():
    """KR-SPL-5, KR-SOL-12: true damage covers a physical-resistant knight; same or different
    trays; from the supply (KR-SOL-7)."""
    st = spell_game(spells=["call_reinforcements"])
    k = tray(st, "dark_knights", "D2")
    w = tray(st, "witch_coven", "G6")
    supply = st["soldiers"]
    ev = run(st, 0, cast("call_reinforcements", S(k, (2, 1)), S(w, (1, 0))))
    assert kinds(ev) == ["spell_cast", "soldier_placed", "soldier_placed"]
    assert st["trays"][k]["cover"]["soldiers"] == [[2, 1]] and st["trays"][w]["cover"]["soldiers"] == [[1, 0]]
    assert st["soldiers"] == supply - 2
    st = spell_game(spells=["call_reinforcements"])
    k = tray(st, "dark_knights", "D2")
    run(st, 0, cast("call_reinforcements", S(k, (1, 0)), S(k, (3, 0))))
    assert st["trays"][k]["cover"]["soldiers"] == [[1, 0], [3, 0]]


def test_call_reinforcements_refusals_and_the_soldier_supply():
    """KR-SOL-3 (enemy squares, never deadly), KR-PRT-12, KR-SOL-4/7 (fewer soldiers left)."""
    st = spell_game(spells=["call_reinforcements"])
    a = tray(st, "assassins", "D2")
    p = tray(st, "minor_rift_a", "B2")
    refused(apply_spell, st, 0, cast("call_reinforcements", S(a, (0, 0)), S(a, (1, 2))), reason="deadly")
    refused(apply_spell, st, 0, cast("call_reinforcements", S(a, (2, 2)), S(a, (1, 2))), reason="no_enemy")
    refused(apply_spell, st, 0, cast("call_reinforcements", S(a, (1, 2))), reason="must_place")
    refused(apply_spell, st, 0, cast("call_reinforcements", S(p, (1, 0)), S(a, (1, 2))), reason="portal")
    refused(apply_spell, st, 0, cast("call_reinforcements", T(a, (1, 2))), reason="out_of_pattern")
    refused(apply_spell, st, 0, cast("call_reinforcements", S(a, (1, 2)), S(a, (3, 2)), S(a, (3, 2))),
            reason="too_many")
    st["soldiers"] = 1
    run(st, 0, cast("call_reinforcements", S(a, (1, 2))))
    assert st["soldiers"] == 0
    st = spell_game(spells=["call_reinforcements"])
    a = tray(st, "assassins", "D2")
    st["soldiers"] = 0
    refused(apply_spell, st, 0, cast("call_reinforcements", S(a, (1, 2))), reason="no_soldiers")


# --- Lightning Bolt (KR-SPL-6) -----------------------------------------------------------------

def test_lightning_bolt_chains_a_1x1_to_every_adjacent_tray():
    """KR-SPL-6, KR-AMB-30: a magic 1x2 on D2, then a 1x1 on C2 and on E2; G2 is not adjacent."""
    st = spell_game(spells=["lightning_bolt"])
    t = tray(st, "goblin_band", "D2")
    left = tray(st, "goblin_band", "C2")
    right = tray(st, "hyena_pack", "E2")
    far = tray(st, "goblin_band", "G2")
    bolt = cast("lightning_bolt", T(t, (1, 2), (2, 2)), T(left, (1, 0)), T(right, (3, 0)))
    refused(apply_spell, st, 0, cast("lightning_bolt", T(t, (1, 2), (2, 2)), T(left, (1, 0))), reason="must_place")
    refused(apply_spell, st, 0, cast("lightning_bolt", T(t, (1, 2), (2, 2)), T(left, (1, 0)), T(right, (3, 0)),
                                     T(far, (1, 0))), reason="out_of_pattern")
    refused(apply_spell, st, 0, cast("lightning_bolt", T(t, (1, 2), (2, 2)), T(left, (1, 0)), T(left, (3, 0)),
                                     T(right, (3, 0))), reason="out_of_pattern")
    refused(apply_spell, st, 0, cast("lightning_bolt", T(left, (1, 0)), T(t, (1, 2), (2, 2))), reason="out_of_pattern")
    refused(apply_spell, st, 0, cast("lightning_bolt"), reason="must_place")
    run(st, 0, bolt)
    assert [x["cells"] for x in tiles_of(st, t)] == [[[1, 2], [2, 2]]]
    assert tiles_of(st, left) == [{"cells": [[1, 0]], "damage": "magic", "source": "lightning_bolt"}]
    assert [x["cells"] for x in tiles_of(st, right)] == [[[3, 0]]]
    assert tiles_of(st, far) == []


def test_lightning_bolt_skips_portals_full_trays_and_trays_under_flyers():
    """KR-SPL-3/KR-PRT-12: an adjacent portal takes nothing; KR-DMG-15: a tray with no room
    takes nothing; KR-ICN-10: only the flying tray on top of a stack is hit."""
    st = spell_game(spells=["lightning_bolt"])
    t = tray(st, "goblin_band", "D2")
    p = tray(st, "minor_rift_a", "C2")
    full = tray(st, "goblin_band", "E2")
    fill(st, full)
    refused(apply_spell, st, 0, cast("lightning_bolt", T(t, (1, 2), (2, 2)), T(p, (1, 0))), reason="portal")
    run(st, 0, cast("lightning_bolt", T(t, (1, 2), (2, 2))))
    assert tiles_of(st, p) == []
    st = spell_game(spells=["lightning_bolt"])
    t = tray(st, "goblin_band", "D2")
    low = tray(st, "goblin_band", "C2")
    top = tray(st, "bat_swarm", "C2", layer=1)
    refused(apply_spell, st, 0, cast("lightning_bolt", T(t, (1, 2), (2, 2)), T(low, (1, 0))), reason="under_flying")
    run(st, 0, cast("lightning_bolt", T(t, (1, 2), (2, 2)), T(top, (2, 0))))
    assert tiles_of(st, low) == []


# --- Lightning Strike (KR-SPL-7, KR-AMB-31) ----------------------------------------------------

def test_lightning_strike_four_physical_tiles_in_one_adjacent_group():
    """KR-SPL-7, KR-AMB-31: diagonal contact counts; physical cannot cover a dark knight."""
    st = spell_game(spells=["lightning_strike"])
    t = tray(st, "goblin_band", "D2")
    k = tray(st, "dark_knights", "B2")
    refused(apply_spell, st, 0, cast("lightning_strike", T(t, (1, 0)), T(t, (2, 1)), T(t, (3, 0)), T(t, (1, 3))),
            reason="not_adjacent_group")
    refused(apply_spell, st, 0, cast("lightning_strike", T(t, (1, 0)), T(t, (2, 1)), T(t, (3, 0))),
            reason="must_place")
    refused(apply_spell, st, 0, cast("lightning_strike", T(t, (1, 0)), T(t, (2, 1)), T(t, (3, 0)), T(k, (2, 3))),
            reason="out_of_pattern")
    refused(apply_spell, st, 0, cast("lightning_strike", T(k, (1, 0)), T(k, (2, 2)), T(k, (1, 1)), T(k, (2, 3))),
            reason="resistant")
    refused(apply_spell, st, 0, cast("lightning_strike", T(t, (1, 0), (2, 0)), T(t, (2, 1)), T(t, (3, 0))),
            reason="no_such_tile")
    run(st, 0, cast("lightning_strike", T(t, (1, 0)), T(t, (2, 1)), T(t, (3, 0)), T(t, (2, 2))))
    assert [x["cells"] for x in tiles_of(st, t)] == [[[1, 0]], [[2, 1]], [[3, 0]], [[2, 2]]]
    assert {x["damage"] for x in tiles_of(st, t)} == {"physical"}


def test_lightning_strike_places_fewer_when_the_group_cannot_grow():
    """KR-DMG-15: when no free square touches the group, fewer tiles are placed."""
    st = spell_game(spells=["lightning_strike"])
    t = tray(st, "goblin_band", "D2")
    fill(st, t, keep=((0, 0), (1, 0), (4, 3)))
    refused(apply_spell, st, 0, cast("lightning_strike", T(t, (0, 0))), reason="must_place")
    run(st, 0, cast("lightning_strike", T(t, (0, 0)), T(t, (1, 0))))


# --- Time Gem (KR-SPL-8, KR-PRT-12, KR-BOSS-3) -------------------------------------------------

def test_time_gem_hits_a_portal_or_the_boss_and_costs_a_heart():
    """KR-SPL-8: a true 1x2 (it may cover magic-resistant shamans) on a portal or on the boss's
    health card; the chosen hero takes 1 damage (KR-HPT-1)."""
    st = spell_game(spells=["time_gem"])
    p = tray(st, "rift_b", "D2")
    t = tray(st, "goblin_band", "B2")
    stand(st, "alleria", "A2")
    health = st["heroes"]["alleria"]["health"]
    refused(apply_spell, st, 0, cast("time_gem", T(t, (1, 0), (1, 1)), hero="alleria"), reason="not_portal_or_boss")
    refused(apply_spell, st, 0, cast("time_gem", T(p, (1, 1), (1, 2)), hero="wildcat"), reason="bad_hero")
    refused(apply_spell, st, 0, cast("time_gem", T(p, (1, 1), (1, 2))), reason="bad_hero")
    refused(apply_spell, st, 0, cast("time_gem", hero="alleria"), reason="must_place")
    ev = run(st, 1, cast("time_gem", T(p, (1, 0), (1, 1)), hero="alleria"))
    assert kinds(ev) == ["spell_cast", "tile_placed", "hero_damaged"]
    assert tiles_of(st, p) == [{"cells": [[1, 0], [1, 1]], "damage": "true", "source": "time_gem"}]
    assert st["heroes"]["alleria"]["health"] == health - 1
    st = spell_game(spells=["time_gem"])
    b = tray(st, "time_mage_boss", "D2")
    stand(st, "ignus", "A2")
    st["heroes"]["ignus"]["protected"] = True
    ev = run(st, 0, cast("time_gem", T(b, (0, 0), (0, 1)), hero="ignus"))
    assert kinds(ev) == ["spell_cast", "tile_placed", "hero_protected"]    # KR-HPT-8
    assert st["heroes"]["ignus"]["health"] == st["heroes"]["ignus"]["max"]


def test_attacking_spells_never_hit_the_boss():
    """KR-SPL-3, KR-BOSS-3."""
    st = spell_game(spells=["rain_of_fire", "call_reinforcements"])
    b = tray(st, "time_mage_boss", "D2")
    refused(apply_spell, st, 0, cast("rain_of_fire", T(b, (0, 0), (0, 1)), T(b, (2, 0))), reason="boss")
    refused(apply_spell, st, 0, cast("call_reinforcements", S(b, (0, 0)), S(b, (2, 0))), reason="boss")
    refused(apply_spell, st, 0, cast("rain_of_fire"), reason="no_target")


# --- Hand of Midas (KR-SPL-9/10, KR-AMB-14/33) -------------------------------------------------

def test_hand_of_midas_example_l1_archer_gives_the_l3_card():
    """KR-SPL-10: an L1 archer passed with Hand of Midas arrives as the L3 card."""
    st = spell_game(spells=["hand_of_midas"], hands=(["archer_1"], []))
    supply = dict(st["supply"])
    ev = run(st, 0, cast("hand_of_midas", **{"pass": {"card": "archer_1", "to": 1, "variant": None}}))
    assert kinds(ev) == ["spell_cast", "tower_passed"]
    assert ev[1].params["received"] == "archer_3" and ev[1].params["levels"] == 2
    assert st["seats"][0]["hand"] == [] and st["seats"][1]["pending"] == ["archer_3"]
    assert st["supply"]["archer_1"] == supply["archer_1"] + 1
    assert st["supply"]["archer_3"] == supply["archer_3"] - 1


def test_hand_of_midas_falls_back_on_the_supply():
    """KR-AMB-33, KR-PASS-4: no +2 card, the +1 card; neither, the card unchanged."""
    st = spell_game(spells=["hand_of_midas"], hands=(["mage_1"], []))
    st["supply"]["mage_3"] = 0
    assert midas_options(st, "mage_1") == ["mage_2"]
    run(st, 0, cast("hand_of_midas", **{"pass": {"card": "mage_1", "to": 1}}))
    assert st["seats"][1]["pending"] == ["mage_2"]
    st = spell_game(spells=["hand_of_midas"], hands=(["mage_1"], []))
    st["supply"]["mage_3"] = st["supply"]["mage_2"] = 0
    supply = dict(st["supply"])
    run(st, 0, cast("hand_of_midas", **{"pass": {"card": "mage_1", "to": 1}}))
    assert st["seats"][1]["pending"] == ["mage_1"] and st["supply"] == supply


def test_hand_of_midas_variants_solo_and_refusals():
    """KR-AMB-13: an L2 reaches the two L4s, the passer names one; KR-AMB-14: at the L4 cap
    an L3 goes up one level; KR-SOLO-9: own slot in solo; KR-PASS-1/7."""
    st = spell_game(spells=["hand_of_midas"], hands=(["archer_2", "archer_3"], []))
    refused(apply_spell, st, 0, cast("hand_of_midas", **{"pass": {"card": "archer_2", "to": 1}}),
            reason="choose_variant")
    refused(apply_spell, st, 0, cast("hand_of_midas", **{"pass": {"card": "archer_2", "to": 0, "variant": "a"}}),
            reason="pass_to_self")
    refused(apply_spell, st, 0, cast("hand_of_midas", **{"pass": {"card": "mage_2", "to": 1}}), reason="not_in_hand")
    refused(apply_spell, st, 0, cast("hand_of_midas", **{"pass": {"card": "archer_2", "to": 1, "variant": "c"}}),
            reason="bad_variant")
    refused(apply_spell, st, 0, cast("hand_of_midas"), reason="malformed")
    refused(apply_spell, st, 0, cast("hand_of_midas", T("t1", (0, 0)), **{"pass": {"card": "archer_2", "to": 1}}),
            reason="out_of_pattern")
    assert midas_options(st, "archer_3") == ["archer_4a", "archer_4b"]
    run(st, 0, cast("hand_of_midas", **{"pass": {"card": "archer_2", "to": 1, "variant": "b"}}))
    assert st["seats"][1]["pending"] == ["archer_4b"]
    solo = spell_game(spells=["hand_of_midas"], heroes=["malik"], hands=(["barracks_1"],))
    run(solo, 0, cast("hand_of_midas", **{"pass": {"card": "barracks_1", "to": 0}}))
    assert solo["seats"][0]["pending"] == ["barracks_3"]


# --- suggestions ---------------------------------------------------------------------------------

def test_suggestions_are_legal_and_cover_the_most_enemies():
    """Every suggestion passes apply_spell; Rain of Fire picks the tray and tiles that newly
    cover the most enemies (3 on goblin_mob's row 0)."""
    st = spell_game(spells=["rain_of_fire", "call_reinforcements", "lightning_strike"])
    st["seats"][0]["hand"] = ["archer_1"]
    tray(st, "goblin_band", "B2")
    mob = tray(st, "goblin_mob", "D2")
    tray(st, "dark_knights", "E2")
    tray(st, "minor_rift_a", "G3")
    found = {a["spell"]: a for a in suggest_spell_actions(st, 0)}
    assert set(found) == {"rain_of_fire", "call_reinforcements", "lightning_strike"}
    for action in found.values():
        legal_on_copy(st, 0, action)
    rof = legal_on_copy(st, 0, found["rain_of_fire"])
    assert {p["tray"] for p in found["rain_of_fire"]["placements"]} == {mob}
    assert len(covered_enemies(grid("goblin_mob"), rof["trays"][mob]["cover"])) == 3
    ls = legal_on_copy(st, 0, found["lightning_strike"])
    assert sum(len(x["cells"]) for t in ls["trays"].values() for x in t["cover"]["tiles"]) == 4


def test_suggestions_for_every_spell_in_busy_positions():
    """Suggestions stay legal with stacks, portals, the boss, full trays and an empty supply."""
    for spells in (["lightning_bolt", "time_gem", "call_reinforcements"], ["hand_of_midas", "rain_of_fire"],
                   ["lightning_strike", "lightning_bolt", "rain_of_fire", "call_reinforcements"]):
        st = spell_game(spells=spells, hands=(["archer_2", "mage_1"], ["archer_1"]))
        tray(st, "goblin_band", "C2")
        tray(st, "witch_coven", "D2")
        tray(st, "bat_swarm", "D2", layer=1)
        tray(st, "minor_rift_a", "E2")
        tray(st, "time_mage_boss", "G4")
        full = tray(st, "assassins", "G3")
        cover_all(st, full, skip=((1, 2),))
        soldier(st, full, (1, 2))
        stand(st, "alleria", "A2")
        found = suggest_spell_actions(st, 1)
        assert {a["spell"] for a in found} == set(spells)
        for action in found:
            legal_on_copy(st, 1, action)
        st["soldiers"] = 0
        for action in suggest_spell_actions(st, 0):
            assert action["spell"] != "call_reinforcements"
            legal_on_copy(st, 0, action)


def test_no_suggestions_outside_phase_2_or_for_used_spells():
    st = spell_game(spells=["rain_of_fire", "lightning_strike"])
    t = tray(st, "goblin_band", "D2")
    run(st, 0, cast("rain_of_fire", T(t, (1, 0), (1, 1)), T(t, (3, 0))))
    assert [a["spell"] for a in suggest_spell_actions(st, 0)] == ["lightning_strike"]
    st["phase"] = 3
    assert suggest_spell_actions(st, 0) == []
    st = spell_game(spells=["rain_of_fire"])
    tray(st, "minor_rift_a", "D2")
    assert suggest_spell_actions(st, 0) == []


def test_suggestions_on_random_boards_are_always_legal():
    """Every suggestion passes apply_spell on boards with random hordes, stacks and covers."""
    rng = random.Random(11)
    road = ["A2", "B2", "C2", "D2", "E2", "F2", "G2", "G3", "G4", "G5", "G6", "H6", "I6", "J6", "J5", "J4"]
    cards = ["goblin_band", "goblin_mob", "witch_coven", "dark_knights", "assassins", "orc_war_party",
             "ogre_escort", "troll_charge", "golem_march", "shadow_ambush", "minor_rift_a", "rift_b",
             "time_mage_boss", "ghost_host"]
    seen: set[str] = set()
    for n in range(12):
        spells = [["rain_of_fire", "lightning_bolt", "time_gem"], ["call_reinforcements", "lightning_strike",
                                                                   "hand_of_midas"]][n % 2]
        st = spell_game(spells=spells, hands=(["archer_1", "mage_2"], ["barracks_3"]))
        for cell in rng.sample(road, 7):
            t = tray(st, rng.choice(cards), cell)
            g = grid(st["trays"][t]["card"])
            squares = [(c, r) for r in range(g.height) for c in range(g.width) if not g.bit((c, r)) & g.uncoverable]
            cover_all(st, t, skip=tuple(rng.sample(squares, rng.randint(len(squares) // 2, len(squares)))))
        tray(st, "gargoyle_flight", st["trays"]["t" + str(st["next_tray"] - 1)]["cell"], layer=1)
        stand(st, "ignus", "A2")
        st["soldiers"] = rng.choice([0, 1, 12])
        for seat in (0, 1):
            for action in suggest_spell_actions(st, seat):
                legal_on_copy(st, seat, action)
                seen.add(action["spell"])
    assert seen == {"rain_of_fire", "lightning_bolt", "time_gem", "call_reinforcements", "lightning_strike",
                    "hand_of_midas"}


def test_KR_SPL_8_time_gem_hurts_a_hero_still_on_its_board():
    """KR-SPL-8, KR-HPT-2: the chosen hero takes 1 damage even before entering the map (its
    heart track is on its hero board), so the cost cannot be dodged."""
    from engine.kr.phases import damage_hero
    from engine.kr.setup import new_state
    st, _ = new_state(2, {"scenario": "farrinken_valley"}, 3)
    hero = next(f for f, h in st["heroes"].items() if h["kind"] == "hero")
    assert st["heroes"][hero]["cell"] is None
    before = st["heroes"][hero]["health"]
    assert damage_hero(st, hero, 1, [], "time_gem") == 1
    assert st["heroes"][hero]["health"] == before - 1
