"""Turn structure, mana, phase 2 plays and spells: CD-TURN, CD-MANA, CD-CAT, CD-PLAY,
CD-SPELL, CD-EOT."""
import pytest

from tests.games.clash.engine.clash_helpers import (GAME, IllegalAction, act, creature, ev_of, hand, health, kinds, lane, make,
                           run_phase3, scenario, tc, ts)

from engine.clash import turn


def start_game(seed=3):
    st = GAME.setup(2, {}, seed)
    while st["stage"] == "deck_choice":
        seat = GAME.prompts(st)[0].seat
        st, _ = GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])
    return st


def test_turn_1_game_begins_with_first_player():
    """CD-TURN-1 / CD-MANA-2 / CD-MANA-5: the game begins with the first player's turn; they
    get 6 mana instead of 9; the second player's first turn gives 9."""
    st = start_game()
    fp = st["first_player"]
    assert st["turn"] == 1 and st["turn_player"] == fp and st["phase"] == "summon"
    assert len(st["players"][fp]["hand"]) == 9 and st["players"][fp]["mana"] == 6
    s, ev = act(st, "end")
    assert s["turn_player"] == 1 - fp and s["turn"] == 2
    assert s["players"][1 - fp]["mana"] == 9
    assert ev_of(ev, "mana_gained")[-1] == {"seat": 1 - fp, "amount": 9, "base": 9, "catalyst": 0}


def test_turn_2_3_phase_order_and_handover():
    """CD-TURN-2 / CD-TURN-3: reset, summon, attack, end of turn, then the other player."""
    a = tc(1, 5, name="t_turn_attacker")
    st = make(lanes={"top": (a, "")}, tp=0)
    s, ev = act(st, "end")
    k = kinds(ev)
    assert k.index("phase_attack") < k.index("attack") < k.index("turn_end") < k.index("turn_start") \
        < k.index("mana_gained")
    assert s["turn_player"] == 1 and s["phase"] == "summon"


def test_mana_1_hand_size_including_fort():
    """CD-MANA-1: the turn player gains mana equal to the cards in hand, fort included."""
    st = make(hands={0: "a F(B) b c"}, tp=1, turn=6)
    turn.begin_turn(st, 0, [])
    assert st["players"][0]["mana"] == 4


def test_mana_3_catalyst_adds_two_each_no_maximum():
    """CD-MANA-3 / CD-CAT-1 / CD-CAT-2: each Catalyst creature adds +2 in phase 1, no cap."""
    cat = "sap_shaman"
    st = make(hands={0: "F(B) a b c d e f g h"}, lanes={"top": (f"{cat} {cat}", ""), "bottom": (cat, "")},
              tp=1, turn=6)
    ev = []
    turn.begin_turn(st, 0, ev)
    assert st["players"][0]["mana"] == 9 + 6
    assert ev_of(ev, "mana_gained")[0]["catalyst"] == 3


def test_mana_4_cannot_overspend_and_unspent_is_lost():
    """CD-MANA-4: a card costing more than the mana left cannot be played (Blood Price
    excepted); unspent mana is lost at the end of the turn."""
    st = make(hands={0: "F(B) magma_brute a b"}, mana=2)
    with pytest.raises(IllegalAction) as e:
        act(st, "play magma_brute top")
    assert e.value.code == "clash.err.too_expensive" and e.value.params["cost"] == 3
    s, _ = act(st, "end")
    assert s["players"][0]["mana"] == 0


def test_play_1_any_number_then_end():
    """CD-PLAY-1: any number of cards, one at a time, until phase 2 is declared over."""
    st = make(hands={0: "F(B) a b c d e"}, mana=9)
    s = st
    for card in "abcd":
        s, _ = act(s, f"play {card} top")
    assert lane(s, "top", 0) == ["a", "b", "c", "d"] and s["phase"] == "summon"
    s0, _ = act(st, "end")  # zero plays is allowed too
    assert s0["turn_player"] == 1


