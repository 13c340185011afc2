"""Empire vs Steppe, Terrain expansion: the setup of engine/evs/terrain_rules.py, ES-TER-5..12
of docs/rules/empire-vs-steppe.md: the shuffled deck, the alternating placement of 12 cards, one
card per cell, and the placement constraints (waived when impossible).
"""
from __future__ import annotations

import json

import pytest

from engine import rng as rngmod
from engine.base import Event, IllegalAction
from engine.evs import grid
from engine.evs import terrain_rules as tr
from tests.games.evs.engine.terrain_helpers import (
    BIRCH, BLUFF, CRAG, DENSE, FORD, GULLY, HOLLOW, KNOLL, LOWHILL, MOUND, PEAK, PINE, RIDGE, SINKHOLE, THICKET,
    WOODED, T, code_of)


# ------------------------------------------------------------------------- ES-TER-5..12


def test_ES_TER_5_new_deck_shuffles_every_card_through_the_rng():
    """ES-TER-5: all terrain cards, shuffled, face-down; same seed, same order (replays)."""
    a, b = tr.new_deck(rngmod.new_rng(7)), tr.new_deck(rngmod.new_rng(7))
    assert a == b and sorted(a) == sorted(tr.load())
    assert any(tr.new_deck(rngmod.new_rng(s)) != a for s in range(1, 5))
    rng = rngmod.new_rng(7)
    terrain = tr.new_terrain(rng)
    assert terrain == {"cells": {}, "deck": a, "placed": 0} and rng["s"] != rngmod.new_rng(7)["s"]
    json.dumps(terrain)  # JSON-compatible


def test_ES_TER_6_placement_alternates_from_the_second_player_and_stops_at_12():
    """ES-TER-6, ES-SET-3: the second player draws and places first; players alternate; 12 cards."""
    terrain = tr.new_terrain(rngmod.new_rng(3))
    first = 0
    seats, events = [], []
    while not tr.placement_done(terrain):
        seats.append(tr.placement_seat(terrain, first))
        drawn = tr.draw(terrain)
        cells = tr.placement_cells(terrain, drawn, {})
        events.append(tr.place(terrain, drawn, cells[0]))
    assert seats == [1, 0] * 6
    assert terrain["placed"] == 12 and len(terrain["cells"]) == 12 and len(terrain["deck"]) == len(tr.load()) - 12
    assert all(isinstance(e, Event) and e.kind == "terrain_placed" and e.public for e in events)
    with pytest.raises(IllegalAction) as e:
        tr.draw(terrain)
    assert code_of(e) == "evs.err.terrain_placement_over"
    with pytest.raises(IllegalAction) as e:
        tr.place(terrain, terrain["deck"][0], "G6" if "G6" not in terrain["cells"] else "A6")
    assert code_of(e) == "evs.err.terrain_placement_over"
    assert tr.placement_seat(T(), first=1) == 0


def test_ES_TER_6_placement_stops_early_when_the_deck_runs_out():
    """ES-TER-6, ES-AMB-40: stops at 12 or earlier when the deck is empty; the last drawn card is
    still placed although the deck is then empty."""
    terrain = T(deck=[PINE, CRAG, HOLLOW])
    n = 0
    while not tr.placement_done(terrain):
        drawn = tr.draw(terrain)
        assert tr.placement_done(terrain) == (n == 2)  # after drawing the last card
        tr.place(terrain, drawn, tr.placement_cells(terrain, drawn)[-1])
        n += 1
    assert n == 3 and terrain["placed"] == 3 and terrain["deck"] == []
    with pytest.raises(IllegalAction) as e:
        tr.draw(terrain)
    assert code_of(e) == "evs.err.terrain_deck_empty"


def test_ES_TER_7_one_terrain_card_per_cell():
    """ES-TER-7, ES-GEN-4: a cell holding a terrain card never takes another."""
    terrain = T({"C3": FORD})
    assert "C3" not in tr.placement_cells(terrain, KNOLL)
    with pytest.raises(IllegalAction) as e:
        tr.place(terrain, KNOLL, "C3")
    assert code_of(e) == "evs.err.terrain_cell" and "place terrain_grassy_knoll A1" in e.value.legal
    assert e.value.params == {"cell": "C3"} and terrain["cells"] == {"C3": FORD} and terrain["placed"] == 1
    assert "C3" not in tr.flip_cells(terrain, "C5", [], ["C5"])
    with pytest.raises(IllegalAction) as e:
        tr.place_flipped(terrain, KNOLL, "C3", "C5", [], ["C5"])
    assert code_of(e) == "evs.err.terrain_flip_cell"


