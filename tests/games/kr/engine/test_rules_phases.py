"""Rule-by-rule tests of the automatic phases (1, 3, 4) for rule IDs the older phase tests did
not name: KR-SPN-2/8/9, KR-GEN-4, KR-DES-2, KR-PRT-2/14, KR-ADV-6/9/13, KR-SOL-5/6/14,
KR-HPT-3, KR-END-5, KR-AMB-1/20/22/28/60. Positions are built explicitly on cleared maps
(kr_phase_fixtures.bare); cards are chosen by what they show (kr_rules_fixtures)."""
from __future__ import annotations

from tests.games.kr.engine.kr_phase_fixtures import bare, cover_all, engage, kinds, soldier, stand, tile, tray
from tests.games.kr.engine.kr_rules_fixtures import base_spot, card_where, enemy_cells, plain, with_icon

from engine.kr import advance, destroy, phases, spawn
from engine.kr.content import HORDES
from engine.kr.hordegrid import fully_covered
from engine.kr.state import geo, grid, is_flying


def cells(st: dict) -> dict[str, str]:
    return {t["cell"]: t["card"] for t in st["trays"].values()}


def where(st: dict, tid: str) -> str | None:
    return st["trays"][tid]["cell"] if tid in st["trays"] else None


PLAIN = card_where(plain)


# --- phase 1 ----------------------------------------------------------------------------------

def test_KR_SPN_2_each_deck_reveals_its_top_card():
    """KR-SPN-2: the top card of the deck (and only it) is revealed and spawned; the rest of
    the deck keeps its order."""
    st = bare("farrinken_valley")
    first, second, third = [c for c, h in HORDES.items() if h["kind"] == "horde"][:3]
    st["decks"]["1"] = [first, second, third]
    spawn.summon(st, ev := [])
    assert list(cells(st).values()) == [first]
    assert st["decks"]["1"] == [second, third]
    assert [e.params["card"] for e in ev if e.kind == "spawn"] == [first]


def test_KR_SPN_8_KR_ICN_8_KR_AMB_28_a_flying_horde_spawns_without_a_tray_pool():
    """KR-SPN-8, KR-ICN-8, KR-AMB-28: trays are not modelled, so a flying horde spawns like any
    other even with more hordes on the road than the 8 physical trays; no other horde is
    touched (none becomes 'trayless', none moves)."""
    st = bare("farrinken_valley")
    flyer = card_where(lambda c, g: is_flying(c))
    for c in "BCDEFGHIJ":                      # 9 hordes already on the road
        tray(st, PLAIN, f"{c}3")
    before = {tid: dict(t) for tid, t in st["trays"].items()}
    st["decks"]["1"] = [flyer]
    spawn.summon(st, [])
    assert cells(st)["A3"] == flyer and len(st["trays"]) == 10
    assert all(st["trays"][tid] == t for tid, t in before.items())


def test_KR_SPN_9_pioneer_horde_goes_to_its_pioneer_card_not_the_spawn_square():
    """KR-SPN-9 (KR-ICN-15/16): a pioneer horde is placed on the square of the first pioneer
    card its icons name that is still on the map, not in front of its spawn deck; the deck
    whose road it opened does not spawn this round."""
    st = bare("pioneer_pass")
    pioneer = card_where(lambda c, g: bool(HORDES[c].get("pioneer_icons"))
                         and any(i in st["pioneer_cards"] for i in HORDES[c]["pioneer_icons"]))
    icon = next(i for i in HORDES[pioneer]["pioneer_icons"] if i in st["pioneer_cards"])
    target = st["pioneer_cards"][icon]
    g = geo(st)
    st["decks"] = {str(m): [] for m in g.spawn_markers}
    st["decks"]["1"] = [pioneer]
    cut_before = g.cut_off_spawns(st["pioneer_cards"].values())
    spawn.summon(st, ev := [])
    assert cells(st) == {target: pioneer}
    assert g.spawn_cell(1) not in cells(st) or target == g.spawn_cell(1)
    assert icon not in st["pioneer_cards"]
    opened = sorted(cut_before - g.cut_off_spawns(st["pioneer_cards"].values()))
    assert st["opened"] == opened
    for m in opened:
        assert ("spawn_skipped", m) in [(e.kind, e.params.get("marker")) for e in ev]


