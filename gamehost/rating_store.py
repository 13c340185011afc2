"""Storage of ratings (``gamehost.ratings``) on the shared ``gamehost.store.Store`` (SQLite
or PostgreSQL); the tables are gamehost/db/schema.py's (migration 0004).

- ``ratings``: one row per (guild, game, identity): the current rating and the counts;
- ``rating_history``: one row per (match, identity): the rating before and after, the place
  and the form mark; the history chart, recent form and "already rated" come from it.

A guild-less match (a DM) is stored under guild 0. Every write is one transaction, so a
match is rated entirely or not at all, and never twice: rating reads the pool's ratings and
writes them back, so the transaction first takes the pool's lock (``Executor.lock``: a
PostgreSQL advisory lock; SQLite's BEGIN IMMEDIATE serialises every writer already), and
two matches of one pool rated at once in two processes never lose one another's update.
``rebuild_all`` replaces every table row: run it with the bot stopped (tools/rebuild_ratings.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from .store_rows import _COLUMNS, MatchRow, _row
from .ratings import (FORM_LENGTH, MODEL, FinishedMatch, HistoryPoint, RatedMatch, Rating, Record,
                      ai_identity, is_person, rate_match, rebuild, seat_identity)



def _guild(guild_id: int | None) -> int:
    return 0 if guild_id is None else int(guild_id)


def match_identities(match: FinishedMatch) -> list[str]:
    """Every identity a match would rate, sorted (seats, and the rulebook AI if placed)."""
    idents = {seat_identity(s, match.game) for s in match.seats}
    if any(int(i) >= len(match.seats) for g in match.result.get("placements", []) for i in g):
        idents.add(ai_identity(match.game, match.options))
    return sorted(idents)


async def record_match(store, match: FinishedMatch) -> RatedMatch | None:
    """Rate one finished match against the stored ratings and store the result; ``None``
    when it is not rated (no placements, nobody to rate) or was rated before."""
    if not match.result.get("placements"):
        return None
    guild = _guild(match.guild_id)
    idents = match_identities(match)
    async with store.transaction() as db:
        await db.lock(f"ratings:{guild}:{match.game}")
        if await db.fetch("SELECT 1 FROM rating_history WHERE match_id=? LIMIT 1", (match.match_id,)):
            return None
        marks = ",".join("?" for _ in idents)
        rows = await db.fetch(f"SELECT identity, mu, sigma FROM ratings WHERE guild_id=? AND game=? "
                                f"AND identity IN ({marks})", (guild, match.game, *idents))
        current = {r[0]: Rating(r[1], r[2]) for r in rows}
        rated = rate_match(match.seats, match.result, current, teams=match.teams, game=match.game,
                           options=match.options, model=MODEL)
        if rated is None:
            return None
        for e in rated.entries:
            await db.execute(
                "INSERT INTO ratings (guild_id, game, identity, mu, sigma, ordinal, games, wins, draws, "
                "losses, updated_at) VALUES (?,?,?,?,?,?,1,?,?,?,?) "
                "ON CONFLICT(guild_id, game, identity) DO UPDATE SET mu=excluded.mu, "
                "sigma=excluded.sigma, ordinal=excluded.ordinal, games=ratings.games+1, "
                "wins=ratings.wins+excluded.wins, draws=ratings.draws+excluded.draws, "
                "losses=ratings.losses+excluded.losses, "
                "updated_at=excluded.updated_at",
                (guild, match.game, e.identity, e.after.mu, e.after.sigma, e.after.ordinal,
                 int(e.outcome == "W"), int(e.outcome == "D"), int(e.outcome == "L"), match.ended_at))
            await db.execute(
                "INSERT INTO rating_history (match_id, guild_id, game, identity, at, mu_before, "
                "sigma_before, mu, sigma, place, outcome, form) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (match.match_id, guild, match.game, e.identity, match.ended_at, e.before.mu,
                 e.before.sigma, e.after.mu, e.after.sigma, e.place, e.outcome, e.form))
    return rated


@dataclass(frozen=True)
class BoardPage:
    rows: list[tuple[int, Record]]  # (rank from 1, record without history)
    total: int                     # rows passing the filter, over all pages
    page: int
    pages: int


async def leaderboard(store, guild_id: int | None, game: str, *, min_games: int = 0, page: int = 0,
                      per_page: int = 10, people_only: bool = True) -> BoardPage:
    """One page of the table, best ordinal first (ties: more games, then identity)."""
    where = "guild_id=? AND game=? AND games>=?" + (" AND identity LIKE 'user:%'" if people_only else "")
    params = (_guild(guild_id), game, min_games)
    (total,) = (await store._all(f"SELECT COUNT(*) FROM ratings WHERE {where}", params))[0]
    pages = max(1, -(-total // per_page))
    page = min(max(0, page), pages - 1)
    rows = await store._all(
        f"SELECT identity, mu, sigma, games, wins, draws, losses FROM ratings WHERE {where} "
        "ORDER BY ordinal DESC, games DESC, identity LIMIT ? OFFSET ?", (*params, per_page, page * per_page))
    out = [(page * per_page + n + 1, Record(r[0], Rating(r[1], r[2]), r[3], r[4], r[5], r[6]))
           for n, r in enumerate(rows)]
    return BoardPage(out, total, page, pages)


async def member_record(store, guild_id: int | None, game: str, identity: str,
                        history_limit: int = 200) -> Record:
    """A member's rating, counts, recent form (last five) and history points (the last
    ``history_limit``, oldest first); the default record if never rated."""
    guild = _guild(guild_id)
    row = await store._all("SELECT mu, sigma, games, wins, draws, losses FROM ratings "
                           "WHERE guild_id=? AND game=? AND identity=?", (guild, game, identity))
    if not row:
        return Record(identity)
    mu, sigma, games, wins, draws, losses = row[0]
    hist = await store._all(
        "SELECT match_id, at, mu, sigma, form FROM rating_history WHERE guild_id=? AND game=? "
        "AND identity=? ORDER BY at DESC, match_id DESC LIMIT ?", (guild, game, identity, history_limit))
    hist.reverse()
    points = [HistoryPoint(h[0], h[1], Rating(h[2], h[3]).display, h[2], h[3]) for h in hist]
    return Record(identity, Rating(mu, sigma), games, wins, draws, losses,
                  [h[4] for h in hist][-FORM_LENGTH:], points)


async def member_games(store, identity: str) -> list[tuple[int | None, str, int]]:
    """(guild, game, games) for every pool the identity is rated in, most played first."""
    rows = await store._all("SELECT guild_id, game, games FROM ratings WHERE identity=? "
                            "ORDER BY games DESC, game", (identity,))
    return [(r[0] or None, r[1], r[2]) for r in rows]


async def finished_matches(store, is_ranked: Callable[[MatchRow], bool] = lambda row: True
                           ) -> list[FinishedMatch]:
    """Every finished match with a result that ``is_ranked`` accepts (a ``MatchRow``
    predicate: the caller decides what counts as ranked), as ``FinishedMatch``es."""
    rows = await store._all(f"SELECT {_COLUMNS} FROM matches WHERE status='finished' "
                            "AND result IS NOT NULL ORDER BY updated_at, id")
    out = []
    for r in rows:
        row = _row(r)
        if row.result and row.result.get("placements") and is_ranked(row):
            out.append(FinishedMatch.from_row(row))
    return out


async def rebuild_all(store, matches: Iterable[FinishedMatch]) -> int:
    """Replace every stored rating by a rebuild from ``matches`` (deterministic: sorted by
    end time, then match id); returns the number of matches rated."""
    matches = list(matches)
    ledger = rebuild(matches)
    rated = []
    for m in sorted(matches, key=lambda m: m.order_key):
        entries = _replay_entries(m, ledger)
        if entries:
            rated.append((m, entries))
    async with store.transaction() as db:
        await db.execute("DELETE FROM ratings")
        await db.execute("DELETE FROM rating_history")
        for (guild_id, game), pool in sorted(ledger.pools.items(), key=lambda kv: (_guild(kv[0][0]), kv[0][1])):
            for ident in sorted(pool):
                r = pool[ident]
                await db.execute(
                    "INSERT INTO ratings (guild_id, game, identity, mu, sigma, ordinal, games, wins, "
                    "draws, losses, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                    (_guild(guild_id), game, ident, r.rating.mu, r.rating.sigma, r.rating.ordinal,
                     r.games, r.wins, r.draws, r.losses, r.history[-1].at if r.history else 0.0))
        for m, entries in rated:
            for e in entries:
                await db.execute(
                    "INSERT INTO rating_history (match_id, guild_id, game, identity, at, mu_before, "
                    "sigma_before, mu, sigma, place, outcome, form) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                    (m.match_id, _guild(m.guild_id), m.game, e.identity, m.ended_at, e.before.mu,
                     e.before.sigma, e.after.mu, e.after.sigma, e.place, e.outcome, e.form))
    return len(rated)


def _replay_entries(match: FinishedMatch, ledger) -> tuple:
    return ledger.entries.get(match.match_id, ())


__all__ = ["record_match", "leaderboard", "member_record",
           "member_games", "finished_matches", "rebuild_all", "BoardPage", "match_identities",
           "is_person"]
