"""The scenario set-up API (engine/cloudspire/scenario.py; docs/scenarios.md): positions for
tests and puzzles built through the engine, checked, and played on through the contract."""
import json

import pytest

from engine.cloudspire import GAME
from engine.cloudspire.content import load
from engine.cloudspire.scenario import Scenario, ScenarioError

B, GR = 0, 1
EVENT = load()["event_order"][0]


def test_sandbox_is_an_empty_onslaught_board():
    st = Scenario.sandbox().build()
    assert st["phase"] == "onslaught" and st["turn"]["seat"] == B and st["turn"]["step"] == "start"
    assert st["landmarks"] == {} and st["units"] == {} and [p["source"] for p in st["players"]] == [0, 0]
    assert [p["mark"] for p in st["players"]] == [GR, B]
    assert json.loads(json.dumps(st)) == st
    assert [p.key for p in GAME.prompts(st)] == ["cloudspire.prompt.start"]


def test_pieces_are_placed_named_and_taken_from_barracks_cs_prep_9_10():
    """Units on hexes or in the stack (top first, CS-PREP-9/10), groups (CS-GRP-1), spires
    with their chips; faction pieces leave their barracks and chips the supply (CS-AMB-42)."""
    sc = (Scenario.sandbox()
          .unit(B, "slinger", (5, -2), health=2, group=["warmonger"], name="sl")
          .unit(B, "awsh", name="top").unit(B, "bruiser", name="below")
          .spire(GR, "reetall", "0,0", "aar", name="sp")
          .landmark("hydra", "1,1", revealed=True, name="lm")
          .landmark("scarab", "3,1", known=[B]))
    st = sc.build()
    sl = st["units"][sc["sl"]]
    assert (sl["pos"], sl["hp"], sl["members"]) == ("5,-2", 2, ["warmonger"])
    assert st["stacks"][B] == [sc["top"], sc["below"]] and st["units"][sc["top"]]["pos"] is None
    assert st["spires"][sc["sp"]]["chips"] == ["a", "a", "r"]
    assert st["players"][GR]["spire_bar"]["reetall"] == 1 and st["supply"] == {"a": 16, "r": 13, "f": 12}
    assert st["landmarks"][sc["lm"]]["hp"] == 3
    scarab = next(l for l in st["landmarks"].values() if l["type"] == "scarab")
    assert not scarab["revealed"] and scarab["hp"] == 0 and scarab["known"] == [B]
    fresh = Scenario.sandbox().build()["players"][B]["barracks"]
    assert st["players"][B]["barracks"]["slinger"] == fresh["slinger"] - 1
    assert st["players"][B]["barracks"]["warmonger"] == fresh["warmonger"] - 1


@pytest.mark.parametrize("call,message", [
    (lambda sc: sc.unit(B, "goat", "1,0"), "unknown unit"),
    (lambda sc: sc.unit(B, "slinger", "40,40"), "not a map hex"),
    (lambda sc: sc.unit(B, "slinger", "-7,4"), "fortress hex"),
    (lambda sc: sc.unit(B, "slinger", "1,0").unit(GR, "dywen", "1,0"), "already taken"),
    (lambda sc: sc.unit(B, "slinger", "1,0", group=["awsh"]), "not a minion"),
    (lambda sc: sc.unit(B, "slinger", "one,two"), "not a hex"),
    (lambda sc: sc.spire(B, "catapult", "1,0", "xy"), "chips"),
    (lambda sc: sc.landmark("hydra", "1,0").landmark("scarab", "1,0"), "already taken"),
    (lambda sc: sc.unit(5, "slinger", "1,0"), "no seat"),
    (lambda sc: sc.player(B, gold=3), "player field"),
    (lambda sc: sc.phase("lunch"), "phase is one of"),
    (lambda sc: sc.turn(step="dance"), "step is one of"),
    (lambda sc: sc.spire_dice(3), "spire die"),
    (lambda sc: sc.unit(B, "slinger", "1,0", name="x").unit(B, "bruiser", "1,1", name="x"), "already used"),
])
def test_mistakes_are_refused(call, message):
    with pytest.raises(ScenarioError, match=message):
        call(Scenario.sandbox())


