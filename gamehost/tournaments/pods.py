"""Pods: each round, tables of the game's size grouped by score, avoiding repeat tablemates.

Table sizes (``table_sizes``): the most entrants seated with tables of ``min_size``..
``table_size`` seats (``min_size`` defaults to ``table_size - 1``, at least 2), then the fewest
short tables, as even as possible; byes only for entrants who cannot be seated. So with the
default sizes a bye happens only when the count is not a sum of ``table_size`` and
``table_size - 1``: at a 4-player game 7 is 4 + 3 and 6 is 3 + 3 (no bye), 5 is 4 + a bye
(3 + 2 would need 2-seat tables), and from 6 on nobody ever sits out. Short tables are listed
last.

Byes go to the lowest-ranked entrants among those with the fewest byes (nobody gets a second
bye while someone has had none). The others are grouped to minimise, in priority order:

1. repeat tablemates: pairs at one table who have met before, counted per past meeting;
2. the squared score differences within tables (similar scores sit together).

Exact (every grouping compared) whenever the seated entrants can be grouped in at most
``EXHAUSTIVE`` (3,000) ways: every field of up to 9 whatever the table size (at most 280
ways: 8 in two tables of 4 is 35), and e.g. 10 at 4 + 3 + 3 (2,100). There a round without a
repeat is found whenever one exists, and the fewest repeats otherwise. Bigger fields: a
deterministic local search (swaps between tables from the ranking's order, then seeded
restarts while a repeat remains), best effort: it may keep a repeat that another grouping
would avoid. Entrants are ranked by points, rating, then id (``swiss_order``).
"""
from __future__ import annotations

import random
from itertools import combinations
from math import factorial, lcm, prod
from typing import Callable, Iterator, Sequence

from .model import Entrant, EntrantId, Round, bye_counts, meetings
from .standings import Scoring
from .swiss import points_of, swiss_order

Table = list[EntrantId]
EXHAUSTIVE = 3000  # groupings compared one by one up to this many


