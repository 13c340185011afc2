"""The Terrain expansion wired into play (ES-TER-13..21, ES-KW-13/14, ES-AMB-41..45, ES-EX-5):
the penalty of each step into a terrain cell with its owner's choice, the mobility flip after
a mobility effect, forest cover, high ground and connectivity, vanguard and Deploy heights,
through GAME.apply / legal_actions with the real terrain_rules."""
import pytest

from tests.games.evs.engine.evs_helpers import EMPIRE, STEPPE, IllegalAction, act, kinds, legal, run, scenario

from engine.evs import GAME, engage, grid, terrain_rules, vanguard

FORD, ROAD, BOG = "terrain_shallow_ford", "terrain_old_road", "terrain_reed_bog"  # 0 usual, 0 none, -1 shake
PINE, DENSE = "terrain_pine_forest", "terrain_dense_forest"  # forests, cover 1 / 2
HILL, RIDGE, CRAG = "terrain_low_hill", "terrain_stone_ridge", "terrain_eagle_crag"  # +1, +2, +3


def tscenario(cells, deck=None, morale=False, **kw):
    """A turn-phase scenario (evs_helpers.scenario) with terrain on and these terrain cards."""
    opts = {"terrain": "on", **({"morale": "on"} if morale else {}), **kw.pop("options", {})}
    st = scenario(options=opts, **kw)
    st["pending"] = None
    rest = [c for c in terrain_rules.load() if c not in cells.values()]
    st["terrain"] = {"cells": dict(cells), "deck": list(deck if deck is not None else rest), "placed": 12}
    if morale:
        st["morale"]["turn"] = {"serial": 3, "active": st["active"], "checked": [False, False]}
    return st


def scout_on(cells, deck=None, hand=("ride", "scatter"), **kw):
    """Steppe's Scout on C3 with Scout Ahead (mobility 3, cost 0) in progress; an Empire unit far away."""
    st = tscenario(cells, deck=deck, active=STEPPE, units=[(STEPPE, "scout", "C3"), (EMPIRE, "legionary", "G6")],
                   zones={STEPPE: ["scout_ahead"]}, hands={STEPPE: list(hand)}, **kw)
    st, _ = act(st, STEPPE, "play scout_ahead u1")
    return st


def test_ES_TER_16_ES_AMB_42_each_step_into_terrain_costs_the_owners_choice():
    """ES-TER-16, ES-AMB-42: every step into a cell holding a terrain card costs one penalty,
    chosen by the moving unit's owner among +1 mobility point (while the move has one left
    after its path), +1 card of cost from hand, or shake 1; legal_actions list every option
    (each card that can pay), the choice is a follow-up decision of the move."""
    st = scout_on({"C4": FORD, "C5": FORD}, deck=[])
    st, events = act(st, STEPPE, "move u1 C4-C5")
    assert st["units"]["u1"]["cell"] == "C5" and st["pending"]["kind"] == "penalty"
    assert sorted(legal(st, STEPPE)) == ["penalty cost pay ride", "penalty cost pay scatter", "penalty mp",
                                         "penalty shake"]
    assert GAME.prompts(st)[0].key == "evs.prompt.penalty" and GAME.prompts(st)[0].params["cell"] == "C4"
    assert legal(st, EMPIRE) == []
    st, events = act(st, STEPPE, "penalty mp")  # the 3rd mobility point: 2 steps + 1 spent
    assert [e.params["option"] for e in events if e.kind == "terrain_penalty"] == ["mp"]
    assert sorted(legal(st, STEPPE)) == ["penalty cost pay ride", "penalty cost pay scatter", "penalty shake"]
    st, events = act(st, STEPPE, "penalty cost pay scatter")
    assert st["players"][STEPPE]["discard"] == ["scatter"] and st["pending"] is None
    assert st["turn_state"]["index"] == 1  # the Action went on, and ended: nothing more to do


def test_ES_TER_16_shake_is_always_possible_and_leaving_costs_nothing():
    """ES-TER-16, ES-AMB-42: shake 1 is always open, so a move is never blocked; leaving a terrain
    cell costs nothing, and a step whose only option is shake 1 is paid without asking."""
    st = scout_on({"C3": FORD, "D3": FORD}, deck=[], hand=())  # starts on terrain; no cards in hand
    st, events = act(st, STEPPE, "move u1 D3-D2-D1")  # spare 0, no card: shake only
    assert [e.params["cell"] for e in events if e.kind == "terrain_penalty"] == ["D3"]
    assert st["track"] == [0, 1] and st["pending"] is None


