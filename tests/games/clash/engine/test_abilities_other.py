"""Aura, Immortal, Mercenary, Blood Price, Possess and the general ability rules (CD-ABL)."""
import pytest

from tests.games.clash.engine.clash_helpers import (GAME, IllegalAction, act, activate, creature, ev_of, find, hand, health, kinds, lane,
                           make, run_phase3, tc, tchamp, ts)

from engine.clash import board
from engine.clash.abilities import ABILITIES, names_of
from engine.clash.cards import CARDS
from engine.clash.state import locate

BIG_HAND = "F(B) c1 c2 c3 c4 c5 c6 c7 c8"


def abil(st, card):
    c = find(st, card)
    return set(names_of(board.abilities(st, *locate(st, c["uid"]))))


# --- Aura ---------------------------------------------------------------------------------------

def test_aur_2_3_amb_53_adjacent_same_side_only():
    """CD-AUR-2 / CD-AUR-3 / CD-AMB-53: the creatures directly in front of and behind the Aura
    creature on the same side have its paired abilities; the Aura creature does not, and
    adjacency does not cross the bridge."""
    g = tc(1, 4, "AURA", aura=["PIERCE", "VANISH"], name="t_aura_pv")
    a, b, c = tc(1, 9, name="t_n1"), tc(1, 9, name="t_n2"), tc(1, 9, name="t_n3")
    e = tc(1, 9, name="t_enemy_n")
    st = make(lanes={"top": (f"{a} {g} {b} {c}", e)})
    assert {"PIERCE", "VANISH"} <= abil(st, a) and {"PIERCE", "VANISH"} <= abil(st, b)
    assert "PIERCE" not in abil(st, c) and "PIERCE" not in abil(st, g) and "PIERCE" not in abil(st, e)
    v = GAME.view(st, None)["lanes"]["top"][0][0]
    assert v["granted"] == ["PIERCE", "VANISH"]


def test_aur_4_recalculated_after_defeat_and_dash():
    """CD-AUR-4: granted abilities are lost at once when the Aura creature leaves the board or
    stops being adjacent (here after a Dash move)."""
    g = tc(0, 1, "AURA", aura=["AQUATIC"], name="t_aura_aq")
    d = tc(2, 9, "DASH", name="t_dash2")
    p = tc(0, 9, name="t_p1")
    st = make(lanes={"top": (f"{p} {g} {d}", tc(0, 20, name="t_wall20"))})
    assert "AQUATIC" in abil(st, d)
    s, ev = activate(st, d)  # moves to position 1, away from the Aura creature
    assert lane(s, "top", 0) == [d, p, g] and ev_of(ev, "damage")[0]["amount"] == 4  # not doubled
    st = make(hands={0: "F(B) frost_bolt a"}, lanes={"top": (f"{p} {g}", "")}, mana=5)
    assert "AQUATIC" in abil(st, p)
    s, _ = act(st, "play frost_bolt @0.top.2")
    assert "AQUATIC" not in abil(s, p)


def test_aur_5_abl_2_no_duplicates():
    """CD-AUR-5 / CD-ABL-2: a granted ability the creature already has adds nothing; abilities
    come from printed, Aura, Possess and custom sources without duplicates."""
    g = tc(1, 4, "AURA", aura=["PIERCE"], name="t_aura_p")
    pc = tc(1, 9, "PIERCE", name="t_pierce1")
    st = make(lanes={"top": (f"{pc} {g}", "")})
    v = GAME.view(st, None)["lanes"]["top"][0][0]
    assert v["abilities"].count("PIERCE") == 1 and v["granted"] == []
    st = make(mode="solo", lanes={"top": ("", f"{tc(1, 9, 'BLADE', name='t_blade1')}")},
              solo={"abilities": ["BLADE", "FRENZY"]}, ai_deck=["x", "y"])
    v = GAME.view(st, None)["lanes"]["top"][1][0]
    assert v["abilities"].count("BLADE") == 1 and "FRENZY" in v["granted"]


# --- Immortal -----------------------------------------------------------------------------------

