"""Solo mode: CD-SOLO, CD-AI, CD-AID, CD-CUS and the solo-specific ability rules."""
import pytest

from tests.games.clash.engine.clash_helpers import (GAME, IllegalAction, act, creature, ev_of, hand, health, kinds, lane, make,
                           run_phase3, tc, ts)

from engine.clash import solo
from engine.clash.cards import DECKS, DIFFICULTY, STARTER
from engine.clash.options import custom_level, normalize
from engine.clash.state import GameOver, copy_state

FILL = ["x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7"]


def ai_turn(st):
    """Run the AI's phases 1-3 on a copy (no end of turn)."""
    s = copy_state(st)
    s["turn_player"] = 1
    s["players"][0]["mana"] = 0
    events = []
    try:
        solo.ai_turn(s, events)
    except GameOver:
        pass
    return s, events


def solo_state(**kw):
    kw.setdefault("ai_deck", list(FILL))
    return make(mode="solo", **kw)


def start_solo(options=None, seed=1, deck="ember"):
    st = GAME.setup(1, dict({"mode": "solo"}, **(options or {})), seed)
    if st["stage"] == "deck_choice":
        st, _ = GAME.apply(st, 0, {"type": "deck", "deck": deck})
    while st["stage"] == "draft":
        st, _ = GAME.apply(st, 0, GAME.legal_actions(st, 0)[0])
    while st["stage"] == "champion":
        st, _ = GAME.apply(st, 0, GAME.legal_actions(st, 0)[0])
    return st


# --- setup --------------------------------------------------------------------------------------

def test_solo_1_4_precon_setup_amb_37():
    """CD-SOLO-1 / CD-SOLO-4 / CD-FMT-4 / CD-AMB-37 / CD-SOLO-6 / CD-MANA-2: one player
    against the AI; the player picks a deck, the other 3 decks (24 cards) form the AI deck
    with the AI fort below it, Bastion up; the player starts with 6 mana."""
    st = GAME.setup(1, {"mode": "solo"}, 5)
    assert [p.seat for p in GAME.prompts(st)] == [0]
    st, _ = GAME.apply(st, 0, "deck tide")
    assert st["stage"] == "play" and st["turn_player"] == 0 and st["first_player"] == 0
    assert sorted(st["ai"]["deck"]) == sorted(c for d in DECKS if d != "tide" for c in DECKS[d])
    assert st["ai"]["side"] == "bastion" and st["ai"]["discard"] == []
    assert sorted(st["players"][0]["hand"][1:]) == sorted(DECKS["tide"]) and st["players"][0]["hand"][0] == "FORT"
    assert st["players"][0]["mana"] == 6
    v = GAME.view(st, 0)
    assert v["seats"][1]["is_ai"] and v["seats"][1]["ai_deck_size"] == 24 and v["seats"][1]["hand"] == []


def test_solo_2_fmt_2_no_constructed():
    """CD-SOLO-2 / CD-FMT-2: Solo cannot use Constructed."""
    with pytest.raises(IllegalAction) as e:
        GAME.setup(1, {"mode": "solo", "format": "constructed"}, 1)
    assert e.value.code == "clash.err.bad_options"


def test_solo_3_ai_zones_hidden_order():
    """CD-SOLO-3 / CD-AID-6: the AI deck is face down (its order is hidden from everyone, the
    player included), the fort lies at its bottom, the discard pile is public; creatures in
    play are in neither zone."""
    st = start_solo()
    deck = st["ai"]["deck"]
    for viewer in (None, 0):
        v = GAME.view(st, viewer)
        text = repr(v)
        assert v["seats"][1]["health"] == len(deck) and v["seats"][1]["fort_pos"] == len(deck) + 1
        assert "ai_deck" not in text.replace("ai_deck_size", "")
        # no viewer sees the AI deck: only cards also visible elsewhere may appear
        visible = set(c for c in st["players"][0]["hand"] if viewer == 0)
        for cid in deck:
            if cid not in visible:
                assert f"'{cid}'" not in text


