"""The expansions' plug points: board.py (height, connectivity, deployment limits) and track.py
(shakes, turn starts) give base-game answers with the options off and ask terrain_rules /
morale_rules only when they are on (docs/evs/engine.md "Expansions")."""
import sys
import types

import pytest

from tests.games.evs.engine.evs_helpers import EMPIRE, STEPPE, IllegalAction, act, legal, run, scenario

from engine.evs import GAME, board, track, vanguard

TERRAIN = "engine.evs.terrain_rules"
MORALE = "engine.evs.morale_rules"


def boom(*a, **k):
    raise AssertionError("an expansion was asked while it is off")


def fake_terrain(height=None, connected=None, deploy=None):
    m = types.ModuleType(TERRAIN)
    m.height = height or (lambda st, c: 0)
    m.connected = connected or (lambda st, a, b: True)
    m.can_deploy_on = deploy or (lambda st, c, v: True)
    return m


def test_ES_KW_14_ES_VAN_6_base_answers_without_terrain(monkeypatch):
    """ES-KW-14, ES-VAN-6: with the Terrain expansion off every cell has height 0, all adjacent
    cells are connected, any empty cell may take a unit, and the terrain module is never asked."""
    monkeypatch.setitem(sys.modules, TERRAIN, types.SimpleNamespace(height=boom, connected=boom, can_deploy_on=boom))
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "F3")])
    assert board.height(st, "C3") == 0 and board.connected(st, "C3", "C4") and board.can_deploy_on(st, "C4", True)
    assert legal(st, EMPIRE)  # generating moves asks nothing


def test_ES_VAN_6_vanguard_asks_the_terrain(monkeypatch):
    """ES-VAN-6: with terrain, vanguard deployment asks can_deploy_on(vanguard=True) (ES-TER-13),
    Deploy asks can_deploy_on(vanguard=False) (ES-TER-14)."""
    asked = []

    def deploy(st, c, v):
        asked.append(v)
        return c != "C3"
    monkeypatch.setitem(sys.modules, TERRAIN, fake_terrain(deploy=deploy))
    st = GAME.setup(2, {"factions": "empire_steppe"}, 1)  # terrain off at setup
    st["options"] = dict(st["options"], terrain="on")
    second = 1 - st["first"]
    assert "C3" not in vanguard.cells(st, second) and set(asked) == {True}
    asked.clear()
    st = scenario(units=[(EMPIRE, "legionary", "C2"), (STEPPE, "lancer", "F3")], declared=("deploy", "action"),
                  hands={EMPIRE: ["cataphract"]}, options={"factions": "empire_steppe"})
    st["options"] = dict(st["options"], terrain="on")
    cells = {a["cell"] for a in GAME.legal_actions(st, EMPIRE) if a["type"] == "deploy"}
    assert "C3" not in cells and "B2" in cells and set(asked) == {False}


def test_ES_KW_9_ES_KW_10_ES_KW_13_connectivity_through_the_plug(monkeypatch):
    """ES-KW-9, ES-KW-10, ES-KW-13: with terrain, melee needs connected cells, ranged ignores
    connectivity, every movement step must be connected (and paths are given step by step)."""
    def connected(st, a, b):
        return "D3" not in (a, b)  # D3 is cut off from its neighbours
    monkeypatch.setitem(sys.modules, TERRAIN, fake_terrain(connected=connected))
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (EMPIRE, "crossbowman", "C4"), (STEPPE, "lancer", "D3"),
                         (STEPPE, "scout", "G6")],
                  zones={EMPIRE: ["legion_thrust", "crossbow_volley", "advance"]},
                  hands={EMPIRE: ["testudo", "shield_wall", "hold_the_line"]})
    st["options"] = dict(st["options"], terrain="on")
    st, events = act(st, EMPIRE, "play legion_thrust u1 pay testudo")
    assert "skipped" in [e.kind for e in events]  # melee: not connected, no target
    st, _ = act(st, EMPIRE, "play crossbow_volley u2 pay shield_wall")
    assert "attack u3 with u2" in legal(st, EMPIRE)  # ranged: connectivity ignored


