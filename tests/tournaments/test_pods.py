"""Pods: table sizes against a brute-force reference, everyone once a round, byes in turn,
and (up to 9 entrants) the fewest repeat tablemates and closest scores of every grouping."""
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from gamehost.tournaments.model import Entrant, Round, bye_counts, meetings
from gamehost.tournaments.pods import grouping_count, pair_pods, repeat_pairs, table_sizes
from gamehost.tournaments.standings import Scoring, standings
from gamehost.tournaments.swiss import swiss_order
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


def splits(total, low, high):
    """Every multiset of table sizes in [low, high] summing to ``total`` (largest first)."""
    if total == 0:
        yield []
        return
    for first in range(min(high, total), low - 1, -1):
        for rest in splits(total - first, low, first):
            yield [first, *rest]


@settings(max_examples=300)
@given(n=hs.integers(0, 30), size=hs.integers(2, 6), data=hs.data())
def test_table_sizes_match_a_brute_force_reference(n, size, data):
    low = data.draw(hs.none() | hs.integers(2, size))
    least = max(2, size - 1) if low is None else low
    sizes, byes = table_sizes(n, size, low)
    seated = next((s for s in range(n, -1, -1) if any(splits(s, least, size))), 0)
    assert byes == n - seated  # byes only for who cannot be seated
    assert sum(sizes) == seated and sizes == sorted(sizes, reverse=True)
    options = [sp for sp in splits(seated, least, size)] if seated else [[]]
    short = min(sum(1 for t in sp if t < size) for sp in options)
    assert sum(1 for t in sizes if t < size) == short  # the fewest short tables
    shorts = [t for t in sizes if t < size]
    assert not shorts or max(shorts) - min(shorts) <= 1  # as even as possible


@pytest.mark.parametrize("n", range(2, 31))
def test_no_bye_when_tables_of_k_and_k_minus_1_fit(n):
    for size in (3, 4, 5):
        fits = any(size * a + (size - 1) * b == n for a in range(n + 1) for b in range(n + 1))
        assert (table_sizes(n, size)[1] == 0) == fits
    assert table_sizes(n, 4)[1] == (1 if n == 5 else 0) or n < 3  # 4-player: only 5 sits out


def random_pod_round(ids, size, rng, number):
    """Any grouping at all: a shuffle cut into legal tables, byes from the end."""
    order = list(ids)
    rng.shuffle(order)
    sizes, byes = table_sizes(len(order), size)
    tables, at = [], 0
    for s in sizes:
        tables.append(tuple(order[at:at + s]))
        at += s
    return Round(number, tuple(tables), tuple(order[at:]))


def all_groupings(players, sizes):
    """Every grouping of ``players`` at tables of ``sizes`` (restricted growth strings)."""
    def grow(i, labels, blocks):
        if i == len(players):
            groups = [[p for p, lab in zip(players, labels) if lab == b] for b in range(blocks)]
            if sorted(map(len, groups), reverse=True) == sorted(sizes, reverse=True):
                yield groups
            return
        for lab in range(min(blocks + 1, len(sizes))):
            yield from grow(i + 1, labels + [lab], max(blocks, lab + 1))
    yield from grow(0, [], 0)


@settings(max_examples=80, deadline=None)
@given(n=hs.integers(3, 9), size=hs.sampled_from([3, 4]), history=hs.integers(0, 4),
       seed=hs.integers(0, 100_000))
def test_grouping_is_optimal_up_to_nine_brute_force(n, size, history, seed):
    rng = random.Random(seed)
    people = entrants(n)
    ids = [e.id for e in people]
    rounds = [play(random_pod_round(ids, size, rng, k), rng) for k in range(1, history + 1)]
    rnd = pair_pods(people, rounds, size)
    met = meetings(rounds)
    points = {r.entrant: r.points for r in standings(people, rounds, Scoring.pods(size))}
    seated = [e for e in ids if e not in rnd.byes]
    sizes = table_sizes(n, size)[0]
    assert grouping_count(len(seated), sizes) <= 3000  # the exhaustive path

    def key(tables):  # repeats first (per past meeting), then squared score differences
        pairs = [p for t in tables for p in combinations(t, 2)]
        return (sum(met.get(frozenset(p), 0) for p in pairs),
                sum((points[a] - points[b]) ** 2 for a, b in pairs))

    best = min(key(g) for g in all_groupings(seated, sizes))
    assert key(rnd.tables) == best
    if best[0] == 0:  # a grouping without repeats exists: ours has none
        assert repeat_pairs(rnd, rounds) == 0


@settings(max_examples=40, deadline=None)
@given(n=hs.integers(3, 16), size=hs.sampled_from([3, 4]), full=hs.booleans(),
       rounds=hs.integers(1, 6), seed=hs.integers(0, 100_000))
def test_byes_go_to_the_lowest_ranked_of_those_with_fewest(n, size, full, rounds, seed):
    rng = random.Random(seed)
    people = entrants(n)
    min_size = size if full else None
    history = []
    for _ in range(rounds):
        rnd = pair_pods(people, history, size, min_size=min_size)
        byes, order = bye_counts(history), swiss_order(people, history, Scoring.pods(size))
        rank = {e: i for i, e in enumerate(order)}
        for b in rnd.byes:
            for t in rnd.tables:
                for e in t:  # everyone seated had more byes, or as many and ranks higher
                    assert (byes.get(e, 0), -rank[e]) > (byes.get(b, 0), -rank[b])
        history.append(play(rnd, rng))
        counts = bye_counts(history)
        assert max(counts.get(e, 0) for e in range(n)) - min(
            counts.get(e, 0) for e in range(n)) <= 1  # in turn


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
