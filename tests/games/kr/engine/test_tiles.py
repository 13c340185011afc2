"""engine/kr/shapes.py and engine/kr/hordegrid.py: tile orientation (KR-DMG-7, KR-AMB-6/19),
the horde grid's placement rules for tiles, soldiers and hero bases, coverage, and the group
rules of Lightning Strike (KR-AMB-31) and Reaper's Harvest (KR-LIL-3)."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from tests.games.kr.engine.kr_tile_fixtures import KINDS, card, grid, pic

from engine.kr import hordegrid as hg
from engine.kr import shapes as sh

L3 = pic("X./XX")
L4 = pic("X./X./XX")
I2 = pic("XX")


# --- shapes ----------------------------------------------------------------------------------

def test_shape_normalises_sorts_and_accepts_json_lists_KR_AMB_6():
    assert sh.shape([[3, 5], [2, 5], [2, 4]]) == ((0, 0), (0, 1), (1, 1))
    assert sh.size(L4) == (2, 3)
    with pytest.raises(ValueError):
        sh.shape([])


@pytest.mark.parametrize("text, count", [
    ("X", 1), ("XX", 2), ("XXX", 2), ("X./XX", 4), ("XX/XX", 1), ("X./X./XX", 8),
    ("XXX/.X.", 4), (".XX/XX.", 4)])
def test_orientations_are_the_distinct_rotations_and_reflections_KR_DMG_7(text, count):
    found = sh.orientations(pic(text))
    assert len(found) == count == len(set(found))
    assert found[0] == pic(text)


def test_rotation_turns_the_picture_clockwise_and_reflection_mirrors_it_KR_AMB_6():
    assert sh.rotated(L4, 1) == pic("XXX/X..")
    assert sh.rotated(L4, 2) == pic("XX/.X/.X")
    assert sh.rotated(L4, 3) == pic("..X/XXX")
    assert sh.rotated(L4, -1) == sh.rotated(L4, 3)
    assert sh.reflected(L4) == pic(".X/.X/XX")


def test_tower_facing_east_lays_a_sideways_strip_north_south_on_the_map_KR_AMB_6():
    """A 1x2 printed across the card (perpendicular to forward) lies across the shot."""
    assert sh.to_map(I2, "N") == pic("XX")
    assert sh.to_map(I2, "E") == pic("X/X")
    # A map-vertical strip on a card whose top edge faces east runs along the card's width.
    assert sh.map_to_card(pic("X/X"), "E") == pic("XX")
    assert sh.card_to_map(sh.map_to_card(L4, "W"), "W") == L4


# Hand-derived: the printed L tetromino "X./X./XX" (bar from forward to back, foot at the
# back pointing to the owner's right) seen on a horde card. E.g. owner E, tray N: the bar runs
# west-east, the foot at the west (back) end points south (the owner's right) -> "XXX/X..".
# Owner N, tray E: the map picture is printed as is; the card's up is east, its right south,
# so the bar runs along the card's width and the foot (south end, pointing east) sits at the
# card's right end pointing up -> "..X/XXX".
L4_ON_CARD = {
    ("N", "N"): "X./X./XX", ("N", "E"): "..X/XXX", ("N", "S"): "XX/.X/.X", ("N", "W"): "XXX/X..",
    ("E", "N"): "XXX/X..", ("E", "E"): "X./X./XX", ("E", "S"): "..X/XXX", ("E", "W"): "XX/.X/.X",
    ("S", "N"): "XX/.X/.X", ("S", "E"): "XXX/X..", ("S", "S"): "X./X./XX", ("S", "W"): "..X/XXX",
    ("W", "N"): "..X/XXX", ("W", "E"): "XX/.X/.X", ("W", "S"): "XXX/X..", ("W", "W"): "X./X./XX",
}
# The L tromino "X./XX" the same way (foot at the back pointing right).
L3_ON_CARD = {
    ("N", "N"): "X./XX", ("N", "E"): ".X/XX", ("N", "S"): "XX/.X", ("N", "W"): "XX/X.",
    ("E", "N"): "XX/X.", ("E", "E"): "X./XX", ("E", "S"): ".X/XX", ("E", "W"): "XX/.X",
    ("S", "N"): "XX/.X", ("S", "E"): "XX/X.", ("S", "S"): "X./XX", ("S", "W"): ".X/XX",
    ("W", "N"): ".X/XX", ("W", "E"): "XX/.X", ("W", "S"): "XX/X.", ("W", "W"): "X./XX",
}


@pytest.mark.parametrize("owner, tray", sorted(L4_ON_CARD))
def test_kept_orientation_for_all_16_facing_combinations_KR_DMG_7_KR_AMB_6(owner, tray):
    assert sh.oriented(L4, owner, tray, free=False) == (pic(L4_ON_CARD[owner, tray]),)
    assert sh.oriented([[0, 0], [0, 1], [1, 1]], owner, tray, free=False) == (pic(L3_ON_CARD[owner, tray]),)


def test_facing_south_on_a_map_facing_tray_matches_a_physical_walkthrough_KR_AMB_6():
    """Owner S (right = west): bar north-south, foot at the north end pointing west; the card's
    top faces west (its right is north), so the foot is at the card's right end, pointing up."""
    on_map = sh.to_map(L4, "S")
    assert on_map == pic("XX/.X/.X")
    assert sh.map_to_card(on_map, "W") == pic("..X/XXX")


