"""Combat abilities: Flying, Aquatic, Frenzy, Protection, Rage, Regeneration, Blade, Sweep,
Thorns, Pierce, Dash, Vanish, Weaken, Retaliate."""
from tests.games.clash.engine.clash_helpers import (act, activate, creature, ev_of, find, hand, health, kinds, lane, make, run_phase3,
                           scenario, tc)

BIG_HAND = "F(B) c1 c2 c3 c4 c5 c6 c7 c8"


def fort_moves(events):
    return [e["moved"] for e in ev_of(events, "fort_moved")]


# --- Flying -------------------------------------------------------------------------------------

def test_fly_1_top_lane_hits_fort_directly():
    """CD-FLY-1 / CD-ATK-8: in the top lane a Flying creature ignores enemy creatures and hits
    the fort."""
    f = tc(3, 3, "FLYING", name="t_fly3")
    e = tc(0, 9, name="t_wall9")
    st = make(hands={1: BIG_HAND}, lanes={"top": (f, e)})
    s, ev = run_phase3(st)
    assert creature(s, "top", 1, 1)["dmg"] == 0 and health(s, 1) == 5


def test_fly_2_bottom_lane_no_effect():
    """CD-FLY-2: in the bottom lane Flying does nothing; it attacks the creature."""
    f = tc(3, 3, "FLYING", name="t_fly3")
    e = tc(0, 9, name="t_wall9")
    st = make(hands={1: BIG_HAND}, lanes={"bottom": (f, e)})
    s, _ = run_phase3(st)
    assert creature(s, "bottom", 1, 1)["dmg"] == 3 and health(s, 1) == 8


def test_fly_3_rage_does_nothing_in_top_lane():
    """CD-FLY-3 / CD-RAGE-2: a Flying creature with Rage played this turn in the top lane
    does not attack (its only target is the fort)."""
    f = tc(3, 3, "FLYING", "RAGE", name="t_fly_rage")
    st = make(hands={1: BIG_HAND}, lanes={"top": (f"{f}!", tc(0, 9, name="t_wall9"))})
    s, ev = run_phase3(st)
    assert ev_of(ev, "no_attack") and health(s, 1) == 8


def test_fly_4_fly_8_thorns_never_attacks_in_top():
    """CD-FLY-4 / CD-FLY-8 / CD-THR-4: Flying + Thorns in the top lane never attacks."""
    f = tc(3, 3, "FLYING", "THORNS", name="t_fly_thorns")
    st = make(hands={1: BIG_HAND}, lanes={"top": (f, tc(0, 9, name="t_wall9"))})
    s, ev = run_phase3(st)
    assert ev_of(ev, "attack") == [] and ev_of(ev, "no_attack")[0]["reason"] == "thorns"
    assert creature(s, "top", 1, 1)["dmg"] == 0 and health(s, 1) == 8


def test_fly_5_flying_creature_is_targeted_normally():
    """CD-FLY-5: Flying does not stop enemies from attacking it."""
    f = tc(3, 3, "FLYING", name="t_fly3")
    a = tc(2, 9, name="t_att2")
    st = make(lanes={"top": (a, f)})
    s, _ = run_phase3(st)
    assert creature(s, "top", 1, 1)["dmg"] == 2


def test_fly_6_what_applies_on_fort_attacks():
    """CD-FLY-6: in the top lane Frenzy, Sweep, Pierce and Blade never trigger; Aquatic, Dash,
    Regeneration and Weaken do apply to its fort attacks."""
    f = tc(1, 3, "FLYING", "FRENZY", "SWEEP", "PIERCE", "BLADE", "AQUATIC", "DASH", "REGENERATION", name="t_fly_all")
    filler = tc(0, 9, name="t_wall9")
    e = tc(0, 1, name="t_hp1")
    st = make(hands={0: "c1 F(B) c2", 1: BIG_HAND}, lanes={"top": (f"{filler} {f}", f"{e} {e}"), "bottom": ("", e)})
    s, ev = run_phase3(st)
    # (1 + 1 Dash) x 2 Aquatic = 4 to the fort; no creature hurt; no Frenzy repeat
    assert fort_moves(ev)[0] == 4 and ev_of(ev, "defeated") == [] and "frenzy" not in kinds(ev)
    assert hand(s, 0)[0] == "F(B)"  # Regeneration
    w = tc(1, 3, "FLYING", "WEAKEN", name="t_fly_weak")
    st = make(hands={1: BIG_HAND}, lanes={"top": (w, e)})
    s, _ = run_phase3(st)
    assert hand(s, 1)[-2] == "F(B)"