# --- the horde as a unit ------------------------------------------------------------------------

def test_KR_GEN_4_a_horde_is_one_tray_on_one_square_its_enemies_covered_separately():
    """KR-GEN-4: a horde card is one tray on exactly one road square, moving as a unit (its
    tiles move with it); each of its enemies must be covered separately, so covering all but
    one does not destroy it."""
    st = bare("farrinken_valley")
    st["heroes"]["ignus"]["cell"] = None
    t = tray(st, PLAIN, "C3")
    g = grid(PLAIN)
    last = enemy_cells(g)[-1]
    cover_all(st, t, skip=(last,))
    cover = st["trays"][t]["cover"]
    assert isinstance(st["trays"][t]["cell"], str)
    assert not fully_covered(g, cover)
    destroy.destroy(st, [])
    assert t in st["trays"]                                   # one enemy left: not destroyed
    advance.advance(st, [])
    assert where(st, t) == "D3" and st["trays"][t]["cover"] == cover
    st["trays"][t]["cover"] = {**cover, "tiles": cover["tiles"] + [tile([last])]}
    destroy.destroy(st, [])
    assert t not in st["trays"]


# --- phase 3 ----------------------------------------------------------------------------------

def test_KR_DES_2_hero_on_a_destroyed_tray_takes_1_damage_and_stays_on_the_square():
    """KR-DES-2: each hero on a destroyed tray takes exactly 1 damage and stays on the road
    square where the tray was (no longer engaged); a hero elsewhere is not hurt."""
    st = bare("farrinken_valley")
    t = tray(st, PLAIN, "E3")
    engage(st, "ignus", t, base_spot(grid(PLAIN)))
    cover_all(st, t)
    stand(st, "alleria", "F2")
    hp = {f: st["heroes"][f]["health"] for f in ("ignus", "alleria")}
    destroy.destroy(st, ev := [])
    assert t not in st["trays"]
    ig = st["heroes"]["ignus"]
    assert (ig["cell"], ig["tray"], ig["health"]) == ("E3", None, hp["ignus"] - 1)
    assert st["heroes"]["alleria"]["health"] == hp["alleria"]
    assert [(e.params["figure"], e.params["damage"]) for e in ev if e.kind == "hero_damaged"] == [("ignus", 1)]


def test_KR_AMB_1_phase_3_destroys_every_covered_tray_then_hurts_heroes_then_checks_portals():
    """KR-AMB-1: phase 3 is the surviving step list in order KR-DES-1..3: every fully covered
    tray is destroyed together in step 1 (crystals gained), then heroes on them take damage
    (step 2), then the portal check (step 3)."""
    st = bare("farrinken_valley")
    st["portals"] = {"total": 1, "destroyed": 0}
    st["crystals"] = 0
    portal = card_where(lambda c, g: True, kind="portal")
    a, b = tray(st, PLAIN, "C3"), tray(st, PLAIN, "E3")
    p = tray(st, portal, "G3")
    engage(st, "ignus", a, base_spot(grid(PLAIN)))
    engage(st, "alleria", b, base_spot(grid(PLAIN)))
    for tid in (a, b, p):
        cover_all(st, tid)
    destroy.destroy(st, ev := [])
    k = kinds(ev)
    assert st["trays"] == {} and k.count("tray_destroyed") == 3 and k.count("hero_damaged") == 2
    last_destroyed = max(i for i, x in enumerate(k) if x == "tray_destroyed")
    first_damage = min(i for i, x in enumerate(k) if x == "hero_damaged")
    assert last_destroyed < first_damage < k.index("victory_pending")
    assert st["crystals"] == 2 * HORDES[PLAIN]["crystals"] + HORDES[portal]["crystals"]


