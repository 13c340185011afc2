"""The supported position set-up API (engine/clash/scenario.py, docs/scenarios.md)."""
import json
import os
import re

import pytest

from tests.games.clash.engine.clash_helpers import GAME, IllegalAction, ev_of, hand, lane, make, run_phase3, tc

from engine.clash.cards import DECKS
from engine.clash.scenario import CREATURE_FIELDS, Scenario, ScenarioError, shuffle_forcing
from engine.clash.state import FORT
from engine.rng import shuffle

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4))


def test_documented_example_builds_a_playable_position():
    """The example of the module and of docs/scenarios.md: a spell aimed at the front
    creature of the other side resolves on it (CD-SPELL-2)."""
    st = (Scenario(mode="duel", seed=1)
          .hand(0, ["ember_drake", "frost_bolt", "fire_bolt"]).fort(0, hp=2)
          .lane("top", seat=1, cards=["blade_dancer", ("reef_serpent", {"damage": 1})])
          .mana(0, 4).turn(0, phase="summon")
          .build())
    assert st["players"][0]["hand"] == ["ember_drake", FORT, "frost_bolt", "fire_bolt"]
    assert GAME.view(st, 0)["seats"][0]["health"] == 2
    assert "play frost_bolt @1.top.1" in [GAME.format_action(a) for a in GAME.legal_actions(st, 0)]
    s, events = GAME.apply(st, 0, "play frost_bolt @1.top.1")
    assert [e.kind for e in events][:2] == ["card_played", "spell_cast"]
    assert json.loads(json.dumps(st)) == st


def test_defaults():
    """Unset parts: the preconstructed decks in data order with the fort card leftmost,
    Bastion side up (CD-SET-4), empty lanes, no mana, turn 2 of seat 0 in phase 2."""
    st = Scenario().build()
    for seat, deck in enumerate(list(DECKS)[:2]):
        assert st["players"][seat]["hand"] == [FORT] + DECKS[deck]
        assert st["players"][seat]["side"] == "bastion" and st["players"][seat]["mana"] == 0
    assert st["lanes"] == [[[], []], [[], []]]
    assert (st["stage"], st["turn"], st["turn_player"], st["phase"], st["pause"]) == ("play", 2, 0, "summon", False)
    assert GAME.prompts(st)[0].key == "clash.prompt.summon"
    assert GAME.legal_actions(st, 0) == [{"type": "end"}]


def test_fort_position_side_and_explicit_fort_card():
    """CD-HAND-2 / CD-FORT-2: health is the number of cards right of the fort card, on either
    side; the fort card may also be placed by hand."""
    st = Scenario().hand(1, ["a", "b", "c", "d"]).fort(1, hp=1, side="fort").build()
    assert hand(st, 1) == ["a", "b", "c", "F(F)", "d"]
    assert GAME.view(st, None)["seats"][1]["health"] == 1
    st = Scenario().hand(0, ["a", FORT, "b"], side="fort").build()
    assert hand(st, 0) == ["a", "F(F)", "b"]


def test_creature_fields_reach_the_view():
    """Every creature field of the scenario shows in the view (docs/clash/view.md): damage
    (CD-DMG-1), played this turn (CD-PLAY-5), a Possess stack and its owners (CD-POS-1), a
    champion (CD-CHA-7), Dash, Protection, activation and spell buffs."""
    big = tc(2, 5, name="t_sc_big")
    st = (Scenario()
          .lane("top", 0, [(big, {"damage": 1, "played": True, "dash": 2, "protection_used": True, "activated": True,
                                  "buff_av": 1, "buff_hp": 2, "granted": ["FLYING"]})])
          .lane("top", 1, [("shade_rider", {"host": big, "host_owner": 0, "owner": 0}),
                           (big, {"hp_left": 2})])
          .lane("bottom", 1, [("champ_phoenix", {"champion": True})])
          .build())
    v = GAME.view(st, None)["lanes"]
    c = v["top"][0][0]
    assert (c["damage"], c["played_this_turn"], c["dash_bonus"], c["protection_used"], c["activated"]) == \
        (1, True, 2, True, True)
    assert (c["buff_av"], c["buff_hp"], c["hp"], c["av"]) == (1, 2, 7, 5) and c["granted"] == ["FLYING"]
    stack = v["top"][1][0]
    assert stack["stack"] == ["shade_rider", big] and stack["card_owner"] == 0 and stack["host_owner"] == 0
    assert v["top"][1][1]["hp_left"] == 2
    assert v["bottom"][1][0]["champion"] is True
    assert st["players"][1]["champion"] == {"card": "champ_phoenix", "state": "in_play"}
    assert set(CREATURE_FIELDS) >= {"damage", "played", "owner", "champion", "host"}


def test_solo_ai_zones_and_rules():
    """CD-AID: the AI deck (top first), discard pile and fort side; AI rules overrides
    (CD-CUS-6) without the level bounds of a new match."""
    st = (Scenario(mode="solo").hand(0, ["a", "b"]).ai(deck=["x0", "x1"], discard=["x2"], side="fort")
          .ai_rules(base_mana=9, abilities=["FRENZY"]).build())
    assert st["ai"] == {"deck": ["x0", "x1"], "discard": ["x2"], "side": "fort"}
    assert st["solo"]["base_mana"] == 9 and st["ai_extra"]
    assert Scenario(mode="solo").deck(1, ["x0"]).build()["ai"]["deck"] == ["x0"]
    assert GAME.view(st, 0)["seats"][1]["ai_deck_size"] == 2


