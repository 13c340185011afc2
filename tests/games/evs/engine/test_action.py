"""The Action (ES-ACT), phases and keywords (ES-KW), general commands (ES-AMB-24)."""
import pytest

from tests.games.evs.engine.evs_helpers import EMPIRE, STEPPE, IllegalAction, act, kinds, legal, run, scenario

from engine.evs import GAME, action

HAND = {EMPIRE: ["testudo", "shield_wall", "hold_the_line", "advance"], STEPPE: ["ride", "scatter"]}


def test_ES_ACT_1_never_from_hand():
    """ES-ACT-1: a command is a zone card or a general command; never a card from the hand."""
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "E3")], hands=HAND)
    with pytest.raises(IllegalAction) as e:
        act(st, EMPIRE, "play advance u1 pay testudo")
    assert e.value.code == "evs.err.not_in_zone"
    assert any(m.startswith("general move u1") for m in legal(st, EMPIRE))


def test_ES_ACT_2_eligible_units():
    """ES-ACT-2, ES-CARD-7: only own units on the battlefield that have not acted, and for a
    named card only a unit of that name."""
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (EMPIRE, "shield_guard", "C2"), (STEPPE, "lancer", "E3")],
                  zones={EMPIRE: ["shield_bash"]}, hands=HAND)
    plays = {a["uid"] for a in GAME.legal_actions(st, EMPIRE) if a["type"] == "play"}
    assert plays == {"u2"}
    with pytest.raises(IllegalAction) as e:
        act(st, EMPIRE, "play shield_bash u1 pay testudo")
    assert e.value.code == "evs.err.wrong_unit"
    with pytest.raises(IllegalAction) as e:
        act(st, EMPIRE, "play shield_bash u3 pay testudo")
    assert e.value.code == "evs.err.bad_unit"


def test_ES_ACT_3_ES_AMB_24_general_command():
    """ES-ACT-3, ES-AMB-24: choose an eligible unit, pay the cost, resolve (General Move: mobility 1)."""
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "F3")], hands=HAND)
    st, events = act(st, EMPIRE, "general move u1 pay testudo")
    assert st["players"][EMPIRE]["discard"] == ["testudo"] and st["units"]["u1"]["acted_turn"] == st["turn"]
    moves = {m for m in legal(st, EMPIRE) if m.startswith("move u1")}
    assert moves == {"move u1 B3", "move u1 C2", "move u1 C4", "move u1 D3"}
    st, _ = act(st, EMPIRE, "move u1 D3")
    assert st["battle"] == [] and st["players"][EMPIRE]["discard"] == ["testudo"]  # a general is no card


def test_ES_ACT_4_ES_AMB_20_ES_KW_4_reveal():
    """ES-ACT-4, ES-AMB-20, ES-KW-4: revealing is free, uses no unit's command, turns the card
    face-up for good; it cannot be played that turn, but in the owner's next turn; it can defend
    in the opponent's very next turn."""
    st = scenario(units=[(EMPIRE, "crossbowman", "C3"), (STEPPE, "lancer", "E3"), (STEPPE, "horse_archer", "D4")],
                  zones={EMPIRE: ["aimed_bolt", "imperial_standard"]}, hands=HAND)
    assert not any(m.startswith("play aimed_bolt") for m in legal(st, EMPIRE))
    st, events = run(st, (EMPIRE, "reveal aimed_bolt"), (EMPIRE, "reveal imperial_standard"))
    z = st["players"][EMPIRE]["zone"]
    assert z[0]["revealed"] and z[0]["revealed_turn"] == 3 and len(st["players"][EMPIRE]["hand"]) == 4
    assert not any(m.startswith("play aimed_bolt") for m in legal(st, EMPIRE))
    assert st["units"]["u1"]["acted_turn"] is None
    with pytest.raises(IllegalAction) as e:
        act(st, EMPIRE, "play aimed_bolt u1 pay testudo+shield_wall")
    assert e.value.code == "evs.err.not_revealed"
    st2 = dict(st, turn=5)
    assert "play aimed_bolt u1 pay shield_wall+testudo" in legal(st2, EMPIRE)
    st, _ = run(st, (EMPIRE, "done"), (EMPIRE, "done"), (STEPPE, "declare action deploy"))
    st["players"][STEPPE]["zone"] = [{"card": "swift_volley", "revealed": False, "revealed_turn": None, "tokens": 0,
                                      "staged_turn": 1, "dispatched_turn": None}]
    st, _ = act(st, STEPPE, "play swift_volley u3 pay ride")
    st, _ = act(st, STEPPE, "attack u1 with u3")
    assert any(m.startswith("defend u1 imperial_standard") for m in legal(st, EMPIRE))


