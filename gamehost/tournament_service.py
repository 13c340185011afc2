"""Tournaments on top of the match service (no discord): what organizers and players ask for.

Formats (``FORMATS``): ``swiss`` (N rounds by score), ``round_robin`` (every pair once; tables
of the game's size for 3-4 player games), ``pods`` (3-4 player tables by score, points by
placement), ``single_elim`` / ``double_elim`` (seeded by rating, best of 1 or 3). Entrants are
people, bots (added by the organizer) or, where the game seats fixed teams, teams of two.
How rounds move on is in ``gamehost.tournament_rounds``; the pure pairing and standings are
``gamehost.tournaments``. Organizer commands take ``privileged``: the adapter says whether the
member may manage the server or holds the server's organizer role; the creator always may.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from gamehost.limits import reached
from gamehost.outcome import ServiceError
from gamehost.house_seats import house_count
from gamehost.registry import GAMES, normalize_options, plugin, team_layout
from gamehost.tournament_model import (ADJUDICATIONS, ELIMINATION, ENDED, FORMATS, Tournament,
                                       bracket_from_json, bracket_to_json)
from gamehost.table_store import count_open_tournaments
from gamehost.tournament_rounds import TournamentEvent, TournamentRounds
from gamehost.tournaments import (StandingRow, double_elimination, placements, report_match, round_robin,
                                  round_robin_pods, single_elimination, standings)

MAX_ENTRANTS = 256
MAX_ROUNDS = 20
MAX_ROUND_HOURS = 24 * 30
MIN_ROUND_MINUTES = 5      # the shortest round (round_hours) or deadline from now (/tournament deadline)
MAX_CHECKIN_MINUTES = 24 * 60


class TournamentService(TournamentRounds):

    # -- creating and signing up -------------------------------------------------------

    async def create(self, *, guild_id: int | None, channel_id: int, creator_id: int, game: str, fmt: str,
                     rounds: int | None = None, options: dict | None = None, pace: str = "async",
                     round_hours: float | None = None, max_players: int | None = None, ranked: bool = True,
                     best_of: int = 1, adjudicate: str = "draw", teams: bool = False,
                     checkin_minutes: int = 0, name: str = "", locale: str = "en") -> Tournament:
        if game not in GAMES:
            raise ServiceError("unknown_game", game=game, choices=", ".join(GAMES))
        if fmt not in FORMATS:
            raise ServiceError("bad_format", choices=", ".join(FORMATS))
        options = dict(options or {})
        try:
            options = normalize_options(game, options)
        except ValueError as error:
            raise ServiceError("bad_options", detail=str(error)) from None
        if house_count(game, options):  # people against the game itself (a designed mode): no tables to pair
            raise ServiceError("tournament_house_seats", game=game)
        layout = team_layout(game, options)
        if teams and not layout:
            raise ServiceError("no_teams", game=game)
        if layout and not teams:
            raise ServiceError("teams_needed")
        table_size = len(layout) if layout else plugin(game).seat_range(options)[1]
        if fmt in ("swiss", "single_elim", "double_elim") and table_size != 2:
            raise ServiceError("format_two_sided", format=fmt, size=table_size)
        if fmt == "pods" and table_size < 3:
            raise ServiceError("format_pods", size=table_size)
        if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            raise ServiceError("bad_rounds", most=MAX_ROUNDS)
        if round_hours is not None:
            check_round_hours(round_hours)
        if max_players is not None and not 2 <= max_players <= MAX_ENTRANTS:
            raise ServiceError("bad_max_players", most=MAX_ENTRANTS)
        if best_of not in (1, 3):
            raise ServiceError("bad_best_of")
        if adjudicate not in ADJUDICATIONS:
            raise ServiceError("bad_adjudicate", choices=", ".join(ADJUDICATIONS))
        if not 0 <= checkin_minutes <= MAX_CHECKIN_MINUTES:
            raise ServiceError("bad_checkin", most=MAX_CHECKIN_MINUTES)
        data: dict[str, Any] = {  # the tournament's JSON document (gamehost/tournament_model.py)
            "name": (name or "").strip()[:80], "game": game, "format": fmt, "rounds": rounds,
            "options": options, "pace": pace, "round_hours": round_hours, "max_players": max_players,
            "ranked": ranked, "best_of": best_of, "adjudicate": adjudicate,
            "team_size": 2 if layout else 1, "table_size": table_size,
            "checkin_minutes": checkin_minutes, "checkin_until": None, "paused_at": None,
            "locale": locale, "entrants": [], "schedule": [], "plan": None, "bracket": None, "log": []}
        async with self._admission:  # the counts and this tournament's insert, together
            await self._check_tournament_limits(guild_id, creator_id)
            tid = await self.store.insert_tournament(guild_id, channel_id, creator_id, "signup", data, self.clock())
        if not data["name"]:
            data["name"] = f"#{tid}"
            await self.store.save_tournament(tid, "signup", data, self.clock(), 0)
            return Tournament(tid, guild_id, channel_id, creator_id, "signup", data, 1)
        return Tournament(tid, guild_id, channel_id, creator_id, "signup", data, 0)

    async def _check_tournament_limits(self, guild_id: int | None, creator_id: int) -> None:
        limits = self.limits
        if guild_id is None:
            return
        if limits.tournaments_per_user and reached(
                limits.tournaments_per_user, await count_open_tournaments(self.store, guild_id, creator_id)):
            raise ServiceError("limit_tournaments_user", limit=limits.tournaments_per_user)
        if limits.tournaments_per_server and reached(
                limits.tournaments_per_server, await count_open_tournaments(self.store, guild_id)):
            raise ServiceError("limit_tournaments_server", limit=limits.tournaments_per_server)

    def _check_organizer(self, t: Tournament, user_id: int, privileged: bool) -> None:
        if user_id != t.creator_id and not privileged:
            raise ServiceError("not_organizer")

    @staticmethod
    def _check_signup(t: Tournament) -> None:
        if t.status in ENDED:
            raise ServiceError("tournament_over")
        if t.status not in ("signup", "checkin"):
            raise ServiceError("tournament_started")

    def _check_room(self, t: Tournament) -> None:
        cap = t.data.get("max_players")
        if cap is not None and len(t.data["entrants"]) >= cap:
            raise ServiceError("tournament_full", cap=cap)

    async def join(self, tournament_id: int, user_id: int, name: str, *,
                   partner: tuple[int, str] | None = None) -> Tournament:
        """A person enters (with ``partner`` for a team tournament: both enter as one team)."""
        async def change(t: Tournament, events: list) -> None:
            self._check_signup(t)
            people = [(user_id, name)]
            if t.data["team_size"] > 1:
                if partner is None:
                    raise ServiceError("partner_needed")
                if partner[0] == user_id:
                    raise ServiceError("partner_self")
                people.append(partner)
            elif partner is not None:
                raise ServiceError("no_teams", game=t.game)
            for person, _ in people:
                if t.entrant_of_user(person) is not None:
                    raise ServiceError("already_entered" if person == user_id else "partner_entered")
            self._check_room(t)
            members: list[dict[str, Any]] = [{"user_id": p, "name": n} for p, n in people]
            entrant_id = user_id if len(members) == 1 else f"team-{user_id}"
            label = " & ".join(m["name"] for m in members)
            t.data["entrants"].append({"id": entrant_id, "name": label, "members": members, "bot": None,
                                       "dropped": False, "checked_in": t.status == "checkin"})
            events.append(TournamentEvent("signup", t))
        return await self._change(tournament_id, change)

    async def leave(self, tournament_id: int, user_id: int) -> Tournament:
        async def change(t: Tournament, events: list) -> None:
            self._check_signup(t)
            entrant = t.entrant_of_user(user_id)
            if entrant is None:
                raise ServiceError("not_entered")
            t.data["entrants"].remove(entrant)
            events.append(TournamentEvent("signup", t))
        return await self._change(tournament_id, change)

    async def add_bot(self, tournament_id: int, by: int, *, privileged: bool = False) -> Tournament:
        """The organizer enters a bot (a team of bots in a team tournament)."""
        async def change(t: Tournament, events: list) -> None:
            self._check_organizer(t, by, privileged)
            self._check_signup(t)
            self._check_room(t)
            number = 1 + sum(1 for e in t.data["entrants"] if e.get("bot") is not None)
            if reached(self.limits.bots_per_tournament, number - 1):
                raise ServiceError("limit_tournament_bots", limit=self.limits.bots_per_tournament)
            members = [{"user_id": None, "name": f"Bot {number}" + (f".{k + 1}" if t.data["team_size"] > 1 else "")}
                       for k in range(t.data["team_size"])]
            t.data["entrants"].append({"id": f"bot-{number}", "name": f"Bot {number}", "members": members,
                                       "bot": "default", "dropped": False, "checked_in": True})
            self.log_action(t, by, f"add bot-{number}")
            events.append(TournamentEvent("signup", t))
        return await self._change(tournament_id, change)

    async def add_member(self, tournament_id: int, by: int, user_id: int, name: str, *,
                         privileged: bool = False, partner: tuple[int, str] | None = None) -> Tournament:
        """The organizer enters a member (during check-in, checked in: whoever enters then
        is present, and the organizer vouches for them)."""
        t = await self.load(tournament_id)
        self._check_organizer(t, by, privileged)
        return await self.join(tournament_id, user_id, name, partner=partner)

    async def remove(self, tournament_id: int, by: int, entrant_id, *, privileged: bool = False,
                     reason: str = "") -> Tournament:
        """The organizer removes an entrant: before the start they are simply gone; once it
        has started, this is a disqualification."""
        t = await self.load(tournament_id)
        self._check_organizer(t, by, privileged)
        if t.status not in ("signup", "checkin"):
            return await self.disqualify(tournament_id, by, entrant_id, privileged=privileged, reason=reason)

        async def change(t: Tournament, events: list) -> None:
            self._check_signup(t)
            entrant = t.entrant(entrant_id)
            if entrant is None:
                raise ServiceError("not_entrant")
            t.data["entrants"].remove(entrant)
            self.log_action(t, by, f"remove {entrant['name']}", reason)
            events.append(TournamentEvent("signup", t))
        return await self._change(tournament_id, change)

    async def check_in(self, tournament_id: int, user_id: int) -> Tournament:
        async def change(t: Tournament, events: list) -> None:
            if t.status != "checkin":
                raise ServiceError("no_checkin")
            entrant = t.entrant_of_user(user_id)
            if entrant is None:
                raise ServiceError("not_entered")
            if entrant["checked_in"]:
                raise ServiceError("already_checked_in")
            entrant["checked_in"] = True
            events.append(TournamentEvent("signup", t))
        return await self._change(tournament_id, change)

    # -- starting ----------------------------------------------------------------------

    async def start(self, tournament_id: int, user_id: int, *, privileged: bool = False) -> Tournament:
        """Pair round 1 (or, with a check-in window, open it: the start follows when it closes
        or when the organizer starts again)."""
        async def change(t: Tournament, events: list) -> None:
            self._check_organizer(t, user_id, privileged)
            self._check_signup(t)
            if t.status == "signup" and t.data["checkin_minutes"]:
                self._check_enough(t, t.data["entrants"])
                t.status = "checkin"
                t.data["checkin_until"] = self.clock() + t.data["checkin_minutes"] * 60
                for entrant in t.data["entrants"]:
                    entrant["checked_in"] = entrant.get("bot") is not None
                events.append(TournamentEvent("checkin_opened", t))
                return
            await self._begin(t, events)
        return await self._change(tournament_id, change)

    def _check_enough(self, t: Tournament, entrants: list) -> None:
        least = max(2, plugin(t.game).seat_range(t.data["options"])[0] if t.format == "pods" else 2)
        if len(entrants) < least:
            raise ServiceError("need_entrants", n=least, have=len(entrants))

    async def _begin(self, t: Tournament, events: list) -> None:
        if t.status == "checkin":
            missing = [e for e in t.data["entrants"] if not e["checked_in"]]
            present = [e for e in t.data["entrants"] if e["checked_in"]]
            self._check_enough(t, present)
            t.data["entrants"] = present
            if missing:
                self.log_action(t, None, "not checked in: " + ", ".join(e["name"] for e in missing))
                events.append(TournamentEvent("checkin_missed", t, detail={"entrants": missing}))
        self._check_enough(t, t.data["entrants"])
        ids = [e["id"] for e in t.data["entrants"]]
        if t.format == "round_robin":
            size = t.data["table_size"]
            plan = round_robin(ids) if size == 2 else round_robin_pods(ids, size)
            t.data["plan"] = [{"tables": [list(x) for x in r.tables], "byes": list(r.byes)} for r in plan]
            t.data["rounds"] = len(plan)
        elif t.format in ELIMINATION:
            ratings = await self._ratings(t)
            make = single_elimination if t.format == "single_elim" else double_elimination
            t.data["bracket"] = bracket_to_json(make(t.entrants(ratings), t.data["best_of"]))
        elif not t.data["rounds"]:
            count = len(ids) if t.format == "swiss" else -(-len(ids) // t.data["table_size"])
            t.data["rounds"] = max(2 if t.format == "pods" else 1, (count - 1).bit_length())
        t.status = "running"
        events.append(TournamentEvent("started", t))

    async def _ratings(self, t: Tournament) -> dict:
        """Seeding strength of each entrant: the members' mean rating in this server's game."""
        out = {}
        for entrant in t.data["entrants"]:
            values = []
            for member in entrant["members"]:
                if member["user_id"] is not None:
                    record = await self.matches.rating(t.guild_id, t.game, member["user_id"])
                    values.append(record.rating.ordinal)
            out[entrant["id"]] = sum(values) / len(values) if values else 0.0
        return out

    # -- leaving and the organizer's hand ------------------------------------------------

    async def drop(self, tournament_id: int, user_id: int) -> Tournament:
        """A player leaves a running tournament: their open games are resigned, no more pairings."""
        t = await self.load(tournament_id)
        if t.status in ("signup", "checkin"):
            return await self.leave(tournament_id, user_id)
        entrant = t.entrant_of_user(user_id)
        if entrant is None:
            raise ServiceError("not_entered")
        return await self._withdraw(tournament_id, entrant["id"], user_id, "dropped", "")

    async def disqualify(self, tournament_id: int, by: int, entrant_id, *, privileged: bool = False,
                         reason: str = "") -> Tournament:
        t = await self.load(tournament_id)
        self._check_organizer(t, by, privileged)
        if t.entrant(entrant_id) is None:
            raise ServiceError("not_entrant")
        return await self._withdraw(tournament_id, entrant_id, by, "disqualified", reason)

    async def _withdraw(self, tournament_id: int, entrant_id, by: int, why: str, reason: str) -> Tournament:
        closing: list[dict] = []

        async def change(t: Tournament, events: list) -> None:
            if t.status != "running":
                raise ServiceError("tournament_over" if t.status in ENDED else "tournament_not_running")
            entrant = t.entrant(entrant_id)
            assert entrant is not None, "checked before; a running tournament keeps its entrants"
            if entrant.get("dropped"):
                raise ServiceError("already_dropped")
            entrant["dropped"] = True
            entrant["disqualified"] = why == "disqualified"
            self.log_action(t, by, f"{why} {entrant['name']}", reason)
            for rnd, table in t.open_tables():
                if entrant_id in table["players"] and (len(table["players"]) == 2 or table.get("match_id") is None):
                    others = [p for p in table["players"] if p != entrant_id]
                    table["result"], table["forfeited"], table["note"] = [others, [entrant_id]], [entrant_id], why
                    closing.append(table)
                    events.append(TournamentEvent("table_ended", t, rnd, table))
                elif entrant_id in table["players"]:
                    closing.append({"resign": table["match_id"], "members": entrant["members"]})
            events.append(TournamentEvent(why, t, detail={"entrant": entrant_id, "reason": reason}))
        t = await self._change(tournament_id, change)
        moved: list[TournamentEvent] = []
        for table in closing:
            if "resign" in table:  # a bigger table plays on without them
                for member in table["members"]:
                    if member["user_id"] is not None:
                        try:
                            outcome = await self.matches.resign(table["resign"], member["user_id"])
                        except ServiceError:
                            continue
                        moved.append(TournamentEvent("match_moved", t, outcome=outcome))
            else:
                await self._close_match(table)
        await self._emit(moved)  # the table's players see the board after the resignation
        return t

    async def report(self, tournament_id: int, by: int, table_label: str, placements_: list[list], *,
                     privileged: bool = False, reason: str = "") -> Tournament:
        """The organizer sets a table's result (best first; one group = a draw), with a reason."""
        closing: list[dict] = []

        async def change(t: Tournament, events: list) -> None:
            self._check_organizer(t, by, privileged)
            if t.status != "running":
                raise ServiceError("tournament_not_running")
            found = t.find_table(table_label)
            if found is None:
                raise ServiceError("no_table", table=table_label)
            rnd, table = found
            if table.get("result") is not None and (t.is_elimination or rnd is not t.current_round()):
                raise ServiceError("table_settled", table=table_label)
            groups = [list(g) for g in placements_ if g]
            placed = [e for g in groups for e in g]
            if sorted(map(str, placed)) != sorted(map(str, table["players"])):
                raise ServiceError("report_players", table=table_label)
            if t.is_elimination and len(groups) < 2:
                raise ServiceError("report_no_draw")
            table["result"], table["note"], table["forfeited"] = groups, "reported", []
            self.log_action(t, by, f"report {table_label}: " + " > ".join(
                " = ".join(t.names()[e] for e in g) for g in groups), reason)
            closing.append(table)
            events.append(TournamentEvent("table_ended", t, rnd, table, detail={"reason": reason}))
        t = await self._change(tournament_id, change)
        for table in closing:
            await self._close_match(table)
        return t

    async def pause(self, tournament_id: int, by: int, *, privileged: bool = False) -> Tournament:
        async def change(t: Tournament, events: list) -> None:
            self._check_organizer(t, by, privileged)
            if t.status != "running":
                raise ServiceError("tournament_not_running")
            if t.paused:
                raise ServiceError("already_paused")
            t.data["paused_at"] = self.clock()
            self.log_action(t, by, "pause")
            events.append(TournamentEvent("paused", t))
        return await self._change(tournament_id, change)

    async def resume(self, tournament_id: int, by: int, *, privileged: bool = False) -> Tournament:
        """Resume: the round deadlines move on by however long the pause lasted."""
        async def change(t: Tournament, events: list) -> None:
            self._check_organizer(t, by, privileged)
            if not t.paused:
                raise ServiceError("not_paused")
            gap = self.clock() - t.data["paused_at"]
            for rnd in t.data["schedule"]:
                if rnd.get("deadline") is not None:
                    rnd["deadline"] += gap
            t.data["paused_at"] = None
            self.log_action(t, by, "resume")
            events.append(TournamentEvent("resumed", t))
        return await self._change(tournament_id, change)

    async def set_deadline(self, tournament_id: int, by: int, hours: float, *, privileged: bool = False) -> Tournament:
        """The current round ends ``hours`` from now (at least ``MIN_ROUND_MINUTES``). Only
        this round moves: later rounds last ``round_hours`` as set at creation (none: no
        deadline)."""
        async def change(t: Tournament, events: list) -> None:
            self._check_organizer(t, by, privileged)
            check_round_hours(hours)
            rnd = t.current_round()
            if t.status != "running" or rnd is None:
                raise ServiceError("tournament_not_running")
            rnd["deadline"], rnd["length"], rnd["reminded"] = self.clock() + hours * 3600, hours * 3600, False
            self.log_action(t, by, f"deadline {hours:g} h")
        return await self._change(tournament_id, change)

    async def cancel(self, tournament_id: int, by: int, *, privileged: bool = False, reason: str = "") -> Tournament:
        """Stop for good without results: open matches are cancelled."""
        closing: list[dict] = []

        async def change(t: Tournament, events: list) -> None:
            self._check_organizer(t, by, privileged)
            if t.status in ENDED:
                raise ServiceError("tournament_over")
            for rnd, table in t.open_tables():
                table["note"] = "cancelled"
                closing.append(table)
                events.append(TournamentEvent("table_closed", t, rnd, table))
            t.status = "cancelled"
            self.log_action(t, by, "cancel", reason)
            events.append(TournamentEvent("cancelled", t, detail={"reason": reason}))
        t = await self._change(tournament_id, change)
        for table in closing:
            await self._close_match(table)
        return t

    async def end(self, tournament_id: int, by: int, *, privileged: bool = False, reason: str = "") -> Tournament:
        """Finish now: open tables are adjudicated as at a round deadline; final standings."""
        closing: list[dict] = []

        async def change(t: Tournament, events: list) -> None:
            self._check_organizer(t, by, privileged)
            if t.status != "running":
                raise ServiceError("tournament_over" if t.status in ENDED else "tournament_not_running")
            for rnd, table in t.open_tables():
                self._adjudicate(t, rnd, table, "ended")
                closing.append(table)
                events.append(TournamentEvent("table_ended", t, rnd, table))
            self.log_action(t, by, "end", reason)
            if t.is_elimination:
                bracket = bracket_from_json(t.data["bracket"])
                for table in closing:
                    if bracket.matches[table["bracket_match"]].ready:
                        bracket = report_match(bracket, table["bracket_match"], table["result"][0][0])
                    table["reported"] = True
                t.data["bracket"] = bracket_to_json(bracket)
            await self._finish(t, events)
        t = await self._change(tournament_id, change)
        for table in closing:
            await self._close_match(table)
        return t

    # -- reading -----------------------------------------------------------------------

    async def standings(self, tournament_id: int) -> tuple[Tournament, list[StandingRow]]:
        t = await self.load(tournament_id)
        return t, standings_of(t)

    async def in_guild(self, guild_id: int | None, *, open_only: bool = False) -> list[Tournament]:
        statuses = ("signup", "checkin", "running") if open_only else ()
        return [await self.load(i) for i in await self.store.tournament_ids(guild_id, statuses)]

    async def for_channel(self, guild_id: int | None, channel_id: int) -> Tournament | None:
        """The tournament a command in this channel means: the newest one whose hub this is
        (open ones first), else the one a table in this channel (thread) belongs to."""
        found = [t for t in await self.in_guild(guild_id) if t.channel_id == channel_id]
        found.sort(key=lambda t: (t.status in ENDED, -t.id))
        if found:
            return found[0]
        row = await self.store.latest_match_in_channel(channel_id)
        if row is not None:
            tid = await self.store.tournament_of_match(row.id)
            if tid is not None:
                return await self.load(tid)
        return None

    async def set_hub_message(self, tournament_id: int, message_id: int) -> None:
        async def change(t: Tournament, events: list) -> None:
            t.data["hub_message_id"] = message_id
        await self._change(tournament_id, change)

    async def organizer_role(self, guild_id: int) -> int | None:
        return await self.store.organizer_role(guild_id)

    async def set_organizer_role(self, guild_id: int, role_id: int | None) -> None:
        await self.store.set_organizer_role(guild_id, role_id)