def test_imm_1_2_3_spells_do_nothing_attacks_normal():
    """CD-IMM-1 / CD-IMM-2 / CD-IMM-3: an Immortal creature can be targeted by spells but is
    unaffected; the spell is still paid for and returns, its Sweep still hits others;
    creature attacks affect it normally."""
    imm = tc(0, 5, "IMMORTAL", name="t_imm5")
    w = tc(0, 9, name="t_wall9")
    st = make(hands={0: "F(B) tidal_wave a"}, lanes={"top": ("", imm), "bottom": ("", w)}, mana=5)
    s, ev = act(st, "play tidal_wave @1.top.1")
    assert find(s, imm)["dmg"] == 0 and find(s, w)["dmg"] == 2
    assert s["players"][0]["mana"] == 2 and hand(s, 0)[-1] == "tidal_wave"
    buff = ts("buff_av3", 1, [{"op": "av", "n": 3}])
    st = make(hands={0: f"F(B) {buff} a"}, lanes={"top": (imm, "")}, mana=5)
    s, _ = act(st, f"play {buff} @0.top.1")
    assert find(s, imm)["bav"] == 0
    a = tc(3, 9, name="t_att3")
    st = make(lanes={"top": (a, imm)})
    s, _ = run_phase3(st)
    assert find(s, imm)["dmg"] == 3


# --- Mercenary ----------------------------------------------------------------------------------

def test_mer_1_5_example_defeated_goes_to_opponent():
    """CD-MER-5 / CD-MER-1 / CD-DMG-4: A's Mercenary creature is defeated: it goes to the
    rightmost position of B's hand; B's d rises by 1 and A does not get it back."""
    m = tc(4, 2, "MERCENARY", name="t_merc")
    st = make(hands={0: "F(B) a b", 1: "x F(B) y"}, lanes={"top": (m, tc(3, 9, name="t_att3"))}, tp=1)
    s, _ = run_phase3(st)
    assert hand(s, 1) == ["x", "F(B)", "y", m] and health(s, 1) == 2 and hand(s, 0) == ["F(B)", "a", "b"]


def test_mer_1_abl_5_mercenary_spell_goes_to_opponent():
    """CD-MER-1 / CD-ABL-5 / CD-AMB-33: a Mercenary spell goes to the opponent's hand after it
    resolves."""
    st = make(hands={0: "F(B) shadow_bolt a", 1: "F(B) y"}, lanes={"top": ("", "magma_brute")}, mana=5)
    s, ev = act(st, "play shadow_bolt @1.top.1")
    assert hand(s, 1) == ["F(B)", "y", "shadow_bolt"] and "shadow_bolt" not in hand(s, 0)
    assert ev_of(ev, "returned")[-1]["mercenary"] is True


def test_mer_4_amb_33_belongs_to_holder():
    """CD-MER-4 / CD-AMB-33: the card belongs to whoever holds it; if B plays it and it
    returns again, it goes to B's opponent (A)."""
    m = tc(4, 2, "MERCENARY", cost=1, name="t_merc1")
    # B holds A's Mercenary card (it came over earlier) and plays it
    st = make(hands={0: "F(B) fire_bolt b", 1: f"F(B) {m} y"}, tp=1, mana=5)
    s, _ = act(st, f"play {m} top")
    assert lane(s, "top", 1) == [m] and find(s, m)["own"] == 1
    # A's turn: A defeats it; it would return to B, so it goes to B's opponent, A
    s = make(hands={0: "F(B) fire_bolt b", 1: "F(B) y"}, lanes={"top": ("", f"{m}@1")}, tp=0, mana=5)
    s2, _ = act(s, "play fire_bolt @1.top.1", seat=0)
    assert hand(s2, 0) == ["F(B)", "b", m, "fire_bolt"] and m not in hand(s2, 1)


def test_mer_3_thr_3_drawback_cards_are_stronger():
    """CD-MER-3 / CD-THR-3: Thorns and Mercenary creatures have better stats than every other
    creature of the same cost (content requirement); the Mercenary spell outdamages same-cost
    spells."""
    from engine.clash.cards import STARTER_SET
    creatures = [c for c in CARDS.values() if c["type"] == "creature" and c["id"] in STARTER_SET]
    for c in creatures:
        if {"THORNS", "MERCENARY"} & set(c["abilities"]):
            peers = [o for o in creatures if o["cost"] == c["cost"] and not {"THORNS", "MERCENARY"} & set(o["abilities"])]
            for o in peers:
                assert c["av"] + c["hp"] > o["av"] + o["hp"], (c["id"], o["id"])
    spells = [c for c in CARDS.values() if c["type"] == "spell" and c["id"] in STARTER_SET]
    merc = [s for s in spells if "MERCENARY" in s["abilities"]]
    assert merc
    for m in merc:
        dmg = sum(op["n"] for op in m["effect"] if op["op"] == "damage")
        for o in spells:
            if o["cost"] == m["cost"] and o is not m:
                assert dmg > sum(op.get("n", 0) for op in o["effect"] if op["op"] == "damage")


