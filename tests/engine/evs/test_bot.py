"""The greedy bot: legal, sensible, and much stronger than uniformly random legal play."""
import random

from evs_helpers import EMPIRE, STEPPE, act, run, scenario

from engine.evs import GAME, actions, bot
from engine.evs.playout import step_inplace
from engine.evs.setup import new_state


def play_vs_random(seed: int, bot_seat: int) -> dict:
    st, _ = new_state(2, {}, seed)
    rnd = random.Random(seed * 7 + 1)
    for _ in range(20000):
        if st["result"] is not None:
            break
        seat = actions.prompts(st)[0].seat
        legal = actions.legal_actions(st, seat)
        a = bot.choose(st, seat) if seat == bot_seat else legal[rnd.randrange(len(legal))]
        assert a in legal
        step_inplace(st, seat, a)
    return st


def test_bot_beats_random_play():
    """At least 80% of 50 seeded games against uniformly random legal play, on both seats."""
    wins = sum(1 for seed in range(50) if (r := play_vs_random(seed, seed % 2)["result"]) and seed % 2 in r["winners"])
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
