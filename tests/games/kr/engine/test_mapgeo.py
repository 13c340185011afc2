"""engine/kr/mapgeo.py: the scenario map's road graph, branches, spawning, tray orientation,
range arrows, hero movement and displacement, on small inline maps (docs/kr/engine.md)."""
from __future__ import annotations

import copy
import dataclasses

import pytest

from engine.kr.mapgeo import CARD_DIRS, DIRS8, MapError, MapGeo, map_direction, parse_cell

# A straight road from A2 east to the exit (5 x 3).
#      A  B  C  D  E
#   1  .  r  w  g  .
#   2  =  =  =  =  =  > exit1
#   3  .  .  b  y  .
STRAIGHT = {
    "size": [5, 3],
    "road": {"A2": "B2", "B2": "C2", "C2": "D2", "D2": "E2", "E2": "exit1"},
    "exits": {"exit1": {"side": "E"}},
    "spawns": [{"marker": 1, "cell": "A2"}],
    "sites": [{"cell": "B1", "colour": "red", "players": [1, 2, 3, 4]},
              {"cell": "C1", "colour": "white", "players": [3, 4]},
              {"cell": "D1", "colour": "green", "players": [1, 3, 4]},
              {"cell": "C3", "colour": "blue", "players": [1, 2, 3, 4]},
              {"cell": "D3", "colour": "yellow", "players": [4]}],
}

# Three spawns merging into one trunk (7 x 5). Spawn 3 joins nearer the Kingdom than spawn 2.
#      A  B  C  D  E  F  G
#   1  1  =  =  .  .  .  .
#   2  .  .  =  r  b  .  .
#   3  .  g  =  =  =  =  =  > exit1
#   4  .  .  =  y  =  w  .
#   5  2  =  =  .  3  .  .
BRANCH = {
    "size": [7, 5],
    "road": {"A1": "B1", "B1": "C1", "C1": "C2", "C2": "C3",
             "C3": "D3", "D3": "E3", "E3": "F3", "F3": "G3", "G3": "exit1",
             "A5": "B5", "B5": "C5", "C5": "C4", "C4": "C3",
             "E5": "E4", "E4": "E3"},
    "exits": {"exit1": {"side": "E"}},
    "spawns": [{"marker": 3, "cell": "E5"}, {"marker": 1, "cell": "A1"}, {"marker": 2, "cell": "A5"}],
    "sites": [{"cell": "D2", "colour": "red", "players": [1, 2, 3, 4]},
              {"cell": "E2", "colour": "blue", "players": [1, 2, 3, 4]},
              {"cell": "B3", "colour": "green", "players": [1, 3, 4]},
              {"cell": "D4", "colour": "yellow", "players": [4]},
              {"cell": "F4", "colour": "white", "players": [1, 2, 3, 4]}],
    "pioneer_cards": [{"icon": "axe", "cell": "B5"}],
}

# Two separate roads with two exits (6 x 4); the hero entry square must be named.
#          A  B  C  D  E  F
#   exit_e 1  =  =  =  =  =  =  > exit_e
#          2  .  r  .  .  g  .
#          3  .  .  b  y  .  .
#   exit_w < =  =  =  =  =  2
TWO_EXITS = {
    "size": [6, 4],
    "road": {"A1": "B1", "B1": "C1", "C1": "D1", "D1": "E1", "E1": "F1", "F1": "exit_e",
             "F4": "E4", "E4": "D4", "D4": "C4", "C4": "B4", "B4": "A4", "A4": "exit_w"},
    "exits": {"exit_e": {"side": "E"}, "exit_w": {"side": "W"}},
    "spawns": [{"marker": 1, "cell": "A1"}, {"marker": 2, "cell": "F4"}],
    "sites": [{"cell": "B2", "colour": "red", "players": [1, 2, 3, 4]},
              {"cell": "E2", "colour": "green", "players": [1, 2, 3, 4]},
              {"cell": "C3", "colour": "blue", "players": [1, 2, 3, 4]},
              {"cell": "D3", "colour": "yellow", "players": [1, 2, 3, 4]}],
    "entry": "F1",
}


