"""Engagement (ES-ENG), defence (ES-DEF) and the worked examples ES-EX-2, ES-EX-3, ES-EX-4."""
import pytest

from tests.games.evs.engine.evs_helpers import EMPIRE, STEPPE, IllegalAction, act, kinds, legal, run, scenario, shakes

from engine.evs import GAME, board, engage

STEPPE_HAND = ["ride", "scatter", "swift_volley"]


def ex2(steppe_zone=(), steppe_hand=STEPPE_HAND):
    """ES-EX-2 position: Empire X (Legionary, Legion Thrust: power 2, 1 token, 1 attack icon) on
    C3 and Y (Shield Guard, general attack) on E3 around Steppe T (Lancer: power 2, HP 3, 1 wound)
    on D3; another Steppe unit far away."""
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (EMPIRE, "shield_guard", "E3"), (STEPPE, "lancer", "D3", 1),
                         (STEPPE, "scout", "G6")],
                  zones={EMPIRE: [{"card": "legion_thrust", "tokens": 1}], STEPPE: list(steppe_zone)},
                  hands={EMPIRE: ["advance", "testudo", "shield_wall"], STEPPE: list(steppe_hand)})
    st, _ = run(st, (EMPIRE, "play legion_thrust u1 pay advance"), (EMPIRE, "general attack u2 pay testudo"))
    return st


def test_ES_EX_2_joint_attack_no_defence():
    """ES-EX-2, ES-ENG-4, ES-ENG-9, ES-ENG-10: X gives 2 + 1 + 1 = 4, Y 1: power 5; damage 5 - 2 =
    3, T has 4 wounds >= 3 and is destroyed; the Steppe shakes 1 + 2 = 3 in one event."""
    st = ex2()
    st, events = act(st, EMPIRE, "attack u3 with u1+u2")
    assert next(e for e in events if e.kind == "attack").params["power"] == 5
    assert GAME.prompts(st)[0].seat == STEPPE and GAME.prompts(st)[0].kind == "reaction"  # ES-ENG-6
    st, events = act(st, STEPPE, "nodefend")
    combat = next(e for e in events if e.kind == "combat").params
    assert (combat["power"], combat["defence"], combat["damage"]) == (5, 2, 3)
    assert "u3" not in st["units"] and st["players"][STEPPE]["units_lost"] == ["lancer"]
    assert shakes(events) == [(STEPPE, 3)] and st["track"] == [0, 3]


def test_ES_EX_3_defence_card():
    """ES-EX-3, ES-DEF-3, ES-DEF-6, ES-GEN-8 (d): Steppe plays a defence card named for T (cost 2,
    command power 4) paying 2 cards: damage 1, T survives with 2 wounds, the Steppe shakes 1; at the
    end of the Empire's turn the defence card goes to the Steppe discard pile."""
    st = ex2(steppe_zone=["lance_wall"])
    st, _ = act(st, EMPIRE, "attack u3 with u1+u2")
    assert "defend u3 lance_wall pay ride+scatter" in legal(st, STEPPE)
    st, events = act(st, STEPPE, "defend u3 lance_wall pay ride+scatter")
    combat = next(e for e in events if e.kind == "combat").params
    assert (combat["power"], combat["defence"], combat["damage"]) == (5, 4, 1)
    assert st["units"]["u3"]["wounds"] == 2 and shakes(events) == [(STEPPE, 1)]
    assert sorted(st["players"][STEPPE]["discard"]) == ["ride", "scatter"]
    assert [b["card"] for b in st["battle"] if b["kind"] == "defence"] == ["lance_wall"]
    while st["active"] == EMPIRE:
        st, _ = act(st, EMPIRE, "done")
    assert "lance_wall" in st["players"][STEPPE]["discard"]
    assert not any(b["kind"] == "defence" for b in st["battle"])


def test_ES_EX_4_no_damage_but_morale():
    """ES-EX-4, ES-ENG-9, ES-ENG-11: power 3 against defender power 3 places no wounds and no
    step-6 shake; the attack's morale icon still shakes the target's owner 1 in step 7."""
    st = scenario(units=[(EMPIRE, "centurion", "C3"), (STEPPE, "khan_guard", "D3"), (STEPPE, "scout", "G6")],
                  zones={EMPIRE: ["centurion_order"]}, hands={EMPIRE: ["advance"], STEPPE: ["ride"]})
    st, _ = run(st, (EMPIRE, "play centurion_order u1 pay advance"), (EMPIRE, "skip u1"),
                (EMPIRE, "attack u2 with u1"))
    st, events = act(st, STEPPE, "defend u2 general pay ride")  # base 2 + 1 defence icon
    combat = next(e for e in events if e.kind == "combat").params
    assert (combat["power"], combat["defence"], combat["damage"]) == (3, 3, 0)
    assert st["units"]["u2"]["wounds"] == 0 and shakes(events) == [(STEPPE, 1)]
    assert next(e for e in events if e.kind == "shake").params["cause"] == "morale"


