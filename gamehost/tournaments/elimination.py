"""Single and double elimination brackets as data, seeded by rating, advanced from results.

Seeding: rating (desc), then entrant id; the bracket has 2^k slots (the smallest power of two
>= the count) laid out in the standard order (1 v 2^k, 2^k/2 v 2^k/2+1, ... so 1 and 2 can only
meet in the final); the empty slots are byes and, as seed s meets seed 2^k+1-s in round 1, the
byes go to the top seeds. A match against a bye is settled at once and is not a played match.

Double elimination: a loser drops into the losers bracket (rounds L1, L2, ...: odd rounds pair
the losers-bracket survivors, even rounds take the losers of the next winners round, in
reversed order every other time to delay rematches); the losers-bracket champion meets the
winners-bracket champion in the grand final "GF"; if the losers-bracket champion wins it, a
reset "GF2" is played, otherwise GF2 is skipped. Played matches: n - 1 (single), 2n - 2 or
2n - 1 (double).

Best-of: ``best_of`` games per match (1 or 3, any odd number works); a match is won at
``best_of // 2 + 1`` game wins. A drawn game is not recorded (replay it).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Sequence

from .model import Entrant, EntrantId, id_key


class _Bye:
    _instance: "_Bye | None" = None

    def __new__(cls) -> "_Bye":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "BYE"


BYE = _Bye()
Side = EntrantId | _Bye | None  # None: not known yet
Source = tuple[str, Literal["winner", "loser"]]


@dataclass
class Match:
    id: str  # "W1-1", "L3-2", "GF", "GF2"
    bracket: Literal["winners", "losers", "final"]
    round: int
    sources: tuple[Source | None, Source | None]
    players: list[Side] = field(default_factory=lambda: [None, None])
    games: list[EntrantId] = field(default_factory=list)  # winner of each game played
    winner: Side = None
    loser: Side = None
    skipped: bool = False  # GF2 when the winners-bracket champion won GF

    @property
    def is_bye(self) -> bool:
        return BYE in self.players

    @property
    def ready(self) -> bool:
        """Both players known and real, no winner yet: it can be played now."""
        return self.winner is None and not self.skipped and all(
            p is not None and p is not BYE for p in self.players)

    @property
    def played(self) -> bool:
        return self.winner is not None and not self.is_bye and not self.skipped

    @property
    def entrants(self) -> list[EntrantId]:
        """The players known and real (not a bye): both of them once the match is ready."""
        return [p for p in self.players if p is not None and not isinstance(p, _Bye)]

    @property
    def winner_and_loser(self) -> tuple[EntrantId, EntrantId] | None:
        """Who won and who lost a played match (None before, for a bye, or when skipped)."""
        if not self.played:
            return None
        assert isinstance(self.winner, (int, str)) and isinstance(self.loser, (int, str)), "both played it"
        return self.winner, self.loser


@dataclass
class Bracket:
    kind: Literal["single", "double"]
    best_of: int
    seeds: list[EntrantId]  # seeds[0] is seed 1
    matches: dict[str, Match]  # in playable order

    def rounds(self) -> list[tuple[str, int, list[Match]]]:
        """(bracket, round, matches) groups, in order."""
        groups: dict[tuple[str, int], list[Match]] = {}
        for m in self.matches.values():
            groups.setdefault((m.bracket, m.round), []).append(m)
        return [(b, r, ms) for (b, r), ms in groups.items()]


def seed_entrants(entrants: Sequence[Entrant]) -> list[EntrantId]:
    ids = [e.id for e in entrants]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate entrant id")
    return [e.id for e in sorted(entrants, key=lambda e: (-e.rating, id_key(e.id)))]


def seed_positions(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order for ``size`` (a power of two) slots."""
    order = [1]
    while len(order) < size:
        span = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, span - seed)]
    return order


