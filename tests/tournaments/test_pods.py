"""Pods: legal table sizes, everyone once a round, short tables before byes, few repeats."""
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from gamehost.tournaments.model import Entrant
from gamehost.tournaments.pods import pair_pods, repeat_pairs, table_sizes
from gamehost.tournaments.standings import Scoring, standings
from tests.tournaments.helpers import entrants, play


@pytest.mark.parametrize("n, size, expected", [
    (8, 4, ([4, 4], 0)), (7, 4, ([4, 3], 0)), (6, 4, ([3, 3], 0)), (9, 4, ([3, 3, 3], 0)),
    (5, 4, ([4], 1)), (2, 4, ([], 2)), (5, 3, ([3, 2], 0)), (7, 2, ([2, 2, 2], 1)),
])
def test_table_sizes(n, size, expected):
    assert table_sizes(n, size) == expected


@given(n=hs.integers(0, 40), size=hs.integers(2, 5))
def test_table_sizes_seat_most_with_legal_tables(n, size):
    sizes, byes = table_sizes(n, size)
    assert sum(sizes) + byes == n
    assert all(size - 1 <= s <= size and s >= 2 for s in sizes)
    if n >= (size - 1) * (size - 2):  # every count from here is a sum of size and size - 1
        assert byes == 0 or (size == 2 and byes == n % 2)


@settings(max_examples=60, deadline=None)
@given(n=hs.integers(3, 16), size=hs.sampled_from([3, 4]), rounds=hs.integers(1, 4),
       seed=hs.integers(0, 100_000))
def test_pods_cover_everyone_once_per_round(n, size, rounds, seed):
    rng = random.Random(seed)
    people = entrants(n)
    ids = [e.id for e in people]
    history = []
    for number in range(1, rounds + 1):
        rnd = pair_pods(people, history, size)
        sizes, bye_count = table_sizes(n, size)
        seated = [e for t in rnd.tables for e in t] + list(rnd.byes)
        assert sorted(seated) == ids
        assert sorted(map(len, rnd.tables), reverse=True) == sizes
        assert len(rnd.byes) == bye_count
        assert pair_pods(people, history, size) == rnd  # deterministic
        history.append(play(rnd, rng))
    byes = Counter(b for r in history for b in r.byes)
    if rounds <= n:
        assert max(byes.values(), default=0) <= 1  # nobody twice while someone has none
    rows = standings(people, history, Scoring.pods(size))
    assert len(rows) == n


def test_eight_players_second_round_has_the_fewest_repeats():
    # after {0-3} {4-7}, any table of 4 holds two of one old table: 2 repeats a table at best
    people = entrants(8)
    rng = random.Random(3)
    first = play(pair_pods(people, [], 4), rng)
    second = pair_pods(people, [first], 4)
    assert repeat_pairs(second, [first]) == 2 * 1 + 2 * 1


def test_nine_players_four_rounds_without_repeat_tablemates():
    people = entrants(9)
    history = []
    rng = random.Random(5)
    for _ in range(4):
        rnd = pair_pods(people, history, 4)  # 3 tables of 3
        assert repeat_pairs(rnd, history) == 0
        history.append(play(rnd, rng))


def test_first_round_groups_by_rating_and_byes_go_to_the_bottom():
    people = [Entrant(f"p{i}", rating=2000 - i) for i in range(5)]
    rnd = pair_pods(people, [], 4)
    assert rnd.tables == (("p0", "p1", "p2", "p3"),) and rnd.byes == ("p4",)
    assert standings(people, [rnd], Scoring.pods(4))[0].entrant == "p4"  # a bye is a win: 3
