"""Empire vs Steppe's content names (engine/names.py): unit cards, command cards, the general
commands (by id), factions and their effects, and the expansions' terrain and morale cards."""
from __future__ import annotations

from typing import Any

from ..names import ContentNames, Table
from .content import COMMANDS, FACTIONS, GENERAL_BY_ID, UNITS


def _effects() -> dict[str, Any]:
    return {e["id"]: e for f in FACTIONS.values() for e in f.get("effects", [])}


def _terrain() -> Any:
    from . import terrain_rules  # the expansions load on demand (engine/evs/__init__.py)
    return terrain_rules.load()


def _morale() -> Any:
    from . import morale_cards
    return morale_cards.load()


NAMES = ContentNames({"units": Table(UNITS), "commands": Table(COMMANDS), "generals": Table(GENERAL_BY_ID),
                      "factions": Table(FACTIONS), "effects": Table(_effects), "terrain": Table(_terrain),
                      "morale": Table(_morale)})
name = NAMES.name
