"""Empire vs Steppe, Rally and the collapse check of the Morale expansion
(engine/evs/morale_rules.py): ES-MX-13..17, ES-AMB-51, ES-AMB-52, and the examples ES-EX-8 and
ES-EX-9 with their numbers.

Seat 0 is the Empire and seat 1 the Steppe unless a test says otherwise."""
from __future__ import annotations

import json

import pytest

from engine.base import IllegalAction
from engine.evs import morale_rules as mr
from tests.games.evs.engine.morale_helpers import EMP, STP, find, kinds, new, place, stack


def test_ES_MX_13_rally_is_a_fourth_basic_action():
    assert mr.basic_actions(True) == ("deploy", "action", "recall", "rally")
    assert mr.basic_actions(False) == ("deploy", "action", "recall")


def test_ES_MX_14_rally_cost_and_return_to_the_bottom_of_the_pile_drawn_from():
    """ES-AMB-51: the debuff goes back under the pile on the opponent's side, whatever its state."""
    m, _ = new(active=STP)
    debuffs = find("steppe", "debuff")[:2]
    place(m, EMP, debuffs[0], state="flipped", played=0)
    place(m, EMP, debuffs[1], state="tapped", played=0)
    assert mr.rally_targets(m, STP) == debuffs and mr.rally_cost(m, STP) == 2
    assert mr.rally_targets(m, EMP) == []
    ev = []
    assert mr.rally_remove(m, STP, debuffs[1], ev, paid=2) == 2
    assert m["piles"][EMP][-1] == debuffs[1] and debuffs[1] not in m["piles"][STP]
    assert ev[0].kind == "morale_rally" and ev[0].params == {"seat": STP, "card": debuffs[1], "cost": 2}
    assert mr.rally_cost(m, STP) == 1


def test_ES_MX_14_rally_refuses_other_cards_and_a_wrong_payment():
    m, _ = new(active=STP)
    debuff, buff = find("steppe", "debuff")[0], find("empire", "buff")[0]
    place(m, EMP, debuff)
    place(m, EMP, buff)
    for cid in (buff, find("steppe", "debuff")[1]):
        with pytest.raises(IllegalAction) as err:
            mr.rally_remove(m, STP, cid, [])
        assert err.value.code == "evs.err.morale_rally_target" and err.value.legal == [debuff]
    with pytest.raises(IllegalAction) as err:
        mr.rally_remove(m, STP, debuff, [], paid=2)
    assert err.value.code == "evs.err.morale_rally_cost" and err.value.params == {"cost": 1, "paid": 2}
    with pytest.raises(IllegalAction):
        mr.rally_remove(m, EMP, debuff, [])  # the Empire's own pile holds no Empire debuffs to rally


def test_ES_MX_14_rally_ends_an_active_debuffs_effect():
    m, _ = new(active=EMP)
    quivers = "stp_spent_quivers"
    place(m, EMP, quivers)
    mr.play(m, EMP, quivers, [])
    mr.start_turn(m, STP)
    assert mr.power_modifier(m, STP, "engage") == -1
    mr.rally_remove(m, STP, quivers, [], paid=1)
    assert mr.power_modifier(m, STP, "engage") == 0


def test_ES_MX_15_rally_repeats_with_the_cost_recalculated():
    m, _ = new(active=EMP)
    for cid in find("empire", "debuff")[:4]:
        place(m, STP, cid)
    assert mr.rally_costs(m, EMP) == [4, 3, 2, 1]
    paid = [mr.rally_remove(m, EMP, mr.rally_targets(m, EMP)[0], [], paid=mr.rally_cost(m, EMP)) for _ in range(2)]
    assert paid == [4, 3] and mr.rally_costs(m, EMP) == [2, 1]


def test_ES_MX_16_collapse_check_counts_before_placing_and_even_with_an_empty_pile():
    """ES-AMB-52."""
    m, _ = new(active=EMP)
    for cid in find("steppe", "debuff")[:3]:
        place(m, EMP, cid)
    m["piles"][EMP] = []
    ev = []
    assert mr.shake(m, None, STP, 3, ev, active_seat=EMP) == "morale_collapse"
    assert kinds(ev) == ["morale_shake", "morale_collapse"] and ev[1].params == {"seat": STP, "debuffs": 3}


def test_ES_MX_16_all_states_count_and_only_the_shaken_players_debuffs():
    m, _ = new(active=EMP)
    debuffs = find("steppe", "debuff")[:3]
    for cid, state in zip(debuffs, ("up", "tapped", "flipped")):
        place(m, EMP, cid, state=state, played=1)
    for cid in find("steppe", "buff")[:3]:
        place(m, STP, cid)  # Steppe buffs in the Steppe zone do not count against anyone
    assert mr.shake(m, None, EMP, 3, [], active_seat=EMP) is None  # the Empire: 0 of its debuffs
    assert mr.shake(m, None, STP, 3, [], active_seat=EMP) == "morale_collapse"


