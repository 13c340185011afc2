"""Round robin schedules.

``round_robin`` (two-player tables) uses the circle method: every pair meets exactly once;
n rounds with one bye each round for an odd count (each entrant exactly one bye), n - 1 rounds
for an even count.

``round_robin_pods`` (tables of 3-4): exact balanced designs exist only for some counts, so it
builds rounds one by one with ``pods.improve`` (a deterministic local search): each round
first seats as many pairs who have not met yet as it finds, then among repeats prefers the
pairs who have met least. Guarantee:
it adds rounds until every pair has met at least once (checked, never assumed); every round
seats everyone it can with legal table sizes (``pods.table_sizes``); byes rotate (fewest byes
first). Balance (the most any pair meets) is measured by the tests, not proved.
"""
from __future__ import annotations

from itertools import combinations
from typing import Sequence

from .model import EntrantId, Round, bye_counts, meetings
from .pods import choose_byes, improve, table_sizes


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
    """A schedule of pods where pairs meet as evenly as the search finds.

    Without ``rounds``: as many rounds as it takes for every pair to meet at least once.
    With ``rounds``: exactly that many.
    """
    ids = list(entrants)
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate entrant id")
    if table_size == 2:
        return round_robin(ids)
    sizes, bye_count = table_sizes(len(ids), table_size, min_size)
    if not sizes:
        return []
    all_pairs = {frozenset(p) for p in combinations(ids, 2)}
    base = len(ids) + 1
    limit = rounds if rounds is not None else 4 * len(ids)
    schedule: list[Round] = []
    while len(schedule) < limit:
        met = meetings(schedule)
        if rounds is None and all(met.get(p, 0) for p in all_pairs):
            break
        # who has the most partners still unmet is placed first; their byes are rarer
        unmet = {e: sum(1 for o in ids if o != e and not met.get(frozenset((e, o)), 0))
                 for e in ids}
        order = sorted(ids, key=lambda e: (-unmet[e], ids.index(e)))
        bye = choose_byes(order, bye_count, bye_counts(schedule))
        seated = [e for e in order if e not in bye]

        per_round = sum(k * (k - 1) // 2 for k in sizes)
        reward = per_round * base ** max(met.values(), default=0) + 1

        def pair_cost(a: EntrantId, b: EntrantId, met=met, reward=reward) -> int:
            # a new pair outweighs any repeats; among repeats, the rarer the cheaper
            count = met.get(frozenset((a, b)), 0)
            return -reward if count == 0 else base ** count

        tables, pool = [], list(seated)
        for size in sizes:
            # greedy start: each table takes the entrants meeting its members least
            table = [pool.pop(0)]
            while len(table) < size:
                pick = min(pool, key=lambda e: (sum(pair_cost(e, t) for t in table),
                                                pool.index(e)))
                table.append(pick)
                pool.remove(pick)
            tables.append(table)
        tables = improve(tables, pair_cost, seed=len(schedule) + 1,
                         good_enough=-reward * per_round)  # every pair new
        position = {e: i for i, e in enumerate(ids)}
        tidy = sorted((tuple(sorted(t, key=position.__getitem__)) for t in tables),
                      key=lambda t: (-len(t), position[t[0]]))
        schedule.append(Round(len(schedule) + 1, tuple(tidy), tuple(bye)))
    return schedule


def pair_counts(schedule: Sequence[Round], entrants: Sequence[EntrantId]) -> dict[frozenset, int]:
    """Meetings of every pair of ``entrants`` (zeros included)."""
    met = meetings(schedule)
    return {frozenset(p): met.get(frozenset(p), 0) for p in combinations(entrants, 2)}
