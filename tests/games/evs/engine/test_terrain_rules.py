"""Empire vs Steppe, Terrain expansion: the pure rule functions of engine/evs/terrain_rules.py
and the terrain content (engine/evs/data/terrain.json, locales/evs/terrain.json).

Every rule ES-TER-1..22 of docs/rules/empire-vs-steppe.md is cited by a test name or docstring
(checked by ``test_every_terrain_rule_is_cited``), ES-EX-5 is played as a numbered scenario, and
Hypothesis checks the properties: connectivity is symmetric, placement never stacks two cards on
a cell, the placement constraints hold whenever they can, and flip cells meet their conditions.
"""
from __future__ import annotations

import ast
import copy
import json
import re
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import rng as rngmod
from engine.base import Event, IllegalAction
from engine.evs import grid
from engine.evs import terrain_rules as tr

ROOT = Path(__file__).resolve().parents[4]
DATA = ROOT / "engine" / "evs" / "data" / "terrain.json"
LOCALE = ROOT / "locales" / "evs" / "terrain.json"
RULES = ROOT / "docs" / "rules" / "empire-vs-steppe.md"

# The content, by name (tests below rely on these printed values; test_content_* checks them).
CRAG, PEAK = "terrain_eagle_crag", "terrain_sky_peak"  # +3
RIDGE, BLUFF, BEACON = "terrain_stone_ridge", "terrain_rocky_bluff", "terrain_beacon_hill"  # +2
KNOLL, MOUND, LOWHILL = "terrain_grassy_knoll", "terrain_burial_mound", "terrain_low_hill"  # +1
WOODED = "terrain_wooded_hill"  # +1 forest, cover 1
ROAD, FORD = "terrain_old_road", "terrain_shallow_ford"  # 0, penalty none / usual
PINE, BIRCH, DENSE, THICKET = "terrain_pine_forest", "terrain_birch_wood", "terrain_dense_forest", "terrain_thicket"
GULLY, HOLLOW, BOG = "terrain_dry_gully", "terrain_hollow", "terrain_reed_bog"  # -1; bog: penalty shake
RAVINE, SINKHOLE = "terrain_deep_ravine", "terrain_sinkhole"  # -2

SLOW = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def T(cells: dict[str, str] | None = None, deck: list[str] | None = None, placed: int | None = None) -> dict:
    cells = dict(cells or {})
    return {"cells": cells, "deck": list(deck or []), "placed": len(cells) if placed is None else placed}


def code_of(excinfo) -> str:
    return excinfo.value.code


# ---------------------------------------------------------------------------- content


def test_content_counts_heights_and_forests():
    """ES-AMB-39, docs/evs/engine.md: at least 16 cards, every height the text names (+3, +2,
    +1, 0, -1, -2) several times, forests at height 0 unless printed otherwise."""
    cards = tr.load()
    assert len(cards) >= 16
    by_height = {h: sum(1 for c in cards.values() if c["height"] == h) for h in tr.HEIGHTS}
    assert by_height == {3: 2, 2: 3, 1: 4, 0: 6, -1: 3, -2: 2}
    forests = [cid for cid, c in cards.items() if c["forest"]]
    assert sorted(forests) == sorted([WOODED, PINE, BIRCH, DENSE, THICKET])
    assert [cid for cid in forests if cards[cid]["height"] != 0] == [WOODED]  # printed +1
    assert {c["penalty"] for c in cards.values()} == {"usual", "none", "shake"}
    assert cards[ROAD]["penalty"] == "none" and cards[BOG]["penalty"] == "shake"
    assert {cid: c["effect"]["defence"] for cid, c in cards.items() if c["effect"]} == \
        {WOODED: 1, PINE: 1, BIRCH: 1, DENSE: 2}
    for c in cards.values():
        assert c["name"]["en"] and c["name"]["zh-CN"] and c["text"]["en"] and c["text"]["zh-CN"]
        assert f"高度 {tr.signed(c['height']).replace('-', '−')}" in c["text"]["zh-CN"]