def test_KR_PRT_14_a_portal_is_destroyed_in_phase_3_when_its_enemies_are_covered():
    """KR-PRT-14 (KR-PRT-3): a portal whose enemies are all covered - its centre square
    necessarily uncovered - is destroyed in phase 3 like any horde: removed, crystals gained,
    counted as a destroyed portal. With an enemy uncovered it stays."""
    st = bare("farrinken_valley")
    st["portals"] = {"total": 2, "destroyed": 0}
    st["crystals"] = 0
    portal = card_where(lambda c, g: True, kind="portal")
    g = grid(portal)
    p = tray(st, portal, "D3")
    cover_all(st, p, skip=(enemy_cells(g)[0],))
    destroy.destroy(st, [])
    assert p in st["trays"] and st["portals"]["destroyed"] == 0
    cover_all(st, p)
    centre = [c for t in st["trays"][p]["cover"]["tiles"] for c in t["cells"]]
    assert all(not g.bit(tuple(c)) & g.uncoverable for c in centre)
    destroy.destroy(st, ev := [])
    assert p not in st["trays"] and st["portals"]["destroyed"] == 1
    assert st["crystals"] == HORDES[portal]["crystals"]
    assert "portal_destroyed" in kinds(ev)


def test_KR_PRT_2_every_portal_must_be_destroyed_to_win():
    """KR-PRT-2 (KR-END-1): in a portal scenario, destroying one of two portals wins nothing at
    the end of the round; destroying the last one makes the round end in victory."""
    st = bare("farrinken_valley")
    st["portals"] = {"total": 2, "destroyed": 0}
    portal = card_where(lambda c, g: True, kind="portal")
    p = tray(st, portal, "D3")
    cover_all(st, p)
    destroy.destroy(st, [])
    assert st["portals"]["destroyed"] == 1 and not st["victory_pending"]
    st["phase"] = 6
    phases.end_round(st, [])
    assert st["result"] is None and st["phase"] == 1
    q = tray(st, portal, "F3")
    cover_all(st, q)
    destroy.destroy(st, [])
    assert st["victory_pending"]
    st["phase"] = 6
    phases.end_round(st, [])
    assert st["result"] == {"outcome": "victory", "reason": "portals"}


def test_KR_AMB_60_ghost_card_spawns_on_the_square_oriented_like_a_spawn():
    """KR-AMB-60: the ghost card drawn when a ghost-icon horde is destroyed is put on that
    square, oriented as KR-SPN-4 (the purple line towards the exit), and does not move in
    phase 3; it advances normally in phase 4."""
    st = bare("haunted_marsh")
    ghostly = card_where(lambda c, g: bool(HORDES[c].get("ghost_icon")))
    g = geo(st)
    cell = g.path(1)[2]
    t = tray(st, ghostly, cell)
    cover_all(st, t)
    top = st["ghost_deck"][0]
    destroy.destroy(st, ev := [])
    (gid, gt), = st["trays"].items()
    assert (gt["card"], gt["cell"], gt["facing"]) == (top, cell, g.orientation(cell))
    e = next(x for x in ev if x.kind == "ghost_spawn")
    assert e.params["facing"] == g.orientation(cell)
    st["heroes"]["ignus"]["cell"] = st["heroes"]["alleria"]["cell"] = None
    advance.advance(st, [])
    assert where(st, gid) != cell


# --- hero damage ------------------------------------------------------------------------------

def test_KR_AMB_20_a_hero_is_knocked_out_at_0_hearts_not_before():
    """KR-AMB-20 (KR-HPT-2/4): each damage moves the marker one step; at 1 heart the hero is
    still on the map, at 0 it is knocked out and leaves the map."""
    st = bare("farrinken_valley")
    t = tray(st, PLAIN, "E3")
    engage(st, "ignus", t, base_spot(grid(PLAIN)))
    st["heroes"]["ignus"]["health"] = 2
    phases.damage_hero(st, "ignus", 1, ev := [], "test")
    h = st["heroes"]["ignus"]
    assert (h["health"], h["knocked_out"], h["cell"], h["tray"]) == (1, False, "E3", t)
    phases.damage_hero(st, "ignus", 1, ev, "test")
    assert (h["health"], h["knocked_out"], h["cell"], h["tray"]) == (0, True, None, None)
    assert st["trays"][t]["cover"]["heroes"] == {}
    assert kinds(ev) == ["hero_damaged", "hero_damaged", "hero_knocked_out"]


def test_KR_HPT_3_healing_never_goes_above_the_maximum():
    """KR-HPT-3: healing N hearts moves the marker N steps, capped at the hero's maximum."""
    st = bare("farrinken_valley")
    h = st["heroes"]["ignus"]
    h["health"] = h["max"] - 3
    assert phases.heal_hero(st, "ignus", 2) == 2 and h["health"] == h["max"] - 1
    assert phases.heal_hero(st, "ignus", 5) == 1 and h["health"] == h["max"]
    assert phases.heal_hero(st, "ignus", 1) == 0 and h["health"] == h["max"]


