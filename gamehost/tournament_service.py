"""Tournaments on top of the match service (no discord): sign-up, rounds paired by the pure
core (gamehost/tournaments), one match per table created and started automatically, results
recorded when a match ends, the next round paired when every table of a round has ended.

Formats here: ``swiss`` (N rounds) and ``round_robin`` (every pair once), for 2-player
games. Where a table's match is played is the caller's choice: ``open_table(tournament_id,
round, table_no, players)`` returns the channel (the Discord side makes a thread).
A tournament is stored as one JSON document; ``tournament_matches`` maps matches to it.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Awaitable, Callable

from gamehost.outcome import ServiceError
from gamehost.store import MatchRow
from gamehost.tournaments import Entrant, Round, TableResult, pair_swiss, round_robin, standings

FORMATS = ("swiss", "round_robin")
OpenTable = Callable[[int, int, int, list[int]], Awaitable[int]]


@dataclass
class Tournament:
    id: int
    guild_id: int | None
    channel_id: int
    creator_id: int
    status: str          # "signup" | "running" | "finished" | "cancelled"
    data: dict           # game, format, rounds, options, pace, entrants, schedule

    @property
    def entrants(self) -> list[Entrant]:
        return [Entrant(e["user_id"], name=e["name"], dropped=e.get("dropped", False))
                for e in self.data["entrants"]]

    def rounds(self) -> list[Round]:
        """The rounds so far as the pure core sees them (results of ended tables only)."""
        out = []
        for rnd in self.data["schedule"]:
            results = [TableResult(tuple(tuple(g) for g in table["result"]))
                       for table in rnd["tables"] if table.get("result")]
            out.append(Round(rnd["number"], tuple(tuple(t["players"]) for t in rnd["tables"]),
                             tuple(rnd["byes"]), tuple(results)))
        return out

    def names(self) -> dict[int, str]:
        return {e["user_id"]: e["name"] for e in self.data["entrants"]}


class TournamentService:
    def __init__(self, matches, open_table: OpenTable | None = None):
        self.matches = matches  # the MatchService
        self.store = matches.store
        self.open_table = open_table
        self._locks: dict[int, asyncio.Lock] = {}
        matches.on_finished.append(self.match_ended)

    def lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def load(self, tournament_id: int) -> Tournament:
        found = await self.store.tournament(tournament_id)
        if found is None:
            raise ServiceError("no_tournament", id=tournament_id)
        return Tournament(tournament_id, *found)

    async def _save(self, t: Tournament, new_matches: tuple[int, ...] = ()) -> None:
        await self.store.save_tournament(t.id, t.status, t.data, self.matches.clock(), new_matches)

    async def create(self, *, guild_id: int | None, channel_id: int, creator_id: int, game: str, fmt: str,
                     rounds: int | None = None, options: dict | None = None, pace: str = "async") -> Tournament:
        if fmt not in FORMATS:
            raise ServiceError("bad_format", choices=", ".join(FORMATS))
        data = {"game": game, "format": fmt, "rounds": rounds, "options": dict(options or {}), "pace": pace,
                "entrants": [], "schedule": []}
        tid = await self.store.insert_tournament(guild_id, channel_id, creator_id, "signup", data,
                                                 self.matches.clock())
        return Tournament(tid, guild_id, channel_id, creator_id, "signup", data)

    async def join(self, tournament_id: int, user_id: int, name: str) -> Tournament:
        async with self.lock(tournament_id):
            t = await self.load(tournament_id)
            if t.status != "signup":
                raise ServiceError("tournament_started")
            if any(e["user_id"] == user_id for e in t.data["entrants"]):
                raise ServiceError("already_entered")
            t.data["entrants"].append({"user_id": user_id, "name": name})
            await self._save(t)
            return t

    async def leave(self, tournament_id: int, user_id: int) -> Tournament:
        async with self.lock(tournament_id):
            t = await self.load(tournament_id)
            if t.status != "signup":
                raise ServiceError("tournament_started")
            t.data["entrants"] = [e for e in t.data["entrants"] if e["user_id"] != user_id]
            await self._save(t)
            return t

    async def start(self, tournament_id: int, user_id: int) -> Tournament:
        async with self.lock(tournament_id):
            t = await self.load(tournament_id)
            if user_id != t.creator_id:
                raise ServiceError("not_organizer")
            if t.status != "signup":
                raise ServiceError("tournament_started")
            if len(t.data["entrants"]) < 2:
                raise ServiceError("need_entrants", n=2)
            if t.data["format"] == "round_robin":
                t.data["rounds"] = len(round_robin([e.id for e in t.entrants]))
            elif not t.data["rounds"]:
                t.data["rounds"] = max(1, (len(t.entrants) - 1).bit_length())  # log2, rounded up
            t.status = "running"
            await self._next_round(t)
            return t

    def _pair(self, t: Tournament) -> Round:
        done = t.rounds()
        if t.data["format"] == "round_robin":
            return round_robin([e.id for e in t.entrants])[len(done)]
        return pair_swiss([e for e in t.entrants if not e.dropped], done, number=len(done) + 1)

    async def _next_round(self, t: Tournament) -> None:
        """Pair the next round and open its matches, or finish the tournament."""
        if len(t.data["schedule"]) >= t.data["rounds"]:
            t.status = "finished"
            await self._save(t)
            return
        rnd = self._pair(t)
        tables, created = [], []
        for table_no, players in enumerate(rnd.tables, start=1):
            match_id = await self._open_match(t, rnd.number, table_no, list(players))
            tables.append({"players": list(players), "match_id": match_id, "result": None})
            created.append(match_id)
        t.data["schedule"].append({"number": rnd.number, "tables": tables, "byes": list(rnd.byes)})
        await self._save(t, tuple(created))

    async def _open_match(self, t: Tournament, number: int, table_no: int, players: list[int]) -> int:
        channel = (await self.open_table(t.id, number, table_no, players) if self.open_table is not None
                   else t.channel_id * 1000 + number * 100 + table_no)
        names = t.names()
        first, *others = players
        row = await self.matches.create(guild_id=t.guild_id, channel_id=channel, creator_id=first,
                                        creator_name=names[first], game=t.data["game"],
                                        options=t.data["options"], pace=t.data["pace"], ranked=True)
        for user_id in others:
            await self.matches.join(channel, user_id, names[user_id])
        await self.matches.start(channel, first)
        return row.id

    async def match_ended(self, row: MatchRow) -> None:
        """A finished match of a tournament table: record its result; pair the next round
        once every table of this round has ended."""
        tournament_id = await self.store.tournament_of_match(row.id)
        if tournament_id is None:
            return
        async with self.lock(tournament_id):
            t = await self.load(tournament_id)
            current = t.data["schedule"][-1]
            for table in current["tables"]:
                if table["match_id"] == row.id and table["result"] is None:
                    users = [seat["user_id"] for seat in row.seats]
                    placements = (row.result or {}).get("placements") or []
                    table["result"] = [[users[s] for s in group if s < len(users)] for group in placements] \
                        or [list(table["players"])]  # no placements: a draw
            if all(table["result"] for table in current["tables"]):
                await self._next_round(t)
            else:
                await self._save(t)

    async def standings(self, tournament_id: int):
        t = await self.load(tournament_id)
        return t, standings(t.entrants, t.rounds())