def test_content_is_read_only_and_cached():
    cards = tr.load()
    assert tr.load() is cards
    with pytest.raises(TypeError):
        cards[PINE]["height"] = 3  # type: ignore[index]


def test_content_names_are_in_the_catalog():
    """Terrain card names: one catalog key ``evs.terrain.<id>`` each, equal to the data's."""
    loc = json.loads(LOCALE.read_text(encoding="utf-8"))
    for cid, c in tr.load().items():
        assert loc[f"evs.terrain.{cid}"] == dict(c["name"])
    assert {k for k in loc if k.startswith("evs.terrain.")} == {f"evs.terrain.{cid}" for cid in tr.load()}


def test_catalog_has_every_code_and_event_the_module_emits():
    """Every ``evs.err.*`` raised and every event kind returned has its key, in en and zh-CN,
    with the placeholders the module passes."""
    src = (ROOT / "engine" / "evs" / "terrain_rules.py").read_text(encoding="utf-8")
    loc = json.loads(LOCALE.read_text(encoding="utf-8"))
    codes = set(re.findall(r'IllegalAction\(\s*"(evs\.err\.[a-z_]+)"', src))
    kinds = set(re.findall(r'Event\(\s*"([a-z_]+)"', src))
    assert codes and kinds
    for key in codes | {f"evs.ev.{k}" for k in kinds}:
        assert key in loc, key
    assert {k for k in loc if k.startswith(("evs.err.", "evs.ev."))} == codes | {f"evs.ev.{k}" for k in kinds}
    for key, texts in loc.items():
        assert set(texts) == {"en", "zh-CN"}, key
        fields = [{f for _, f, _, _ in string.Formatter().parse(texts[l]) if f} for l in ("en", "zh-CN")]
        assert fields[0] == fields[1], key
    # the params given match the placeholders
    ev = tr.place(T(), PINE, "C3")
    assert {f for _, f, _, _ in string.Formatter().parse(loc["evs.ev.terrain_placed"]["en"]) if f} == set(ev.params)
    with pytest.raises(IllegalAction) as e:
        tr.place(T({"C3": PINE}), BIRCH, "C3")
    assert {f for _, f, _, _ in string.Formatter().parse(loc[e.value.code]["en"]) if f} == set(e.value.params)


def test_locale_file_is_one_key_per_line():
    lines = LOCALE.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "{" and lines[-1] == "}"
    assert len(lines) - 2 == len(json.loads(LOCALE.read_text(encoding="utf-8")))


def _good() -> dict:
    return json.loads(DATA.read_text(encoding="utf-8"))


def _write(tmp_path, data) -> Path:
    p = tmp_path / "terrain.json"
    p.write_text(json.dumps(data, ensure_ascii=False) if not isinstance(data, str) else data, encoding="utf-8")
    return p


def _mutate(fn):
    data = _good()
    fn(data)
    return data


BAD = {
    "unknown card key": lambda d: d["terrain"][0].update(colour="grey"),
    "unknown top-level key": lambda d: d.update(version=1),
    "missing height": lambda d: d["terrain"][0].pop("height"),
    "height +4": lambda d: d["terrain"][0].update(height=4),
    "height -3": lambda d: d["terrain"][0].update(height=-3),
    "height as text": lambda d: d["terrain"][0].update(height="2"),
    "height as bool": lambda d: d["terrain"][0].update(height=True),
    "forest not bool": lambda d: d["terrain"][0].update(forest=1),
    "unknown penalty": lambda d: d["terrain"][0].update(penalty="double"),
    "unknown effect kind": lambda d: d["terrain"][0].update(effect={"kind": "watchtower", "defence": 1}),
    "unknown effect key": lambda d: d["terrain"][0].update(effect={"kind": "cover", "defence": 1, "vs": "all"}),
    "cover defence 3": lambda d: d["terrain"][0].update(effect={"kind": "cover", "defence": 3}),
    "effect not an object": lambda d: d["terrain"][0].update(effect="cover"),
    "duplicate id": lambda d: d["terrain"][1].update(id=d["terrain"][0]["id"]),
    "bad id": lambda d: d["terrain"][0].update(id="Eagle Crag"),
    "name lacks zh-CN": lambda d: d["terrain"][0]["name"].pop("zh-CN"),
    "name with an extra locale": lambda d: d["terrain"][0]["name"].update(fr="Pic"),
    "empty text": lambda d: d["terrain"][0]["text"].update(en=" "),
    "too few cards": lambda d: d.update(terrain=d["terrain"][:15]),
    "not a list": lambda d: d.update(terrain={}),
}