def test_solo_5_draft_setup_amb_38():
    """CD-SOLO-5 / CD-AMB-38: 32 starter cards shuffled; 8 rounds of 4 revealed, the player
    takes 1 and the AI the other 3; the player's 8 become the hand with the fort at position
    1; the AI's 24 are shuffled into its deck; the player starts."""
    st = GAME.setup(1, {"mode": "solo", "format": "draft"}, 9)
    assert sorted(st["setup"]["pile"] + st["setup"]["revealed"]) == sorted(STARTER)
    rounds = 0
    while st["stage"] == "draft":
        assert len(st["setup"]["revealed"]) == 4
        st, _ = GAME.apply(st, 0, GAME.legal_actions(st, 0)[-1])
        rounds += 1
    assert rounds == 8
    assert len(st["players"][0]["hand"]) == 9 and st["players"][0]["hand"][0] == "FORT"
    assert len(st["ai"]["deck"]) == 24 and st["turn_player"] == 0
    assert sorted(st["players"][0]["hand"][1:] + st["ai"]["deck"]) == sorted(STARTER)


# --- the AI turn --------------------------------------------------------------------------------

def test_ai_1_mana_formula_and_amb_32_stack_counts_one():
    """CD-AI-1 / CD-AMB-32 / CD-CAT-3 / CD-AMB-48: M = 6 + X (player creatures, a stack counts
    1) + 2 per AI Catalyst creature."""
    st = solo_state(lanes={"top": ("a b", "sap_shaman"), "bottom": ("shade_rider>c", "")})
    assert solo.ai_mana(st) == (6 + 3 + 2, 3, 1)


def test_ai_11_example_and_ai_2_reveal_procedure():
    """CD-AI-11 / CD-AI-2 / CD-AI-3 / CD-AI-5 / CD-AMB-39 / CD-AI-6: M = 6 + 2 = 8; reveal 1: a
    cost-3 creature to the top lane (T = 3); reveal 2: a cost-2 spell, no player creature in
    the bottom lane: discarded, T stays 3; reveal 3: cost-4 creature to the top (T = 7);
    reveal 4: cost-2 creature to the bottom (T = 9 >= 8): phase 2 ends; none of them attacks."""
    c3, c4, c2 = tc(1, 3, cost=3, name="t_ai_c3"), tc(1, 4, cost=4, name="t_ai_c4"), tc(1, 2, cost=2, name="t_ai_c2")
    s2 = ts("ai_s2", 2, [{"op": "damage", "n": 1}])
    st = solo_state(hands={0: "F(B) a b c"}, lanes={"top": ("d e", "")},
                    ai_deck=[c3, s2, c4, c2, "x0", "x1"])
    s, ev = ai_turn(st)
    assert ev_of(ev, "ai_mana")[0]["amount"] == 8
    assert [e["card"] for e in ev_of(ev, "ai_reveal")] == [c3, s2, c4, c2]
    assert [e["lane"] for e in ev_of(ev, "ai_reveal")] == ["top", "bottom", "top", "bottom"]
    assert lane(s, "top", 1) == [c3, c4] and lane(s, "bottom", 1) == [c2]
    assert s["ai"]["discard"] == [s2] and ev_of(ev, "ai_spell_fizzled")
    assert ev_of(ev, "ai_revealed_total")[0]["total"] == 9
    assert ev_of(ev, "activation") == []
    assert s["ai"]["deck"] == ["x0", "x1"]


def test_ai_2_at_least_one_card():
    """CD-AI-2: at least one card is always revealed; the last one may take T past M."""
    big = tc(1, 9, cost=20, name="t_ai_big")
    st = solo_state(ai_deck=[big, "x0", "x1"])
    s, ev = ai_turn(st)
    assert len(ev_of(ev, "ai_reveal")) == 1 and lane(s, "top", 1) == [big]


