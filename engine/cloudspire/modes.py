"""The designed modes (docs/rules/cloudspire.md "Designed modes", CS-DM; CS-SOLO-1/2): solo,
co-op and endless, their encounters (``data/encounters.json``, validated when this module is
imported) and what the options of such a game mean for its seats.

Contract (the host's side, cogs and gamehost, relies on these names):

* ``DESIGNED = ("solo", "coop", "endless")``; ``DIFFICULTIES = ("easy", "normal", "hard")``
* ``ENCOUNTERS: Mapping[str, dict]``: every encounter by id (``ENDLESS``: the endless block)
* ``encounter_ids(mode) -> tuple[str, ...]``: a mode's encounters in campaign order
* ``encounter_of(options) -> dict | None``: the encounter these options play ("none" = the
  mode's first); None for endless, ffa and teams
* ``cloud_seats(options) -> int``: how many Cloud seats (bot factions) these options seat
* ``people_range(options) -> tuple[int, int]``: how many people (solo/endless (1, 1), co-op
  (2, 3), narrowed by the encounter: at most 4 seats in all)
* ``seat_range(options) -> tuple[int, int]``: people + Cloud
* ``teams(options, seats) -> [[people...], [cloud...]]``: seats 0..P-1 are the people,
  P..N-1 the Cloud
* ``is_cloud(state_or_options, seats, seat) -> bool``
* ``cloud_factions(options) -> list[str | None]``: the Cloud's factions, seat order (None
  where the faction depends on the people's choice: endless)
* ``encounter_name(eid, lang)``, ``story(eid, lang)``: English ("en") or Simplified Chinese
  ("zh", "zh-CN"); ``eid`` "endless" names the endless mode
* ``adjustments(options) -> dict``: the difficulty's numbers (every key of ADJUSTMENTS)
"""
from __future__ import annotations

import json
import os
from types import MappingProxyType
from typing import Any, Mapping

from ..names import pick
from .content import DATA, ContentError, load
from .errors import illegal

DESIGNED = ("solo", "coop", "endless")
DIFFICULTIES = ("easy", "normal", "hard")
OBJECTIVES = ("survive", "break_gate", "protect_well")
WELLS = ("centre", "people_side")
#: CS-SOLO-1 / CS-DM-2: the spire cap and the number of face-up market chips, whatever the seats
SPIRE_CAP: Mapping[str, int] = MappingProxyType({"solo": 6, "coop": 5, "endless": 6})
MARKET_CHIPS: Mapping[str, int] = MappingProxyType({"solo": 3, "coop": 4, "endless": 3})
ENDLESS_CLOUD = 3
#: encounter adjustments per difficulty; ``cloud_*`` grow easy -> hard, ``people_*`` shrink
ADJUSTMENTS = ("cloud_source", "cloud_cp", "cloud_wave_source", "cloud_wave_cp", "cloud_gate",
               "cloud_heroes_from", "people_source", "people_cp", "people_gate")
#: adjustments that make the Cloud weaker as they grow (ordered easy >= normal >= hard)
#: endless numbers per difficulty (CS-DM-12); ``step_*`` may be fractions (floored per wave)
ENDLESS_KEYS = ("base_source", "base_cp", "step_source", "step_cp", "upgrades_from", "upgrade_every",
                "harsh_from", "cloud_heroes_from", "people_source", "people_regen")
LATER = ("cloud_heroes_from", "upgrades_from", "harsh_from")
"""Waves: the Cloud gets these later on easier difficulties (easy >= normal >= hard)."""
BOTS = ("strong", "simple")


def _check(cond: object, msg: str) -> None:
    if not cond:
        raise ContentError(f"encounters.json: {msg}")


def _texts(obj: Mapping[str, Any], field: str, where: str) -> None:
    t = obj.get(field)
    _check(isinstance(t, dict) and isinstance(t.get("en"), str) and t["en"].strip()
           and isinstance(t.get("zh_hans"), str) and t["zh_hans"].strip(),
           f"{where}: {field} needs English (en) and Simplified Chinese (zh_hans)")