@pytest.mark.parametrize("owner, tray", sorted(L4_ON_CARD))
def test_free_rotation_allows_all_8_orientations_kept_one_first_KR_DMG_7(owner, tray):
    free = sh.oriented(L4, owner, tray, free=True)
    assert len(free) == 8 and set(free) == set(sh.orientations(L4))
    assert free[0] == sh.oriented(L4, owner, tray, free=False)[0]


def test_ability_tiles_given_by_size_take_any_orientation_KR_AMB_19():
    assert set(sh.any_orientation([[0, 0], [1, 0], [2, 0]])) == {pic("XXX"), pic("X/X/X")}


# --- the worked example ----------------------------------------------------------------------

DMG16_ROWS = ["h g g . .",
              "h . . . .",
              ". . . . .",
              ". . . . ."]


def test_KR_DMG_16_archer_tile_keeps_its_orientation_hyenas_vs_goblins():
    """KR-DMG-16 (KR-DMG-7): Archer Tower L1, a 1x2 tile printed across the card, no
    free-rotation icon, tower and tray both facing north. The two hyenas are stacked
    vertically, so only a rotated tile could cover both: rejected. Hyena + goblin and goblin +
    goblin in the printed orientation: accepted."""
    g = grid(DMG16_ROWS)
    allowed = sh.oriented(I2, "N", "N", free=False)
    cover = hg.empty_cover()
    both_hyenas = [[0, 0], [0, 1]]
    assert hg.tile_problem(g, cover, both_hyenas, "physical", allowed) == "orientation"
    with pytest.raises(hg.IllegalPlacement) as err:
        hg.add_tile(g, cover, both_hyenas, "physical", "archer_1", allowed)
    assert err.value.reason == "orientation"
    listed = {p.cells for p in hg.placements(g, cover, allowed, "physical")}
    assert ((0, 0), (0, 1)) not in listed
    assert {((0, 0), (1, 0)), ((1, 0), (2, 0))} <= listed
    hyena_goblin = hg.add_tile(g, cover, [[0, 0], [1, 0]], "physical", "archer_1", allowed)
    assert [(e.kind, e.at) for e in hg.covered_enemies(g, hyena_goblin)] == [("hyena", (0, 0)), ("goblin", (1, 0))]
    two_goblins = hg.add_tile(g, cover, [[1, 0], [2, 0]], "physical", "archer_1", allowed)
    assert [e.kind for e in hg.covered_enemies(g, two_goblins)] == ["goblin", "goblin"]
    # A tower facing east puts the same tile north-south on this tray: then both hyenas fit.
    assert hg.tile_problem(g, cover, both_hyenas, "physical", sh.oriented(I2, "E", "N", free=False)) is None


# --- tiles -----------------------------------------------------------------------------------

def test_tile_must_lie_inside_one_card_KR_DMG_1():
    g = grid(["g g .", ". . ."])
    assert hg.tile_problem(g, hg.empty_cover(), [[2, 0], [3, 0]], "physical") == "outside"
    assert hg.tile_problem(g, hg.empty_cover(), [[0, -1], [0, 0]], "physical") == "outside"
    assert hg.tile_problem(g, hg.empty_cover(), [[1, 1], [2, 1]], "physical") is None


