"""Shared builders for the tournament tests."""
from __future__ import annotations

import random

from gamehost.tournaments.model import Entrant, Round, TableResult


def entrants(n: int) -> list[Entrant]:
    return [Entrant(i, rating=1500 - 10 * i) for i in range(n)]


def random_result(table, rng: random.Random) -> TableResult:
    """A random placement of ``table``: shuffled, some ties, sometimes a forfeit."""
    order = list(table)
    rng.shuffle(order)
    groups, current = [], [order[0]]
    for e in order[1:]:
        if rng.random() < 0.2:
            current.append(e)
        else:
            groups.append(tuple(current))
            current = [e]
    groups.append(tuple(current))
    forfeited = frozenset({order[-1]}) if len(groups) > 1 and rng.random() < 0.1 else frozenset()
    return TableResult(tuple(groups), forfeited)


def play(round_: Round, rng: random.Random) -> Round:
    return round_.with_results(*(random_result(t, rng) for t in round_.tables))


def random_pair_round(ids, rng: random.Random, number: int) -> Round:
    """Any pairing at all (not Swiss): consecutive entrants of a shuffle, odd one out a bye."""
    order = list(ids)
    rng.shuffle(order)
    tables = [tuple(order[i:i + 2]) for i in range(0, len(order) - 1, 2)]
    byes = (order[-1],) if len(order) % 2 else ()
    return Round(number, tuple(tables), byes)
