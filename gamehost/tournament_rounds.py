"""How a running tournament moves on (no discord): pairing a round, opening its tables as
matches, recording a table's result when its match ends, adjudicating tables still open at the
round deadline, reminders, and finishing. ``TournamentService`` (the commands) builds on this.

Every change is one versioned write of the tournament document (``Store.save_tournament``):
a process that read an older version gets ``stale`` and nothing is written, so two processes
never both pair the next round. A round is written with its pairings before any match is
opened; a table whose match could not be opened (a crash, Discord refusing a thread) keeps
``match_id`` None and ``recover`` opens it later, so no pairing is lost and none is made twice.
How a table's match is opened exactly once across processes is ``gamehost.tournament_tables``.
Losing such a race (``stale``) is expected with several processes: it is logged at INFO.

Listeners get ``TournamentEvent``s after the write that caused them (round_started,
table_opened, table_ended, reminder, finished, ...), outside the tournament's lock.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from gamehost.outcome import Outcome, ServiceError
from gamehost.registry import plugin, team_layout
from gamehost.store import MatchRow, VersionConflict
from gamehost.timers import DeadlineScheduler
from gamehost.tournament_clock import TournamentClock
from gamehost.tournament_limits import TournamentLimits
from gamehost.tournament_model import ENDED, Tournament, bracket_from_json, bracket_to_json
from gamehost.tournament_tables import TableOpening, new_owner, unopened
from gamehost.tournaments import (EntrantId, champion, pair_pods, pair_swiss, ready_matches,
                                  report_game, report_match)

log = logging.getLogger(__name__)
OpenTable = Callable[[Tournament, dict, dict], Awaitable[int]]
REMIND_BEFORE_FRACTION = 0.25      # a reminder when a quarter of the round's time is left
REMIND_BEFORE_MAX_SECONDS = 12 * 3600
RETRY_OPEN_SECONDS = 60            # a table whose match could not be opened is tried again
RECORD_ATTEMPTS = 5                # a result recorded while other processes write the tournament


@dataclass
class TournamentEvent:
    kind: str
    tournament: Tournament
    round: dict | None = None
    table: dict | None = None
    outcome: Outcome | None = None
    detail: dict = field(default_factory=dict)


Listener = Callable[[TournamentEvent], Awaitable[None]]


class TournamentRounds(TableOpening, TournamentClock):
    def __init__(self, matches, open_table: OpenTable | None = None, limits: TournamentLimits | None = None):
        self.matches = matches  # the MatchService
        self.store = matches.store
        self.clock = matches.clock
        self.open_table = open_table
        self.limits = limits or TournamentLimits.unlimited()
        self.owner = new_owner()  # names this process's claims to open tables
        self._openers: set[int] = set()  # tournaments whose tables this process opens in the background
        self._admission = asyncio.Lock()  # counting open tournaments and adding one, together
        self.listeners: list[Listener] = []
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task] = set()
        # one timer per tournament, at its next due moment (check-in end, reminder, deadline)
        self.timers = DeadlineScheduler(self.clock, self._timer_fired, self._timer_fired)
        matches.on_ended.append(self._match_ended)

    async def close(self) -> None:
        await self.stop_watching()  # first: news heard meanwhile arms no timer
        self.timers.cancel_all()

    # -- persistence ---------------------------------------------------------------------

    def lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def load(self, tournament_id: int) -> Tournament:
        found = await self.store.tournament(tournament_id)
        if found is None:
            raise ServiceError("no_tournament", id=tournament_id)
        return Tournament(tournament_id, *found)

    async def _save(self, t: Tournament, new_matches: tuple[int, ...] = ()) -> None:
        try:
            await self.store.save_tournament(t.id, t.status, t.data, self.clock(), t.version, new_matches,
                                             due_at=self.next_due(t))
        except VersionConflict:
            raise ServiceError("stale") from None
        t.version += 1
        self._arm(t)

    def next_due(self, t: Tournament) -> float | None:
        """When this tournament next needs the clock: its check-in closing, a reminder, or a
        round deadline (none while paused or over)."""
        if t.status == "checkin":
            return t.data["checkin_until"]
        if t.status != "running" or t.paused:
            return None
        due = []
        if unopened(t):
            due.append(self.clock() + RETRY_OPEN_SECONDS)  # Discord refused a thread: try again
        for rnd in t.data["schedule"]:
            if any(table.get("result") is None for table in rnd["tables"]) and rnd.get("deadline") is not None:
                due.append(rnd["deadline"])
                remind = self.remind_at(rnd, t)
                if remind is not None:
                    due.append(remind)
        return min(due) if due else None

    def _arm(self, t: Tournament) -> None:
        if self.closed:
            return
        due = self.next_due(t)
        if due is None:
            self.timers.disarm(t.id)
        else:
            self.timers.arm(t.id, t.version, due, None)

    @staticmethod
    def _event(kind: str, t: Tournament, rnd: dict | None, table: dict | None,
               outcome: Outcome | None = None) -> TournamentEvent:
        return TournamentEvent(kind, t, rnd, table, outcome)

    async def _change(self, tournament_id: int, change: Callable[[Tournament, list], Awaitable[None]]) -> Tournament:
        """Load, ``change`` (which appends events), save, then tell the listeners."""
        events: list[TournamentEvent] = []
        async with self.lock(tournament_id):
            t = await self.load(tournament_id)
            await change(t, events)
            await self._save(t)
            await self._advance(t, events)
        await self._emit(events)
        return t

    async def _emit(self, events: list[TournamentEvent]) -> None:
        for event in events:
            for listener in self.listeners:
                try:
                    await listener(event)
                except Exception:  # a failed announcement must not undo a recorded result
                    log.exception("tournament listener failed on %s", event.kind)

    def log_action(self, t: Tournament, by: int | None, what: str, reason: str = "") -> None:
        t.data.setdefault("log", []).append({"at": self.clock(), "by": by, "what": what, "reason": reason})

    # -- background work (off the finishing move's path) ----------------------------------

    def _spawn(self, work: Awaitable) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Wait until every result recorded in the background has been handled (tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _match_ended(self, row: MatchRow) -> None:
        if await self.store.tournament_of_match(row.id) is not None:
            self._spawn(self.record(row.id))

    async def record(self, match_id: int) -> None:
        """Record the result of a table whose match has ended, then move the tournament on."""
        tournament_id = await self.store.tournament_of_match(match_id)
        if tournament_id is None:
            return
        row = await self.matches.load(match_id)
        events: list[TournamentEvent] = []
        for attempt in range(RECORD_ATTEMPTS):
            events = []
            try:
                async with self.lock(tournament_id):
                    t = await self.load(tournament_id)
                    found = t.table_of_match(match_id)
                    if found is None or found[1].get("result") is not None or t.status in ENDED:
                        return  # recorded already (or not adopted yet: ``_catch_up`` records it then)
                    rnd, table = found
                    self._settle_from_match(t, rnd, table, row, events)
                    await self._save(t)
                    await self._advance(t, events)
                break
            except ServiceError as error:
                if error.code != "stale":
                    log.warning("tournament %s: recording match %s refused: %s", tournament_id, match_id, error.code)
                    return
                # another process wrote the tournament first (an expected race): read it again
                log.info("tournament %s: recording match %s lost a race (attempt %d)", tournament_id, match_id,
                         attempt + 1)
        else:
            return  # the next tick's ``_catch_up`` records it
        await self._emit(events)

    def _settle_from_match(self, t: Tournament, rnd: dict, table: dict, row: MatchRow, events: list) -> None:
        if row.status == "abandoned":  # cancelled by a moderator: adjudicated like a timed-out table
            self._adjudicate(t, rnd, table, "cancelled")
        else:
            seats = table["seats"]
            groups: list[list[EntrantId]] = []
            for group in (row.result or {}).get("placements") or []:
                ids = []
                for seat in group:
                    entrant = seats[seat] if seat < len(seats) else None
                    if entrant is not None and entrant not in ids and not any(entrant in g for g in groups):
                        ids.append(entrant)
                if ids:
                    groups.append(ids)
            missing = [e for e in table["players"] if not any(e in g for g in groups)]
            if missing:
                groups.append(missing)
            if len(groups) == 1 and t.is_elimination:  # a drawn game does not count: play again
                table["result"], table["note"] = groups, "draw_replayed"
            else:
                table["result"] = groups
        events.append(TournamentEvent("table_ended", t, rnd, table))

    # -- results outside a match ------------------------------------------------------------

    def _adjudicate(self, t: Tournament, rnd: dict, table: dict, why: str) -> None:
        """A table that did not end by itself: elimination gives it to the better seed (a match
        must have a winner); other formats score it as the organizer chose: a draw, or a loss
        for everyone at the table."""
        players = list(table["players"])
        if t.is_elimination:
            seeds = t.data["bracket"]["seeds"]
            players.sort(key=seeds.index)
            table["result"] = [[players[0]], players[1:]]
        else:
            table["result"] = [players]
            if t.data["adjudicate"] == "both_lose":
                table["forfeited"] = players
        table["note"] = why

    async def _close_match(self, table: dict) -> None:
        """Cancel a table's match that is still being played (its result is set already)."""
        match_id = table.get("match_id")
        if match_id is None:
            return
        row = await self.matches.load(match_id)
        if row.status in ("lobby", "active"):
            try:
                await self.matches.abandon(row.channel_id, row.creator_id, is_admin=True)
            except ServiceError:
                log.warning("could not close match %s", match_id)

    # -- moving on ---------------------------------------------------------------------

    async def _advance(self, t: Tournament, events: list) -> None:
        """Everything that follows from the tournament's current state: elimination results
        into the bracket, the next round or bracket matches opened, or the end."""
        if t.status != "running" or t.paused:
            return
        if t.is_elimination:
            await self._advance_bracket(t, events)
            return
        current = t.current_round()
        if current is not None and any(table.get("result") is None for table in current["tables"]):
            await self._open_pending(t, events)
            return
        if len(t.data["schedule"]) >= t.data["rounds"] or len(t.active()) < 2:
            await self._finish(t, events)
            return
        number = len(t.data["schedule"]) + 1
        if t.format == "round_robin":
            planned = t.data["plan"][number - 1]
            tables, byes = planned["tables"], planned["byes"]
        else:
            entrants = t.entrants()
            if t.format == "pods":
                rnd = pair_pods(entrants, t.rounds(), t.data["table_size"], t.scoring(), number=number)
            else:
                rnd = pair_swiss(entrants, t.rounds(), t.scoring(), number=number)
            tables, byes = [list(x) for x in rnd.tables], list(rnd.byes)
        await self._open_round(t, [(list(players), None) for players in tables], list(byes), events)

    async def _advance_bracket(self, t: Tournament, events: list) -> None:
        bracket = bracket_from_json(t.data["bracket"])
        changed = False
        for rnd, table in [(r, x) for r in t.data["schedule"] for x in r["tables"]]:
            if table.get("result") and not table.get("reported"):
                table["reported"] = True
                changed = True
                winners = table["result"][0]
                if len(table["result"]) > 1 and bracket.matches[table["bracket_match"]].ready:
                    if table.get("note") in ("dropped", "disqualified", "reported", "deadline", "cancelled"):
                        bracket = report_match(bracket, table["bracket_match"], winners[0])
                    else:
                        bracket = report_game(bracket, table["bracket_match"], winners[0])
        dropped = {e["id"] for e in t.data["entrants"] if e.get("dropped")}
        for m in ready_matches(bracket):  # a dropped player's bracket matches are walkovers
            out = [p for p in m.entrants if p in dropped]
            if out:
                stays = [p for p in m.entrants if p not in dropped]
                bracket = report_match(bracket, m.id, stays[0] if stays else out[0])
                changed = True
        t.data["bracket"] = bracket_to_json(bracket)
        open_ids = {table["bracket_match"] for _, table in t.open_tables()}
        if champion(bracket) is not None and not open_ids:
            await self._finish(t, events)
            return
        waiting = [m for m in ready_matches(bracket) if m.id not in open_ids]
        if waiting:
            games: dict[str, int] = {}
            for rnd in t.data["schedule"]:
                for table in rnd["tables"]:
                    games[table["bracket_match"]] = max(games.get(table["bracket_match"], 0), table["game_no"])
            await self._open_round(t, [(list(m.players), (m.id, games.get(m.id, 0) + 1)) for m in waiting],
                                   [], events)
        elif changed:
            await self._save(t)
        await self._open_pending(t, events)

    async def _open_round(self, t: Tournament, tables: list[tuple[list, tuple | None]], byes: list,
                          events: list) -> None:
        """Write the round's pairings first, then open each table's match."""
        now = self.clock()
        hours = t.data.get("round_hours")
        rnd: dict[str, Any] = {
            "number": len(t.data["schedule"]) + 1, "byes": byes, "opened_at": now,
            "deadline": now + hours * 3600 if hours else None, "length": hours * 3600 if hours else None,
            "reminded": False, "tables": []}
        dropped = {e["id"] for e in t.data["entrants"] if e.get("dropped")}
        for no, (players, bracket) in enumerate(tables, start=1):
            table: dict[str, Any] = {
                "no": no, "players": players, "match_id": None, "channel_id": None, "result": None,
                "forfeited": [], "note": None, "seats": self._seating(t, [p for p in players if p not in dropped])}
            if bracket is not None:
                table["bracket_match"], table["game_no"] = bracket
            gone = [p for p in players if p in dropped]
            if gone:  # a planned round-robin table with a dropped entrant
                staying = [p for p in players if p not in dropped]
                low = plugin(t.game).seat_range(t.data["options"])[0]
                if len(table["seats"]) < low:
                    table["result"] = ([staying] if staying else []) + [gone]
                    table["forfeited"], table["note"] = gone, "walkover"
            rnd["tables"].append(table)
        t.data["schedule"].append(rnd)
        await self._save(t)
        events.append(TournamentEvent("round_started", t, rnd))
        await self._open_pending(t, events)

    def _seating(self, t: Tournament, players: list[EntrantId]) -> list[EntrantId]:
        """The entrant of each seat: one seat per entrant, or team members where the game seats
        its teams (engine ``team_seats``)."""
        if t.data.get("team_size", 1) == 1:
            return list(players)
        layout = team_layout(t.game, t.data["options"])
        assert layout is not None, "a team tournament is only created where the game seats teams"
        seats: list[EntrantId] = [None] * sum(len(team) for team in layout)  # type: ignore[list-item]
        for team_index, team_seats in enumerate(layout):
            for seat in team_seats:
                seats[seat] = players[team_index]
        return seats

    async def _finish(self, t: Tournament, events: list) -> None:
        t.status = "finished"
        t.data["finished_at"] = self.clock()
        await self._save(t)
        events.append(TournamentEvent("finished", t))

    # -- time ---------------------------------------------------------------------------

    def remind_at(self, rnd: dict, t: Tournament) -> float | None:
        if rnd.get("deadline") is None or rnd.get("reminded"):
            return None
        length = rnd.get("length") or rnd["deadline"] - rnd["opened_at"]  # the round's own length
        return rnd["deadline"] - min(length * REMIND_BEFORE_FRACTION, REMIND_BEFORE_MAX_SECONDS)

    async def tick(self) -> None:
        """Check-in windows that closed, reminders due, round deadlines passed, tables to
        open or results to record after a restart: every running tournament, once."""
        for tournament_id in await self.store.tournament_ids(statuses=("checkin", "running")):
            try:
                await self._tick_one(tournament_id)
            except ServiceError as error:  # another process moved it on first, or a lasting refusal
                if error.code == "stale":
                    log.info("tournament %s: another process moved it on first", tournament_id)
                else:
                    log.warning("tournament %s: tick refused: %s", tournament_id, error.code)

    async def _tick_one(self, tournament_id: int) -> None:
        events: list[TournamentEvent] = []
        async with self.lock(tournament_id):
            t = await self.load(tournament_id)
            now = self.clock()
            if t.status == "checkin":
                if now >= t.data["checkin_until"]:
                    try:
                        await self._begin(t, events)
                    except ServiceError as error:  # too few checked in: back to sign-up
                        t.status, t.data["checkin_until"] = "signup", None
                        events.append(TournamentEvent("checkin_failed", t, detail=error.params))
                    await self._save(t)
                    await self._advance(t, events)
            elif not t.paused:
                await self._catch_up(t, events)
                await self._close_strays(t)
                for rnd in t.data["schedule"]:
                    open_tables = [x for x in rnd["tables"] if x.get("result") is None]
                    if not open_tables:
                        continue
                    if rnd.get("deadline") is not None and now >= rnd["deadline"]:
                        for table in open_tables:
                            self._adjudicate(t, rnd, table, "deadline")
                            events.append(TournamentEvent("table_ended", t, rnd, table))
                        await self._save(t)
                        for table in open_tables:
                            await self._close_match(table)
                    else:
                        due = self.remind_at(rnd, t)
                        if due is not None and now >= due:
                            rnd["reminded"] = True
                            await self._save(t)
                            events.append(TournamentEvent("reminder", t, rnd, detail={"tables": open_tables}))
                await self._advance(t, events)
            self._arm(t)
        await self._emit(events)

    async def _catch_up(self, t: Tournament, events: list) -> None:
        """Results of matches that ended while this process was down."""
        changed = False
        for rnd, table in t.open_tables():
            if table.get("match_id") is None:
                continue
            row = await self.matches.load(table["match_id"])
            if row.status in ("finished", "abandoned"):
                self._settle_from_match(t, rnd, table, row, events)
                changed = True
        if changed:
            await self._save(t)

    async def recover(self) -> None:
        """At start-up: everything ``tick`` does (results missed while down, unopened tables),
        and every open tournament's timer armed again; with several processes (PostgreSQL),
        their news and due tournaments watched (gamehost/tournament_clock.py)."""
        await self.tick()
        for tournament_id in await self.store.tournament_ids(statuses=("checkin", "running")):
            self._arm(await self.load(tournament_id))
        await self.watch_tournaments()

    async def _begin(self, t: Tournament, events: list) -> None:  # defined by TournamentService
        raise NotImplementedError
