"""Words for Cloudspire's designed modes on Discord (CS-DM; engine/cloudspire/modes.py): the
lobby's explanation of a solo, co-op or endless game, the objective and wave count on the
board, the channel's campaigns (engine/cloudspire/campaign.py) and the server's endless
records (gamehost/endless_records.py). No rules here: the engine's data and views decide,
this module words them from the catalog (locales/cloudspire/modes.json)."""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from engine.cloudspire import campaign
from engine.cloudspire.modes import (DESIGNED, ENCOUNTERS, ENDLESS, adjustments, encounter_name, people_range,
                                     story)
from engine.cloudspire.names import NAMES
from gamehost.i18n import catalog, t

STATE_MARKS = {"won": "✅", "open": "🔓", "locked": "🔒"}


def faction_name(faction: str | None, locale: str) -> str:
    return NAMES.name("factions", faction, locale) if faction else t("cloudspire.dm.faction_any", locale)


def difficulty_word(difficulty: str | None, locale: str) -> str:
    return t(f"option.cloudspire.difficulty.{difficulty}", locale) if difficulty else "?"


def encounter_label(eid: str, locale: str) -> str:
    """``1. First Light over the Shoals``; endless's name for "endless"."""
    if eid == "endless":
        return encounter_name(eid, locale)
    return f"{ENCOUNTERS[eid]['number']}. {encounter_name(eid, locale)}"


def is_designed(options: Mapping[str, Any] | None) -> bool:
    return (options or {}).get("mode") in DESIGNED


def encounter_of(options: Mapping[str, Any]) -> str:
    """The encounter id these options play ("endless" for endless)."""
    if options.get("mode") == "endless":
        return "endless"
    return campaign.encounter_id(options) or campaign.first(str(options.get("mode")))


# -- objectives ---------------------------------------------------------------------------------

def objective_words(options: Mapping[str, Any], locale: str) -> str:
    """The encounter's objective before the game, in words (CS-DM objectives)."""
    eid = encounter_of(options)
    if eid == "endless":
        return t("cloudspire.dm.objective.endless", locale, cap=ENDLESS["cap"])
    e = ENCOUNTERS[eid]
    ob = e["objective"]
    team = "_team" if e["mode"] == "coop" else ""
    if ob["kind"] == "break_gate":
        return t(f"cloudspire.dm.objective.break_gate{team}", locale, n=ob["by"])
    if ob["kind"] == "protect_well":
        where = t(f"cloudspire.dm.well.{ob['well']}", locale)
        return t(f"cloudspire.dm.objective.protect_well{team}", locale, n=e["waves"], where=where)
    return t(f"cloudspire.dm.objective.survive{team}", locale, n=e["waves"])


def progress_words(designed: Mapping[str, Any], locale: str) -> str:
    """The objective as it stands (the view's ``designed`` block): progress and status."""
    ob = designed.get("objective") or {}
    kind, status = ob.get("kind"), ob.get("status") or "open"
    if designed.get("mode") == "endless" or kind == "endless":
        text = t("cloudspire.dm.progress.endless", locale, n=int(ob.get("progress") or 0))
    else:
        text = t(f"cloudspire.dm.progress.{kind}", locale, n=int(ob.get("target") or 0),
                 done=int(ob.get("progress") or 0))
    return f"{text} · {t(f'cloudspire.dm.status.{status}', locale)}"


# -- the lobby ------------------------------------------------------------------------------------

def cloud_words(options: Mapping[str, Any], locale: str) -> str:
    eid = encounter_of(options)
    if eid == "endless":
        return t("cloudspire.dm.cloud_endless", locale)
    names = [faction_name(f, locale) for f in ENCOUNTERS[eid]["cloud"]]
    return t("cloudspire.dm.cloud", locale, n=len(names), factions=t("cloudspire.dm.names_sep", locale).join(names))


def who_plays(options: Mapping[str, Any], locale: str) -> str:
    if options.get("mode") == "coop":
        low, high = people_range(dict(options))
        people = (t("cloudspire.dm.people_coop", locale, low=low, high=high) if low < high
                  else t("cloudspire.dm.people_coop_exact", locale, n=low))
    else:
        people = t("cloudspire.dm.people_solo", locale)
    return t("cloudspire.dm.who", locale, people=people, cloud=cloud_words(options, locale))


def difficulty_words(options: Mapping[str, Any], locale: str) -> str:
    """The difficulty and what it changes (the encounter's or endless's numbers, CS-DM-9):
    each number that is not 0 (a wave from which something starts: when it ever does)."""
    difficulty = str(options.get("difficulty") or "normal")
    changes = []
    for key, value in adjustments(dict(options)).items():
        worded = f"cloudspire.dm.adj.{key}"
        if not value or not catalog().has(worded) or (key.endswith("_from") and value >= 99):
            continue
        changes.append(t(worded, locale, amount=_signed(value), n=int(value)))
    head = difficulty_word(difficulty, locale)
    if not changes:
        return head
    return t("cloudspire.dm.difficulty_line", locale, difficulty=head,
             changes=t("cloudspire.dm.changes_sep", locale).join(changes))