def test_fly_7_amb_19_flying_retaliator_hits_fort():
    """CD-FLY-7 / CD-AMB-19: a Flying retaliator in the top lane hits the enemy fort."""
    r = tc(2, 9, "FLYING", "RETALIATE", name="t_fly_ret")
    a = tc(1, 9, name="t_att1")
    st = make(hands={0: BIG_HAND}, lanes={"top": (a, r)})
    s, ev = run_phase3(st)
    assert ev_of(ev, "retaliate") and health(s, 0) == 6 and creature(s, "top", 0, 1)["dmg"] == 0


# --- Aquatic ------------------------------------------------------------------------------------

def test_aqu_1_doubles_at_position_1_only():
    """CD-AQU-1: at position 1 all its damage is doubled (creatures and fort); not behind."""
    aq = tc(2, 9, "AQUATIC", name="t_aq2")
    st = make(hands={1: BIG_HAND}, lanes={"top": (f"{aq} {aq}", tc(0, 9, name="t_wall9")), "bottom": (aq, "")})
    s, ev = run_phase3(st)
    dmg = [e["amount"] for e in ev_of(ev, "damage")]
    assert dmg == [2, 4]  # pos 2 first (2), then pos 1 (4)
    assert health(s, 1) == 4  # bottom: 2 x 2 to the fort


def test_aqu_2_3_4_example_dash_and_aquatic():
    """CD-AQU-2 / CD-AQU-3 / CD-AQU-4 / CD-DSH-6: A's top [P1, P2, D], D (AV 2, Dash, Aquatic)
    activates first, moves past 2 creatures and deals (2 + 2) x 2 = 8; the lane is then
    [D, P1, P2]; P2 activates next, then P1."""
    d = tc(2, 9, "DASH", "AQUATIC", name="t_dash_aq")
    p1, p2 = tc(0, 9, name="t_p1"), tc(0, 9, name="t_p2")
    e = tc(0, 20, name="t_wall20")
    st = make(lanes={"top": (f"{p1} {p2} {d}", e)})
    s, ev = run_phase3(st)
    assert ev_of(ev, "damage")[0]["amount"] == 8
    assert [x["card"] for x in ev_of(ev, "activation")] == [d, p2, p1]
    assert lane(s, "top", 0) == [d, p1, p2]


# --- Frenzy -------------------------------------------------------------------------------------

def test_frz_7_example_and_frz_1_4():
    """CD-FRZ-7 / CD-FRZ-1 / CD-FRZ-4 / CD-FRZ-2 / CD-AMB-52: AV 5 Frenzy vs [G1 (HP 3), G2
    (HP 2)]: attack 1 defeats G1, attack 2 defeats G2, attack 3 moves the fort 5."""
    fz = tc(5, 9, "FRENZY", name="t_frz5")
    g1, g2 = tc(0, 3, name="t_g1"), tc(0, 2, name="t_g2")
    st = make(hands={1: "F(B) c1 c2 c3 c4 c5 c6 c7 c8"}, lanes={"bottom": (fz, f"{g1} {g2}")})
    s, ev = run_phase3(st)
    assert [e["card"] for e in ev_of(ev, "defeated")] == [g1, g2]
    assert len(ev_of(ev, "attack")) == 3 and ev_of(ev, "attack")[2]["target"] == "fort"
    assert fort_moves(ev) == [5]


def test_frz_5_rage_or_thorns_stop_at_fort():
    """CD-FRZ-5 / CD-FRZ-7 / CD-RAGE-3 / CD-THR-5: the Frenzy fort attack does not happen for a
    Rage creature on the turn it was played, or with Thorns."""
    fz = tc(5, 9, "FRENZY", "RAGE", name="t_frz_rage")
    g = tc(0, 3, name="t_g1")
    st = make(lanes={"bottom": (f"{fz}!", g)})
    s, ev = run_phase3(st)
    assert ev_of(ev, "defeated") and ev_of(ev, "fort_moved") == [] and ev_of(ev, "no_attack")
    th = tc(5, 9, "FRENZY", "THORNS", name="t_frz_thorns")
    st = make(lanes={"bottom": (th, g)})
    s, ev = run_phase3(st)
    assert ev_of(ev, "defeated") and ev_of(ev, "fort_moved") == [] and ev_of(ev, "no_attack")


def test_frz_3_all_attacks_before_next_creature():
    """CD-FRZ-3: all Frenzy attacks resolve before the next creature activates."""
    fz = tc(5, 9, "FRENZY", name="t_frz5")
    other = tc(1, 9, name="t_other1")
    g = tc(0, 1, name="t_hp1")
    st = make(lanes={"top": (f"{other} {fz}", f"{g} {g} {tc(0, 20, name='t_wall20')}")})
    s, ev = run_phase3(st)
    seq = [e.params["card"] for e in ev if e.kind == "attack"]
    assert seq == [fz, fz, fz, other]


