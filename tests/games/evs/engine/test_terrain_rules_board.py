"""Empire vs Steppe, Terrain expansion: the board rules of engine/evs/terrain_rules.py once the
terrain lies: heights and connectivity (ES-TER-1..4), vanguard and deploy cells (ES-TER-13..14),
flips (ES-TER-15), penalties and steps (ES-TER-16..17), melee, ranged and high ground
(ES-TER-18..21), the base game without terrain (ES-TER-22), and the example ES-EX-5 played as a
numbered scenario.
"""
from __future__ import annotations

import pytest

from engine.base import Event, IllegalAction
from engine.evs import grid
from engine.evs import terrain_rules as tr
from tests.games.evs.engine.terrain_helpers import (
    BEACON, BOG, CRAG, DENSE, FORD, GULLY, HOLLOW, KNOLL, LOWHILL, MOUND, PEAK, PINE, RAVINE, RIDGE, ROAD, SINKHOLE,
    THICKET, WOODED, T, code_of)


# ---------------------------------------------------------------------- ES-TER-1..4


def test_ES_TER_1_card_shows_its_markers_and_a_unit_lies_across_it():
    """ES-TER-1: the terrain markers (height, forest) and the description stay visible; a unit
    may share the cell, and the terrain does not change under it."""
    view = tr.card_view(WOODED)
    assert view["marker"] == "+1" and view["height"] == 1 and view["forest"] is True
    assert view["effect"] == {"kind": "cover", "defence": 1} and view["penalty"] == "usual"
    assert view["name"] == {"en": "Wooded Hill", "zh-CN": "林丘"} and view["text"]["zh-CN"]
    assert view["name_key"] == "evs.terrain.terrain_wooded_hill"
    assert tr.card_view(RAVINE)["marker"] == "-2" and tr.card_view(PINE)["marker"] == "0"
    terrain = T({"C3": WOODED})
    units = {"C3": 0}  # a unit stands on the card (vanguard allows +1, ES-TER-13)
    assert tr.can_stand_vanguard(terrain, "C3")
    assert tr.height(terrain, "C3") == 1 and terrain["cells"] == {"C3": WOODED} and units == {"C3": 0}


def test_ES_TER_2_height_is_the_card_height_or_zero():
    """ES-TER-2, ES-AMB-39: plane height 0; a cell's height is its card's; forest 0 unless printed."""
    terrain = T({"A1": PEAK, "B1": RIDGE, "C1": KNOLL, "D1": FORD, "E1": HOLLOW, "F1": SINKHOLE, "G1": PINE,
                 "A2": WOODED})
    assert [tr.height(terrain, c) for c in ("A1", "B1", "C1", "D1", "E1", "F1", "G1", "A2", "D4")] == \
        [3, 2, 1, 0, -1, -2, 0, 1, 0]


def test_ES_TER_3_adjacent_cells_connected_when_heights_differ_by_at_most_one():
    """ES-TER-3 (and ES-GEN-3: only adjacent cells can be connected)."""
    terrain = T({"C3": RIDGE, "C4": KNOLL, "D3": PEAK, "B3": HOLLOW})
    assert tr.connected(terrain, "C3", "C4")  # +2 / +1
    assert tr.connected(terrain, "C3", "D3")  # +2 / +3
    assert not tr.connected(terrain, "C3", "C2")  # +2 / 0
    assert not tr.connected(terrain, "C3", "B3")  # +2 / -1
    assert tr.connected(terrain, "B3", "A3")  # -1 / 0
    assert tr.connected(terrain, "C4", "C3")  # symmetric
    assert not tr.connected(terrain, "A1", "C1")  # not adjacent
    assert not tr.connected(terrain, "A1", "B2")  # diagonal is not adjacent (ES-AMB-5)
    assert not tr.connected(terrain, "A1", "A1")


