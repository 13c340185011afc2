"""What tournaments look like in Discord: the hub message, pairings, standings and bracket
pictures (as render jobs), and the announcement of each tournament event, in the reader's
language. Words only: what happened is decided by gamehost.tournament_service."""
from __future__ import annotations

from typing import Any, TypeVar

import discord

from gamehost.i18n import t
from gamehost.tournament_model import Tournament, table_label
from gamehost.tournament_rounds import TournamentEvent
from gamehost.tournament_service import standings_of
from gamehost.tournaments.standings import entry_order_ties, format_figure
from cogs.items import view_of
from cogs.text_split import clip
from cogs.tournament_buttons import TournamentButton
from render.tournament import BracketBox, bracket_png, standings_png

TOURNAMENT_BUTTONS = ("join", "leave", "checkin", "standings")
T = TypeVar("T")


def unmention(text) -> str:
    """A name (or an organizer's reason) as it may stand in a title: it pings nobody and
    makes no mention, channel or role link (``<@&1>`` stays text)."""
    text = discord.utils.escape_mentions(" ".join(str(text).split()))
    return text.replace("<", "<\u200b")


def plain(text) -> str:
    """A name inside a message: as ``unmention``, and its markdown shown as typed (a name
    with ``**`` or a backtick does not restyle the rest of the line)."""
    return discord.utils.escape_markdown(unmention(text))


def name_of(t_: Tournament) -> str:
    """The tournament's name for a message (escaped; pictures and titles take it raw)."""
    return plain(t_.data["name"])


def title_of(t_: Tournament, locale: str, *, raw: bool = False) -> str:
    return t("tour.title", locale, name=t_.data["name"] if raw else name_of(t_), game=t(f"game.{t_.game}", locale),
             format=t(f"tour.format.{t_.format}", locale))


def entrant_name(t_: Tournament, entrant_id) -> str:
    """The entrant's name as entered (for pictures and autocomplete, where nothing renders)."""
    entrant = t_.entrant(entrant_id)
    return str(entrant_id) if entrant is None else entrant["name"]


def entrant_label(t_: Tournament, entrant_id, *, mention: bool = True) -> str:
    """The entrant in a message: the people as mentions (``mention``), else the name escaped."""
    entrant = t_.entrant(entrant_id)
    if entrant is None:
        return str(entrant_id)
    people = [m for m in entrant["members"] if m["user_id"] is not None]
    if mention and people and entrant.get("bot") is None:
        return " & ".join(f"<@{m['user_id']}>" for m in people)
    return plain(entrant["name"])


def opening_line(t_: Tournament, locale: str) -> str | None:
    """While a round's threads are still being made: how many are open."""
    current = t_.current_round()
    if t_.status != "running" or current is None:
        return None
    tables = current["tables"]
    waiting = sum(1 for x in tables if x.get("match_id") is None and x.get("result") is None)
    if not waiting:
        return None
    return t("tour.opening", locale, opened=len(tables) - waiting, total=len(tables))


def mentions_of(t_: Tournament, entrant_ids) -> str:
    out = []
    for entrant_id in entrant_ids:
        entrant = t_.entrant(entrant_id)
        out += [f"<@{m['user_id']}>" for m in (entrant or {}).get("members", []) if m["user_id"] is not None]
    return " ".join(out)


def settings_line(t_: Tournament, locale: str) -> str:
    d = t_.data
    parts = [t(f"tour.format.{t_.format}", locale)]
    if d.get("rounds") and t_.format in ("swiss", "pods"):
        parts.append(t("tour.info.rounds", locale, n=d["rounds"]))
    if t_.is_elimination:
        parts.append(t("tour.info.best_of", locale, n=d["best_of"]))
    parts.append(t(f"tour.pace.{d['pace']}", locale))
    if d.get("round_hours"):
        parts.append(t("tour.info.round_hours", locale, hours=f"{d['round_hours']:g}"))
        parts.append(t(f"tour.adjudicate.{'elimination' if t_.is_elimination else d['adjudicate']}", locale))
    if d.get("max_players"):
        parts.append(t("tour.info.cap", locale, n=d["max_players"]))
    if d.get("team_size", 1) > 1:
        parts.append(t("tour.info.teams", locale))
    if d.get("checkin_minutes"):
        parts.append(t("tour.info.checkin", locale, minutes=d["checkin_minutes"]))
    parts.append(t("tour.info.ranked" if d.get("ranked", True) else "tour.info.unranked", locale))
    return " · ".join(parts)