def test_tile_may_not_cover_a_tile_soldier_or_hero_base_KR_DMG_2():
    g = grid(["g g g g g", "g g g g g", "g g g g g", "g g g g g"])
    cover = hg.add_tile(g, hg.empty_cover(), [[0, 0], [1, 0]], "physical")
    cover = hg.add_soldier(g, cover, [4, 0], "physical")
    cover = hg.add_hero(g, cover, "malik", [1, 2])
    assert hg.tile_problem(g, cover, [[1, 0], [1, 1]], "physical") == "overlap"
    assert hg.tile_problem(g, cover, [[3, 0], [4, 0]], "physical") == "overlap"
    assert hg.tile_problem(g, cover, [[2, 1], [2, 2]], "physical") == "overlap"
    assert hg.tile_problem(g, cover, [[2, 0], [3, 0]], "physical") is None


def test_resistances_bar_matching_tiles_true_damage_passes_KR_DMG_3_KR_DMG_4_KR_DMG_5():
    g = grid(["p m .", ". . ."])
    cover = hg.empty_cover()
    assert hg.tile_problem(g, cover, [[0, 0]], "physical") == "resistant"
    assert hg.tile_problem(g, cover, [[0, 0]], "magic") is None
    assert hg.tile_problem(g, cover, [[1, 0]], "magic") == "resistant"
    assert hg.tile_problem(g, cover, [[1, 0]], "physical") is None
    assert hg.tile_problem(g, cover, [[0, 0], [1, 0]], "true") is None
    with pytest.raises(ValueError):
        hg.tile_problem(g, cover, [[2, 0]], "fire")


def test_a_physical_tile_may_not_touch_even_one_square_of_a_large_resistant_enemy_KR_DMG_3_KR_ICN_11():
    g = grid([". . . .", ". . . .", ". . . ."], large=(("golem", (1, 0)),))
    assert hg.tile_problem(g, hg.empty_cover(), [[0, 1], [1, 1]], "physical") == "resistant"
    assert hg.tile_problem(g, hg.empty_cover(), [[0, 1], [1, 1]], "magic") is None


def test_deadly_enemies_take_tiles_of_a_suitable_type_KR_DMG_6():
    g = grid(["d .", ". ."], large=())
    for damage in hg.DAMAGE_TYPES:
        assert hg.tile_problem(g, hg.empty_cover(), [[0, 0], [1, 0]], damage) is None


@pytest.mark.parametrize("area, at, size", [
    ("portal_centre", (2, 1), (1, 1)), ("flying", (0, 3), (2, 1)), ("ghost", (4, 0), (1, 3)),
    ("pioneer", (0, 3), (5, 1))])
def test_uncoverable_areas_bar_tiles_soldiers_and_heroes_KR_DMG_10_KR_PRT_3_KR_ICN_7_KR_ICN_13_KR_ICN_17(area, at, size):
    g = grid(["g g g g .", "g g . g .", "g g g g .", ". . . . ."], areas=((area, at, size),))
    cover = hg.empty_cover()
    c, r = at
    assert hg.tile_problem(g, cover, [[c, r]], "true") == "uncoverable"
    assert hg.soldier_problem(g, cover, [c, r], "true") == "uncoverable"
    assert all(hg.hero_problem(g, cover, [x, y]) == "uncoverable"
               for x in (c - 1, c) for y in (r - 1, r) if 0 <= x < 4 and 0 <= y < 3)


def test_a_tile_may_cover_only_empty_squares_KR_DMG_11_KR_AMB_53_KR_PRT_9():
    g = grid(["g . .", ". . ."], kind="portal", areas=(("portal_centre", (2, 1), (1, 1)),))
    cover = hg.add_tile(g, hg.empty_cover(), [[1, 0], [2, 0]], "magic")
    assert hg.covered_enemies(g, cover) == ()
    assert g.kind == "portal"


def test_tile_cells_must_be_distinct_and_match_an_allowed_shape_KR_DMG_7():
    g = grid(["g g", "g g"])
    assert hg.tile_problem(g, hg.empty_cover(), [], "physical") == "malformed"
    assert hg.tile_problem(g, hg.empty_cover(), [[0, 0], [0, 0]], "physical") == "malformed"
    assert hg.tile_problem(g, hg.empty_cover(), [[0, 0], [1, 1]], "physical", [I2]) == "orientation"
    with pytest.raises(ValueError):
        sh.oriented(L3, "NE", "N", free=False)