def test_ES_ACT_5_play_puts_card_on_battlefield_with_unit():
    """ES-ACT-5: choose an eligible unit, pay, move the card from the zone onto the battlefield
    with the unit (tokens go with it)."""
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "E3")],
                  zones={EMPIRE: [{"card": "forward_strike", "tokens": 2}]}, hands=HAND)
    st, events = act(st, EMPIRE, "play forward_strike u1 pay advance")
    assert st["players"][EMPIRE]["zone"] == []
    assert st["battle"] == [{"card": "forward_strike", "seat": EMPIRE, "uid": "u1", "kind": "command", "general": False,
                             "tokens": 2, "next": 0, "moved": 0}]
    assert kinds(events) == ["paid", "paid_cards", "played"]


def test_ES_ACT_6_ES_AMB_19_phases_in_order_skip_never_back():
    """ES-ACT-6, ES-AMB-19, ES-KW-1: phases top to bottom; any may be skipped; once a later phase
    has begun, an earlier one cannot be done."""
    st = scenario(units=[(STEPPE, "horse_archer", "C3"), (EMPIRE, "legionary", "E3"), (EMPIRE, "cataphract", "A6")],
                  active=STEPPE, zones={STEPPE: ["hit_and_run"]}, hands={STEPPE: ["ride", "scatter"], EMPIRE: []})
    st, _ = act(st, STEPPE, "play hit_and_run u1 pay ride")  # move 2, ranged 2, move 2
    assert any(m.startswith("move u1") for m in legal(st, STEPPE)) and not any(m.startswith("attack") for m in legal(st, STEPPE))
    st, _ = act(st, STEPPE, "skip u1")
    assert "attack u2 with u1" in legal(st, STEPPE) and not any(m.startswith("move u1") for m in legal(st, STEPPE))
    st, _ = act(st, STEPPE, "attack u2 with u1")
    moves = [m for m in legal(st, STEPPE) if m.startswith("move u1")]
    assert moves and "skip u1" in legal(st, STEPPE)


def test_ES_ACT_7_ES_KW_7_ES_AMB_18_finished_card_to_discard_or_hand():
    """ES-ACT-7, ES-KW-7, ES-AMB-18: a finished card goes to the discard pile, tokens to the
    supply; with the recall marker it returns to hand instead."""
    st = scenario(units=[(EMPIRE, "centurion", "C3"), (EMPIRE, "legionary", "B2"), (STEPPE, "lancer", "F6")],
                  zones={EMPIRE: [{"card": "centurion_order", "tokens": 1}, "advance"]}, hands=HAND)
    st, _ = run(st, (EMPIRE, "play centurion_order u1 pay hold_the_line"), (EMPIRE, "skip u1"))
    # the engagement has no target in range: skipped at once (ES-ENG-2), the card finished
    assert "centurion_order" in st["players"][EMPIRE]["hand"] and st["battle"] == []
    assert "hold_the_line" not in st["players"][EMPIRE]["hand"]  # paid: the recall marker does not apply
    st, _ = run(st, (EMPIRE, "play advance u2 pay shield_wall"), (EMPIRE, "skip u2"))
    assert st["players"][EMPIRE]["discard"] == ["hold_the_line", "shield_wall", "advance"]


def test_ES_ACT_8_interleaving():
    """ES-ACT-8: steps of different commands may be interleaved."""
    st = scenario(units=[(EMPIRE, "legionary", "B2"), (EMPIRE, "shield_guard", "B4"), (STEPPE, "lancer", "E3")],
                  zones={EMPIRE: ["forward_strike", "steady_march"]}, hands=HAND)
    st, _ = run(st, (EMPIRE, "play forward_strike u1 pay advance"), (EMPIRE, "play steady_march u2"))
    st, _ = run(st, (EMPIRE, "move u1 C2"), (EMPIRE, "move u2 C4"))
    assert not any(m.startswith("attack") for m in legal(st, EMPIRE))  # nobody adjacent yet
    assert st["units"]["u1"]["cell"] == "C2" and st["units"]["u2"]["cell"] == "C4"