def test_frz_6_frenzy_on_retaliate():
    """CD-FRZ-6 / CD-AMB-19: Frenzy also works during a Retaliate attack."""
    r = tc(3, 9, "RETALIATE", "FRENZY", name="t_ret_frz")
    a = tc(1, 2, name="t_hit1")
    st = make(hands={0: BIG_HAND}, lanes={"top": (a, r)})
    s, ev = run_phase3(st)
    assert lane(s, "top", 0) == [] and fort_moves(ev) == [3]


# --- Protection ---------------------------------------------------------------------------------

def test_pro_1_2_first_damage_each_turn_prevented():
    """CD-PRO-1 / CD-PRO-2 / CD-AMB-16: the first nonzero damage each turn (creature or spell)
    is cut to 0; later damage that turn goes through; it resets every turn, either player's."""
    p = tc(0, 9, "PROTECTION", name="t_prot9")
    a = tc(3, 9, name="t_att3")
    st = make(lanes={"top": (f"{a} {a}", p)})
    s, ev = run_phase3(st)
    assert creature(s, "top", 1, 1)["dmg"] == 3 and len(ev_of(ev, "protected")) == 1
    st = make(hands={0: "F(B) frost_bolt a"}, lanes={"top": ("", p)}, mana=5)
    s, ev = act(st, "play frost_bolt @1.top.1")
    assert creature(s, "top", 1, 1)["dmg"] == 0 and creature(s, "top", 1, 1)["prot"]
    s, _ = act(s, "end")  # next turn (the opponent's): Protection is fresh again
    assert creature(s, "top", 1, 1)["prot"] is False


def test_pro_3_other_targets_still_hit():
    """CD-PRO-3: the source's other abilities still resolve; Sweep/Pierce targets take damage."""
    a = tc(3, 9, "PIERCE", "SWEEP", name="t_ps3")
    p = tc(0, 9, "PROTECTION", name="t_prot9")
    w = tc(0, 9, name="t_wall9")
    st = make(lanes={"top": (a, f"{p} {w}"), "bottom": ("", w)})
    s, _ = run_phase3(st)
    assert [c["dmg"] for c in s["lanes"][0][1]] == [0, 3] and creature(s, "bottom", 1, 1)["dmg"] == 3


def test_pro_4_pro_6_amb_17_prevented_damage_triggers_nothing():
    """CD-PRO-4 / CD-PRO-6 / CD-AMB-17 / CD-BLD-4: a Blade AV-5 hit on a 2-HP Protection
    creature: 0 damage, no defeat, nothing reaches the fort, no Frenzy, Vanish, Retaliate or
    Regeneration; without Protection it would be defeated with 3 excess."""
    b = tc(5, 9, "BLADE", "FRENZY", "REGENERATION", name="t_blade_all")
    p = tc(0, 2, "PROTECTION", "VANISH", "RETALIATE", name="t_prot2")
    q = tc(0, 9, name="t_wall9")
    st = make(hands={0: "c1 F(B) c2", 1: BIG_HAND}, lanes={"top": (b, f"{p} {q}")})
    s, ev = activate(st, b)
    assert lane(s, "top", 1) == [p, q] and ev_of(ev, "fort_moved") == []
    assert not ({"frenzy", "vanish", "retaliate", "regenerated", "blade"} & set(kinds(ev)))
    plain = tc(0, 2, name="t_plain2")
    st = make(hands={1: BIG_HAND}, lanes={"top": (b, plain)})
    s, ev = activate(st, b)
    assert ev_of(ev, "blade")[0]["excess"] == 3


def test_pro_5_zero_damage_does_not_use_protection():
    """CD-PRO-5: 0 damage (Weaken vs 1 HP left, or an AV-0 attacker) does not use it up."""
    z = tc(0, 9, name="t_zero")
    p = tc(0, 9, "PROTECTION", name="t_prot9")
    st = make(lanes={"top": (z, p)})
    s, ev = run_phase3(st)
    assert creature(s, "top", 1, 1)["prot"] is False and not ev_of(ev, "protected")
    w = tc(1, 9, "WEAKEN", name="t_weak1")
    st = make(lanes={"top": (w, "t_prot9/8")})
    s, ev = run_phase3(st)
    assert creature(s, "top", 1, 1)["prot"] is False


# --- Rage ---------------------------------------------------------------------------------------