def test_ai_3_4_spell_targets_player_position_1_amb_40_41():
    """CD-AI-3 / CD-AI-4 / CD-AMB-40 / CD-AMB-41: an AI spell targets the player's creature
    nearest the bridge in the current lane, whatever its effect; its cost counts; an
    Immortal target still counts as taking effect."""
    heal = ts("ai_heal", 3, [{"op": "hp", "n": 5}])
    st = solo_state(lanes={"top": ("a b", "")}, ai_deck=[heal] + FILL)
    s, ev = ai_turn(st)
    assert creature(s, "top", 0, 1)["bhp"] == 5 and creature(s, "top", 0, 2)["bhp"] == 0
    assert s["ai"]["discard"] == [heal]
    bolt = ts("ai_bolt6", 6, [{"op": "damage", "n": 3}])
    st = solo_state(lanes={"top": ("stone_golem", "")}, ai_deck=[bolt, "x0", "x1"])
    s, ev = ai_turn(st)
    assert ev_of(ev, "immune") and len(ev_of(ev, "ai_reveal")) == 2  # 6 counted: T 6 < 7, one more
    assert ev_of(ev, "ai_revealed_total")[0]["total"] == 7


def test_gen_1_card_text_overrides_ai_targeting():
    """CD-GEN-1: card text beats the rules: a spell marked ai_target 'own' (War Cry) is cast
    by the AI on its own creature instead of the player's (CD-AI-3)."""
    st = solo_state(lanes={"top": ("a", "b")}, ai_deck=["war_cry", "x0", "x1", "x2", "x3", "x4", "x5"])
    s, ev = ai_turn(st)
    sc = ev_of(ev, "spell_cast")[0]
    assert sc["target_seat"] == 1 and creature(s, "top", 1, 1)["bav"] == 1


def test_ai_6_new_ai_creatures_wait_except_rage():
    """CD-AI-6: AI creatures attack by the base rules, except those revealed this turn unless
    they have Rage; damage to the player moves the player's fort."""
    rg = tc(2, 3, "RAGE", cost=9, name="t_ai_rage")
    old = tc(2, 5, name="t_ai_old")
    st = solo_state(hands={0: "F(B) a b c d"}, lanes={"top": ("e", ""), "bottom": ("", old)},
                    ai_deck=[rg, "x0", "x1"])
    s, ev = ai_turn(st)
    acts = [e["card"] for e in ev_of(ev, "activation")]
    assert acts == [rg, old]
    assert health(s, 0) == 3  # e came back (+1), then old hit the fort for 2 in the empty bottom lane


def test_ai_7_defeated_ai_creature_to_discard_possess_card_to_player():
    """CD-AI-7 / CD-DMG-4: a defeated AI creature goes to the AI discard pile; the player's
    Possess card on an AI host goes back to the player's hand."""
    k = tc(9, 9, name="t_nine")
    st = solo_state(hands={0: "F(B) a b"}, lanes={"top": (k, "c"), "bottom": (k, "shade_rider@0>d")})
    s, _ = run_phase3(st)
    assert s["ai"]["discard"] == ["c", "d"] and hand(s, 0) == ["F(B)", "a", "b", "shade_rider"]


def test_ai_8_amb_39_ai_possess_alone():
    """CD-AI-8 / CD-AMB-39: an AI Possess card is always placed alone."""
    st = solo_state(lanes={"top": ("a", "")}, ai_deck=["shade_rider", "x0", "x1", "x2", "x3", "x4"])
    s, ev = ai_turn(st)
    assert lane(s, "top", 1)[0] == "shade_rider" and not ev_of(ev, "possessed")


def test_ai_9_amb_36_blp_6_blood_price_no_effect_for_ai():
    """CD-AI-9 / CD-AMB-36 / CD-BLP-6: Blood Price does nothing for the AI."""
    st = solo_state(ai_deck=["pyre_titan", "x0", "x1"])
    s, ev = ai_turn(st)
    assert "blood_price" not in kinds(ev) and lane(s, "top", 1) == ["pyre_titan"]
    assert len(s["ai"]["deck"]) == 2


def test_ai_10_amb_43_deck_runs_out_during_reveals():
    """CD-AI-10 / CD-AMB-43: the deck running out while revealing exposes the fort: a Bastion
    flips, the discard pile becomes the deck and the reveals continue; a Fort means the
    player wins."""
    st = solo_state(ai_deck=["x0"], ai_discard=["x1", "x2", "x3", "x4", "x5", "x6", "x7"])
    s, ev = ai_turn(st)
    assert s["ai"]["side"] == "fort" and "ai_reshuffle" in kinds(ev)
    assert len(ev_of(ev, "ai_reveal")) == 6 and s["result"] is None
    st = solo_state(ai_deck=["x0"], ai_discard=["x1"], ai_side="fort")
    s, ev = ai_turn(st)
    assert s["result"] == {"winners": [0], "loser": 1, "reason": "fort_destroyed"}