def test_forced_dice_go_through_the_state_rng_cs_fire_4_gen_8():
    """CS-FIRE-4, CS-GEN-8: forced spire dice are queued in the state's RNG and the engine
    consumes them; no patching."""
    sc = (Scenario.sandbox().spire(GR, "reetall", "0,0", "aar").unit(B, "slinger", "1,0", name="u")
          .unit(B, "bruiser").turn(step="c").spire_dice(2, 0))
    st = sc.build()
    assert st["rng"]["forced"] == [5, 0]
    st, evs = GAME.apply(st, B, {"type": "next"})
    fire = [e for e in evs if e.kind == "spire_fire"]
    assert fire[0].params["dice"] == [2, 0] and st["units"][sc["u"]]["hp"] == 1
    assert st["rng"]["forced"] == []


def test_phases_build_prep_market():
    """Jumping to the Build phase for one seat (CS-BLD-1), the Prep (CS-PREP-1/2) and the
    Market (CS-MKT-3)."""
    st = Scenario.sandbox().phase("build", seat=GR).build()
    assert st["phase"] == "build" and [p.seat for p in GAME.prompts(st)] == [GR]
    st = Scenario(seed=3).phase("prep").build()
    assert st["phase"] == "prep" and st["players"][0]["cp"] == 5 and st["prep"]["step"] == "stack"
    st = Scenario(seats=3, seed=3).phase("prep").build()
    assert st["prep"]["step"] == "mark"
    st = Scenario(seed=3).market(face=["ballista", "longbow"], earthscape="es9").phase("market").build()
    seat = GAME.prompts(st)[0].seat
    assert {a.get("chip") for a in GAME.legal_actions(st, seat)} >= {"ballista", "es"}
    with pytest.raises(ScenarioError, match="no market"):
        Scenario(options={"map": "tutorial", "faster_market": "on"}).phase("market")


def test_players_cards_and_clearing():
    sc = (Scenario.sandbox()
          .player(GR, source=9, gate=4, adv={"inner_oak": 2}, policy={"spire": "manual"}, relics=["war_horn"],
                  beside=["sellsword"])
          .event(EVENT).relic_deck(["tribute"], discard=["switcheroo"])
          .supply(a=1).unit(B, "slinger", "1,0").clear("1,0"))
    st = sc.build()
    p = st["players"][GR]
    assert (p["source"], p["gate"], p["adv"]["inner_oak"], p["policy"]["spire"]) == (9, 4, 2, "manual")
    assert p["relics"] == ["war_horn"] and p["beside"] == ["sellsword"]
    assert st["relic_deck"] == ["tribute"] and st["relic_discard"] == ["switcheroo"] and st["supply"]["a"] == 1
    assert st["units"] == {} and st["event"]["current"] == EVENT
    with pytest.raises(ScenarioError):
        sc.player(GR, relics=["no_such_relic"])


def test_a_scenario_plays_on_through_the_contract_cs_atk_8():
    """A puzzle: can Brawnen break the gate this turn? The Bonebreaker (siege) next to the
    gate attacks it (CS-ATK-8, CS-WIN-1)."""
    sc = (Scenario.sandbox().player(GR, gate=3).unit(B, "bonebreaker", "-6,4", name="bb")
          .unit(GR, "war_briar").turn(step="attack"))
    st = sc.build()
    assert {"type": "atk", "unit": sc["bb"], "at": "-7,4"} in GAME.legal_actions(st, B)
    st, _ = GAME.apply(st, B, {"type": "atk", "unit": sc["bb"], "at": "-7,4"})
    assert GAME.result(st).winners == [B]


def test_the_documented_examples_run_cs_atk_8():
    """The examples in docs/scenarios.md (section "Cloudspire") and in the module docstring
    run as written (CS-ATK-8, CS-WIN-1)."""
    import os
    import re

    from engine.cloudspire import scenario
    root = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4))
    with open(os.path.join(root, "docs", "scenarios.md"), encoding="utf-8") as f:
        section = f.read().split("## Cloudspire", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    exec(compile(code, "docs/scenarios.md", "exec"), {})
    lines = []
    for line in scenario.__doc__.split("::", 1)[1].splitlines()[1:]:
        if line and not line.startswith("    "):
            break
        lines.append(line[4:])
    doc = "\n".join(lines)
    env = {"Scenario": Scenario}
    exec(compile(doc, "scenario.py", "exec"), env)
    assert env["st"]["units"][env["sl"]]["hp"] == 2
