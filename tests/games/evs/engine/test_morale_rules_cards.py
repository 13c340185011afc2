"""Empire vs Steppe, playing the morale cards (engine/evs/morale_rules.py): when a card may be
played and its conditions (ES-MX-8, ES-AMB-49), the order of effects (ES-MX-9), once and ongoing
cards (ES-MX-10..12, ES-AMB-50), and the effects the core applies.

Seat 0 is the Empire and seat 1 the Steppe unless a test says otherwise."""
from __future__ import annotations

import pytest

from engine.base import IllegalAction
from engine.evs import morale_rules as mr
from tests.games.evs.engine.morale_helpers import EMP, STP, find, kinds, new, place, stack, state_of


def test_ES_MX_8_a_just_drawn_card_may_be_played_even_in_the_opponents_turn():
    m, _ = new(active=STP)  # the Steppe's turn; the Empire is the drawer
    buff = find("empire", "buff", "power", duration="ongoing")[0]
    stack(m, EMP, buff)
    mr.shake(m, None, STP, 3, [], active_seat=STP)  # e.g. a terrain penalty the Steppe chose
    assert m["just_drawn"] == {"seat": EMP, "cards": [buff]}
    assert mr.playable(m, EMP, declared_action=True, just_drawn=None) == []  # not its turn
    assert mr.playable(m, EMP, declared_action=False, just_drawn=buff) == [buff]
    assert mr.playable(m, STP, declared_action=False, just_drawn=buff) == []  # not the Steppe's card
    with pytest.raises(IllegalAction) as err:
        mr.play(m, EMP, buff, [], declared_action=False)
    assert err.value.code == "evs.err.morale_timing"
    mr.play(m, EMP, buff, [], declared_action=False, just_drawn=buff)
    assert state_of(m, EMP, buff) == "tapped"


def test_ES_MX_8_b_and_ES_AMB_49_any_moment_of_own_turn_with_action_declared():
    m, _ = new(active=EMP)
    cards = [find("empire", "buff", "power", duration="ongoing")[0], find("steppe", "debuff", "cost")[0]]
    for cid in cards:
        place(m, EMP, cid)
    assert mr.playable(m, EMP, declared_action=True) == cards
    assert mr.playable(m, EMP, declared_action=False) == []  # e.g. Deploy + Recall
    mr.start_turn(m, STP)
    assert mr.playable(m, EMP, declared_action=True) == []  # never at other times of the opponent's turn


def test_ES_MX_8_card_conditions_must_hold_in_both_cases():
    m, _ = new(active=EMP)
    last = "emp_last_stand"  # marker_at_least faction 9
    desertion = "emp_desertion"  # Empire debuff, played by the Steppe: Empire marker at least 6
    charge = "stp_fierce_charge"  # own_turn
    place(m, EMP, last)
    place(m, STP, desertion)
    place(m, STP, charge)
    assert mr.playable(m, EMP, declared_action=True) == []
    with pytest.raises(IllegalAction) as err:
        mr.play(m, EMP, last, [])
    assert err.value.code == "evs.err.morale_condition"
    m["seats"][EMP]["marker"] = 9
    assert mr.playable(m, EMP, declared_action=True) == [last]
    mr.start_turn(m, STP)
    m["seats"][EMP]["marker"] = 5
    assert mr.playable(m, STP, declared_action=True) == [charge]
    m["seats"][EMP]["marker"] = 6
    assert mr.playable(m, STP, declared_action=True) == [desertion, charge]
    m["just_drawn"] = {"seat": STP, "cards": [charge]}
    mr.start_turn(m, EMP)
    m["just_drawn"] = {"seat": STP, "cards": [charge]}
    assert mr.playable(m, STP, declared_action=False, just_drawn=charge) == []  # own_turn only


def test_ES_MX_9_cards_take_effect_in_the_order_played():
    """Marker on 1: a steady 2 then a shake 1 gives 0 then 1; the other order 2 then 0."""
    steady = "stp_khans_blessing"  # Steppe steadies 2
    feud = find("steppe", "debuff", "shake", conditions=None)[0]  # Steppe shakes 1
    results = []
    for order in ((steady, feud), (feud, steady)):
        m, _ = new(active=EMP)
        m["piles"][EMP] = [c for c in m["piles"][EMP] if c != feud]
        m["seats"][EMP]["zone"].append({"card": feud, "side": "enemy_debuff", "state": "up", "pile": EMP,
                                        "played": None})
        m["piles"][STP].remove(steady)
        m["seats"][STP]["zone"].append({"card": steady, "side": "own_buff", "state": "up", "pile": STP,
                                        "played": None})
        m["just_drawn"] = {"seat": STP, "cards": [steady]}
        m["seats"][STP]["marker"] = 1
        ev = []
        for cid in order:
            holder = EMP if cid == feud else STP
            mr.play(m, holder, cid, ev)
        results.append((m["seats"][STP]["marker"], [e.params.get("card") for e in ev if e.kind == "morale_play"]))
    assert results == [(1, [steady, feud]), (0, [feud, steady])]


def test_ES_MX_10_once_card_is_flipped_and_stays_but_cannot_be_replayed():
    m, _ = new(active=EMP)
    once = "emp_eagle_raised"
    place(m, EMP, once)
    m["seats"][EMP]["marker"] = 5
    mr.play(m, EMP, once, [], declared_action=True)
    assert m["seats"][EMP]["marker"] == 3 and state_of(m, EMP, once) == "flipped"
    assert mr.playable(m, EMP, declared_action=True) == []
    mr.start_turn(m, STP)
    mr.start_turn(m, EMP)
    assert state_of(m, EMP, once) == "flipped"  # never untaps
    with pytest.raises(IllegalAction) as err:
        mr.play(m, EMP, once, [])
    assert err.value.code == "evs.err.morale_card_used"