def test_terrain_paths_step_by_step(monkeypatch):
    """ES-KW-13 with terrain: a move is the full step path, each step connected."""
    monkeypatch.setitem(sys.modules, TERRAIN, fake_terrain(connected=lambda st, a, b: "B2" not in (a, b)))
    st = scenario(units=[(EMPIRE, "legionary", "A1"), (STEPPE, "lancer", "G6")], zones={EMPIRE: ["advance"]},
                  hands={EMPIRE: ["testudo"]})
    st["options"] = dict(st["options"], terrain="on")
    st, _ = act(st, EMPIRE, "play advance u1 pay testudo")
    paths = sorted(GAME.format_action(a) for a in GAME.legal_actions(st, EMPIRE) if a["type"] == "move")
    assert paths == ["move u1 A2", "move u1 A2-A3", "move u1 B1", "move u1 B1-C1"]


def test_ES_END_5_shakes_go_through_morale_rules(monkeypatch):
    """ES-END-5, ES-MOR-2: with the Morale expansion every shake is morale_rules.shake_state's and
    its verdict ends the game; every turn start calls start_turn (ES-TURN-2)."""
    calls = []
    m = types.ModuleType(MORALE)
    m.shake_state = lambda st, seat, n, events: calls.append(("shake", seat, n)) or (seat if n >= 3 else None)
    m.start_turn = lambda morale, seat, events: calls.append(("start", seat))
    monkeypatch.setitem(sys.modules, MORALE, m)
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "D3", 2), (STEPPE, "scout", "G6")],
                  zones={EMPIRE: ["legion_thrust"]}, hands={EMPIRE: ["advance", "testudo"], STEPPE: []})
    st["options"] = dict(st["options"], morale="on")
    st, _ = run(st, (EMPIRE, "play legion_thrust u1 pay advance"), (EMPIRE, "attack u2 with u1"))
    assert calls == [("shake", STEPPE, 3)] and GAME.result(st).reason == "collapse" and st["track"] == [0, 0]
    calls.clear()
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "F3")], declared=("deploy", "action"), index=1)
    st["options"] = dict(st["options"], morale="on")
    st["morale"] = {}
    st, _ = act(st, EMPIRE, "done")
    assert calls == [("start", STEPPE)]


def test_base_game_never_asks_morale(monkeypatch):
    """ES-MOR-5: the base game moves the marker itself."""
    monkeypatch.setitem(sys.modules, MORALE, types.SimpleNamespace(shake_state=boom, start_turn=boom, setup=boom))
    st = scenario(track=(0, 0))
    track.shake(st, EMPIRE, 2, [])
    assert st["track"] == [2, 0]


def test_missing_expansion_module(monkeypatch):
    """An option on without its module installed is a clear error, not a crash."""
    monkeypatch.setitem(sys.modules, TERRAIN, None)
    with pytest.raises(IllegalAction) as e:
        GAME.setup(2, {"terrain": "on"}, 1)
    assert e.value.code == "evs.err.expansion_missing"


def test_real_expansions_play_through():
    """The real terrain_rules / morale_rules behind the plug points: terrain placement at setup
    (12 cards, ES-SET-1 step 4), the morale sub-dict, and whole games."""
    st = GAME.setup(2, {"terrain": "on", "morale": "on"}, 4)
    while st["phase"] == "terrain":
        seat = GAME.prompts(st)[0].seat
        st, _ = GAME.apply(st, seat, GAME.timeout_action(st, seat))
    assert st["phase"] == "vanguard" and len(st["terrain"]["cells"]) == 12
    assert GAME.view(st, None)["terrain"]["placed"] == 12 and GAME.view(st, None)["morale"]["expansion"]
