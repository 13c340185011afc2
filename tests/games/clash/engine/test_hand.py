"""Hand, health and the fort card: CD-HAND, CD-FORT, CD-END."""
from tests.games.clash.engine.clash_helpers import (GAME, act, ev_of, hand, health, kinds, lane, make, run_phase3, tc)

from engine.clash import hand as handmod
from engine.clash import turn
from engine.clash.state import GameOver, copy_state

import pytest


def dmg(st, seat, n):
    """Apply one damage source of n to seat's fort on a copy; return (state, events)."""
    s = copy_state(st)
    events = []
    try:
        handmod.damage(s, seat, n, events)
    except GameOver:
        pass
    return s, events


def test_hand_9_example_full_hand_health_and_mana():
    """CD-HAND-9: [F(B), a..h] has d = 8 and gives 9 mana; playing a leaves d = 7."""
    st = make(hands={0: "F(B) a b c d e f g h"}, tp=1, turn=4)
    assert health(st, 0) == 8
    s = copy_state(st)
    turn.begin_turn(s, 0, [])
    assert s["players"][0]["mana"] == 9
    s2, _ = act(s, "play a top")
    assert hand(s2, 0) == ["F(B)", "b", "c", "d", "e", "f", "g", "h"]
    assert health(s2, 0) == 7


def test_hand_10_example_rightmost_bastion_flips():
    """CD-HAND-10 (and CD-HAND-6, CD-AMB-11): playing the last card right of the fort
    destroys the Bastion; playing a card left of the fort keeps d."""
    st = make(hands={0: "b c F(B) d e"}, mana=9)
    assert health(st, 0) == 2
    s1, _ = act(st, "play d top")
    assert hand(s1, 0) == ["b", "c", "F(B)", "e"] and health(s1, 0) == 1
    s2, ev = act(s1, "play e top")
    assert hand(s2, 0) == ["F(F)", "b", "c"] and health(s2, 0) == 2
    assert "bastion_destroyed" in kinds(ev)
    s3, _ = act(s1, "play b top")
    assert hand(s3, 0) == ["c", "F(B)", "e"] and health(s3, 0) == 1


def test_hand_1_fort_position_public_cards_private():
    """CD-HAND-1: the opponent sees the fort position and side and the hand size, never the
    other cards."""
    st = make(hands={0: "c a F(B) b", 1: "F(F) x y"})
    v = GAME.view(st, 1)
    s0 = v["seats"][0]
    assert s0["fort_pos"] == 3 and s0["fort_side"] == "bastion" and s0["hand_size"] == 4 and s0["health"] == 1
    assert all("card" not in e for e in s0["hand"])
    assert s0["hand"][2] == {"fort": True, "side": "bastion"}
    mine = GAME.view(st, 0)["seats"][0]["hand"]
    assert [e.get("card") for e in mine] == ["c", "a", None, "b"]
    pub = GAME.view(st, None)["seats"][1]
    assert pub["fort_side"] == "fort" and pub["health"] == 2


def test_hand_2_fort_position_is_health():
    """CD-HAND-2: d is the number of damage points the current side can still absorb."""
    st = make(hands={1: "x F(B) a b c"})
    assert health(st, 1) == 3
    s, _ = dmg(st, 1, 2)
    assert hand(s, 1) == ["x", "a", "b", "F(B)", "c"]  # absorbed, still Bastion
    s, ev = dmg(st, 1, 3)
    assert hand(s, 1)[0] == "F(F)" and "bastion_destroyed" in kinds(ev)


def test_hand_3_cards_shift_left_when_one_is_played():
    """CD-HAND-3: a card played from the right of the fort lowers d by 1; from the left it
    leaves d unchanged (cards to its right shift left)."""
    st = make(hands={0: "a F(B) b c d"}, mana=9)
    s, _ = act(st, "play b top")
    assert hand(s, 0) == ["a", "F(B)", "c", "d"] and health(s, 0) == 2
    s, _ = act(st, "play a top")
    assert hand(s, 0) == ["F(B)", "b", "c", "d"] and health(s, 0) == 3


