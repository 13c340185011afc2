"""The Empire vs Steppe position builder (engine/evs/scenario.py, docs/scenarios.md): positions
built from a real set-up, checked, and played on through the engine's contract (legal_actions,
apply, prompts), with the rule outcomes the rules document gives."""
from __future__ import annotations

import json
import os
import re

import pytest

from engine.evs import GAME
from engine.evs.scenario import Scenario, ScenarioError

E, S = 0, 1  # seat 0 plays the Empire, seat 1 the Steppe (factions "empire_steppe", the default)
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4))


def legal(st: dict, seat: int) -> list[str]:
    return [GAME.format_action(a) for a in GAME.legal_actions(st, seat)]


def play(st: dict, *moves: tuple[int, str]) -> tuple[dict, list]:
    events: list = []
    for seat, text in moves:
        st, got = GAME.apply(st, seat, text)
        events += got
    return st, events


def of(events: list, kind: str) -> list[dict]:
    return [e.params for e in events if e.kind == kind]


def docstring_code(doc: str) -> str:
    """The indented example after the first ``::`` of a docstring."""
    lines = []
    for line in doc.split("::", 1)[1].splitlines()[1:]:
        if line and not line.startswith("    "):
            break
        lines.append(line[4:])
    return "\n".join(lines)


def duel() -> Scenario:
    """Shield Guard X on C3 and Legionary Y on D4 next to the Steppe Lancer T on D3 (base power
    2, HP 3, 1 wound), a Scout far away; the Empire in its Action."""
    return (Scenario(seed=3).unit(E, "shield_guard", "C3", name="x").unit(E, "legionary", "D4", name="y")
            .unit(S, "lancer", "D3", wounds=1, name="t").unit(S, "scout", "F6", name="far")
            .turn(E, "action", "deploy"))


# ---------------------------------------------------------------- the set-up and the turn

def test_a_fresh_scenario_is_a_declaration_es_turn_3_4_set_2():
    """The standard 5 + 10 cards in hand (ES-SET-2) less the units placed; seat 0 declares 2 of
    the 3 basic actions (ES-TURN-3/4) in turn 3; without units the position is a lost game
    (ES-END-1) and is refused."""
    with pytest.raises(ScenarioError, match="ES-END-1"):
        Scenario().build()
    st = Scenario().unit(E, "legionary", "C3").unit(S, "lancer", "C5").build()
    assert (st["phase"], st["turn"], st["active"]) == ("turn", 3, E)
    assert [p.key for p in GAME.prompts(st)] == ["evs.prompt.declare"]
    assert len(legal(st, E)) == 6 and "declare deploy action" in legal(st, E) and legal(st, S) == []
    assert len(st["players"][E]["hand"]) == 14 and "legionary" not in st["players"][E]["hand"]
    assert st["units"] == {"u1": {"card": "legionary", "seat": E, "cell": "C3", "wounds": 0, "acted_turn": None},
                           "u2": {"card": "lancer", "seat": S, "cell": "C5", "wounds": 0, "acted_turn": None}}
    assert json.loads(json.dumps(st)) == st


def test_turn_at_the_second_basic_action_es_turn_4_6():
    """``at=2``: the first basic action is done; ``done`` ends the second and the turn passes
    (ES-TURN-6), the turn number going on from the one set."""
    st = (Scenario().unit(E, "legionary", "C3").unit(S, "lancer", "C5")
          .turn(E, "deploy", "action", at=2, number=7).build())
    assert [p.key for p in GAME.prompts(st)] == ["evs.prompt.action"]
    st, events = play(st, (E, "done"))
    assert (st["turn"], st["active"]) == (8, S) and of(events, "turn_start") == [{"seat": S, "turn": 8}]
    assert [p.key for p in GAME.prompts(st)] == ["evs.prompt.declare"]


def test_the_docstring_example_joint_attack_es_ex_2_eng_4_8_9_10():
    """ES-EX-2: a card of power 2 with 1 attack icon and 1 token (4) and a general attack (1)
    against base power 2: 3 damage on a unit of HP 3 with 1 wound destroys it; its owner
    shakes 3 in one event (ES-ENG-10). The example of the module docstring, run as written."""
    from engine.evs import scenario
    env: dict = {"Scenario": Scenario, "GAME": GAME}
    exec(compile(docstring_code(scenario.__doc__), "engine/evs/scenario.py", "exec"), env)
    assert of(env["events"], "attack")[0]["power"] == 5
    assert of(env["events"], "combat") == [{"seat": E, "target": "u3", "power": 5, "defence": 2, "damage": 3}]
    assert of(env["events"], "shake") == [{"seat": S, "n": 3, "marker": 3, "cause": "damage"}]
    assert "u3" not in env["st"]["units"] and env["st"]["players"][S]["units_lost"] == ["lancer"]


