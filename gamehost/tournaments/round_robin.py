"""Round robin schedules.

``round_robin`` (two-player tables) uses the circle method: every pair meets exactly once;
n rounds with one bye each round for an odd count (each entrant exactly one bye), n - 1 rounds
for an even count.

``round_robin_pods`` (tables of ``table_size`` seats or a few less: ``pods.table_sizes``)
guarantees:

* every round seats everyone it can at legal table sizes, each entrant once;
* byes go round in entrant order (round 1: the first ``b`` entrants, round 2: the next ``b``,
  ...): after any number of rounds bye counts differ by at most one (no second bye before
  everyone has had one);
* without ``rounds``: every pair meets at least once, in the fewest rounds the search finds
  from the counting bound up (everyone meets n - 1 others, at most ``table_size - 1`` a round;
  a round seats only so many pairs); then the most meetings of any pair (the *max*) as low as
  it finds; one round more only when that lowers the max by two or more. Deterministic; the
  shape depends only on the count and sizes. For 3..16 entrants, ``table_size`` 3 (tables of
  2-3) and 4 (tables of 3-4; 5 is a table of 4 and a bye each round), rounds/max:

  ============  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===
  entrants        3    4    5    6    7    8    9   10   11   12   13   14   15   16
  tables 2-3    1/1  3/1  3/3  4/4  5/2  4/1  4/1  6/2  6/2  7/2  8/2  8/2  7/1  9/2
  tables 3-4    1/1  1/1  3/3  4/4  3/3  3/3  4/1  5/2  5/2  5/3  6/2  6/2  5/1  5/1
  ============  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===

  Up to 9 entrants each entry is the optimum under that rule (brute force or the counting
  bounds; e.g. 8 at two tables of 4: any 3 rounds that cover every pair seat some pair three
  times; 6 at two tables of 3: 3 rounds cannot cover, in 4 a pair meets every time, 5 still
  leave one meeting three times). 9, 15, 16 at tables of 3-4, 8 and 15 (the schoolgirls) at
  2-3 are perfect: every pair once. Above 16: usually 1-2 rounds over the bound, max 2 or 3;
* with ``rounds``: exactly that many, as many pairs met as it finds, then the lowest max.

The search: tabu search over whole schedules (swap two entrants of one round, aimed at a pair
not met yet or met too often), a fixed step budget, each round count from the bound up (from
the last one's best plus a round); should it never cover every pair, rounds are added
greedily, each seating never-met pairs together, until all have met.
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations
from typing import Sequence

from .model import EntrantId, Round, meetings
from .pods import table_sizes

STEPS = 2000  # tabu steps per attempt
ATTEMPTS = 2  # seeded attempts per round count (and per max tried)
SLACK = 4  # round counts tried above the lower bound before rounds are added greedily
TENURE = (1, 3)  # steps an entrant stays put in that round after a swap


def round_robin(entrants: Sequence[EntrantId]) -> list[Round]:
    """Circle method: entrant 0 fixed, the others rotate one place each round."""
    ring: list[EntrantId | None] = list(entrants)
    if len(set(ring)) != len(ring):
        raise ValueError("duplicate entrant id")
    if len(ring) < 2:
        return []
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    rounds: list[Round] = []
    for number in range(1, n):
        tables: list[tuple[EntrantId, EntrantId]] = []
        byes: list[EntrantId] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                byes.append(b if a is None else a)  # type: ignore[arg-type]
            elif number % 2 == 0 and i == 0:
                tables.append((b, a))  # alternate who is listed first for the fixed entrant
            else:
                tables.append((a, b))
        rounds.append(Round(number, tuple(tables), tuple(byes)))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def round_robin_pods(entrants: Sequence[EntrantId], table_size: int, *,
                     min_size: int | None = None, rounds: int | None = None) -> list[Round]:
    """Pods where pairs meet as evenly as found (module docstring): without ``rounds`` until
    every pair has met, with ``rounds`` exactly that many."""
    ids = list(entrants)
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate entrant id")
    if table_size == 2:
        return round_robin(ids)
    sizes, bye_count = table_sizes(len(ids), table_size, min_size)
    if not sizes or (rounds is not None and rounds < 1):
        return []
    plan = _plan(len(ids), tuple(sizes), bye_count, rounds)
    schedule = []
    for number, (tables, byes) in enumerate(plan, start=1):
        tidy = sorted((tuple(sorted(t)) for t in tables), key=lambda t: (-len(t), t[0]))
        schedule.append(Round(number, tuple(tuple(ids[i] for i in t) for t in tidy),
                              tuple(ids[i] for i in sorted(byes))))
    return schedule


def _byes(n: int, count: int, r: int) -> list[int]:  # in turn, in entrant order
    return [(r * count + j) % n for j in range(count)]


class _Tabu:
    """Rounds of tables over entrants 0..n-1 (byes fixed); cost: each pair not met counts 1,
    each meeting of a pair beyond ``cap`` counts 1. Swaps two entrants of one round."""

    def __init__(self, n: int, tables: list[list[list[int]]], cap: int, rng: random.Random):
        self.n, self.cap, self.rng = n, cap, rng
        self.load(tables)

    def load(self, tables: list[list[list[int]]]) -> None:
        n, self.rounds = self.n, tables
        self.met = [[0] * n for _ in range(n)]
        self.bad = list(combinations(range(n), 2))  # pairs costing something (a < b)
        self.slot = {pair: i for i, pair in enumerate(self.bad)}  # their places in ``bad``
        self.cost = len(self.bad)
        self.where = [[-1] * n for _ in tables]
        for r, rnd in enumerate(tables):
            for t, table in enumerate(rnd):
                for i, a in enumerate(table):
                    self.where[r][a] = t
                    for b in table[i + 1:]:
                        self._bump(a, b, 1)

    def penalty(self, count: int) -> int:
        return 1 if count == 0 else max(0, count - self.cap)

    def _bump(self, a: int, b: int, step: int) -> None:
        old = self.met[a][b]
        self.met[a][b] = self.met[b][a] = old + step
        after = self.penalty(old + step)
        self.cost += after - self.penalty(old)
        key = (a, b) if a < b else (b, a)
        if after and key not in self.slot:
            self.slot[key] = len(self.bad)
            self.bad.append(key)
        elif not after and key in self.slot:
            last, at = self.bad.pop(), self.slot.pop(key)
            if last != key:
                self.bad[at], self.slot[last] = last, at

    def delta(self, r: int, a: int, b: int) -> int:
        """Cost change of swapping ``a`` and ``b`` (at different tables of round ``r``)."""
        pen, ma, mb, d = self.penalty, self.met[a], self.met[b], 0
        for x, y, m_x, m_y in ((a, b, ma, mb), (b, a, mb, ma)):
            for e in self.rounds[r][self.where[r][x]]:
                if e != x:
                    d += pen(m_x[e] - 1) - pen(m_x[e]) + pen(m_y[e] + 1) - pen(m_y[e])
        return d

    def swap(self, r: int, a: int, b: int) -> None:
        w = self.where[r]
        ta, tb = self.rounds[r][w[a]], self.rounds[r][w[b]]
        for x, y, table in ((a, b, ta), (b, a, tb)):
            for e in table:
                if e != x:
                    self._bump(x, e, -1)
                    self._bump(y, e, 1)
        ta[ta.index(a)], tb[tb.index(b)] = b, a
        w[a], w[b] = w[b], w[a]

    def moves(self, a: int, b: int) -> list[tuple[int, int, int]]:
        """Swaps aimed at the pair: seat a never-met pair together, part a pair met too often."""
        found = []
        for r, w in enumerate(self.where):
            if w[a] < 0 or w[b] < 0:
                continue
            if self.met[a][b] == 0:
                for x, y in ((a, b), (b, a)):
                    found += [(r, y, e) for e in self.rounds[r][w[x]] if e != x]
            elif w[a] == w[b]:
                found += [(r, x, e) for x in (a, b) for e in range(self.n)
                          if w[e] >= 0 and w[e] != w[x]]
        return found

    def run(self, steps: int) -> bool:
        """Search until nothing costs (True) or ``steps`` run out; keeps the best seen."""
        rng, best = self.rng, self.cost
        keep = [[list(t) for t in rnd] for rnd in self.rounds]
        tabu = [[-1] * self.n for _ in self.rounds]
        for step in range(steps):
            if not self.cost:
                return True
            a, b = self.bad[rng.randrange(len(self.bad))]
            options, low = [], None
            for r, x, y in self.moves(a, b):
                d = self.delta(r, x, y)
                if max(tabu[r][x], tabu[r][y]) > step and self.cost + d >= best:
                    continue
                if low is None or d < low:
                    options, low = [(r, x, y)], d
                elif d == low:
                    options.append((r, x, y))
            if not options:
                continue
            r, x, y = options[rng.randrange(len(options))]
            self.swap(r, x, y)
            tabu[r][x], tabu[r][y] = step + rng.randint(*TENURE), step + rng.randint(*TENURE)
            if self.cost < best:
                best, keep = self.cost, [[list(t) for t in rnd] for rnd in self.rounds]
        if self.cost > best:
            self.load(keep)
        return not self.cost


def _start(n: int, sizes: tuple[int, ...], bye_count: int, count: int,
           rng: random.Random) -> list[list[list[int]]]:
    """``count`` rounds of shuffled tables (the byes fixed)."""
    cuts = [sum(sizes[:i]) for i in range(len(sizes) + 1)]
    tables = []
    for r in range(count):
        seated = [p for p in range(n) if p not in _byes(n, bye_count, r)]
        rng.shuffle(seated)
        tables.append([seated[cuts[i]:cuts[i + 1]] for i in range(len(sizes))])
    return tables


def _may_cover(n: int, sizes: tuple[int, ...], bye_count: int, count: int) -> bool:
    """Counting bounds: pairs seated, n - 1 met by each, every pair in a round without byes."""
    if count * sum(s * (s - 1) // 2 for s in sizes) < n * (n - 1) // 2:
        return False
    playing = [set(range(n)) - set(_byes(n, bye_count, r)) for r in range(count)]
    if any(sum(p in rnd for rnd in playing) * (sizes[0] - 1) < n - 1 for p in range(n)):
        return False
    return all(any(a in rnd and b in rnd for rnd in playing) for a, b in combinations(range(n), 2))


@lru_cache(maxsize=64)
def _plan(n: int, sizes: tuple[int, ...], bye_count: int, rounds: int | None) -> tuple:
    pairs, per_round = n * (n - 1) // 2, sum(s * (s - 1) // 2 for s in sizes)

    def most(found: _Tabu) -> int:
        return max(map(max, found.met))

    def search(count: int, cap: int, start: list | None) -> _Tabu:
        """The first of ``ATTEMPTS`` seeded searches reaching cost 0, else the cheapest."""
        tried = []
        for attempt in range(ATTEMPTS):
            rng = random.Random(((n * 31 + count) * 31 + cap) * 31 + attempt)
            tables = ([[list(t) for t in rnd] for rnd in start] if start and not attempt
                      else _start(n, sizes, bye_count, count, rng))
            tried.append(_Tabu(n, tables, cap, rng))
            if tried[-1].run(STEPS):
                break
        return min(tried, key=lambda found: found.cost)

    def grown(tables: list) -> list:  # the tables and one round more
        return tables + [_start(n, sizes, bye_count, len(tables) + 1, random.Random(n))[-1]]

    def lowered(found: _Tabu) -> _Tabu:  # every pair met: lower the max while it can
        while not found.cost and (most(found) - 1) * pairs >= len(found.rounds) * per_round:
            lower = search(len(found.rounds), most(found) - 1, found.rounds)
            if lower.cost:
                break
            found = lower
        return found

    if rounds is not None:
        found = lowered(search(rounds, rounds, None))
    else:
        least = -(-pairs // per_round)
        count = next(c for c in range(least, least + 2 * n + 2)  # byes < n / 2: enough
                     if _may_cover(n, sizes, bye_count, c))
        found = search(count, count, None)
        for more_rounds in range(count + 1, count + 1 + SLACK):
            if not found.cost:
                break
            found = search(more_rounds, more_rounds, grown(found.rounds))
        found = lowered(found)
        top, count = most(found), len(found.rounds)
        if not found.cost and (top - 2) * pairs >= (count + 1) * per_round:
            more = search(count + 1, top - 2, grown(found.rounds))  # a round more for 2 less
            found = found if more.cost else lowered(more)
    tables, met = [[list(t) for t in rnd] for rnd in found.rounds], found.met
    while rounds is None and (missing := [(a, b) for a, b in combinations(range(n), 2)
                                          if not met[a][b]]):
        free = [p for p in range(n) if p not in _byes(n, bye_count, len(tables))]
        rnd: list[list[int]] = [[] for _ in sizes]  # never-met pairs first, then anyone
        for a, b in missing:
            if a in free and b in free and [] in rnd:
                rnd[rnd.index([])] += [a, b]
                free = [p for p in free if p not in (a, b)]
        for table, size in zip(rnd, sizes):
            need = size - len(table)
            table += free[:need]
            free = free[need:]
            for a, b in combinations(table, 2):
                met[a][b] = met[b][a] = met[a][b] + 1
        tables.append(rnd)
    return tuple((tuple(tuple(t) for t in rnd), tuple(_byes(n, bye_count, r)))
                 for r, rnd in enumerate(tables))


def pair_counts(schedule: Sequence[Round], entrants: Sequence[EntrantId]) -> dict[frozenset, int]:
    """Meetings of every pair of ``entrants`` (zeros included)."""
    met = meetings(schedule)
    return {frozenset(p): met.get(frozenset(p), 0) for p in combinations(entrants, 2)}