def test_ES_TER_4_connected_to_the_plane():
    """ES-TER-4, ES-AMB-39: a path of connected steps reaches a height-0 cell."""
    assert tr.plane_connected(T(), "D4")
    lone_peak = T({"C3": PEAK})
    assert not tr.plane_connected(lone_peak, "C3")
    chain = T({"C3": PEAK, "C4": RIDGE, "C5": KNOLL})
    assert all(tr.plane_connected(chain, c) for c in ("C3", "C4", "C5"))
    half = T({"C3": PEAK, "C4": RIDGE})  # the +2 touches the +3 but not the plane
    assert not tr.plane_connected(half, "C3") and not tr.plane_connected(half, "C4")
    assert not tr.plane_connected(T({"C3": RAVINE}), "C3")
    assert tr.plane_connected(T({"C3": RAVINE, "C4": GULLY}), "C3")
    assert tr.plane_connected(T({"C3": HOLLOW}), "C3") and tr.plane_connected(T({"C3": KNOLL}), "C3")
    # a -1 in a corner walled by +1 cards: -1 / +1 differ by 2, so it cannot reach the plane
    walled = T({"A1": HOLLOW, "B1": KNOLL, "A2": MOUND})
    assert not tr.plane_connected(walled, "A1")
    assert tr.plane_connected(walled, "B1")
    # a height-0 terrain card is on the plane
    assert tr.plane_connected(T({"C3": FORD}), "C3")


# ------------------------------------------------------------------------ ES-TER-13..14


def test_ES_TER_13_vanguard_only_on_heights_minus_1_to_plus_1():
    """ES-TER-13, ES-VAN-6: vanguard units may stand on -1, 0 or +1 terrain (or no terrain)."""
    terrain = T({"A1": CRAG, "B1": RIDGE, "C1": KNOLL, "D1": PINE, "E1": HOLLOW, "F1": RAVINE})
    assert {c: tr.can_stand_vanguard(terrain, c) for c in ("A1", "B1", "C1", "D1", "E1", "F1", "G1")} == \
        {"A1": False, "B1": False, "C1": True, "D1": True, "E1": True, "F1": False, "G1": True}


def test_ES_TER_14_deploy_never_onto_a_terrain_card():
    """ES-TER-14, ES-DEP-2: in the Deploy action no cell with a terrain card, whatever its height."""
    terrain = T({"C1": KNOLL, "D1": FORD, "E1": ROAD})
    assert not any(tr.can_deploy(terrain, c) for c in ("C1", "D1", "E1"))
    assert tr.can_deploy(terrain, "G1")


# ------------------------------------------------------------------------------ ES-TER-15


def test_ES_TER_15_flip_cells_range_two_no_enemy_neighbour_no_terrain_no_unit():
    """ES-TER-15, ES-AMB-43, ES-KW-14: within range II of the moved unit, not adjacent to an
    enemy (nor on one), no terrain card, no unit; ES-TER-8..11 do not apply."""
    terrain = T({"D2": FORD, "A1": PEAK}, deck=[RIDGE, PINE])
    unit, enemies, friends = "D4", ["F4"], ["C4"]
    occupied = [unit, *enemies, *friends]
    cells = tr.flip_cells(terrain, unit, enemies, occupied)
    expected = sorted((c for c in grid.within(unit, 2)
                       if c not in ("D2", "C4", "F4") and grid.distance(c, "F4") > 1), key=grid.CELLS.index)
    assert cells == expected
    assert "E4" not in cells and "F3" not in cells and "F5" not in cells  # next to the enemy
    assert "D2" not in cells and "C4" not in cells and "D4" not in cells
    assert "D6" in cells and "B4" in cells and "D1" not in cells  # D1 is at distance 3
    assert tr.can_flip(terrain, unit, enemies, occupied)
    drawn = tr.flip(terrain)
    assert drawn == RIDGE and terrain["deck"] == [PINE]
    # an isolated +3 on the board does not bind a flipped +2 (no setup constraints)
    ev = tr.place_flipped(terrain, drawn, "D6", unit, enemies, occupied)
    assert ev == Event("terrain_flipped", {"card": RIDGE, "cell": "D6", "height": "+2"})
    assert terrain["cells"]["D6"] == RIDGE and terrain["placed"] == 2  # flips are not setup placements
    with pytest.raises(IllegalAction) as e:
        tr.place_flipped(terrain, PINE, "E4", unit, enemies, occupied)
    assert code_of(e) == "evs.err.terrain_flip_cell" and "place terrain_pine_forest B4" in e.value.legal