def test_rage_1_5_attacks_on_turn_played_in_order():
    """CD-RAGE-1 / CD-RAGE-5 / CD-ATK-1: a Rage creature activates on the turn it is played, in
    its normal place (it is at the back, so first in its lane)."""
    rg = tc(2, 3, "RAGE", name="t_rage2")
    o = tc(1, 9, name="t_o1")
    st = make(lanes={"top": (f"{o} {rg}!", tc(0, 9, name="t_wall9"))})
    s, ev = run_phase3(st)
    assert [e["card"] for e in ev_of(ev, "activation")] == [rg, o]
    assert ev_of(ev, "activation")[0]["rage"] is True


def test_rage_2_no_enemy_no_attack():
    """CD-RAGE-2: with no enemy creature in its lane, the new Rage creature does not attack."""
    rg = tc(2, 3, "RAGE", "DASH", name="t_rage_dash")
    st = make(lanes={"top": (f"{tc(0, 9, name='t_wall9')} {rg}!", "")})
    s, ev = run_phase3(st)
    assert lane(s, "top", 0)[1] == rg and health(s, 1) == health(st, 1)  # CD-DSH-5: did not move


def test_rage_3_amb_23_no_blade_excess_on_turn_played():
    """CD-RAGE-3 / CD-AMB-23 / CD-BLD-6: no Blade excess reaches the fort on the turn played."""
    rb = tc(6, 9, "RAGE", "BLADE", name="t_rage_blade")
    st = make(hands={1: BIG_HAND}, lanes={"top": (f"{rb}!", tc(0, 2, name="t_plain2"))})
    s, ev = run_phase3(st)
    assert ev_of(ev, "defeated") and ev_of(ev, "blade_blocked") and health(s, 1) == 9


def test_rage_4_normal_from_next_turn():
    """CD-RAGE-4: from its controller's next turn the Rage creature attacks normally (the
    fort included)."""
    rg = tc(2, 3, "RAGE", name="t_rage2")
    st = make(hands={1: BIG_HAND}, lanes={"top": (rg, "")})
    s, ev = run_phase3(st)
    assert fort_moves(ev) == [2]


# --- Regeneration -------------------------------------------------------------------------------

def test_reg_1_once_per_attack_when_damage_dealt():
    """CD-REG-1 / CD-AMB-28: the owner's fort moves 1 left when it deals 1+ damage, once per
    attack even with several targets; 0 damage does not trigger it."""
    rg = tc(2, 9, "REGENERATION", "SWEEP", name="t_reg_sweep")
    w = tc(0, 9, name="t_wall9")
    st = make(hands={0: "a b F(B) c"}, lanes={"top": (rg, w), "bottom": ("", w)})
    s, ev = run_phase3(st)
    assert hand(s, 0) == ["a", "F(B)", "b", "c"] and len(ev_of(ev, "regenerated")) == 1
    st = make(hands={0: "a b F(B) c"}, lanes={"top": (rg, tc(0, 9, "PROTECTION", name="t_prot9"))})
    s, ev = run_phase3(st)
    assert hand(s, 0) == ["a", "b", "F(B)", "c"]


def test_reg_2_3_5_example():
    """CD-REG-5 / CD-REG-2 / CD-REG-3: [b, F(B), c] -> [F(B), b, c]; [F(Fort), b, c, d] ->
    [b, c, F(B), d]; Bastion at position 1: nothing."""
    rg = tc(1, 9, "REGENERATION", name="t_reg1")
    for before, after in (("b F(B) c", ["F(B)", "b", "c"]), ("F(F) b c d", ["b", "c", "F(B)", "d"]),
                          ("F(B) b c", ["F(B)", "b", "c"])):
        st = make(hands={0: before}, lanes={"top": (rg, "")})
        s, _ = run_phase3(st)
        assert hand(s, 0) == after


# --- Blade --------------------------------------------------------------------------------------

def test_bld_1_2_8_example_excess_to_fort():
    """CD-BLD-8 / CD-BLD-1 / CD-BLD-2: AV 6 Blade vs a 4-HP creature with 1 damage (3 left):
    defeated, the fort moves 3."""
    b = tc(6, 9, "BLADE", name="t_blade6")
    st = make(hands={1: BIG_HAND}, lanes={"top": (b, f"{tc(0, 4, name='t_hp4')}/1")})
    s, ev = run_phase3(st)
    assert fort_moves(ev) == [3]