def test_hand_4_returning_card_goes_rightmost_and_raises_d():
    """CD-HAND-4: a defeated creature returns to the rightmost position, raising d by 1."""
    bolt = "fire_bolt"
    st = make(hands={0: f"F(B) {bolt} a b", 1: "x F(B) y"}, lanes={"top": ("", "z")}, mana=5)
    assert health(st, 1) == 1
    s, _ = act(st, f"play {bolt} @1.top.1")
    assert hand(s, 1) == ["x", "F(B)", "y", "z"] and health(s, 1) == 2
    assert lane(s, "top", 1) == []


def test_hand_5_damage_moves_fort_right():
    """CD-HAND-5 / CD-FORT-1: N damage moves the fort N positions right; the others keep
    their order; 0 damage does nothing."""
    st = make(hands={1: "F(B) c1 c2 c3 c4 c5 c6 c7 c8"})
    s, _ = dmg(st, 1, 2)
    assert hand(s, 1) == ["c1", "c2", "F(B)", "c3", "c4", "c5", "c6", "c7", "c8"]
    s0, ev = dmg(st, 1, 0)
    assert hand(s0, 1) == hand(st, 1) and ev == []


def test_fort_1_damage_passes_n_cards():
    """CD-FORT-1: the fort passes exactly N cards."""
    st = make(hands={0: "a b F(B) c d e f"})
    s, _ = dmg(st, 0, 3)
    assert hand(s, 0) == ["a", "b", "c", "d", "e", "F(B)", "f"]


def test_fort_2_bastion_flip_loses_remaining_damage():
    """CD-FORT-2: reaching or passing the rightmost position with the Bastion up flips the
    card to its Fort side at position 1; remaining damage from that source is lost."""
    st = make(hands={0: "a F(B) b c"})
    s, ev = dmg(st, 0, 5)
    assert hand(s, 0) == ["F(F)", "a", "b", "c"]
    assert ev_of(ev, "fort_moved")[0]["lost"] == 3


def test_fort_3_fort_side_rightmost_loses():
    """CD-FORT-3 / CD-END-1: the Fort side reaching the rightmost position loses the game;
    the opponent wins."""
    st = make(hands={0: "a F(F) b c"})
    s, ev = dmg(st, 0, 2)
    assert s["result"] == {"winners": [1], "loser": 0, "reason": "fort_destroyed"}
    r = GAME.result(s)
    assert r.winners == [1] and r.placements == [[1], [0]] and r.reason == "fort_destroyed"
    assert "game_over" in kinds(ev)


def test_fort_4_each_source_separate():
    """CD-FORT-4: the excess rule applies within one source only. One 4-point hit on d = 2
    flips and loses 2; two 2-point hits flip and then move the Fort side 2 positions."""
    one = tc(4, 4, name="t_hit4")
    two = tc(2, 4, name="t_hit2")
    st = make(hands={1: "c1 c2 F(B) c3 c4 c5"}, lanes={"bottom": (one, "")}, tp=0)
    s, _ = run_phase3(st)
    assert hand(s, 1) == ["F(F)", "c1", "c2", "c3", "c4", "c5"]
    st = make(hands={1: "c1 c2 c3 F(B) c4 c5"}, lanes={"top": (two, ""), "bottom": (two, "")}, tp=0)
    s, _ = run_phase3(st)
    # first hit: d 2 -> 0 flips; second hit: 2 more on the Fort side
    assert hand(s, 1) == ["c1", "c2", "F(F)", "c3", "c4", "c5"]


def test_fort_5_example():
    """CD-FORT-5: [b, c, F(B), d, e]: 1 damage -> [b, c, d, F(B), e]; then 4 damage flips the
    Bastion ([F(Fort), b, c, d, e], 3 lost); a later 4 damage makes that player lose."""
    st = make(hands={1: "b c F(B) d e"})
    s, _ = dmg(st, 1, 1)
    assert hand(s, 1) == ["b", "c", "d", "F(B)", "e"] and health(s, 1) == 1
    s, ev = dmg(s, 1, 4)
    assert hand(s, 1) == ["F(F)", "b", "c", "d", "e"]
    assert ev_of(ev, "fort_moved")[0]["lost"] == 3
    s, _ = dmg(s, 1, 4)
    assert s["result"]["loser"] == 1