# --- damage to the AI -----------------------------------------------------------------------

def test_aid_1_each_point_discards_one():
    """CD-AID-1 / CD-SOLO-8: each point of damage to the AI discards the top AI card face up."""
    a = tc(3, 9, name="t_att3")
    st = solo_state(lanes={"top": (a, "")}, ai_deck=list(FILL))
    s, ev = run_phase3(st)
    assert s["ai"]["discard"] == ["x0", "x1", "x2"] and len(s["ai"]["deck"]) == 5
    assert GAME.view(s, None)["seats"][1]["ai_discard"] == ["x0", "x1", "x2"]


def test_aid_9_example_aid_2_4_amb_42():
    """CD-AID-9 / CD-AID-2 / CD-AID-4 / CD-AMB-42 / CD-SOLO-9 / CD-END-4: 2 cards above the
    Bastion, 3 damage: 2 discarded, the fort flips, the discard pile (14 cards) is shuffled
    onto it and the third point is lost; the next exposure wins the game."""
    a = tc(3, 9, name="t_att3")
    disc = ["x%d" % (i % 8) for i in range(12)]
    st = solo_state(lanes={"top": (a, "")}, ai_deck=["c1", "c2"], ai_discard=disc)
    s, ev = run_phase3(st)
    assert s["ai"]["side"] == "fort" and len(s["ai"]["deck"]) == 14 and s["ai"]["discard"] == []
    assert sorted(s["ai"]["deck"]) == sorted(disc + ["c1", "c2"])
    assert ev_of(ev, "damage_lost")[0]["amount"] == 1
    # the fort side is up now: the next exposure wins (CD-AID-4)
    s = solo_state(lanes={"top": (a, "")}, ai_deck=["c1"], ai_discard=[], ai_side="fort")
    s2, ev = run_phase3(s)
    assert s2["result"]["winners"] == [0] and GAME.result(s2).winners == [0]


def test_aid_3_amb_44_empty_discard_player_wins():
    """CD-AID-3 / CD-AMB-44: a Bastion flip with an empty discard pile makes a deck of 0: the
    player wins. (Exposure by damage first discards the card, so the new deck is not empty.)"""
    st = solo_state(ai_deck=["x0"], ai_discard=[])
    s, ev = ai_turn(st)  # the last card is revealed, not discarded: the pile is empty at the flip
    assert s["result"] == {"winners": [0], "loser": 1, "reason": "only_fort"}
    a = tc(1, 9, name="t_att1")
    st = solo_state(lanes={"top": (a, "")}, ai_deck=["c1"], ai_discard=[])
    s, _ = run_phase3(st)
    assert s["result"] is None and s["ai"]["deck"] == ["c1"] and s["ai"]["side"] == "fort"


def test_aid_6_cards_in_play_never_reshuffled():
    """CD-AID-6: the AI's creatures on the board are in neither the deck nor the discard pile,
    and a reshuffle leaves them in play."""
    a = tc(2, 9, name="t_att2")
    st = solo_state(lanes={"top": (a, ""), "bottom": ("", "magma_brute")}, ai_deck=["c1", "c2"],
                    ai_discard=["c3"])
    s, _ = run_phase3(st)
    assert s["ai"]["side"] == "fort" and sorted(s["ai"]["deck"]) == ["c1", "c2", "c3"]
    assert lane(s, "bottom", 1) == ["magma_brute"] and "magma_brute" not in s["ai"]["discard"]


def test_aid_5_amb_46_weaken_against_ai():
    """CD-AID-5 / CD-AMB-46: Weaken against the AI discards until 1 card is left above the
    fort; no flip."""
    w = tc(1, 9, "WEAKEN", name="t_weak1")
    st = solo_state(lanes={"top": (w, "")}, ai_deck=list(FILL))
    s, _ = run_phase3(st)
    assert s["ai"]["deck"] == ["x7"] and s["ai"]["side"] == "bastion" and len(s["ai"]["discard"]) == 7