def test_content_good_file_loads(tmp_path):
    assert list(tr.load(_write(tmp_path, _good()))) == list(tr.load())
    # "effect": null is allowed, like an absent effect
    data = _mutate(lambda d: d["terrain"][0].update(effect=None))
    assert tr.load(_write(tmp_path, data))[CRAG]["effect"] is None


@pytest.mark.parametrize("case", sorted(BAD))
def test_content_bad_file_fails_to_load(tmp_path, case):
    with pytest.raises(tr.ContentError):
        tr.load(_write(tmp_path, _mutate(BAD[case])))


def test_content_not_json_fails_to_load(tmp_path):
    with pytest.raises(tr.ContentError):
        tr.load(_write(tmp_path, "{not json"))


def test_unknown_card_id_is_refused():
    with pytest.raises(IllegalAction) as e:
        tr.height(T({"C3": "terrain_volcano"}), "C3")
    assert code_of(e) == "evs.err.terrain_unknown"


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


# ---------------------------------------------------------------------------- properties

CARD_IDS = sorted(tr.load())


@st.composite
def boards(draw, max_cards: int = 20) -> dict:
    cells = draw(st.lists(st.sampled_from(grid.CELLS), unique=True, max_size=max_cards))
    cards = draw(st.permutations(CARD_IDS))
    return T(dict(zip(cells, cards)))


def _h(board: dict, cell: str) -> int:
    cid = board["cells"].get(cell)
    return tr.load()[cid]["height"] if cid else 0


def _reaches_plane(board: dict, start: str) -> bool:
    """An independent flood fill for ES-TER-4 (heights straight from the content)."""
    frontier, seen = [start], {start}
    while frontier:
        at = frontier.pop(0)
        if _h(board, at) == 0:
            return True
        c, r = grid.col(at), grid.row(at)
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nxt = grid.cell(c + dc, r + dr)
            if nxt and nxt not in seen and abs(_h(board, nxt) - _h(board, at)) <= 1:
                seen.add(nxt)
                frontier.append(nxt)
    return False


def _oracle_cells(board: dict, card_id: str) -> list[str]:
    """ES-TER-7..12 written out directly from the rules."""
    card = tr.load()[card_id]
    free = [c for c in grid.CELLS if c not in board["cells"]]
    anchor_sets = []
    for drawn, anchor in ((2, 3), (1, 2), (-1, -2)):
        if card["height"] == drawn:
            anchor_sets.append([c for c in board["cells"] if _h(board, c) == anchor and not _reaches_plane(board, c)])
    if card["forest"]:
        forests = [c for c, cid in board["cells"].items() if tr.load()[cid]["forest"]]
        anchor_sets.append([c for c in forests if not any(grid.distance(c, o) == 1 for o in forests)])
    for anchors in anchor_sets:
        narrowed = [c for c in free if any(grid.distance(c, a) == 1 for a in anchors)]
        if narrowed:
            free = narrowed
    return free


@SLOW
@given(boards())
def test_property_connectivity_is_symmetric(board):
    """ES-TER-3: connected(a, b) == connected(b, a); connected cells share plane connectivity
    (ES-TER-4), and plane connectivity agrees with an independent flood fill."""
    for a in grid.CELLS:
        for b in grid.neighbours(a) + ["D4"]:
            assert tr.connected(board, a, b) == tr.connected(board, b, a)
            assert tr.connected(board, a, b) == (grid.distance(a, b) == 1 and abs(_h(board, a) - _h(board, b)) <= 1)
        assert tr.plane_connected(board, a) == _reaches_plane(board, a)
        for b in grid.neighbours(a):
            if tr.connected(board, a, b):
                assert tr.plane_connected(board, a) == tr.plane_connected(board, b)


