"""Views and visibility (ES-ADV, ES-AMB-15, "Information and decisions"), log redaction and
notation."""
import json

import pytest

from tests.games.evs.engine.evs_helpers import EMPIRE, STEPPE, IllegalAction, run, scenario

from engine.evs import GAME
from engine.evs.view import may_peek

ZONES = {EMPIRE: ["advance", {"card": "aimed_bolt", "revealed": True, "revealed_turn": 1, "tokens": 2}]}


def pos(advanced="off"):
    return scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "F3")], zones=ZONES,
                    discards={EMPIRE: ["testudo"]}, options={"advanced": advanced})


def test_ES_ADV_2_ES_AMB_15_base_mode_zone_may_be_looked_at():
    """ES-ADV-2, ES-AMB-15: without the advanced rule the public view hides unrevealed zone cards
    but says the opponent may look (``peek``), and the opponent's own view shows them."""
    st = pos()
    pub, opp, own = GAME.view(st, None), GAME.view(st, STEPPE), GAME.view(st, EMPIRE)
    assert pub["peek"] is True
    assert [z["card"] for z in pub["players"][EMPIRE]["zone"]] == [None, "aimed_bolt"]
    assert [z["card"] for z in opp["players"][EMPIRE]["zone"]] == ["advance", "aimed_bolt"]
    assert [z["card"] for z in own["players"][EMPIRE]["zone"]] == ["advance", "aimed_bolt"]


def test_ES_ADV_1_ES_DEP_7_advanced_rule_hides_the_zone():
    """ES-ADV-1, ES-DEP-7: with the advanced rule only the owner sees unrevealed zone cards; the
    count, reveal states, revealed faces, tokens and staging turns stay public."""
    st = pos("on")
    for v in (None, STEPPE):
        zone = GAME.view(st, v)["players"][EMPIRE]["zone"]
        assert [z["card"] for z in zone] == [None, "aimed_bolt"]
        assert [(z["revealed"], z["tokens"], z["staged_turn"]) for z in zone] == [(False, 0, 2), (True, 2, 2)]
    assert GAME.view(st, None)["peek"] is False
    assert GAME.view(st, EMPIRE)["players"][EMPIRE]["zone"][0]["card"] == "advance"


def test_ES_ADV_2_the_engine_says_when_the_zone_may_be_looked_at():
    """ES-ADV-1/2, ES-AMB-15: ``peek`` (what the host's look button asks) is the engine's
    may_peek: without the advanced rule, from the end of the secret pick on (there is no zone
    before it); never with the advanced rule."""
    picking = GAME.setup(2, {"hands": "pick"}, 1)
    assert picking["phase"] == "select" and not may_peek(picking)
    assert all(GAME.view(picking, v)["peek"] is False for v in (None, 0, 1))
    for options, phase in (({}, "vanguard"), ({"terrain": "on"}, "terrain")):
        st = GAME.setup(2, options, 1)
        assert st["phase"] == phase and may_peek(st) and GAME.view(st, None)["peek"] is True
    assert not may_peek(GAME.setup(2, {"advanced": "on"}, 1))
    assert may_peek(pos()) and not may_peek(pos("on"))


def test_hands_and_discards_only_to_their_owner():
    """Information: hand and discard contents are private (counts public)."""
    st = pos()
    for v in (None, STEPPE):
        p = GAME.view(st, v)["players"][EMPIRE]
        assert p["hand"] is None and p["discard"] is None
        assert p["hand_count"] == 10 and p["discard_count"] == 1
    p = GAME.view(st, EMPIRE)["players"][EMPIRE]
    assert p["discard"] == ["testudo"] and len(p["hand"]) == 10
    text = json.dumps(GAME.view(st, None))
    assert "testudo" not in text and "shield_wall" not in text


def test_view_of_the_battlefield_and_the_window():
    """Public: units with wounds, commands on the battlefield, the defence window's summary."""
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "D3", 1), (STEPPE, "scout", "G6")],
                  zones={EMPIRE: ["legion_thrust"]}, hands={EMPIRE: ["advance"], STEPPE: ["ride"]})
    st, _ = run(st, (EMPIRE, "play legion_thrust u1 pay advance"), (EMPIRE, "attack u2 with u1"))
    v = GAME.view(st, None)
    assert v["pending"] == {"kind": "defence", "seat": STEPPE, "target": "u2", "attackers": ["u1"], "power": 3,
                            "morale": 0, "defence": 2}
    u = {x["uid"]: x for x in v["units"]}
    assert u["u2"]["wounds"] == 1 and u["u1"]["command"]["card"] == "legion_thrust" and u["u1"]["acted"]
    p = GAME.prompts(st)[0]
    assert p.key == "evs.prompt.defend" and p.params["wounds"] == 1 and p.params["hp"] == 3


