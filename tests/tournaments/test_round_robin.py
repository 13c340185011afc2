"""Round robin: the circle method meets every pair exactly once; pods schedules keep the
guarantees stated in ``round_robin``'s docstring (checked for every count 3..16), optimal up
to 9 entrants (brute force over every schedule where the counting bounds do not settle it)."""
import sys
from collections import Counter
from itertools import combinations, product
from math import ceil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from gamehost.tournaments.pods import groupings, table_sizes
from gamehost.tournaments.round_robin import pair_counts, round_robin, round_robin_pods

rr_module = sys.modules["gamehost.tournaments.round_robin"]

# the table of round_robin's docstring: (rounds, most meetings of a pair) for 3..16 entrants
DOCUMENTED = {
    3: ["1/1", "3/1", "3/3", "4/4", "5/2", "4/1", "4/1", "6/2", "6/2", "7/2", "8/2", "8/2",
        "7/1", "9/2"],
    4: ["1/1", "1/1", "3/3", "4/4", "3/3", "3/3", "4/1", "5/2", "5/2", "5/3", "6/2", "6/2",
        "5/1", "5/1"],
}


def check_schedule(schedule, ids, size, min_size=None):
    """Legal tables, everyone once a round, byes in turn (counts never differ by two)."""
    sizes, bye_count = table_sizes(len(ids), size, min_size)
    byes = Counter()
    for number, rnd in enumerate(schedule, start=1):
        assert rnd.number == number
        seated = [e for t in rnd.tables for e in t] + list(rnd.byes)
        assert sorted(seated, key=str) == sorted(ids, key=str)
        assert sorted(map(len, rnd.tables), reverse=True) == sizes
        assert len(rnd.byes) == bye_count
        byes.update(rnd.byes)
        assert max(byes[e] for e in ids) - min(byes[e] for e in ids) <= (1 if bye_count else 0)


def counting_bounds(n, sizes, bye_count):
    """Fewest rounds the counting bounds allow, and the max those rounds force."""
    pairs, per_round = n * (n - 1) // 2, sum(s * (s - 1) // 2 for s in sizes)
    rounds = ceil(pairs / per_round)
    while (rounds - ceil(rounds * bye_count / n)) * (max(sizes) - 1) < n - 1:
        rounds += 1  # whoever has the most byes must still meet n - 1 others
    return rounds, ceil(rounds * per_round / pairs)


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
@pytest.mark.parametrize("n", range(3, 17))
def test_pod_schedule_keeps_the_documented_guarantees(n, size):
    ids = list(range(n))
    schedule = round_robin_pods(ids, size)
    check_schedule(schedule, ids, size)
    counts = pair_counts(schedule, ids)
    assert min(counts.values()) >= 1  # every pair meets at least once
    assert f"{len(schedule)}/{max(counts.values())}" == DOCUMENTED[size][n - 3]
    sizes, bye_count = table_sizes(n, size)
    assert len(schedule) >= counting_bounds(n, sizes, bye_count)[0]
    named = round_robin_pods([f"p{i}" for i in ids], size)  # the shape depends on the count only
    assert [[[f"p{e}" for e in t] for t in r.tables] for r in schedule] == [
        [list(t) for t in r.tables] for r in named]
    assert round_robin_pods(ids, size) == schedule  # deterministic


def round_options(n, sizes, bye_count):
    """Every round: a set of byes and a grouping of the others (a round as frozensets)."""
    for byes in combinations(range(n), bye_count):
        seated = [p for p in range(n) if p not in byes]
        for tables in groupings(seated, sizes):
            yield [pair for t in tables for pair in combinations(sorted(t), 2)]