def test_ES_MX_16_no_check_without_a_draw():
    m, _ = new(active=EMP)
    for cid in find("steppe", "debuff")[:3]:
        place(m, EMP, cid)
    assert mr.shake(m, None, STP, 2, [], active_seat=EMP) is None  # 0 -> 2: no draw square
    assert m["turn"]["checked"] == [False, False]


def test_ES_AMB_52_check_once_per_player_per_turn_for_each_player():
    m, _ = new(active=EMP)
    ev = []
    mr.shake(m, None, STP, 3, ev, active_seat=EMP)
    mr.shake(m, None, EMP, 3, ev, active_seat=EMP)
    assert kinds(ev).count("morale_collapse_check") == 2 and m["turn"]["checked"] == [True, True]
    ev = []
    m["seats"][STP]["marker"] = 5
    mr.shake(m, None, STP, 1, ev, active_seat=EMP)
    assert "morale_collapse_check" not in kinds(ev)
    mr.start_turn(m, STP)
    assert m["turn"]["checked"] == [False, False]


def test_ES_MX_17_without_the_expansion_no_cards_zones_draw_squares_or_rally():
    m, _ = new(expansion=False)
    assert m["piles"] == [[], []] and not m["expansion"]
    ev = []
    for _ in range(3):
        mr.shake(m, None, EMP, 3, ev, active_seat=EMP)
    assert set(kinds(ev)) == {"morale_shake"}
    assert mr.playable(m, EMP, declared_action=True) == [] and mr.rally_targets(m, EMP) == []
    assert mr.rally_costs(m, EMP) == [] and mr.basic_actions(m["expansion"]) == ("deploy", "action", "recall")


def test_ES_EX_8_rally_costs_3_then_2_then_1():
    """The Steppe zone holds 3 Empire debuffs: one Rally pays 3, 2, 1 = 6 cards."""
    m, _ = new(active=EMP)
    debuffs = find("empire", "debuff")[:3]
    for cid in debuffs:
        place(m, STP, cid)
    assert mr.rally_costs(m, EMP) == [3, 2, 1] and sum(mr.rally_costs(m, EMP)) == 6
    paid = []
    for cid in debuffs:
        paid.append(mr.rally_remove(m, EMP, cid, [], paid=mr.rally_cost(m, EMP)))
    assert paid == [3, 2, 1] and sum(paid) == 6
    assert m["piles"][STP][-3:] == debuffs and m["seats"][STP]["zone"] == []


def test_ES_EX_9_collapse_check():
    """3 Empire debuffs in the Steppe zone at the start of the Steppe's turn; a Steppe attack
    wounds an Empire unit (shake 1 from 2 to 3) and the Steppe is about to draw: the Empire loses."""
    m, _ = new(active=None)
    for cid in find("empire", "debuff")[:3]:
        place(m, STP, cid)
    mr.start_turn(m, STP)
    m["seats"][EMP]["marker"] = 2
    pile = list(m["piles"][STP])
    ev = []
    assert mr.shake(m, None, EMP, 1, ev, active_seat=STP) == "morale_collapse"
    assert m["piles"][STP] == pile and len(m["seats"][STP]["zone"]) == 3  # nothing drawn


def test_ES_EX_9_a_third_debuff_drawn_mid_turn_gives_time_to_rally():
    """With 2, the drawn card is a third Empire debuff: no loss now, no later check this turn;
    the Empire can Rally on its own turn; without it, the next check makes it lose."""
    m, _ = new(active=None)
    debuffs = find("empire", "debuff")
    for cid in debuffs[:2]:
        place(m, STP, cid)
    mr.start_turn(m, STP)
    stack(m, STP, debuffs[2], debuffs[3])
    m["seats"][EMP]["marker"] = 2
    assert mr.shake(m, None, EMP, 1, [], active_seat=STP) is None
    assert len(mr.debuffs_against(m, EMP)) == 3
    m["seats"][EMP]["marker"] = 5
    ev = []
    assert mr.shake(m, None, EMP, 1, ev, active_seat=STP) is None  # 5 -> 6 draws: no check
    assert "morale_collapse_check" not in kinds(ev) and len(mr.debuffs_against(m, EMP)) == 4
    later = json.loads(json.dumps(m))
    mr.start_turn(m, EMP)
    assert mr.rally_costs(m, EMP) == [4, 3, 2, 1]
    mr.rally_remove(m, EMP, debuffs[0], [], paid=4)
    mr.rally_remove(m, EMP, debuffs[1], [], paid=3)
    mr.start_turn(m, STP)
    m["seats"][EMP]["marker"] = 8
    assert mr.shake(m, None, EMP, 1, [], active_seat=STP) is None  # 2 debuffs: holds
    mr.start_turn(later, EMP)  # no Rally this time
    later["seats"][EMP]["marker"] = 8
    assert mr.shake(later, None, EMP, 1, [], active_seat=EMP) == "morale_collapse"
