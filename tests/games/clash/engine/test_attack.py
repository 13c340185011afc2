"""Phase 3 and creature damage: CD-ATK, CD-DMG, CD-GEN-8."""
from tests.games.clash.engine.clash_helpers import activate, creature, ev_of, find, hand, health, lane, make, run_phase3, tc

from engine.clash.state import sort_standard


def attackers(events):
    return [e["card"] for e in ev_of(events, "activation")]


def test_atk_1_each_creature_once_except_new():
    """CD-ATK-1 / CD-ATK-2: every creature of the turn player activates once, in order, except
    those played this turn."""
    t1, t2, t3 = (tc(1, 9, name=n) for n in ("t_a1", "t_a2", "t_a3"))
    st = make(lanes={"top": (f"{t1} {t2}!", ""), "bottom": (t3, "")})
    s, ev = run_phase3(st)
    assert attackers(ev) == [t1, t3]
    assert len(ev_of(ev, "attack")) == 2


def test_atk_18_example_activation_order():
    """CD-ATK-18: top [T1, T2, T3] (T3 played this turn, no Rage), bottom [U1, U2]: order T2,
    T1, U2, U1."""
    names = ["T1", "T2", "T3", "U1", "U2"]
    ids = {n: tc(0, 9, name="t_ex18_" + n.lower()) for n in names}
    st = make(lanes={"top": (f"{ids['T1']} {ids['T2']} {ids['T3']}!", ""), "bottom": (f"{ids['U1']} {ids['U2']}", "")})
    s, ev = run_phase3(st)
    assert attackers(ev) == [ids["T2"], ids["T1"], ids["U2"], ids["U1"]]


def test_atk_2_amb_14_order_reread_after_moves():
    """CD-ATK-2 / CD-AMB-14: positions are re-read before each activation. A's V1 (Vanish) is
    hurt by a Retaliate attack after T3's activation and moves behind T2, so it activates
    before T2."""
    v1 = tc(1, 9, "VANISH", name="t_v1")
    t2 = tc(1, 9, name="t_t2")
    t3 = tc(1, 9, name="t_t3")
    r = tc(2, 20, "RETALIATE", name="t_ret_wall")
    st = make(lanes={"top": (f"{v1} {t2} {t3}", r)})
    s, ev = run_phase3(st)
    order = attackers(ev)
    assert order == [t3, v1, t2]
    assert lane(s, "top", 0) == [t2, t3, v1]


def test_atk_3_activation_resolves_fully_then_triggers():
    """CD-ATK-3 / CD-AMB-18: an activation (attack + Frenzy repeats) resolves fully; then the
    queued Vanish moves, then the Retaliate attacks, before the next activation."""
    fr = tc(3, 9, "FRENZY", name="t_frz3")
    nxt = tc(1, 9, name="t_next1")
    small = tc(0, 1, name="t_small")
    vr = tc(1, 9, "VANISH", "RETALIATE", name="t_vr")
    st = make(lanes={"top": (f"{nxt} {fr}", f"{small} {vr} {small}")})
    s, ev = run_phase3(st)
    k = [(e.kind, e.params.get("card")) for e in ev if e.kind in ("attack", "vanish", "retaliate", "frenzy")]
    assert k[:5] == [("attack", fr), ("frenzy", fr), ("attack", fr), ("vanish", vr), ("retaliate", vr)]
    assert ("attack", nxt) in k[5:]


def test_atk_4_5_6_target_and_damage_no_strike_back():
    """CD-ATK-4 / CD-ATK-5 / CD-ATK-6 / CD-ATK-8: the target is the enemy position-1 creature in
    the same lane, else the fort; damage = AV; the target does not strike back."""
    a = tc(3, 9, name="t_av3")
    e1, e2 = tc(5, 9, name="t_e1"), tc(5, 9, name="t_e2")
    st = make(hands={1: "F(B) c1 c2 c3 c4 c5"}, lanes={"top": (a, f"{e1} {e2}"), "bottom": (a, "")})
    s, ev = run_phase3(st)
    assert creature(s, "top", 1, 1)["dmg"] == 3 and creature(s, "top", 1, 2)["dmg"] == 0
    assert creature(s, "top", 0, 1)["dmg"] == 0
    assert health(s, 1) == 2  # bottom attacker hit the fort for 3
    tgt = [e["target"] for e in ev_of(ev, "attack")]
    assert tgt[1] == "fort"


