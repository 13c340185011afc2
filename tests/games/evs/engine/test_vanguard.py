"""Vanguard deployment (ES-VAN, ES-AMB-7..9) and the grid (ES-GEN-2..4, ES-AMB-5/6)."""
import pytest

from tests.games.evs.engine.evs_helpers import GAME, IllegalAction

from engine.evs import grid, vanguard


def start(seed=1):
    st = GAME.setup(2, {"factions": "empire_steppe"}, seed)
    return st, st["first"], 1 - st["first"]


def cells_of(st, seat):
    return sorted({a["cell"] for a in GAME.legal_actions(st, seat) if a["type"] == "vanguard"}, key=grid.CELLS.index)


def test_ES_GEN_2_ES_GEN_3_ES_AMB_5_grid():
    """ES-GEN-2, ES-GEN-3, ES-AMB-5: 6 rows x 7 columns named A-G / 1-6; orthogonal adjacency;
    distance in orthogonal steps; range N = distance 1..N."""
    assert len(grid.CELLS) == 42 and grid.CELLS[0] == "A1" and grid.CELLS[-1] == "G6"
    assert sorted(grid.neighbours("C3")) == ["B3", "C2", "C4", "D3"]
    assert grid.distance("A1", "C3") == 4
    assert set(grid.within("C3", 1)) == set(grid.neighbours("C3"))


def test_ES_VAN_1_ES_VAN_3_ES_AMB_8_second_player_first_unit_off_the_edge():
    """ES-VAN-1, ES-VAN-3, ES-AMB-8: the second player places first, on one of the 20 cells of
    rows 2-5 x columns B-F."""
    st, first, second = start()
    assert GAME.prompts(st)[0].seat == second
    assert GAME.legal_actions(st, first) == []
    cells = cells_of(st, second)
    assert len(cells) == 20 and not any(grid.is_edge(c) for c in cells)
    assert {"type": "pass"} not in GAME.legal_actions(st, second)  # ES-VAN-2: compulsory


def test_ES_EX_1_vanguard_placement():
    """ES-EX-1: C3 is legal for the second player, A3/C1/C6 are not; then C5 (distance 2) is legal
    for the first player, C4 (adjacent) is not; then B3, D3, C2 for the second player, not C4 or
    E3."""
    st, first, second = start()
    assert "C3" in cells_of(st, second) and not {"A3", "C1", "C6"} & set(cells_of(st, second))
    unit2 = st["players"][second]["hand"][0]
    st, _ = GAME.apply(st, second, f"vanguard {unit2} C3")
    fc = cells_of(st, first)
    assert "C5" in fc and "C4" not in fc
    assert all(grid.distance(c, "C3") == 2 for c in fc)  # ES-VAN-4, ES-AMB-9
    unit1 = st["players"][first]["hand"][0]
    st, _ = GAME.apply(st, first, f"vanguard {unit1} C5")
    sc = cells_of(st, second)
    assert {"B3", "D3", "C2"} <= set(sc) and "C4" not in sc and "E3" not in sc


def test_ES_VAN_4_ES_AMB_9_first_player_first_unit_at_distance_two():
    """ES-VAN-4, ES-AMB-9: within range II of the unit on the battlefield, never adjacent."""
    st, first, second = start()
    st, _ = GAME.apply(st, second, f"vanguard {st['players'][second]['hand'][0]} D3")
    assert sorted(cells_of(st, first)) == sorted(c for c in grid.CELLS if grid.distance(c, "D3") == 2)


def test_ES_VAN_5_later_units_next_to_own_not_enemy():
    """ES-VAN-5: later units adjacent to an own unit and not adjacent to an enemy unit."""
    st, first, second = start()
    st, _ = GAME.apply(st, second, f"vanguard {st['players'][second]['hand'][0]} C3")
    st, _ = GAME.apply(st, first, f"vanguard {st['players'][first]['hand'][0]} C5")
    for c in cells_of(st, second):
        assert any(grid.distance(c, x) == 1 for x in ("C3",)) and grid.distance(c, "C5") > 1


def test_ES_VAN_2_ES_AMB_7_pass_is_final_and_phase_ends():
    """ES-VAN-2, ES-AMB-7: after the first unit a player may pass; a passed player places no
    more and the other keeps placing; the phase ends when both passed or have no units."""
    st, first, second = start()
    st, _ = GAME.apply(st, second, f"vanguard {st['players'][second]['hand'][0]} C3")
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, first, "pass")
    assert e.value.code == "evs.err.cannot_pass"
    st, _ = GAME.apply(st, first, f"vanguard {st['players'][first]['hand'][0]} C5")
    st, _ = GAME.apply(st, second, "pass")
    assert st["vanguard"]["to_move"] == first  # the other keeps placing
    st, _ = GAME.apply(st, first, f"vanguard {st['players'][first]['hand'][0]} {cells_of(st, first)[0]}")
    assert st["vanguard"]["to_move"] == first and GAME.legal_actions(st, second) == []
    st, events = GAME.apply(st, first, "pass")
    assert st["phase"] == "turn" and st["active"] == first and st["turn"] == 1  # ES-TURN-1
    assert "turn_start" in [e.kind for e in events]


def test_ES_VAN_2_phase_ends_when_hands_have_no_units():
    """ES-VAN-2: placing every unit ends a player's part without a pass."""
    st, first, second = start(2)
    while st["phase"] == "vanguard":
        seat = GAME.prompts(st)[0].seat
        places = [a for a in GAME.legal_actions(st, seat) if a["type"] == "vanguard"]
        st, _ = GAME.apply(st, seat, places[0] if places else {"type": "pass"})
    assert st["phase"] == "turn"


def test_ES_GEN_4_ES_AMB_6_one_unit_per_cell():
    """ES-GEN-4, ES-AMB-6: an occupied cell is never offered."""
    st, first, second = start()
    st, _ = GAME.apply(st, second, f"vanguard {st['players'][second]['hand'][0]} C3")
    st, _ = GAME.apply(st, first, f"vanguard {st['players'][first]['hand'][0]} C5")
    assert "C3" not in cells_of(st, second) and "C5" not in cells_of(st, second)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, second, f"vanguard {st['players'][second]['hand'][0]} C3")
    assert e.value.code == "evs.err.bad_cell"


def test_vanguard_timeouts():
    """Decision 5: after a timeout the first unit is a random unit on a random legal cell,
    later steps are a pass."""
    st, first, second = start()
    a = GAME.timeout_action(st, second)
    assert a["type"] == "vanguard" and a["cell"] in vanguard.cells(st, second)
    st, _ = GAME.apply(st, second, a)
    st, _ = GAME.apply(st, first, GAME.timeout_action(st, first))
    assert GAME.timeout_action(st, second) == {"type": "pass"}