def test_placements_lists_orientation_then_row_then_column_KR_DMG_15():
    g = grid(["g g g", "g g g"])
    found = hg.placements(g, hg.empty_cover(), sh.orientations(I2), "physical")
    assert [(p.anchor, p.orientation) for p in found] == [
        ((0, 0), 0), ((1, 0), 0), ((0, 1), 0), ((1, 1), 0), ((0, 0), 1), ((1, 0), 1), ((2, 0), 1)]
    assert found[4].cells == ((0, 0), (0, 1))


def test_no_legal_placement_gives_an_empty_list_KR_DMG_15():
    g = grid(["p p", "p p"])
    assert hg.placements(g, hg.empty_cover(), [L3], "physical") == []


# --- soldiers --------------------------------------------------------------------------------

def test_soldier_needs_an_uncovered_non_deadly_enemy_square_KR_SOL_2_KR_SOL_3():
    g = grid(["g . d", "p m g"])
    cover = hg.add_tile(g, hg.empty_cover(), [[2, 1]], "magic")
    assert hg.soldier_problem(g, cover, [0, 0], "physical") is None
    assert hg.soldier_problem(g, cover, [1, 0], "physical") == "no_enemy"
    assert hg.soldier_problem(g, cover, [2, 0], "true") == "deadly"
    assert hg.soldier_problem(g, cover, [0, 1], "physical") == "resistant"
    assert hg.soldier_problem(g, cover, [2, 1], "physical") == "overlap"
    assert hg.soldier_problem(g, cover, [3, 1], "physical") == "outside"
    assert hg.soldier_placements(g, cover, "physical") == [(0, 0), (1, 1)]


def test_soldiers_from_effects_use_that_effects_damage_type_KR_SOL_12_KR_SPL_5_KR_MAG_3():
    g = grid(["p m"])
    assert hg.soldier_placements(g, hg.empty_cover(), "true") == [(0, 0), (1, 0)]
    assert hg.soldier_placements(g, hg.empty_cover(), "magic") == [(0, 0)]


def test_soldier_on_a_soldier_or_hero_is_overlap_and_may_cover_part_of_a_large_enemy_KR_SOL_3_KR_ICN_11():
    g = grid([". . .", ". . ."], large=(("ogre", (0, 0)),))
    cover = hg.add_soldier(g, hg.empty_cover(), [0, 0], "physical")
    assert hg.soldier_problem(g, cover, [0, 0], "physical") == "overlap"
    assert hg.soldier_problem(g, cover, [1, 1], "physical") is None
    assert hg.soldier_problem(g, hg.add_hero(g, hg.empty_cover(), "lilith", [0, 0]), [1, 0], "true") == "overlap"


# --- hero bases ------------------------------------------------------------------------------

def test_hero_base_is_a_2x2_block_inside_the_grid_KR_HERO_9_KR_HERO_10():
    g = grid([". . .", ". . ."])
    assert hg.hero_problem(g, hg.empty_cover(), [2, 0]) == "outside"
    assert hg.hero_placements(g, hg.empty_cover()) == [(0, 0), (1, 0)]
    cover = hg.add_hero(g, hg.empty_cover(), "ignus", [1, 0])
    assert cover["heroes"] == {"ignus": [1, 0]}


def test_hero_base_covers_resistant_enemies_never_deadly_ones_KR_HERO_11_KR_DMG_6():
    g = grid(["p m . d", "p m . ."])
    cover = hg.add_hero(g, hg.empty_cover(), "magnus", [0, 0])
    assert len(hg.covered_enemies(g, cover)) == 4
    assert hg.hero_problem(g, hg.empty_cover(), [2, 0]) == "deadly"
    large = grid([". . .", ". . ."], large=(("demon", (1, 0)),))
    assert hg.hero_placements(large, hg.empty_cover()) == []


def test_each_hero_needs_its_own_block_and_may_shift_its_own_KR_HERO_14():
    g = grid([". . . .", ". . . .", ". . . ."])
    cover = hg.add_hero(g, hg.empty_cover(), "malik", [0, 0])
    assert hg.hero_problem(g, cover, [1, 1], "lilith") == "overlap"
    assert hg.hero_problem(g, cover, [2, 0], "lilith") is None
    moved = hg.add_hero(g, cover, "malik", [1, 1])
    assert moved["heroes"] == {"malik": [1, 1]}
    assert hg.hero_placements(g, cover, "lilith") == [(2, 0), (2, 1)]