def test_ES_TER_15_no_flip_without_a_card_or_a_cell():
    """ES-TER-15: no flip when the deck is empty or no cell qualifies (checked before revealing)."""
    assert not tr.can_flip(T(deck=[]), "D4", [], ["D4"])
    with pytest.raises(IllegalAction) as e:
        tr.flip(T(deck=[]))
    assert code_of(e) == "evs.err.terrain_deck_empty"
    # a unit in the corner, every cell within II taken or next to the enemy on B2
    crowded = T({"C1": FORD, "A3": HOLLOW}, deck=[PINE])
    assert tr.flip_cells(crowded, "A1", ["B2"], ["A1", "B2"]) == []
    assert not tr.can_flip(crowded, "A1", ["B2"], ["A1", "B2"])
    assert crowded["deck"] == [PINE]


# ------------------------------------------------------------------------ ES-TER-16..17


def test_ES_TER_16_penalty_options_usual():
    """ES-TER-16, ES-AMB-42: +1 mobility, +1 cost or shake 1; unaffordable options are out,
    shake is always there, so the penalty never blocks a move."""
    terrain = T({"C3": KNOLL})
    assert tr.penalty_applies(terrain, "C3")
    assert tr.penalty_options(terrain, "C3", mp_left=1, can_pay=True) == ["mp", "cost", "shake"]
    assert tr.penalty_options(terrain, "C3", mp_left=0, can_pay=True) == ["cost", "shake"]
    assert tr.penalty_options(terrain, "C3", mp_left=2, can_pay=False) == ["mp", "shake"]
    assert tr.penalty_options(terrain, "C3", mp_left=0, can_pay=False) == ["shake"]


def test_ES_TER_16_penalty_only_entering_terrain_and_card_overrides():
    """ES-TER-16, ES-AMB-42: only a step into a terrain cell triggers it (leaving does not:
    the core asks about the entered cell only); card ``penalty`` "none" and "shake" override."""
    terrain = T({"C3": ROAD, "C4": BOG, "C5": PINE})
    assert tr.penalty_options(terrain, "D3", 3, True) == [] and not tr.penalty_applies(terrain, "D3")
    assert tr.penalty_options(terrain, "C3", 3, True) == [] and not tr.penalty_applies(terrain, "C3")
    assert tr.penalty_options(terrain, "C4", 3, True) == ["shake"] and tr.penalty_applies(terrain, "C4")
    assert tr.penalty_options(terrain, "C5", 3, True) == ["mp", "cost", "shake"]


def test_ES_TER_17_steps_only_between_connected_cells():
    """ES-TER-17, ES-AMB-41, ES-KW-13: each step between connected cells; climbing to +3 and
    descending to -2 step by step is fine (the vanguard height limit does not apply)."""
    terrain = T({"B1": KNOLL, "C1": RIDGE, "D1": PEAK, "B3": GULLY, "B4": RAVINE})
    path = ["A1", "B1", "C1", "D1"]
    assert all(tr.step_allowed(terrain, a, b) for a, b in zip(path, path[1:]))
    assert all(tr.step_allowed(terrain, b, a) for a, b in zip(path, path[1:]))
    assert not tr.step_allowed(terrain, "C2", "C1")  # 0 -> +2
    assert not tr.step_allowed(terrain, "D2", "D1")  # 0 -> +3
    assert not tr.step_allowed(terrain, "A1", "A3")  # not adjacent
    assert tr.step_allowed(terrain, "B2", "B3") and tr.step_allowed(terrain, "B3", "B4")  # 0, -1, -2
    assert not tr.step_allowed(terrain, "A4", "B4")  # 0 -> -2


