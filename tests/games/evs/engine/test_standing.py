"""Standing defence orders (``pol defence never|lethal|ask``, engine/evs/standing.py): the
defence window of ES-DEF-2 answered at once under the defender's order, so an asynchronous
game does not wait on the defender; private to its owner."""
import pytest

from tests.games.evs.engine.evs_helpers import EMPIRE, STEPPE, IllegalAction, act, kinds, legal, run, scenario

from engine.evs import GAME
from engine.evs.content import UNITS


def attack_ready(target=("lancer", 1), steppe_zone=(), steppe_hand=("ride", "scatter", "swift_volley")):
    """The ES-EX-2 position: Empire Legionary (Legion Thrust) on C3 and Shield Guard (general
    attack) on E3 about to attack the Steppe unit on D3 (``target``: card, wounds)."""
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (EMPIRE, "shield_guard", "E3"),
                         (STEPPE, target[0], "D3", target[1]), (STEPPE, "scout", "G6")],
                  zones={EMPIRE: [{"card": "legion_thrust", "tokens": 1}], STEPPE: list(steppe_zone)},
                  hands={EMPIRE: ["advance", "testudo", "shield_wall"], STEPPE: list(steppe_hand)})
    st, _ = run(st, (EMPIRE, "play legion_thrust u1 pay advance"), (EMPIRE, "general attack u2 pay testudo"))
    return st


def lethal_without_defence(st) -> bool:
    after, _ = act(st, EMPIRE, "attack u3 with u1+u2")
    after, _ = act(after, STEPPE, "nodefend")
    return "u3" not in after["units"]


def test_default_order_is_ask_and_the_window_is_a_prompt():
    """ES-DEF-2: without an order the defender is asked."""
    st = attack_ready(steppe_zone=["lance_wall"])
    st, events = act(st, EMPIRE, "attack u3 with u1+u2")
    assert GAME.prompts(st)[0].seat == STEPPE and GAME.prompts(st)[0].kind == "reaction"
    assert "standing_answer" not in kinds(events)


def test_never_closes_every_window_at_once_without_defence():
    st = attack_ready(steppe_zone=["lance_wall"])
    st, events = act(st, STEPPE, "pol defence never")  # off-turn: during the Empire's Action
    assert events == [] and st["players"][STEPPE]["policy"] == "never"
    st, events = act(st, EMPIRE, "attack u3 with u1+u2")
    assert "defend u3 lance_wall pay ride+scatter" not in legal(st, STEPPE)
    assert all(p.seat == EMPIRE for p in GAME.prompts(st))  # nobody waits on the Steppe
    assert kinds(events).index("no_defence") < kinds(events).index("combat")
    assert "u3" not in st["units"]  # ES-EX-2 numbers: destroyed
    answer = next(e for e in events if e.kind == "standing_answer")
    assert answer.visible_to == STEPPE and answer.params["order"] == "never"  # only the defender is told


def test_lethal_defends_with_a_card_that_saves_the_unit():
    """The ES-EX-3 defence (Lance Wall, 2 cards) is made by the order, not by hand."""
    st = attack_ready(steppe_zone=["lance_wall"])
    assert lethal_without_defence(st)
    st, _ = act(st, STEPPE, "pol defence lethal")
    st, events = act(st, EMPIRE, "attack u3 with u1+u2")
    assert next(e for e in events if e.kind == "defended").params["card"] == "lance_wall"
    assert "u3" in st["units"] and st["units"]["u3"]["wounds"] < UNITS["lancer"]["hp"]
    assert all(p.seat == EMPIRE for p in GAME.prompts(st))


def test_lethal_does_not_defend_a_unit_that_survives_anyway():
    st = attack_ready(target=("khan_guard", 0), steppe_zone=["guard_stand"])
    assert not lethal_without_defence(st)
    st, _ = act(st, STEPPE, "pol defence lethal")
    st, events = act(st, EMPIRE, "attack u3 with u1+u2")
    assert "no_defence" in kinds(events) and "defended" not in kinds(events)
    assert "guard_stand" in [e["card"] for e in st["players"][STEPPE]["zone"]]  # kept for later


def test_lethal_without_a_saving_defence_pays_nothing():
    st = attack_ready(steppe_hand=("ride",))  # only the general defence (+1) is affordable: not enough
    assert lethal_without_defence(st)
    st, _ = act(st, STEPPE, "pol defence lethal")
    st, events = act(st, EMPIRE, "attack u3 with u1+u2")
    assert "no_defence" in kinds(events) and "paid" not in kinds(events)
    assert st["players"][STEPPE]["hand"] == ["ride"]


def test_setting_an_order_answers_ones_own_open_window():
    st = attack_ready(steppe_zone=["lance_wall"])
    st, _ = act(st, EMPIRE, "attack u3 with u1+u2")
    assert GAME.prompts(st)[0].seat == STEPPE
    st, events = act(st, STEPPE, "pol defence lethal")
    assert next(e for e in events if e.kind == "defended").params["card"] == "lance_wall"
    assert all(p.seat == EMPIRE for p in GAME.prompts(st))


def test_ask_restores_the_prompt():
    st = attack_ready(steppe_zone=["lance_wall"])
    st, _ = run(st, (STEPPE, "pol defence never"), (STEPPE, "pol defence ask"))
    st, _ = act(st, EMPIRE, "attack u3 with u1+u2")
    assert GAME.prompts(st)[0].seat == STEPPE


def test_orders_are_private_and_off_turn():
    st = attack_ready()
    assert GAME.off_turn(GAME.parse_action("pol defence never"))
    assert not GAME.off_turn(GAME.parse_action("done"))
    st, _ = act(st, STEPPE, "pol defence lethal")
    assert GAME.view(st, STEPPE)["players"][STEPPE]["policy"] == "lethal"
    assert GAME.view(st, EMPIRE)["players"][STEPPE]["policy"] is None
    assert GAME.view(st, None)["players"][STEPPE]["policy"] is None
    assert GAME.log_text(st, STEPPE, EMPIRE, "pol defence lethal") == "?"
    assert GAME.log_hidden("pol defence lethal")
    info = GAME.action_info("pol defence never")
    assert info.quiet and info.command == "policy"
    assert "pol defence never" not in legal(st, STEPPE)  # not a move: bots never pick it


@pytest.mark.parametrize("text", ["pol defence sometimes", "pol attack never", "pol defence", "pol"])
def test_bad_orders_are_refused(text):
    st = attack_ready()
    with pytest.raises(IllegalAction) as err:
        act(st, STEPPE, text)
    assert err.value.code == "evs.err.bad_notation"


def test_bad_json_order_is_refused_and_changes_nothing():
    st = attack_ready()
    with pytest.raises(IllegalAction):
        GAME.apply(st, STEPPE, {"type": "pol", "key": "defence", "value": "maybe"})
    assert "policy" not in st["players"][STEPPE]


def test_an_order_survives_the_json_round_trip_and_replays():
    import json
    st = attack_ready(steppe_zone=["lance_wall"])
    st, _ = act(st, STEPPE, "pol defence lethal")
    st = json.loads(json.dumps(st))
    st, events = act(st, EMPIRE, "attack u3 with u1+u2")
    assert "defended" in kinds(events)