def test_hero_base_may_take_empty_squares_and_icons_but_not_tiles_or_soldiers_KR_AMB_54_KR_HERO_10():
    g = grid(["g . .", ". . ."], icons=(("swift", (1, 1)),))
    cover = hg.add_hero(g, hg.empty_cover(), "alleria", [0, 0])
    assert hg.visible_icons(g, cover) == ()
    tiled = hg.add_tile(g, hg.empty_cover(), [[2, 0]], "physical")
    assert hg.hero_placements(g, tiled) == [(0, 0)]
    with_soldier = hg.add_soldier(g, hg.empty_cover(), [0, 0], "physical")
    assert hg.hero_placements(g, with_soldier) == [(1, 0)]


def test_a_hero_leaving_stops_covering_KR_HERO_12():
    g = grid(["g g", "g g"])
    cover = hg.add_hero(g, hg.empty_cover(), "malik", [0, 0])
    assert hg.fully_covered(g, cover)
    assert not hg.fully_covered(g, hg.remove_hero(cover, "malik"))
    assert hg.remove_hero(cover, "nobody") == cover


# --- coverage --------------------------------------------------------------------------------

def test_enemy_is_covered_when_every_square_is_by_any_mix_of_coverers_KR_GEN_6_KR_ICN_11():
    g = grid([". . . .", ". . . .", ". . . ."], large=(("ogre", (1, 0)),))
    cover = hg.add_tile(g, hg.empty_cover(), [[1, 0], [2, 0]], "physical")
    cover = hg.add_soldier(g, cover, [1, 1], "physical")
    assert hg.covered_enemies(g, cover) == ()
    assert hg.kingdom_damage(g, cover) == 4
    cover = hg.add_tile(g, cover, [[2, 1]], "magic")
    assert [e.kind for e in hg.covered_enemies(g, cover)] == ["ogre"]
    assert hg.kingdom_damage(g, cover) == 0


def test_full_cover_ignores_empty_squares_and_uncoverable_areas_KR_GEN_7_KR_DMG_12_KR_ICN_7():
    g = grid(["g . .", ". . ."], areas=(("flying", (1, 1), (2, 1)),))
    assert not hg.fully_covered(g, hg.empty_cover())
    assert hg.fully_covered(g, hg.add_tile(g, hg.empty_cover(), [[0, 0]], "physical"))
    assert hg.fully_covered(grid([". .", ". ."]), hg.empty_cover())


def test_kingdom_damage_counts_uncovered_enemies_KR_AMB_24_KR_ADV_11():
    g = grid(["g g . .", ". . . .", ". . . ."], large=(("ogre", (2, 1)),))
    assert hg.kingdom_damage(g, hg.empty_cover()) == 6
    cover = hg.add_tile(g, hg.empty_cover(), [[0, 0], [1, 0]], "physical")
    assert [e.index for e in hg.uncovered_enemies(g, cover)] == [2]
    assert hg.kingdom_damage(g, cover) == 4


def test_icons_work_only_while_visible_KR_ICN_1_KR_ADV_2():
    g = grid(["g g .", ". . ."], icons=(("heal", (0, 0)), ("target", (2, 1)), ("swift", (1, 0))))
    cover = hg.add_tile(g, hg.empty_cover(), [[0, 0]], "physical")
    cover = hg.add_soldier(g, cover, [1, 0], "physical")
    assert [i.icon for i in hg.visible_icons(g, cover)] == ["target"]
    assert [i.icon for i in hg.visible_icons(g, hg.remove_soldiers(cover))] == ["target", "swift"]


def test_heal_removes_tiles_only_KR_ICN_2_KR_AMB_26_KR_DMG_13():
    g = grid(["g g g", "g g g", "g g g"])
    cover = hg.add_tile(g, hg.empty_cover(), [[0, 0]], "physical")
    cover = hg.add_soldier(g, cover, [2, 0], "physical")
    cover = hg.add_hero(g, cover, "lilith", [0, 1])
    healed = hg.remove_tiles(cover)
    assert healed == {"tiles": [], "soldiers": [[2, 0]], "heroes": {"lilith": [0, 1]}}
    assert len(cover["tiles"]) == 1


