"""The automatic phases: summon (KR-SPN), destroy (KR-DES), return (KR-RET), hero damage and
revival (KR-HPT), the end of the round (KR-END, KR-GEN-11). Phase 4 is in test_kr_advance.py."""
from __future__ import annotations

from tests.games.kr.engine.kr_phase_fixtures import bare, cover_all, engage, kinds, soldier, stand, tray

from engine.kr import destroy, phases, returns, spawn
from engine.kr.hordegrid import fully_covered
from engine.kr.state import grid, trays_at


def cells(st: dict) -> dict[str, str]:
    return {t["cell"]: t["card"] for t in st["trays"].values()}


# --- phase 1 ----------------------------------------------------------------------------------

def test_KR_SPN_1_3_5_decks_in_marker_order_onto_the_first_free_square():
    st = bare("hyena_crossing")
    st["decks"] = {"1": ["goblin_band"], "2": ["orc_patrol"]}
    tray(st, "wolf_pack", "A2")
    ev: list = []
    spawn.summon(st, ev)
    assert cells(st) == {"A2": "wolf_pack", "B2": "goblin_band", "C7": "orc_patrol"}
    assert [e.params["marker"] for e in ev if e.kind == "spawn"] == [1, 2]
    # KR-SPN-4: the road leaves C7 northwards, but the purple line faces the only exit, E
    assert st["trays"][trays_at(st, "C7")[0]]["facing"] == "E"


def test_KR_SPN_4_a_pioneer_horde_faces_the_exit_its_road_leads_to():
    """KR-SPN-4 (KR-ICN-16): on Pioneer Pass the pioneer horde goes onto the axe card on K1;
    the road runs south from K1 and then east into exit_east, the nearest exit by road (the
    only one it reaches): the purple line faces E, not S."""
    st = bare("pioneer_pass")
    st["decks"]["1"] = ["goblin_pioneers"]                  # icons axe, pick, saw: axe is on K1
    spawn.summon(st, [])
    assert cells(st) == {"K1": "goblin_pioneers"}
    assert st["trays"][trays_at(st, "K1")[0]]["facing"] == "E"


def test_KR_SPN_6_no_free_square_means_the_horde_reaches_the_kingdom():
    st = bare("farrinken_valley")
    for c in "ABCDEFGHIJ":
        tray(st, "goblin_scouts", f"{c}3")
    st["decks"]["1"] = ["goblin_band"]
    hearts = st["hearts"]
    ev: list = []
    spawn.summon(st, ev)
    assert "spawn_overflow" in kinds(ev) and st["hearts"] == hearts - 4   # 4 uncovered goblins
    assert len(st["trays"]) == 10 and st["result"] is None


def test_KR_SPN_10_KR_END_4_a_portal_spawning_into_the_kingdom_loses():
    st = bare("farrinken_valley")
    for c in "ABCDEFGHIJ":
        tray(st, "goblin_scouts", f"{c}3")
    st["decks"]["1"] = ["minor_rift_a"]
    spawn.summon(st, ev := [])
    assert st["phase"] == "over" and st["result"] == {"outcome": "defeat", "reason": "portal_reached_kingdom"}
    assert kinds(ev)[-1] == "game_over"


def test_KR_SPN_7_KR_AMB_55_hero_on_the_spawn_square_is_displaced():
    st = bare("farrinken_valley")
    stand(st, "ignus", "A3")
    st["decks"]["1"] = ["goblin_band"]
    spawn.summon(st, ev := [])
    assert cells(st) == {"A3": "goblin_band"}                 # the hero did not prevent it
    h = st["heroes"]["ignus"]
    assert h["cell"] == "B3" and h["tray"] is None and h["health"] == h["max"]
    assert kinds(ev)[:2] == ["hero_displaced", "spawn"]
    # a custom choice (the owner's, KR-AMB-61): back to the board
    st = bare("farrinken_valley")
    stand(st, "ignus", "A3")
    st["decks"]["1"] = ["goblin_band"]
    spawn.summon(st, [], choose=lambda s, f, squares: None)
    assert st["heroes"]["ignus"]["cell"] is None and not st["heroes"]["ignus"]["knocked_out"]