# --- Blood Price --------------------------------------------------------------------------------

def test_blp_1_2_3_7_example_amb_35():
    """CD-BLP-7 / CD-BLP-1 / CD-BLP-2 / CD-BLP-3 / CD-AMB-35: hand [x, F(B), c2, c3], 1 mana,
    x = Blood Price cost 4: [F(B), c2, c3], then 3 single points: [c2, F(B), c3];
    [c2, c3, F(B)] -> Bastion destroyed [F(Fort), c2, c3]; [c2, F(Fort), c3]."""
    x = tc(1, 1, "BLOOD_PRICE", cost=4, name="t_bp4")
    st = make(hands={0: f"{x} F(B) c2 c3"}, mana=1)
    assert any(a.get("card") == x for a in GAME.legal_actions(st, 0))
    s, ev = act(st, f"play {x} top")
    assert hand(s, 0) == ["c2", "F(F)", "c3"]
    assert s["players"][0]["mana"] == 0
    k = kinds(ev)
    assert k.count("blood_price") == 3 and "bastion_destroyed" in k
    assert ev_of(ev, "card_played")[0]["shortfall"] == 3


def test_blp_1_window_still_required():
    """CD-BLP-1: a Blood Price card must still be among the leftmost four non-fort cards."""
    x = tc(1, 1, "BLOOD_PRICE", cost=4, name="t_bp4")
    st = make(hands={0: f"F(B) a b c d {x}"}, mana=1)
    with pytest.raises(IllegalAction) as e:
        act(st, f"play {x} top")
    assert e.value.code == "clash.err.not_in_window"


def test_blp_4_enough_mana_no_damage():
    """CD-BLP-4: with enough mana it is paid normally with no damage."""
    x = tc(1, 1, "BLOOD_PRICE", cost=4, name="t_bp4")
    st = make(hands={0: f"F(B) {x} a b"}, mana=5)
    s, ev = act(st, f"play {x} top")
    assert s["players"][0]["mana"] == 1 and "blood_price" not in kinds(ev) and health(s, 0) == 2


def test_blp_5_can_make_own_player_lose():
    """CD-BLP-5: Blood Price can make its own player lose."""
    x = tc(1, 1, "BLOOD_PRICE", cost=4, name="t_bp4")
    st = make(hands={0: f"{x} F(F) a b"}, mana=0)
    s, ev = act(st, f"play {x} top")
    assert s["result"]["loser"] == 0 and lane(s, "top", 0) == []


def test_blood_price_spell_soul_drain():
    """CD-BLP-2 / CD-ABL-5: a Blood Price spell (Soul Drain) is cast with a shortfall."""
    st = make(hands={0: "F(B) soul_drain a b c"}, lanes={"top": ("", "magma_brute")}, mana=2)
    s, ev = act(st, "play soul_drain @1.top.1")
    assert ev_of(ev, "card_played")[0]["shortfall"] == 3 and lane(s, "top", 1) == []


# --- Possess ------------------------------------------------------------------------------------

def test_pos_1_2_4_any_host_or_alone():
    """CD-POS-1 / CD-POS-2 / CD-POS-4: a Possess creature may go on top of any creature (either
    side, champions included) or be played alone; the stack keeps the host's position and
    counts as one creature."""
    pc = "shade_rider"
    champ = tchamp(2, 5, cost=4, name="tch_host")
    st = make(hands={0: f"F(B) {pc} a b"}, lanes={"top": (f"x {champ}^", "y"), "bottom": ("", "z")}, mana=5,
              champions={0: {"card": champ, "state": "in_play"}})
    ons = [a["on"] for a in GAME.legal_actions(st, 0) if a.get("card") == pc and "on" in a]
    assert ons == [[0, "top", 1], [0, "top", 2], [1, "top", 1], [1, "bottom", 1]]
    assert {"type": "play", "card": pc, "lane": "bottom"} in GAME.legal_actions(st, 0)
    s, ev = act(st, f"play {pc} on @0.top.2")
    assert lane(s, "top", 0) == ["x", f"{pc}>{champ}"] and ev_of(ev, "possessed")
    s, _ = act(st, f"play {pc} bottom")
    assert lane(s, "bottom", 0) == [pc]


