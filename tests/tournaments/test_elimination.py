"""Elimination brackets: seeding, byes to top seeds, advancing, champion after n-1 / 2n-2(+1)."""
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from gamehost.tournaments.elimination import (BYE, champion, double_elimination, placements,
                                              played_matches, ready_matches, report_game,
                                              report_match, seed_positions,
                                              single_elimination)
from gamehost.tournaments.model import Entrant
from tests.tournaments.helpers import entrants


def test_seed_positions():
    assert seed_positions(4) == [1, 4, 2, 3]
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def run(bracket, rng):
    games = Counter()
    while ready_matches(bracket):
        m = rng.choice(ready_matches(bracket))
        report_game(bracket, m.id, rng.choice(m.players))
        games[m.id] += 1
    return games


@settings(max_examples=120, deadline=None)
@given(n=hs.integers(2, 20), double=hs.booleans(), best_of=hs.sampled_from([1, 3]),
       seed=hs.integers(0, 100_000))
def test_brackets_complete_with_a_champion(n, double, best_of, seed):
    rng = random.Random(seed)
    people = entrants(n)
    rng.shuffle(people)  # seeding must not depend on the order given
    bracket = (double_elimination if double else single_elimination)(people, best_of)
    size = 1 << max(1, (n - 1).bit_length())
    assert bracket.seeds == list(range(n))  # by rating: entrant i is seed i + 1
    first = [m for m in bracket.matches.values() if m.bracket == "winners" and m.round == 1]
    slots = [p for m in first for p in m.players]
    assert sorted(p for p in slots if p is not BYE) == list(range(n))  # each placed once
    assert slots.count(BYE) == size - n
    for m in first:
        if BYE in m.players:
            (real,) = [p for p in m.players if p is not BYE]
            assert real < size - n  # byes only to the top seeds
    games = run(bracket, rng)
    winner = champion(bracket)
    assert winner is not None
    played = len(played_matches(bracket))
    if double:
        assert played in (2 * n - 2, 2 * n - 1)
        assert played == 2 * n - 1 or bracket.matches["GF2"].skipped
    else:
        assert played == n - 1
    for match_id, count in games.items():
        assert 1 <= count <= best_of
        m = bracket.matches[match_id]
        assert m.games.count(m.winner) == best_of // 2 + 1
    final = placements(bracket)
    assert final[0] == [winner]
    assert sorted(e for group in final for e in group) == list(range(n))


def test_single_elimination_six_with_byes_by_hand():
    bracket = single_elimination(entrants(6))
    w1 = [bracket.matches[f"W1-{i}"] for i in range(1, 5)]
    assert [m.players for m in w1] == [[0, BYE], [3, 4], [1, BYE], [2, 5]]
    assert [m.winner for m in w1] == [0, None, 1, None]
    assert {m.id for m in ready_matches(bracket)} == {"W1-2", "W1-4"}
    report_match(bracket, "W1-2", 4)
    assert bracket.matches["W2-1"].players == [0, 4]
    report_match(bracket, "W1-4", 2)
    report_match(bracket, "W2-1", 0)
    report_match(bracket, "W2-2", 1)
    report_match(bracket, "W3-1", 1)
    assert champion(bracket) == 1
    assert placements(bracket) == [[1], [0], [2, 4], [3, 5]]


def test_best_of_three_needs_two_wins():
    bracket = single_elimination(entrants(2), best_of=3)
    report_game(bracket, "W1-1", 1)
    assert champion(bracket) is None
    report_game(bracket, "W1-1", 0)
    report_game(bracket, "W1-1", 1)
    assert champion(bracket) == 1
    with pytest.raises(ValueError):
        report_game(bracket, "W1-1", 0)  # decided


def test_double_elimination_reset_when_losers_side_wins_the_final():
    bracket = double_elimination(entrants(2))
    report_match(bracket, "W1-1", 0)
    assert bracket.matches["GF"].players == [0, 1]
    report_match(bracket, "GF", 1)
    assert champion(bracket) is None and bracket.matches["GF2"].ready
    report_match(bracket, "GF2", 1)
    assert champion(bracket) == 1 and len(played_matches(bracket)) == 3


def test_refusals():
    with pytest.raises(ValueError):
        single_elimination(entrants(1))
    with pytest.raises(ValueError):
        single_elimination(entrants(4), best_of=2)
    bracket = single_elimination(entrants(4))
    with pytest.raises(ValueError):
        report_match(bracket, "W1-1", 2)  # not in that match
    with pytest.raises(ValueError):
        report_match(bracket, "W2-1", 0)  # not ready
    with pytest.raises(ValueError):
        single_elimination([Entrant(1), Entrant(1)])
