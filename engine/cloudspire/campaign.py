"""The designed campaigns across matches (CS-DM, docs/rules/cloudspire.md "Designed modes"):
the solo campaign and the co-op campaign, each a row of encounters played in order
(``modes.encounter_ids(mode)``). Pure: progress is plain JSON, every function returns a new
value. The host keeps one progress per channel (a thread is a channel of its own) and calls
:func:`record` when a match of that channel ends (gamehost/campaigns.py).

Progress::

    {"solo": {"won": {"<encounter>": {"wins": 2, "best": "hard",
                                      "victories": [{"match": 12, "at": 1700000000.0,
                                                     "difficulty": "hard",
                                                     "players": [{"user_id": 1, "name": "alice"}],
                                                     "reason": "objective", "waves": 4}, ...]}},
              "open": ["<encounter>", ...]},           # campaign order
     "coop": {...}}

* Each campaign's first encounter is always open.
* A victory (the people's side wins: seat 0, a person in every designed mode, is among the
  winners) records the win and opens the next encounter of that campaign; an encounter won
  counts as open. Nothing is ever closed again.
* A defeat, an endless game, a free-for-all or a team game records nothing; the same match is
  recorded once (by its match id), so recording twice changes nothing.
* ``best`` is the hardest difficulty the encounter was won at (``modes.DIFFICULTIES`` order).
"""
from __future__ import annotations

from typing import Any, Mapping

from engine.base import IllegalAction

from .modes import DIFFICULTIES, ENCOUNTERS, encounter_ids

CAMPAIGNS: tuple[str, ...] = ("solo", "coop")
PEOPLE_SEAT = 0  # the designed modes seat the people first


def order(mode: str) -> tuple[str, ...]:
    """The campaign's encounters in order (() for a mode without a campaign)."""
    return encounter_ids(mode) if mode in CAMPAIGNS else ()


def first(mode: str) -> str:
    return order(mode)[0]


def empty() -> dict:
    """The progress of a channel that has won nothing: each campaign's first encounter open."""
    return {mode: {"won": {}, "open": [first(mode)]} for mode in CAMPAIGNS}


def normalize(progress: Mapping | None) -> dict:
    """A clean copy: each campaign's first encounter open, the encounter after each won one
    open, unknown ids (content renamed since) dropped, lists in campaign order."""
    progress = progress or {}
    out = {}
    for mode in CAMPAIGNS:
        ids = order(mode)
        part = progress.get(mode) or {}
        won = {e: _copy_won(w) for e, w in (part.get("won") or {}).items() if e in ids}
        opened = {ids[0], *won, *(e for e in part.get("open") or () if e in ids)}
        opened.update(ids[i + 1] for i, e in enumerate(ids[:-1]) if e in won)
        out[mode] = {"won": {e: won[e] for e in ids if e in won}, "open": [e for e in ids if e in opened]}
    return out


def _copy_won(w: Mapping) -> dict:
    victories = [dict(v, players=[dict(p) for p in v.get("players") or ()]) for v in w.get("victories") or ()]
    return {"wins": int(w.get("wins", len(victories))), "best": w.get("best"), "victories": victories}


def campaign_of(options: Mapping | None) -> str | None:
    """The campaign a match with these options belongs to ("solo", "coop"), or None."""
    mode = (options or {}).get("mode")
    return mode if mode in CAMPAIGNS else None


def encounter_id(options: Mapping | None) -> str | None:
    """The encounter these options play ("none": the campaign's first), or None."""
    mode = campaign_of(options)
    if mode is None:
        return None
    eid = (options or {}).get("encounter", "none")
    return first(mode) if eid in (None, "none") else str(eid)


def is_victory(result: Mapping | None) -> bool:
    """A finished designed game's stored result is the people's victory."""
    return bool(result) and PEOPLE_SEAT in ((result or {}).get("winners") or ())


def recorded(progress: Mapping | None, match_id: int) -> bool:
    for mode in CAMPAIGNS:
        for w in (((progress or {}).get(mode) or {}).get("won") or {}).values():
            if any(v.get("match") == match_id for v in w.get("victories") or ()):
                return True
    return False


