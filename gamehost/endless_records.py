"""A server's records of endless runs, for every game whose engine keeps them (nothing here
names a game).

A game keeps records when its engine package has a ``records`` module (GamePlugin.records)
with ``run(options, seats, state, result) -> dict | None``: for a finished match, the run to
remember (``{"seat", "faction", "difficulty", "waves", "power"}``: the person's seat and the
side they played, the difficulty, the score (waves survived) and its tie-break (fortress
power)), or None when the match is no endless run.

Storage: one row per finished run in ``endless_runs`` (gamehost/db/schema.py, revision
0012), keyed by its match id, so writing a match twice (the listener, then a catch-up; two
processes) keeps one row: ``INSERT ... ON CONFLICT (match_id) DO NOTHING``, the same on
SQLite and PostgreSQL. The match service writes a run when a match ends (its ``on_ended``
listeners, after the commit; a failure is logged, never raised into the finishing move), and
:meth:`EndlessRecords.catch_up` folds in any finished run the listener missed (the process
stopped between the two) before records are shown.

The best runs: per (faction, difficulty), the most waves survived, then the most fortress
power, then the earliest (then the lower match id), read with a window function.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from types import ModuleType

from gamehost.registry import GAMES
from gamehost.store import MatchRow, Store

log = logging.getLogger(__name__)

_INSERT = ("INSERT INTO endless_runs (match_id, guild_id, game, faction, difficulty, user_id, name, waves, power, at) "
           "VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT (match_id) DO NOTHING")


@dataclass(frozen=True)
class Run:
    match_id: int
    faction: str
    difficulty: str
    user_id: int | None
    name: str
    waves: int
    power: int
    at: float
    rank: int = 1  # within its (faction, difficulty)


def rules(game: str) -> ModuleType | None:
    """The game's records rules (``<engine package>.records``), or None."""
    plugin = GAMES.get(game)
    return plugin.records if plugin is not None else None


def run_of(row: MatchRow) -> dict | None:
    """The run a finished match leaves, with who played it, or None."""
    game_rules = rules(row.game)
    if game_rules is None or row.status != "finished" or row.state is None or not row.result:
        return None
    run = game_rules.run(row.options, row.seats, row.state, row.result)
    if run is None:
        return None
    seat = row.seats[run["seat"]] if 0 <= run["seat"] < len(row.seats) else {}
    return {**run, "user_id": seat.get("user_id"), "name": seat.get("name") or "?"}


def _guild(guild_id: int | None) -> int:
    return 0 if guild_id is None else int(guild_id)


class EndlessRecords:
    def __init__(self, store: Store):
        self.store = store

    async def record(self, row: MatchRow) -> bool:
        """Write the run of a finished match, once. True if it was written now."""
        run = run_of(row)
        if run is None:
            return False
        async with self.store.transaction() as db:
            if await db.fetch("SELECT 1 FROM endless_runs WHERE match_id=?", (row.id,)):
                return False
            await db.execute(_INSERT, (row.id, _guild(row.guild_id), row.game, run["faction"], run["difficulty"],
                                       run["user_id"], run["name"], int(run["waves"]), int(run["power"]),
                                       row.updated_at))
        return True

    async def match_ended(self, row: MatchRow) -> None:
        """The service's ``on_ended`` listener (see the module docstring)."""
        if rules(row.game) is None:
            return
        try:
            if await self.record(row):
                log.info("endless run of match %s recorded", row.id)
        except Exception:
            log.exception("recording the endless run of match %s failed", row.id)

    async def catch_up(self, guild_id: int | None, game: str) -> int:
        """Record the server's finished runs of ``game`` that have no row yet; how many."""
        game_rules = rules(game)
        if game_rules is None:
            return 0
        guild = "guild_id IS NULL" if guild_id is None else "guild_id=?"
        candidates = await self.store._all(
            f"SELECT id, options FROM matches WHERE {guild} AND game=? AND status='finished' "
            "AND NOT EXISTS (SELECT 1 FROM endless_runs r WHERE r.match_id = matches.id) ORDER BY id",
            ((game,) if guild_id is None else (guild_id, game)))
        written = 0
        for match_id, options in candidates:
            if not game_rules.counts(json.loads(options) if isinstance(options, str) else options):
                continue
            row = await self.store.match(match_id)
            if row is not None and await self.record(row):
                written += 1
        return written

    async def best(self, guild_id: int | None, game: str, *, faction: str | None = None,
                   difficulty: str | None = None, per_group: int = 1) -> list[Run]:
        """The best ``per_group`` runs of each (faction, difficulty) of the server, best first
        within each, the groups by faction then difficulty as stored."""
        where, params = ["guild_id=?", "game=?"], [_guild(guild_id), game]
        if faction is not None:
            where.append("faction=?")
            params.append(faction)
        if difficulty is not None:
            where.append("difficulty=?")
            params.append(difficulty)
        rows = await self.store._all(
            "SELECT match_id, faction, difficulty, user_id, name, waves, power, at, rank FROM ("
            "SELECT match_id, faction, difficulty, user_id, name, waves, power, at, ROW_NUMBER() OVER ("
            "PARTITION BY faction, difficulty ORDER BY waves DESC, power DESC, at, match_id) AS rank "
            f"FROM endless_runs WHERE {' AND '.join(where)}) AS ranked WHERE rank <= ? "
            "ORDER BY faction, difficulty, rank", (*params, per_group))
        return [Run(int(r[0]), r[1], r[2], None if r[3] is None else int(r[3]), r[4], int(r[5]), int(r[6]),
                    float(r[7]), int(r[8])) for r in rows]