def test_play_2_window_and_cost():
    """CD-PLAY-2: playable = among the 4 leftmost non-fort cards and affordable."""
    expensive = tc(1, 1, cost=7, name="t_cost7")
    st = make(hands={0: f"a F(B) b {expensive} c d e"}, mana=6)
    playable = {x["card"] for x in GAME.legal_actions(st, 0) if x["type"] == "play"}
    assert playable == {"a", "b", "c"}
    with pytest.raises(IllegalAction) as e:
        act(st, "play d top")
    assert e.value.code == "clash.err.not_in_window"
    assert "play a top" in e.value.legal
    view = GAME.view(st, 0)["seats"][0]["hand"]
    assert [h.get("playable") for h in view] == [True, None, True, False, True, False, False]
    few = make(hands={0: "F(B) a b"}, mana=6)
    assert {x["card"] for x in GAME.legal_actions(few, 0) if x["type"] == "play"} == {"a", "b"}


def test_play_3_window_refills_at_once():
    """CD-PLAY-3: paying and removing the card closes the hand up at once, so a new card may
    enter the leftmost four immediately."""
    st = make(hands={0: "F(B) a b c d e"}, mana=2)
    s, ev = act(st, "play a top")
    assert s["players"][0]["mana"] == 1
    assert ev_of(ev, "card_played")[0]["cost"] == 1
    assert any(x.get("card") == "e" for x in GAME.legal_actions(s, 0))


def test_play_4_creature_goes_behind_last():
    """CD-PLAY-4: a creature goes directly behind the last creature on the player's side of
    the chosen lane; it cannot be inserted elsewhere."""
    st = make(hands={0: "F(B) c a b"}, lanes={"top": ("x y", "z")}, mana=5)
    s, ev = act(st, "play c top")
    assert lane(s, "top", 0) == ["x", "y", "c"]
    assert ev_of(ev, "summoned")[0]["pos"] == 3
    s, _ = act(s, "play a bottom")
    assert lane(s, "bottom", 0) == ["a"]
    with pytest.raises(IllegalAction) as e:
        act(st, {"type": "play", "card": "c", "lane": "middle"})
    assert e.value.code in ("clash.err.bad_action", "clash.err.bad_lane")


def test_play_5_played_this_turn_does_not_attack():
    """CD-PLAY-5 / CD-ATK-1: creatures played this turn do not attack (no Rage)."""
    st = make(hands={0: "F(B) a b"}, mana=5)
    s, _ = act(st, "play a top")
    s2, ev = run_phase3(s)
    assert ev_of(ev, "attack") == []
    assert health(s2, 1) == health(st, 1)


def test_play_6_creature_stays_until_defeated():
    """CD-PLAY-6: a creature stays on the board across turns until it is defeated."""
    st = make(hands={0: "F(B) a b c"}, mana=5)
    s, _ = act(st, "play a top")
    s, _ = act(s, "end")
    s, _ = act(s, "end")
    assert lane(s, "top", 0) == ["a"]


def test_play_8_example():
    """CD-PLAY-8: 6 mana, [a, F(B), b, c, d, e]: playable a, b, c, d; a (cost 2) leaves 4
    mana and makes e playable; the spell c (cost 1) resolves and returns rightmost, d back
    to 4, 3 mana; c can be cast again."""
    a2 = tc(1, 1, cost=2, name="t_play8_a")
    c1 = ts("play8_c", 1, [{"op": "heal"}])
    st = make(hands={0: f"{a2} F(B) b {c1} d e"}, lanes={"top": ("", "z")}, mana=6)
    assert {x["card"] for x in GAME.legal_actions(st, 0) if x["type"] == "play"} == {a2, "b", c1, "d"}
    s, _ = act(st, f"play {a2} top")
    assert hand(s, 0) == ["F(B)", "b", c1, "d", "e"] and health(s, 0) == 4 and s["players"][0]["mana"] == 4
    assert any(x.get("card") == "e" for x in GAME.legal_actions(s, 0))
    s, ev = act(s, f"play {c1} @1.top.1")
    assert hand(s, 0) == ["F(B)", "b", "d", "e", c1] and health(s, 0) == 4 and s["players"][0]["mana"] == 3
    assert kinds(ev).index("spell_cast") < kinds(ev).index("returned")
    assert any(x.get("card") == c1 for x in GAME.legal_actions(s, 0))


