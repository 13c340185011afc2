"""/match replay rebuilds a position from the nearest stored snapshot plus the log (issue 11's
replay step budget), and that gives exactly the position a replay from the seed gives."""
from __future__ import annotations

from bench.tournament_figures import recorded_game
from gamehost.registry import plugin
from gamehost.review import position_at


def test_a_position_from_the_nearest_snapshot_is_the_position_from_the_seed(monkeypatch):
    row, log, _stored = recorded_game("clash")
    assert len(log) > 20
    from_seed = {move: position_at(row, log, log, move)[0].state for move in range(len(log) + 1)}
    stored = [(log[9].seq, from_seed[10]), (log[19].seq, from_seed[20])]
    engine = plugin("clash").engine
    applied = []
    original = engine.apply
    monkeypatch.setattr(engine, "apply", lambda state, seat, action: applied.append(1) or original(state, seat, action))
    for move in range(len(log) + 1):
        at, step = position_at(row, log, log, move, stored)
        assert at.state == from_seed[move], move
        assert (step is None) == (move == 0)
        if move:
            assert step.entry == log[move - 1] and step.after.state == from_seed[move]
    applied.clear()
    position_at(row, log, log, 25, stored)
    assert len(applied) == 5, "moves 21-25 only: the snapshot after move 20 is the start"
