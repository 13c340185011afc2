"""Empire vs Steppe, Terrain expansion: Hypothesis checks the properties of
engine/evs/terrain_rules.py: connectivity is symmetric, placement never stacks two cards on a
cell, the placement constraints hold whenever they can, and flip cells meet their conditions.
"""
from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import rng as rngmod
from engine.evs import grid
from engine.evs import terrain_rules as tr
from tests.games.evs.engine.terrain_helpers import T

SLOW = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------- properties

CARD_IDS = sorted(tr.load())


@st.composite
def boards(draw, max_cards: int = 20) -> dict:
    cells = draw(st.lists(st.sampled_from(grid.CELLS), unique=True, max_size=max_cards))
    cards = draw(st.permutations(CARD_IDS))
    return T(dict(zip(cells, cards)))


def _h(board: dict, cell: str) -> int:
    cid = board["cells"].get(cell)
    return tr.load()[cid]["height"] if cid else 0


def _reaches_plane(board: dict, start: str) -> bool:
    """An independent flood fill for ES-TER-4 (heights straight from the content)."""
    frontier, seen = [start], {start}
    while frontier:
        at = frontier.pop(0)
        if _h(board, at) == 0:
            return True
        c, r = grid.col(at), grid.row(at)
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nxt = grid.cell(c + dc, r + dr)
            if nxt and nxt not in seen and abs(_h(board, nxt) - _h(board, at)) <= 1:
                seen.add(nxt)
                frontier.append(nxt)
    return False


def _oracle_cells(board: dict, card_id: str) -> list[str]:
    """ES-TER-7..12 written out directly from the rules."""
    card = tr.load()[card_id]
    free = [c for c in grid.CELLS if c not in board["cells"]]
    anchor_sets = []
    for drawn, anchor in ((2, 3), (1, 2), (-1, -2)):
        if card["height"] == drawn:
            anchor_sets.append([c for c in board["cells"] if _h(board, c) == anchor and not _reaches_plane(board, c)])
    if card["forest"]:
        forests = [c for c, cid in board["cells"].items() if tr.load()[cid]["forest"]]
        anchor_sets.append([c for c in forests if not any(grid.distance(c, o) == 1 for o in forests)])
    for anchors in anchor_sets:
        narrowed = [c for c in free if any(grid.distance(c, a) == 1 for a in anchors)]
        if narrowed:
            free = narrowed
    return free


@SLOW
@given(boards())
def test_property_connectivity_is_symmetric(board):
    """ES-TER-3: connected(a, b) == connected(b, a); connected cells share plane connectivity
    (ES-TER-4), and plane connectivity agrees with an independent flood fill."""
    for a in grid.CELLS:
        for b in grid.neighbours(a) + ["D4"]:
            assert tr.connected(board, a, b) == tr.connected(board, b, a)
            assert tr.connected(board, a, b) == (grid.distance(a, b) == 1 and abs(_h(board, a) - _h(board, b)) <= 1)
        assert tr.plane_connected(board, a) == _reaches_plane(board, a)
        for b in grid.neighbours(a):
            if tr.connected(board, a, b):
                assert tr.plane_connected(board, a) == tr.plane_connected(board, b)


@SLOW
@given(seed=st.integers(0, 2**32), first=st.integers(0, 1), data=st.data())
def test_property_setup_placement(seed, first, data):
    """ES-TER-6..12: a whole setup with random choices: never two cards on a cell, always a legal
    cell, the constraints held whenever they could be met (an independent oracle), the seats
    alternate from the second player, and it ends at 12."""
    terrain = tr.new_terrain(rngmod.new_rng(seed))
    seats = []
    while not tr.placement_done(terrain):
        seats.append(tr.placement_seat(terrain, first))
        before = copy.deepcopy(terrain["cells"])
        drawn = tr.draw(terrain)
        legal = tr.placement_cells(terrain, drawn)
        assert legal and legal == _oracle_cells(terrain, drawn)
        assert not set(legal) & set(terrain["cells"])
        cell = data.draw(st.sampled_from(legal))
        tr.place(terrain, drawn, cell)
        assert terrain["cells"] == {**before, cell: drawn}
        assert len(terrain["cells"]) == terrain["placed"]
        assert len(set(terrain["cells"].values())) == len(terrain["cells"])
    assert terrain["placed"] == 12 and seats == [1 - first, first] * 6


@SLOW
@given(board=boards(max_cards=14), data=st.data())
def test_property_constraints_respected_whenever_satisfiable(board, data):
    """ES-TER-8..12: for any board and any drawn card, each constraint that some free cell can
    meet (alone, for the first binding one) is met by every offered cell; a card is never left
    without a cell."""
    drawn = data.draw(st.sampled_from([c for c in CARD_IDS if c not in board["cells"].values()]))
    legal = tr.placement_cells(board, drawn)
    free = [c for c in grid.CELLS if c not in board["cells"]]
    assert legal and set(legal) <= set(free)
    binding = tr.constraints(board, drawn)
    if binding:
        _rule, anchors = binding[0]
        if any(grid.distance(c, a) == 1 for c in free for a in anchors):
            assert all(any(grid.distance(c, a) == 1 for a in anchors) for c in legal)
    for _rule, anchors in binding:
        if any(all(any(grid.distance(c, a) == 1 for a in anch) for _r, anch in binding) for c in free):
            assert all(any(grid.distance(c, a) == 1 for a in anchors) for c in legal)
    assert legal == _oracle_cells(board, drawn)


@SLOW
@given(board=boards(), units=st.dictionaries(st.sampled_from(grid.CELLS), st.integers(0, 1), min_size=1, max_size=10),
       data=st.data())
def test_property_flip_cells_meet_their_conditions(board, units, data):
    """ES-TER-15, ES-AMB-43: every flip cell is within range II, not adjacent to an enemy, and
    free of terrain and units; and every such cell is offered."""
    unit_cell = data.draw(st.sampled_from(sorted(units)))
    seat = units[unit_cell]
    enemies = [c for c, s in units.items() if s != seat]
    cells = tr.flip_cells(board, unit_cell, enemies, list(units))
    expected = [c for c in grid.CELLS
                if 1 <= grid.distance(c, unit_cell) <= 2 and c not in board["cells"] and c not in units
                and all(grid.distance(c, e) > 1 for e in enemies)]
    assert cells == expected
    board["deck"] = [CARD_IDS[0]]
    assert tr.can_flip(board, unit_cell, enemies, list(units)) == bool(expected)
