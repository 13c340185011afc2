"""Cloudspire's content names (engine/names.py), from ``content.load()``: the named tables
(``content.NAMED_TABLES``: units, spires, market chips, landmarks, earthscapes, relics,
events, factions, isles), the factions' advancements, the dice (each faction's die and the
spire die), the landmarks' backs and the designed modes' encounters (modes.py)."""
from __future__ import annotations

from typing import Any

from ..names import ContentNames, Table
from . import modes
from .content import NAMED_TABLES, load


def _table(name: str) -> Table:
    return Table(lambda: load()[name])


def _advancements() -> dict[str, Any]:
    return {a["id"]: a for f in load()["factions"].values() for a in f.get("advancements", [])}


def _dice() -> dict[str, Any]:
    c = load()
    dice = {f["dice"]["id"]: f["dice"] for f in c["factions"].values() if f.get("dice")}
    return {**dice, **{k: v for k, v in c["dice"].items() if isinstance(v, dict) and k not in dice}}


NAMES = ContentNames({**{t: _table(t) for t in NAMED_TABLES}, "advancements": Table(_advancements),
                      "dice": Table(_dice), "landmark_backs": Table(lambda: load()["landmark_backs"], field=None),
                      "encounters": Table(lambda: modes.ENCOUNTERS)})
name = NAMES.name