def test_removing_soldiers_all_or_one_KR_ICN_9_KR_SOL_8_KR_SOL_13():
    g = grid(["g g g"])
    cover = hg.add_soldier(g, hg.add_soldier(g, hg.empty_cover(), [0, 0], "physical"), [2, 0], "physical")
    assert hg.remove_soldier(cover, [0, 0])["soldiers"] == [[2, 0]]
    assert hg.remove_soldiers(cover)["soldiers"] == []
    with pytest.raises(KeyError):
        hg.remove_soldier(cover, [1, 0])


def test_cover_is_plain_json_and_never_changed_in_place_KR_DMG_13():
    g = grid(["g g", "g g"])
    empty = hg.empty_cover()
    cover = hg.add_tile(g, empty, [(0, 0), (1, 0)], "magic", "mage_1")
    cover = hg.add_soldier(g, cover, (0, 1), "physical")
    assert empty == hg.empty_cover()
    again = json.loads(json.dumps(cover))
    assert again == cover == {"tiles": [{"cells": [[0, 0], [1, 0]], "damage": "magic", "source": "mage_1"}],
                              "soldiers": [[0, 1]], "heroes": {}}
    assert hg.placements(g, again, [pic("X")], "physical") == [hg.Placement((1, 1), 0, ((1, 1),))]


def test_malformed_cards_are_rejected_KR_GEN_5():
    with pytest.raises(ValueError):
        hg.horde_grid(card(["g g"], large=(("ogre", (1, 0)),)), KINDS)
    with pytest.raises(ValueError):
        hg.horde_grid(card(["g ."], areas=(("flying", (0, 0), (2, 1)),)), KINDS)
    with pytest.raises(ValueError):
        hg.horde_grid({"size": [2, 1], "enemies": [{"enemy": "troll", "at": [0, 0]}]}, KINDS)
    with pytest.raises(ValueError):
        hg.horde_grid(card([". ."], areas=(("lava", (0, 0), (1, 1)),)), KINDS)


# --- group rules -----------------------------------------------------------------------------

@pytest.mark.parametrize("cells, ok", [
    ([(0, 0), (1, 0), (0, 1), (1, 1)], True), ([(0, 0), (1, 1), (2, 2), (3, 3)], True),
    ([(0, 0), (1, 0), (3, 0), (4, 0)], False), ([(0, 0), (2, 0), (0, 2), (2, 2)], False),
    ([(2, 2)], True), ([], False)])
def test_lightning_strike_tiles_form_one_adjacent_group_KR_SPL_7_KR_AMB_31_KR_GEN_3(cells, ok):
    assert hg.is_adjacent_group(cells) is ok


def test_reapers_harvest_each_tile_against_its_own_side_of_the_base_KR_LIL_3():
    base = (1, 1)   # base squares (1,1) (2,1) (1,2) (2,2)
    top, bottom = [(0, 0), (1, 0)], [(2, 3), (3, 3)]
    left, right = [(0, 2)], [(3, 1)]
    assert hg.touches_own_side(base, [top, bottom, left, right])
    assert hg.touches_own_side(base, [top, left])   # fewer tiles placed (KR-DMG-15)
    assert not hg.touches_own_side(base, [top, bottom, left, [(0, 1)]])   # two on the left side
    assert not hg.touches_own_side(base, [top, bottom, left, [(3, 0)]])   # diagonal corner only
    assert not hg.touches_own_side(base, [top, bottom, left, [(4, 1)]])   # not against the base
    assert hg.base_sides(base)["right"] == ((3, 1), (3, 2))


# --- properties ------------------------------------------------------------------------------

LIBRARY = [pic(x) for x in ("X", "XX", "XXX", "X./XX", "X./X./XX", "XX/XX", "XXX/.X.", ".XX/XX.")]
SQUARE = hs.sampled_from([".", ".", ".", "g", "h", "p", "m", "d"])


