"""Swiss pairing by score with networkx maximum-weight matching.

``pair_swiss`` pairs the next round of the entrants not dropped. Up to ``EXACT`` (100)
entrants the whole field is one matching over every pair, and it guarantees, in priority
order (each edge weight is layered so that a higher priority always outweighs every lower
one):

1. everyone still in plays or has the bye (a perfect matching; with an odd count, one bye);
2. the fewest rematches possible (none while one is avoidable), repeated rematches counted;
3. the bye goes to the lowest-ranked entrant with the fewest byes so far (so nobody gets a
   second bye while someone has had none; a bye scores ``Scoring.bye_points``, a win);
4. up to ``LOOKAHEAD`` (8) entrants, when this round has no rematch: a pairing after which
   the next round can still be paired without a rematch (the pairs not met yet still hold a
   perfect matching; with an odd count, one leaving out someone due the bye), whenever one
   exists (exhaustive). With an even count of 8 or fewer, played with these pairings from
   the first round, n - 1 rounds then never need a rematch (each pair meets once);
5. the smallest score differences (sum of squared differences within pairings);
6. within a score group, the top plays the bottom (fold: 1 v 4, 2 v 3).

Above ``EXACT`` entrants (a big open Swiss), the bye is given first (rule 3), then the ranking
is paired in overlapping windows of ``WINDOW`` (32) ranks: each window is matched with rules
2, 5 and 6, the pairings of its top half are kept and the rest go back to the pool (the last
window takes the 18 to 48 left). A rematch is taken only when a window has no pairing without
one, so never within the first 9 rounds: in a window of m >= 18 entrants who have each met at
most 8, everyone has m / 2 or more not met there, so a pairing without a rematch exists
(Dirac). A round of 1,000 takes well under a second (one matching over every pair: minutes).

The rank used for pairing is points (desc), then rating (desc), then entrant id: the usual
pairing numbers by rating inside each score group. Deterministic: same input, same pairing.
"""
from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Callable, Iterable, Iterator, Sequence

import networkx as nx

from .model import Entrant, EntrantId, Round, bye_counts, id_key, meetings
from .standings import Scoring

EXACT = 100  # entrants paired as one matching over every pair
WINDOW = 32  # ranks per matching above EXACT (even)
LOOKAHEAD = 8  # entrants up to which the next round is checked for a forced rematch


def points_of(entrants: Sequence[Entrant], rounds: Iterable[Round],
              scoring: Scoring | None = None) -> dict[EntrantId, Fraction]:
    """Points of each entrant (results and byes), as in ``standings``; others are ignored."""
    scoring = scoring or Scoring()
    points = {e.id: Fraction(0) for e in entrants}
    for rnd in rounds:
        for entrant in rnd.byes:
            if entrant in points:
                points[entrant] += scoring.bye_points
        for result in rnd.results:
            for entrant, pts in scoring.points(result).items():
                if entrant in points:
                    points[entrant] += pts
    return points


def swiss_order(entrants: Sequence[Entrant], rounds: Sequence[Round],
                scoring: Scoring | None = None) -> list[EntrantId]:
    """Entrants not dropped, best first: points, rating, then id."""
    return _ranked(entrants, points_of(entrants, rounds, scoring))


def _ranked(entrants: Sequence[Entrant], points: dict[EntrantId, Fraction]) -> list[EntrantId]:
    live = [e for e in entrants if not e.dropped]
    live.sort(key=lambda e: (-points[e.id], -e.rating, id_key(e.id)))
    return [e.id for e in live]


def _score_units(values: Iterable[Fraction]) -> tuple[int, dict[Fraction, int]]:
    values = set(values)
    scale = lcm(*(v.denominator for v in values)) if values else 1
    return scale, {v: int(v * scale) for v in values}


def _pairings(items: list[int]) -> Iterator[tuple[list[tuple[int, int]], int | None]]:
    """Every way to pair ``items``, with one left over (the bye) for an odd count."""
    if len(items) % 2:
        for k, bye in enumerate(items):
            for tables, _ in _pairings(items[:k] + items[k + 1:]):
                yield tables, bye
    elif not items:
        yield [], None
    else:
        for k in range(1, len(items)):
            for tables, _ in _pairings(items[1:k] + items[k + 1:]):
                yield [(items[0], items[k])] + tables, None