def check_round_hours(hours: float) -> None:
    """A round's length or a deadline from now: from ``MIN_ROUND_MINUTES`` to ``MAX_ROUND_HOURS``."""
    if not math.isfinite(hours) or hours <= 0:
        raise ServiceError("deadline_past")
    if hours * 60 < MIN_ROUND_MINUTES - 1e-9:
        raise ServiceError("round_too_short", minutes=MIN_ROUND_MINUTES)
    if hours > MAX_ROUND_HOURS:
        raise ServiceError("bad_round_hours", most=MAX_ROUND_HOURS)


def standings_of(t: Tournament) -> list[StandingRow]:
    """Swiss, round robin and pods: points and tie-breaks. Elimination: by how far each got
    (``placements``), the entrants still in first, as ``StandingRow``s with wins and losses."""
    if not t.is_elimination or t.data.get("bracket") is None:
        return standings(t.entrants(), t.rounds(), t.scoring())
    bracket = bracket_from_json(t.data["bracket"])
    placed = placements(bracket)
    out_ids = {e for group in placed for e in group}
    alive = [e for e in bracket.seeds if e not in out_ids]
    order = ([alive] if alive else []) + placed  # still playing (or left when ended early) first
    wins = {e: 0 for e in bracket.seeds}
    losses = {e: 0 for e in bracket.seeds}
    for m in bracket.matches.values():
        decided = m.winner_and_loser
        if decided is not None:
            winner, loser = decided
            wins[winner] += 1
            losses[loser] += 1
    dropped = {e["id"] for e in t.data["entrants"] if e.get("dropped")}
    rows, rank = [], 0
    for group in order:
        for entrant in group:
            rank += 1
            rows.append(StandingRow(rank, entrant, Fraction(wins[entrant]), Fraction(0), Fraction(0), Fraction(0),
                                    wins[entrant] + losses[entrant], wins[entrant], 0, losses[entrant], 0,
                                    entrant in dropped))
    return rows


__all__ = ["TournamentService", "TournamentEvent", "standings_of"]