def hub_message(t_: Tournament, locale: str) -> dict[str, Any]:
    """The hub's pinned-style message: settings, status, entrants, and the sign-up buttons."""
    lines = [f"**{title_of(t_, locale)}**", settings_line(t_, locale),
             t(f"tour.status.{t_.status}", locale, round=len(t_.data["schedule"]), rounds=t_.data.get("rounds") or "?")]
    if t_.status == "checkin":
        lines.append(t("tour.checkin_until", locale, when=f"<t:{int(t_.data['checkin_until'])}:R>"))
    if t_.paused:
        lines.append(t("tour.paused_note", locale))
    opening = opening_line(t_, locale)
    if opening:
        lines.append(opening)
    entrants = t_.data["entrants"]
    names = []
    for e in entrants:
        mark = " ✓" if t_.status == "checkin" and e.get("checked_in") else ""
        mark += f" ({t('tour.dropped_mark', locale)})" if e.get("dropped") else ""
        names.append(entrant_label(t_, e["id"]) + mark)
    lines.append(t("tour.entrants", locale, n=len(entrants)) + (": " + ", ".join(names) if names else ""))
    buttons = []
    if t_.status in ("signup", "checkin"):
        buttons += [TournamentButton(t_.id, "join", label=t("tour.button.join", locale),
                                     style=discord.ButtonStyle.success),
                    TournamentButton(t_.id, "leave", label=t("tour.button.leave", locale))]
    if t_.status == "checkin":
        buttons.append(TournamentButton(t_.id, "checkin", label=t("tour.button.checkin", locale),
                                        style=discord.ButtonStyle.primary))
    if t_.status != "signup":
        buttons.append(TournamentButton(t_.id, "standings", label=t("tour.button.standings", locale)))
    message: dict[str, Any] = {"content": clip("\n".join(lines), 1900), "allowed_mentions": discord.AllowedMentions.none()}
    message["view"] = view_of(buttons)
    return message


def result_text(t_: Tournament, table: dict, locale: str) -> str:
    result = table.get("result")
    if result is None:
        return t("tour.result.playing", locale)
    forfeited = set(table.get("forfeited") or ())
    if len(result) == 1:
        key = "tour.result.both_lose" if forfeited else "tour.result.draw"
        text = t(key, locale)
    else:
        text = " > ".join(" = ".join(entrant_label(t_, e, mention=False) for e in group) for group in result)
    note = table.get("note")
    if note and note != "draw_replayed":
        text += f" ({t(f'tour.note.{note}', locale)})"
    elif note == "draw_replayed":
        text = t("tour.result.draw_replayed", locale)
    return text


def table_line(t_: Tournament, rnd: dict, table: dict, locale: str, *, mention: bool = False) -> str:
    players = t("tour.vs", locale).join(entrant_label(t_, e, mention=mention) for e in table["players"])
    where = f" · <#{table['channel_id']}>" if table.get("channel_id") else ""
    return f"`{table_label(rnd, table)}` {players}{where} — {result_text(t_, table, locale)}"


def pairings_text(t_: Tournament, rnd: dict, locale: str, *, mention: bool = False) -> str:
    if t_.is_elimination:  # a batch of bracket matches ready to play, not a Swiss round
        lines = [t("tour.pairings.bracket_title", locale, name=name_of(t_),
                   matches=", ".join(table_label(rnd, x) for x in rnd["tables"]))]
    else:
        lines = [t("tour.pairings.title", locale, name=name_of(t_), round=rnd["number"])]
    if rnd.get("deadline"):
        lines.append(t("tour.pairings.deadline", locale, when=f"<t:{int(rnd['deadline'])}:f>"))
    lines += [table_line(t_, rnd, table, locale, mention=mention) for table in rnd["tables"]]
    for bye in rnd.get("byes") or ():
        lines.append(t("tour.pairings.bye", locale, entrant=entrant_label(t_, bye, mention=mention)))
    return "\n".join(lines)