def pair_swiss(entrants: Sequence[Entrant], rounds: Sequence[Round],
               scoring: Scoring | None = None, *, number: int | None = None) -> Round:
    """The next round's pairings (tables of two, best-ranked first) and bye, without results."""
    ids = [e.id for e in entrants]
    if len(ids) != len(set(ids)):
        raise ValueError("duplicate entrant id")
    number = number if number is not None else len(rounds) + 1
    points = points_of(entrants, rounds, scoring)
    order = _ranked(entrants, points)
    n = len(order)
    if n == 0:
        return Round(number, ())
    if n == 1:
        return Round(number, (), (order[0],))
    met = meetings(rounds)
    byes = bye_counts(rounds)
    _, units = _score_units(points[e] for e in order)
    score = [units[points[e]] for e in order]
    fewest = min(byes.get(e, 0) for e in order)
    due = [i for i in range(n) if byes.get(order[i], 0) == fewest]  # may take the bye

    def repeat(i: int, j: int) -> int:
        return met.get(frozenset((order[i], order[j])), 0)

    def match(idx: list[int], bye_to: list[int]) -> tuple[list[tuple[int, int]], int | None]:
        """Max-weight matching of the ranks ``idx`` (rules 2, 3, 5, 6); the bye, if the
        count is odd, to one of ``bye_to``."""
        m, low, high = len(idx), min(score[i] for i in idx), max(score[i] for i in idx)
        fold_max = (max(idx) - min(idx)) ** 2
        c_score = (m // 2 + 1) * fold_max + 1
        c_bye = (m // 2 + 1) * (high - low) ** 2 * c_score + c_score
        c_rematch = m * c_bye + 1
        edges = [(i, j, repeat(i, j) * c_rematch + (score[i] - score[j]) ** 2 * c_score
                  + fold_max - (i - j) ** 2) for a, i in enumerate(idx) for j in idx[a + 1:]]
        if m % 2:
            edges += [(i, -1, (n - 1 - i) * c_bye) for i in bye_to]
        top = max(cost for _, _, cost in edges) + 1
        graph = nx.Graph()
        graph.add_nodes_from(idx + [-1] * (m % 2))
        graph.add_weighted_edges_from((i, j, top - cost) for i, j, cost in edges)
        chosen = [tuple(sorted(e)) for e in nx.max_weight_matching(graph, maxcardinality=True)]
        bye = next((j for i, j in chosen if i == -1), None)
        tables = sorted((i, j) for i, j in chosen if i != -1)
        if 2 * len(tables) + (bye is not None) != m:
            raise AssertionError("swiss matching left an entrant out")  # cannot: complete graph
        return tables, bye

    if n <= EXACT:
        tables, bye = match(list(range(n)), due)
        if n <= LOOKAHEAD and not any(repeat(i, j) for i, j in tables):
            tables, bye = _look_ahead(tables, bye, repeat, score, [byes.get(e, 0) for e in order])
    else:
        bye = due[-1] if n % 2 else None
        pool, tables = [i for i in range(n) if i != bye], []
        while pool:
            window = pool if len(pool) <= WINDOW * 3 // 2 else pool[:WINDOW]
            found, _ = match(window, [])
            kept = found if window is pool else [t for t in found if t[0] < window[WINDOW // 2]]
            tables += kept
            seated = {i for t in kept for i in t}
            pool = [i for i in pool if i not in seated]
        tables.sort()
    return Round(number, tuple((order[i], order[j]) for i, j in tables),
                 () if bye is None else (order[bye],))


def _look_ahead(tables: list[tuple[int, int]], bye: int | None, repeat: Callable[[int, int], int],
                score: list[int], byes: list[int]) -> tuple[list[tuple[int, int]], int | None]:
    """Rule 4: the cheapest pairing without a rematch, with this bye, that leaves the next
    round a pairing without a rematch; the matching's own when it does or none does."""
    n = len(score)

    def cost(pairs: list[tuple[int, int]]) -> tuple[int, int]:
        return (sum((score[i] - score[j]) ** 2 for i, j in pairs),
                -sum((i - j) ** 2 for i, j in pairs))

    def next_round_free(pairs: list[tuple[int, int]], left: int | None) -> bool:
        taken = {frozenset(p) for p in pairs}
        counts = [byes[i] + (i == left) for i in range(n)]
        least = min(counts)
        return any((b is None or counts[b] == least) and not any(
            repeat(i, j) or frozenset((i, j)) in taken for i, j in later)
            for later, b in _pairings(list(range(n))))

    if next_round_free(tables, bye):
        return tables, bye
    options = [(cost(pairs), pairs) for pairs, b in _pairings(list(range(n)))
               if b == bye and not any(repeat(i, j) for i, j in pairs)
               and next_round_free(pairs, b)]
    if not options:
        return tables, bye
    return sorted(min(options)[1]), bye


def rematches(round_: Round, previous: Sequence[Round]) -> int:
    """How many of this round's pairings repeat an earlier meeting."""
    met = meetings(previous)
    return sum(1 for t in round_.tables if met.get(frozenset(t), 0))