def test_KR_ICN_16_18_KR_AMB_59_pioneer_opens_a_road_that_spawns_next_round():
    st = bare("pioneer_pass")
    st["decks"] = {"1": ["goblin_pioneers", "brigand_gang"], "2": ["orc_patrol", "ogre_brute"],
                   "3": ["witch_coven"]}
    spawn.summon(st, ev := [])
    # axe (leftmost icon) lies on K1: the horde goes there, marker 2 opened but does not spawn
    assert cells(st) == {"K1": "goblin_pioneers"}
    assert st["pioneer_cards"] == {"pick": "A8"} and st["opened"] == [2]
    assert ("spawn_skipped", 2, "opened") in [(e.kind, e.params.get("marker"), e.params.get("reason")) for e in ev]
    assert ("spawn_skipped", 3, "cut_off") in [(e.kind, e.params.get("marker"), e.params.get("reason")) for e in ev]
    phases.end_round(st, [])
    spawn.summon(st, [])
    assert cells(st) == {"K1": "goblin_pioneers", "A2": "brigand_gang", "K2": "orc_patrol"}


def test_KR_ICN_16_pioneer_with_every_card_gone_spawns_normally():
    st = bare("pioneer_pass")
    st["pioneer_cards"] = {}
    st["decks"]["1"] = ["hyena_trackers"]
    spawn.summon(st, [])
    assert cells(st) == {"A2": "hyena_trackers"} and st["opened"] == []


def test_KR_AMB_29_empty_decks_spawn_nothing():
    st = bare("hyena_crossing")
    spawn.summon(st, ev := [])
    assert st["trays"] == {} and "spawn" not in kinds(ev)


# --- phase 3 ----------------------------------------------------------------------------------

def test_KR_DES_1_KR_BUY_6_destroy_gains_crystals_up_to_the_cap():
    st = bare()
    a = tray(st, "orc_patrol", "C3")        # 2 crystals
    b = tray(st, "goblin_band", "E3")       # 1 crystal, not covered
    soldier(st, a, (1, 0))                  # the soldier covers one enemy, tiles the rest
    cover_all(st, a)
    assert fully_covered(grid("orc_patrol"), st["trays"][a]["cover"])
    st["crystals"] = 11
    destroy.destroy(st, ev := [])
    assert list(st["trays"]) == [b]
    assert st["crystals"] == 12 and st["soldiers"] == 12      # the soldier is back (KR-SOL-13)
    e = next(x for x in ev if x.kind == "tray_destroyed")
    assert (e.params["crystals"], e.params["lost"]) == (1, 1)   # KR-AMB-56


def test_KR_DES_5_worked_example_two_heroes_on_destroyed_trays():
    """Alleria's base covers 2 enemies of B and tiles the rest; C's last enemies are covered by
    her tile; Ignus stands on C. Both trays go, both heroes take 1 damage and stay put."""
    st = bare()
    b = tray(st, "goblin_band", "D3")       # goblins (1,0) (3,0) (1,2) (2,2)
    c = tray(st, "goblin_scouts", "E3")     # goblins (1,1) (2,1) (2,2)
    engage(st, "alleria", b, (1, 2))        # covers (1,2) and (2,2)
    cover_all(st, b)
    engage(st, "ignus", c, (3, 0))
    cover_all(st, c)
    hp = {f: st["heroes"][f]["health"] for f in ("alleria", "ignus")}
    destroy.destroy(st, ev := [])
    assert st["trays"] == {}
    for f, cell in (("alleria", "D3"), ("ignus", "E3")):
        h = st["heroes"][f]
        assert (h["cell"], h["tray"], h["health"]) == (cell, None, hp[f] - 1)
    assert kinds(ev).count("tray_destroyed") == 2
    assert kinds(ev).index("hero_damaged") > max(i for i, k in enumerate(kinds(ev)) if k == "tray_destroyed")


