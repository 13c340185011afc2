"""Smoke test of ``bench.kr_figures`` at tiny sizes: registered with the bench, every figure
produced and named as documented, with a positive number (no wall-clock threshold)."""
from __future__ import annotations

from bench import kr_figures as kf
from bench.__main__ import measures


def test_registered_with_the_bench():
    names = [name for name, _ in measures()]
    assert {"kr.render_ms", "kr.placements_ms"} <= set(names)


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