def _ordered(table: Mapping[str, Mapping[str, float]], keys: tuple[str, ...], where: str) -> None:
    _check(set(table) == set(DIFFICULTIES), f"{where}: difficulty needs exactly {', '.join(DIFFICULTIES)}")
    for d in DIFFICULTIES:
        unknown = set(table[d]) - set(keys)
        _check(not unknown, f"{where}.{d}: unknown keys {sorted(unknown)}")
        _check(all(isinstance(v, (int, float)) for v in table[d].values()), f"{where}.{d}: numbers only")


def _default(k: str) -> float:
    """A missing number: 1 for ``cloud_heroes_from`` and ``upgrade_every``, 99 (never) for the
    other ``*_from`` waves, else 0."""
    if k in ("cloud_heroes_from", "upgrade_every"):
        return 1
    return 99 if k.endswith("_from") else 0


def _check_adjustments(e: Mapping[str, Any], where: str) -> None:
    """CS-DM-9: easy <= normal <= hard for the Cloud, easy >= normal >= hard for the people,
    and hard differs from easy; gates only ever lose health."""
    table = e.get("difficulty") or {}
    _ordered(table, ADJUSTMENTS, where)
    vals = {d: {k: table[d].get(k, _default(k)) for k in ADJUSTMENTS} for d in DIFFICULTIES}
    for k in ADJUSTMENTS:
        seq = [vals[d][k] for d in DIFFICULTIES]
        want = sorted(seq) if k.startswith("cloud") and k not in LATER else sorted(seq, reverse=True)
        _check(seq == want, f"{where}: {k} out of order over {', '.join(DIFFICULTIES)}: {seq}")
    _check(vals["easy"] != vals["hard"], f"{where}: hard must differ from easy")
    _check(all(-6 <= vals[d][k] <= 0 for d in DIFFICULTIES for k in ("cloud_gate", "people_gate")),
           f"{where}: gate adjustments are -6..0")


def _check_encounter(e: dict[str, Any], factions: list[str]) -> None:
    where = str(e.get("id"))
    for k in ("id", "number", "mode", "layout", "people", "cloud", "waves", "objective", "bot", "difficulty"):
        _check(k in e, f"{where}: missing {k}")
    _texts(e, "name", where)
    _texts(e, "story", where)
    _check(e["mode"] in ("solo", "coop"), f"{where}: mode is solo or coop")
    cloud = e["cloud"]
    most = 3 if e["mode"] == "solo" else 2
    _check(isinstance(cloud, list) and 1 <= len(cloud) <= most and len(set(cloud)) == len(cloud)
           and all(f in factions for f in cloud), f"{where}: cloud is 1-{most} distinct factions")
    low, high = (1, 1) if e["mode"] == "solo" else tuple(e.get("people_count", (2, min(3, 4 - len(cloud)))))
    _check(1 <= low <= high and high + len(cloud) <= 4 and (e["mode"] == "solo" or low >= 2),
           f"{where}: people_count {low}-{high} with {len(cloud)} Cloud factions (at most 4 seats)")
    people = e["people"]
    _check(people == "any" or (isinstance(people, list) and len(people) >= high and len(set(people)) == len(people)
                               and all(f in factions and f not in cloud for f in people)),
           f"{where}: people is 'any' or a faction per person, none of them the Cloud's")
    lay = e["layout"]
    _check(lay == "random" or (isinstance(lay, dict) and isinstance(lay.get("seed"), int)),
           f"{where}: layout is 'random' or {{'seed': n}}")
    _check(isinstance(e["waves"], int) and 2 <= e["waves"] <= 8, f"{where}: waves 2-8")
    ob = e["objective"]
    _check(ob.get("kind") in OBJECTIVES, f"{where}: objective kind one of {OBJECTIVES}")
    if ob["kind"] == "break_gate":
        _check(isinstance(ob.get("by"), int) and 1 <= ob["by"] <= e["waves"], f"{where}: break_gate by 1..waves")
    if ob["kind"] == "protect_well":
        _check(ob.get("well") in WELLS, f"{where}: protect_well's well one of {WELLS}")
    _check(e["bot"] in BOTS, f"{where}: bot one of {BOTS}")
    _check(e.get("events", "on") in ("on", "off"), f"{where}: events on or off")
    _check_adjustments(e, where)