@pytest.fixture(scope="module")
def straight() -> MapGeo:
    return MapGeo.from_dict(STRAIGHT)


@pytest.fixture(scope="module")
def branch() -> MapGeo:
    return MapGeo.from_dict(BRANCH)


@pytest.fixture(scope="module")
def two() -> MapGeo:
    return MapGeo.from_dict(TWO_EXITS)


def test_KR_GEN_2_road_towards_the_exit_straight(straight):
    """KR-GEN-2, KR-ADV-1, KR-ADV-3, KR-ADV-10: the road leads square by square to the exit;
    the last road square's next move is into the exit (None), the Kingdom is not a square."""
    assert straight.path(1) == ("A2", "B2", "C2", "D2", "E2")
    assert straight.next_square("A2") == "B2"
    assert straight.next_square("E2") is None
    assert straight.exit_of("A2") == "exit1"
    assert [straight.distance(c) for c in straight.path(1)] == [5, 4, 3, 2, 1]
    assert straight.road_squares == ("A2", "B2", "C2", "D2", "E2")
    with pytest.raises(MapError, match="not a road square"):
        straight.next_square("B1")


def test_KR_ADV_3_next_square_ignores_occupancy_KR_ICN_10(branch):
    """KR-ADV-3, KR-ICN-10: the next square is a property of the road (a flying tray moves onto
    it even when occupied); merging branches share the trunk square after the merge."""
    assert branch.next_square("C2") == "C3" and branch.next_square("C4") == "C3"
    assert branch.next_square("E4") == "E3"
    assert branch.path(2) == ("A5", "B5", "C5", "C4", "C3", "D3", "E3", "F3", "G3")
    assert branch.path(3) == ("E5", "E4", "E3", "F3", "G3")
    assert {c: branch.distance(c) for c in ("A1", "C3", "A5", "C4", "E5", "E4", "G3")} == \
        {"A1": 9, "C3": 5, "A5": 9, "C4": 6, "E5": 5, "E4": 4, "G3": 1}


def test_KR_SPN_1_markers_in_increasing_order(branch):
    """KR-SPN-1, KR-SPN-3: spawn decks are processed by increasing marker whatever the order
    of the scenario's list; each spawns on the road square in front of it."""
    assert branch.spawn_markers == (1, 2, 3)
    assert [branch.spawn_cell(m) for m in branch.spawn_markers] == ["A1", "A5", "E5"]
    with pytest.raises(MapError, match="no spawn marker 4"):
        branch.path(4)


def test_KR_ADV_4_branch_of_each_square_is_the_lowest_marker(branch):
    """KR-ADV-4, KR-ICN-19: a square belongs to the lowest marker whose path passes through it;
    the trunk is branch 1; a branch ends where it merges into a lower one."""
    assert branch.branch_squares(1) == ("A1", "B1", "C1", "C2", "C3", "D3", "E3", "F3", "G3")
    assert branch.branch_squares(2) == ("A5", "B5", "C5", "C4")
    assert branch.branch_squares(3) == ("E5", "E4")
    assert branch.branch_of("E3") == 1 and branch.branch_of("C4") == 2 and branch.branch_of("E5") == 3


def test_KR_ADV_4_KR_AMB_23_advance_order_on_a_branching_map(branch):
    """KR-ADV-4, KR-AMB-23: lowest marker's branch first; then the other branches from the
    nearest to the Kingdom (branch 3 ends at E4, 4 moves away; branch 2 at C4, 6 away) to the
    farthest; within a branch the tray nearest the exit first."""
    assert branch.branch_order == (1, 3, 2)
    trays = ["A1", "B5", "C2", "E5", "F3", "C4", "E4", "D3"]
    assert branch.advance_order(trays) == ["F3", "D3", "C2", "A1", "E4", "E5", "C4", "B5"]
    assert branch.advance_order(["C4", "C4", "E5"]) == ["E5", "C4"]  # a stack is one square