def test_forcing_the_ai_reshuffle():
    """CD-AID-2 / CD-AID-9: the AI reshuffle after a Bastion flip is chance; the scenario forces
    its order through the state's RNG (shuffle_forcing), with no patching."""
    a = tc(1, 9, name="t_sc_att1")
    pile = ["x1", "x2", "x3", "x4"]
    wanted = ["x3", "x0", "x1", "x4", "x2"]
    values = shuffle_forcing(pile + ["x0"], wanted)  # the top card is discarded first, then the pile is shuffled
    st = Scenario(mode="solo").hand(0, ["b"]).lane("top", 0, [a]).ai(deck=["x0"], discard=pile) \
        .force(*values).build()
    s, ev = run_phase3(st)
    assert s["ai"]["deck"] == wanted and s["ai"]["side"] == "fort" and ev_of(ev, "ai_reshuffle")
    rng = {"s": 0, "forced": list(values)}
    order = pile + ["x0"]
    shuffle(rng, order)
    assert order == wanted


def test_paused_phase_3_position():
    """CD-AMB-10: a position with phase 3 paused for a champion summon."""
    st = Scenario(pause_phase3=True).hand(0, ["a", "b"]).champion(0, "champ_phoenix").mana(0, 5) \
        .turn(0, paused=True).build()
    assert GAME.prompts(st)[0].key == "clash.prompt.attack_pause"
    assert {GAME.format_action(a) for a in GAME.legal_actions(st, 0)} == {"champion top", "champion bottom", "go"}


def test_to_dict_from_dict_and_fresh_states():
    """A scenario is data (puzzles as JSON) and builds a new state each time."""
    sc = make_scenario()
    doc = json.loads(json.dumps(sc.to_dict()))
    assert Scenario.from_dict(doc).build() == sc.build()
    st = sc.build()
    st["players"][0]["hand"].clear()
    assert sc.build()["players"][0]["hand"]


def make_scenario() -> Scenario:
    return (Scenario(mode="duel", seed=3, pause_phase3=True).hand(0, ["a", "b", "c"]).fort(0, hp=1)
            .lane("bottom", 1, [("magma_brute", {"damage": 2})]).mana(0, 3).champion(0, "champ_sentinel")
            .turn(0, number=4).first_player(1).force(1, 0))


def test_bad_scenarios_are_refused():
    """Unknown cards and fields, impossible hands, AI zones outside Solo and bad options are
    refused with a message naming the problem; options are checked as for a new match
    (CD-FMT-9)."""
    cases = [
        lambda: Scenario().hand(0, ["no_such_card"]).build(),
        lambda: Scenario().hand(0, ["a", FORT, FORT]).build(),
        lambda: Scenario().hand(0, ["a"]).fort(0, hp=3).build(),
        lambda: Scenario().fort(0, side="castle"),
        lambda: Scenario().lane("middle", 0, ["a"]),
        lambda: Scenario().lane("top", 0, [("a", {"wings": True})]).build(),
        lambda: Scenario().lane("top", 0, [("a", {"hp_left": 5})]).build(),
        lambda: Scenario().turn(0, phase="dinner"),
        lambda: Scenario().ai(deck=["a"]),
        lambda: Scenario().deck(0, ["a"]),
        lambda: Scenario(mode="solo").hand(1, ["a"]),
        lambda: Scenario(mode="solo").ai_rules(speed=3),
        lambda: Scenario.from_dict({"colour": "red"}),
    ]
    for case in cases:
        with pytest.raises(ScenarioError):
            case()
    with pytest.raises(IllegalAction) as e:
        Scenario(champions=True).build()
    assert e.value.code == "clash.err.bad_options"


def test_test_helpers_build_through_the_scenario_api():
    """clash_helpers.make() is a compact spelling of the same API: its states equal the
    scenario's."""
    st = make(hands={0: "F(B) a b", 1: "c F(F) d"}, lanes={"top": ("a/1 b!", "shade_rider>c")}, mana=4)
    sc = (Scenario(seed=0).turn(0, number=5).hand(0, [FORT, "a", "b"]).hand(1, ["c", FORT, "d"], side="fort")
          .mana(0, 4).lane("top", 0, [("a", {"damage": 1}), ("b", {"played": True})])
          .lane("top", 1, [("shade_rider", {"host": "c"})]))
    assert st == sc.build()
    assert lane(st, "top", 1) == ["shade_rider>c"]


def test_docs_examples_run():
    """The code of docs/scenarios.md, section "Clash of Decks", runs and does what it says."""
    text = open(os.path.join(ROOT, "docs", "scenarios.md"), encoding="utf-8").read()
    section = text.split("## Clash of Decks", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 2
    namespace: dict = {}  # the blocks run in order, as a reader types them
    exec(blocks[0], namespace)
    assert [e.kind for e in namespace["events"]][:2] == ["card_played", "spell_cast"]
    exec(blocks[1], namespace)
    s, _ = run_phase3(namespace["st"])
    assert s["ai"]["deck"] == ["cinder_imp", "fire_bolt", "magma_brute"] and s["ai"]["side"] == "fort"
