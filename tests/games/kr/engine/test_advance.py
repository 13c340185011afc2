"""Phase 4, advance (KR-ADV-1..13, KR-ICN-2..4/9/10/11, KR-AMB-17/21..27), and a property test
over random rounds (KR-BUY-6, tower conservation, JSON round trip)."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as s
from tests.games.kr.engine.kr_phase_fixtures import bare, cover_all, engage, kinds, soldier, stand, tile, tray

from engine.kr import advance, destroy, phases, returns, spawn
from engine.kr.setup import new_state
from engine.kr.state import MAX_CRYSTALS, copy_state, geo, tower_count, trays_at


def where(st: dict, tid: str) -> str | None:
    return st["trays"][tid]["cell"] if tid in st["trays"] else None


def test_KR_ADV_4_KR_AMB_23_order_on_a_branching_map():
    st = bare("hyena_crossing")
    t = {c: tray(st, "goblin_scouts", c) for c in ("B2", "E2", "G4", "C6", "E5")}
    order = advance.activation_order(st)
    # marker 1's branch (with the trunk) first, nearest the exit first, then branch 2
    assert order == [t["G4"], t["E2"], t["B2"], t["E5"], t["C6"]]
    assert geo(st).branch_order == (1, 2)
    advance.advance(st, [])
    assert {where(st, x) for x in t.values()} == {"C2", "F2", "H4", "C5", "F5"}


def test_KR_ADV_4_branch_blocked_by_a_tray_moving_later():
    st = bare("hyena_crossing")
    a = tray(st, "goblin_scouts", "F3")     # marker 1 branch: moves first into F4
    b = tray(st, "goblin_scouts", "F5")     # marker 2 branch: F4 is now taken
    advance.advance(st, [])
    assert (where(st, a), where(st, b)) == ("F4", "F5")


def test_KR_ADV_8_stack_top_down_and_KR_ICN_10_flying_onto_an_occupied_square():
    st = bare()
    front = tray(st, "goblin_scouts", "E3")
    engage(st, "ignus", front, (3, 0))
    st["heroes"]["ignus"]["protected"] = True                   # front never moves
    bats = tray(st, "bat_swarm", "D3")
    advance.advance(st, ev := [])
    assert where(st, bats) == "E3" and st["trays"][bats]["layer"] == 1
    assert trays_at(st, "E3") == [bats, front]
    e = next(x for x in ev if x.kind == "tray_moved" and x.params["tray"] == bats)
    assert e.params["on_top"] is True
    assert advance.activation_order(st) == [bats, front]        # top first
    advance.advance(st, [])
    assert where(st, bats) == "F3" and st["trays"][bats]["layer"] == 0
    assert st["trays"][front]["layer"] == 0 and where(st, front) == "E3"


def test_KR_ICN_9_flying_tray_drops_soldiers_and_moves_heroes_off():
    st = bare()
    bats = tray(st, "bat_swarm", "D3")
    soldier(st, bats, (0, 0))
    engage(st, "ignus", bats, (2, 2))
    advance.advance(st, ev := [])
    assert where(st, bats) == "E3" and st["soldiers"] == 12
    h = st["heroes"]["ignus"]
    assert h["cell"] != "D3" and h["tray"] is None and h["health"] == h["max"]
    assert st["trays"][bats]["cover"] == {"tiles": [], "soldiers": [], "heroes": {}}
    assert "soldier_lost" not in kinds(ev)


def test_KR_ICN_2_KR_AMB_26_heal_removes_tiles_first_unless_covered():
    st = bare()
    a = tray(st, "orc_warband", "C3")       # heal icon on (1,1)
    st["trays"][a]["cover"]["tiles"] = [tile([(3, 0)])]
    advance.advance(st, ev := [])
    assert st["trays"][a]["cover"]["tiles"] == [] and "heal" in kinds(ev) and where(st, a) == "D3"
    st["trays"][a]["cover"]["tiles"] = [tile([(1, 1)]), tile([(3, 0)])]
    advance.advance(st, [])
    assert len(st["trays"][a]["cover"]["tiles"]) == 2        # the icon is off (KR-ICN-1)


def test_KR_ICN_3_swift_moves_twice_unless_the_icon_is_covered():
    st = bare()
    a = tray(st, "hyena_pack", "C3")        # swift on (1,1)
    advance.advance(st, [])
    assert where(st, a) == "E3"
    st["trays"][a]["cover"]["tiles"] = [tile([(1, 1)])]
    advance.advance(st, [])
    assert where(st, a) == "F3"


def test_KR_ADV_7_swift_stops_behind_a_tray():
    st = bare()
    a = tray(st, "hyena_pack", "C3")
    tray(st, "goblin_band", "F3")
    blocker = tray(st, "goblin_band", "G3")
    st["trays"][blocker]["cover"]["soldiers"] = [[1, 0]]     # G3 cannot move, nor F3
    st["soldiers"] -= 1
    advance.advance(st, [])
    assert where(st, a) == "E3"


def test_KR_ADV_5_KR_AMB_21_soldier_blocks_once_then_swift_moves():
    st = bare()
    a = tray(st, "hyena_pack", "C3")
    soldier(st, a, (3, 0))
    advance.advance(st, ev := [])
    assert where(st, a) == "D3" and st["soldiers"] == 12
    assert kinds(ev)[:3] == ["tray_blocked", "soldier_lost", "tray_moved"]
    b = tray(st, "goblin_band", "H3")
    soldier(st, b, (1, 0))
    advance.advance(st, [])
    assert where(st, b) == "H3" and st["trays"][b]["cover"]["soldiers"] == []


def test_KR_ADV_5_KR_AMB_21_hero_blocks_both_swift_attempts_and_takes_two():
    st = bare()
    a = tray(st, "hyena_pack", "C3")
    engage(st, "ignus", a, (2, 2))          # (2,2)-(3,3): the swift icon (1,1) stays visible
    max_hp = st["heroes"]["ignus"]["max"]
    advance.advance(st, [])
    assert where(st, a) == "C3" and st["heroes"]["ignus"]["health"] == max_hp - 2
    st["heroes"]["ignus"]["protected"] = True                   # KR-HPT-8: still blocks
    advance.advance(st, [])
    assert where(st, a) == "C3" and st["heroes"]["ignus"]["health"] == max_hp - 2


def test_KR_ICN_4_KR_AMB_25_target_hits_adjacent_heroes_once_after_moving():
    st = bare(heroes=["malik", "ignus"])
    a = tray(st, "raiding_party", "C3")     # target on (2,2)
    stand(st, "malik", "E2")                # adjacent to D3 after the move
    stand(st, "ignus", "B2")                # adjacent before, not after
    advance.advance(st, [])
    assert where(st, a) == "D3"
    assert st["heroes"]["malik"]["health"] == st["heroes"]["malik"]["max"] - 1
    assert st["heroes"]["ignus"]["health"] == st["heroes"]["ignus"]["max"]


def test_KR_AMB_17_tray_entering_a_heros_square_displaces_it():
    st = bare()
    a = tray(st, "goblin_band", "C3")
    stand(st, "ignus", "D3")
    advance.advance(st, ev := [])
    assert where(st, a) == "D3" and st["heroes"]["ignus"]["cell"] == "E3"
    assert kinds(ev)[0] == "hero_displaced"


def test_KR_ADV_11_KR_ICN_11_kingdom_damage_counts_uncovered_and_large_enemies():
    st = bare()
    hearts = st["hearts"]
    a = tray(st, "ogre_brute", "J3")        # ogre (large) + 2 goblins
    st["trays"][a]["cover"]["tiles"] = [tile([(0, 2)]), tile([(1, 0), (2, 0), (1, 1)])]
    advance.advance(st, ev := [])
    assert a not in st["trays"] and st["hearts"] == hearts - 5   # 4 (ogre partly covered) + 1
    assert "horde_reached_kingdom" in kinds(ev) and st["crystals"] == 4   # KR-AMB-62: no crystals


def test_KR_END_3_kingdom_destroyed_loses_at_once():
    st = bare()
    st["hearts"] = 2
    tray(st, "goblin_band", "J3")
    later = tray(st, "goblin_band", "A3")
    advance.advance(st, [])
    assert st["result"] == {"outcome": "defeat", "reason": "kingdom_destroyed"} and st["hearts"] == 0
    assert where(st, later) == "A3"                               # nothing moves afterwards


def test_KR_ADV_12_KR_PRT_13_portal_reaching_the_exit_loses():
    st = bare()
    tray(st, "minor_rift_a", "J3")
    advance.advance(st, [])
    assert st["result"] == {"outcome": "defeat", "reason": "portal_reached_kingdom"}


# --- property test ------------------------------------------------------------------------

def _random_round(st: dict, picks: list[int], events: list) -> None:
    """Phase 2 stand-in: cover some trays, build/flip some towers, buy; then phases 3-6."""
    for n, tid in enumerate(sorted(st["trays"])):
        if picks[n % len(picks)] % 3 == 0:
            cover_all(st, tid)
    for seat, s_ in enumerate(st["seats"]):
        if s_["hand"] and picks[seat % len(picks)] % 2:
            card = s_["hand"].pop(0)
            site = sorted(geo(st).sites)[seat]
            st["sites"].setdefault(site, []).append(
                {"card": card, "seat": seat, "facing": "N", "face_down": bool(picks[0] % 4 == 1)})
    destroy.destroy(st, events)
    advance.advance(st, events)
    returns.return_cards(st, events)
    if st["phase"] == 6 and st["crystals"] >= 2 and st["supply"].get("archer_1"):
        st["crystals"] -= 2
        st["supply"]["archer_1"] -= 1
        st["seats"][0]["hand"].append("archer_1")
    phases.end_round(st, events)
    spawn.begin_round(st, events)


@settings(max_examples=25, deadline=None)
@given(seed=s.integers(0, 2**32), scenario=s.sampled_from(["farrinken_valley", "hyena_crossing",
                                                            "haunted_marsh", "pioneer_pass"]),
       picks=s.lists(s.integers(0, 11), min_size=1, max_size=6), rounds=s.integers(1, 6))
def test_property_crystals_capped_towers_conserved_json_round_trip(seed, scenario, picks, rounds):
    st, _ = new_state(2, {"scenario": scenario, "heroes": ["malik", "lilith"]}, seed)
    total = tower_count(st)
    events: list = []
    for _ in range(rounds):
        if st["phase"] == "over":
            break
        _random_round(st, picks, events)
        assert 0 <= st["crystals"] <= MAX_CRYSTALS
        assert tower_count(st) == total
        assert 0 <= st["soldiers"] <= 12
        assert json.loads(json.dumps(st)) == st
        assert copy_state(st) == st
