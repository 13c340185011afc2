"""Empire vs Steppe, properties of the morale track (engine/evs/morale_rules.py), checked by
Hypothesis over random runs and single shakes: markers stay on the track, no card is lost or
duplicated, and draws are bounded by the squares crossed.

Seat 0 is the Empire and seat 1 the Steppe unless a test says otherwise."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.evs import morale_rules as mr
from tests.games.evs.engine.morale_helpers import CARDS, EMP, STP, _random_run, all_cards, new


def _draw_bound(m, before, n, seat, ev):
    side = before["seats"][seat]
    start, track = side["marker"], side["track"]
    crossed = 1 if start == track["collapse"] else len(mr.draw_squares_crossed(track, start, n))
    draws = sum(e.kind == "morale_draw" for e in ev)
    assert draws <= crossed
    lost = any(e.kind == "morale_collapse" for e in ev)
    if not lost and len(before["piles"][1 - seat]) >= crossed:
        assert draws == crossed  # exactly one per square (or one at collapse) when cards remain
    if start < track["collapse"]:
        assert ev[0].params["end"] == min(start + n, track["collapse"])  # full distance first


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(1, 120))
def test_property_markers_in_range_cards_conserved_and_draws_bounded(seed, steps):
    _random_run(seed, steps, _draw_bound)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), start=st.integers(0, 12), shakes=st.lists(st.integers(1, 15), min_size=1, max_size=12))
def test_property_single_shakes_from_any_square(seed, start, shakes):
    m, rng = new(seed)
    m["seats"][STP]["marker"] = start
    for n in shakes:
        before = json.loads(json.dumps(m))
        ev = []
        lost = mr.shake(m, rng, STP, n, ev, active_seat=EMP)
        _draw_bound(m, before, n, STP, ev)
        assert 0 <= m["seats"][STP]["marker"] <= 12
        assert all_cards(m) == sorted(CARDS)
        json.dumps(m)
        if lost:
            break