def test_a_defence_card_from_the_command_zone_es_ex_3_def_3_4_6():
    """ES-EX-3: the Lancer's defence card (cost 2, power 4) paid from hand: 5 - 4 = 1 damage,
    2 wounds of 3, it survives and the Steppe shakes 1; at the end of the Empire's turn the
    defence card goes to the Steppe's discard pile (ES-DEF-6)."""
    sc = (duel().command_zone(E, ["shield_bash"], tokens=1).command_zone(S, ["lance_wall"])
          .hand(S, ["ride", "scatter"]))
    st = sc.build()
    st, _ = play(st, (E, f"play shield_bash {sc['x']} pay advance"), (E, f"general attack {sc['y']} pay aimed_bolt"),
                 (E, f"attack {sc['t']} with {sc['x']}+{sc['y']}"))
    assert [p.key for p in GAME.prompts(st)] == ["evs.prompt.defend"] and GAME.prompts(st)[0].seat == S
    assert f"defend {sc['t']} lance_wall pay ride+scatter" in legal(st, S)
    st, events = play(st, (S, f"defend {sc['t']} lance_wall pay ride+scatter"))
    assert of(events, "combat")[0]["defence"] == 4 and of(events, "combat")[0]["damage"] == 1
    assert st["units"][sc["t"]]["wounds"] == 2 and st["track"] == [0, 1]
    assert [p.key for p in GAME.prompts(st)] == ["evs.prompt.deploy"]   # the Action ended by itself (ES-ACT-9)
    st, _ = play(st, (E, "done"))                  # the Deploy: the turn ends
    assert st["active"] == S and "lance_wall" in st["players"][S]["discard"]


# ---------------------------------------------------------------- the battle

def test_a_command_in_progress_charges_after_moving_es_act_6_kw_11_12_eng_11():
    """``battle``: the Cataphract's charge card at its 2nd phase (the engagement) after moving
    2: 3 + 1 attack icon + charge 1 = 5 (ES-KW-11, extra keyword ``charge``); without a move
    no charge, 4. Its morale icon shakes the target's owner in step 7 (ES-KW-12, ES-ENG-11)."""
    def attack(moved: int) -> list:
        sc = (duel().unit(E, "cataphract", "E3", name="c").hand(S, [])
              .battle("c", "cataphract_charge", phase=2, moved=moved))
        st = sc.build()
        assert st["units"][sc["c"]]["acted_turn"] == st["turn"]   # its one command (ES-TURN-7)
        assert f"attack {sc['t']} with {sc['c']}" in legal(st, E)
        return play(st, (E, f"attack {sc['t']} with {sc['c']}"))[1]
    charged, standing = attack(2), attack(0)
    assert of(charged, "combat")[0]["power"] == 5 and of(standing, "combat")[0]["power"] == 4
    assert of(charged, "shake")[-1] == {"seat": S, "n": 1, "marker": 4, "cause": "morale"}


def test_a_defence_on_the_battlefield_holds_for_later_attacks_es_def_8_def_5():
    """``battle`` with a defence card: it stays on the Lancer for the rest of the Empire's turn
    (ES-DEF-8), so a general attack (power 1) meets power 4 and no second defence is asked
    (ES-DEF-5): no damage, no window."""
    sc = duel().command_zone(S, ["guard_stand"]).battle("t", "lance_wall")
    st = sc.build()
    assert st["players"][S]["discard"] == [] and "lance_wall" not in st["players"][S]["hand"]
    st, events = play(st, (E, f"general attack {sc['y']} pay advance"), (E, f"attack {sc['t']} with {sc['y']}"))
    assert of(events, "combat") == [{"seat": E, "target": sc["t"], "power": 1, "defence": 4, "damage": 0}]
    assert st["pending"] is None and st["units"][sc["t"]]["wounds"] == 1