def test_log_redaction():
    """log_text: staged / cleared / dispatched cards are seen by the opponent only without the
    advanced rule, never by spectators; paid cards are never shown (ES-GEN-9); picks are
    private (ES-AMB-3); everything else is public."""
    st, adv = pos(), pos("on")
    assert GAME.log_text(st, EMPIRE, STEPPE, "stage advance") == "stage advance"
    assert GAME.log_text(st, EMPIRE, None, "stage advance") == "stage ?"
    assert GAME.log_text(adv, EMPIRE, STEPPE, "stage advance") == "stage ?"
    assert GAME.log_text(adv, EMPIRE, EMPIRE, "stage advance") == "stage advance"
    assert GAME.log_text(st, EMPIRE, STEPPE, "play aimed_bolt u1 pay advance+testudo") == "play aimed_bolt u1 pay ?+?"
    assert GAME.log_text(st, STEPPE, EMPIRE, "defend u3 general pay ride") == "defend u3 general pay ?"
    assert GAME.log_text(st, EMPIRE, STEPPE, "general move u1") == "general move u1"
    assert GAME.log_text(st, EMPIRE, STEPPE, "pick legionary") == "pick ?"
    assert GAME.log_text(st, EMPIRE, STEPPE, "attack u2 with u1+u3") == "attack u2 with u1+u3"
    assert GAME.log_text(st, None, STEPPE, "timeout") == "timeout"
    assert GAME.log_hidden("stage advance") and GAME.log_hidden("play a u1 pay b")
    assert not GAME.log_hidden("play a u1") and not GAME.log_hidden("declare deploy action")


@pytest.mark.parametrize("text", [
    "pick standard", "unpick legionary", "place terrain_low_hill C3", "vanguard legionary C3", "pass",
    "declare recall action", "deploy cataphract A3", "stage advance", "clear advance", "dispatch testudo",
    "reveal aimed_bolt", "play aimed_bolt u1 pay advance+testudo", "play steady_march u2",
    "general move u1 pay advance", "general attack u12", "move u1 C4", "move u1 C3-C4-D4", "skip u3", "heal u3",
    "attack u5 with u1+u2+u10", "defend u5 general pay ride", "defend u5 lance_wall pay ride+scatter",
    "nodefend", "done"])
def test_notation_round_trip(text):
    """format_action(parse_action(s)) == s for canonical notation."""
    assert GAME.format_action(GAME.parse_action(text)) == text
    assert GAME.parse_action(GAME.format_action(GAME.parse_action(text))) == GAME.parse_action(text)


def test_notation_is_lenient_and_canonical():
    assert GAME.parse_action("  PLAY aimed_bolt U1 pay testudo+advance ") == {
        "type": "play", "card": "aimed_bolt", "uid": "u1", "pay": ["advance", "testudo"]}
    assert GAME.parse_action("move u1 c4")["path"] == ["C4"]
    assert GAME.parse_action("attack u5 with u10+u2")["with"] == ["u2", "u10"]
    for bad in ("", "fly u1", "move u1 H9", "play x", "declare deploy fly", "attack u1 u2", "defend u1"):
        with pytest.raises(IllegalAction) as e:
            GAME.parse_action(bad)
        assert e.value.code == "evs.err.bad_notation"


def test_action_info():
    i = GAME.action_info("play aimed_bolt u1 pay advance")
    assert (i.verb, i.command, i.head, i.rest, i.subject) == ("play", "play", "play aimed_bolt", "u1 pay advance",
                                                              "aimed_bolt")
    assert GAME.action_info("done").continues and GAME.action_info("nodefend").continues
    assert GAME.action_info("pick legionary").quiet
    # the command's arguments, one per argument of the verb (the keyword ``with`` is put back
    # by move_from_command)
    info = GAME.action_info("attack u5 with u1")
    assert (info.command, info.args, info.kinds) == ("attack", ("u5", "u1"), ("uid", "with"))
    assert GAME.move_from_command("attack", info.args) == "attack u5 with u1"