def test_KR_AMB_2_coverage_evaluated_once_and_KR_HPT_8_protection():
    st = bare()
    a = tray(st, "goblin_scouts", "D3")
    engage(st, "ignus", a, (3, 0))
    cover_all(st, a)
    st["heroes"]["ignus"]["protected"] = True
    destroy.destroy(st, ev := [])
    assert st["heroes"]["ignus"]["health"] == st["heroes"]["ignus"]["max"]
    assert "hero_protected" in kinds(ev)


def test_KR_HPT_4_5_6_7_knock_out_then_revival_at_phase_2():
    st = bare()
    a = tray(st, "goblin_scouts", "D3")
    engage(st, "ignus", a, (3, 0))
    cover_all(st, a)
    st["heroes"]["ignus"]["health"] = 1
    st["heroes"]["ignus"]["abilities"]["hellfire"] = False
    destroy.destroy(st, ev := [])
    h = st["heroes"]["ignus"]
    assert h["knocked_out"] and h["cell"] is None and h["health"] == 0
    assert "hero_knocked_out" in kinds(ev)
    phases.start_phase2(st, ev := [])
    assert (h["knocked_out"], h["health"], h["cell"], h["activated"]) == (False, h["max"], None, True)
    assert h["abilities"]["hellfire"] is False                 # KR-HPT-7
    returns.return_cards(st, [])
    assert h["activated"] is False


def test_KR_HPT_4_knocked_out_hero_uncovers_its_enemies():
    st = bare()
    a = tray(st, "goblin_scouts", "D3")
    engage(st, "ignus", a, (1, 1))          # covers (1,1) (2,1) (2,2): every goblin
    st["heroes"]["ignus"]["health"] = 1
    phases.damage_hero(st, "ignus", 1, [], "test")
    assert st["trays"][a]["cover"]["heroes"] == {}
    assert not fully_covered(grid("goblin_scouts"), st["trays"][a]["cover"])


def test_KR_ALL_3_wildcat_takes_no_destruction_damage_but_any_other_knocks_it_out():
    st = bare(heroes=["alleria", "ignus"])
    a = tray(st, "goblin_scouts", "D3")
    engage(st, "wildcat", a, (3, 0))
    cover_all(st, a)
    destroy.destroy(st, [])
    w = st["heroes"]["wildcat"]
    assert (w["cell"], w["knocked_out"], w["health"]) == ("D3", False, 1)
    st["heroes"]["alleria"]["health"] = 3
    phases.damage_hero(st, "wildcat", 1, [], "target")
    assert w["knocked_out"] and w["cell"] is None
    phases.start_phase2(st, [])
    assert w["knocked_out"]                                    # never revived (KR-ALL-4)


def test_KR_ICN_14_KR_DES_4_ghost_horde_spawns_a_ghost_and_pushes_heroes():
    st = bare("haunted_marsh")
    a = tray(st, "haunted_column", "H5")
    engage(st, "ignus", a, (0, 1))
    cover_all(st, a)
    top = st["ghost_deck"][0]
    destroy.destroy(st, ev := [])
    assert cells(st) == {"H5": top} and st["ghost_deck"][0] != top and len(st["ghost_deck"]) == 5
    assert st["heroes"]["ignus"]["cell"] == "I5"              # nearest the exit first
    assert st["heroes"]["ignus"]["health"] == st["heroes"]["ignus"]["max"] - 1
    assert kinds(ev).index("hero_damaged") < kinds(ev).index("hero_displaced") < kinds(ev).index("ghost_spawn")
    assert st["crystals"] == 4                                 # ghost-icon hordes pay nothing
    b = next(iter(st["trays"]))
    cover_all(st, b)
    destroy.destroy(st, [])
    assert st["crystals"] == 6                                 # ghost cards pay 2 (KR-ICN-12)


