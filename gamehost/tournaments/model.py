"""Plain data of a tournament: entrants, table results (placements, byes, forfeits) and rounds.

Pure data, no discord, no database. Entrants are identified by ``int`` or ``str`` ids (a fixed
team of a 2 vs 2 game is one entrant whose ``members`` are its players).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Union

EntrantId = Union[int, str]


def id_key(entrant_id: EntrantId) -> tuple[int, int | str]:
    """A total order over mixed ids: ints (by value) before strs (by text)."""
    if isinstance(entrant_id, int) and not isinstance(entrant_id, bool):
        return (0, entrant_id)
    return (1, str(entrant_id))


@dataclass(frozen=True)
class Entrant:
    """One entrant: a player, or a fixed team (``members``) entered as one."""

    id: EntrantId
    rating: float = 0.0
    name: str = ""
    members: tuple[EntrantId, ...] = ()
    dropped: bool = False


@dataclass(frozen=True)
class TableResult:
    """The result of one table: ``placements`` best first; entrants in one group tied.

    ``forfeited`` entrants score as if last whatever the placements say (a forfeit, a
    disqualification, or both players losing an adjudicated unfinished match).
    """

    placements: tuple[tuple[EntrantId, ...], ...]
    forfeited: frozenset[EntrantId] = frozenset()

    def __post_init__(self) -> None:
        groups = tuple(tuple(group) for group in self.placements)
        object.__setattr__(self, "placements", groups)
        object.__setattr__(self, "forfeited", frozenset(self.forfeited))
        seen = [e for group in groups for e in group]
        if any(not group for group in groups):
            raise ValueError("empty placement group")
        if len(seen) != len(set(seen)):
            raise ValueError("an entrant is placed twice at one table")
        if len(seen) < 2:
            raise ValueError("a table needs at least two entrants")
        if not self.forfeited <= set(seen):
            raise ValueError("a forfeiting entrant is not at the table")

    @classmethod
    def win(cls, winner: EntrantId, loser: EntrantId, *, forfeit: bool = False) -> "TableResult":
        """``winner`` beat ``loser``; with ``forfeit`` the loser forfeited."""
        return cls(((winner,), (loser,)), frozenset({loser}) if forfeit else frozenset())

    @classmethod
    def draw(cls, *entrants: EntrantId) -> "TableResult":
        return cls((tuple(entrants),))

    @classmethod
    def ranked(cls, *groups: EntrantId | Iterable[EntrantId]) -> "TableResult":
        """``ranked("a", ("b", "c"), "d")``: a first, b and c tied second, d last."""
        return cls(tuple((g,) if isinstance(g, (int, str)) else tuple(g) for g in groups))

    @property
    def entrants(self) -> tuple[EntrantId, ...]:
        return tuple(e for group in self.placements for e in group)

    @property
    def size(self) -> int:
        return len(self.entrants)

    def place_of(self, entrant: EntrantId) -> int:
        """Index of the entrant's placement group (0 = best); forfeiters count as last."""
        if entrant in self.forfeited:
            return len(self.placements)
        for index, group in enumerate(self.placements):
            if entrant in group:
                return index
        raise KeyError(entrant)

    def relation(self, a: EntrantId, b: EntrantId) -> Fraction:
        """``a``'s score against ``b`` at this table: 1 ahead, 1/2 level, 0 behind."""
        pa, pb = self.place_of(a), self.place_of(b)
        if pa < pb:
            return Fraction(1)
        if pa > pb:
            return Fraction(0)
        if a in self.forfeited:  # both forfeited: neither scores against the other
            return Fraction(0)
        return Fraction(1, 2)


@dataclass(frozen=True)
class Round:
    """One round: its tables (who sits together), byes, and the results known so far."""

    number: int
    tables: tuple[tuple[EntrantId, ...], ...]
    byes: tuple[EntrantId, ...] = ()
    results: tuple[TableResult, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", tuple(tuple(t) for t in self.tables))
        object.__setattr__(self, "byes", tuple(self.byes))
        object.__setattr__(self, "results", tuple(self.results))
        seated = self.entrants
        if len(seated) != len(set(seated)):
            raise ValueError("an entrant appears twice in one round")

    @property
    def entrants(self) -> tuple[EntrantId, ...]:
        return tuple(e for table in self.tables for e in table) + self.byes

    def with_results(self, *results: TableResult) -> "Round":
        """This round with ``results`` added; each must be one of the round's tables."""
        tables = {frozenset(t) for t in self.tables}
        for result in results:
            if frozenset(result.entrants) not in tables:
                raise ValueError(f"no such table in round {self.number}: {result.entrants}")
        return Round(self.number, self.tables, self.byes, self.results + tuple(results))


def meetings(rounds: Iterable[Round]) -> dict[frozenset[EntrantId], int]:
    """How many times each pair of entrants has sat at one table (results or not)."""
    counts: dict[frozenset[EntrantId], int] = {}
    for rnd in rounds:
        for table in rnd.tables:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    pair = frozenset((a, b))
                    counts[pair] = counts.get(pair, 0) + 1
    return counts


def bye_counts(rounds: Iterable[Round]) -> dict[EntrantId, int]:
    counts: dict[EntrantId, int] = {}
    for rnd in rounds:
        for entrant in rnd.byes:
            counts[entrant] = counts.get(entrant, 0) + 1
    return counts