def test_atk_7_to_16_full_procedure_order():
    """CD-ATK-7 / CD-ATK-8 / CD-ATK-9 / CD-ATK-10 / CD-ATK-11 / CD-ATK-12 / CD-ATK-13 /
    CD-ATK-14 / CD-ATK-15 / CD-ATK-16: one attack runs target, check, Dash, damage, targets,
    dealing (all at once), defeats then Blade, Regeneration, Frenzy, in that order."""
    c = tc(2, 9, "DASH", "AQUATIC", "PIERCE", "SWEEP", "BLADE", "REGENERATION", "FRENZY", name="t_everything")
    filler = tc(0, 9, name="t_fill")
    e1, e2, e3 = tc(0, 3, name="t_e3hp"), tc(0, 20, name="t_e20hp"), tc(0, 20, name="t_e20b")
    st = make(hands={0: "c1 F(B) c2", 1: "F(B) c1 c2 c3 c4 c5 c6 c7 c8"},
              lanes={"top": (f"{filler} {c}", f"{e1} {e2}"), "bottom": ("", e3)})
    s, ev = activate(st, c)
    k = [e.kind for e in ev]
    first = k[:k.index("frenzy")]
    # Step 3 Dash, damage to 3 targets at once, defeat + return, Blade, Regeneration
    assert first[:2] == ["dash", "attack"]
    assert first.count("damage") == 3
    assert first.index("defeated") < first.index("blade") < first.index("regenerated")
    # (2 AV + 1 Dash) x 2 Aquatic = 6 to each target; e1 had 3 HP -> Blade excess 3
    dmg = [(e.params["card"], e.params["amount"]) for e in ev if e.kind == "damage"][:3]
    assert dmg == [(e1, 6), (e2, 6), (e3, 6)]
    assert ev_of(ev, "blade")[0]["excess"] == 3
    assert hand(s, 0)[0] == "F(B)"  # Regeneration moved the fort left


def test_atk_9_no_attack_on_fort_with_thorns_or_rage():
    """CD-ATK-9: the attack does not happen (no movement, no damage) when the target is the
    fort and the attacker has Thorns or attacks as a new Rage creature."""
    th = tc(5, 5, "THORNS", "DASH", name="t_thorn_dash")
    filler = tc(0, 5, name="t_fill2")
    st = make(lanes={"top": (f"{filler} {th}", "")})
    s, ev = run_phase3(st)
    assert lane(s, "top", 0) == [filler, th]  # no Dash movement
    assert ev_of(ev, "no_attack")[0]["reason"] == "thorns" and health(s, 1) == health(st, 1)
    rg = tc(5, 5, "RAGE", name="t_rage5")
    st = make(lanes={"top": (f"{rg}!", "")})
    s, ev = run_phase3(st)
    assert ev_of(ev, "no_attack")[0]["reason"] == "rage" and health(s, 1) == health(st, 1)


def test_atk_19_example_excess_lost_and_heal():
    """CD-ATK-19 / CD-DMG-1 / CD-DMG-3 / CD-DMG-5 / CD-DMG-7: T2 (AV 4) defeats E1 (HP 2);
    excess is lost; E1 returns rightmost, E2 moves up; T1 (AV 1) hits E2 (4 HP left); E2
    heals at the end of the turn."""
    t1, t2 = tc(1, 9, name="t19_t1"), tc(4, 9, name="t19_t2")
    e1, e2 = tc(0, 2, name="t19_e1"), tc(0, 5, name="t19_e2")
    st = make(hands={1: "F(B) c1 c2 c3"}, lanes={"top": (f"{t1} {t2}", f"{e1} {e2}")})
    s, ev = run_phase3(st)
    assert lane(s, "top", 1) == [e2] and hand(s, 1) == ["F(B)", "c1", "c2", "c3", e1]
    assert creature(s, "top", 1, 1)["dmg"] == 1
    assert health(s, 1) == 4  # only the return moved it; no excess reached the fort
    s2, _ = __import__("clash_helpers").act(st, "end")
    assert find(s2, e2)["dmg"] == 0