def test_ES_ACT_9_ES_AMB_32_done_skips_the_rest_and_action_ends_when_nothing_left():
    """ES-ACT-9, ES-AMB-32: ending the Action skips all remaining phases and the cards finish
    normally; an Action in which nothing can be done any more ends by itself."""
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "F3")],
                  zones={EMPIRE: ["forward_strike"]}, hands={EMPIRE: ["advance", "testudo"], STEPPE: []})
    st, _ = act(st, EMPIRE, "play forward_strike u1 pay advance")
    st, events = act(st, EMPIRE, "done")
    assert st["battle"] == [] and "forward_strike" in st["players"][EMPIRE]["discard"]
    assert st["turn_state"]["index"] == 1
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "F3")],
                  zones={EMPIRE: ["advance"]}, hands={EMPIRE: ["testudo"], STEPPE: []})
    st, _ = run(st, (EMPIRE, "play advance u1 pay testudo"), (EMPIRE, "move u1 D3"))
    # no card to pay with, no other unit: the Action ended, and so did the empty Deploy
    assert st["active"] == STEPPE and st["turn"] == 4


def test_ES_AMB_32_command_of_a_destroyed_unit_ends():
    """ES-AMB-32: if the executing unit is gone, the rest of its card is skipped and the card goes
    to the discard pile (hand with the recall marker)."""
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "F3")],
                  battle=[{"card": "centurion_order", "seat": EMPIRE, "uid": "u9", "kind": "command", "general": False,
                           "tokens": 0, "next": 0, "moved": 0}], hands={EMPIRE: []})
    events = []
    action.settle(st, events)
    assert st["battle"] == [] and st["players"][EMPIRE]["hand"] == ["centurion_order"]


def test_ES_KW_13_ES_AMB_23_mobility():
    """ES-KW-13, ES-AMB-23: up to N orthogonal steps through empty cells, never through units or
    off the grid; unused points are lost."""
    st = scenario(units=[(EMPIRE, "legionary", "A1"), (EMPIRE, "shield_guard", "B1"), (STEPPE, "lancer", "F6")],
                  zones={EMPIRE: ["advance"]}, hands=HAND)
    st, _ = act(st, EMPIRE, "play advance u1 pay testudo")  # mobility 2 from A1, B1 blocked
    dests = {a["path"][-1] for a in GAME.legal_actions(st, EMPIRE) if a["type"] == "move"}
    assert dests == {"A2", "A3", "B2"}
    with pytest.raises(IllegalAction) as e:
        act(st, EMPIRE, "move u1 C1")
    assert e.value.code == "evs.err.bad_path"
    st, events = act(st, EMPIRE, "move u1 A2")
    assert [e.params["steps"] for e in events if e.kind == "moved"] == [1] and st["battle"] == []


def test_ES_KW_14_no_terrain_flip_without_terrain():
    """ES-KW-14, ES-TER-22 (plug): without the Terrain expansion a mobility effect offers no terrain
    flip: after the move nothing about terrain is offered or kept."""
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "F6")], zones={EMPIRE: ["advance"]}, hands=HAND)
    st, _ = run(st, (EMPIRE, "play advance u1 pay testudo"), (EMPIRE, "move u1 C5"))
    assert "terrain" not in st and not any(m.split()[0] in ("place", "flip") for m in legal(st, EMPIRE))


