"""Swiss pairing by score with networkx maximum-weight matching.

``pair_swiss`` pairs the next round of the entrants not dropped. Guarantees, in priority order
(each edge weight is layered so that a higher priority always outweighs every lower one):

1. everyone still in plays or has the bye (a perfect matching; with an odd count, one bye);
2. the fewest rematches possible (none while one is avoidable), repeated rematches counted;
3. the bye goes to the lowest-ranked entrant with the fewest byes so far (so nobody gets a
   second bye while someone has had none; a bye scores ``Scoring.bye_points``, a win);
4. the smallest score differences (sum of squared differences within pairings);
5. within a score group, the top plays the bottom (fold: 1 v 4, 2 v 3).

The rank used for pairing is points (desc), then rating (desc), then entrant id: the usual
pairing numbers by rating inside each score group. Deterministic: same input, same pairing.
"""
from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Iterable, Sequence

import networkx as nx

from .model import Entrant, EntrantId, Round, bye_counts, id_key, meetings
from .standings import Scoring, points_table


def swiss_order(entrants: Sequence[Entrant], rounds: Sequence[Round],
                scoring: Scoring | None = None) -> list[EntrantId]:
    """Entrants not dropped, best first: points, rating, then id."""
    points = points_table(entrants, rounds, scoring)
    live = [e for e in entrants if not e.dropped]
    live.sort(key=lambda e: (-points[e.id], -e.rating, id_key(e.id)))
    return [e.id for e in live]


def _score_units(values: Iterable[Fraction]) -> tuple[int, dict[Fraction, int]]:
    values = set(values)
    scale = lcm(*(v.denominator for v in values)) if values else 1
    return scale, {v: int(v * scale) for v in values}


def pair_swiss(entrants: Sequence[Entrant], rounds: Sequence[Round],
               scoring: Scoring | None = None, *, number: int | None = None) -> Round:
    """The next round's pairings (tables of two, best-ranked first) and bye, without results."""
    ids = [e.id for e in entrants]
    if len(ids) != len(set(ids)):
        raise ValueError("duplicate entrant id")
    number = number if number is not None else len(rounds) + 1
    order = swiss_order(entrants, rounds, scoring)
    n = len(order)
    if n == 0:
        return Round(number, ())
    if n == 1:
        return Round(number, (), (order[0],))
    points = points_table(entrants, rounds, scoring)
    met = meetings(rounds)
    byes = bye_counts(rounds)
    _, units = _score_units(points[e] for e in order)
    score = [units[points[e]] for e in order]
    spread = max(score) - min(score)

    fold_max = (n - 1) ** 2
    c_score = (n // 2 + 1) * fold_max + 1
    c_bye = (n // 2 + 1) * spread * spread * c_score + c_score
    c_rematch = n * c_bye + 1

    def pair_cost(i: int, j: int) -> int:
        repeat = met.get(frozenset((order[i], order[j])), 0)
        diff = score[i] - score[j]
        return repeat * c_rematch + diff * diff * c_score + fold_max - (i - j) ** 2

    edges: list[tuple[int, int, int]] = []
    for i in range(n):
        for j in range(i + 1, n):
            edges.append((i, j, pair_cost(i, j)))
    if n % 2:
        fewest = min(byes.get(e, 0) for e in order)
        for i in range(n):
            if byes.get(order[i], 0) == fewest:
                edges.append((i, n, (n - 1 - i) * c_bye))
    top = max(cost for _, _, cost in edges) + 1
    graph = nx.Graph()
    graph.add_nodes_from(range(n + n % 2))
    for i, j, cost in edges:
        graph.add_edge(i, j, weight=top - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables: list[tuple[EntrantId, EntrantId]] = []
    bye: tuple[EntrantId, ...] = ()
    for u, v in sorted(tuple(sorted(edge)) for edge in matching):
        if v == n:
            bye = (order[u],)
        else:
            tables.append((order[u], order[v]))
    if 2 * len(tables) + len(bye) != n:
        raise AssertionError("swiss matching left an entrant out")  # cannot happen: complete graph
    return Round(number, tuple(tables), bye)


def rematches(round_: Round, previous: Sequence[Round]) -> int:
    """How many of this round's pairings repeat an earlier meeting."""
    met = meetings(previous)
    return sum(1 for t in round_.tables if met.get(frozenset(t), 0))
