"""Round robin: the circle method meets every pair exactly once; pods schedules cover all."""
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from gamehost.tournaments.pods import table_sizes
from gamehost.tournaments.round_robin import pair_counts, round_robin, round_robin_pods


@given(n=hs.integers(0, 30), text=hs.booleans())
def test_circle_method_meets_every_pair_exactly_once(n, text):
    ids = [f"p{i}" for i in range(n)] if text else list(range(n))
    rounds = round_robin(ids)
    assert len(rounds) == (0 if n < 2 else n - 1 + n % 2)
    for rnd in rounds:
        seated = [e for t in rnd.tables for e in t] + list(rnd.byes)
        assert sorted(map(str, seated)) == sorted(map(str, ids))  # each once per round
        assert len(rnd.byes) == n % 2
    if n >= 2:
        assert set(pair_counts(rounds, ids).values()) == {1}
    byes = Counter(b for rnd in rounds for b in rnd.byes)
    assert all(byes[e] == (n % 2 if n >= 2 else 0) for e in ids)


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("n", range(3, 15))
def test_pod_schedule_covers_every_pair_with_legal_tables(n, size):
    ids = list(range(n))
    schedule = round_robin_pods(ids, size)
    sizes, bye_count = table_sizes(n, size)
    counts = pair_counts(schedule, ids)
    assert min(counts.values()) >= 1  # every pair meets at least once
    for rnd in schedule:
        seated = [e for t in rnd.tables for e in t] + list(rnd.byes)
        assert sorted(seated) == ids
        assert sorted(map(len, rnd.tables), reverse=True) == sizes
        assert len(rnd.byes) == bye_count
    byes = Counter(b for rnd in schedule for b in rnd.byes)
    if byes:
        assert max(byes.values()) - min(byes.get(e, 0) for e in ids) <= 1  # byes rotate
    assert round_robin_pods(ids, size) == schedule  # deterministic


def test_pod_schedule_is_a_perfect_design_when_one_exists():
    # 9 players, tables of 3: the affine plane of order 3 (4 rounds, every pair once)
    schedule = round_robin_pods(list(range(9)), 4)
    assert len(schedule) == 4
    assert set(pair_counts(schedule, list(range(9))).values()) == {1}
    schedule = round_robin_pods(list(range(4)), 4)
    assert len(schedule) == 1 and schedule[0].tables == ((0, 1, 2, 3),)


def test_fixed_number_of_rounds_and_two_player_tables():
    assert len(round_robin_pods(list(range(8)), 4, rounds=2)) == 2
    assert round_robin_pods(list(range(5)), 2) == round_robin(list(range(5)))
    for a, b in combinations(range(5), 2):
        assert pair_counts(round_robin(list(range(5))), list(range(5)))[frozenset((a, b))] == 1