def _signed(value: float) -> str:
    number = f"{value:g}"
    return number if value < 0 else f"+{number}"


def lobby_fields(options: Mapping[str, Any], locale: str) -> list[tuple[str, str]]:
    """What a lobby of a designed mode says about it: the encounter and its story, who plays,
    the objective, the difficulty. Nothing for ffa and 2 vs 2."""
    if not is_designed(options):
        return []
    eid = encounter_of(options)
    mode = t(f"option.cloudspire.mode.{options['mode']}", locale)
    return [(t("cloudspire.dm.lobby.encounter", locale, mode=mode), f"**{encounter_label(eid, locale)}**\n"
             f"*{story(eid, locale)}*"),
            (t("cloudspire.dm.lobby.who", locale), who_plays(options, locale)),
            (t("cloudspire.dm.lobby.objective", locale), objective_words(options, locale)),
            (t("cloudspire.dm.lobby.difficulty", locale), difficulty_words(options, locale))]


# -- the campaign -------------------------------------------------------------------------------

def state_line(progress: Mapping | None, eid: str, locale: str, *, short: bool = False) -> str:
    """``✅ 1. First Light — won 2× · best: hard``, ``🔓 2. The Drifting Well``,
    ``🔒 3. Breach at Dawn — win 2. The Drifting Well to open it``."""
    state = campaign.status(progress, eid)
    label = f"{STATE_MARKS[state]} {encounter_label(eid, locale)}"
    if state == "won":
        won = campaign.normalize(progress)[ENCOUNTERS[eid]["mode"]]["won"][eid]
        return t("cloudspire.dm.campaign.won", locale, encounter=label, n=won["wins"],
                 best=difficulty_word(won.get("best"), locale))
    if state == "open":
        return label
    by = campaign.unlocked_by(eid)
    return t("cloudspire.dm.campaign.locked", locale, encounter=label,
             by=encounter_label(by, locale) if by else "?") if not short else label


def campaign_lines(progress: Mapping | None, mode: str, locale: str) -> list[str]:
    """Every encounter of one campaign with its state; an open one not won yet with its story."""
    part = campaign.normalize(progress)[mode]
    lines = []
    for eid in campaign.order(mode):
        lines.append(state_line(progress, eid, locale))
        if eid in part["open"] and eid not in part["won"]:
            lines.append(f"> *{story(eid, locale)}*")
    return lines


def last_victory(progress: Mapping | None, locale: str) -> str | None:
    p = campaign.normalize(progress)
    victories = [(v, eid) for mode in campaign.CAMPAIGNS for eid, w in p[mode]["won"].items()
                 for v in w["victories"]]
    if not victories:
        return None
    last, eid = max(victories, key=lambda ve: (ve[0].get("at") or 0, ve[0].get("match") or 0))
    return t("cloudspire.dm.campaign.last", locale, encounter=encounter_label(eid, locale),
             difficulty=difficulty_word(last.get("difficulty"), locale),
             players=", ".join(p.get("name") or "?" for p in last.get("players") or ()) or "?",
             match=last.get("match"), when=f"<t:{int(last.get('at') or 0)}:d>")


# -- endless records ---------------------------------------------------------------------------

def record_line(run: Any, locale: str, *, ranked: bool) -> str:
    """``🏆 Heirs · hard — 7 waves · power 12 · alice · <t:…:d> (#41)``"""
    who = f"<@{run.user_id}>" if run.user_id else run.name
    head = f"#{run.rank}" if ranked else "🏆"
    return t("cloudspire.dm.records.line", locale, head=head, faction=faction_name(run.faction, locale),
             difficulty=difficulty_word(run.difficulty, locale), n=run.waves, power=run.power, who=who,
             when=f"<t:{int(run.at)}:d>", match=run.match_id)


def record_lines(runs: Iterable[Any], locale: str, *, ranked: bool) -> list[str]:
    return [record_line(run, locale, ranked=ranked) for run in runs]


# -- the match history --------------------------------------------------------------------------

def history_words(options: Mapping[str, Any], result: Mapping[str, Any], locale: str) -> str | None:
    """``solo against the Cloud · 3. Breach at Dawn · hard · the people won``; endless: the
    waves survived. None for ffa and 2 vs 2."""
    if not is_designed(options):
        return None
    mode = t(f"option.cloudspire.mode.{options['mode']}", locale)
    difficulty = difficulty_word(str(options.get("difficulty") or "normal"), locale)
    figures = result.get("figures") or {}
    if options["mode"] == "endless":
        return t("cloudspire.dm.history.endless", locale, mode=mode, difficulty=difficulty,
                 n=int(figures.get("waves_survived") or 0))
    key = "cloudspire.dm.history.won" if campaign.is_victory(result) else "cloudspire.dm.history.lost"
    return t(key, locale, mode=mode, encounter=encounter_label(encounter_of(options), locale), difficulty=difficulty)