def test_aid_7_amb_45_reg_4_ai_regeneration():
    """CD-AID-7 / CD-AMB-45 / CD-REG-4: an AI Regeneration creature moves the top card of the
    discard pile to the bottom of the AI deck; with an empty pile nothing happens."""
    rg = tc(1, 9, "REGENERATION", name="t_reg1")
    st = solo_state(hands={0: "F(B) a b c d"}, lanes={"top": ("", rg)}, ai_deck=["x0", "x1", "x2", "x3", "x4", "x5", "x6"],
                    ai_discard=["c1", "c2"])
    s, ev = ai_turn(st)
    assert s["ai"]["deck"][-1] == "c2" and "c2" not in s["ai"]["discard"]
    st = solo_state(hands={0: "F(B) a b c d"}, lanes={"top": ("", rg)}, ai_deck=list(FILL), ai_discard=[])
    s, ev = ai_turn(st)
    assert "ai_regenerated" not in kinds(ev)


def test_aid_8_amb_34_mer_2_mercenary_in_solo():
    """CD-AID-8 / CD-MER-2 / CD-AMB-34: the player's Mercenary card goes face down onto the top
    of the AI deck (spell after casting, or creature when defeated); an AI Mercenary card goes
    to the rightmost position of the player's hand."""
    st = solo_state(hands={0: "F(B) shadow_bolt a"}, lanes={"top": ("", "magma_brute")}, mana=5,
                    ai_deck=list(FILL))
    s, _ = act(st, "play shadow_bolt @1.top.1")
    assert s["ai"]["deck"][0] == "shadow_bolt" and "shadow_bolt" not in hand(s, 0)
    k = tc(9, 9, name="t_nine")
    st = solo_state(hands={0: "F(B) a b"}, lanes={"top": (k, "hired_blade")}, ai_deck=list(FILL))
    s, _ = run_phase3(st)
    assert hand(s, 0) == ["F(B)", "a", "b", "hired_blade"] and s["ai"]["discard"] == []
    st = solo_state(hands={0: "F(B) a b"}, lanes={"top": ("hired_blade", k)}, ai_deck=list(FILL), tp=1)
    s, _ = run_phase3(st)
    assert s["ai"]["deck"][0] == "hired_blade"


def test_bld_7_blade_excess_to_ai_discards():
    """CD-BLD-7: Blade excess dealt to the AI discards cards."""
    b = tc(6, 9, "BLADE", name="t_blade6")
    st = solo_state(lanes={"top": (b, tc(0, 2, name="t_plain2"))}, ai_deck=list(FILL))
    s, ev = run_phase3(st)
    assert [e["source"] for e in ev_of(ev, "ai_discard")] == ["blade"] * 4
    assert s["ai"]["discard"] == ["t_plain2", "x0", "x1", "x2", "x3"]


def test_solo_9_player_loses_as_in_duel():
    """CD-SOLO-9 / CD-SOLO-7: the player loses when their Fort side reaches the rightmost
    position (here to an AI attack)."""
    a = tc(5, 9, name="t_ai5")
    st = solo_state(hands={0: "F(F) a b"}, lanes={"top": ("", a)})
    s, ev = ai_turn(st)
    assert s["result"] == {"winners": [1], "loser": 0, "reason": "fort_destroyed"}


def test_solo_6_amb_58_player_first_turn_mana():
    """CD-SOLO-6 / CD-AMB-58 / CD-CUS-8: the player gets 6 on their first turn only as first
    player; when the AI starts, it uses its normal formula and the player's first turn gives
    full mana."""
    st = start_solo({"format": "draft", "solo_game": "custom", "ai_first": True, "ai_base_mana": 8})
    assert st["first_player"] == 1 and st["turn"] == 2 and st["turn_player"] == 0
    assert st["players"][0]["mana"] == 9
    s = start_solo()
    assert s["players"][0]["mana"] == 6


# --- custom games -------------------------------------------------------------------------------

