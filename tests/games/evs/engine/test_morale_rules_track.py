"""Empire vs Steppe, the morale track and the Morale expansion's draws (engine/evs/morale_rules.py):
ES-MOR-1..5, ES-END-5, the piles, zones and draw squares ES-MX-3..7, the readings ES-AMB-34,
ES-AMB-46..48, the core's shake adapter, and the examples ES-EX-6 and ES-EX-7 with their numbers.

Seat 0 is the Empire and seat 1 the Steppe unless a test says otherwise."""
from __future__ import annotations

import json

import pytest

from engine.evs import morale_rules as mr
from engine.rng import new_rng
from tests.games.evs.engine.morale_helpers import CARDS, EMP, STP, find, kinds, new, place, stack


# ---------------------------------------------------------------- ES-MOR

def test_ES_MOR_1_each_player_has_one_marker_on_their_own_track():
    m, _ = new()
    assert [s["marker"] for s in m["seats"]] == [0, 0]
    assert m["seats"][0]["track"] is not m["seats"][1]["track"]


def test_ES_MOR_2_shake_moves_the_own_marker_forward():
    m, rng = new()
    ev = []
    assert mr.shake(m, rng, STP, 2, ev, active_seat=EMP) is None
    assert [s["marker"] for s in m["seats"]] == [0, 2]
    assert kinds(ev) == ["morale_shake"] and ev[0].params == {"seat": STP, "n": 2, "start": 0, "end": 2}


def test_ES_MOR_3_forced_or_chosen_shakes_are_the_same_shake():
    """A chosen shake (the terrain penalty) and a forced one (damage) are one function with the
    same outcome; the cause is the core's business."""
    a, rng_a = new(5)
    b, rng_b = new(5)
    ea, eb = [], []
    mr.shake(a, rng_a, EMP, 4, ea, active_seat=EMP)  # chosen: own turn, terrain penalty
    mr.shake(b, rng_b, EMP, 4, eb, active_seat=EMP)  # forced: e.g. a defence card's morale icons
    assert a == b and ea == eb


def test_ES_MOR_4_track_layout_and_ES_AMB_34():
    m, _ = new()
    for side in m["seats"]:
        assert side["track"] == {"start": 0, "collapse": 12, "draw": [3, 6, 9]}
        assert side["marker"] == 0
    assert 12 not in m["seats"][0]["track"]["draw"]  # ES-AMB-34: collapse is not a draw square
    m["piles"] = [[], []]
    mr.shake(m, None, EMP, 40, [], active_seat=EMP)
    assert m["seats"][EMP]["marker"] == 12  # never beyond collapse


def test_ES_AMB_34_the_marker_never_moves_below_0():
    m, _ = new()
    steady = find("empire", "buff", "steady")[0]  # back 2
    place(m, EMP, steady)
    m["seats"][EMP]["marker"] = 1
    ev = []
    mr.play(m, EMP, steady, ev)
    assert m["seats"][EMP]["marker"] == 0 and ev[-1].params == {"seat": EMP, "n": 2, "start": 1, "end": 0}


def test_ES_MOR_4_tracks_from_the_player_boards():
    track = {"length": 10, "start": 1, "collapse": 10, "draw": [4, 8]}
    m = mr.setup(new_rng(1), ["steppe", "empire"], tracks=[track, mr.DEFAULT_TRACK])
    assert m["seats"][0]["marker"] == 1 and m["seats"][0]["track"]["collapse"] == 10
    mr.start_turn(m, 0)
    ev = []
    mr.shake(m, None, 0, 3, ev, active_seat=0)  # 1 -> 4 passes draw square 4
    assert kinds(ev).count("morale_draw") == 1


def test_ES_MOR_5_ES_END_2_base_game_collapse_loses():
    m, rng = new(expansion=False)
    ev = []
    assert mr.shake(m, rng, STP, 11, ev, active_seat=EMP) is None
    assert "morale_draw" not in kinds(ev)
    assert mr.shake(m, rng, STP, 3, ev, active_seat=EMP) == "morale_collapse"
    assert m["seats"][STP]["marker"] == 12 and kinds(ev)[-1] == "morale_broken"


def test_ES_END_5_with_the_expansion_reaching_collapse_does_not_lose():
    """ES-END-5 / ES-MX-7: ES-MX-16 replaces ES-END-2."""
    m, rng = new()
    m["seats"][STP]["marker"] = 10
    ev = []
    assert mr.shake(m, rng, STP, 5, ev, active_seat=EMP) is None
    assert m["seats"][STP]["marker"] == 12
    assert "morale_broken" not in kinds(ev) and "morale_draw" not in kinds(ev)  # 9 not in (10, 12]


# ---------------------------------------------------------------- ES-MX