# --- phase 4 ----------------------------------------------------------------------------------

def test_KR_ADV_6_a_swift_tray_moves_twice():
    """KR-ADV-6 (KR-ICN-3): a tray with a visible swift icon moves two road squares in phase 4;
    with the icon covered it moves one."""
    swift = card_where(with_icon("swift"))
    icon = next(i.at for i in grid(swift).icons if i.icon == "swift")
    st = bare("farrinken_valley")
    st["heroes"]["ignus"]["cell"] = st["heroes"]["alleria"]["cell"] = None
    t = tray(st, swift, "B3")
    advance.advance(st, ev := [])
    assert where(st, t) == "D3"
    assert [e.params["to"] for e in ev if e.kind == "tray_moved"] == ["C3", "D3"]
    st = bare("farrinken_valley")
    t = tray(st, swift, "B3")
    st["trays"][t]["cover"]["tiles"].append(tile([icon]))
    advance.advance(st, [])
    assert where(st, t) == "C3"


def test_KR_ADV_9_a_tray_that_cannot_move_stays_and_still_resolves_its_icons():
    """KR-ADV-9 (KR-AMB-25/26): blocked by a tray ahead, a tray stays put; its target icon
    still hurts an adjacent hero and its heal icon still removes its tiles."""
    target = card_where(with_icon("target"))
    st = bare("farrinken_valley")
    ahead = tray(st, PLAIN, "F3")
    soldier(st, ahead, enemy_cells(grid(PLAIN))[0])           # the tray ahead is held this phase
    t = tray(st, target, "E3")
    stand(st, "alleria", "E4")                                # a site adjacent to E3 only
    stand(st, "ignus", None)
    hp = st["heroes"]["alleria"]["health"]
    advance.advance(st, ev := [])
    assert (where(st, ahead), where(st, t)) == ("F3", "E3")
    assert not [e for e in ev if e.kind == "tray_moved"]
    assert st["heroes"]["alleria"]["health"] == hp - 1

    heal = card_where(with_icon("heal"))
    g = grid(heal)
    icon = next(i.at for i in g.icons if i.icon == "heal")
    st = bare("farrinken_valley")
    ahead = tray(st, PLAIN, "F3")
    soldier(st, ahead, enemy_cells(grid(PLAIN))[0])
    t = tray(st, heal, "E3")
    st["trays"][t]["cover"]["tiles"].append(tile([next(c for c in enemy_cells(g) if c != icon)]))
    advance.advance(st, ev := [])
    assert where(st, t) == "E3" and st["trays"][t]["cover"]["tiles"] == []
    assert "heal" in kinds(ev)


def test_KR_ADV_13_a_horde_reaching_the_kingdom_leaves_play_without_crystals():
    """KR-ADV-13 (KR-AMB-62): a horde moving past the last road square is removed from play -
    its tiles go back, it pays no crystals, it is not put back in any deck - after costing the
    Kingdom its hearts."""
    st = bare("farrinken_valley")
    st["heroes"]["ignus"]["cell"] = st["heroes"]["alleria"]["cell"] = None
    st["crystals"], st["hearts"] = 3, 30
    g = grid(PLAIN)
    t = tray(st, PLAIN, "J3")
    st["trays"][t]["cover"]["tiles"].append(tile([enemy_cells(g)[0]]))
    advance.advance(st, ev := [])
    assert t not in st["trays"] and st["crystals"] == 3
    assert st["hearts"] == 30 - (len(g.enemies) - 1)
    assert all(PLAIN not in d for d in st["decks"].values()) and PLAIN not in st["ghost_deck"]
    assert "tray_destroyed" not in kinds(ev) and "horde_reached_kingdom" in kinds(ev)


