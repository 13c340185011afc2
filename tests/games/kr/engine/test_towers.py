"""Phase-2 tower actions and phase-6 buying (engine/kr/towers.py, buying.py): KR-ACT-2..4,
KR-TWR-1..10, KR-DMG-1..16, KR-SOL-1..11, KR-PRT-4..9, KR-PASS-1..7, KR-BUY-1..6, KR-WHT-2,
KR-SOLO-3/9, KR-AMB-5..14/52/57."""
from __future__ import annotations

from engine.kr.buying import buy
from engine.kr.towers import legal_placements, pass_tower, play_tower
from tests.games.kr.engine.kr_phase_fixtures import cover_all, soldier, stand
from tests.games.kr.engine.kr_tower_fixtures import S, T, build, fill, game, refused, tray

# farrinken_valley (scenario 1): road A3..J3 eastwards, trays face E; 2 players: seat 0 red
# (sites B2 F2 J2), seat 1 blue (A4 E4 I4). An archer on F2 facing S reaches E3, F3, G3.
# goblin_scouts: goblins on (1,1), (2,1), (2,2).


def play(st: dict, seat: int, action: dict) -> list:
    events: list = []
    play_tower(st, seat, action, events)
    return events


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


# --- building with tiles -------------------------------------------------------------------------

def test_build_places_tile_keeping_card_orientation():
    """KR-TWR-2/5/6, KR-DMG-7, KR-AMB-6, KR-DMG-16: facing S, the archer's 1x2 lies E-W on the
    map, which is a vertical domino on a tray whose top edge faces E."""
    st = game(hands=(["archer_1", "archer_1"], []))
    t = tray(st, "goblin_scouts", "F3")
    refused(play_tower, st, 0, build("archer_1", "F2", "S", [T(t, (1, 1), (2, 1))]), reason="orientation")
    ev = play(st, 0, build("archer_1", "F2", "S", [T(t, (2, 1), (2, 2))]))
    assert kinds(ev) == ["tower_built", "tile_placed"]
    assert st["trays"][t]["cover"]["tiles"] == [{"cells": [[2, 1], [2, 2]], "damage": "physical",
                                                 "source": "archer_1"}]
    assert st["sites"]["F2"] == [{"card": "archer_1", "seat": 0, "facing": "S", "face_down": False}]
    assert st["seats"][0]["hand"] == ["archer_1"]


def test_orientation_follows_the_card_facing():
    """KR-TWR-6, KR-DMG-7: facing W the same tile lies N-S on the map: horizontal on the card."""
    st = game(hands=(["archer_1"], []))
    t = tray(st, "goblin_scouts", "E3")          # FL of a W-facing card on F2 is SW = E3
    refused(play_tower, st, 0, build("archer_1", "F2", "W", [T(t, (2, 1), (2, 2))]), reason="orientation")
    play(st, 0, build("archer_1", "F2", "W", [T(t, (1, 1), (2, 1))]))
    assert st["trays"][t]["cover"]["tiles"][0]["cells"] == [[1, 1], [2, 1]]


def test_double_arrow_reaches_two_squares_and_range_is_checked():
    """KR-TWR-7, KR-AMB-5: hyena_crossing E3 facing S; the forward double arrow skips E4 (a
    site) and reaches E5; C5 is out of range."""
    st = game("hyena_crossing", hands=(["archer_1", "archer_1"], []))
    far = tray(st, "goblin_scouts", "E5")
    away = tray(st, "goblin_scouts", "C5")
    fill(st, far, keep=((2, 1), (2, 2)))
    assert set(legal_placements(st, 0, "archer_1", "E3", "S", 0)) == {far}
    refused(play_tower, st, 0, build("archer_1", "E3", "S", [T(away, (2, 1), (2, 2))]), reason="out_of_range")
    play(st, 0, build("archer_1", "E3", "S", [T(far, (2, 1), (2, 2))]))
    assert len(st["trays"][far]["cover"]["tiles"]) == 19