def test_ES_TER_16_ES_AMB_42_card_text_overrides_the_penalty():
    """ES-TER-16 "usually", ES-AMB-42: a card's own penalty text wins: the Old Road has none, the
    Reed Bog allows only shake 1 (paid at once)."""
    st = scout_on({"C4": ROAD, "C5": BOG}, deck=[])
    st, events = act(st, STEPPE, "move u1 C4")
    assert "terrain_penalty" not in kinds(events) and st["pending"] is None
    st = scout_on({"C4": ROAD, "C5": BOG}, deck=[])
    st, events = act(st, STEPPE, "move u1 C4-C5")
    assert [(e.params["cell"], e.params["option"]) for e in events if e.kind == "terrain_penalty"] == [("C5", "shake")]
    assert st["track"] == [0, 1]


def test_ES_TER_16_ES_MOR_3_the_chosen_shake_is_a_shake():
    """ES-TER-16 (c), ES-MOR-3: a penalty shake is a normal shake of the mover (it can lose the
    base game at the collapse square)."""
    st = scout_on({"C4": FORD}, deck=[], track=(0, 11))
    st, _ = act(st, STEPPE, "move u1 C4")
    st, events = act(st, STEPPE, "penalty shake")
    assert GAME.result(st).reason == "collapse" and GAME.result(st).winners == [EMPIRE]


def test_ES_TER_15_ES_AMB_43_ES_KW_14_mobility_flip_after_the_move():
    """ES-TER-15, ES-KW-14, ES-AMB-43: after a mobility effect's movement (and its penalties) the
    owner may reveal the top terrain card and place it within range II of the unit, not next to
    an enemy unit, on a cell with no terrain card and no unit; it is optional."""
    st = scout_on({"C4": FORD}, deck=[HILL, RIDGE])
    st, _ = act(st, STEPPE, "move u1 B3")
    assert st["pending"] == {"kind": "flip", "seat": STEPPE, "uid": "u1"}
    assert sorted(legal(st, STEPPE)) == ["flip", "noflip"] and GAME.prompts(st)[0].key == "evs.prompt.flip"
    assert GAME.continue_action(st, STEPPE) == {"type": "noflip"}
    declined, _ = act(st, STEPPE, "noflip")
    assert declined["pending"] is None and declined["terrain"]["deck"] == [HILL, RIDGE]
    st, events = act(st, STEPPE, "flip")
    assert [e.params["card"] for e in events if e.kind == "terrain_revealed"] == [HILL]
    cells = sorted(a["cell"] for a in GAME.legal_actions(st, STEPPE))
    expected = sorted(c for c in terrain_rules.flip_cells(st, "B3", ["G6"], ["B3", "G6"]))
    assert cells == expected and "C4" not in cells and "B3" not in cells and "D3" in cells and "E3" not in cells
    assert sorted(GAME.view(st, None)["pending"]["cells"]) == expected
    with pytest.raises(IllegalAction):
        act(st, STEPPE, f"place {HILL} G5")  # adjacent to the enemy on G6, and out of range
    st, events = act(st, STEPPE, f"place {HILL} B4")
    assert st["terrain"]["cells"]["B4"] == HILL and st["terrain"]["placed"] == 12 and st["terrain"]["deck"] == [RIDGE]
    assert "terrain_flipped" in kinds(events) and st["pending"] is None


def test_ES_TER_15_no_flip_without_a_card_or_a_cell():
    """ES-TER-15: an empty deck (or no legal cell) means no flip is offered."""
    st = scout_on({}, deck=[])
    st, _ = act(st, STEPPE, "move u1 C4")
    assert st["pending"] is None and "flip" not in legal(st, STEPPE)


def test_ES_TER_22_no_penalty_or_flip_without_terrain():
    """ES-TER-22: with terrain off a move is its destination, with no penalty and no flip."""
    st = scenario(active=STEPPE, units=[(STEPPE, "scout", "C3"), (EMPIRE, "legionary", "G6")],
                  zones={STEPPE: ["scout_ahead"]})
    st, _ = run(st, (STEPPE, "play scout_ahead u1"), (STEPPE, "move u1 C6"))
    assert st["pending"] is None and st["units"]["u1"]["cell"] == "C6"


