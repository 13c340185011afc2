"""The campaign across matches (KR-SET-1): which scenarios a group has won and what those
victories unlocked. Pure: progress is plain JSON, every function returns a new value.

The host keeps one progress per channel (a thread is a channel of its own) and calls
:func:`record` when a match of that channel ends (gamehost/campaigns.py); it never needs to
know the rules below.

Progress::

    {"won": {"<scenario>": {"wins": 2, "best": "hard",
                            "victories": [{"match": 12, "at": 1700000000.0, "difficulty": "hard",
                                           "players": [{"user_id": 1, "name": "alice"}],
                                           "reason": "victory_portals", "rounds": 7}, ...]}},
     "scenarios": ["<unlocked scenario>", ...],      # campaign order
     "spells": ["<unlocked spell>", ...]}            # spells.json order

* The first scenario of the campaign is always unlocked.
* A victory unlocks its scenario's ``unlocks.scenarios`` and ``unlocks.spells``; a scenario
  won (even one started with a moderator's override) counts as unlocked. Unlocks are never
  taken back; the unlocks of won scenarios are applied again on reading, so content that
  later unlocks more gives it to channels that already won.
* A defeat (or a cancelled match) records nothing; the same match is recorded once (by its
  match id), so recording twice changes nothing.
* ``best`` is the hardest difficulty the scenario was won at (``setup.DIFFICULTIES`` order).
"""
from __future__ import annotations

from typing import Any, Mapping

from engine.base import IllegalAction

from .content import SCENARIOS, SPELLS
from .setup import DIFFICULTIES

ORDER: tuple[str, ...] = tuple(sorted(SCENARIOS, key=lambda s: SCENARIOS[s]["number"]))
FIRST = ORDER[0]


def empty() -> dict:
    """The progress of a channel that has won nothing: only the first scenario is open."""
    return {"won": {}, "scenarios": [FIRST], "spells": []}


def normalize(progress: Mapping | None) -> dict:
    """A clean copy: the first scenario unlocked, the unlocks of every won scenario applied,
    unknown ids (content renamed since) dropped, lists in campaign order."""
    progress = progress or {}
    won = {s: _copy_won(w) for s, w in (progress.get("won") or {}).items() if s in SCENARIOS}
    scenarios = {FIRST, *won, *(s for s in progress.get("scenarios") or () if s in SCENARIOS)}
    spells = {s for s in progress.get("spells") or () if s in SPELLS}
    for scenario in won:
        unlocks = SCENARIOS[scenario]["unlocks"]
        scenarios.update(s for s in unlocks["scenarios"] if s in SCENARIOS)
        spells.update(s for s in unlocks["spells"] if s in SPELLS)
    return {"won": {s: won[s] for s in ORDER if s in won},
            "scenarios": [s for s in ORDER if s in scenarios],
            "spells": [s for s in SPELLS if s in spells]}


def _copy_won(w: Mapping) -> dict:
    victories = [dict(v, players=[dict(p) for p in v.get("players") or ()]) for v in w.get("victories") or ()]
    return {"wins": int(w.get("wins", len(victories))), "best": w.get("best"), "victories": victories}


def is_victory(result: Mapping | None) -> bool:
    """A finished match's stored result (``{"winners", "reason", ...}``) is a team victory."""
    return bool(result and result.get("winners") and str(result.get("reason", "")).startswith("victory"))


def recorded(progress: Mapping | None, match_id: int) -> bool:
    """Whether this match's victory is already in the progress."""
    for w in ((progress or {}).get("won") or {}).values():
        if any(v.get("match") == match_id for v in w.get("victories") or ()):
            return True
    return False


def record(progress: Mapping | None, *, match_id: int, options: Mapping, result: Mapping | None,
           players: list[Mapping], at: float) -> dict:
    """The progress after a finished match: a victory adds the win (once per match) and its
    scenario's unlocks; anything else leaves the progress as it was (normalized)."""
    out = normalize(progress)
    scenario = (options or {}).get("scenario", FIRST)
    if not is_victory(result) or scenario not in SCENARIOS or recorded(out, match_id):
        return out
    difficulty = (options or {}).get("difficulty", "normal")
    figures = (result or {}).get("figures") or {}
    entry = {"match": match_id, "at": at, "difficulty": difficulty,
             "players": [{"user_id": p.get("user_id"), "name": p.get("name")} for p in players],
             "reason": (result or {}).get("reason"), "rounds": figures.get("rounds")}
    won = out["won"].get(scenario) or {"wins": 0, "best": None, "victories": []}
    won["victories"].append(entry)
    won["wins"] += 1
    won["best"] = hardest(won["best"], difficulty)
    out["won"][scenario] = won
    return normalize(out)


def hardest(a: str | None, b: str | None) -> str | None:
    rank = {d: i for i, d in enumerate(DIFFICULTIES)}
    known = [d for d in (a, b) if d in rank]
    return max(known, key=rank.__getitem__) if known else (a or b)


# -- questions ------------------------------------------------------------------------------

def status(progress: Mapping | None, scenario: str) -> str:
    """``won``, ``unlocked`` (playable, not won yet) or ``locked``."""
    p = normalize(progress)
    if scenario in p["won"]:
        return "won"
    return "unlocked" if scenario in p["scenarios"] else "locked"


def playable(progress: Mapping | None) -> list[str]:
    """The scenarios this progress may start now, in campaign order."""
    return normalize(progress)["scenarios"]


def unlocked_by(scenario: str) -> list[str]:
    """The scenarios whose victory unlocks ``scenario`` (campaign order; none for the first)."""
    return [s for s in ORDER if scenario in SCENARIOS[s]["unlocks"]["scenarios"]]


def scenario_id(text: Any) -> str | None:
    """A scenario named by id, campaign number (``2``) or name in either language; None if
    nothing matches."""
    if text is None:
        return None
    word = str(text).strip()
    if word in SCENARIOS:
        return word
    low = word.lower().lstrip("#")
    for s in ORDER:
        sc = SCENARIOS[s]
        names = [str(n).lower() for n in (sc.get("name") or {}).values()]
        if low == str(sc["number"]) or low in names or low == s.replace("_", " "):
            return s
    return None


def check_new(progress: Mapping | None, options: Mapping) -> None:
    """Refuse to start a scenario this progress has not unlocked (``kr.err.scenario_locked``,
    naming the scenario that unlocks it)."""
    scenario = (options or {}).get("scenario", FIRST)
    if scenario not in SCENARIOS or scenario in playable(progress):
        return
    by = (unlocked_by(scenario) or [FIRST])[0]
    raise IllegalAction("kr.err.scenario_locked",
                        f"scenario {SCENARIOS[scenario]['number']} is locked here: win scenario "
                        f"{SCENARIOS[by]['number']} first", scenario=scenario,
                        number=SCENARIOS[scenario]["number"], by=by, by_number=SCENARIOS[by]["number"])