def test_precise_attack_reaches_any_road_square():
    """KR-TWR-8: the Sharpshooter's second attack (precise 1x1) hits A3; leaving it out is
    refused (KR-AMB-8)."""
    st = game(hands=(["archer_3"], []))
    t = tray(st, "goblin_scouts", "A3")
    refused(play_tower, st, 0, build("archer_3", "F2", "S", [], []), reason="must_place")
    refused(play_tower, st, 0, build("archer_3", "F2", "S", [T(t, (1, 1), (2, 1), (3, 1))], []),
            reason="out_of_range")
    play(st, 0, build("archer_3", "F2", "S", [], [T(t, (1, 1))]))
    assert st["trays"][t]["cover"]["tiles"][0]["cells"] == [[1, 1]]


def _linked_pair(st: dict, tid: str) -> tuple[list, list]:
    opts = legal_placements(st, 0, "mage_3", "F2", "S", 0)[tid]["tiles"]
    for t4 in opts[0]:
        for d in opts[1]:
            if not {tuple(c) for c in t4} & {tuple(c) for c in d}:
                return t4, d
    raise AssertionError("no pair")


def test_linked_tiles_go_on_one_tray():
    """KR-DMG-9: the Wizard Tower's T4 + 1x2 on one tray; split, refused; T4 alone while the
    1x2 still fits there, refused (KR-AMB-8)."""
    st = game(hands=(["mage_3"], []))
    a = tray(st, "goblin_scouts", "F3")
    b = tray(st, "goblin_scouts", "G3")
    t4, d = _linked_pair(st, a)
    d_b = legal_placements(st, 0, "mage_3", "F2", "S", 0)[b]["tiles"][1][0]
    refused(play_tower, st, 0, build("mage_3", "F2", "S", [T(a, *t4), T(b, *d_b)]), reason="linked")
    refused(play_tower, st, 0, build("mage_3", "F2", "S", [T(a, *t4)]), reason="must_place")
    play(st, 0, build("mage_3", "F2", "S", [T(a, *t4), T(a, *d, tile=1)]))
    assert len(st["trays"][a]["cover"]["tiles"]) == 2 and st["trays"][b]["cover"]["tiles"] == []


def test_tile_refusals_leave_state_unchanged():
    """KR-DMG-2/3/10, KR-ICN-10 and input checks: every refusal changes nothing."""
    st = game(hands=(["archer_1", "artillery_1"], []))
    g = tray(st, "goblin_scouts", "F3")
    bats = tray(st, "bat_swarm", "G3")
    brig = tray(st, "brigand_gang", "E3")
    st["trays"][g]["cover"]["tiles"].append({"cells": [[2, 1]], "damage": "true", "source": "x"})
    act = lambda *p: build("archer_1", "F2", "S", list(p))  # noqa: E731
    refused(play_tower, st, 0, act(T(g, (2, 1), (2, 2))), reason="overlap")
    refused(play_tower, st, 0, act(T(bats, (4, 0), (4, 1))), reason="uncoverable")
    refused(play_tower, st, 0, act(T(brig, (1, 0), (1, 1))), reason="resistant")
    refused(play_tower, st, 0, act(T(g, (4, 3), (4, 4))), reason="outside")
    refused(play_tower, st, 0, act(T(g, (0, 0)), T(g, (0, 2))), reason="no_such_tile")
    refused(play_tower, st, 0, act(T("t99", (0, 0), (0, 1))), reason="no_such_tray")
    refused(play_tower, st, 0, act({"tray": g}), reason="malformed")
    refused(play_tower, st, 0, act(T(g, (0, 0), (0, 1)), T(g, (1, 2), (1, 3))), reason="too_many")
    refused(play_tower, st, 0, act(S(g, (1, 1))), reason="too_many")
    refused(play_tower, st, 0, build("archer_1", "F2", "X", []), reason="bad_facing")
    refused(play_tower, st, 0, build("archer_1", "F2", "S"), reason="malformed")
    refused(play_tower, st, 0, build("mage_1", "F2", "S", []), reason="not_in_hand")
    refused(play_tower, st, 0, build("nope", "F2", "S", []), reason="no_such_card")
    st["phase"] = 3
    refused(play_tower, st, 0, act(T(g, (0, 0), (0, 1))), reason="wrong_phase")