def test_bld_3_amb_20_once_primary_first():
    """CD-BLD-3 / CD-AMB-20: Blade works once per attack: the primary target's excess if it was
    defeated, otherwise the first defeated secondary target in standard order."""
    b = tc(5, 9, "BLADE", "PIERCE", "SWEEP", name="t_blade_ps")
    st = make(hands={1: BIG_HAND}, lanes={"top": (b, f"{tc(0, 1, name='t_hp1')} {tc(0, 2, name='t_plain2')}"),
                                           "bottom": ("", tc(0, 3, name='t_hp3'))})
    s, ev = run_phase3(st)
    assert len(ev_of(ev, "defeated")) == 3 and [e["excess"] for e in ev_of(ev, "blade")] == [4]
    st = make(hands={1: BIG_HAND}, lanes={"top": (b, f"{tc(0, 9, name='t_wall9')} {tc(0, 2, name='t_plain2')}"),
                                           "bottom": ("", tc(0, 4, name='t_hp4'))})
    s, ev = run_phase3(st)
    assert [e["excess"] for e in ev_of(ev, "blade")] == [3]  # top-lane secondary first


def test_bld_5_amb_21_excess_after_return():
    """CD-BLD-5 / CD-AMB-21: the excess is dealt after the defeated creature returned to hand."""
    b = tc(6, 9, "BLADE", name="t_blade6")
    p = tc(0, 2, name="t_plain2")
    st = make(hands={1: "c1 c2 F(B) c3"}, lanes={"top": (b, p)})
    s, ev = run_phase3(st)
    k = kinds(ev)
    assert k.index("returned") < k.index("blade") < k.index("fort_moved")
    # d was 1, the return made it 2, then 4 excess: flip and 2 lost
    assert hand(s, 1)[0] == "F(F)" and ev_of(ev, "fort_moved")[0]["moved"] == 2


def test_bld_6_amb_22_thorns_does_not_block_blade():
    """CD-BLD-6 / CD-AMB-22 / CD-THR-1: a Thorns creature's Blade excess does damage the fort."""
    tb = tc(6, 9, "THORNS", "BLADE", name="t_thorn_blade")
    st = make(hands={1: BIG_HAND}, lanes={"top": (tb, tc(0, 2, name="t_plain2"))})
    s, ev = run_phase3(st)
    assert fort_moves(ev) == [4]


# --- Sweep / Pierce -----------------------------------------------------------------------------

def test_swp_1_2_3_4_sweep():
    """CD-SWP-1 / CD-SWP-2 / CD-SWP-3 / CD-SWP-4 / CD-WEA-2: the mirror creature in the other
    lane takes the same damage at once; no Sweep on fort attacks or without a mirror; one
    resolution (Regeneration once); with Weaken the amount is per target."""
    s1 = tc(2, 9, "SWEEP", "REGENERATION", name="t_sweep_reg")
    w = tc(0, 9, name="t_wall9")
    st = make(hands={0: "a b F(B) c"}, lanes={"top": (s1, f"{w} {w}"), "bottom": ("", f"{w} {w}")})
    s, ev = run_phase3(st)
    assert creature(s, "bottom", 1, 1)["dmg"] == 2 and creature(s, "bottom", 1, 2)["dmg"] == 0
    assert len(ev_of(ev, "regenerated")) == 1
    st = make(hands={1: BIG_HAND}, lanes={"top": (s1, ""), "bottom": ("", w)})
    s, ev = run_phase3(st)
    assert creature(s, "bottom", 1, 1)["dmg"] == 0 and fort_moves(ev) == [2]
    sw = tc(1, 9, "SWEEP", "WEAKEN", name="t_sweep_weak")
    st = make(lanes={"top": (sw, "t_wall9/2"), "bottom": ("", "t_wall9/5")})
    s, _ = run_phase3(st)
    assert creature(s, "top", 1, 1)["dmg"] == 8 and creature(s, "bottom", 1, 1)["dmg"] == 8


def test_prc_1_4_pierce_and_prc_5_example_amb_27():
    """CD-PRC-5 / CD-PRC-1 / CD-PRC-2 / CD-PRC-3 / CD-PRC-4 / CD-AMB-27 / CD-ATK-12: B's top
    [E1, E2, E3], bottom [F1, F2]; a Sweep + Pierce AV-3 attack hits E1, E2 and F1 only."""
    sp = tc(3, 9, "SWEEP", "PIERCE", name="t_sp3")
    e = tc(0, 9, name="t_wall9")
    st = make(lanes={"top": (sp, f"{e} {e} {e}"), "bottom": ("", f"{e} {e}")})
    s, ev = run_phase3(st)
    assert [c["dmg"] for c in s["lanes"][0][1]] == [3, 3, 0]
    assert [c["dmg"] for c in s["lanes"][1][1]] == [3, 0]
    # the creature behind is identified before the defeat of the primary target
    p = tc(3, 9, "PIERCE", name="t_pierce3")
    st = make(hands={1: BIG_HAND}, lanes={"top": (p, f"{tc(0, 1, name='t_hp1')} {e}")})
    s, _ = run_phase3(st)
    assert lane(s, "top", 1) == [e] and creature(s, "top", 1, 1)["dmg"] == 3
    st = make(hands={1: BIG_HAND}, lanes={"top": (p, "")})
    s, ev = run_phase3(st)
    assert fort_moves(ev) == [3]  # Pierce never touches the fort