def best_max(n, sizes, bye_count, rounds):
    """The lowest max over every schedule of ``rounds`` rounds meeting every pair (None:
    no schedule does). Round 1 is fixed: any other first round is a relabelling of it."""
    options = list(round_options(n, sizes, bye_count))
    best = None
    for rest in product(options, repeat=rounds - 1):
        counts = Counter(options[0])
        for pairs in rest:
            counts.update(pairs)
        if len(counts) == n * (n - 1) // 2:
            most = max(counts.values())
            best = most if best is None else min(best, most)
    return best


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("n", range(3, 10))
def test_pod_schedule_is_optimal_up_to_nine(n, size):
    """Fewest rounds, then the lowest max; a round more only to lower the max by two."""
    ids = list(range(n))
    schedule = round_robin_pods(ids, size)
    rounds, most = len(schedule), max(pair_counts(schedule, ids).values())
    sizes, bye_count = table_sizes(n, size)
    least_rounds, least_max = counting_bounds(n, sizes, bye_count)
    if (rounds, most) == (least_rounds, least_max):
        return  # meets the counting bounds: nothing can do better
    per_round, pairs = sum(s * (s - 1) // 2 for s in sizes), n * (n - 1) // 2
    for fewer in range(least_rounds, rounds):
        assert best_max(n, sizes, bye_count, fewer) is None  # fewer rounds cannot cover
    assert best_max(n, sizes, bye_count, rounds) == most
    if (most - 2) * pairs >= (rounds + 1) * per_round:  # else the counting bound rules it out
        assert best_max(n, sizes, bye_count, rounds + 1) > most - 2


def test_perfect_designs():
    for n, size, rounds in [(9, 4, 4), (9, 3, 4), (16, 4, 5), (15, 4, 5), (15, 3, 7), (8, 3, 4)]:
        schedule = round_robin_pods(list(range(n)), size)
        assert len(schedule) == rounds
        assert set(pair_counts(schedule, list(range(n))).values()) == {1}
    schedule = round_robin_pods(list(range(4)), 4)
    assert len(schedule) == 1 and schedule[0].tables == ((0, 1, 2, 3),)


@settings(max_examples=20, deadline=None)
@given(n=hs.integers(3, 11), size=hs.sampled_from([3, 4]), full=hs.booleans(),
       rounds=hs.none() | hs.integers(1, 6))
def test_byes_in_turn_with_any_minimum_and_round_count(n, size, full, rounds):
    min_size = size if full else None  # full tables only: byes every round for most counts
    ids = [f"e{i}" for i in range(n)]
    schedule = round_robin_pods(ids, size, min_size=min_size, rounds=rounds)
    if not table_sizes(n, size, min_size)[0]:
        assert schedule == []  # too few to seat anyone
        return
    check_schedule(schedule, ids, size, min_size)
    if rounds is not None:
        assert len(schedule) == rounds
    else:
        assert min(pair_counts(schedule, ids).values()) >= 1


def test_rounds_are_added_greedily_when_the_search_gives_up(monkeypatch):
    rr_module._plan.cache_clear()
    monkeypatch.setattr(rr_module, "STEPS", 0)  # the search keeps its random first tables
    monkeypatch.setattr(rr_module, "SLACK", 0)
    try:
        for n, size, min_size in [(12, 4, None), (11, 3, None), (10, 4, 4), (13, 3, 3)]:
            ids = list(range(n))
            schedule = round_robin_pods(ids, size, min_size=min_size)
            check_schedule(schedule, ids, size, min_size)
            assert min(pair_counts(schedule, ids).values()) >= 1
    finally:
        rr_module._plan.cache_clear()


def test_fixed_number_of_rounds_and_two_player_tables():
    assert len(round_robin_pods(list(range(8)), 4, rounds=2)) == 2
    assert round_robin_pods(list(range(8)), 4, rounds=0) == []
    assert round_robin_pods(list(range(2)), 4) == []  # nobody can be seated
    assert round_robin_pods(list(range(5)), 2) == round_robin(list(range(5)))
    six = round_robin_pods(list(range(6)), 3, rounds=5)  # a round more than needed: max 3
    assert min(pair_counts(six, list(range(6))).values()) >= 1
    assert max(pair_counts(six, list(range(6))).values()) == 3
    with pytest.raises(ValueError):
        round_robin_pods([1, 1, 2], 3)