def test_tray_under_flying_tray_cannot_be_attacked():
    """KR-ICN-10: the lower tray of a stack is no target; the flying one on top is."""
    st = game(hands=(["archer_1"], []))
    low = tray(st, "goblin_scouts", "F3")
    top = tray(st, "bat_swarm", "F3", layer=1)
    refused(play_tower, st, 0, build("archer_1", "F2", "S", [T(low, (2, 1), (2, 2))]), reason="under_flying")
    assert set(legal_placements(st, 0, "archer_1", "F2", "S", 0)) == {top}
    play(st, 0, build("archer_1", "F2", "S", [T(top, (0, 0), (0, 1))]))


# --- sites -----------------------------------------------------------------------------------------

def test_site_ownership_and_heroes():
    """KR-TWR-2/3, KR-GEN-10: own colour only, a site used at this player count, no hero."""
    st = game(hands=(["archer_1"], ["archer_1"]))
    refused(play_tower, st, 0, build("archer_1", "A4", "N", []), reason="not_your_site")
    refused(play_tower, st, 0, build("archer_1", "F3", "N", []), reason="not_a_site")
    refused(play_tower, st, 0, build("archer_1", "C4", "N", []), reason="not_a_site")   # yellow: 4 players
    stand(st, "ignus", "A4")
    refused(play_tower, st, 1, build("archer_1", "A4", "N", []), reason="site_has_hero")
    play(st, 1, build("archer_1", "E4", "N", []))
    assert st["sites"]["E4"][0]["seat"] == 1


def test_stacking_with_soldier_towers():
    """KR-SOL-9..11, KR-AMB-11/12/57: two towers per site only with a soldier tower, in either
    order; never a third; a face-down tower still counts."""
    st = game(hands=(["archer_1", "barracks_1", "mage_1", "barracks_1", "barracks_1"], []))
    play(st, 0, build("archer_1", "F2", "S", []))
    refused(play_tower, st, 0, build("mage_1", "F2", "S", []), reason="site_taken")
    play(st, 0, build("barracks_1", "F2", "N", []))
    refused(play_tower, st, 0, build("barracks_1", "F2", "S", []), reason="site_taken")
    play(st, 0, build("barracks_1", "B2", "S", []))
    play(st, 0, build("mage_1", "B2", "S", []))
    st2 = game(hands=(["barracks_1", "barracks_1", "barracks_1"], []))
    play(st2, 0, build("barracks_1", "J2", "S", []))
    st2["sites"]["J2"][0]["face_down"] = True
    play(st2, 0, build("barracks_1", "J2", "S", []))                # KR-AMB-11
    refused(play_tower, st2, 0, build("barracks_1", "J2", "S", []), reason="site_taken")


def test_white_sites_belong_to_everyone():
    """KR-WHT-1/2, KR-SOL-11: both players build on a white site, the second a soldier tower."""
    st = game("twin_gates", hands=(["archer_1"], ["barracks_1", "archer_1"]))
    play(st, 0, build("archer_1", "E5", "N", []))
    refused(play_tower, st, 1, build("archer_1", "E5", "N", []), reason="site_taken")
    play(st, 1, build("barracks_1", "E5", "N", []))
    assert [(t["card"], t["seat"]) for t in st["sites"]["E5"]] == [("archer_1", 0), ("barracks_1", 1)]


def test_solo_excluded_colour():
    """KR-SOLO-2/3: the solo player owns 3 colours but not the excluded one this round."""
    st = game(heroes=["malik"], hands=(["archer_1", "archer_1"],))
    st["solo"]["excluded"] = "red"
    refused(play_tower, st, 0, build("archer_1", "F2", "S", []), reason="excluded_colour")
    play(st, 0, build("archer_1", "D2", "S", []))                  # green
    play(st, 0, build("archer_1", "A4", "N", []))                  # blue