def test_ES_ENG_1_ES_ENG_2_targets_in_range_else_skipped():
    """ES-ENG-1, ES-ENG-2: an engagement targets exactly one enemy unit in range; with none in
    range it is skipped (the engine skips it at once)."""
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "F3")],
                  zones={EMPIRE: ["shield_bash", "legion_thrust"]}, hands={EMPIRE: ["advance"]})
    st, events = act(st, EMPIRE, "play legion_thrust u1 pay advance")
    assert "skipped" in kinds(events) and st["battle"] == [] and "legion_thrust" in st["players"][EMPIRE]["discard"]


def test_ES_ENG_3_ES_CARD_3_unit_base_power_never_attacks():
    """ES-ENG-3, ES-CARD-3: the attack power counts the card's command power, attack icons and
    tokens, never the executing unit's own base power; a general attack is its icons only."""
    st = scenario(units=[(EMPIRE, "imperial_guard", "C3"), (STEPPE, "lancer", "D3"), (STEPPE, "scout", "G6")],
                  hands={EMPIRE: ["advance"]})
    st, _ = act(st, EMPIRE, "general attack u1 pay advance")
    st, events = act(st, EMPIRE, "attack u2 with u1")
    assert next(e for e in events if e.kind == "attack").params["power"] == 1  # not 3 + 1


def test_ES_ENG_4_ES_AMB_25_joint_attack_options():
    """ES-ENG-4, ES-AMB-25: every set of own units at an engagement phase that reach the same
    target may attack it together, each giving one engagement."""
    st = ex2()
    atks = [(a["target"], a["with"]) for a in GAME.legal_actions(st, EMPIRE) if a["type"] == "attack"]
    assert atks == [("u3", ["u1"]), ("u3", ["u2"]), ("u3", ["u1", "u2"])]


def test_ES_ENG_5_ES_ENG_6_declaration_locks_and_opens_the_window():
    """ES-ENG-5, ES-ENG-6, ES-DEF-2, ES-AMB-26: after the declaration nothing may join or withdraw:
    the attacker has no move until the defender answers the window, which only concerns the target."""
    st = ex2()
    st, _ = act(st, EMPIRE, "attack u3 with u1")
    assert GAME.legal_actions(st, EMPIRE) == []
    with pytest.raises(IllegalAction):
        act(st, EMPIRE, "attack u3 with u2")
    assert all(a["type"] == "nodefend" or a["uid"] == "u3" for a in GAME.legal_actions(st, STEPPE))
    with pytest.raises(IllegalAction) as e:
        act(st, STEPPE, "defend u4 general pay ride")
    assert e.value.code == "evs.err.bad_target"
    assert GAME.timeout_action(st, STEPPE) == {"type": "nodefend"}  # decision 11 default


def test_ES_ENG_7_ES_AMB_21_defender_power():
    """ES-ENG-7, ES-AMB-21: with a defence card, its command power + defence icons + tokens; with a
    general defence, base power + 1; otherwise base power."""
    st = ex2(steppe_zone=[{"card": "scatter", "tokens": 2}], steppe_hand=["ride", "swift_volley"])
    st, _ = act(st, EMPIRE, "attack u3 with u2")
    st, events = act(st, STEPPE, "defend u3 scatter pay ride")
    assert next(e for e in events if e.kind == "combat").params["defence"] == 2 + 1 + 2


def test_ES_ENG_8_ES_ENG_9_ES_CARD_4_ES_AMB_28_wounds_and_destruction():
    """ES-ENG-8, ES-ENG-9, ES-CARD-4, ES-AMB-28: damage > 0 puts that many wounds and shakes 1; a unit
    is destroyed as soon as its wounds reach its HP."""
    st = ex2(steppe_hand=[])
    st = dict(st)
    st["units"] = {k: dict(v) for k, v in st["units"].items()}
    st["units"]["u3"]["wounds"] = 0
    st, events = act(st, EMPIRE, "attack u3 with u2")  # power 1 against 2: nothing
    assert st["units"]["u3"]["wounds"] == 0 and shakes(events) == []
    st, events = act(st, EMPIRE, "attack u3 with u1")  # 4 against 2: 2 wounds, HP 3
    assert st["units"]["u3"]["wounds"] == 2 and shakes(events) == [(STEPPE, 1)]


