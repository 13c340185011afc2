"""Ratings: per-server, per-game OpenSkill (Plackett-Luce) ratings of finished matches.

Pure code (no discord, no database): the match service or a tool feeds finished matches
in match-end order and reads ratings, records and leaderboards back.

Identities (the keys of every ratings map):

- a person: ``"user:<discord id>"``;
- a bot seat (``{"bot": True, "level"?: ...}``): ``"bot:<level>"`` (``"bot:default"`` when
  the seat has no level), so every bot level has its own rating and a bot-filled game still
  rates the people in it; several bots of one level in one match share the identity and it
  moves by the mean of their changes;
- a seat the game plays itself (``{"house": True}``, gamehost/house_seats.py): the game's AI, ``"ai:<game>:<level>"`` with the seat's
  ``level`` (a difficulty), as a fixed opponent of the people; several such seats of one
  match share the identity as bots of one level do;
- a rulebook AI that is not a seated player (a solo game: the result places a seat index
  past the end of the seats, e.g. seat 1 of a one-seat solo game):
  ``"ai:<game>:<level>"``, the level being the options' ``level`` when set, else
  ``"default"``. Solo games are rated: the AI is a fixed opponent, so
  beating a harder AI level is worth more.

A match with no person seated is not rated (bots alone teach nothing about people), nor one
with a seat marked ``"rated": False`` (a run a game scores in its own records, such as an
endless game, which always ends in a loss: gamehost/house_seats.py).
Ratings are kept apart per (guild, game): a ``Ledger`` holds one pool per pair.

Display: ``display = 1000 + 40 * ordinal`` rounded, with ``ordinal = mu - 3 * sigma``
(OpenSkill's conservative estimate). A newcomer (mu 25, sigma 25/3, ordinal 0) shows 1000;
an established average player (sigma about 1.5) shows about 1800; a strong one 2000 and
more; a weak one can fall below 1000. It is strictly increasing in the ordinal.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # mu 25, sigma 25/3, beta 25/6, tau 25/300; deterministic
DISPLAY_BASE = 1000
DISPLAY_SCALE = 40
FORM_LENGTH = 5


@dataclass(frozen=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        return display_rating(self.ordinal)


def display_rating(ordinal: float) -> int:
    """The number people see: ``1000 + 40 * ordinal``, rounded (monotone in the ordinal)."""
    return int(round(DISPLAY_BASE + DISPLAY_SCALE * ordinal))


DEFAULT = Rating()


# -- identities --------------------------------------------------------------------------

def user_identity(user_id: int) -> str:
    return f"user:{int(user_id)}"


def bot_identity(level: object = None) -> str:
    return f"bot:{'default' if level is None else level}"


def ai_identity(game: str, options: Mapping | None = None) -> str:
    options = options or {}
    level = options.get("level")
    return f"ai:{game}:{'default' if level is None else level}"


def seat_identity(seat: Mapping, game: str = "") -> str:
    if seat.get("house"):  # the game's own side: its AI at the seat's level
        return ai_identity(game, {"level": seat.get("level")})
    if seat.get("bot"):
        return bot_identity(seat.get("level"))
    if seat.get("user_id") is None:
        raise ValueError(f"seat {seat!r} is neither a bot nor a person")
    return user_identity(seat["user_id"])


def is_person(identity: str) -> bool:
    return identity.startswith("user:")


# -- one match ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """One rated identity's part in one match."""

    identity: str
    seats: tuple[int, ...]
    place: int          # 1 = best; tied sides share the place
    sides: int          # how many sides (players or teams) the match had
    outcome: str        # "W" (alone in the best group), "D" (best group shared), "L" (otherwise)
    before: Rating
    after: Rating
    shared: bool = False  # the place is shared with another side

    @property
    def form(self) -> str:
        """Recent-form mark: W/L/D for two sides, else the place ("2", or "2=" when shared)."""
        if self.sides <= 2:
            return self.outcome
        return f"{self.place}{'=' if self.shared else ''}"


@dataclass(frozen=True)
class RatedMatch:
    entries: tuple[Entry, ...]  # in seat order (the AI, with no seat, last)

    @property
    def ratings(self) -> dict[str, Rating]:
        """The new rating of every identity in the match, sorted by identity."""
        return {e.identity: e.after for e in sorted(self.entries, key=lambda e: e.identity)}