def _check_endless(x: dict[str, Any]) -> None:
    _texts(x, "name", "endless")
    _texts(x, "story", "endless")
    _check(isinstance(x.get("cap"), int) and 5 <= x["cap"] <= 60, "endless: cap 5-60 waves")
    _ordered(x.get("difficulty") or {}, ENDLESS_KEYS, "endless")
    table = x["difficulty"]
    for k in ("base_source", "base_cp", "step_source", "step_cp"):
        seq = [table[d].get(k, 0) for d in DIFFICULTIES]
        _check(seq == sorted(seq), f"endless: {k} grows easy -> hard: {seq}")
    for k in LATER:
        seq = [table[d].get(k, _default(k)) for d in DIFFICULTIES]
        _check(seq == sorted(seq, reverse=True), f"endless: {k} comes sooner easy -> hard: {seq}")
    events = load()["events"]
    _check(all(h in events for h in x.get("harsh_events", [])) and x.get("harsh_events"),
           "endless: harsh_events are event ids")


def _load() -> tuple[Mapping[str, Mapping[str, Any]], Mapping[str, Any], Mapping[str, int]]:
    with open(os.path.join(DATA, "encounters.json"), encoding="utf-8") as f:
        raw = json.load(f)
    factions = list(load()["faction_order"])
    seen: dict[str, dict[str, Any]] = {}
    for e in raw["encounters"]:
        _check_encounter(e, factions)
        _check(e["id"] not in seen and e["id"] not in ("none", "endless"), f"{e['id']}: id used twice or reserved")
        seen[e["id"]] = e
    for mode in ("solo", "coop"):
        numbers = sorted(e["number"] for e in seen.values() if e["mode"] == mode)
        _check(len(numbers) >= 6 and numbers == list(range(1, len(numbers) + 1)),
               f"{mode}: at least 6 encounters numbered 1..n")
    _check_endless(raw["endless"])
    out = raw.get("outnumbered", {})
    _check(set(out) == {"source", "cp"} and all(isinstance(v, int) and v >= 0 for v in out.values()),
           "outnumbered: {source, cp}, whole numbers >= 0")
    ordered = sorted(seen.values(), key=lambda e: (DESIGNED.index(e["mode"]), e["number"]))
    return (MappingProxyType({e["id"]: e for e in ordered}), MappingProxyType(raw["endless"]),
            MappingProxyType(out))


ENCOUNTERS, ENDLESS, OUTNUMBERED = _load()


# ---------------------------------------------------------------- options -> seats

def is_designed(options: Mapping[str, Any] | None) -> bool:
    return options is not None and options.get("mode") in DESIGNED


def encounter_ids(mode: str) -> tuple[str, ...]:
    """The encounters of ``mode`` ("solo" or "coop") in campaign order; () for other modes."""
    return tuple(e["id"] for e in ENCOUNTERS.values() if e["mode"] == mode)


