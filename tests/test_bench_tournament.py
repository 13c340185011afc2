"""Smoke test of ``bench.tournament_figures`` at tiny sizes: every figure is produced, named
as documented, with a positive number (no wall-clock threshold is asserted). That the bench
runs them is tests/test_bench_smoke.py's."""
from __future__ import annotations

import pytest

from bench import tournament_figures as tf
from gamehost.registry import plugins
from gamehost.tournaments.swiss import rematches

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_history_is_swiss_shaped():
    people, played = tf.swiss_history(21, rounds=4)
    assert len(played) == 4
    assert all(rematches(r, played[:k]) == 0 for k, r in enumerate(played))
    assert all(len(r.byes) == 1 and 2 * len(r.tables) + 1 == 21 for r in played)
    assert len({r.byes[0] for r in played}) == 4  # nobody has a second bye


def test_tournament_figures_tiny():
    figures = dict(tf.tournament(16, 2, budget_s=0, repeats=2, name_size=1000))
    assert set(figures) == {"tournament.swiss_pair_ms_1000", "tournament.standings_ms_1000"}
    assert all(isinstance(v, float) and v > 0 for v in figures.values())


def test_swiss_budget_reports_a_lower_bound():
    figures = dict(tf.tournament(60, 1, budget_s=0.001, repeats=1))
    assert figures["tournament.swiss_pair_ms_60"] == ">1"


def test_rating_figure():
    figures = dict(tf.rating_update(matches=10, warmup=2))
    assert list(figures) == ["rating.update_ms_p50"]
    assert figures["rating.update_ms_p50"] > 0


def test_replay_figures_every_game():
    figures = list(tf.replay(positions=3, passes=1))
    names = [name for name, _ in figures]
    for game in plugins():
        assert f"replay.step_ms_p50.{game.id}" in names
        assert f"replay.step_ms_ratio.{game.id}" in names
    assert names[-1] == "replay.step_ms_p50"
    assert all(value > 0 for _, value in figures)
    values = dict(figures)
    assert values["replay.step_ms_p50"] == max(values[f"replay.step_ms_p50.{g.id}"] for g in plugins())