def test_ES_KW_8_ES_KW_9_ES_KW_10_ES_AMB_22_ranges():
    """ES-KW-8, ES-KW-9, ES-KW-10, ES-AMB-22: an engagement attacks one enemy unit; melee reaches
    adjacent units only, ranged N reaches distance 1..N."""
    st = scenario(units=[(EMPIRE, "crossbowman", "C3"), (EMPIRE, "legionary", "C4"), (STEPPE, "lancer", "F3"),
                         (STEPPE, "horse_archer", "C5"), (STEPPE, "raider", "G6")],
                  zones={EMPIRE: ["crossbow_volley", "legion_thrust"]}, hands=HAND)
    st, _ = run(st, (EMPIRE, "play crossbow_volley u1 pay advance"), (EMPIRE, "play legion_thrust u2 pay testudo"))
    attacks = {(a["target"], tuple(a["with"])) for a in GAME.legal_actions(st, EMPIRE) if a["type"] == "attack"}
    assert attacks == {("u3", ("u1",)), ("u4", ("u1",)), ("u4", ("u2",)), ("u4", ("u1", "u2"))}


def test_ES_KW_6_ES_KW_11_ES_KW_12_tokens_attack_and_morale_icons():
    """ES-KW-6, ES-KW-11, ES-KW-12, ES-AMB-13, ES-AMB-21: each token and each attack icon is +1
    power; each morale icon +1 morale effect."""
    st = scenario(units=[(EMPIRE, "crossbowman", "C3"), (STEPPE, "lancer", "E3"), (STEPPE, "scout", "G6")],
                  zones={EMPIRE: [{"card": "aimed_bolt", "revealed": True, "revealed_turn": 1, "tokens": 2}]},
                  hands={EMPIRE: ["testudo", "advance"], STEPPE: []})
    st, _ = act(st, EMPIRE, "play aimed_bolt u1 pay advance+testudo")
    st, events = act(st, EMPIRE, "attack u2 with u1")
    att = next(e for e in events if e.kind == "attack")
    assert att.params["power"] == 3 + 1 + 2 and att.params["morale"] == 1


def test_ES_KW_15_charge_phalanx_heal():
    """ES-KW-15: charge +N after moving in the same command; phalanx +1 per adjacent own unit
    (at most 2); heal removes wound markers."""
    st = scenario(units=[(STEPPE, "lancer", "A3"), (EMPIRE, "shield_guard", "D3"), (EMPIRE, "legionary", "G6")],
                  active=STEPPE, zones={STEPPE: ["lance_charge"]}, hands={STEPPE: ["ride", "scatter"], EMPIRE: []})
    st, _ = run(st, (STEPPE, "play lance_charge u1 pay ride+scatter"), (STEPPE, "move u1 C3"))
    st, events = act(st, STEPPE, "attack u2 with u1")
    assert next(e for e in events if e.kind == "attack").params["power"] == 2 + 1 + 2
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (EMPIRE, "legionary_2", "C2"), (EMPIRE, "shield_guard", "B3"),
                         (EMPIRE, "crossbowman", "C4"), (STEPPE, "lancer", "D3")],
                  zones={EMPIRE: ["legion_thrust"]}, hands={EMPIRE: ["advance"], STEPPE: []})
    st, _ = act(st, EMPIRE, "play legion_thrust u1 pay advance")
    st, events = act(st, EMPIRE, "attack u5 with u1")
    assert next(e for e in events if e.kind == "attack").params["power"] == 2 + 1 + 2  # 3 neighbours, capped at 2
    st = scenario(units=[(STEPPE, "shaman", "C3", 2), (EMPIRE, "legionary", "G6")], active=STEPPE,
                  zones={STEPPE: ["shaman_blessing"]}, hands={STEPPE: ["ride"], EMPIRE: []})
    st, _ = act(st, STEPPE, "play shaman_blessing u1 pay ride")
    st, _ = act(st, STEPPE, "heal u1")
    assert st["units"]["u1"]["wounds"] == 0 and "shaman_blessing" in st["players"][STEPPE]["hand"]


def test_ES_AMB_53_duplicate_names_either_unit_executes():
    """ES-AMB-53, ES-CARD-2: a card naming the Legionary may be executed by either Legionary card
    on the battlefield, one command per unit per turn still applying."""
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (EMPIRE, "legionary_2", "C2"), (STEPPE, "lancer", "E3")],
                  zones={EMPIRE: ["legion_thrust"]}, hands={EMPIRE: ["advance"]})
    assert {a["uid"] for a in GAME.legal_actions(st, EMPIRE) if a["type"] == "play"} == {"u1", "u2"}