def test_ES_AMB_45_cover_helps_against_ranged_attacks_only():
    """Cover (forests, terrain_rules.cover_bonus): a unit on a forest defends +n against an attack
    whose participants are all ranged (ES-AMB-45: ranged attacks otherwise ignore terrain);
    a melee participant makes it a close fight."""
    units = [(EMPIRE, "crossbowman", "C3"), (EMPIRE, "legionary", "D3"), (STEPPE, "lancer", "D4"),
             (STEPPE, "scout", "G6")]
    st = tscenario({"D4": DENSE}, units=units, zones={EMPIRE: ["crossbow_volley", "legion_thrust"]},
                   hands={EMPIRE: ["advance", "testudo", "shield_wall"], STEPPE: []})
    st, _ = run(st, (EMPIRE, "play crossbow_volley u1 pay advance"), (EMPIRE, "play legion_thrust u2 pay testudo"))
    assert engage.defender_power(st, "u3", ["u1"]) == 2 + 2  # base 2 + dense forest 2
    assert engage.defender_power(st, "u3", ["u1", "u2"]) == 2
    st2, events = act(st, EMPIRE, "attack u3 with u1")
    assert next(e for e in events if e.kind == "combat").params["defence"] == 4


def test_ES_TER_13_ES_VAN_6_vanguard_heights_with_real_terrain():
    """ES-TER-13, ES-VAN-6: in vanguard deployment a unit may stand on a terrain card of height -1,
    0 or +1, never +2 or +3 (board.can_deploy_on with the real terrain_rules)."""
    st = GAME.setup(2, {"terrain": "on", "factions": "empire_steppe"}, 2)
    while st["phase"] == "terrain":
        seat = GAME.prompts(st)[0].seat
        st, _ = GAME.apply(st, seat, GAME.timeout_action(st, seat))
    second = 1 - st["first"]
    cells = set(vanguard.cells(st, second))
    for c, cid in st["terrain"]["cells"].items():
        h = terrain_rules.card(cid)["height"]
        if not grid.is_edge(c):
            assert (c in cells) == (h in (-1, 0, 1)), (c, h)


def test_ES_TER_14_deploy_never_onto_terrain():
    """ES-TER-14, ES-DEP-2: in the Deploy action no unit goes onto a terrain card, whatever its
    height."""
    st = tscenario({"B2": FORD, "C1": HILL}, units=[(EMPIRE, "legionary", "C2"), (STEPPE, "lancer", "F5")],
                   declared=("deploy", "action"), hands={EMPIRE: ["cataphract", "advance"]})
    cells = {a["cell"] for a in GAME.legal_actions(st, EMPIRE) if a["type"] == "deploy"}
    assert cells == {"C3", "D2"}


def test_ES_EX_5_ES_TER_18_ES_TER_19_ES_TER_20_ES_TER_21_high_ground_in_play():
    """ES-EX-5, ES-TER-18..21, ES-AMB-44: an attacker on +1 gets +1 against a target on height 0;
    no melee from height 0 onto +2 (not connected) but a ranged attack is allowed, and the
    target, attacked from below, defends at -1."""
    st = tscenario({"C3": HILL}, units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "C4"),
                                        (STEPPE, "scout", "G6")],
                   zones={EMPIRE: ["legion_thrust"]}, hands={EMPIRE: ["advance"], STEPPE: []})
    st, _ = act(st, EMPIRE, "play legion_thrust u1 pay advance")
    st, events = act(st, EMPIRE, "attack u2 with u1")
    assert next(e for e in events if e.kind == "combat").params["power"] == 2 + 1 + 1  # power, icon, height
    units = [(EMPIRE, "legionary", "C3"), (EMPIRE, "crossbowman", "B4"), (STEPPE, "lancer", "C4"),
             (STEPPE, "scout", "G6")]
    st = tscenario({"C4": RIDGE}, units=units, zones={EMPIRE: ["legion_thrust", "crossbow_volley"]},
                   hands={EMPIRE: ["advance", "testudo"], STEPPE: []})
    st, events = act(st, EMPIRE, "play legion_thrust u1 pay advance")
    assert "skipped" in kinds(events)  # no melee target: C3 (0) and C4 (+2) are not connected
    st, _ = act(st, EMPIRE, "play crossbow_volley u2 pay testudo")
    st, events = act(st, EMPIRE, "attack u3 with u2")
    assert next(e for e in events if e.kind == "combat").params["defence"] == 2 - 1


def test_ES_AMB_41_ES_TER_17_paths_climb_step_by_step():
    """ES-TER-17, ES-AMB-41: a move is its step path; each step goes between connected cells, so a
    unit climbs +1 then +2 but never 0 -> +2 directly."""
    st = scout_on({"C4": HILL, "C5": RIDGE, "D3": RIDGE}, deck=[])
    moves = {a["path"][-1]: a["path"] for a in GAME.legal_actions(st, STEPPE) if a["type"] == "move"}
    assert "D3" not in moves and moves["C5"] == ["C4", "C5"]
    assert "move u1 C4-C5" in legal(st, STEPPE)