def test_an_acted_unit_neither_plays_nor_defends_es_turn_7_def_7():
    """``acted``: a unit that executed a command this turn gets no other (ES-TURN-7); an enemy
    unit that already defended this turn cannot defend again (ES-DEF-7), so the attack
    resolves without a window, where a fresh one would get the window."""
    def scenario(defended: bool) -> Scenario:
        return (Scenario().unit(E, "legionary", "C3", acted=True, name="a").unit(E, "shield_guard", "D4", name="b")
                .unit(S, "lancer", "C4", acted=defended, name="t").turn(E, "action", "deploy"))
    sc = scenario(True)
    st = sc.build()
    commands = [m for m in legal(st, E) if m.startswith(("general", "play"))]
    assert commands and not any(m.split()[2] == sc["a"] for m in commands)
    assert any(m.startswith(f"general attack {sc['b']} ") for m in commands)
    moves = ((E, f"general attack {sc['b']} pay advance"), (E, f"attack {sc['t']} with {sc['b']}"))
    st, events = play(st, *moves)
    assert of(events, "combat") and st["pending"] is None
    st, events = play(scenario(False).build(), *moves)
    assert not of(events, "combat") and st["pending"]["kind"] == "defence"


# ---------------------------------------------------------------- hand, zone, discard

def test_recall_takes_the_discard_pile_back_once_es_ex_10_rec_1_2():
    """ES-EX-10: 4 cards in the discard pile; Recall, then Action: the 4 come back to hand and
    a card paid in the Action stays in the pile (ES-REC-2)."""
    sc = (Scenario().unit(E, "legionary", "C3", name="a").unit(S, "lancer", "E5")
          .discard(E, ["advance", "testudo", "shield_wall", "hold_the_line"]))
    st = sc.build()
    assert st["players"][E]["discard"] == ["advance", "testudo", "shield_wall", "hold_the_line"]
    assert "testudo" not in st["players"][E]["hand"] and len(st["players"][E]["hand"]) == 10
    st, events = play(st, (E, "declare recall action"))
    assert of(events, "recalled") == [{"seat": E, "n": 4}] and st["players"][E]["discard"] == []
    st, _ = play(st, (E, f"general move {sc['a']} pay testudo"))
    assert st["players"][E]["discard"] == ["testudo"] and len(st["players"][E]["hand"]) == 13


def test_dispatch_only_for_cards_staged_earlier_es_ex_11_dep_5_6():
    """ES-EX-11: of three dispatch-flagged cards, the one staged this turn gains nothing
    (ES-DEP-5) and the one that gained its token this turn gains no second (ES-DEP-6); the
    turn number set later keeps them "this turn"."""
    st = (Scenario().unit(E, "legionary", "C3").unit(S, "lancer", "E5")
          .command_zone(E, ["crossbow_volley"])
          .command_zone(E, ["legion_thrust"], staged_now=True)
          .command_zone(E, ["testudo"], tokens=1, dispatched_now=True)
          .turn(E, "deploy", "action", number=9).build())
    zone = {e["card"]: e for e in st["players"][E]["zone"]}
    assert (zone["legion_thrust"]["staged_turn"], zone["testudo"]["dispatched_turn"]) == (9, 9)
    assert [m for m in legal(st, E) if m.startswith("dispatch")] == ["dispatch crossbow_volley"]
    st, _ = play(st, (E, "dispatch crossbow_volley"))
    assert st["players"][E]["zone"][0]["tokens"] == 1


def test_a_card_revealed_this_turn_is_not_played_es_act_4_5_kw_4():
    """A reveal-marker card revealed in an earlier turn is played (ES-ACT-5); one revealed this
    turn is not (ES-ACT-4, ES-KW-4); an unrevealed one can only be revealed."""
    sc = (Scenario().unit(E, "crossbowman", "C3", name="xb").unit(E, "ballista", "D1", name="ba")
          .unit(E, "cataphract", "A1", name="ca").unit(S, "lancer", "C5")
          .command_zone(E, ["aimed_bolt"], revealed=True)
          .command_zone(E, ["ballista_shot"], revealed_now=True)
          .command_zone(E, ["cataphract_charge"])
          .turn(E, "action", "deploy"))
    moves = legal(sc.build(), E)
    assert any(m.startswith(f"play aimed_bolt {sc['xb']}") for m in moves)
    assert not any(m.startswith("play ballista_shot") for m in moves)
    assert "reveal cataphract_charge" in moves and not any(m.startswith("play cataphract_charge") for m in moves)
    assert "reveal ballista_shot" not in moves and "reveal aimed_bolt" not in moves