def test_pos_3_9_example_stack_stats_and_return_order():
    """CD-POS-9 / CD-POS-3 / CD-POS-6: P (AV 1, HP 2) on own H (AV 3, HP 3): the stack has AV 4,
    HP 5 and all abilities; damage the host had stays; when defeated the hand ends
    [..., P, H]."""
    p = tc(1, 2, "POSSESS", "PIERCE", cost=1, name="t_poss12")
    h = tc(3, 3, "SWEEP", name="t_host33")
    st = make(hands={0: f"F(B) {p} a b"}, lanes={"top": (f"{h}/1", "")}, mana=5)
    s, _ = act(st, f"play {p} on @0.top.1")
    c = creature(s, "top", 0, 1)
    assert board.av(c) == 4 and board.hp(c) == 5 and c["dmg"] == 1
    assert {"PIERCE", "SWEEP", "POSSESS"} <= abil(s, p)
    v = GAME.view(s, None)["lanes"]["top"][0][0]
    assert v["stack"] == [p, h] and v["av"] == 4 and v["hp"] == 5 and v["card"] == p
    killer = tc(9, 9, name="t_nine")
    st2 = make(hands={0: "F(B) a b"}, lanes={"top": (f"{p}>{h}", killer)}, tp=1)
    s2, ev = run_phase3(st2)
    assert hand(s2, 0) == ["F(B)", "a", "b", p, h]


def test_pos_5_no_double_possession():
    """CD-POS-5: a stack cannot be possessed again."""
    p = tc(1, 2, "POSSESS", cost=1, name="t_poss12b")
    st = make(hands={0: f"F(B) {p} a b"}, lanes={"top": (f"{p}>x", "")}, mana=5)
    assert not [a for a in GAME.legal_actions(st, 0) if "on" in a]
    with pytest.raises(IllegalAction) as e:
        act(st, f"play {p} on @0.top.1")
    assert e.value.code == "clash.err.bad_host"


def test_pos_6_each_card_applies_mercenary_or_champion():
    """CD-POS-6 / CD-CHA-7: on defeat each card of the stack separately applies Mercenary or the
    champion rule."""
    p = tc(1, 2, "POSSESS", "MERCENARY", cost=1, name="t_poss_merc")
    champ = tchamp(2, 3, cost=4, name="tch_host2")
    killer = tc(9, 9, name="t_nine")
    st = make(hands={0: "F(B) a b", 1: "F(B) y"}, lanes={"top": (f"{p}>{champ}^", killer)}, tp=1,
              champions={0: {"card": champ, "state": "in_play"}})
    s, ev = run_phase3(st)
    assert hand(s, 1)[-1] == p and hand(s, 0) == ["F(B)", "a", "b"]
    assert s["players"][0]["champion"]["state"] == "exhausted"


def test_pos_7_amb_31_weaken_possess_adds_no_av():
    """CD-POS-7 / CD-AMB-31: a Possess card with Weaken adds no AV, but its HP and abilities
    (Weaken included) are combined."""
    st = make(hands={0: "F(B) soul_leech a b"}, lanes={"top": ("magma_brute", "")}, mana=5)
    s, _ = act(st, "play soul_leech on @0.top.1")
    c = creature(s, "top", 0, 1)
    assert board.av(c) == CARDS["magma_brute"]["av"]
    assert board.hp(c) == CARDS["magma_brute"]["hp"] + CARDS["soul_leech"]["hp"]
    assert {"WEAKEN", "THORNS", "POSSESS"} <= abil(s, "soul_leech")


def test_pos_8_amb_29_amb_30_control_and_attack_follow_host():
    """CD-POS-8 / CD-AMB-29 / CD-AMB-30 / CD-GEN-6: possessing an enemy creature leaves the
    stack on the enemy's side under the enemy's control (a debuff, e.g. Thorns); a stack on a
    host that was already on the board may attack this turn; the Possess card returns to its
    own owner."""
    th = tc(0, 3, "POSSESS", "THORNS", cost=1, name="t_poss_thorns")
    e = tc(3, 3, name="t_e33")
    st = make(hands={0: f"F(B) {th} a b"}, lanes={"top": ("", e)}, mana=5)
    s, _ = act(st, f"play {th} on @1.top.1")
    assert lane(s, "top", 1) == [f"{th}>{e}"] and lane(s, "top", 0) == []
    assert creature(s, "top", 1, 1)["side"] == 1
    s, _ = act(s, "end")
    s, ev = act(s, "end")  # B's turn: its stack has Thorns and cannot hit A's fort
    assert ev_of(ev, "no_attack")[0]["reason"] == "thorns" and health(s, 0) == 2
    own = tc(2, 3, name="t_own23")
    st = make(hands={0: f"F(B) {th} a b", 1: BIG_HAND}, lanes={"top": (own, tc(0, 9, name="t_wall9"))}, mana=5)
    s, _ = act(st, f"play {th} on @0.top.1")
    s2, ev = run_phase3(s)
    assert ev_of(ev, "attack")  # the host was on the board already
    assert find(s2, th)["played"] is False