def test_ES_MX_3_piles_swap_the_buffs():
    m, _ = new(3)
    emp_pile = {c["id"] for c in CARDS.values() if (c["faction"], c["kind"]) in (("empire", "buff"), ("steppe", "debuff"))}
    stp_pile = {c["id"] for c in CARDS.values() if (c["faction"], c["kind"]) in (("steppe", "buff"), ("empire", "debuff"))}
    assert set(m["piles"][EMP]) == emp_pile and len(m["piles"][EMP]) == len(emp_pile)
    assert set(m["piles"][STP]) == stp_pile
    assert all(s["zone"] == [] for s in m["seats"])  # ES-SET-4
    # the seats' factions may be the other way round: the pile follows the faction
    r, _ = new(3, factions=("steppe", "empire"))
    assert set(r["piles"][0]) == stp_pile


def test_ES_MX_3_piles_are_shuffled_through_the_rng():
    a, _ = new(1)
    b, _ = new(1)
    c, _ = new(2)
    assert a["piles"] == b["piles"]  # replays are exact
    assert a["piles"] != c["piles"]
    json.dumps(a)  # JSON-compatible


def test_ES_MX_4_zone_keeps_own_buffs_and_enemy_debuffs_apart():
    m, _ = new()
    buff = find("empire", "buff")[0]
    debuff = find("steppe", "debuff")[0]
    stack(m, EMP, buff, debuff)
    ev = []
    mr.shake(m, None, STP, 7, ev, active_seat=EMP)  # 0 -> 7: squares 3, 6
    sides = {e["card"]: e["side"] for e in m["seats"][EMP]["zone"]}
    assert sides == {buff: "own_buff", debuff: "enemy_debuff"}
    view = mr.public_view(m)["seats"][EMP]
    assert view["own_buff"] == [{"card": buff, "state": "up"}]
    assert view["enemy_debuff"] == [{"card": debuff, "state": "up"}]
    assert view["pile"] == len(m["piles"][EMP]) and "piles" not in mr.public_view(m)


def test_ES_MX_5_one_draw_per_square_passed_by_the_opponent_from_their_side():
    m, _ = new()
    top = m["piles"][EMP][0]
    ev = []
    mr.shake(m, None, STP, 3, ev, active_seat=EMP)  # 0 -> 3: stops on square 3
    draws = [e for e in ev if e.kind == "morale_draw"]
    assert len(draws) == 1 and draws[0].params == {"seat": EMP, "card": top, "shaken": STP}
    assert m["seats"][EMP]["zone"][0]["card"] == top and m["seats"][STP]["zone"] == []


def test_ES_MX_5_the_start_square_never_counts():
    m, _ = new()
    m["seats"][STP]["marker"] = 3
    ev = []
    mr.shake(m, None, STP, 2, ev, active_seat=EMP)  # 3 -> 5
    assert "morale_draw" not in kinds(ev) and m["seats"][STP]["marker"] == 5


def test_ES_MX_6_drawn_card_is_shown_placed_face_up_and_the_marker_moves_back():
    m, _ = new()
    two = find("empire", "buff", value=2)[0]
    stack(m, EMP, two)
    m["seats"][STP]["marker"] = 2
    ev = []
    mr.shake(m, None, STP, 2, ev, active_seat=EMP)  # 2 -> 4, draws at 3, back 2
    assert m["seats"][STP]["marker"] == 2
    assert m["seats"][EMP]["zone"] == [{"card": two, "side": "own_buff", "state": "up", "pile": EMP, "played": None}]
    draw = next(e for e in ev if e.kind == "morale_draw")
    assert draw.visible_to is None  # shown to both players
    back = next(e for e in ev if e.kind == "morale_back")
    assert back.params == {"seat": STP, "card": two, "value": 2, "start": 4, "end": 2}


def test_ES_AMB_46_value_moves_the_shaken_marker_back_not_the_drawers():
    m, _ = new()
    stack(m, EMP, find("empire", "buff", value=1)[0])
    m["seats"][EMP]["marker"] = 5
    mr.shake(m, None, STP, 3, [], active_seat=EMP)
    assert m["seats"][EMP]["marker"] == 5 and m["seats"][STP]["marker"] == 2


def test_ES_MX_7_and_ES_AMB_48_at_collapse_one_draw_per_shake_and_no_forward_move():
    m, _ = new()
    zero, one = find("empire", "buff", value=0)[0], find("empire", "buff", value=1)[0]
    stack(m, EMP, zero, one)
    m["seats"][STP]["marker"] = 12
    ev = []
    assert mr.shake(m, None, STP, 3, ev, active_seat=EMP) is None  # size does not matter
    assert kinds(ev) == ["morale_shake_at_collapse", "morale_collapse_check", "morale_draw", "morale_back"]
    assert m["seats"][STP]["marker"] == 12  # value 0 leaves it on collapse
    ev = []
    mr.shake(m, None, STP, 1, ev, active_seat=EMP)
    assert kinds(ev) == ["morale_shake_at_collapse", "morale_draw", "morale_back"]  # checked once this turn
    assert m["seats"][STP]["marker"] == 11


