"""Smoke test of ``bench.kr.figures`` at tiny sizes: every figure produced and named as
documented, with a positive number (no wall-clock threshold). That the bench runs them is
tests/test_bench_smoke.py's."""
from __future__ import annotations

from bench.kr import figures as kf


def test_placements_figures_tiny():
    figures = dict(kf.placements(1, cards=["goblin_scouts"]))
    assert set(figures) == {"kr.placements_ms_p50", "kr.placements_ms_p99", "kr.placements_ms_p99_cached",
                            "kr.placements_ms_samples"}
    assert figures["kr.placements_ms_samples"] >= 4 * len(kf.tower_tiles())
    assert all(v > 0 for v in figures.values())


def test_render_4p_tiny():
    figures = dict(kf.render_4p(1, passes=1))
    assert set(figures) == {"kr.render_ms_p50_4p", "kr.render_ms_p99_4p"}
    assert all(v > 0 for v in figures.values())