def encounter_of(options: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The encounter a solo or co-op game plays ("none" or absent: the mode's first); None
    for endless, ffa and teams. An unknown encounter, or one of another mode, is refused
    (IllegalAction ``cloudspire.err.bad_option``)."""
    mode = options.get("mode")
    if mode not in ("solo", "coop"):
        return None
    eid = options.get("encounter", "none")
    if eid in (None, "none"):
        return ENCOUNTERS[encounter_ids(mode)[0]]
    e = ENCOUNTERS.get(eid)
    if e is None or e["mode"] != mode:
        raise illegal("bad_option", "That encounter belongs to another mode.", option="encounter")
    return e


def cloud_seats(options: Mapping[str, Any]) -> int:
    """How many Cloud seats: the encounter's Cloud factions, 3 in endless, 0 otherwise."""
    if options.get("mode") == "endless":
        return ENDLESS_CLOUD
    e = encounter_of(options)
    return len(e["cloud"]) if e else 0


def people_range(options: Mapping[str, Any]) -> tuple[int, int]:
    """How many people: solo and endless (1, 1), co-op (2, 3) as the encounter narrows it."""
    if options.get("mode") == "endless":
        return (1, 1)
    e = encounter_of(options)
    if e is None:
        return (2, 4)  # ffa and teams: every seat is a person's
    if e["mode"] == "solo":
        return (1, 1)
    low, high = e.get("people_count", (2, 3))
    return (int(low), min(int(high), 4 - len(e["cloud"])))


def seat_range(options: Mapping[str, Any]) -> tuple[int, int]:
    low, high = people_range(options)
    c = cloud_seats(options)
    return (low + c, high + c)


def people_of(options: Mapping[str, Any], seats: int) -> int:
    return seats - cloud_seats(options)


def teams(options: Mapping[str, Any], seats: int | None = None) -> list[list[int]]:
    """[[people seats], [Cloud seats]] (``seats`` None: the fewest people)."""
    n = seat_range(options)[0] if seats is None else seats
    p = people_of(options, n)
    return [list(range(p)), list(range(p, n))]


def is_cloud(state_or_options: Mapping[str, Any], seats: int | None, seat: int) -> bool:
    """Whether ``seat`` is a Cloud seat, from a state (its ``designed`` block) or options."""
    d = state_or_options.get("designed")
    if isinstance(d, Mapping):
        return seat in d["cloud"]
    opts = state_or_options.get("options", state_or_options)
    if not is_designed(opts):
        return False
    n = seat_range(opts)[0] if seats is None else seats
    return people_of(opts, n) <= seat < n


def cloud_factions(options: Mapping[str, Any]) -> list[str | None]:
    if options.get("mode") == "endless":
        return [None] * ENDLESS_CLOUD
    e = encounter_of(options)
    return list(e["cloud"]) if e else []


def bot_level(options: Mapping[str, Any]) -> str:
    """Which bot plays the Cloud (CS-DM-10): the encounter's, the strong one in endless."""
    e = encounter_of(options)
    return e["bot"] if e else "strong"


def adjustments(options: Mapping[str, Any]) -> dict[str, float]:
    """The difficulty's numbers: an encounter's (every key of ADJUSTMENTS) or endless's (every
    key of ENDLESS_KEYS; missing ones as ``_default``); {} for ffa/teams."""
    d = options.get("difficulty", "normal")
    if options.get("mode") == "endless":
        row = ENDLESS["difficulty"][d]
        return {k: row.get(k, _default(k)) for k in ENDLESS_KEYS}
    e = encounter_of(options)
    if e is None:
        return {}
    return {k: e["difficulty"][d].get(k, _default(k)) for k in ADJUSTMENTS}


# ---------------------------------------------------------------- words

def _entry(eid: str) -> Mapping[str, Any]:
    return ENDLESS if eid == "endless" else ENCOUNTERS[eid]


def encounter_name(eid: str, lang: str) -> str:
    """An encounter's (or "endless"'s) name in English or Simplified Chinese ("zh", "zh-CN")."""
    return pick(_entry(eid)["name"], lang)


def story(eid: str, lang: str) -> str:
    """An encounter's (or "endless"'s) story line in English or Simplified Chinese."""
    return pick(_entry(eid)["story"], lang)