def test_reg_1_pos_6_possess_card_regeneration_moves_its_owners_fort():
    """CD-REG-1 / CD-POS-6 / CD-POS-8 / CD-AMB-29: Regeneration moves the fort of the owner of
    the card that carries it [本卡拥有者的要塞卡], not the controller's. Alice's Possess card
    with Regeneration sits on Bob's creature; when Bob's stack deals damage on Bob's turn,
    Alice's fort moves left and Bob's stays, against a creature and against Alice's fort. A
    host's own Regeneration still moves the host owner's fort."""
    pr = tc(1, 2, "POSSESS", "REGENERATION", cost=1, name="t_poss_regen")
    h = tc(2, 4, name="t_host24")
    wall = tc(0, 9, name="t_wall9")
    st = make(hands={0: f"a F(B) {pr} b c", 1: "x y F(B) z"}, lanes={"top": (wall, h)}, mana=5)
    s, _ = act(st, f"play {pr} on @1.top.1")
    c = find(s, pr)
    assert (c["own"], c["hown"], c["side"]) == (0, 1, 1) and lane(s, "top", 1) == [f"{pr}>{h}"]
    s, _ = act(s, "end")  # Alice's turn ends
    s, ev = act(s, "end")  # Bob's phase 3: his stack hits Alice's wall for 3
    assert ev_of(ev, "damage")[-1]["amount"] == 3
    assert [e["seat"] for e in ev_of(ev, "regenerated")] == [0]
    assert hand(s, 0) == ["F(B)", "a", "b", "c"] and hand(s, 1) == ["x", "y", "F(B)", "z"]
    # against Alice's fort: 3 damage moves it right, then her own Regeneration 1 back left
    st = make(hands={0: "a F(B) b c d e", 1: "x y F(B) z"}, lanes={"top": ("", f"{pr}@0>{h}")}, tp=1)
    s, ev = run_phase3(st)
    assert [e["seat"] for e in ev_of(ev, "regenerated")] == [0]
    assert hand(s, 0) == ["a", "b", "c", "F(B)", "d", "e"] and hand(s, 1) == ["x", "y", "F(B)", "z"]
    # Bob's own Regeneration creature possessed by Alice's plain Possess card: Bob's fort
    st = make(hands={0: "a F(B) b c", 1: "x y F(B) z"},
              lanes={"top": (wall, "shade_rider@0>coral_mender")}, tp=1)
    s, ev = run_phase3(st)
    assert [e["seat"] for e in ev_of(ev, "regenerated")] == [1]
    assert hand(s, 0) == ["a", "F(B)", "b", "c"] and hand(s, 1) == ["x", "F(B)", "y", "z"]


# --- general ------------------------------------------------------------------------------------

def test_abl_1_active_while_on_board_and_mandatory():
    """CD-ABL-1: once played, all abilities are active while the card is on the board, and
    their effects are mandatory (a Frenzy attack happens even into a Retaliate creature)."""
    fz = tc(2, 2, "FRENZY", name="t_frz22")
    st = make(hands={0: BIG_HAND}, lanes={"top": (fz, f"{tc(0, 1, name='t_hp1')} {tc(3, 9, 'RETALIATE', name='t_ret39')}")})
    s, ev = run_phase3(st)
    assert "frenzy" in kinds(ev) and lane(s, "top", 0) == []


def test_abl_4_twenty_abilities_and_names():
    """CD-ABL-4: the 20 abilities with their engine ids, each with a catalog name."""
    import json
    import os
    assert ABILITIES == ("FLYING", "AQUATIC", "AURA", "FRENZY", "CATALYST", "PROTECTION", "RAGE",
                         "REGENERATION", "BLADE", "SWEEP", "THORNS", "IMMORTAL", "RETALIATE", "MERCENARY",
                         "PIERCE", "BLOOD_PRICE", "DASH", "POSSESS", "VANISH", "WEAKEN")
    here = os.path.dirname(__file__)
    cat = json.load(open(os.path.join(here, "..", "..", "..", "..", "locales", "clash", "core.json"), encoding="utf-8"))
    for a in ABILITIES:
        assert cat[f"clash.ability.{a}"]["en"] and cat[f"clash.ability.{a}"]["zh-CN"]
    assert cat["clash.ability.FRENZY"]["zh-CN"] == "狂暴"