def test_KR_ADV_4_two_exits_lowest_branch_first(two):
    """KR-ADV-4, KR-AMB-23: with two road systems, marker 1's road moves first; distances are
    counted to each road's own exit."""
    assert two.branch_order == (1, 2)
    assert two.exit_of("C4") == "exit_w" and two.exit_of("C1") == "exit_e"
    assert two.distance("A4") == 1 and two.distance("F4") == 6
    assert two.next_square("A4") is None
    assert two.advance_order(["B1", "E4", "E1", "B4"]) == ["E1", "B1", "B4", "E4"]


def test_KR_ADV_4_nearest_branch_measured_at_its_last_square():
    """KR-ADV-4: a branch's nearness to the Kingdom is the distance of its last square before
    the merge; branches ending at the same distance go in marker order."""
    m = {"size": [5, 5],
         "road": {"A3": "B3", "B3": "C3", "C3": "D3", "D3": "E3", "E3": "exit1",
                  "C1": "C2", "C2": "C3", "C5": "C4", "C4": "C3", "E5": "E4", "E4": "E3"},
         "exits": {"exit1": {"side": "E"}},
         "spawns": [{"marker": 1, "cell": "A3"}, {"marker": 3, "cell": "C1"},
                    {"marker": 2, "cell": "C5"}, {"marker": 5, "cell": "E5"}],
         "sites": []}
    geo = MapGeo.from_dict(m)
    assert [geo.distance(c) for c in ("C2", "C4", "E4")] == [4, 4, 2]
    assert geo.branch_order == (1, 5, 2, 3)
    assert geo.advance_order(["C1", "C4", "B3", "E5", "C2"]) == ["B3", "E5", "C4", "C2", "C1"]


def test_KR_SPN_3_5_6_spawn_square(branch):
    """KR-SPN-3, KR-SPN-5, KR-SPN-6, KR-AMB-55: a new tray goes in front of its deck, else on
    the first free square along its road towards the exit (onto the trunk if its branch is
    full), else it reaches the exit (None). Heroes are not passed as occupants: their squares
    count as empty."""
    assert branch.spawn_square(2, []) == "A5"
    assert branch.spawn_square(2, ["A5", "B5"]) == "C5"
    assert branch.spawn_square(2, ["A5", "B5", "C5", "C4", "A1"]) == "C3"
    assert branch.spawn_square(3, {"E5", "E4", "E3"}) == "F3"
    assert branch.spawn_square(3, branch.path(3)) is None


def test_KR_SPN_4_KR_AMB_7_tray_orientation(branch, two):
    """KR-SPN-4, KR-AMB-7: the purple edge faces the nearest exit (its side), not the road's
    first step: on C1 (road south), C4 and E5 (road north) it still faces the exit, E. Nearest
    by road: A1 of the two-exit map faces E, where its road leads, although exit_w is fewer
    squares away as the crow flies (its road never gets there)."""
    assert {branch.orientation(c) for c in branch.road_squares} == {"E"}
    assert [branch.orientation(c) for c in ("C1", "C2", "C4", "E5", "E4")] == ["E"] * 5
    assert two.orientation("F4") == "W" and two.orientation("A4") == "W" and two.orientation("F1") == "E"
    assert two.orientation("A1") == "E"


def test_KR_ICN_15_16_18_KR_AMB_59_pioneer_cards(branch):
    """KR-ICN-15, KR-ICN-16, KR-ICN-18, KR-AMB-59: a pioneer card sits on a road square (where
    its pioneer horde is placed, oriented like any spawn); a spawn whose path holds a card
    still on the map is cut off; once removed, the road is open."""
    assert dict(branch.pioneer_cards) == {"axe": "B5"}
    assert branch.orientation(branch.pioneer_cards["axe"]) == "E"
    assert branch.cut_off_spawns(["B5"]) == frozenset({2})
    assert branch.cut_off_spawns([]) == frozenset()
    assert branch.cut_off_spawns(["D3"]) == frozenset({1, 2})  # spawn 3 joins after D3