def test_fort_6_example():
    """CD-FORT-6: 3 damage at game start gives [c1, c2, c3, F(B), c4..c8] (d = 5); 6 more
    reach the rightmost after 5 steps: flip, position 1, 1 damage lost."""
    st = make(hands={1: "F(B) c1 c2 c3 c4 c5 c6 c7 c8"})
    s, _ = dmg(st, 1, 3)
    assert hand(s, 1) == ["c1", "c2", "c3", "F(B)", "c4", "c5", "c6", "c7", "c8"] and health(s, 1) == 5
    s, ev = dmg(s, 1, 6)
    assert hand(s, 1) == ["F(F)", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"]
    assert ev_of(ev, "fort_moved")[0]["lost"] == 1


def test_hand_6_rightmost_check_fort_side_play_loses():
    """CD-HAND-6 / CD-AMB-11: the check is state-based; playing the last card right of a
    Fort-side fort card loses the game at once."""
    st = make(hands={0: "a b F(F) c"}, mana=9)
    s, ev = act(st, "play c top")
    assert s["result"] == {"winners": [1], "loser": 0, "reason": "fort_destroyed"}
    assert lane(s, "top", 0) == []  # nothing further resolves (CD-ATK-17)
    assert kinds(ev)[-1] == "game_over"


def test_hand_7_only_fort_loses_even_bastion():
    """CD-HAND-7 / CD-AMB-12 / CD-END-2: a hand holding only the fort card loses at once,
    whichever side is up; this check comes before the Bastion flip."""
    st = make(hands={0: "F(B) a"}, mana=9)
    s, ev = act(st, "play a top")
    assert s["result"]["reason"] == "only_fort" and s["result"]["loser"] == 0
    assert "bastion_destroyed" not in kinds(ev)
    st = make(hands={0: "a F(B)".replace("a F(B)", "a F(B)")}, mana=9)
    # A fort card can never rest rightmost; [a, F(B)] is built only to show the order of checks.
    s, ev = act(st, "play a top")
    assert s["result"]["reason"] == "only_fort"


def test_hand_8_board_presence_costs_health_and_mana():
    """CD-HAND-8: cards on the board lower health and next turn's mana; a defeated creature
    coming back restores them."""
    st = make(hands={0: "F(B) a b c d e f g h"}, mana=9)
    s, _ = act(st, "play a top")
    s, _ = act(s, "play b top")
    assert health(s, 0) == 6
    s, _ = act(s, "end")  # seat 1's turn starts
    s2 = copy_state(s)
    turn.end_turn(s2, [])
    turn.begin_turn(s2, 0, [])
    assert s2["players"][0]["mana"] == 7  # 7 cards in hand now, not 9
    bolt_hand = make(hands={1: "F(B) fire_bolt x y", 0: "F(B) c d"}, lanes={"top": ("a", "")}, tp=1, mana=5)
    s3, _ = act(bolt_hand, "play fire_bolt @0.top.1")
    assert health(s3, 0) == 3 and len(s3["players"][0]["hand"]) == 4


def test_end_1_2_3_single_loser_and_no_more_resolution():
    """CD-END-1 / CD-END-3 / CD-ATK-17: the game ends at once when a Fort-side fort reaches
    the rightmost position; nothing further resolves and exactly one player wins."""
    big = tc(5, 5, name="t_big5")
    st = make(hands={1: "F(F) c1 c2"}, lanes={"top": (f"{big} {big}", ""), "bottom": (big, "")})
    s, ev = run_phase3(st)
    assert s["result"]["winners"] == [0]
    assert len(ev_of(ev, "attack")) == 1  # the other two never attacked
    assert GAME.legal_actions(s, 0) == [] and GAME.legal_actions(s, 1) == [] and GAME.prompts(s) == []
    with pytest.raises(Exception) as e:
        GAME.apply(s, 0, {"type": "end"})
    assert e.value.code == "clash.err.game_over"


def test_end_2_only_fort_via_spell_cast():
    """CD-END-2: casting the only remaining card (a spell) leaves only the fort: the caster
    loses before the spell resolves and returns."""
    st = make(hands={0: "F(B) fire_bolt"}, lanes={"top": ("", "z")}, mana=5)
    s, ev = act(st, "play fire_bolt @1.top.1")
    assert s["result"]["loser"] == 0 and s["result"]["reason"] == "only_fort"
    assert "spell_cast" not in kinds(ev)