def standings_lines(t_: Tournament, locale: str, limit: int = 20) -> str:
    rows = standings_of(t_)
    lines = [t("tour.standings.title", locale, name=name_of(t_))]
    for row in rows[:limit]:
        lines.append(t("tour.standings.line", locale, rank=row.rank,
                       entrant=entrant_label(t_, row.entrant, mention=False),
                       points=format_figure(row.points), wins=row.wins, draws=row.draws, losses=row.losses)
                     + (t("tour.standings.byes", locale, n=row.byes) if row.byes else "")
                     + (f" ({t('tour.dropped_mark', locale)})" if row.dropped else ""))
    if len(rows) > limit:
        lines.append(t("tour.standings.more", locale, n=len(rows) - limit))
    for tied in ties_by_entry(t_, rows):  # said, so that the order of entry is not taken for a result
        lines.append(t("tour.standings.entry_order", locale, entrants=joined(t_, tied, locale)))
    lines.append(tiebreak_text(t_, locale))
    return "\n".join(lines)


def ties_by_entry(t_: Tournament, rows: list) -> list[tuple]:
    """The groups of entrants level on every tie-break, whom the order of entry set apart
    (none in an elimination, whose order is the bracket's)."""
    return [] if t_.is_elimination else entry_order_ties(rows)


def joined(t_: Tournament, entrants, locale: str) -> str:
    names = [entrant_label(t_, e, mention=False) for e in entrants]
    return names[0] if len(names) == 1 else t("tour.and", locale, a=t("tour.sep", locale).join(names[:-1]), b=names[-1])


def tiebreak_text(t_: Tournament, locale: str, *, short: bool = False) -> str:
    """How the standings are ordered: in full for the text, one line under the picture."""
    if t_.is_elimination:
        return t("tour.tiebreak.elimination", locale)
    if t_.data.get("table_size", 2) > 2:
        points = "/".join(str(p) for p in range(t_.data["table_size"] - 1, -1, -1))
        return t("tour.tiebreak.pods_short" if short else "tour.tiebreak.pods", locale, points=points)
    return t("tour.tiebreak.short" if short else "tour.tiebreak.swiss", locale)


def standings_job(t_: Tournament, locale: str) -> tuple:
    rows = standings_of(t_)
    elimination = t_.is_elimination
    if elimination:
        headers = ["#", t("tour.col.entrant", locale), t("tour.col.wins", locale), t("tour.col.losses", locale)]
        cells = [[str(r.rank), entrant_name(t_, r.entrant), str(r.wins), str(r.losses)] for r in rows]
    else:
        headers = ["#", t("tour.col.entrant", locale), t("tour.col.points", locale), "Bh", "SB", "H2H",
                   t("tour.col.wdl", locale)]
        cells = [[str(r.rank), entrant_name(t_, r.entrant), format_figure(r.points),
                  format_figure(r.buchholz), format_figure(r.sonneborn_berger), format_figure(r.head_to_head),
                  f"{r.wins}-{r.draws}-{r.losses}"] for r in rows]
    for row, cell in zip(rows, cells):
        if row.dropped:
            cell[1] += f" ({t('tour.dropped_mark', locale)})"
    done = sum(1 for rnd in t_.data["schedule"] if all(x.get("result") for x in rnd["tables"]))
    title = t("tour.standings.picture", locale, name=t_.data["name"], round=done,
              rounds=t_.data.get("rounds") or done)
    return (standings_png, {"title": title, "headers": headers, "rows": cells,
                            "highlight": [r.rank <= 3 and not r.dropped for r in rows],
                            "struck": [r.dropped for r in rows], "footer": tiebreak_text(t_, locale, short=True)})