@hs.composite
def grids(draw):
    width, height = draw(hs.integers(2, 6)), draw(hs.integers(2, 5))
    rows = [" ".join(draw(hs.lists(SQUARE, min_size=width, max_size=width))) for _ in range(height)]
    if draw(hs.booleans()):     # one large enemy or one area over a 2x2 / 1x2 block, replacing squares
        c, r = draw(hs.integers(0, width - 2)), draw(hs.integers(0, height - 2))
        grid_rows = [list(row.replace(" ", "")) for row in rows]
        for dc in (0, 1):
            for dr in (0, 1):
                grid_rows[r + dr][c + dc] = "."
        rows = [" ".join(row) for row in grid_rows]
        if draw(hs.booleans()):
            return grid(rows, large=((draw(hs.sampled_from(["ogre", "golem", "demon"])), (c, r)),))
        return grid(rows, areas=((draw(hs.sampled_from(hg.UNCOVERABLE_AREAS)), (c, r), (2, 1)),))
    return grid(rows)


FACING = hs.sampled_from(sh.FACINGS)
DAMAGE = hs.sampled_from(hg.DAMAGE_TYPES)
STEPS = hs.lists(hs.tuples(hs.sampled_from(["tile", "soldier", "hero"]), hs.sampled_from(LIBRARY), FACING, FACING,
                           hs.booleans(), DAMAGE, hs.integers(0, 10 ** 6)), max_size=8)


def play(g, steps):
    """Apply a sequence of legal placements chosen from the listings; returns the cover."""
    cover = hg.empty_cover()
    for what, tile, owner, tray, free, damage, pick in steps:
        if what == "tile":
            options = hg.placements(g, cover, sh.oriented(tile, owner, tray, free), damage)
            if options:
                cover = hg.add_tile(g, cover, options[pick % len(options)].cells, damage)
        elif what == "soldier":
            options = hg.soldier_placements(g, cover, damage)
            if options:
                cover = hg.add_soldier(g, cover, options[pick % len(options)], damage)
        else:
            hero = f"hero{pick % 3}"
            options = hg.hero_placements(g, cover, hero)
            if options:
                cover = hg.add_hero(g, cover, hero, options[pick % len(options)])
    return cover


def all_cover_squares(cover):
    squares = [tuple(x) for t in cover["tiles"] for x in t["cells"]]
    squares += [tuple(x) for x in cover["soldiers"]]
    squares += [x for top_left in cover["heroes"].values() for x in hg.hero_cells(top_left)]
    return squares


PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(grids(), STEPS)
def test_property_no_square_is_ever_covered_twice_or_off_the_card_KR_DMG_1_KR_DMG_2_KR_DMG_10(g, steps):
    squares = all_cover_squares(play(g, steps))
    assert len(squares) == len(set(squares))
    assert all(g.inside(x) and not g.bit(x) & g.uncoverable for x in squares)


@PROPERTY
@given(grids(), STEPS, hs.sampled_from(LIBRARY), FACING, FACING, hs.booleans(), DAMAGE)
def test_property_a_listed_placement_never_overlaps_or_leaves_the_card_KR_DMG_1_KR_DMG_2_KR_DMG_3_KR_DMG_4(
        g, steps, tile, owner, tray, free, damage):
    cover = play(g, steps)
    taken = set(all_cover_squares(cover))
    for p in hg.placements(g, cover, sh.oriented(tile, owner, tray, free), damage):
        assert all(g.inside(x) for x in p.cells) and not taken.intersection(p.cells)
        assert not g.mask(p.cells) & (g.uncoverable | g.resistant(damage))


@PROPERTY
@given(grids(), STEPS, hs.sampled_from(LIBRARY), FACING, FACING, hs.booleans(), DAMAGE)
def test_property_placements_are_exactly_the_single_checks_that_pass_KR_DMG_15(g, steps, tile, owner, tray, free, damage):
    cover = play(g, steps)
    allowed = sh.oriented(tile, owner, tray, free)
    expected = [hg.Placement((c, r), index, sh.translated(s, (c, r)))
                for index, s in enumerate(allowed) for r in range(-3, g.height + 3) for c in range(-3, g.width + 3)
                if hg.tile_problem(g, cover, sh.translated(s, (c, r)), damage, allowed) is None]
    assert hg.placements(g, cover, allowed, damage) == expected
    soldiers = [(c, r) for r in range(-1, g.height + 1) for c in range(-1, g.width + 1)
                if hg.soldier_problem(g, cover, (c, r), damage) is None]
    assert hg.soldier_placements(g, cover, damage) == soldiers
