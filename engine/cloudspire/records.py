"""Endless records (CS-DM, Endless): what a finished endless game leaves for the server's
table of best runs (kept by the host: gamehost/endless_records.py). Pure.

An endless game seats one person (seat 0) against the Cloud; the run is the person's faction,
the difficulty, the score (the waves survived, ``result["figures"]["waves_survived"]``) and
its tie-break (the person's fortress power at the end)."""
from __future__ import annotations

from typing import Any, Mapping, Sequence, cast

from .scoring import fortress_power

PERSON = 0  # endless seats its one person first, then the Cloud (the designed modes' seat order)


def counts(options: Mapping[str, Any] | None) -> bool:
    """Whether a match with these options is an endless run."""
    return (options or {}).get("mode") == "endless"


def run(options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]], state: Mapping[str, Any],
        result: Mapping[str, Any]) -> dict | None:
    """The run a finished match leaves (``{"seat", "faction", "difficulty", "waves",
    "power"}``), or None when it is no endless game."""
    if not counts(options) or not state.get("factions") or not state.get("players"):
        return None
    figures = result.get("figures") or {}
    mine = figures.get(str(PERSON)) if isinstance(figures.get(str(PERSON)), Mapping) else None
    power = int(mine["power"]) if mine and "power" in mine else fortress_power(cast(Any, state), PERSON)
    return {"seat": PERSON, "faction": state["factions"][PERSON],
            "difficulty": str(figures.get("difficulty") or options.get("difficulty") or "normal"),
            "waves": int(figures.get("waves_survived") or 0), "power": power}
