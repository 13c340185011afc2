"""Points and standings from results, with the tie-breaks stated.

Order (total and deterministic): points, then Buchholz (sum of the points of every opponent
met, once per meeting), then Sonneborn-Berger (sum over meetings of the score against that
opponent, 1 / 1/2 / 0, times the opponent's points), then head-to-head (score against the
entrants still level on all of the above), then the order of entry (the order the entrants
are given in; :func:`entry_order_ties` finds the rows it decided, for saying so).
All figures are exact ``Fraction``s.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable, Sequence

from .model import Entrant, EntrantId, Round, TableResult, id_key

TIEBREAKS: tuple[str, ...] = ("points", "buchholz", "sonneborn_berger", "head_to_head", "entry")


def _frac(value: float | int | Fraction | str) -> Fraction:
    return Fraction(value).limit_denominator(10_000) if isinstance(value, float) else Fraction(value)


@dataclass(frozen=True)
class Scoring:
    """How a table result turns into points.

    Two-player tables: ``win`` / ``draw`` / ``loss``. Tables of k >= 3: ``place_points[k]`` if
    given, otherwise one point per place beaten (k-1, ..., 1, 0; 3/2/1/0 at four). Entrants tied
    share the average of the places they span (at a 2-player table a tie is a ``draw``). A bye
    scores ``bye`` (default: a win, ``win`` points). Forfeiters score last place.
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    bye: Fraction | None = None
    place_points: tuple[tuple[int, tuple[Fraction, ...]], ...] = ()

    def __post_init__(self) -> None:
        for name in ("win", "draw", "loss"):
            object.__setattr__(self, name, _frac(getattr(self, name)))
        if self.bye is not None:
            object.__setattr__(self, "bye", _frac(self.bye))
        table = tuple((int(k), tuple(_frac(p) for p in pts)) for k, pts in self.place_points)
        for k, pts in table:
            if len(pts) != k:
                raise ValueError(f"a {k}-player table needs {k} place points")
        object.__setattr__(self, "place_points", table)

    @classmethod
    def pods(cls, table_size: int, points: Sequence[float] | None = None) -> "Scoring":
        """Placement scoring for a ``table_size`` game; a bye is worth a full table's first."""
        pts = tuple(_frac(p) for p in points) if points is not None else tuple(
            Fraction(p) for p in range(table_size - 1, -1, -1))
        if len(pts) != table_size:
            raise ValueError(f"a {table_size}-player table needs {table_size} place points")
        if table_size == 2:
            return cls(win=pts[0], loss=pts[1], draw=(pts[0] + pts[1]) / 2, bye=pts[0])
        return cls(bye=pts[0], place_points=((table_size, pts),))

    @property
    def bye_points(self) -> Fraction:
        return self.win if self.bye is None else self.bye

    def places(self, size: int) -> tuple[Fraction, ...]:
        """Points for each place at a table of ``size``, best first."""
        for k, pts in self.place_points:
            if k == size:
                return pts
        if size == 2:
            return (self.win, self.loss)
        return tuple(Fraction(p) for p in range(size - 1, -1, -1))

    def points(self, result: TableResult) -> dict[EntrantId, Fraction]:
        places = self.places(result.size)
        scored: dict[EntrantId, Fraction] = {}
        position = 0
        for group in result.placements:
            live = [e for e in group if e not in result.forfeited]
            span = places[position:position + len(live)]
            if result.size == 2 and len(live) == 2:
                share = self.draw
            else:
                share = sum(span, Fraction(0)) / len(live) if live else Fraction(0)
            for entrant in live:
                scored[entrant] = share
            position += len(live)
        for entrant in result.forfeited:
            scored[entrant] = places[-1]
        return scored

    def describe(self) -> str:
        parts = [f"win {self.win}, draw {self.draw}, loss {self.loss}"]
        for k, pts in self.place_points:
            parts.append(f"{k} players: " + "/".join(str(p) for p in pts))
        parts.append("other tables: one point per place beaten; ties share the average")
        parts.append(f"bye {self.bye_points}")
        return "; ".join(parts)


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings, with every figure that decided its place."""

    rank: int
    entrant: EntrantId
    points: Fraction
    buchholz: Fraction
    sonneborn_berger: Fraction
    head_to_head: Fraction
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    dropped: bool = False
    opponents: tuple[EntrantId, ...] = field(default=(), compare=False)
    entry: int = field(default=0, compare=False)  # the entrant's place in the order of entry

    def figures(self) -> tuple:
        """Everything but the order of entry that decides the place."""
        return (-self.points, -self.buchholz, -self.sonneborn_berger, -self.head_to_head)

    def sort_key(self) -> tuple:
        return (*self.figures(), self.entry)


def tiebreak_statement(scoring: Scoring | None = None) -> str:
    text = ("Order: points, then Buchholz (sum of opponents' points), then Sonneborn-Berger "
            "(score against each opponent times their points), then head-to-head among those "
            "still level, then the order of entry.")
    return text if scoring is None else f"Points: {scoring.describe()}. {text}"


def points_table(entrants: Iterable[Entrant | EntrantId], rounds: Iterable[Round],
                 scoring: Scoring | None = None) -> dict[EntrantId, Fraction]:
    """Total points of each entrant (results and byes)."""
    return {row.entrant: row.points for row in standings(entrants, rounds, scoring)}


def standings(entrants: Iterable[Entrant | EntrantId], rounds: Iterable[Round],
              scoring: Scoring | None = None) -> list[StandingRow]:
    """The standings, best first; ``rank`` is the 1-based position (no two rows share one)."""
    scoring = scoring or Scoring()
    people = [e if isinstance(e, Entrant) else Entrant(e) for e in entrants]
    ids = [e.id for e in people]
    known = set(ids)
    if len(known) != len(ids):
        raise ValueError("duplicate entrant id")
    points = {e: Fraction(0) for e in ids}
    tally = {e: [0, 0, 0, 0, 0] for e in ids}  # played, wins, draws, losses, byes
    games: list[TableResult] = []
    for rnd in rounds:
        for entrant in rnd.byes:
            if entrant not in known:
                raise ValueError(f"unknown entrant {entrant!r}")
            points[entrant] += scoring.bye_points
            tally[entrant][4] += 1
        for result in rnd.results:
            unknown = set(result.entrants) - known
            if unknown:
                raise ValueError(f"unknown entrants {sorted(unknown, key=id_key)!r}")
            games.append(result)
            for entrant, pts in scoring.points(result).items():
                points[entrant] += pts
                t = tally[entrant]
                t[0] += 1
                place = result.place_of(entrant)
                if place == 0 and len(result.placements[0]) == 1:
                    t[1] += 1
                elif place == 0:
                    t[2] += 1
                else:
                    t[3] += 1
    buchholz = {e: Fraction(0) for e in ids}
    sb = {e: Fraction(0) for e in ids}
    met: dict[EntrantId, list[EntrantId]] = {e: [] for e in ids}
    seated_at = [result.entrants for result in games]
    for result, seated in zip(games, seated_at):
        for a in seated:
            for b in seated:
                if a != b:
                    buchholz[a] += points[b]
                    sb[a] += result.relation(a, b) * points[b]
                    met[a].append(b)
    level = {e: (points[e], buchholz[e], sb[e]) for e in ids}
    # head-to-head: only among entrants level on everything before it (one pass over the games)
    h2h = {e: Fraction(0) for e in ids}
    for result, seated in zip(games, seated_at):
        for i, a in enumerate(seated):
            for b in seated[i + 1:]:
                if level[a] == level[b]:
                    h2h[a] += result.relation(a, b)
                    h2h[b] += result.relation(b, a)
    dropped = {e.id for e in people if e.dropped}
    rows: list[StandingRow] = []
    for e in ids:
        played, wins, draws, losses, byes = tally[e]
        rows.append(StandingRow(0, e, points[e], buchholz[e], sb[e], h2h[e], played, wins, draws, losses, byes,
                                dropped=e in dropped, opponents=tuple(met[e]), entry=len(rows)))
    rows.sort(key=StandingRow.sort_key)
    return [StandingRow(i + 1, r.entrant, r.points, r.buchholz, r.sonneborn_berger,
                        r.head_to_head, r.played, r.wins, r.draws, r.losses, r.byes,
                        r.dropped, r.opponents, r.entry) for i, r in enumerate(rows)]


def entry_order_ties(rows: list[StandingRow]) -> list[tuple[EntrantId, ...]]:
    """The entrants of ``rows`` (standings, best first) that are level on every figure, so
    that only the order of entry set them apart: each group in its order, best first."""
    groups: list[list[StandingRow]] = []
    for row in rows:
        if groups and groups[-1][-1].figures() == row.figures():
            groups[-1].append(row)
        else:
            groups.append([row])
    return [tuple(r.entrant for r in group) for group in groups if len(group) > 1]


def format_figure(value: Fraction) -> str:
    """``Fraction(7, 2)`` -> ``"3.5"``; thirds etc. to two decimals."""
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.2f}".rstrip("0")
    return text