def test_ES_MX_7_reaching_collapse_by_moving_and_crossing_squares():
    m, _ = new()
    m["seats"][STP]["marker"] = 8
    stack(m, EMP, find("empire", "buff", value=1)[0])
    ev = []
    mr.shake(m, None, STP, 10, ev, active_seat=EMP)  # 8 -> 12 (capped), square 9 crossed
    assert kinds(ev).count("morale_draw") == 1 and m["seats"][STP]["marker"] == 11


def test_ES_AMB_47_empty_pile_no_draw_and_no_move_back():
    m, _ = new(active=EMP)
    m["piles"][EMP] = [find("empire", "buff", value=1)[0]]
    ev = []
    mr.shake(m, None, STP, 7, ev, active_seat=EMP)  # 0 -> 7: squares 3 and 6, one card left
    assert kinds(ev) == ["morale_shake", "morale_collapse_check", "morale_draw", "morale_back",
                         "morale_pile_empty"]
    assert m["seats"][STP]["marker"] == 6


def test_ES_AMB_47_backward_moves_never_draw():
    m, _ = new(active=EMP)
    three = [c for c in CARDS if CARDS[c]["faction"] == "empire" and CARDS[c]["kind"] == "buff"
             and CARDS[c]["value"] == 2][0]
    stack(m, EMP, three)
    m["seats"][STP]["marker"] = 5
    ev = []
    mr.shake(m, None, STP, 2, ev, active_seat=EMP)  # 5 -> 7 passes 6, back 2 to 5 passing 6 again
    assert kinds(ev).count("morale_draw") == 1 and m["seats"][STP]["marker"] == 5


def test_shake_state_adapter_for_the_core():
    """The whole-state form: st["morale"], st["rng"], st["active"]; markers mirrored into
    st["track"]; the losing seat returned."""
    m, rng = new(active=None)
    for cid in find("steppe", "debuff")[:3]:
        place(m, EMP, cid)
    st = {"morale": m, "rng": rng, "active": EMP, "track": [0, 0]}
    mr.start_turn(m, EMP)
    ev = []
    assert mr.shake_state(st, EMP, 2, ev) is None and st["track"] == [2, 0]
    assert mr.shake_state(st, STP, 4, ev) == STP and st["track"] == [2, 4]


def test_shake_checks_whose_turn_it_is():
    m, _ = new(active=EMP)
    with pytest.raises(ValueError):
        mr.shake(m, None, STP, 3, [], active_seat=STP)
    assert mr.shake(m, None, STP, 0, [], active_seat=EMP) is None  # shake 0 is no shake


# ---------------------------------------------------------------- examples

def test_ES_EX_6_morale_draw():
    """Steppe on 5, a Steppe unit destroyed: shake 3, 5 -> 8 passing 6; the Empire draws from
    the Empire pile a value-2 card; Steppe back to 6; a later shake 1 moves 6 -> 7, no draw."""
    m, _ = new(active=EMP)
    card = "emp_eagle_raised"
    assert CARDS[card]["value"] == 2
    stack(m, EMP, card)
    m["seats"][STP]["marker"] = 5
    ev = []
    mr.shake(m, None, STP, 3, ev, active_seat=EMP)
    assert ev[0].params == {"seat": STP, "n": 3, "start": 5, "end": 8}
    assert [e.params for e in ev if e.kind == "morale_draw"] == [{"seat": EMP, "card": card, "shaken": STP}]
    assert [e["card"] for e in m["seats"][EMP]["zone"]] == [card]
    assert m["seats"][STP]["marker"] == 6
    ev = []
    mr.shake(m, None, STP, 1, ev, active_seat=EMP)
    assert kinds(ev) == ["morale_shake"] and m["seats"][STP]["marker"] == 7


def test_ES_EX_7_several_squares():
    """A marker on 2 shakes 5 to 7, passing 3 and 6: 2 draws, back by 1 then by 2."""
    m, _ = new(active=EMP)
    one, two = "emp_closed_ranks", "emp_eagle_raised"
    stack(m, EMP, one, two)
    m["seats"][STP]["marker"] = 2
    ev = []
    mr.shake(m, None, STP, 5, ev, active_seat=EMP)
    assert kinds(ev) == ["morale_shake", "morale_collapse_check", "morale_draw", "morale_back", "morale_draw",
                         "morale_back"]
    assert [(e.params["start"], e.params["end"]) for e in ev if e.kind in ("morale_shake", "morale_back")] == \
        [(2, 7), (7, 6), (6, 4)]
    assert m["seats"][STP]["marker"] == 4 and m["just_drawn"] == {"seat": EMP, "cards": [one, two]}