def test_face_up_cards_are_seen_under_the_advanced_rule_es_dep_7_adv_1():
    """With the advanced rule the opponent does not see the command zone (ES-ADV-1), except a
    card staged face-up (ES-DEP-7)."""
    st = (Scenario(advanced=True).unit(E, "legionary", "C3").unit(S, "lancer", "E5")
          .command_zone(E, ["shield_wall"], face_up=True).command_zone(E, ["testudo"]).build())
    seen = [z["card"] for z in GAME.view(st, S)["players"][E]["zone"]]
    assert seen == ["shield_wall", None]
    assert [z["card"] for z in GAME.view(st, E)["players"][E]["zone"]] == ["shield_wall", "testudo"]


def test_hand_replaces_and_a_damaged_unit_falls_es_gen_9_eng_9_end_1():
    """``hand``: the hand exactly (ES-GEN-6); with no command card to pay the Steppe cannot
    defend (ES-GEN-9). Shield Bash (2 + 1) on the Scout (power 1, HP 2) destroys it
    (ES-ENG-9); its last unit gone, the Steppe loses (ES-END-1)."""
    sc = (Scenario().unit(E, "shield_guard", "C3", name="a").unit(S, "scout", "C4", name="t")
          .command_zone(E, ["shield_bash"]).hand(S, ["horse_archer"]).turn(E, "action", "deploy"))
    st = sc.build()
    assert st["players"][S]["hand"] == ["horse_archer"]
    st, events = play(st, (E, f"play shield_bash {sc['a']} pay advance"), (E, f"attack {sc['t']} with {sc['a']}"))
    assert of(events, "combat")[0]["damage"] == 2 and not of(events, "defended")
    assert GAME.result(st).winners == [E] and GAME.result(st).reason == "annihilated"


# ---------------------------------------------------------------- morale and terrain

def test_a_marker_near_collapse_es_end_2_mor_5():
    """``morale``: the Steppe marker on 11; the 1 damage of Shield Bash (3 against 2) shakes it onto
    the collapse square (12) and the Steppe loses (ES-MOR-5, ES-END-2)."""
    sc = (Scenario().unit(E, "shield_guard", "C3", name="a").unit(S, "lancer", "C4", name="t").unit(S, "scout", "G6")
          .command_zone(E, ["shield_bash"]).morale(S, 11).hand(S, []).turn(E, "action", "deploy"))
    st = sc.build()
    assert st["track"] == [0, 11]
    st, _ = play(st, (E, f"play shield_bash {sc['a']} pay advance"), (E, f"attack {sc['t']} with {sc['a']}"))
    assert GAME.result(st).reason == "collapse" and GAME.result(st).winners == [E]


def test_heights_cut_melee_but_not_ranged_es_ex_5_ter_18_19_21():
    """ES-EX-5: the Lancer on a +2 card next to a Legionary on the plane: no melee target
    (ES-TER-18); the Crossbowman's ranged volley reaches it (ES-TER-19) and it defends at
    base power 2 - 1 from below (ES-TER-21): 2 + tokens 0 = 2 - 1 = 1 damage."""
    sc = (Scenario(terrain=True).terrain("D3", "terrain_stone_ridge")
          .unit(E, "legionary", "D2", name="leg").unit(E, "crossbowman", "B3", name="xb")
          .unit(S, "lancer", "D3", name="t").hand(S, [])
          .command_zone(E, ["crossbow_volley"]).turn(E, "action", "deploy"))
    st = sc.build()
    assert st["terrain"]["cells"] == {"D3": "terrain_stone_ridge"} and "terrain_stone_ridge" not in st["terrain"]["deck"]
    st, _ = play(st, (E, f"general attack {sc['leg']} pay advance"))
    assert not any(m.startswith("attack") for m in legal(st, E))
    st, events = play(st, (E, f"play crossbow_volley {sc['xb']} pay aimed_bolt"), (E, f"attack {sc['t']} with {sc['xb']}"))
    assert of(events, "combat")[0] == {"seat": E, "target": sc["t"], "power": 2, "defence": 1, "damage": 1}


