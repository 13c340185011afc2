"""Turns (ES-TURN), the Deploy action (ES-DEP), Recall (ES-REC), the discard pile and costs
(ES-GEN-8..11), with the worked examples ES-EX-10 and ES-EX-11."""
import pytest

from tests.games.evs.engine.evs_helpers import EMPIRE, STEPPE, IllegalAction, act, kinds, legal, run, scenario

from engine.evs import GAME

UNITS = [(EMPIRE, "legionary", "C3"), (EMPIRE, "shield_guard", "C2"), (EMPIRE, "crossbowman", "B3"),
         (STEPPE, "horse_archer", "E3"), (STEPPE, "lancer", "F4")]


def declaring(**kw):
    return scenario(units=UNITS, declared=None, **kw)


def test_ES_TURN_3_ES_TURN_4_ES_AMB_10_declaration():
    """ES-TURN-3, ES-TURN-4, ES-AMB-10: exactly 2 different basic actions, declared with their
    order at the start of the turn."""
    st = declaring()
    assert sorted(legal(st, EMPIRE)) == sorted(f"declare {a} {b}" for a in ("deploy", "action", "recall")
                                               for b in ("deploy", "action", "recall") if a != b)
    with pytest.raises(IllegalAction):
        act(st, EMPIRE, "declare deploy deploy")
    assert GAME.legal_actions(st, STEPPE) == []
    assert GAME.prompts(st)[0].key == "evs.prompt.declare"


def test_ES_TURN_1_ES_TURN_4_ES_TURN_6_actions_in_order_then_turn_ends():
    """ES-TURN-1, ES-TURN-4, ES-TURN-6: each declared action in full, in order; after the second
    the turn passes to the other player."""
    st = declaring(zones={EMPIRE: ["forward_strike"]})
    st, _ = act(st, EMPIRE, "declare deploy action")
    assert GAME.prompts(st)[0].key == "evs.prompt.deploy"
    assert "reveal forward_strike" not in legal(st, EMPIRE)
    st, _ = act(st, EMPIRE, "done")
    assert GAME.prompts(st)[0].key == "evs.prompt.action"
    st, events = act(st, EMPIRE, "done")
    assert st["active"] == STEPPE and st["turn"] == 4 and st["turn_state"]["declared"] is None
    assert kinds(events)[-2:] == ["turn_end", "turn_start"]


def test_ES_TURN_2_nothing_happens_at_turn_start():
    """ES-TURN-2: in the base game the start of a turn changes nothing but whose turn it is."""
    st = scenario(units=UNITS, declared=("deploy", "action"), index=1)
    before = {s: dict(st["players"][s]) for s in (0, 1)}
    st, _ = act(st, EMPIRE, "done")
    assert st["players"][STEPPE]["hand"] == before[STEPPE]["hand"] and st["track"] == [0, 0]


def test_ES_TURN_4_ES_AMB_10_action_without_effect_is_legal():
    """ES-TURN-4: a chosen action may have no effect (a Recall with an empty discard pile)."""
    st = declaring()
    st, events = act(st, EMPIRE, "declare recall deploy")
    assert ("recalled", 0) in [(e.kind, e.params.get("n")) for e in events]
    assert GAME.prompts(st)[0].key == "evs.prompt.deploy"


def test_ES_TURN_7_one_command_per_unit_per_turn():
    """ES-TURN-7, ES-ACT-2: a unit that executed a command this turn cannot execute another."""
    st = scenario(units=UNITS, zones={EMPIRE: ["advance", "forward_strike"]}, hands={EMPIRE: ["testudo", "shield_wall", "hold_the_line"]})
    st, _ = act(st, EMPIRE, "play advance u1 pay testudo")
    assert not any(t.startswith(("play forward_strike u1", "general move u1", "general attack u1")) for t in legal(st, EMPIRE))
    assert any(t.startswith("play forward_strike u2") for t in legal(st, EMPIRE))
    with pytest.raises(IllegalAction) as e:
        act(st, EMPIRE, "general move u1 pay shield_wall")
    assert e.value.code == "evs.err.unit_acted"


def test_ES_DEP_1_ES_AMB_11_operations_any_number_any_order():
    """ES-DEP-1, ES-AMB-11: deploy, stage, clear and dispatch, any number of times in any order."""
    st = scenario(units=UNITS, declared=("deploy", "action"),
                  hands={EMPIRE: ["cataphract", "advance", "testudo", "shield_wall"]})
    st, _ = run(st, (EMPIRE, "stage advance"), (EMPIRE, "stage testudo"), (EMPIRE, "clear advance"),
                (EMPIRE, "deploy cataphract A3"), (EMPIRE, "stage shield_wall"))
    assert [e["card"] for e in st["players"][EMPIRE]["zone"]] == ["testudo", "shield_wall"]
    assert st["players"][EMPIRE]["discard"] == ["advance"]


