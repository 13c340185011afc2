"""A stored tournament as the service sees it: one JSON document (``Tournament.data``) plus
how it reads as the pure core's entrants, rounds and bracket (gamehost/tournaments).

``data`` keys: ``name``, ``game``, ``format``, ``rounds`` (planned, None until start),
``options``, ``pace``, ``round_hours``, ``max_players``, ``ranked``, ``best_of``,
``adjudicate`` ("draw" | "both_lose"), ``team_size``, ``table_size``, ``checkin_minutes``,
``checkin_until``, ``paused_at``, ``locale``, ``entrants``, ``schedule``, ``plan`` (a round
robin's rounds, fixed at start), ``bracket`` (elimination), ``log`` (organizer actions).

An entrant: ``{"id", "name", "members": [{"user_id", "name"}], "bot": level | None,
"dropped", "disqualified", "checked_in"}``; a person's id is their user id, a bot's or a
team's is a text id ("bot-1", "team-2"). A round: ``{"number", "tables", "byes",
"opened_at", "deadline", "reminded"}``; a table: ``{"no", "players", "match_id",
"channel_id", "result", "forfeited", "note", "bracket_match", "game_no"}`` where ``result``
is the placement groups of entrant ids, best first, once the table has ended.
"""
from __future__ import annotations

from dataclasses import dataclass

from gamehost.tournaments import BYE, Bracket, Entrant, EntrantId, Match, Round, Scoring, TableResult

FORMATS = ("swiss", "round_robin", "pods", "single_elim", "double_elim")
ELIMINATION = ("single_elim", "double_elim")
ADJUDICATIONS = ("draw", "both_lose")
ENDED = ("finished", "cancelled")
_BYE_TEXT = "__bye__"


@dataclass
class Tournament:
    id: int
    guild_id: int | None
    channel_id: int          # the hub
    creator_id: int
    status: str              # "signup" | "checkin" | "running" | "finished" | "cancelled"
    data: dict
    version: int = 0

    @property
    def format(self) -> str:
        return self.data["format"]

    @property
    def game(self) -> str:
        return self.data["game"]

    @property
    def is_elimination(self) -> bool:
        return self.format in ELIMINATION

    @property
    def paused(self) -> bool:
        return self.data.get("paused_at") is not None

    def entrant(self, entrant_id: EntrantId) -> dict | None:
        return next((e for e in self.data["entrants"] if e["id"] == entrant_id), None)

    def entrant_of_user(self, user_id: int) -> dict | None:
        return next((e for e in self.data["entrants"]
                     if any(m["user_id"] == user_id for m in e["members"])), None)

    def active(self) -> list[dict]:
        return [e for e in self.data["entrants"] if not e.get("dropped")]

    def entrants(self, ratings: dict | None = None) -> list[Entrant]:
        ratings = ratings or {}
        return [Entrant(e["id"], rating=ratings.get(e["id"], 0.0), name=e["name"],
                        members=tuple(m["user_id"] for m in e["members"]), dropped=bool(e.get("dropped")))
                for e in self.data["entrants"]]

    def names(self) -> dict[EntrantId, str]:
        return {e["id"]: e["name"] for e in self.data["entrants"]}

    def scoring(self) -> Scoring:
        size = self.data.get("table_size", 2)
        return Scoring.pods(size) if size > 2 else Scoring()

    def rounds(self) -> list[Round]:
        """The rounds so far as the pure core sees them (results of ended tables only).
        Elimination tables are not Swiss rounds; their standings come from the bracket."""
        out = []
        for rnd in self.data["schedule"]:
            results = [table_result(table) for table in rnd["tables"] if table.get("result")]
            out.append(Round(rnd["number"], tuple(tuple(t["players"]) for t in rnd["tables"]),
                             tuple(rnd["byes"]), tuple(results)))
        return out

    def current_round(self) -> dict | None:
        return self.data["schedule"][-1] if self.data["schedule"] else None

    def open_tables(self) -> list[tuple[dict, dict]]:
        """(round, table) of every table without a result yet."""
        return [(rnd, table) for rnd in self.data["schedule"] for table in rnd["tables"]
                if table.get("result") is None]

    def table_of_match(self, match_id: int) -> tuple[dict, dict] | None:
        for rnd in self.data["schedule"]:
            for table in rnd["tables"]:
                if table.get("match_id") == match_id:
                    return rnd, table
        return None

    def find_table(self, label: str) -> tuple[dict, dict] | None:
        """A table by its label "R2-T3" (round 2, table 3) or "2-3", or a bracket match id."""
        text = label.strip().upper().replace(" ", "")
        for rnd in self.data["schedule"]:
            for table in rnd["tables"]:
                names = {f"R{rnd['number']}-T{table['no']}", f"{rnd['number']}-{table['no']}"}
                if text in names or (table.get("bracket_match") or "").upper() == text:
                    return rnd, table
        return None


def table_result(table: dict) -> TableResult:
    return TableResult(tuple(tuple(group) for group in table["result"]),
                       frozenset(table.get("forfeited") or ()))


def table_label(rnd: dict, table: dict) -> str:
    if table.get("bracket_match"):
        game = f" g{table['game_no']}" if table.get("game_no", 1) > 1 else ""
        return f"{table['bracket_match']}{game}"
    return f"R{rnd['number']}-T{table['no']}"


# -- elimination brackets as JSON ----------------------------------------------------------

def _side_out(value):
    return _BYE_TEXT if value is BYE else value


def _side_in(value):
    return BYE if value == _BYE_TEXT else value


def bracket_to_json(bracket: Bracket) -> dict:
    return {"kind": bracket.kind, "best_of": bracket.best_of, "seeds": list(bracket.seeds),
            "matches": [{"id": m.id, "bracket": m.bracket, "round": m.round,
                         "sources": [list(s) if s else None for s in m.sources],
                         "players": [_side_out(p) for p in m.players], "games": list(m.games),
                         "winner": _side_out(m.winner), "loser": _side_out(m.loser), "skipped": m.skipped}
                        for m in bracket.matches.values()]}


def bracket_from_json(data: dict) -> Bracket:
    matches = {}
    for m in data["matches"]:
        matches[m["id"]] = Match(m["id"], m["bracket"], m["round"],
                                 tuple(tuple(s) if s else None for s in m["sources"]),  # type: ignore[arg-type]
                                 [_side_in(p) for p in m["players"]], list(m["games"]),
                                 _side_in(m["winner"]), _side_in(m["loser"]), m["skipped"])
    return Bracket(data["kind"], data["best_of"], list(data["seeds"]), matches)