# --- Thorns -------------------------------------------------------------------------------------

def test_thr_1_2_attacks_creatures_not_fort():
    """CD-THR-1 / CD-THR-2: a Thorns creature attacks creatures; with none it does not attack."""
    th = tc(4, 6, "THORNS", name="t_thorn4")
    st = make(hands={1: BIG_HAND}, lanes={"top": (th, tc(0, 9, name="t_wall9")), "bottom": (th, "")})
    s, ev = run_phase3(st)
    assert creature(s, "top", 1, 1)["dmg"] == 4 and ev_of(ev, "fort_moved") == []
    assert len(ev_of(ev, "no_attack")) == 1


def test_thr_6_retaliate_thorns_no_enemy():
    """CD-THR-6: Retaliate + Thorns with no enemy creature in its lane does not retaliate."""
    rt = tc(3, 9, "RETALIATE", "THORNS", name="t_ret_thorn")
    a = tc(1, 9, "SWEEP", name="t_sweep1")
    st = make(hands={0: BIG_HAND}, lanes={"top": (a, tc(0, 9, name="t_wall9")), "bottom": ("", rt)})
    s, ev = run_phase3(st)
    assert ev_of(ev, "retaliate") and ev_of(ev, "no_attack")[0]["reason"] == "thorns"
    assert health(s, 0) == 8


# --- Dash ---------------------------------------------------------------------------------------

def test_dsh_1_2_3_move_and_bonus():
    """CD-DSH-1 / CD-DSH-2 / CD-DSH-3 / CD-ATK-10: it moves to position 1, the passed creatures
    move back one, it deals x extra (x = passed) and attacks only once."""
    d = tc(1, 9, "DASH", name="t_dash1")
    p = tc(0, 9, name="t_p1")
    st = make(lanes={"top": (f"{p} {p} {d}", tc(0, 20, name="t_wall20"))})
    s, ev = activate(st, d)
    assert lane(s, "top", 0) == [d, p, p]
    assert ev_of(ev, "damage")[0]["amount"] == 3 and len(ev_of(ev, "attack")) == 1
    assert ev_of(ev, "dash")[0]["passed"] == 2


def test_dsh_4_amb_60_bonus_lasts_and_adds_up():
    """CD-DSH-4 / CD-AMB-60: the bonus lasts until the end of phase 3, applies to later attacks
    (Frenzy, Retaliate) and bonuses from several moves add up."""
    d = tc(1, 9, "DASH", "RETALIATE", name="t_dash_ret")
    p = tc(0, 9, name="t_p1")
    # a Retaliate attack keeps the Dash bonus the creature earned earlier in this phase
    a = tc(1, 9, name="t_a_small")
    st = scenario(lanes={"top": (f"{a} {a}", "")}, tp=0).lane("top", 1, [(d, {"dash": 2})]).build()
    s, ev = run_phase3(st)
    amounts = [e["amount"] for e in ev_of(ev, "damage") if e["source"] == d]
    assert amounts == [3, 3]
    d2 = tc(1, 9, "DASH", "FRENZY", name="t_dash_frz")
    w = tc(0, 1, name="t_hp1")
    st = make(lanes={"top": (f"{p} {d2}", f"{w} {tc(0, 20, name='t_wall20')}")})
    s, ev = activate(st, d2)
    amounts = [e["amount"] for e in ev_of(ev, "damage")]
    assert amounts == [2, 2] and creature(s, "top", 0, 1)["dash"] == 1
    st = make(lanes={"top": (f"{p} {p} {d2}", "")})
    s, ev = run_phase3(st)
    assert find(s, d2)["dash"] == 2
    s2, _ = act(st, "end")
    assert find(s2, d2)["dash"] == 0


def test_dsh_5_no_move_when_no_attack():
    """CD-DSH-5: when the attack does not happen the Dash creature does not move."""
    d = tc(1, 9, "DASH", "THORNS", name="t_dash_thorn")
    p = tc(0, 9, name="t_p1")
    st = make(lanes={"top": (f"{p} {d}", "")})
    s, ev = run_phase3(st)
    assert lane(s, "top", 0) == [p, d] and "dash" not in kinds(ev)