def test_dmg_2_defeated_immediately_at_hp():
    """CD-DMG-2: accumulated damage >= HP defeats the creature immediately."""
    a = tc(2, 9, name="t_two")
    e = tc(0, 4, name="t_hp4")
    st = make(lanes={"top": (f"{a} {a} {a}", e)})
    s, ev = run_phase3(st)
    assert lane(s, "top", 1) == [] and len(ev_of(ev, "defeated")) == 1
    assert [x["target"] for x in ev_of(ev, "attack")][1:] == [find(st, e)["uid"], "fort"]


def test_dmg_4_returns_to_controller_hand():
    """CD-DMG-4: a defeated creature goes to the rightmost position of its controller's hand."""
    a = tc(5, 9, name="t_five")
    st = make(hands={1: "x F(B) y"}, lanes={"top": (a, "z")})
    s, _ = run_phase3(st)
    assert hand(s, 1) == ["x", "F(B)", "y", "z"]


def test_dmg_6_and_dmg_9_simultaneous_defeats_return_in_standard_order():
    """CD-DMG-6 / CD-DMG-9 / CD-SWP-1: a Sweep attack defeats X (top 1) and Y (bottom 1):
    X returns first, then Y, so the hand ends [..., X, Y]."""
    sw = tc(5, 9, "SWEEP", name="t_sweep5")
    x, y = tc(0, 2, name="t_x"), tc(0, 2, name="t_y")
    st = make(hands={1: "F(B) c1"}, lanes={"top": (sw, x), "bottom": ("", y)})
    s, ev = run_phase3(st)
    assert hand(s, 1) == ["F(B)", "c1", x, y]
    assert [e["card"] for e in ev_of(ev, "defeated")] == [x, y]


def test_dmg_6_farthest_first_within_a_lane():
    """CD-DMG-6: within a lane the farthest defeated creature returns first."""
    p = tc(5, 9, "PIERCE", name="t_pierce5")
    e1, e2 = tc(0, 1, name="t_pe1"), tc(0, 1, name="t_pe2")
    st = make(hands={1: "F(B) c1"}, lanes={"top": (p, f"{e1} {e2}")})
    s, _ = run_phase3(st)
    assert hand(s, 1) == ["F(B)", "c1", e2, e1]


def test_dmg_8_small_blocker_wastes_big_hit():
    """CD-DMG-8: a 1-HP blocker takes a 7-AV hit; the other 6 damage does nothing."""
    big = tc(7, 9, name="t_seven")
    chump = tc(0, 1, name="t_chump")
    st = make(hands={1: "F(B) c1 c2 c3 c4 c5 c6 c7 c8"}, lanes={"top": (big, chump)})
    s, _ = run_phase3(st)
    assert health(s, 1) == 9  # 8 + the returned chump; no fort damage


def test_gen_8_amb_15_standard_order():
    """CD-GEN-8 / CD-AMB-15 / CD-ABL-3: top lane first, farthest first, then bottom; at equal
    distance the turn player's creature first."""
    z = tc(0, 9, name="t_z")
    st = make(lanes={"top": (f"{z} {z}", f"{z} {z}"), "bottom": (z, f"{z} {z} {z}")}, tp=1)
    uids = [c["uid"] for li in (0, 1) for side in (0, 1) for c in st["lanes"][li][side]]
    order = sort_standard(st, uids)

    def where(u):
        for li in (0, 1):
            for side in (0, 1):
                for i, c in enumerate(st["lanes"][li][side]):
                    if c["uid"] == u:
                        return (li, side, i + 1)
    assert [where(u) for u in order] == [(0, 1, 2), (0, 0, 2), (0, 1, 1), (0, 0, 1),
                                         (1, 1, 3), (1, 1, 2), (1, 1, 1), (1, 0, 1)]


def test_gen_8_simultaneous_vanish_in_standard_order():
    """CD-GEN-8: simultaneous trigger effects (two Vanish creatures hit by one Sweep) resolve
    top lane first."""
    sw = tc(1, 9, "SWEEP", name="t_sweep1")
    v = tc(0, 5, "VANISH", name="t_van5")
    w = tc(0, 5, name="t_wall5")
    st = make(lanes={"top": (sw, f"{v} {w}"), "bottom": ("", f"{v} {w}")})
    s, ev = run_phase3(st)
    assert [e["lane"] for e in ev_of(ev, "vanish")] == ["top", "bottom"]
    assert lane(s, "top", 1) == [w, v] and lane(s, "bottom", 1) == [w, v]