def record(progress: Mapping | None, *, match_id: int, options: Mapping, result: Mapping | None,
           players: list[Mapping], at: float) -> dict:
    """The progress after a finished match: the people's victory in a campaign encounter adds
    the win (once per match) and opens the next encounter; anything else leaves the progress
    as it was (normalized)."""
    out = normalize(progress)
    mode, eid = campaign_of(options), encounter_id(options)
    if mode is None or eid not in order(mode) or not is_victory(result) or recorded(out, match_id):
        return out
    difficulty = (options or {}).get("difficulty", "normal")
    figures = (result or {}).get("figures") or {}
    objective = figures.get("objective") if isinstance(figures.get("objective"), Mapping) else {}
    entry = {"match": match_id, "at": at, "difficulty": difficulty,
             "players": [{"user_id": p.get("user_id"), "name": p.get("name")} for p in players
                         if p.get("user_id") is not None],
             "reason": (objective or {}).get("reason") or (result or {}).get("reason"),
             "waves": figures.get("waves_survived")}
    won = out[mode]["won"].get(eid) or {"wins": 0, "best": None, "victories": []}
    won["victories"].append(entry)
    won["wins"] += 1
    won["best"] = hardest(won["best"], difficulty)
    out[mode]["won"][eid] = won
    return normalize(out)


def hardest(a: str | None, b: str | None) -> str | None:
    rank = {d: i for i, d in enumerate(DIFFICULTIES)}
    known = [d for d in (a, b) if d in rank]
    return max(known, key=rank.__getitem__) if known else (a or b)


# -- questions ------------------------------------------------------------------------------

def status(progress: Mapping | None, eid: str) -> str:
    """``won``, ``open`` (playable, not won yet) or ``locked``."""
    mode = ENCOUNTERS[eid]["mode"]
    part = normalize(progress)[mode]
    if eid in part["won"]:
        return "won"
    return "open" if eid in part["open"] else "locked"


def playable(progress: Mapping | None, mode: str) -> list[str]:
    """The encounters of ``mode``'s campaign this progress may start now, in order."""
    return normalize(progress)[mode]["open"] if mode in CAMPAIGNS else []


def next_encounter(progress: Mapping | None, mode: str) -> str | None:
    """What ``/cloudspire new mode:<mode>`` plays when no encounter is named: the first open
    encounter not won yet, else the last open one (every one won: the last); None for a mode
    without a campaign."""
    if mode not in CAMPAIGNS:
        return None
    part = normalize(progress)[mode]
    fresh = [e for e in part["open"] if e not in part["won"]]
    return fresh[0] if fresh else part["open"][-1]


def unlocked_by(eid: str) -> str | None:
    """The encounter whose victory opens ``eid`` (None for a campaign's first)."""
    ids = order(ENCOUNTERS[eid]["mode"])
    i = ids.index(eid)
    return ids[i - 1] if i > 0 else None


def encounter_ref(text: Any, mode: str | None = None) -> str | None:
    """An encounter named by id, campaign number (``3``, with ``mode``) or name in either
    language; None if nothing matches."""
    if text is None:
        return None
    word = str(text).strip()
    if word in ENCOUNTERS:
        return word
    low = word.lower().lstrip("#")
    for eid, e in ENCOUNTERS.items():
        if mode is not None and e["mode"] != mode:
            continue
        names = [str(n).lower() for n in (e.get("name") or {}).values()]
        if (mode is not None and low == str(e["number"])) or low in names or low == eid.replace("_", " "):
            return eid
    return None


def check_new(progress: Mapping | None, options: Mapping) -> None:
    """Refuse to start an encounter this progress has not opened
    (``cloudspire.err.encounter_locked``, naming the encounter whose victory opens it)."""
    mode, eid = campaign_of(options), encounter_id(options)
    if mode is None or eid not in order(mode) or eid in playable(progress, mode):
        return
    by = unlocked_by(eid) or first(mode)
    raise IllegalAction("cloudspire.err.encounter_locked",
                        f"{mode} encounter {ENCOUNTERS[eid]['number']} is locked here: win encounter "
                        f"{ENCOUNTERS[by]['number']} first", encounter=eid, number=ENCOUNTERS[eid]["number"],
                        by=by, by_number=ENCOUNTERS[by]["number"], mode=mode)