# ------------------------------------------------------------------------ ES-TER-18..21


def test_ES_TER_18_melee_needs_connected_cells():
    """ES-TER-18, ES-KW-9: melee only against an adjacent, connected target."""
    terrain = T({"C3": RIDGE, "C4": KNOLL})
    assert tr.melee_allowed(terrain, "C4", "C3") and tr.melee_allowed(terrain, "C3", "C4")
    assert not tr.melee_allowed(terrain, "C2", "C3")  # 0 vs +2
    assert not tr.melee_allowed(terrain, "C5", "C3")  # distance 2
    assert tr.melee_allowed(terrain, "A1", "A2")


def test_ES_TER_19_ranged_attacks_ignore_connectivity():
    """ES-TER-19, ES-KW-10, ES-AMB-45: terrain never forbids a ranged attack."""
    terrain = T({"C3": PEAK, "C4": RAVINE})
    assert not tr.connected(terrain, "C3", "C4")
    assert tr.ranged_allowed(terrain, "C4", "C3") and tr.ranged_allowed(terrain, "C3", "C4")
    assert tr.ranged_allowed(terrain, "C1", "C3")


def test_ES_TER_20_higher_attacker_gets_plus_1():
    """ES-TER-20, ES-AMB-44: +1 to each attacker whose cell is higher than the target's."""
    terrain = T({"C3": KNOLL, "C5": RIDGE, "C6": HOLLOW})
    assert tr.attack_bonus(terrain, "C3", "C4") == 1  # +1 over 0
    assert tr.attack_bonus(terrain, "C5", "C6") == 1  # +2 over -1, still just +1
    assert tr.attack_bonus(terrain, "C4", "C3") == 0 and tr.attack_bonus(terrain, "D4", "C4") == 0
    # joint attack: each higher participant gets its own +1
    assert sum(tr.attack_bonus(terrain, a, "C4") for a in ("C3", "C5", "D4")) == 2


def test_ES_TER_21_defender_attacked_from_below_gets_minus_1_once():
    """ES-TER-21, ES-AMB-44 (literal): -1 to the defender once if any participant is lower."""
    terrain = T({"C3": KNOLL, "B3": HOLLOW, "C2": RAVINE, "D3": RIDGE})
    assert tr.defence_malus(terrain, ["C4"], "C3") == -1
    assert tr.defence_malus(terrain, ["B3", "C2", "C4"], "C3") == -1  # once, not three times
    assert tr.defence_malus(terrain, ["D3"], "C3") == 0  # higher attacker
    assert tr.defence_malus(terrain, ["C4"], "D4") == 0  # same height
    assert tr.defence_malus(terrain, ["D3", "B3"], "C3") == -1  # mixed: one lower is enough
    assert tr.defence_malus(terrain, [], "C3") == 0


def test_cover_helps_only_against_all_ranged_attacks():
    """Forest ``cover`` effect (content-defined, ES-KW-15): +n to a unit on the card against an
    attack whose participants are all ranged."""
    terrain = T({"C3": PINE, "D3": DENSE, "E3": THICKET, "F3": KNOLL})
    assert tr.cover_bonus(terrain, "C3", ["ranged"]) == 1
    assert tr.cover_bonus(terrain, "C3", ["ranged", "ranged"]) == 1
    assert tr.cover_bonus(terrain, "C3", ["ranged", "melee"]) == 0
    assert tr.cover_bonus(terrain, "C3", ["melee"]) == 0 and tr.cover_bonus(terrain, "C3", []) == 0
    assert tr.cover_bonus(terrain, "D3", ["ranged"]) == 2
    assert tr.cover_bonus(terrain, "E3", ["ranged"]) == 0  # a forest without cover
    assert tr.cover_bonus(terrain, "F3", ["ranged"]) == 0 and tr.cover_bonus(terrain, "G3", ["ranged"]) == 0