def test_KR_DES_3_KR_END_1_2_victory_only_at_the_end_of_the_round():
    st = bare("farrinken_valley")
    st["phase"] = 2
    p = tray(st, "minor_rift_a", "C3")
    cover_all(st, p)
    destroy.destroy(st, ev := [])
    assert st["portals"]["destroyed"] == 1 == st["portals"]["total"]
    assert st["victory_pending"] and st["result"] is None and "victory_pending" in kinds(ev)
    returns.return_cards(st, [])
    assert st["phase"] == 6 and st["result"] is None
    phases.end_round(st, ev := [])
    assert st["result"] == {"outcome": "victory", "reason": "portals"}


def test_KR_END_2_losing_after_the_last_portal_is_still_a_defeat():
    from engine.kr import advance
    st = bare("farrinken_valley")
    st["hearts"] = 3
    p = tray(st, "minor_rift_a", "C3")
    cover_all(st, p)
    tray(st, "goblin_band", "J3")
    destroy.destroy(st, [])
    advance.advance(st, [])
    assert st["result"] == {"outcome": "defeat", "reason": "kingdom_destroyed"}
    returns.return_cards(st, [])
    phases.end_round(st, [])
    assert st["result"]["outcome"] == "defeat" and st["phase"] == "over"


def test_KR_END_6_survive_scenario_wins_after_its_rounds():
    st = bare("ogre_ford")
    st["round"], st["phase"] = 8, 6
    phases.end_round(st, [])
    assert (st["round"], st["phase"], st["result"]) == (9, 1, None)
    st["phase"] = 6
    phases.end_round(st, [])
    assert st["result"] == {"outcome": "victory", "reason": "survive"}


# --- phase 5 and the end of the round ------------------------------------------------------

def test_KR_RET_1_2_3_5_towers_back_face_down_to_supply_pending_into_hand():
    st = bare(heroes=["malik", "lilith"])
    st["seats"][0]["hand"] = []
    st["sites"] = {"C2": [{"card": "barracks_1", "seat": 0, "facing": "S", "face_down": False},
                          {"card": "archer_1", "seat": 0, "facing": "S", "face_down": True}],
                   "E4": [{"card": "mage_1", "seat": 1, "facing": "N", "face_down": False}]}
    st["seats"][1]["pending"] = ["mage_2"]
    st["heroes"]["malik"]["activated"] = True
    archers = st["supply"]["archer_1"]
    returns.return_cards(st, ev := [])
    assert st["sites"] == {} and st["phase"] == 6
    assert st["seats"][0]["hand"] == ["barracks_1"]
    assert st["supply"]["archer_1"] == archers + 1             # KR-RET-5, KR-PRT-10
    assert st["seats"][1]["pending"] == [] and st["seats"][1]["hand"][-2:] == ["mage_1", "mage_2"]
    assert not st["heroes"]["malik"]["activated"]
    assert "tower_destroyed" in kinds(ev)


def test_KR_GEN_11_protection_and_effects_expire_at_the_end_of_the_round():
    st = bare(heroes=["malik", "lilith"])
    st["heroes"]["malik"]["protected"] = True
    st["effects"] = [{"kind": "resurrection", "figure": "lilith"}]
    st["phase"] = 6
    phases.end_round(st, ev := [])
    assert not st["heroes"]["malik"]["protected"] and st["effects"] == []
    assert (st["round"], st["phase"]) == (2, 1) and kinds(ev) == ["round_end", "round_start"]


def test_KR_AMB_43_resurrection_heals_and_protects_before_destruction_damage():
    st = bare(heroes=["malik", "lilith"])
    a = tray(st, "goblin_scouts", "D3")
    engage(st, "lilith", a, (3, 0))
    cover_all(st, a)
    st["heroes"]["lilith"]["health"] = 2
    st["effects"] = [{"kind": "resurrection", "figure": "lilith"}]
    destroy.destroy(st, [])
    assert st["heroes"]["lilith"]["health"] == 5 and st["heroes"]["lilith"]["protected"]


def test_stack_helpers_top_first():
    st = bare()
    a = tray(st, "goblin_scouts", "D3")
    b = tray(st, "bat_swarm", "D3", layer=1)
    assert trays_at(st, "D3") == [b, a]