def bracket_job(t_: Tournament, locale: str) -> tuple | None:
    bracket = t_.data.get("bracket")
    if bracket is None:
        return None
    live = {table["bracket_match"] for _, table in t_.open_tables()}
    columns: dict[tuple[str, int], list[BracketBox]] = {}
    for m in bracket["matches"]:
        if m["skipped"]:
            continue

        def side(value) -> str:
            if value == "__bye__":
                return t("tour.bye", locale)
            return "" if value is None else entrant_name(t_, value)
        winner = None
        if m["winner"] is not None and m["winner"] != "__bye__":
            winner = 0 if m["winner"] == m["players"][0] else 1
        score = ""
        if bracket["best_of"] > 1 and m["games"]:
            score = f"{m['games'].count(m['players'][0])}-{m['games'].count(m['players'][1])}"
        columns.setdefault((m["bracket"], m["round"]), []).append(
            BracketBox(m["id"], side(m["players"][0]), side(m["players"][1]), winner, score, m["id"] in live))
    heads = []
    for (part, number), boxes in columns.items():
        heads.append((t(f"tour.bracket.{part}", locale, n=number), boxes))
    return (bracket_png, {"title": title_of(t_, locale, raw=True), "columns": heads,
                          "footer": t("tour.bracket.footer", locale, n=bracket["best_of"])})


def carried(value: T | None) -> T:
    """A field of a tournament event that its kind always carries (gamehost/tournament_rounds.py:
    a round's events their round, a table's events their round and table, an opened table and
    a moved match their outcome)."""
    if value is None:
        raise ValueError("a tournament event without a field its kind carries")
    return value


def event_text(event: TournamentEvent, locale: str) -> str | None:
    """The hub's line for an event (None: the event only refreshes the hub message)."""
    t_ = event.tournament
    kind = event.kind
    if kind == "round_started":
        return pairings_text(t_, carried(event.round), locale, mention=True)
    if kind == "table_ended":
        return t("tour.event.table_ended", locale, table=table_line(t_, carried(event.round), carried(event.table),
                                                                    locale))
    if kind == "reminder":
        tables = event.detail.get("tables") or []
        people = mentions_of(t_, [e for table in tables for e in table["players"]])
        rnd = carried(event.round)
        return t("tour.event.reminder", locale, round=rnd["number"], people=people,
                 when=f"<t:{int(rnd['deadline'])}:R>")
    if kind in ("dropped", "disqualified"):
        reason = plain(event.detail.get("reason") or "")
        return t(f"tour.event.{kind}", locale, entrant=entrant_label(t_, event.detail["entrant"], mention=False),
                 reason=reason or "") + (f" ({reason})" if reason and kind == "dropped" else "")
    if kind in ("paused", "resumed", "started", "checkin_opened", "checkin_failed"):
        return t(f"tour.event.{kind}", locale, name=name_of(t_),
                 people=mentions_of(t_, [e["id"] for e in t_.data["entrants"]]) if kind == "checkin_opened" else "")
    if kind == "checkin_missed":
        people = " ".join(f"<@{m['user_id']}>" for e in event.detail["entrants"] for m in e["members"]
                          if m["user_id"] is not None)
        return t("tour.event.checkin_missed", locale, name=name_of(t_), people=people)
    if kind == "cancelled":
        return t("tour.event.cancelled", locale, name=name_of(t_), reason=plain(event.detail.get("reason") or "-"))
    if kind == "finished":
        rows = standings_of(t_)
        winner = entrant_label(t_, rows[0].entrant) if rows else "-"
        first = next((tied for tied in ties_by_entry(t_, rows) if tied[0] == rows[0].entrant), None)
        if first is not None:  # a complete tie for first: the order of entry decided it
            return t("tour.event.finished_tied", locale, name=name_of(t_), winner=winner,
                     others=joined(t_, first[1:], locale))
        return t("tour.event.finished", locale, name=name_of(t_), winner=winner)
    return None