def test_KR_AMB_22_blockers_are_hurt_whether_or_not_the_square_ahead_is_free():
    """KR-AMB-22 (KR-ADV-5): a tray carrying a hero and a soldier damages both on its attempt,
    with the square ahead free or taken."""
    for ahead_taken in (False, True):
        st = bare("farrinken_valley")
        stand(st, "alleria", None)
        if ahead_taken:
            front = tray(st, PLAIN, "F3")
            soldier(st, front, enemy_cells(grid(PLAIN))[0])
        t = tray(st, PLAIN, "E3")
        spot = base_spot(grid(PLAIN))
        engage(st, "ignus", t, spot)
        free = next(c for c in enemy_cells(grid(PLAIN))
                    if c not in {(spot[0] + dc, spot[1] + dr) for dc in (0, 1) for dr in (0, 1)})
        soldier(st, t, free)
        hp, supply = st["heroes"]["ignus"]["health"], st["soldiers"]
        advance.advance(st, [])
        assert where(st, t) == "E3"
        assert st["heroes"]["ignus"]["health"] == hp - 1
        assert st["trays"][t]["cover"]["soldiers"] == []
        assert st["soldiers"] == supply + 1 + (1 if ahead_taken else 0)


def test_KR_SOL_5_a_soldier_has_one_heart():
    """KR-SOL-5 (KR-AMB-21): the first damage a soldier takes removes it to the supply, so a
    swift tray held by one soldier loses it on its first attempt and moves on its second."""
    swift = card_where(with_icon("swift"))
    g = grid(swift)
    icon = next(i.at for i in g.icons if i.icon == "swift")
    st = bare("farrinken_valley")
    st["heroes"]["ignus"]["cell"] = st["heroes"]["alleria"]["cell"] = None
    t = tray(st, swift, "B3")
    soldier(st, t, next(c for c in enemy_cells(g) if c != icon))
    supply = st["soldiers"]
    advance.advance(st, ev := [])
    assert st["trays"][t]["cover"]["soldiers"] == [] and st["soldiers"] == supply + 1
    assert kinds(ev).count("soldier_lost") == 1
    assert where(st, t) == "C3"


def test_KR_SOL_6_a_soldier_stops_its_tray_from_advancing():
    """KR-SOL-6: a (non-swift) tray carrying a soldier does not move in phase 4."""
    st = bare("farrinken_valley")
    st["heroes"]["ignus"]["cell"] = st["heroes"]["alleria"]["cell"] = None
    t = tray(st, PLAIN, "C3")
    u = tray(st, PLAIN, "G3")
    soldier(st, t, enemy_cells(grid(PLAIN))[0])
    advance.advance(st, ev := [])
    assert (where(st, t), where(st, u)) == ("C3", "H3")
    assert "tray_blocked" in kinds(ev)


def test_KR_SOL_14_protection_never_covers_soldiers():
    """KR-SOL-14 (KR-HPT-8): a protected hero on a blocked tray takes no damage, but the soldier
    beside it is still removed."""
    st = bare("farrinken_valley")
    stand(st, "alleria", None)
    t = tray(st, PLAIN, "E3")
    spot = base_spot(grid(PLAIN))
    engage(st, "ignus", t, spot)
    st["heroes"]["ignus"]["protected"] = True
    base = {(spot[0] + dc, spot[1] + dr) for dc in (0, 1) for dr in (0, 1)}
    soldier(st, t, next(c for c in enemy_cells(grid(PLAIN)) if c not in base))
    hp = st["heroes"]["ignus"]["health"]
    advance.advance(st, ev := [])
    assert st["heroes"]["ignus"]["health"] == hp and "hero_protected" in kinds(ev)
    assert st["trays"][t]["cover"]["soldiers"] == [] and "soldier_lost" in kinds(ev)


def test_KR_END_5_a_boss_entering_the_kingdom_loses_at_once():
    """KR-END-5 (KR-ADV-12, KR-BOSS-2): a boss tile moves like a tray; moving past the last road
    square it loses the game immediately, whatever the Kingdom's hearts."""
    st = bare("rift_citadel", ["alleria", "ignus"])
    boss = card_where(lambda c, g: True, kind="boss")
    g = geo(st)
    last = next(c for c in g.road_squares if g.next_square(c) is None)
    st["hearts"] = 99
    tray(st, boss, last)
    advance.advance(st, ev := [])
    assert st["result"] == {"outcome": "defeat", "reason": "boss_reached_kingdom"}
    assert st["phase"] == "over" and kinds(ev)[-1] == "game_over"