def table_sizes(count: int, table_size: int, min_size: int | None = None) -> tuple[list[int], int]:
    """(table sizes largest first, number of byes) for ``count`` entrants."""
    low = max(2, table_size - 1) if min_size is None else min_size
    if not 2 <= low <= table_size:
        raise ValueError("need 2 <= min_size <= table_size")
    best: list[int] | None = None
    for seated in range(count, -1, -1):
        for full in range(seated // table_size, -1, -1):
            rest = seated - full * table_size
            sizes = [table_size] * full
            if rest == 0:
                best = sizes
            else:
                # the rest in the fewest short tables, as even as possible
                for k in range(1, rest + 1):
                    if low * k <= rest <= (table_size - 1) * k:
                        base, extra = divmod(rest, k)
                        best = sizes + [base + 1] * extra + [base] * (k - extra)
                        break
            if best is not None:
                break
        if best is not None:
            return sorted(best, reverse=True), count - seated
    return [], count


def table_cost(tables: Sequence[Table], pair_cost: Callable[[EntrantId, EntrantId], int]) -> int:
    return sum(pair_cost(a, b) for t in tables for a, b in combinations(t, 2))


def improve(tables: list[Table], pair_cost: Callable[[EntrantId, EntrantId], int],
            seed: int = 0, restarts: int = 24, good_enough: int | None = None) -> list[Table]:
    """Swap entrants between tables while that lowers the total cost; deterministic.

    When the result still costs more than ``good_enough``, retry from ``restarts`` seeded
    shuffles (table sizes kept) and keep the cheapest.
    """
    def descend(start: list[Table]) -> tuple[int, list[Table]]:
        current = [list(t) for t in start]
        improved = True
        while improved:
            improved = False
            for ti, tj in combinations(range(len(current)), 2):
                for x in range(len(current[ti])):
                    for y in range(len(current[tj])):
                        a, b = current[ti][x], current[tj][y]
                        rest_i = [e for k, e in enumerate(current[ti]) if k != x]
                        rest_j = [e for k, e in enumerate(current[tj]) if k != y]
                        before = sum(pair_cost(a, e) for e in rest_i) + sum(
                            pair_cost(b, e) for e in rest_j)
                        after = sum(pair_cost(b, e) for e in rest_i) + sum(
                            pair_cost(a, e) for e in rest_j)
                        if after < before:
                            current[ti][x], current[tj][y] = b, a
                            improved = True
        return table_cost(current, pair_cost), current

    best_cost, best = descend(tables)
    rng = random.Random(seed)
    sizes = [len(t) for t in tables]
    pool = [e for t in tables for e in t]
    for _ in range(restarts):
        if good_enough is not None and best_cost <= good_enough:
            break
        rng.shuffle(pool)
        start, at = [], 0
        for size in sizes:
            start.append(pool[at:at + size])
            at += size
        cost, found = descend(start)
        if cost < best_cost:
            best_cost, best = cost, found
    return best


def choose_byes(order: Sequence[EntrantId], count: int, byes: dict[EntrantId, int]) -> list[EntrantId]:
    """``count`` byes: fewest byes so far first, then lowest-ranked first."""
    ranked = sorted(range(len(order)), key=lambda i: (byes.get(order[i], 0), -i))
    return [order[i] for i in sorted(ranked[:count])]


def grouping_count(count: int, sizes: Sequence[int]) -> int:
    """In how many ways ``count`` entrants sit at tables of ``sizes`` (tables unordered)."""
    same = prod(factorial(sizes.count(s)) for s in set(sizes))
    return factorial(count) // (prod(factorial(s) for s in sizes) * same)


def groupings(entrants: Sequence[EntrantId], sizes: Sequence[int]) -> Iterator[list[Table]]:
    """Every way to seat ``entrants`` at tables of ``sizes``, each once (the first entrant's
    table comes first)."""
    if not entrants:
        yield []
        return
    first, rest = entrants[0], list(entrants[1:])
    for size in sorted(set(sizes), reverse=True):
        left = list(sizes)
        left.remove(size)
        for mates in combinations(rest, size - 1):
            others = [e for e in rest if e not in mates]
            for tail in groupings(others, left):
                yield [[first, *mates], *tail]


def pair_pods(entrants: Sequence[Entrant], rounds: Sequence[Round], table_size: int,
              scoring: Scoring | None = None, *, min_size: int | None = None,
              number: int | None = None) -> Round:
    """The next round's tables (best-ranked table first) and byes, without results."""
    scoring = scoring or Scoring.pods(table_size)
    number = number if number is not None else len(rounds) + 1
    order = swiss_order(entrants, rounds, scoring)
    sizes, bye_count = table_sizes(len(order), table_size, min_size)
    bye = choose_byes(order, bye_count, bye_counts(rounds))
    seated = [e for e in order if e not in bye]
    points = points_of(entrants, rounds, scoring)
    scale = lcm(*(points[e].denominator for e in seated)) if seated else 1
    score = {e: int(points[e] * scale) for e in seated}
    spread = (max(score.values()) - min(score.values())) if score else 0
    met = meetings(rounds)
    repeat_weight = len(seated) * table_size * spread * spread + 1  # > any score total

    def pair_cost(a: EntrantId, b: EntrantId) -> int:
        diff = score[a] - score[b]
        return met.get(frozenset((a, b)), 0) * repeat_weight + diff * diff

    if grouping_count(len(seated), sizes) <= EXHAUSTIVE:
        cost = {(a, b): pair_cost(a, b) for a, b in combinations(seated, 2)}
        tables = min(groupings(seated, sizes), key=lambda ts: sum(
            cost[a, b] for t in ts for a, b in combinations(t, 2)))
    else:
        tables, at = [], 0
        for size in sizes:
            tables.append(seated[at:at + size])
            at += size
        tables = improve(tables, pair_cost, seed=number, good_enough=repeat_weight - 1)
    rank = {e: i for i, e in enumerate(order)}
    tidy = [tuple(sorted(t, key=rank.__getitem__)) for t in tables]
    tidy.sort(key=lambda t: (-len(t), rank[t[0]]))
    return Round(number, tuple(tidy), tuple(bye))


def repeat_pairs(round_: Round, previous: Sequence[Round]) -> int:
    """Pairs seated together this round who had already met."""
    met = meetings(previous)
    return sum(1 for t in round_.tables for a, b in combinations(t, 2)
               if met.get(frozenset((a, b)), 0))