def test_KR_TWR_6_card_frame_to_map_directions():
    """KR-TWR-6, KR-AMB-4, KR-HERO-8, KR-AMB-18: arrows in the card frame turn with the 4
    facings; F of a card facing E is E and its FR is SE."""
    assert [map_direction("N", r) for r in CARD_DIRS] == list(DIRS8)
    assert [map_direction("E", r) for r in ("F", "FR", "R", "B", "L")] == ["E", "SE", "S", "W", "N"]
    assert [map_direction("W", r) for r in ("F", "R", "B", "L", "BL")] == ["W", "N", "E", "S", "SE"]
    with pytest.raises(MapError, match="facing"):
        map_direction("NE", "F")


def test_KR_TWR_7_FR_arrow_in_all_four_facings(branch):
    """KR-TWR-6, KR-TWR-7, KR-AMB-4: a single FR arrow from the site D4 reaches NE (E3), SE (E5),
    SW (C5) or NW (C3) for facings N, E, S, W."""
    fr = [{"dir": "FR", "reach": 1}]
    got = {f: branch.arrow_targets("D4", f, fr) for f in ("N", "E", "S", "W")}
    assert got == {"N": [("E3",)], "E": [("E5",)], "S": [("C5",)], "W": [("C3",)]}


def test_KR_AMB_5_double_arrows(branch):
    """KR-AMB-5, KR-TWR-7: a double arrow reaches the adjacent square or the next one in line
    (no line of sight), diagonals alike; only road squares are targets."""
    f2, fr2 = {"dir": "F", "reach": 2}, {"dir": "FR", "reach": 2}
    assert branch.arrow_targets("B3", "E", [f2]) == [("C3", "D3")]
    assert branch.arrow_targets("B3", "N", [f2]) == [("B1",)]       # B2 is terrain
    assert branch.arrow_targets("B3", "S", [f2]) == [("B5",)]
    assert branch.arrow_targets("B3", "W", [f2]) == [()]           # A3 terrain, then off the map
    assert branch.arrow_targets("B3", "E", [fr2, f2]) == [("C4",), ("C3", "D3")]
    assert branch.arrow_targets("B3", "N", [fr2]) == [("C2",)]


def test_KR_TWR_7_8_reach_and_precise(branch):
    """KR-TWR-7, KR-TWR-8: the attack's reach is the union of its arrows' road squares (a site
    reached by an arrow is no target); a precise attack reaches every road square."""
    arrows = [{"dir": "F", "reach": 1}, {"dir": "L", "reach": 1}, {"dir": "R", "reach": 1}]
    assert branch.arrow_targets("D2", "S", arrows) == [("D3",), (), ("C2",)]   # L is E2, a site
    assert branch.reach("D2", "S", arrows) == ("C2", "D3")
    assert set(branch.reach("D2", "S", [], precise=True)) == set(BRANCH["road"])
    assert len(branch.road_squares) == 15
    with pytest.raises(MapError, match="arrow"):
        branch.arrow_targets("D2", "S", [{"dir": "F", "reach": 3}])


def test_KR_HERO_7_entry_square(straight, branch, two):
    """KR-HERO-7: the entry square is the last road square before the exit, or the scenario's
    ``entry`` (required with several exits)."""
    assert straight.entry == "E2" and branch.entry == "G3" and two.entry == "F1"
    m = copy.deepcopy(TWO_EXITS)
    del m["entry"]
    with pytest.raises(MapError, match="entry"):
        MapGeo.from_dict(m)
    m["entry"] = "C4"
    assert MapGeo.from_dict(m).entry == "C4"