def test_cus_1_3_amb_3_levels_reachable_and_sum():
    """CD-CUS-1 / CD-CUS-3 / CD-AMB-3 / CD-AMB-1: the level is the sum of the chosen values and
    must be from 1 to 10; every level is reachable; the Quick game is level 0."""
    assert normalize(1, {"mode": "solo"})["level"] == 0
    reach = {1: {"ai_base_mana": 7}, 2: {"ai_base_mana": 8}, 3: {"ai_base_mana": 9}, 4: {"ai_base_mana": 10},
             5: {"ai_base_mana": 10, "ai_first": True}, 6: {"ai_base_mana": 10, "ai_modifier": 2},
             7: {"ai_base_mana": 10, "ai_defence": True}, 8: {"ai_base_mana": 10, "ai_defence": True, "ai_first": True},
             9: {"ai_base_mana": 10, "ai_defence": True, "ai_modifier": 2},
             10: {"ai_base_mana": 10, "ai_defence": True, "ai_modifier": 2, "ai_first": True}}
    for lvl, o in reach.items():
        full = normalize(1, dict({"mode": "solo", "solo_game": "custom", "format": "draft"}, **o))
        assert full["level"] == lvl == custom_level(full)
    with pytest.raises(IllegalAction):
        normalize(1, {"mode": "solo", "solo_game": "custom", "format": "draft"})  # level 0
    with pytest.raises(IllegalAction):
        normalize(1, {"mode": "solo", "solo_game": "custom", "format": "draft", "ai_base_mana": 10,
                      "ai_defence": True, "ai_modifier": 2, "ai_first": True, "ai_abilities": ["BLADE"]})  # 11
    with pytest.raises(IllegalAction):
        normalize(1, {"mode": "solo", "solo_game": "custom", "format": "draft", "ai_base_mana": 8, "level": 3})


def test_cus_2_amb_59_custom_is_draft_only():
    """CD-CUS-2 / CD-AMB-59: a Custom game uses the solo Draft setup."""
    with pytest.raises(IllegalAction):
        GAME.setup(1, {"mode": "solo", "solo_game": "custom", "ai_base_mana": 8}, 1)
    st = GAME.setup(1, {"mode": "solo", "solo_game": "custom", "format": "draft", "ai_base_mana": 8}, 1)
    assert st["stage"] == "draft" and st["solo"]["level"] == 2


def test_cus_4_amb_1_values_are_configuration():
    """CD-CUS-4 / CD-AMB-1 / CD-AMB-2: the difficulty values come from data/difficulty.json."""
    assert DIFFICULTY["ai_modifier"] == {2: 2}
    assert DIFFICULTY["ai_base_mana"] == {7: 1, 8: 2, 9: 3, 10: 4}
    assert DIFFICULTY["ai_first"] == 1 and DIFFICULTY["ai_defence"] == 3
    assert DIFFICULTY["ai_abilities"]["CATALYST"] == 2 and DIFFICULTY["ai_abilities"]["PROTECTION"] == 2
    assert DIFFICULTY["ai_abilities"]["SWEEP"] == 1 and DIFFICULTY["champion_subtract"] == 2


def test_cus_5_defaults_for_unchosen_options():
    """CD-CUS-5: options not chosen keep their Quick defaults (+1 per creature, base 6, the
    player starts, normal damage, no extra abilities)."""
    st = GAME.setup(1, {"mode": "solo", "solo_game": "custom", "format": "draft", "ai_abilities": ["SWEEP"]}, 2)
    sc = st["solo"]
    assert (sc["base_mana"], sc["modifier"], sc["ai_first"], sc["ai_defence"]) == (6, 1, False, False)
    assert sc["abilities"] == ["SWEEP"] and sc["level"] == 1