# --- portals and compulsory placement ---------------------------------------------------------------

def test_portal_level_and_face_down():
    """KR-PRT-4/5: an L1 tower may not attack an L2 portal; attacking an L1 portal turns the
    tower face down."""
    st = game(hands=(["archer_1", "archer_2"], []))
    low = tray(st, "minor_rift_a", "F3")
    high = tray(st, "rift_a", "G3")
    assert set(legal_placements(st, 0, "archer_1", "F2", "S", 0)) == {low}
    refused(play_tower, st, 0, build("archer_1", "F2", "S", [T(high, (0, 0), (0, 1))]), reason="portal_level")
    ev = play(st, 0, build("archer_1", "F2", "S", [T(low, (1, 0), (1, 1))]))
    assert kinds(ev)[-1] == "tower_face_down" and st["sites"]["F2"][0]["face_down"] is True


def test_face_down_after_all_attacks():
    """KR-PRT-6, KR-AMB-9: a portal hit by one attack only still turns the tower face down,
    after the other attack resolved."""
    st = game(hands=(["archer_3"], []))
    g = tray(st, "goblin_scouts", "F3")
    fill(st, g, keep=((2, 1), (2, 2), (2, 3)))
    portal = tray(st, "minor_rift_a", "A3")
    play(st, 0, build("archer_3", "F2", "S", [T(g, (2, 1), (2, 2), (2, 3))], [T(portal, (1, 0))]))
    assert st["sites"]["F2"][0]["face_down"] is True


def test_compulsory_placement():
    """KR-AMB-8, KR-DMG-15: a tile with a legal placement must be placed; none, none needed."""
    st = game(hands=(["archer_1"], []))
    t = tray(st, "goblin_scouts", "F3")
    refused(play_tower, st, 0, build("archer_1", "F2", "S", []), reason="must_place")
    fill(st, t)
    play(st, 0, build("archer_1", "F2", "S", []))
    assert st["sites"]["F2"][0]["card"] == "archer_1"


def test_portal_exceptions_to_compulsory_placement():
    """KR-PRT-7: other targets, no need to use the portal; KR-PRT-8: the only target must be
    attacked; KR-PRT-9: a fully covered portal needs no tiles (and no flip)."""
    st = game(hands=(["artillery_1", "artillery_1", "artillery_1"], []))
    h = tray(st, "goblin_scouts", "E3")
    fill(st, h, keep=((0, 0),))
    p = tray(st, "minor_rift_a", "F3")
    play(st, 0, build("artillery_1", "F2", "S", [T(h, (0, 0))]))   # second 1x1 not on the portal
    assert st["sites"]["F2"][0]["face_down"] is False
    st2 = game(hands=(["artillery_1", "artillery_1"], []))
    p2 = tray(st2, "minor_rift_a", "F3")
    refused(play_tower, st2, 0, build("artillery_1", "F2", "S", [T(p2, (0, 0))]), reason="must_place")
    play(st2, 0, build("artillery_1", "F2", "S", [T(p2, (0, 0)), T(p2, (1, 0))]))
    assert st2["sites"]["F2"][0]["face_down"] is True
    st3 = game(hands=(["artillery_1"], []))
    p3 = tray(st3, "minor_rift_a", "F3")
    cover_all(st3, p3)
    play(st3, 0, build("artillery_1", "F2", "S", []))
    assert st3["sites"]["F2"][0]["face_down"] is False
    assert st["trays"][p]["cover"]["tiles"] == []