def test_ES_ENG_10_ES_AMB_31_one_shake_event_of_three():
    """ES-ENG-10, ES-AMB-31: destruction is a single shake event of 3."""
    st, events = act(ex2(steppe_hand=[]), EMPIRE, "attack u3 with u1+u2")
    assert [e.params["n"] for e in events if e.kind == "shake"] == [3]


def test_ES_ENG_11_ES_AMB_30_step_7_order_attacker_then_defender():
    """ES-ENG-11, ES-AMB-30: step 7 after damage: the attacker's morale effect shakes the target's
    owner, then the defence card's morale icons shake the attacker."""
    st = scenario(units=[(STEPPE, "khan_guard", "C3"), (EMPIRE, "halberdier", "C4"), (EMPIRE, "legionary", "G1")],
                  active=STEPPE, zones={STEPPE: [{"card": "khan_wrath", "revealed": True, "revealed_turn": 1}],
                                        EMPIRE: ["halberd_brace"]},
                  hands={STEPPE: ["ride", "scatter"], EMPIRE: ["advance"]})
    st, _ = run(st, (STEPPE, "play khan_wrath u1 pay ride+scatter"), (STEPPE, "skip u1"), (STEPPE, "attack u2 with u1"))
    st, events = act(st, EMPIRE, "defend u2 halberd_brace pay advance")
    # power 3 + 1 = 4 against 3 + 1 = 4: no damage; morale 2 on the Empire, then 1 on the Steppe,
    # then the Empire's faction effect (Steadfast: an attack that dealt no damage shakes the attacker)
    assert shakes(events) == [(EMPIRE, 2), (STEPPE, 1), (STEPPE, 1)]


def test_ES_ENG_12_ES_ENG_13_each_engagement_in_one_attack():
    """ES-ENG-12, ES-ENG-13: every engagement action goes through steps 1-7 once; a unit whose
    engagement took part in an attack cannot attack again with it."""
    st = ex2(steppe_hand=[])
    st, _ = act(st, EMPIRE, "attack u3 with u2")
    assert [a["with"] for a in GAME.legal_actions(st, EMPIRE) if a["type"] == "attack"] == [["u1"]]
    st, _ = act(st, EMPIRE, "attack u3 with u1")
    assert not any(a["type"] == "attack" for a in GAME.legal_actions(st, EMPIRE))


def test_ES_ENG_14_ES_AMB_29_negative_power_counts_as_zero(monkeypatch):
    """ES-ENG-14, ES-AMB-29: a final power below 0 counts as 0 (a 0-power Ballista defending at -1
    from below, through the height plug point)."""
    st = scenario(units=[(STEPPE, "horse_archer", "C3"), (EMPIRE, "ballista", "C5"), (EMPIRE, "legionary", "G1")],
                  active=STEPPE, zones={STEPPE: ["swift_volley"]}, hands={STEPPE: ["ride"], EMPIRE: []})
    monkeypatch.setattr(board, "height", lambda s, c: 1 if c == "C5" else 0)
    st, _ = act(st, STEPPE, "play swift_volley u1 pay ride")
    assert engage.defender_power(st, "u2", ["u1"]) == -1
    st, events = act(st, STEPPE, "attack u2 with u1")
    combat = next(e for e in events if e.kind == "combat").params
    assert combat["defence"] == 0 and combat["damage"] == 2


def test_ES_ENG_15_ES_AMB_33_destroyed_unit_removed_card_after_step_7():
    """ES-ENG-15, ES-AMB-33: a destroyed unit is removed from the game; the defence card on it goes
    to its owner's discard pile (hand with the recall marker) after step 7."""
    st = ex2(steppe_zone=["feigned_retreat"], steppe_hand=["ride", "swift_volley"])
    st, _ = act(st, EMPIRE, "attack u3 with u1+u2")
    st, events = act(st, STEPPE, "defend u3 feigned_retreat pay ride")  # 2 + 1 = 3 against 5
    ks = kinds(events)
    assert "destroyed" in ks and ks.index("card_returned") > ks.index("shake")
    assert "feigned_retreat" in st["players"][STEPPE]["hand"] and "u3" not in st["units"]
    assert st["battle"] == [b for b in st["battle"] if b["uid"] != "u3"]