def _sides(n_participants: int, placements: Sequence[Sequence[int]],
           teams: Sequence[Sequence[int]] | None) -> list[tuple[int, ...]]:
    if teams:
        sides = [tuple(sorted(int(s) for s in t)) for t in teams]
    else:
        sides = [(s,) for s in range(n_participants)]
    flat = sorted(s for side in sides for s in side)
    if len(flat) != len(set(flat)):
        raise ValueError(f"a seat is in two teams: {teams!r}")
    placed = sorted(int(s) for g in placements for s in g)
    if len(placed) != len(set(placed)):
        raise ValueError(f"a seat is placed twice: {placements!r}")
    if set(placed) != set(flat):
        raise ValueError(f"placements {placements!r} do not cover the sides {sides!r}")
    return sides


def rate_match(seats: Sequence[Mapping], result: Mapping, ratings: Mapping[str, Rating], *,
               teams: Sequence[Sequence[int]] | None = None, game: str = "",
               options: Mapping | None = None, model: PlackettLuce = MODEL) -> RatedMatch | None:
    """Rate one finished match; ``None`` when it is not rated (no person seated, or a
    single side). ``result["placements"]``: seat indexes best first, ties share a group;
    an index past the seats is the rulebook AI (``ai_identity(game, options)``).
    ``teams``: seat groups that play as one side (2 vs 2); default each seat alone, or
    ``result["teams"]`` when the result carries them. Every member of a team must be in
    the same placement group. ``ratings`` is read, never changed; missing identities start
    at the default rating."""
    if any(seat.get("rated") is False for seat in seats):
        return None  # a scored run, not a contest (see the module docstring)
    placements = [[int(s) for s in group] for group in result["placements"] if group]
    if teams is None:
        teams = result.get("teams")
    n_seats = len(seats)
    n_participants = max([n_seats - 1] + [s for g in placements for s in g]) + 1
    sides = _sides(n_participants, placements, teams)
    if len(sides) < 2:
        return None

    def identity(index: int) -> str:
        return seat_identity(seats[index], game) if index < n_seats else ai_identity(game, options)

    idents = [identity(i) for i in range(n_participants)]
    if not any(is_person(i) for i in idents):
        return None
    group_of = {s: g for g, group in enumerate(placements) for s in group}
    side_group = []
    for side in sides:
        groups = {group_of[s] for s in side}
        if len(groups) != 1:
            raise ValueError(f"team {side} is split across placements {placements!r}")
        side_group.append(groups.pop())
    # place = 1 + number of sides in strictly better groups (ties share a place)
    places = [1 + sum(1 for g in side_group if g < mine) for mine in side_group]
    best = min(side_group)
    sole_best = sum(1 for g in side_group if g == best) == 1

    def outcome_of(k: int) -> str:
        if side_group[k] != best:
            return "L"
        return "W" if sole_best else "D"

    before = {i: ratings.get(i, DEFAULT) for i in idents}
    teams_in = [[model.rating(mu=before[idents[s]].mu, sigma=before[idents[s]].sigma) for s in side]
                for side in sides]
    rated = model.rate(teams_in, ranks=[float(p) for p in places])
    new_by_seat: dict[int, tuple[float, float]] = {}
    for side, out in zip(sides, rated):
        for s, r in zip(side, out):
            new_by_seat[s] = (r.mu, r.sigma)

    # an identity seated more than once (bots of one level) moves by the mean change
    seat_lists: dict[str, list[int]] = {}
    for s, ident in enumerate(idents):
        seat_lists.setdefault(ident, []).append(s)
    after: dict[str, Rating] = {}
    for ident, where in seat_lists.items():
        b = before[ident]
        d_mu = sum(new_by_seat[s][0] - b.mu for s in where) / len(where)
        sigma = sum(new_by_seat[s][1] for s in where) / len(where)
        after[ident] = Rating(b.mu + d_mu, sigma)

    side_of = {s: k for k, side in enumerate(sides) for s in side}
    entries = []
    for ident, where in seat_lists.items():
        # the same identity on several sides (bots of one level against each other):
        # its record shows its best side
        k = min((side_of[s] for s in where), key=lambda j: (places[j], j))
        entries.append(Entry(ident, tuple(s for s in where if s < n_seats), places[k], len(sides),
                             outcome_of(k), before[ident], after[ident],
                             side_group.count(side_group[k]) > 1))
    return RatedMatch(tuple(entries))


# -- finished matches, records, a ledger ---------------------------------------------------