@SLOW
@given(seed=st.integers(0, 2**32), first=st.integers(0, 1), data=st.data())
def test_property_setup_placement(seed, first, data):
    """ES-TER-6..12: a whole setup with random choices: never two cards on a cell, always a legal
    cell, the constraints held whenever they could be met (an independent oracle), the seats
    alternate from the second player, and it ends at 12."""
    terrain = tr.new_terrain(rngmod.new_rng(seed))
    seats = []
    while not tr.placement_done(terrain):
        seats.append(tr.placement_seat(terrain, first))
        before = copy.deepcopy(terrain["cells"])
        drawn = tr.draw(terrain)
        legal = tr.placement_cells(terrain, drawn)
        assert legal and legal == _oracle_cells(terrain, drawn)
        assert not set(legal) & set(terrain["cells"])
        cell = data.draw(st.sampled_from(legal))
        tr.place(terrain, drawn, cell)
        assert terrain["cells"] == {**before, cell: drawn}
        assert len(terrain["cells"]) == terrain["placed"]
        assert len(set(terrain["cells"].values())) == len(terrain["cells"])
    assert terrain["placed"] == 12 and seats == [1 - first, first] * 6


@SLOW
@given(board=boards(max_cards=14), data=st.data())
def test_property_constraints_respected_whenever_satisfiable(board, data):
    """ES-TER-8..12: for any board and any drawn card, each constraint that some free cell can
    meet (alone, for the first binding one) is met by every offered cell; a card is never left
    without a cell."""
    drawn = data.draw(st.sampled_from([c for c in CARD_IDS if c not in board["cells"].values()]))
    legal = tr.placement_cells(board, drawn)
    free = [c for c in grid.CELLS if c not in board["cells"]]
    assert legal and set(legal) <= set(free)
    binding = tr.constraints(board, drawn)
    if binding:
        _rule, anchors = binding[0]
        if any(grid.distance(c, a) == 1 for c in free for a in anchors):
            assert all(any(grid.distance(c, a) == 1 for a in anchors) for c in legal)
    for _rule, anchors in binding:
        if any(all(any(grid.distance(c, a) == 1 for a in anch) for _r, anch in binding) for c in free):
            assert all(any(grid.distance(c, a) == 1 for a in anchors) for c in legal)
    assert legal == _oracle_cells(board, drawn)


@SLOW
@given(board=boards(), units=st.dictionaries(st.sampled_from(grid.CELLS), st.integers(0, 1), min_size=1, max_size=10),
       data=st.data())
def test_property_flip_cells_meet_their_conditions(board, units, data):
    """ES-TER-15, ES-AMB-43: every flip cell is within range II, not adjacent to an enemy, and
    free of terrain and units; and every such cell is offered."""
    unit_cell = data.draw(st.sampled_from(sorted(units)))
    seat = units[unit_cell]
    enemies = [c for c, s in units.items() if s != seat]
    cells = tr.flip_cells(board, unit_cell, enemies, list(units))
    expected = [c for c in grid.CELLS
                if 1 <= grid.distance(c, unit_cell) <= 2 and c not in board["cells"] and c not in units
                and all(grid.distance(c, e) > 1 for e in enemies)]
    assert cells == expected
    board["deck"] = [CARD_IDS[0]]
    assert tr.can_flip(board, unit_cell, enemies, list(units)) == bool(expected)


# -------------------------------------------------------------------------- rule coverage


def test_every_terrain_rule_is_cited():
    """Every ES-TER-n of the rules document and ES-EX-5 is cited by a test of this file."""
    ids = set(re.findall(r"ES-TER-\d+", RULES.read_text(encoding="utf-8")))
    assert ids == {f"ES-TER-{n}" for n in range(1, 23)}
    cited = set()
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test") and node.name != "test_every_terrain_rule_is_cited":
            text = node.name.upper().replace("_", "-") + " " + (ast.get_docstring(node) or "")
            cited |= set(re.findall(r"ES-(?:TER|EX)-\d+", text))
    assert ids | {"ES-EX-5"} <= cited, sorted(ids | {"ES-EX-5"} - cited)