# --- Vanish -------------------------------------------------------------------------------------

def test_van_1_2_3_4_and_van_5_example():
    """CD-VAN-5 / CD-VAN-1 / CD-VAN-2 / CD-VAN-3 / CD-RET-4: B's top [V (HP 4, Vanish,
    Retaliate), E2]; A's attacker deals 1 to V; after the activation the lane is [E2, V], then
    V retaliates against A's top position-1 creature; A's next top attacker faces E2."""
    v = tc(2, 4, "VANISH", "RETALIATE", name="t_van_ret")
    e2 = tc(0, 9, name="t_wall9")
    a1 = tc(1, 9, name="t_a1")
    a2 = tc(1, 9, name="t_a2b")
    st = make(lanes={"top": (f"{a1} {a2}", f"{v} {e2}")})
    s, ev = run_phase3(st)
    k = [(e.kind, e.params.get("card")) for e in ev if e.kind in ("vanish", "retaliate", "attack")]
    assert k[:4] == [("attack", a2), ("vanish", v), ("retaliate", v), ("attack", v)]
    assert ev_of(ev, "attack")[2]["target_card"] == e2  # a1 now faces E2
    assert lane(s, "top", 1) == [e2, v]
    assert creature(s, "top", 0, 1)["dmg"] == 2


def test_van_4_gone_before_vanish():
    """CD-VAN-4: if the creature left the board before its Vanish resolves, nothing happens."""
    v = tc(0, 3, "VANISH", name="t_van3")
    fz = tc(2, 9, "FRENZY", "PIERCE", name="t_frz_p")
    st = make(lanes={"top": (fz, f"{tc(0, 1, name='t_hp1')} {v}")})
    s, ev = activate(st, fz)
    # attack 1: hp1 defeated and v takes 2 (survives); attack 2: v defeated -> no vanish
    assert "vanish" not in kinds(ev) and lane(s, "top", 1) == []


# --- Weaken -------------------------------------------------------------------------------------

def test_wea_1_amb_24_leaves_one_hp():
    """CD-WEA-1 / CD-AMB-24 / CD-ATK-11: Weaken deals the target's remaining HP - 1."""
    w = tc(1, 9, "WEAKEN", name="t_weak1")
    st = make(lanes={"top": (w, tc(0, 9, name="t_wall9") + "/3")})
    s, ev = run_phase3(st)
    assert ev_of(ev, "damage")[0]["amount"] == 5 and creature(s, "top", 1, 1)["dmg"] == 8


def test_wea_3_amb_26_dash_and_aquatic():
    """CD-WEA-3 / CD-AMB-26 / CD-DSH-6: Dash bonus is added to X, Aquatic doubles the total."""
    w = tc(1, 9, "WEAKEN", "DASH", "AQUATIC", name="t_weak_da")
    p = tc(0, 9, name="t_p1")
    st = make(lanes={"top": (f"{p} {w}", tc(0, 9, name="t_wall9"))})
    s, ev = run_phase3(st)
    assert ev_of(ev, "damage")[0]["amount"] == (8 + 1) * 2


def test_wea_4_6_amb_25_fort_second_from_right():
    """CD-WEA-6 / CD-WEA-4 / CD-AMB-25: a Weaken hit on a Bastion fort moves it to the second
    position from the right without flipping, whatever Dash/Aquatic add:
    [c1, F(B), c2, c3, c4, c5] -> [c1, c2, c3, c4, F(B), c5]; already there: nothing."""
    w = tc(3, 9, "WEAKEN", "AQUATIC", "DASH", name="t_weak_fort")
    p = tc(0, 9, name="t_p1")
    st = make(hands={1: "c1 F(B) c2 c3 c4 c5"}, lanes={"top": (f"{p} {w}", "")})
    s, ev = run_phase3(st)
    assert hand(s, 1) == ["c1", "c2", "c3", "c4", "F(B)", "c5"]
    st = make(hands={1: "c1 c2 F(F) c3"}, lanes={"top": (w, "")})
    s, ev = run_phase3(st)
    assert hand(s, 1) == ["c1", "c2", "F(F)", "c3"] and "fort_weakened" not in kinds(ev)


def test_wea_5_one_hp_left_no_damage():
    """CD-WEA-5: against a creature with 1 HP left, X = 0: no damage and no triggers."""
    w = tc(1, 9, "WEAKEN", name="t_weak1")
    v = tc(0, 3, "VANISH", "RETALIATE", name="t_vr3")
    st = make(lanes={"top": (w, f"{v}/2 {tc(0, 9, name='t_wall9')}")})
    s, ev = run_phase3(st)
    assert ev_of(ev, "damage")[0]["amount"] == 0 and not ({"vanish", "retaliate"} & set(kinds(ev)))