# ------------------------------------------------------------------------------ ES-TER-22


def test_ES_TER_22_without_terrain_the_base_game():
    """ES-TER-22: height 0 everywhere, all adjacent cells connected, no penalties, no
    high-ground modifiers, no flips (the core keeps no terrain; ``disabled()`` agrees)."""
    off = tr.disabled()
    assert off == {"cells": {}, "deck": [], "placed": 0} and tr.placement_done(off)
    for c in grid.CELLS:
        assert tr.height(off, c) == 0 and tr.plane_connected(off, c)
        assert tr.can_deploy(off, c) and tr.can_stand_vanguard(off, c)
        assert tr.penalty_options(off, c, 1, True) == []
        for n in grid.neighbours(c):
            assert tr.connected(off, c, n) and tr.step_allowed(off, c, n) and tr.melee_allowed(off, c, n)
            assert tr.attack_bonus(off, c, n) == 0 and tr.defence_malus(off, [c], n) == 0
            assert tr.cover_bonus(off, n, ["ranged"]) == 0
    assert not tr.can_flip(off, "D4", [], ["D4"])


def test_ES_TER_13_14_whole_state_accepted_as_engine_evs_board_calls():
    """ES-TER-2, ES-TER-3, ES-TER-13, ES-TER-14: the functions take the terrain dict or the whole
    game state (``st["terrain"]``), and ``can_deploy_on(st, cell, vanguard)`` answers
    engine/evs/board.py's question."""
    st = {"options": {"terrain": "on"}, "terrain": T({"C3": KNOLL, "C4": PEAK})}
    assert tr.height(st, "C3") == 1 and tr.connected(st, "C3", "C2") and not tr.connected(st, "C3", "C4")
    assert tr.can_deploy_on(st, "C3", vanguard=True) and not tr.can_deploy_on(st, "C3", vanguard=False)
    assert not tr.can_deploy_on(st, "C4", vanguard=True) and tr.can_deploy_on(st, "D4", vanguard=False)
    assert tr.penalty_options(st, "C3", 0, False) == ["shake"]
    assert tr.height({"options": {}, "terrain": None}, "C3") == 0
    board = pytest.importorskip("engine.evs.board")
    if all(hasattr(board, f) for f in ("height", "connected", "can_deploy_on")):
        assert board.height(st, "C4") == 3 and not board.connected(st, "C3", "C4")
        assert board.can_deploy_on(st, "C3", True) and not board.can_deploy_on(st, "C3", False)


# ----------------------------------------------------------------------------- ES-EX-5


def test_ES_EX_5_high_ground():
    """ES-EX-5 (ES-TER-18..21): 1. an attacker on +1 melees an adjacent target on 0: +1.
    2. An attacker on 0 cannot melee an adjacent target on +2 (not connected).
    3. A ranged attack from that cell is allowed, and the target, attacked from below, defends
    at -1."""
    terrain = T({"C3": LOWHILL, "E3": BEACON})
    # 1.
    assert tr.height(terrain, "C3") == 1 and tr.height(terrain, "C4") == 0
    assert tr.melee_allowed(terrain, "C3", "C4")
    assert tr.attack_bonus(terrain, "C3", "C4") == 1
    assert tr.defence_malus(terrain, ["C3"], "C4") == 0
    # 2.
    assert tr.height(terrain, "D3") == 0 and tr.height(terrain, "E3") == 2
    assert not tr.melee_allowed(terrain, "D3", "E3")
    # 3.
    assert tr.ranged_allowed(terrain, "D3", "E3")
    assert tr.attack_bonus(terrain, "D3", "E3") == 0
    assert tr.defence_malus(terrain, ["D3"], "E3") == -1
