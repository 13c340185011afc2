"""The greedy bot: legal, sensible, and much stronger than uniformly random legal play."""
import random

import pytest
from tests.games.evs.engine.evs_helpers import EMPIRE, STEPPE, act, run, scenario
from tests.games.evs.engine.test_morale_play import mscenario
from tests.games.evs.engine.test_terrain_play import scout_on, tscenario

from engine.evs import GAME, actions, bot, engage
from engine.playout import play
from engine.evs.setup import new_state


def play_vs_random(seed: int, bot_seat: int, options: dict | None = None) -> dict:
    st, _ = new_state(2, options or {}, seed)
    rnd = random.Random(seed * 7 + 1)

    def policy(st: dict, seat: int) -> dict:
        legal = actions.legal_actions(st, seat)
        a = bot.choose(st, seat) if seat == bot_seat else legal[rnd.randrange(len(legal))]
        assert a in legal
        return a
    return play(GAME, st, policy, stop_after=20000).state  # in place, cut off after 20,000 moves


OPTION_SETS = {"base": {}, "terrain": {"terrain": "on"}, "morale": {"morale": "on"},
               "all": {"terrain": "on", "morale": "on"}}


@pytest.mark.slow  # 50 whole games per option set: the full suite only
@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_bot_beats_random_play(name):
    """At least 80% of 50 seeded games against uniformly random legal play, on both seats, with
    each option set (base, +terrain, +morale, both expansions)."""
    options = OPTION_SETS[name]
    wins = sum(1 for seed in range(50)
               if (r := play_vs_random(seed, seed % 2, options)["result"]) and seed % 2 in r["winners"])
    assert wins >= 40, wins


def test_bot_attacks_when_damage_and_defends_to_survive():
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "D3", 2), (STEPPE, "scout", "G6")],
                  zones={EMPIRE: ["legion_thrust"], STEPPE: ["lance_wall"]},
                  hands={EMPIRE: ["advance", "testudo"], STEPPE: ["ride", "scatter", "swift_volley"]})
    a = GAME.bot_action(st, EMPIRE)
    assert a["type"] == "play" and a["card"] == "legion_thrust"
    st, _ = act(st, EMPIRE, a)
    assert GAME.bot_action(st, EMPIRE) == {"type": "attack", "target": "u2", "with": ["u1"]}
    st, _ = act(st, EMPIRE, "attack u2 with u1")
    d = GAME.bot_action(st, STEPPE)  # 3 against 2 would destroy the Lancer (HP 3, 2 wounds)
    assert d["type"] == "defend" and d["card"] == "lance_wall"


def test_bot_does_not_defend_without_damage_and_recalls_when_short():
    st = scenario(units=[(EMPIRE, "shield_guard", "C3"), (STEPPE, "lancer", "D3"), (STEPPE, "scout", "G6")],
                  hands={EMPIRE: ["advance", "testudo"], STEPPE: ["ride", "scatter"]})
    st, _ = run(st, (EMPIRE, "general attack u1 pay advance"), (EMPIRE, "attack u2 with u1"))
    assert GAME.bot_action(st, STEPPE) == {"type": "nodefend"}  # 1 against 2
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "F3")], declared=None,
                  hands={EMPIRE: ["advance"]}, discards={EMPIRE: ["testudo", "shield_wall", "shield_bash"]})
    assert GAME.bot_action(st, EMPIRE)["first"] == "recall"


def test_bot_pays_terrain_penalties_with_mobility_first():
    """ES-TER-16: the bot pays a penalty with a spare mobility point when the move has one, then
    with a card it can spare, else shakes; and it prefers paths with fewer penalties."""
    st = scout_on({"C4": "terrain_shallow_ford", "C5": "terrain_shallow_ford"}, deck=[])
    st, _ = act(st, STEPPE, "move u1 C4-C5")
    assert GAME.bot_action(st, STEPPE) == {"type": "penalty", "option": "mp", "pay": []}
    st, _ = act(st, STEPPE, "penalty mp")
    assert GAME.bot_action(st, STEPPE) == {"type": "penalty", "option": "shake", "pay": []}  # 2 cards: none to spare
    units = [(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "D6"), (STEPPE, "scout", "G6")]
    st = tscenario({"C4": "terrain_shallow_ford"}, deck=[], units=units, zones={EMPIRE: ["advance"]},
                   hands={EMPIRE: ["testudo"], STEPPE: []})
    st, _ = act(st, EMPIRE, "play advance u1 pay testudo")
    assert GAME.bot_action(st, EMPIRE) == {"type": "move", "uid": "u1", "path": ["D3", "D4"]}  # not C4-D4


def test_bot_rallies_with_two_debuffs_and_plays_buffs_before_attacking():
    """ES-MX-13..15: the bot declares Rally when 2 of its debuffs lie in the opponent's zone and
    removes them; ES-MX-8: with Action declared it plays a one-turn power buff before it attacks."""
    units = [(EMPIRE, "legionary", "C3"), (EMPIRE, "shield_guard", "C2"), (STEPPE, "lancer", "C4"),
             (STEPPE, "scout", "G6")]
    st = mscenario(units=units, mzones={STEPPE: ["emp_supply_shortage", "emp_mutiny"]}, declared=None)
    assert GAME.bot_action(st, EMPIRE) == {"type": "declare", "first": "rally", "second": "action"}
    st, _ = act(st, EMPIRE, "declare rally action")
    a = GAME.bot_action(st, EMPIRE)
    assert a["type"] == "rally" and len(a["pay"]) == 2
    st = mscenario(units=units, active=STEPPE, markers=(0, 0), mzones={STEPPE: ["stp_fierce_charge"]},
                   zones={STEPPE: ["lance_charge"]}, hands={STEPPE: ["ride", "scatter", "swift_volley"], EMPIRE: []})
    st, _ = act(st, STEPPE, "play lance_charge u3 pay ride+scatter")
    st, _ = act(st, STEPPE, "skip u3")
    power = engage.attack_power(st, "u1", ["u3"])[0]
    assert GAME.bot_action(st, STEPPE) == {"type": "morale", "card": "stp_fierce_charge"}
    for _ in range(10):
        a = GAME.bot_action(st, STEPPE)
        st, events = act(st, STEPPE, a)
        if a["type"] == "attack":
            break
    assert a == {"type": "attack", "target": "u1", "with": ["u3"]}
    assert next(e for e in events if e.kind == "attack").params["power"] == power + 2