def test_ES_MX_11_ongoing_card_is_tapped_and_its_effect_lasts_while_tapped():
    m, _ = new(active=EMP)
    wall = "emp_closed_ranks"  # defend +1
    place(m, EMP, wall)
    assert mr.defence_modifier(m, EMP) == 0  # face-up: no effect before it is played
    mr.play(m, EMP, wall, [], declared_action=True)
    assert state_of(m, EMP, wall) == "tapped" and mr.playable(m, EMP, declared_action=True) == []
    assert mr.defence_modifier(m, EMP) == 1
    mr.start_turn(m, STP)
    assert mr.defence_modifier(m, EMP) == 1  # through the opponent's turn
    assert mr.power_modifier(m, EMP, "engage") == 0


def test_ES_MX_12_tapped_cards_untap_at_their_holders_next_turn():
    m, _ = new(active=EMP)
    wall = "emp_closed_ranks"
    spent = "stp_spent_quivers"  # Steppe debuff held and played by the Empire
    place(m, EMP, wall)
    place(m, EMP, spent)
    mr.play(m, EMP, wall, [])
    mr.play(m, EMP, spent, [])
    assert mr.power_modifier(m, STP, "engage") == -1
    ev = []
    mr.start_turn(m, STP, ev)
    assert ev == [] and state_of(m, EMP, wall) == "tapped"
    assert mr.power_modifier(m, STP, "engage") == -1  # lasts through the Steppe's turn
    mr.start_turn(m, EMP, ev)
    assert kinds(ev) == ["morale_untap", "morale_untap"]
    assert state_of(m, EMP, wall) == state_of(m, EMP, spent) == "up"
    assert mr.power_modifier(m, STP, "engage") == 0 and mr.defence_modifier(m, EMP) == 0
    assert mr.playable(m, EMP, declared_action=True) == [wall, spent]  # can be played again


def test_ES_AMB_50_once_modifier_lasts_to_the_end_of_its_turn():
    m, _ = new(active=STP)
    charge = "stp_fierce_charge"  # once, +2 engage, own turn
    place(m, STP, charge)
    mr.play(m, STP, charge, [], declared_action=True)
    assert mr.power_modifier(m, STP, "engage") == 2 and mr.power_modifier(m, STP, "defend") == 0
    assert mr.active_effects(m)[0]["until"] == "turn_end"
    mr.start_turn(m, EMP)
    assert mr.power_modifier(m, STP, "engage") == 0


# ---------------------------------------------------------------- effects

def test_effects_modifiers_sum_by_seat_and_scope():
    m, _ = new(active=EMP)
    for cid in ("emp_drilled_ranks", "emp_closed_ranks", "emp_forced_march", "stp_scattered_clans",
                "stp_wavering_hearts", "stp_ambushed"):
        place(m, EMP, cid)
        mr.play(m, EMP, cid, [], declared_action=True)
    assert mr.modifiers(m, EMP) == {"engage": 1, "defend": 1, "morale_effect": 0, "mobility": 1, "cost": 0}
    assert mr.modifiers(m, STP) == {"engage": -1, "defend": -1, "morale_effect": -1, "mobility": 0, "cost": 1}
    assert mr.cost_modifier(m, STP) == 1 and mr.mobility_modifier(m, EMP) == 1
    assert mr.morale_effect_modifier(m, STP) == -1
    with pytest.raises(ValueError):
        mr.power_modifier(m, EMP, "siege")


def test_effects_tokens_and_heal_return_directives_for_the_core():
    m, _ = new(active=EMP)
    for cid in ("emp_supply_train", "emp_field_surgeons", "stp_stragglers"):
        place(m, EMP, cid)
    ev = []
    assert mr.play(m, EMP, "emp_supply_train", ev)["apply"] == {"type": "tokens", "seat": EMP, "n": 1, "chooser": EMP}
    assert mr.play(m, EMP, "emp_field_surgeons", ev)["apply"] == {"type": "heal", "seat": EMP, "n": 1, "chooser": EMP}
    out = mr.play(m, EMP, "stp_stragglers", ev)
    assert out == {"lost": None, "loser": None, "apply": {"type": "tokens", "seat": STP, "n": -1, "chooser": EMP}}
    assert kinds(ev) == ["morale_play", "morale_tokens_gain", "morale_play", "morale_heal", "morale_play",
                         "morale_tokens_loss"]


def test_effects_a_shake_debuff_draws_and_can_collapse():
    m, _ = new(active=EMP)
    mutiny = "emp_mutiny"  # Empire shakes 1, held by the Steppe
    for cid in [c for c in find("empire", "debuff") if c != mutiny][:3]:
        place(m, STP, cid)
    place(m, STP, mutiny)
    m["just_drawn"] = {"seat": STP, "cards": [mutiny]}
    m["seats"][EMP]["marker"] = 2
    ev = []
    out = mr.play(m, STP, mutiny, ev, declared_action=False, just_drawn=mutiny)
    assert out == {"lost": "morale_collapse", "loser": EMP, "apply": None}
    assert m["seats"][EMP]["marker"] == 3 and kinds(ev)[-1] == "morale_collapse"


def test_play_refuses_cards_not_in_the_own_zone():
    m, _ = new(active=EMP)
    place(m, STP, "stp_spoils")
    for cid in ("stp_spoils", "nothing"):
        with pytest.raises(IllegalAction) as err:
            mr.play(m, EMP, cid, [])
        assert err.value.code == "evs.err.morale_not_in_zone"