def test_KR_HERO_4_5_7_entering_from_the_hero_board(branch):
    """KR-HERO-4, KR-HERO-5, KR-HERO-7, KR-AMB-16: from the board the first move lands on the
    entry square, further moves go in 8 directions through road squares and sites only."""
    assert branch.hero_reach(None, 0) == {}
    assert branch.hero_reach(None, 1) == {"G3": 1}
    assert branch.hero_reach(None, 2) == {"G3": 1, "F3": 2, "F4": 2}


def test_KR_HERO_6_forbidden_ends_may_be_passed(branch):
    """KR-HERO-6, KR-PRT-11: a tower's site or a portal's square may be passed through but is
    no end square."""
    assert branch.hero_reach(None, 2, forbidden={"F4"}) == {"G3": 1, "F3": 2}
    assert branch.hero_reach(None, 2, forbidden={"G3"}) == {"F3": 2, "F4": 2}
    assert branch.hero_reach("D2", 2, forbidden={"D3"})["D4"] == 2  # through D3 or C3/E3


def test_KR_HERO_4_KR_AMB_16_diagonal_moves_and_terrain(branch):
    """KR-HERO-4, KR-HERO-5, KR-AMB-16: diagonal steps count 1; terrain squares are never
    entered; the map's edge is never left."""
    assert branch.hero_reach("D2", 1) == {c: 1 for c in ("E2", "E3", "D3", "C3", "C2", "C1")}
    assert branch.hero_reach("A1", 2) == {"B1": 1, "C1": 2, "C2": 2}
    far = branch.hero_reach("D2", 2)
    assert far["B1"] == 2 and far["F4"] == 2 and far["B3"] == 2 and "D1" not in far
    with pytest.raises(MapError, match="road square or building site"):
        branch.hero_reach("D1", 2)


def test_KR_SPN_7_KR_AMB_17_27_61_displacement_choices(branch):
    """KR-SPN-7, KR-ICN-9, KR-ICN-14, KR-AMB-17, KR-AMB-27, KR-AMB-61: a displaced hero's
    choices are adjacent road squares without a tray, nearest the exit first (ties clockwise
    from N), then adjacent sites without a tower; the first is the default; none: hero board."""
    assert branch.displacement_squares("D3", [], []) == ["E3", "E4", "C3", "C4", "C2", "D2", "E2", "D4"]
    assert branch.displacement_squares("D3", ["E3", "C3", "D3"], ["D2"]) == ["E4", "C4", "C2", "E2", "D4"]
    assert branch.displacement_squares("A1", ["B1"], []) == []


def test_KR_GEN_3_adjacent_and_touching(branch):
    """KR-GEN-3, KR-ICN-4, KR-AMB-25: adjacent = 8 neighbours, touching = 4, both inside the
    map; the trays adjacent to a square never include the square itself."""
    assert branch.adjacent("A1") == ("B1", "B2", "A2")
    assert branch.touching("A1") == ("B1", "A2")
    assert len(branch.adjacent("D3")) == 8 and branch.touching("D3") == ("D2", "E3", "D4", "C3")
    assert branch.is_adjacent("A1", "B2") and not branch.is_touching("A1", "B2")
    assert branch.is_touching("C2", "C3") and not branch.is_adjacent("A1", "C1")
    assert branch.adjacent_trays("D3", ["D3", "C2", "E4", "A1"]) == ["E4", "C2"]
    assert branch.step("G3", "E") is None and branch.step("B3", "E", 2) == "D3"


def test_KR_SOLO_2_sites_by_player_count(straight):
    """KR-GEN-10, KR-SOLO-2, KR-WHT-1: sites carry a colour (white included) and the player
    counts that use them."""
    assert [s.cell for s in straight.sites_for(1)] == ["B1", "D1", "C3"]
    assert [s.cell for s in straight.sites_for(4)] == ["B1", "C1", "D1", "C3", "D3"]
    assert straight.sites["C1"].colour == "white" and straight.is_site("C1")
    assert straight.hero_squares == frozenset(STRAIGHT["road"]) | {"B1", "C1", "D1", "C3", "D3"}