@dataclass(frozen=True)
class FinishedMatch:
    """What rating needs from a stored finished match."""

    match_id: int
    guild_id: int | None
    game: str
    seats: tuple[Mapping, ...]
    result: Mapping
    ended_at: float
    options: Mapping = field(default_factory=dict)
    teams: tuple[tuple[int, ...], ...] | None = None

    @classmethod
    def from_row(cls, row) -> "FinishedMatch":
        """From a ``gamehost.store.MatchRow`` with status "finished" (its ``updated_at`` is
        the end). Teams: ``result["teams"]`` if present, else a per-seat ``state["teams"]``
        list (a team game's seat -> team number)."""
        teams = None
        if row.result and row.result.get("teams"):
            teams = tuple(tuple(t) for t in row.result["teams"])
        elif isinstance(row.state, dict) and isinstance(row.state.get("teams"), list):
            per_seat = row.state["teams"]
            teams = tuple(tuple(s for s in range(len(per_seat)) if per_seat[s] == t)
                          for t in sorted(set(per_seat)))
        return cls(row.id, row.guild_id, row.game, tuple(row.seats), row.result or {},
                   row.updated_at, dict(row.options or {}), teams)

    @property
    def order_key(self) -> tuple[float, int]:
        return (self.ended_at, self.match_id)


@dataclass(frozen=True)
class HistoryPoint:
    match_id: int
    at: float
    display: int
    mu: float
    sigma: float


@dataclass
class Record:
    """One identity's standing in one (guild, game) pool."""

    identity: str
    rating: Rating = DEFAULT
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    recent: list[str] = field(default_factory=list)  # every form mark, oldest first
    history: list[HistoryPoint] = field(default_factory=list)  # one point per rated match

    @property
    def display(self) -> int:
        return self.rating.display

    @property
    def form(self) -> list[str]:
        """The last five form marks, oldest first ("W", "L", "D", or a place "1".."4", "2=")."""
        return self.recent[-FORM_LENGTH:]

    def chart_points(self) -> list[tuple[float, int]]:
        """(time, display rating) per rated match, for a line chart; starts at the default."""
        if not self.history:
            return []
        return [(self.history[0].at, DEFAULT.display)] + [(p.at, p.display) for p in self.history]


PoolKey = tuple  # (guild_id, game)


class Ledger:
    """Every pool's records; feed finished matches in match-end order (``apply``) or all at
    once in any order (``rebuild``: sorted by end time, then match id)."""

    def __init__(self, model: PlackettLuce = MODEL):
        self.model = model
        self.pools: dict[PoolKey, dict[str, Record]] = {}
        self.applied: set[int] = set()
        self.entries: dict[int, tuple[Entry, ...]] = {}  # match id -> its rated entries

    def pool(self, guild_id: int | None, game: str) -> dict[str, Record]:
        return self.pools.setdefault((guild_id, game), {})

    def ratings(self, guild_id: int | None, game: str) -> dict[str, Rating]:
        pool = self.pools.get((guild_id, game), {})
        return {k: pool[k].rating for k in sorted(pool)}

    def record(self, guild_id: int | None, game: str, identity: str) -> Record:
        return self.pools.get((guild_id, game), {}).get(identity) or Record(identity)

    def apply(self, match: FinishedMatch) -> RatedMatch | None:
        """Rate one match (once: a match id seen before is ignored) and update the records."""
        if match.match_id in self.applied or not match.result.get("placements"):
            return None
        pool = self.pool(match.guild_id, match.game)
        current = {k: r.rating for k, r in pool.items()}
        rated = rate_match(match.seats, match.result, current, teams=match.teams, game=match.game,
                           options=match.options, model=self.model)
        self.applied.add(match.match_id)
        if rated is None:
            return None
        self.entries[match.match_id] = rated.entries
        for e in rated.entries:
            rec = pool.setdefault(e.identity, Record(e.identity))
            rec.rating = e.after
            rec.games += 1
            rec.wins += e.outcome == "W"
            rec.draws += e.outcome == "D"
            rec.losses += e.outcome == "L"
            rec.recent.append(e.form)
            rec.history.append(HistoryPoint(match.match_id, match.ended_at, e.after.display,
                                            e.after.mu, e.after.sigma))
        return rated

    def leaderboard(self, guild_id: int | None, game: str, *, min_games: int = 0,
                    people_only: bool = True, page: int = 0, per_page: int = 10) -> list[Record]:
        """Best first by ordinal (ties: more games, then identity); one page."""
        pool = self.pools.get((guild_id, game), {})
        rows = [r for r in pool.values()
                if r.games >= min_games and (is_person(r.identity) or not people_only)]
        rows.sort(key=lambda r: (-r.rating.ordinal, -r.games, r.identity))
        return rows[page * per_page:(page + 1) * per_page]


def rebuild(matches: Iterable[FinishedMatch], model: PlackettLuce = MODEL) -> Ledger:
    """Recompute every rating from stored results, in match-end order (end time, then match
    id): the same matches give the same ledger whatever order they are given in."""
    ledger = Ledger(model)
    for m in sorted(matches, key=lambda m: m.order_key):
        ledger.apply(m)
    return ledger