def test_the_terrain_deck_decides_the_mobility_flip_es_ter_15_kw_14():
    """``terrain_deck``: after a move the owner may reveal the deck's top card (ES-TER-15,
    ES-KW-14): it is the card the scenario put on top; an empty deck allows no flip."""
    def moved(top: list[str], rest: bool) -> dict:
        sc = (Scenario(terrain=True).unit(E, "legionary", "B2", name="a").unit(S, "lancer", "F5")
              .battle("a", "general_move").terrain_deck(top, rest=rest).turn(E, "action", "deploy"))
        return play(sc.build(), (E, f"move {sc['a']} B3"))[0]
    st = moved(["terrain_old_road"], True)
    assert legal(st, E) == ["flip", "noflip"]
    st, _ = play(st, (E, "flip"))
    assert st["pending"]["kind"] == "terrain" and st["pending"]["card"] == "terrain_old_road"
    assert "flip" not in legal(moved([], False), E)


def test_the_morale_pile_decides_the_draw_es_ex_6_mx_5_6():
    """ES-EX-6: the Steppe marker on 5 and a Steppe unit destroyed: shake 3 passes square 6,
    so the Empire draws the top card of its pile, the one the scenario put there (value 2),
    and the Steppe marker goes back to 6 (ES-MX-5/6)."""
    sc = (Scenario(morale=True).unit(E, "shield_guard", "C3", name="a").unit(S, "scout", "C4", name="t")
          .unit(S, "lancer", "G6").command_zone(E, ["shield_bash"]).morale(S, 5)
          .morale_pile(E, ["emp_eagle_raised"]).hand(S, []).turn(E, "action", "deploy"))
    st = sc.build()
    assert st["morale"]["piles"][E][0] == "emp_eagle_raised" and len(st["morale"]["piles"][E]) == 14
    st, _ = play(st, (E, f"play shield_bash {sc['a']} pay advance"), (E, f"attack {sc['t']} with {sc['a']}"))
    assert [e["card"] for e in st["morale"]["seats"][E]["zone"]] == ["emp_eagle_raised"]
    assert st["track"][S] == 6 and st["morale"]["seats"][S]["marker"] == 6


def test_morale_zone_cards_in_force_and_rally_cost_es_mx_11_14_ex_8():
    """``morale_zone``: a tapped ongoing buff is in force (ES-MX-11): Drilled Ranks adds 1 to
    the Empire's attack; three Empire debuffs in the Steppe zone make the Empire's Rally cost
    3 cards (ES-MX-14, ES-EX-8)."""
    def power(tapped: bool) -> int:
        sc = (Scenario(morale=True).unit(E, "legionary", "C3", name="a").unit(S, "lancer", "C4", name="t")
              .hand(S, []).turn(E, "action", "deploy"))
        if tapped:
            sc.morale_zone(E, ["emp_drilled_ranks"], state="tapped")
        st, events = play(sc.build(), (E, f"general attack {sc['a']} pay advance"), (E, f"attack {sc['t']} with {sc['a']}"))
        return int(of(events, "combat")[0]["power"])
    assert (power(False), power(True)) == (1, 2)
    st = (Scenario(morale=True).unit(E, "legionary", "C3").unit(S, "lancer", "E5")
          .morale_zone(S, ["emp_mutiny", "emp_rigid_orders"]).morale_zone(S, ["emp_lost_banners"], state="flipped")
          .turn(E, "rally", "action").build())
    assert len(st["morale"]["piles"][S]) == 11
    rallies = [m for m in legal(st, E) if m.startswith("rally")]
    assert rallies and all(len(m.split(" pay ")[1].split("+")) == 3 for m in rallies)


# ---------------------------------------------------------------- what is refused

def _units(sc: Scenario) -> Scenario:
    return sc.unit(E, "legionary", "C3").unit(S, "lancer", "C5")