def _winners_bracket(seeds: list[EntrantId]) -> tuple[dict[str, Match], int]:
    k = max(1, (len(seeds) - 1).bit_length())
    size = 2 ** k
    slots: list[Side] = [seeds[s - 1] if s <= len(seeds) else BYE for s in seed_positions(size)]
    matches: dict[str, Match] = {}
    for i in range(size // 2):
        m = Match(f"W1-{i + 1}", "winners", 1, (None, None), [slots[2 * i], slots[2 * i + 1]])
        matches[m.id] = m
    for r in range(2, k + 1):
        for i in range(size // 2 ** r):
            m = Match(f"W{r}-{i + 1}", "winners", r,
                      ((f"W{r - 1}-{2 * i + 1}", "winner"), (f"W{r - 1}-{2 * i + 2}", "winner")))
            matches[m.id] = m
    return matches, k


def single_elimination(entrants: Sequence[Entrant], best_of: int = 1) -> Bracket:
    seeds = seed_entrants(entrants)
    if len(seeds) < 2:
        raise ValueError("an elimination bracket needs at least two entrants")
    matches, _ = _winners_bracket(seeds)
    return _settle(Bracket("single", _check_best_of(best_of), seeds, matches))


def double_elimination(entrants: Sequence[Entrant], best_of: int = 1) -> Bracket:
    seeds = seed_entrants(entrants)
    if len(seeds) < 2:
        raise ValueError("an elimination bracket needs at least two entrants")
    winners, k = _winners_bracket(seeds)
    size = 2 ** k
    losers: list[Match] = []
    if k >= 2:
        for i in range(size // 4):
            losers.append(Match(f"L1-{i + 1}", "losers", 1,
                                ((f"W1-{2 * i + 1}", "loser"), (f"W1-{2 * i + 2}", "loser"))))
        for j in range(1, k):
            count = size // 2 ** (j + 1)
            for i in range(count):  # even round 2j: survivors v losers of winners round j + 1
                dropped = count - i if j % 2 else i + 1
                survivor: Source = (f"L{2 * j - 1}-{i + 1}", "winner")
                losers.append(Match(f"L{2 * j}-{i + 1}", "losers", 2 * j,
                                    (survivor, (f"W{j + 1}-{dropped}", "loser"))))
            if j < k - 1:  # odd round 2j + 1: survivors pair up
                for i in range(count // 2):
                    losers.append(Match(f"L{2 * j + 1}-{i + 1}", "losers", 2 * j + 1,
                                        ((f"L{2 * j}-{2 * i + 1}", "winner"),
                                         (f"L{2 * j}-{2 * i + 2}", "winner"))))
    lb_champion: Source = (f"L{2 * k - 2}-1", "winner") if k >= 2 else ("W1-1", "loser")
    final = Match("GF", "final", 1, ((f"W{k}-1", "winner"), lb_champion))
    reset = Match("GF2", "final", 2, (("GF", "winner"), ("GF", "loser")))
    matches = {**winners, **{m.id: m for m in losers}, final.id: final, reset.id: reset}
    return _settle(Bracket("double", _check_best_of(best_of), seeds, matches))


def _check_best_of(best_of: int) -> int:
    if best_of < 1 or best_of % 2 == 0:
        raise ValueError("best_of must be an odd number (1 or 3)")
    return best_of


def _settle(bracket: Bracket) -> Bracket:
    """Fill players from decided sources and settle byes, until nothing changes."""
    changed = True
    while changed:
        changed = False
        for m in bracket.matches.values():
            if m.winner is not None or m.skipped:
                continue
            for side, source in enumerate(m.sources):
                if source is not None and m.players[side] is None:
                    value = getattr(bracket.matches[source[0]], source[1])
                    if value is not None:
                        m.players[side] = value
                        changed = True
            if m.id == "GF2":
                gf = bracket.matches["GF"]
                if gf.winner is not None and gf.winner == gf.players[0]:
                    m.skipped, m.winner, m.loser = True, gf.winner, gf.loser
                    changed = True
                continue
            a, b = m.players
            if a is not None and b is not None and BYE in (a, b):
                m.winner, m.loser = (b, a) if a is BYE else (a, b)
                changed = True
    return bracket


def report_game(bracket: Bracket, match_id: str, winner: EntrantId) -> Bracket:
    """Record one game of a match; the match is decided at ``best_of // 2 + 1`` wins."""
    m = bracket.matches[match_id]
    if not m.ready:
        raise ValueError(f"match {match_id} cannot be played now")
    if winner not in m.players:
        raise ValueError(f"{winner!r} does not play in {match_id}")
    m.games.append(winner)
    if m.games.count(winner) >= bracket.best_of // 2 + 1:
        m.winner = winner
        m.loser = m.players[1] if m.players[0] == winner else m.players[0]
    return _settle(bracket)


def report_match(bracket: Bracket, match_id: str, winner: EntrantId) -> Bracket:
    """Decide a whole match at once (a forfeit, a drop, an organizer's report)."""
    m = bracket.matches[match_id]
    if not m.ready:
        raise ValueError(f"match {match_id} cannot be played now")
    if winner not in m.players:
        raise ValueError(f"{winner!r} does not play in {match_id}")
    m.winner = winner
    m.loser = m.players[1] if m.players[0] == winner else m.players[0]
    return _settle(bracket)


def ready_matches(bracket: Bracket) -> list[Match]:
    return [m for m in bracket.matches.values() if m.ready]


def champion(bracket: Bracket) -> EntrantId | None:
    last = bracket.matches["GF2"] if bracket.kind == "double" else list(
        bracket.matches.values())[-1]
    return last.winner if isinstance(last.winner, (int, str)) else None


def played_matches(bracket: Bracket) -> list[Match]:
    return [m for m in bracket.matches.values() if m.played]


def _stage(m: Match, k: int) -> int:
    """Depth of an elimination: the later, the better the placement."""
    if m.bracket == "final":
        return 10 * k
    return m.round


def placements(bracket: Bracket) -> list[list[EntrantId]]:
    """Final placements, best first, entrants out at the same stage tied (by seed); only
    entrants already eliminated (and the champion, when there is one) are listed."""
    losses: dict[EntrantId, list[Match]] = {}
    for m in bracket.matches.values():
        if m.played:
            losses.setdefault(m.loser, []).append(m)  # type: ignore[arg-type]
    needed = 1 if bracket.kind == "single" else 2
    k = max(1, (len(bracket.seeds) - 1).bit_length())
    stages: dict[int, list[EntrantId]] = {}
    top = champion(bracket)
    for entrant in bracket.seeds:
        lost = losses.get(entrant, [])
        if entrant == top:
            continue
        if len(lost) >= needed or (lost and lost[-1].bracket == "final"):
            stages.setdefault(_stage(lost[-1], k), []).append(entrant)
    ordered = [stages[s] for s in sorted(stages, reverse=True)]
    return ([[top]] if top is not None else []) + ordered