def test_spell_1_only_turn_player_in_phase_2():
    """CD-SPELL-1 / CD-AMB-9: only the turn player plays spells, only in phase 2."""
    st = make(hands={0: "F(B) a", 1: "F(B) fire_bolt"}, lanes={"top": ("x", "")}, mana=5)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, 1, "play fire_bolt @0.top.1")
    assert e.value.code == "clash.err.not_your_turn"
    assert GAME.legal_actions(st, 1) == []


def test_spell_2_any_creature_never_a_fort_and_needs_a_target():
    """CD-SPELL-2 / CD-AMB-13: a spell targets any creature (own or enemy), never a fort; with
    no creature on the board it cannot be played."""
    st = make(hands={0: "F(B) fire_bolt a"}, lanes={"top": ("x", "y")}, mana=5)
    targets = [x["target"] for x in GAME.legal_actions(st, 0) if x.get("card") == "fire_bolt"]
    assert targets == [[0, "top", 1], [1, "top", 1]]
    empty = make(hands={0: "F(B) fire_bolt a"}, mana=5)
    assert not any(x.get("card") == "fire_bolt" for x in GAME.legal_actions(empty, 0))
    with pytest.raises(IllegalAction) as e:
        act(empty, "play fire_bolt @1.top.1")
    assert e.value.code == "clash.err.no_target"
    with pytest.raises(IllegalAction) as e:
        act(st, "play fire_bolt top")
    assert e.value.code == "clash.err.needs_target"
    with pytest.raises(IllegalAction) as e:
        act(st, "play fire_bolt @1.bottom.1")
    assert e.value.code == "clash.err.bad_target"


def test_spell_3_resolves_then_returns_rightmost():
    """CD-SPELL-3 / CD-PLAY-7: the effect resolves at once; the spell then goes to the
    rightmost position of the caster's hand."""
    st = make(hands={0: "F(B) fire_bolt a b"}, lanes={"top": ("", "magma_brute")}, mana=5)
    s, ev = act(st, "play fire_bolt @1.top.1")
    assert hand(s, 0) == ["F(B)", "a", "b", "fire_bolt"]
    assert creature(s, "top", 1, 1)["dmg"] == 3
    assert kinds(ev) == ["card_played", "spell_cast", "damage", "returned"]


def test_spell_4_same_spell_several_times():
    """CD-SPELL-4: the same spell may be cast again in a turn if it is back in the window."""
    st = make(hands={0: "F(B) frost_bolt a"}, lanes={"top": ("", "magma_brute")}, mana=5)
    s = st
    for _ in range(2):
        s, _ = act(s, "play frost_bolt @1.top.1")
    assert creature(s, "top", 1, 1)["dmg"] == 4 and s["players"][0]["mana"] == 3


def test_spell_5_damage_rules():
    """CD-SPELL-5 / CD-AMB-54 / CD-VAN-2: spell damage accumulates with attack damage, defeats
    and returns; it is stopped by Protection, ignored by Immortal, triggers Vanish (right after
    the spell resolves) and not Retaliate."""
    st = make(hands={0: "F(B) frost_bolt a", 1: "F(B) y"},
              lanes={"top": ("", "magma_brute/3 shell_warden"), "bottom": ("", "stone_golem mist_eel bramble_guard")},
              mana=9)
    s, _ = act(st, "play frost_bolt @1.top.1")  # 3 + 2 damage on a 5-HP creature
    assert lane(s, "top", 1) == ["shell_warden"] and hand(s, 1)[-1] == "magma_brute"
    s, ev = act(s, "play frost_bolt @1.top.1")  # Protection
    assert creature(s, "top", 1, 1)["dmg"] == 0 and ev_of(ev, "protected")
    s, ev = act(s, "play frost_bolt @1.bottom.1")  # Immortal
    assert creature(s, "bottom", 1, 1)["dmg"] == 0 and ev_of(ev, "immune")
    s, ev = act(s, "play frost_bolt @1.bottom.2")  # Vanish
    assert lane(s, "bottom", 1) == ["stone_golem", "bramble_guard", "mist_eel"]
    s, ev = act(s, "play frost_bolt @1.bottom.2")  # Retaliate does not trigger
    assert "retaliate" not in kinds(ev) and creature(s, "bottom", 1, 2)["dmg"] == 2