@pytest.mark.parametrize("call,message", [
    (lambda sc: sc.unit(E, "legionnaire", "C3"), "unknown card"),
    (lambda sc: sc.unit(E, "lancer", "C3"), "steppe card"),
    (lambda sc: sc.unit(E, "legionary", "H1"), "not a cell"),
    (lambda sc: sc.unit(E, "legionary", "A7"), "not a cell"),
    (lambda sc: sc.unit(E, "legionary", "C3").unit(S, "lancer", "C3"), "already taken"),
    (lambda sc: sc.unit(E, "legionary", "C3").unit(E, "legionary", "C4"), "already on the battlefield"),
    (lambda sc: sc.unit(S, "scout", "C3", wounds=2), "HP"),
    (lambda sc: sc.unit(E, "advance", "C3"), "command card"),
    (lambda sc: sc.command_zone(E, ["legionary"]), "unit card"),
    (lambda sc: sc.command_zone(E, ["advance"], revealed=True), "no reveal marker"),
    (lambda sc: sc.command_zone(E, ["advance"], dispatched_now=True, tokens=1), "token this turn"),
    (lambda sc: sc.hand(E, ["advance", "advance"]), "twice"),
    (lambda sc: sc.discard(E, ["advance"]).hand(E, ["advance"]), "already in"),
    (lambda sc: sc.turn(E, "recall", "action"), "Recall"),
    (lambda sc: sc.turn(E, "action", "action"), "2 different"),
    (lambda sc: sc.turn(E, "rally", "action"), "2 different"),
    (lambda sc: sc.turn(2), "seat must be"),
    (lambda sc: sc.terrain("C3", "terrain_old_road"), "Terrain expansion is off"),
    (lambda sc: sc.morale_zone(E, ["emp_mutiny"]), "Morale expansion is off"),
    (lambda sc: sc.morale(S, 12), "marker"),
    (lambda sc: _units(sc).battle("C3", "shield_bash"), "cannot execute"),
    (lambda sc: _units(sc).battle("C3", "forward_strike", phase=3), "phase is 1 to 2"),
    (lambda sc: _units(sc).battle("B2", "advance"), "no unit"),
    (lambda sc: sc.unit(E, "legionary", "C3", name="a").unit(E, "shield_guard", "C4", name="a"), "already used"),
])
def test_mistakes_are_refused(call, message):
    with pytest.raises(ScenarioError, match=message):
        call(Scenario())


@pytest.mark.parametrize("call,message", [
    (lambda: Scenario(terrain=True).terrain("C3", "terrain_nowhere"), "unknown terrain card"),
    (lambda: Scenario(terrain=True).terrain("C3", "terrain_old_road").terrain("C3", "terrain_hollow"), "ES-TER-7"),
    (lambda: Scenario(morale=True).morale_zone(E, ["stp_mutiny_x"]), "unknown morale card"),
    (lambda: Scenario(morale=True).morale_zone(E, ["stp_battle_cries"]), "not in seat 0's pile"),
    (lambda: Scenario(morale=True).morale_zone(E, ["emp_eagle_raised"], state="tapped"), "once card"),
    (lambda: _units(Scenario()).battle("C3", "forward_strike").build(), "outside its owner's Action"),
    (lambda: _units(Scenario()).battle("C3", "shield_wall").turn(E, "action", "deploy").build(), "own turn"),
    (lambda: Scenario().unit(E, "legionary", "C3").build(), "seat 1 has no unit"),
])
def test_impossible_positions_are_refused_es_end_1_def_6(call, message):
    """Mistakes of the expansions' steps (ES-TER-7, ES-MX-4, ES-MX-10), and what a call cannot
    check alone, checked by ``build()``: a seat without units has lost (ES-END-1), commands are
    in progress only in their owner's Action and defences only in the opponent's turn (ES-DEF-6)."""
    with pytest.raises(ScenarioError, match=message):
        call()


def test_bad_options_are_the_engines_refusal():
    from engine.base import IllegalAction
    with pytest.raises(IllegalAction) as info:
        Scenario(factions="steppe_steppe")
    assert info.value.code == "evs.err.bad_options"


def test_build_gives_a_fresh_copy_and_the_factions_follow_the_option_es_gen_1():
    sc = Scenario(factions="steppe_empire").unit(S, "legionary", "C3").unit(E, "lancer", "C5")
    assert sc.state()["units"]["u1"]["card"] == "legionary"       # each step changes the position at once
    first, second = sc.build(), sc.build()
    assert first == second and first is not second
    first["units"]["u1"]["wounds"] = 2
    assert sc.build()["units"]["u1"]["wounds"] == 0
    assert first["factions"] == ["steppe", "empire"] and sc.faction(S) == "empire"
    assert sc["C3"] == "u1" and sc["C5"] == "u2"


def test_the_documented_example_runs_es_ex_2():
    """The code of docs/scenarios.md, section "Empire vs Steppe", runs as written (ES-EX-2)."""
    with open(os.path.join(ROOT, "docs", "scenarios.md"), encoding="utf-8") as f:
        section = f.read().split("## Empire vs Steppe", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    env: dict = {}
    exec(compile(code, "docs/scenarios.md", "exec"), env)
    assert of(env["events"], "combat")[0]["damage"] == 3 and GAME.result(env["st"]) is None