def test_KR_GEN_2_map_is_immutable_and_detached():
    """KR-GEN-2: the geometry is built once; later edits of the scenario dict do not reach it,
    and it cannot be changed."""
    m = copy.deepcopy(STRAIGHT)
    geo = MapGeo.from_dict(m)
    m["road"]["E2"] = "D2"
    assert geo.next_square("E2") is None
    with pytest.raises(TypeError):
        geo.road["E2"] = "D2"  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        geo.entry = "A2"  # type: ignore[misc]
    assert parse_cell("C4") == (2, 3)


def _set(path: tuple, value):
    def edit(m: dict) -> None:
        target = m
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return edit


def _drop_c2(m: dict) -> None:
    del m["road"]["C2"]


BAD = [
    ("unknown key", "unknown key", _set(("roads",), {})),
    ("columns", "size", _set(("size",), [27, 3])),
    ("outside", "outside the 5x3 map", _set(("road", "F2"), "E2")),
    ("cell name", "not a cell name", _set(("road", "b2"), "C2")),
    ("diagonal", "A1 -> B2: successive road squares must touch orthogonally",
     lambda m: m["road"].update({"A2": "A1", "A1": "B2"})),
    ("unknown successor", "successor", _set(("road", "E2"), "exit9")),
    ("missing square", "successor", _drop_c2),
    ("cycle", "cycle C2 -> D2 -> C2", _set(("road", "D2"), "C2")),
    ("unused exit", "no road leads to exit2", _set(("exits", "exit2"), {"side": "N"})),
    ("exit id", "lowercase", _set(("exits", "Exit2"), {"side": "N"})),
    ("exit side", "side", _set(("exits", "exit1", "side"), "NE")),
    ("exit side into road", "side W from E2 is D2", _set(("exits", "exit1", "side"), "W")),
    ("stray square", "A1 not on the path of any spawn", _set(("road", "A1"), "A2")),
    ("spawn off road", "not a road square", _set(("spawns", 0, "cell"), "B1")),
    ("duplicate marker", "marker 1 appears twice", lambda m: m["spawns"].append({"marker": 1, "cell": "C2"})),
    ("marker", "marker must be", _set(("spawns", 0, "marker"), 0)),
    ("site on road", "B2 is a road square", _set(("sites", 0, "cell"), "B2")),
    ("site outside", "outside", _set(("sites", 0, "cell"), "F1")),
    ("site twice", "two sites on C1", _set(("sites", 0, "cell"), "C1")),
    ("colour", "colour", _set(("sites", 0, "colour"), "purple")),
    ("players", "players", _set(("sites", 0, "players"), [0, 2])),
    ("no players", "missing players", lambda m: m["sites"][0].pop("players")),
    ("entry", "entry B1 is not a road square", _set(("entry",), "B1")),
    ("pioneer", "not a road square", _set(("pioneer_cards",), [{"icon": "axe", "cell": "C1"}])),
    ("pioneer icon", "icon axe appears twice",
     _set(("pioneer_cards",), [{"icon": "axe", "cell": "A2"}, {"icon": "axe", "cell": "B2"}])),
]


@pytest.mark.parametrize("name,message,edit", BAD, ids=[b[0] for b in BAD])
def test_KR_GEN_2_KR_SPN_3_invalid_maps_are_rejected(name, message, edit):
    """KR-GEN-2, KR-SPN-3, KR-ADV-3, KR-GEN-10: the documented map format is enforced (road
    inside the map, orthogonal steps, no cycles, every path ends at an exit, spawns on the
    road, sites off the road with valid colours) with an error naming the fault."""
    m = copy.deepcopy(STRAIGHT)
    edit(m)
    with pytest.raises(MapError, match=message):
        MapGeo.from_dict(m)