def test_wea_7_example():
    """CD-WEA-7: AV 1 Weaken vs an undamaged 6-HP creature deals 5 (1 HP left); with Dash (1
    passed) and Aquatic it would deal (5 + 1) x 2 = 12 and defeat it."""
    w = tc(1, 9, "WEAKEN", name="t_weak1")
    six = tc(0, 6, name="t_hp6")
    st = make(lanes={"top": (w, six)})
    s, ev = run_phase3(st)
    assert ev_of(ev, "damage")[0]["amount"] == 5 and creature(s, "top", 1, 1)["dmg"] == 5
    wd = tc(1, 9, "WEAKEN", "DASH", "AQUATIC", name="t_weak_da")
    st = make(lanes={"top": (f"{tc(0, 9, name='t_p1')} {wd}", six)})
    s, ev = run_phase3(st)
    assert ev_of(ev, "damage")[0]["amount"] == 12 and ev_of(ev, "defeated")


# --- Retaliate ----------------------------------------------------------------------------------

def test_ret_1_2_5_7_example():
    """CD-RET-7 / CD-RET-1 / CD-RET-5 / CD-ATK-6: B's R (AV 2, HP 5, Retaliate) at top 1 is hit by
    A's T (AV 3) and survives; after T's activation R deals 2 to A's top position-1 creature,
    or moves A's fort 2 if A's top lane is empty."""
    r = tc(2, 5, "RETALIATE", name="t_ret25")
    t = tc(3, 9, name="t_t3")
    st = make(hands={0: BIG_HAND}, lanes={"top": (t, r)})
    s, ev = run_phase3(st)
    assert creature(s, "top", 0, 1)["dmg"] == 2
    # A's top lane empty: R is hit through a Sweep from the bottom lane and hits A's fort
    sw = tc(3, 9, "SWEEP", name="t_sweep3")
    st = make(hands={0: BIG_HAND}, lanes={"top": ("", r), "bottom": (sw, tc(0, 9, name="t_wall9"))})
    s, ev = run_phase3(st)
    assert health(s, 0) == 6 and ev_of(ev, "retaliate")


def test_ret_2_each_attack_it_survives():
    """CD-RET-2: it retaliates once for each attack in which it took damage and survived."""
    r = tc(1, 9, "RETALIATE", name="t_ret19")
    a = tc(1, 9, name="t_a_small")
    st = make(lanes={"top": (f"{a} {a} {a}", r)})
    s, ev = run_phase3(st)
    assert len(ev_of(ev, "retaliate")) == 3


def test_ret_3_not_from_spells():
    """CD-RET-3: spell damage does not trigger Retaliate (see also CD-SPELL-5)."""
    st = make(hands={0: "F(B) fire_bolt a"}, lanes={"top": ("x", "bramble_guard")}, mana=5)
    s, ev = act(st, "play fire_bolt @1.top.1")
    assert "retaliate" not in kinds(ev) and creature(s, "top", 0, 1)["dmg"] == 0


def test_ret_6_amb_55_played_this_turn_may_hit_fort():
    """CD-RET-6 / CD-AMB-55: a creature played this turn retaliates, and may hit the fort."""
    r = tc(2, 9, "RETALIATE", "RAGE", name="t_ret_rage")
    a = tc(1, 9, "SWEEP", name="t_sweep1")
    st = make(hands={0: BIG_HAND}, lanes={"top": ("", f"{r}!"), "bottom": (a, tc(0, 9, name="t_wall9"))})
    s, ev = run_phase3(st)
    assert health(s, 0) == 6


def test_amb_18_retaliate_chains_depth_first():
    """CD-AMB-18: Retaliate attacks resolve depth-first: a retaliator hit by a retaliation
    retaliates before the next queued Retaliate attack."""
    ra = tc(1, 2, "RETALIATE", name="t_ret12")
    sw = tc(1, 20, "SWEEP", "RETALIATE", name="t_sweep_ret")
    rb = tc(1, 20, "RETALIATE", name="t_ret120")
    st = make(lanes={"top": (sw, ra), "bottom": (tc(0, 20, name="t_wall20"), rb)})
    s, ev = run_phase3(st)
    seq = [e.params["card"] for e in ev if e.kind == "retaliate"]
    # sw's Sweep hits ra and rb; ra retaliates first (standard order), sw answers at once
    # (depth first, defeating ra), and only then the queued retaliations of rb resolve.
    assert seq[:2] == [ra, sw] and seq[2:] == [rb, rb]
    assert lane(s, "top", 1) == []