def test_spell_6_sweep_and_pierce_on_spells():
    """CD-SPELL-6 / CD-ABL-5: Sweep and Pierce printed on a spell apply to its damage."""
    st = make(hands={0: "F(B) tidal_wave a"}, lanes={"top": ("", "magma_brute bramble_guard"),
                                                      "bottom": ("", "stone_golem")}, mana=5)
    s, _ = act(st, "play tidal_wave @1.top.1")
    assert creature(s, "top", 1, 1)["dmg"] == 2 and creature(s, "top", 1, 2)["dmg"] == 0
    assert creature(s, "bottom", 1, 1)["dmg"] == 0  # Immortal mirror target
    piercing = ts("pierce2", 1, [{"op": "damage", "n": 2}], "PIERCE")
    st = make(hands={0: f"F(B) {piercing} a"}, lanes={"top": ("", "magma_brute bramble_guard thorn_beast")}, mana=5)
    s, _ = act(st, f"play {piercing} @1.top.1")
    assert [c["dmg"] for c in s["lanes"][0][1]] == [2, 2, 0]


def test_spell_7_own_creature_returns_to_caster():
    """CD-SPELL-7: a spell may defeat the caster's own creature; it returns to the caster."""
    st = make(hands={0: "F(B) fire_bolt a"}, lanes={"top": ("x", "")}, mana=5)
    s, _ = act(st, "play fire_bolt @0.top.1")
    assert lane(s, "top", 0) == [] and hand(s, 0) == ["F(B)", "a", "x", "fire_bolt"]


def test_eot_1_end_of_turn_steps():
    """CD-EOT-1 / CD-DMG-7: every surviving creature heals fully, Dash bonuses end, played and
    Protection marks clear, unspent mana is lost, the other player's turn starts."""
    st = (scenario(hands={0: "F(B) a b"}, mana=7)
          .lane("top", 0, [("magma_brute", {"damage": 2})])
          .lane("top", 1, [("shell_warden", {"protection_used": True})])
          .lane("bottom", 0, ["surge_shark", "bramble_guard"])
          .lane("bottom", 1, [("stone_golem", {"damage": 1})])
          .build())
    s, _ = act(st, "play a top")
    s, _ = act(s, "end")
    for li in (0, 1):
        for side in (0, 1):
            for c in s["lanes"][li][side]:
                assert c["dmg"] == 0 and c["dash"] == 0 and not c["played"] and not c["prot"] and not c["act"]
    assert s["players"][0]["mana"] == 0 and s["turn_player"] == 1


def test_amb_9_no_plays_from_hand_in_phase_3():
    """CD-AMB-9: cards from hand are played only in phase 2 (a paused phase 3 allows only the
    champion)."""
    ch = "champ_phoenix"
    st = make(hands={0: "F(B) a b"}, lanes={"top": ("x", "")}, mana=9, champions={0: ch},
              options={"pause_phase3": True})
    s, ev = act(st, "end")
    assert s["pause"] and "attack_paused" in kinds(ev)
    legal = [GAME.format_action(x) for x in GAME.legal_actions(s, 0)]
    assert legal == ["champion top", "champion bottom", "go"]
    with pytest.raises(IllegalAction) as e:
        act(s, "play a top")
    assert e.value.code == "clash.err.not_in_summon"