def test_ES_TER_8_a_plus_2_goes_next_to_an_isolated_plus_3():
    """ES-TER-8: a +3 not connected to the plane pulls a later +2 next to it."""
    terrain = T({"C3": PEAK})
    assert tr.constraints(terrain, RIDGE) == [("ES-TER-8", ["C3"])]
    assert tr.placement_cells(terrain, RIDGE) == ["C2", "B3", "D3", "C4"]
    tr.place(terrain, RIDGE, "C4")
    # +3 and +2 together still do not reach the plane: the next +2 again goes next to the +3
    assert tr.placement_cells(terrain, BLUFF) == ["C2", "B3", "D3"]
    # other heights are not bound by it
    assert len(tr.placement_cells(terrain, FORD)) == 40
    # a +3 that reaches the plane binds nothing
    linked = T({"C3": PEAK, "C4": RIDGE, "C5": KNOLL})
    assert tr.constraints(linked, BLUFF) == [] and len(tr.placement_cells(linked, BLUFF)) == 39
    # two isolated +3: next to either is enough (ES-AMB-40)
    two = T({"A1": CRAG, "G6": PEAK})
    assert tr.placement_cells(two, RIDGE) == ["B1", "A2", "G5", "F6"]


def test_ES_TER_9_a_plus_1_goes_next_to_an_isolated_plus_2():
    """ES-TER-9: a +2 not connected to the plane pulls a later +1 next to it."""
    terrain = T({"E2": RIDGE})
    assert tr.placement_cells(terrain, KNOLL) == ["E1", "D2", "F2", "E3"]
    assert tr.placement_cells(terrain, WOODED) == ["E1", "D2", "F2", "E3"]  # a +1 forest too
    tr.place(terrain, KNOLL, "E3")
    assert tr.plane_connected(terrain, "E2")
    assert tr.constraints(terrain, MOUND) == [] and len(tr.placement_cells(terrain, MOUND)) == 40


def test_ES_TER_10_a_minus_1_goes_next_to_an_isolated_minus_2():
    """ES-TER-10: a -2 not connected to the plane pulls a later -1 next to it."""
    terrain = T({"A6": SINKHOLE})
    assert tr.constraints(terrain, GULLY) == [("ES-TER-10", ["A6"])]
    assert tr.placement_cells(terrain, GULLY) == ["A5", "B6"]
    assert len(tr.placement_cells(terrain, KNOLL)) == 41  # +1 is not bound by a -2
    tr.place(terrain, GULLY, "B6")
    assert tr.placement_cells(terrain, HOLLOW) == [c for c in grid.CELLS if c not in ("A6", "B6")]


def test_ES_TER_11_a_forest_goes_next_to_a_lone_forest():
    """ES-TER-11: a forest card with no forest adjacent pulls a later forest card next to it."""
    terrain = T({"D4": PINE})
    assert tr.constraints(terrain, BIRCH) == [("ES-TER-11", ["D4"])]
    assert tr.placement_cells(terrain, BIRCH) == ["D3", "C4", "E4", "D5"]
    assert len(tr.placement_cells(terrain, FORD)) == 41  # non-forest cards are free
    tr.place(terrain, BIRCH, "D5")
    assert tr.constraints(terrain, DENSE) == []  # no lone forest left
    tr.place(terrain, DENSE, "A1")
    assert tr.placement_cells(terrain, THICKET) == ["B1", "A2"]
    # a forest next to a non-forest card is still lone
    assert tr.placement_cells(T({"D4": PINE, "D5": FORD}), BIRCH) == ["D3", "C4", "E4"]


def test_ES_TER_12_constraints_checked_at_draw_and_waived_when_impossible():
    """ES-TER-12, ES-AMB-40: checked against the board when the card is drawn; a constraint no
    empty cell can meet is waived; with two constraints, the later one is waived if it cannot
    be met together with the earlier (rule-ID order)."""
    # the isolated +3 in the corner has no free neighbour: the +2 may go anywhere free
    boxed = T({"A1": CRAG, "B1": SINKHOLE, "A2": HOLLOW})
    assert not tr.plane_connected(boxed, "A1")
    assert tr.placement_cells(boxed, RIDGE) == [c for c in grid.CELLS if c not in ("A1", "B1", "A2")]
    tr.place(boxed, RIDGE, "G6")  # legal: waived
    # a unit on the only free neighbour also makes it impossible (units are passed as cell -> seat)
    assert len(tr.placement_cells(T({"A1": CRAG, "B1": SINKHOLE}), RIDGE, {"A2": 0})) == 39
    # wooded hill: a +1 (ES-TER-9) and a forest (ES-TER-11)
    both = T({"C3": RIDGE, "C5": PINE})
    assert [r for r, _ in tr.constraints(both, WOODED)] == ["ES-TER-9", "ES-TER-11"]
    assert tr.placement_cells(both, WOODED) == ["C4"]  # next to both
    apart = T({"C3": RIDGE, "F6": PINE})
    assert tr.placement_cells(apart, WOODED) == ["C2", "B3", "D3", "C4"]  # ES-TER-11 waived
    # the board at the draw decides: after the +1 joins the +2 to the plane, no constraint
    board = T({"C3": RIDGE}, deck=[KNOLL, LOWHILL])
    first = tr.draw(board)
    tr.place(board, first, "C4")
    second = tr.draw(board)
    assert len(tr.placement_cells(board, second)) == 40
