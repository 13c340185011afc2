"""/match replay rebuilds a position from the nearest stored snapshot plus the log (issue 11's
replay step budget), and that gives exactly the position a replay from the seed gives; the
moves before the one shown are made in place, unchecked (``gamehost.review.replay_onto``),
which gives exactly what the checked, copying ``apply`` gives, in every game."""
from __future__ import annotations

import copy

import pytest

from bench.tournament_figures import recorded_game
from gamehost.registry import plugin
from gamehost.review import apply_entry, position_at, replay


def test_a_position_from_the_nearest_snapshot_is_the_position_from_the_seed(monkeypatch):
    row, log, _stored = recorded_game("clash")
    assert len(log) > 20
    from_seed = {move: position_at(row, log, log, move)[0].state for move in range(len(log) + 1)}
    stored = [(log[9].seq, from_seed[10]), (log[19].seq, from_seed[20])]
    kept = copy.deepcopy(stored)
    engine = plugin("clash").engine
    applied = []
    for name in ("apply", "apply_inplace"):
        original = getattr(engine, name)
        monkeypatch.setattr(engine, name, lambda state, seat, action, _o=original, _n=name:
                            applied.append(_n) or _o(state, seat, action))
    for move in range(len(log) + 1):
        at, step = position_at(row, log, log, move, stored)
        assert at.state == from_seed[move], move
        assert (step is None) == (move == 0)
        if move:
            assert step.entry == log[move - 1] and step.after.state == from_seed[move]
    assert stored == kept, "the stored snapshots are never changed by a replay"
    applied.clear()
    position_at(row, log, log, 25, stored)
    assert applied == ["apply_inplace"] * 4 + ["apply"], "moves 21-25 only: the snapshot after move 20 is the start"


@pytest.mark.parametrize("game_id", ["clash", "cloudspire", "evs", "kr"])
def test_moves_made_in_place_give_what_checked_moves_give(game_id):
    row, log, stored = recorded_game(game_id)
    engine = plugin(game_id).engine
    state = engine.setup(len(row.seats), row.options, row.seed)
    checked = {0: copy.deepcopy(state)}
    for made, entry in enumerate(log, start=1):
        state, _events = apply_entry(engine, state, entry)
        checked[made] = state
    assert replay(row, log) == checked[len(log)] == row.state
    for move in sorted({1, 2, len(log) // 3, len(log) // 2, len(log) - 1, len(log)}):
        assert position_at(row, log, log, move, stored)[0].state == checked[move], move
