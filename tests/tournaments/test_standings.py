"""Standings: points by result and placement, tie-breaks in the stated order, total order."""
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as hs

from gamehost.tournaments.model import Entrant, Round, TableResult
from gamehost.tournaments.standings import Scoring, entry_order_ties, standings, tiebreak_statement
from tests.tournaments.helpers import entrants, play, random_pair_round


def test_two_player_points_and_tiebreaks_by_hand():
    # round 1: a beats b, c draws d; round 2: a beats c, d beats b
    r1 = Round(1, (("a", "b"), ("c", "d"))).with_results(TableResult.win("a", "b"),
                                                         TableResult.draw("c", "d"))
    r2 = Round(2, (("a", "c"), ("b", "d"))).with_results(TableResult.win("a", "c"),
                                                         TableResult.win("d", "b"))
    rows = standings(["a", "b", "c", "d"], [r1, r2])
    by = {r.entrant: r for r in rows}
    assert [r.entrant for r in rows] == ["a", "d", "c", "b"]
    assert by["a"].points == 2 and by["d"].points == Fraction(3, 2)
    assert by["c"].points == Fraction(1, 2) and by["b"].points == 0
    assert by["a"].buchholz == by["b"].points + by["c"].points  # 1/2
    assert by["d"].buchholz == by["c"].points + by["b"].points
    # d: drew c (1/2 * 1/2) and beat b (1 * 0)
    assert by["d"].sonneborn_berger == Fraction(1, 4)
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    assert "Buchholz" in tiebreak_statement(Scoring())


def test_pod_points_ties_share_average_and_bye():
    scoring = Scoring.pods(4)
    result = TableResult.ranked("a", ("b", "c"), "d")
    assert scoring.points(result) == {"a": 3, "b": Fraction(3, 2), "c": Fraction(3, 2), "d": 0}
    assert scoring.bye_points == 3
    three = scoring.points(TableResult.ranked("x", "y", "z"))
    assert three == {"x": 2, "y": 1, "z": 0}  # short table: one point per place beaten
    custom = Scoring.pods(4, [5, 3, 1, 0])
    assert custom.points(TableResult.ranked(("a", "b"), "c", "d")) == {
        "a": 4, "b": 4, "c": 1, "d": 0}


def test_forfeit_scores_last_and_double_forfeit_both_lose():
    s = Scoring()
    assert s.points(TableResult.win("a", "b", forfeit=True)) == {"a": 1, "b": 0}
    both = TableResult((("a", "b"),), frozenset({"a", "b"}))
    assert s.points(both) == {"a": 0, "b": 0}
    assert both.relation("a", "b") == 0


def test_head_to_head_breaks_a_level_tie():
    # a beat b, b beat c, c beat a... then a second cycle where a beats b again
    rounds = [
        Round(1, (("a", "b"),), ("c",)).with_results(TableResult.win("a", "b")),
        Round(2, (("b", "c"),), ("a",)).with_results(TableResult.win("b", "c")),
        Round(3, (("a", "c"),), ("b",)).with_results(TableResult.win("c", "a")),
    ]
    rows = standings(["a", "b", "c"], rounds)
    assert len({(r.points, r.buchholz, r.sonneborn_berger) for r in rows}) == 1
    assert [r.head_to_head for r in rows] == [1, 1, 1]
    assert [r.entrant for r in rows] == ["a", "b", "c"]  # falls through to id
    rounds.append(Round(4, (("a", "b"),), ("c",)).with_results(TableResult.draw("a", "b")))
    rows = standings(["a", "b", "c"], rounds)
    assert rows[0].entrant == "c" and rows[0].points == 3  # the round-4 bye is a win


def test_a_complete_tie_keeps_the_order_of_entry_and_is_found():
    rows = standings([Entrant("z"), Entrant(3), Entrant(10)], [])
    assert [r.entrant for r in rows] == ["z", 3, 10]  # entered in that order, whatever the ids
    assert entry_order_ties(rows) == [("z", 3, 10)]
    rounds = [Round(1, (("a", "b"), ("c", "d"))).with_results(TableResult.win("a", "b"), TableResult.win("c", "d"))]
    rows = standings(["c", "a", "d", "b"], rounds)
    assert [r.entrant for r in rows] == ["c", "a", "d", "b"]  # two winners, two losers, each pair level
    assert entry_order_ties(rows) == [("c", "a"), ("d", "b")]
    rounds.append(Round(2, (("c", "a"), ("d", "b"))).with_results(TableResult.win("a", "c"), TableResult.draw("d", "b")))
    rows = standings(["c", "a", "d", "b"], rounds)
    assert rows[0].entrant == "a" and all("a" not in tied for tied in entry_order_ties(rows))  # a result decided it


@settings(max_examples=120, deadline=None)
@given(n=hs.integers(2, 9), rounds=hs.integers(0, 5), size=hs.sampled_from([2, 3, 4]),
       seed=hs.integers(0, 10_000))
def test_standings_are_a_total_order_consistent_with_tiebreaks(n, rounds, size, seed):
    rng = random.Random(seed)
    people = entrants(n)
    ids = [e.id for e in people]
    history = []
    for number in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        tables = [tuple(order[i:i + size]) for i in range(0, len(order), size)]
        byes = tables.pop()[:] if len(tables[-1]) < 2 else ()
        history.append(play(Round(number, tuple(tables), byes), rng))
    scoring = Scoring.pods(size) if size > 2 else Scoring()
    rows = standings(people, history, scoring)
    assert sorted(r.entrant for r in rows) == ids
    keys = [r.sort_key() for r in rows]
    assert all(a < b for a, b in zip(keys, keys[1:]))  # strictly increasing: total order
    assert [r.rank for r in rows] == list(range(1, n + 1))
    # points recomputed independently
    total = {i: Fraction(0) for i in ids}
    for rnd in history:
        for b in rnd.byes:
            total[b] += scoring.bye_points
        for res in rnd.results:
            for e, p in scoring.points(res).items():
                total[e] += p
    assert {r.entrant: r.points for r in rows} == total
    # Buchholz: sum of opponents' final points, once per meeting
    for r in rows:
        expected = sum((total[o] for o in r.opponents), Fraction(0))
        assert r.buchholz == expected


@settings(max_examples=60, deadline=None)
@given(n=hs.integers(2, 8), rounds=hs.integers(1, 4), seed=hs.integers(0, 10_000))
def test_two_player_sonneborn_berger_is_classic(n, rounds, seed):
    rng = random.Random(seed)
    people = entrants(n)
    history = [play(random_pair_round([e.id for e in people], rng, k), rng)
               for k in range(1, rounds + 1)]
    rows = standings(people, history)
    pts = {r.entrant: r.points for r in rows}
    for r in rows:
        sb = Fraction(0)
        for rnd in history:
            for res in rnd.results:
                if r.entrant in res.entrants:
                    (opp,) = [e for e in res.entrants if e != r.entrant]
                    mine = Scoring().points(res)[r.entrant]
                    sb += mine * pts[opp]  # win 1 x, draw 1/2 x, loss 0
        assert r.sonneborn_berger == sb