def test_ES_DEF_1_ES_DEF_4_ES_AMB_27_defence_stays_and_non_combat_phases_resolve():
    """ES-DEF-1, ES-DEF-4, ES-AMB-27: a defence (card or general) takes effect at once and stays
    on the battlefield with the unit; its non-combat phases (Bulwark: heal 1) resolve when played."""
    st = scenario(units=[(STEPPE, "lancer", "C3"), (EMPIRE, "shield_guard", "C4", 2), (EMPIRE, "legionary", "G1")],
                  active=STEPPE, zones={STEPPE: ["wolf_pounce"], EMPIRE: ["bulwark"]},
                  hands={STEPPE: ["ride", "scatter"], EMPIRE: ["advance", "testudo"]})
    st["units"]["u1"]["card"] = "wolf_rider"
    st, _ = run(st, (STEPPE, "play wolf_pounce u1 pay ride"), (STEPPE, "skip u1"), (STEPPE, "attack u2 with u1"))
    st, events = act(st, EMPIRE, "defend u2 bulwark pay advance+testudo")
    assert kinds(events).index("healed") < kinds(events).index("combat")
    assert st["units"]["u2"]["wounds"] == 1
    assert [b["card"] for b in st["battle"] if b["kind"] == "defence"] == ["bulwark"]


def test_ES_DEF_3_defence_rules_like_any_command():
    """ES-DEF-3: cost paid from hand, card from the command zone (never the hand), name must match,
    a reveal-marked card must have been revealed in an earlier turn."""
    st = ex2(steppe_zone=["guard_stand", "war_drums"], steppe_hand=["ride", "scatter", "lance_wall"])
    st, _ = act(st, EMPIRE, "attack u3 with u1")
    moves = legal(st, STEPPE)
    assert not any("guard_stand" in m for m in moves)  # named for the Khan's Guard
    assert not any(m.startswith("defend u3 lance_wall") for m in moves)  # in hand, not in the zone
    assert "defend u3 war_drums pay ride" in moves
    st2 = ex2(steppe_zone=[], steppe_hand=[])
    st2, _ = act(st2, EMPIRE, "attack u3 with u1")  # nothing to pay with: no window at all
    assert st2["pending"] is None


def test_ES_DEF_5_ES_DEF_7_ES_DEF_8_one_defence_per_unit_applies_all_turn():
    """ES-DEF-5, ES-DEF-7, ES-DEF-8: a unit receives at most one defence; it counts as the unit's
    command this turn; the defence applies to every later attack on it in that turn."""
    st = ex2(steppe_zone=["lance_wall"])
    st, _ = act(st, EMPIRE, "attack u3 with u2")
    st, _ = act(st, STEPPE, "defend u3 lance_wall pay ride+scatter")
    assert st["units"]["u3"]["acted_turn"] == st["turn"]
    st, events = act(st, EMPIRE, "attack u3 with u1")
    assert st["pending"] is None  # no second defence: no window
    assert next(e for e in events if e.kind == "combat").params["defence"] == 4


def test_ES_DEF_6_ES_KW_7_recall_marked_defence_returns_to_hand():
    """ES-DEF-6, ES-KW-7, ES-TURN-6: at the end of the enemy's turn defence cards leave the
    battlefield: to the discard pile, or to hand with the recall marker; tokens to the supply."""
    st = ex2(steppe_zone=[{"card": "feigned_retreat", "tokens": 1}, "scatter"], steppe_hand=["ride", "swift_volley"])
    st, _ = run(st, (EMPIRE, "attack u3 with u2"), (STEPPE, "defend u3 feigned_retreat pay ride"))
    while st["active"] == EMPIRE:
        st, _ = act(st, EMPIRE, "done")
    assert st["battle"] == [] and "feigned_retreat" in st["players"][STEPPE]["hand"]


def test_ES_CARD_6_command_power_while_on_the_battlefield():
    """ES-CARD-6: while a command card is on the battlefield with its unit, the unit shows the
    card's command power, raised by effects (tokens here), in its engagements and in the view."""
    st = ex2()
    v = {u["uid"]: u for u in GAME.view(st, None)["units"]}
    assert v["u1"]["command"] == {"card": "legion_thrust", "general": False, "kind": "command", "tokens": 1,
                                  "next": 0, "phase": "engage"}
    assert engage.participant_power(st, engage._command(st, "u1"), "u3") == 2 + 1 + 1