def test_KR_PRT_7_other_targets_are_decided_for_the_tower_not_per_attack():
    """KR-PRT-7, KR-AMB-8: a Sharpshooter on F2 facing S whose first attack reaches only a
    portal (F3) and whose precise second attack reaches a horde (A3) has another possible
    target, so it need not attack the portal at all: the 1x3 may stay unplaced and the tower
    stays face up (it may still choose the portal, and is then turned face down)."""
    st = game(hands=(["archer_3", "archer_3"], []))
    p = tray(st, "minor_rift_a", "F3")
    h = tray(st, "goblin_scouts", "A3")
    assert set(legal_placements(st, 0, "archer_3", "F2", "S", 0)) == {p}
    ev = play(st, 0, build("archer_3", "F2", "S", [], [T(h, (1, 1))]))
    assert kinds(ev) == ["tower_built", "tile_placed"] and st["sites"]["F2"][0]["face_down"] is False
    assert st["trays"][p]["cover"]["tiles"] == []
    # from J2 only the precise attack reaches anything: the horde stays compulsory (KR-AMB-8)
    refused(play_tower, st, 0, build("archer_3", "J2", "S", [], []), reason="must_place")
    play(st, 0, build("archer_3", "J2", "S", [], [T(p, (0, 0))]))      # the portal, by choice
    assert st["sites"]["J2"][0]["face_down"] is True


def test_KR_PRT_8_a_tower_whose_only_target_is_a_portal_uses_all_its_attacks_on_it():
    """KR-PRT-8: with the portal the Sharpshooter's only possible target, both attacks must go
    on it: leaving out either the 1x3 or the precise 1x1 is refused."""
    st = game(hands=(["archer_3"], []))
    p = tray(st, "minor_rift_a", "F3")
    tiles3 = T(p, (0, 0), (0, 1), (0, 2))
    refused(play_tower, st, 0, build("archer_3", "F2", "S", [], [T(p, (1, 0))]), reason="must_place")
    refused(play_tower, st, 0, build("archer_3", "F2", "S", [tiles3], []), reason="must_place")
    play(st, 0, build("archer_3", "F2", "S", [tiles3], [T(p, (1, 0))]))
    assert st["sites"]["F2"][0]["face_down"] is True


# --- soldiers ----------------------------------------------------------------------------------------

def test_soldiers_from_the_supply():
    """KR-SOL-1..3, KR-DMG-3/6: soldiers on enemies only, never on deadly or resistant ones;
    a placeable soldier must be placed (KR-AMB-8)."""
    st = game(hands=(["barracks_1"], []))
    t = tray(st, "goblin_scouts", "F3")
    amb = tray(st, "shadow_ambush", "G3")
    brig = tray(st, "brigand_gang", "E3")
    act = lambda *p: build("barracks_1", "F2", "S", list(p))  # noqa: E731
    refused(play_tower, st, 0, act(S(t, (0, 0))), reason="no_enemy")
    refused(play_tower, st, 0, act(S(amb, (2, 0))), reason="deadly")
    refused(play_tower, st, 0, act(S(brig, (1, 0))), reason="resistant")
    refused(play_tower, st, 0, act(S(t, (1, 1))), reason="must_place")
    refused(play_tower, st, 0, act(S(t, (1, 1)), S(t, (2, 1)), S(t, (2, 2))), reason="too_many")
    ev = play(st, 0, act(S(t, (1, 1)), S(t, (2, 1))))
    assert st["trays"][t]["cover"]["soldiers"] == [[1, 1], [2, 1]] and st["soldiers"] == 10
    assert kinds(ev) == ["tower_built", "soldier_placed", "soldier_placed"]


def test_soldier_supply_exhausted():
    """KR-SOL-4/7: with no soldier left none can be placed, and none must be."""
    st = game(hands=(["barracks_1", "barracks_1"], []))
    t = tray(st, "goblin_scouts", "F3")
    st["soldiers"] = 1
    refused(play_tower, st, 0, build("barracks_1", "F2", "S", []), reason="must_place")
    play(st, 0, build("barracks_1", "F2", "S", [S(t, (1, 1))]))
    assert st["soldiers"] == 0
    far = tray(st, "goblin_scouts", "J3")
    refused(play_tower, st, 0, build("barracks_1", "J2", "S", [S(far, (2, 1))]), reason="no_soldiers")
    play(st, 0, build("barracks_1", "J2", "S", []))