def test_ES_DEP_2_deploy_cells():
    """ES-DEP-2: an empty cell adjacent to an own unit and not adjacent to an enemy unit."""
    st = scenario(units=UNITS, declared=("deploy", "action"), hands={EMPIRE: ["cataphract"]})
    cells = {a["cell"] for a in GAME.legal_actions(st, EMPIRE) if a["type"] == "deploy"}
    assert cells == {"C4", "D3", "D2", "B2", "C1", "A3", "B4"} - {"D3"}  # D3 touches the enemy on E3
    with pytest.raises(IllegalAction) as e:
        act(st, EMPIRE, "deploy cataphract D3")
    assert e.value.code == "evs.err.bad_cell"


def test_ES_DEP_3_staged_unrevealed_without_tokens():
    """ES-DEP-3: a staged card enters the command zone unrevealed and without tokens."""
    st = scenario(units=UNITS, declared=("deploy", "action"))
    st, _ = act(st, EMPIRE, "stage aimed_bolt")
    assert st["players"][EMPIRE]["zone"][-1] == {"card": "aimed_bolt", "revealed": False, "revealed_turn": None,
                                                 "tokens": 0, "staged_turn": 3, "dispatched_turn": None,
                                                 "face_up": False}


def test_ES_DEP_4_ES_GEN_11_ES_AMB_13_clear_whatever_state_tokens_back():
    """ES-DEP-4, ES-GEN-11, ES-AMB-13, ES-KW-7: a cleared card goes face-down to the discard
    pile whatever its state, its tokens back to the (unlimited) supply; the recall marker does
    not apply."""
    st = scenario(units=UNITS, declared=("deploy", "action"), hands={EMPIRE: ["advance"]},
                  zones={EMPIRE: [{"card": "aimed_bolt", "revealed": True, "revealed_turn": 1, "tokens": 3},
                                  "hold_the_line"]})
    st, events = run(st, (EMPIRE, "clear aimed_bolt"), (EMPIRE, "clear hold_the_line"))
    assert st["players"][EMPIRE]["zone"] == []
    assert st["players"][EMPIRE]["discard"] == ["aimed_bolt", "hold_the_line"]
    assert "hold_the_line" not in st["players"][EMPIRE]["hand"]


def test_ES_EX_11_ES_DEP_5_ES_DEP_6_ES_AMB_12_dispatch():
    """ES-EX-11, ES-DEP-5, ES-DEP-6, ES-AMB-12, ES-KW-5: a dispatch card staged in an earlier turn
    gains 1 token in Deploy, at most once per turn; one staged in that same Deploy gains nothing;
    a card without the flag never does."""
    st = scenario(units=UNITS, declared=("deploy", "action"), turn=3,
                  zones={EMPIRE: [{"card": "legion_thrust", "staged_turn": 1}, {"card": "advance", "staged_turn": 1}]})
    assert "dispatch legion_thrust" in legal(st, EMPIRE) and "dispatch advance" not in legal(st, EMPIRE)
    st, _ = act(st, EMPIRE, "dispatch legion_thrust")
    assert st["players"][EMPIRE]["zone"][0]["tokens"] == 1
    assert "dispatch legion_thrust" not in legal(st, EMPIRE)  # once per turn
    st, _ = act(st, EMPIRE, "stage testudo")  # dispatch flag, staged now
    assert "dispatch testudo" not in legal(st, EMPIRE)
    with pytest.raises(IllegalAction) as e:
        act(st, EMPIRE, "dispatch testudo")
    assert e.value.code == "evs.err.cannot_dispatch"


def test_ES_DEP_7_ES_AMB_16_staged_card_usable_same_turn_but_still_unrevealed():
    """ES-DEP-7, ES-AMB-16, ES-ACT-10: a card staged in Deploy may be played in that turn's
    Action; a staged card is unrevealed, so a reveal-marked one must still wait a turn."""
    st = scenario(units=UNITS, declared=("deploy", "action"), hands={EMPIRE: ["forward_strike", "aimed_bolt", "advance"]})
    st, _ = run(st, (EMPIRE, "stage forward_strike"), (EMPIRE, "stage aimed_bolt"), (EMPIRE, "done"))
    moves = legal(st, EMPIRE)
    assert "play forward_strike u1 pay advance" in moves
    assert "reveal aimed_bolt" in moves and not any(m.startswith("play aimed_bolt") for m in moves)