def test_cus_6_options_a_to_e():
    """CD-CUS-6: (a) +2 per player creature; (b) base mana; (c) the AI starts; (d) every damage
    instance to the AI is 1 (CD-AMB-47: attacks, Blade, Weaken); (e) extra AI abilities."""
    st = solo_state(lanes={"top": ("a b", "")}, solo={"game": "custom", "modifier": 2, "base_mana": 9})
    assert solo.ai_mana(st)[0] == 9 + 4
    big = tc(7, 9, "BLADE", name="t_blade7")
    plain = tc(0, 2, name="t_plain2")  # registered here too: this test may run alone
    st = solo_state(lanes={"top": (big, ""), "bottom": (big, plain)}, solo={"ai_defence": True})
    s, ev = run_phase3(st)
    assert len(ev_of(ev, "ai_discard")) == 2  # the 7-point attack and the Blade excess: 1 each
    w = tc(1, 9, "WEAKEN", name="t_weak1")
    st = solo_state(lanes={"top": (w, "")}, solo={"ai_defence": True})
    s, _ = run_phase3(st)
    assert len(s["ai"]["deck"]) == 7
    st = solo_state(lanes={"top": ("", "a")}, solo={"abilities": ["FRENZY", "PROTECTION"]})
    v = GAME.view(st, None)["lanes"]["top"][1][0]
    assert {"FRENZY", "PROTECTION"} <= set(v["abilities"]) and set(v["granted"]) == {"FRENZY", "PROTECTION"}
    st = start_solo({"format": "draft", "solo_game": "custom", "ai_first": True})
    assert st["first_player"] == 1


def test_cus_7_amb_2_champion_subtracts():
    """CD-CUS-7 / CD-AMB-2 / CD-CHA-3: using the Champion module subtracts 2 from the level, and
    the result must still be from 1 to 10; champions are not offered in a Quick game."""
    o = normalize(1, {"mode": "solo", "solo_game": "custom", "format": "draft", "ai_base_mana": 10,
                      "champions": True})
    assert o["level"] == 2
    with pytest.raises(IllegalAction):
        normalize(1, {"mode": "solo", "solo_game": "custom", "format": "draft", "ai_base_mana": 8,
                      "champions": True})
    with pytest.raises(IllegalAction):
        normalize(1, {"mode": "solo", "format": "draft", "champions": True})


def test_cus_9_example_level_5():
    """CD-CUS-9: level 5 = base mana 8 (+2) + AI starts (+1) + Protection on all AI creatures (+2)."""
    o = normalize(1, {"mode": "solo", "solo_game": "custom", "format": "draft", "ai_base_mana": 8,
                      "ai_first": True, "ai_abilities": ["PROTECTION"], "level": 5})
    assert o["level"] == 5
    st = start_solo({"format": "draft", "solo_game": "custom", "ai_base_mana": 8, "ai_first": True,
                     "ai_abilities": ["PROTECTION"]})
    assert GAME.view(st, 0)["solo"]["difficulty"] == 5


def test_amb_50_only_the_player_has_a_champion():
    """CD-AMB-50 / CD-CHA-4: in Solo only the player chooses a champion."""
    st = GAME.setup(1, {"mode": "solo", "solo_game": "custom", "format": "draft", "ai_base_mana": 10,
                        "champions": True}, 4)
    while st["stage"] == "draft":
        st, _ = GAME.apply(st, 0, GAME.legal_actions(st, 0)[0])
    assert st["stage"] == "champion" and [p.seat for p in GAME.prompts(st)] == [0]
    st, _ = GAME.apply(st, 0, "choose champ_warlord")
    assert st["players"][0]["champion"] == {"card": "champ_warlord", "state": "ready"}
    assert st["players"][1]["champion"] is None


def test_ai_card_resets_champion_amb_49():
    """CD-CHA-8 / CD-AMB-49: an AI creature placed, or an AI spell that took effect, resets an
    exhausted champion of the same printed cost; a spell with no target does not."""
    ch = {"card": "champ_sentinel", "state": "exhausted"}  # cost 4
    four = tc(1, 4, cost=4, name="t_ai_c4")
    st = solo_state(champions={0: ch}, ai_deck=[four, "x0", "x1"])
    s, ev = ai_turn(st)
    assert s["players"][0]["champion"]["state"] == "ready" and ev_of(ev, "champion_reset")
    sp4 = ts("ai_sp4", 4, [{"op": "damage", "n": 1}])
    st = solo_state(champions={0: ch}, ai_deck=[sp4, "x0", "x1", "x2", "x3", "x4", "x5"])
    s, ev = ai_turn(st)
    assert s["players"][0]["champion"]["state"] == "exhausted"
    st = solo_state(champions={0: ch}, lanes={"top": ("a", "")}, ai_deck=[sp4, "x0", "x1", "x2", "x3", "x4", "x5"])
    s, ev = ai_turn(st)
    assert s["players"][0]["champion"]["state"] == "ready"