def test_soldier_relocation():
    """KR-SOL-8, KR-AMB-10: a soldier may be moved from any tray instead of taken from the
    supply; the total stays within the card's number."""
    st = game(hands=(["barracks_1"], []))
    src = tray(st, "goblin_scouts", "A3")
    soldier(st, src, (1, 1))
    t = tray(st, "goblin_scouts", "F3")
    refused(play_tower, st, 0, build("barracks_1", "F2", "S", [S(t, (1, 1), (src, (2, 1)))]),
            reason="no_soldier_there")
    before = st["soldiers"]
    ev = play(st, 0, build("barracks_1", "F2", "S", [S(t, (1, 1), (src, (1, 1))), S(t, (2, 1))]))
    assert st["trays"][src]["cover"]["soldiers"] == []
    assert st["trays"][t]["cover"]["soldiers"] == [[1, 1], [2, 1]]
    assert st["soldiers"] == before - 1
    assert ev[1].params["moved_from"] == [src, [1, 1]]


def test_relocation_with_empty_supply():
    """KR-AMB-10, KR-SOL-7: with the supply empty a soldier may still be moved."""
    st = game(hands=(["barracks_1"], []))
    src = tray(st, "goblin_scouts", "A3")
    soldier(st, src, (1, 1))
    st["soldiers"] = 0
    t = tray(st, "goblin_scouts", "F3")
    play(st, 0, build("barracks_1", "F2", "S", [S(t, (2, 2), (src, (1, 1)))]))
    assert st["trays"][t]["cover"]["soldiers"] == [[2, 2]] and st["soldiers"] == 0


# --- passing -----------------------------------------------------------------------------------------

def passing(st: dict, seat: int, card: str, to: int, variant: str | None = None) -> list:
    events: list = []
    pass_tower(st, seat, {"type": "pass", "card": card, "to": to, "variant": variant}, events)
    return events


def test_pass_upgrades_one_level():
    """KR-PASS-1/2/6/7: the card goes back to the supply, the next level into the recipient's
    pending slot; pending cards cannot be passed again."""
    st = game(hands=(["archer_1"], []))
    supply = dict(st["supply"])
    ev = passing(st, 0, "archer_1", 1)
    assert st["seats"][0]["hand"] == [] and st["seats"][1]["pending"] == ["archer_2"]
    assert st["supply"]["archer_1"] == supply["archer_1"] + 1
    assert st["supply"]["archer_2"] == supply["archer_2"] - 1
    assert ev[0].params["upgraded"] is True
    act = {"type": "pass", "card": "archer_2", "to": 0, "variant": None}
    refused(pass_tower, st, 1, act, reason="not_in_hand")


def test_pass_refusals():
    """KR-PASS-1: to another player; only cards in hand; only in phase 2."""
    st = game(hands=(["archer_1"], []))
    act = lambda **kw: {"type": "pass", "card": "archer_1", "to": 1, "variant": None, **kw}  # noqa: E731
    refused(pass_tower, st, 0, act(to=0), reason="pass_to_self")
    refused(pass_tower, st, 0, act(to=5), reason="bad_seat")
    refused(pass_tower, st, 0, act(card="mage_1"), reason="not_in_hand")
    refused(pass_tower, st, 0, act(variant="a"), reason="bad_variant")
    st["phase"] = 6
    refused(pass_tower, st, 0, act(), reason="wrong_phase")


def test_pass_at_level_cap_and_with_empty_supply():
    """KR-PASS-4/5, KR-AMB-14: above the cap (2 in scenario 1) or with no next-level card the
    card is passed unchanged."""
    st = game(hands=(["archer_2", "mage_1"], []))
    supply = dict(st["supply"])
    ev = passing(st, 0, "archer_2", 1)
    assert st["seats"][1]["pending"] == ["archer_2"] and ev[0].params["upgraded"] is False
    st["supply"]["mage_2"] = 0
    passing(st, 0, "mage_1", 1)
    assert st["seats"][1]["pending"] == ["archer_2", "mage_1"]
    assert st["supply"] == {**supply, "mage_2": 0}