def test_ES_GEN_9_ES_AMB_14_costs_paid_from_hand_in_full():
    """ES-GEN-9, ES-AMB-14: a cost N is paid with exactly N command cards from the hand (never
    unit cards, never zone cards); without enough, the command cannot be used."""
    st = scenario(units=UNITS, zones={EMPIRE: [{"card": "aimed_bolt", "revealed": True, "revealed_turn": 1}, "advance"]},
                  hands={EMPIRE: ["cataphract", "testudo"]})
    moves = legal(st, EMPIRE)
    assert not any(m.startswith("play aimed_bolt") for m in moves)  # cost 2, one command card in hand
    assert "play advance u1 pay testudo" in moves and not any("cataphract" in m for m in moves)
    st, events = act(st, EMPIRE, "play advance u1 pay testudo")
    assert st["players"][EMPIRE]["discard"] == ["testudo"]  # ES-GEN-8 (b)
    assert [e.params for e in events if e.kind == "paid"] == [{"seat": EMPIRE, "n": 1}]
    with pytest.raises(IllegalAction) as e:
        act(scenario(units=UNITS, zones={EMPIRE: ["advance"]}, hands={EMPIRE: ["testudo"]}), EMPIRE,
            "play advance u1 pay shield_wall")
    assert e.value.code == "evs.err.bad_payment"


def test_ES_GEN_8_ES_GEN_10_discard_entries_and_no_draw():
    """ES-GEN-8 (a)-(c), ES-GEN-10: a finished command, a paid card and a cleared card enter the
    discard pile; nothing is ever drawn: the hand grows only by Recall or the recall marker."""
    st = scenario(units=UNITS, zones={EMPIRE: ["advance", "testudo"]}, hands={EMPIRE: ["shield_wall"]},
                  declared=("action", "deploy"))
    st, _ = run(st, (EMPIRE, "play advance u1 pay shield_wall"), (EMPIRE, "move u1 C4"))
    assert st["players"][EMPIRE]["discard"] == ["shield_wall", "advance"]  # (b) then (a)
    assert st["turn_state"]["index"] == 1  # ES-ACT-9: nothing left to do, the Action ended
    st, _ = act(st, EMPIRE, "clear testudo")
    assert st["players"][EMPIRE]["discard"][-1] == "testudo" and st["players"][EMPIRE]["hand"] == []  # (c)


def test_ES_REC_1_ES_REC_2_ES_AMB_54_recall_once():
    """ES-REC-1, ES-REC-2, ES-AMB-54: Recall takes the whole discard pile into the hand, once:
    cards discarded later in the turn stay; Recall is usable again in later turns."""
    st = scenario(units=UNITS, declared=None, discards={EMPIRE: ["advance", "testudo"]}, hands={EMPIRE: []},
                  zones={EMPIRE: ["forward_strike"]})
    st, events = act(st, EMPIRE, "declare recall action")
    assert sorted(st["players"][EMPIRE]["hand"]) == ["advance", "testudo"]
    assert st["players"][EMPIRE]["discard"] == []
    st, _ = act(st, EMPIRE, "play forward_strike u1 pay advance")
    assert st["players"][EMPIRE]["discard"] == ["advance"]


def test_ES_EX_10_recall_then_action():
    """ES-EX-10: 4 cards in the discard pile; Recall then Action; the Action pays 2 and resolves
    1 card, so the turn ends with 3 cards in the discard pile."""
    st = scenario(units=UNITS, declared=None, hands={EMPIRE: [], STEPPE: []},
                  discards={EMPIRE: ["advance", "testudo", "shield_wall", "shield_bash"]},
                  zones={EMPIRE: [{"card": "aimed_bolt", "revealed": True, "revealed_turn": 1}]})
    st, _ = act(st, EMPIRE, "declare recall action")
    assert len(st["players"][EMPIRE]["hand"]) == 4 and st["players"][EMPIRE]["discard"] == []
    st, _ = act(st, EMPIRE, "play aimed_bolt u3 pay advance+testudo")
    st, _ = act(st, EMPIRE, "attack u4 with u3")  # no defence possible: the Steppe hand is empty
    st, _ = act(st, EMPIRE, "done")
    assert st["active"] == STEPPE
    assert sorted(st["players"][EMPIRE]["discard"]) == ["advance", "aimed_bolt", "testudo"]


def test_ES_GEN_7_zone_cards_have_reveal_state_and_tokens():
    """ES-GEN-7: the command zone holds only command cards, each with a reveal state and a number
    of tokens (and, for dispatch, the turn it was staged)."""
    st = scenario(units=UNITS, declared=("deploy", "action"), hands={EMPIRE: ["cataphract", "testudo"]})
    assert "stage cataphract" not in legal(st, EMPIRE)  # unit cards never enter the zone
    st, _ = act(st, EMPIRE, "stage testudo")
    z = st["players"][EMPIRE]["zone"][0]
    assert {"revealed", "tokens", "staged_turn"} <= set(z) and z["revealed"] is False and z["tokens"] == 0