def test_pass_l3_chooses_an_l4_variant():
    """KR-AMB-13: the passer names the L4; an unavailable one is refused; with one left it is
    taken without naming it."""
    st = game("twin_gates", hands=(["archer_3", "archer_3", "archer_3"], []))
    act = {"type": "pass", "card": "archer_3", "to": 1, "variant": None}
    refused(pass_tower, st, 0, act, reason="choose_variant")
    passing(st, 0, "archer_3", 1, "b")
    assert st["seats"][1]["pending"] == ["archer_4b"]
    st["supply"]["archer_4a"] = 0
    refused(pass_tower, st, 0, {**act, "variant": "a"}, reason="variant_unavailable")
    passing(st, 0, "archer_3", 1)
    assert st["seats"][1]["pending"] == ["archer_4b", "archer_4b"]


def test_solo_pass_goes_to_own_slot():
    """KR-SOLO-9, KR-AMB-52: upgraded into one's own pending slot; unchanged with no supply."""
    st = game(heroes=["malik"], hands=(["archer_1", "mage_1"],))
    passing(st, 0, "archer_1", 0)
    st["supply"]["mage_2"] = 0
    passing(st, 0, "mage_1", 0)
    assert st["seats"][0]["pending"] == ["archer_2", "mage_1"] and st["seats"][0]["hand"] == []


# --- buying ------------------------------------------------------------------------------------------

def test_buy_towers():
    """KR-BUY-1..5: L1 costs 2, L2 costs 3, to any player's hand, from the supply."""
    st = game(hands=([], []))
    st["phase"], st["crystals"] = 6, 7
    supply = dict(st["supply"])
    events: list = []
    buy(st, [{"card": "archer_1", "to": 0}, {"card": "mage_2", "to": 1}, {"card": "archer_1", "to": 1}], events)
    assert st["crystals"] == 0
    assert st["seats"][0]["hand"] == ["archer_1"] and st["seats"][1]["hand"] == ["mage_2", "archer_1"]
    assert st["supply"]["archer_1"] == supply["archer_1"] - 2 and st["supply"]["mage_2"] == supply["mage_2"] - 1
    assert [e.kind for e in events] == ["tower_bought"] * 3


def test_buy_refusals_change_nothing():
    """KR-BUY-5/6: nothing above L2, not more than the supply, never more than the crystals;
    one bad purchase refuses the whole list."""
    st = game("goblin_woods", hands=([], []))
    st["phase"], st["crystals"] = 6, 5
    st["supply"]["archer_2"] = 1
    refused(buy, st, [{"card": "archer_3", "to": 0}], reason="not_buyable")
    refused(buy, st, [{"card": "archer_2", "to": 0}, {"card": "archer_2", "to": 1}], reason="sold_out")
    refused(buy, st, [{"card": "archer_1", "to": 0}, {"card": "mage_2", "to": 1},
                      {"card": "mage_1", "to": 0}], reason="crystals")
    refused(buy, st, [{"card": "archer_1", "to": 9}], reason="bad_seat")
    refused(buy, st, [{"card": "wall", "to": 0}], reason="no_such_card")
    st["phase"] = 2
    refused(buy, st, [{"card": "archer_1", "to": 0}], reason="wrong_phase")


def test_atomic_when_a_later_attack_fails_and_legal_placements_lists_soldiers():
    """KR-ACT-3: one action, all or nothing: a bad second attack undoes the first;
    legal_placements lists soldier squares (KR-SOL-2/3) for the UI."""
    st = game(hands=(["archer_3", "barracks_1"], []))
    g = tray(st, "goblin_scouts", "F3")
    refused(play_tower, st, 0, build("archer_3", "F2", "S", [T(g, (2, 1), (2, 2), (2, 3))], [T(g, (2, 1))]),
            reason="overlap")
    assert legal_placements(st, 0, "barracks_1", "F2", "S", 0) == {
        g: {"portal": None, "tiles": [], "soldiers": [[1, 1], [2, 1], [2, 2]]}}
