"""Kingdom Rush's content names (engine/names.py): towers, heroes, their abilities and skills
(a hero's skill by the hero's id), horde cards and their boss rules, enemies, spells and
scenarios."""
from __future__ import annotations

from typing import Any

from ..names import ContentNames, Table
from .content import ENEMIES, HEROES, HORDES, SCENARIOS, SPELLS, TOWERS


def _abilities() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for hero in HEROES.values():
        for ability in hero.get("abilities") or ():
            out.setdefault(ability["id"], ability)
    return out


def _skills() -> dict[str, Any]:
    return {hero: spec["skill"] for hero, spec in HEROES.items() if spec.get("skill")}


def _boss_rules() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for card in HORDES.values():
        for rule in (card.get("boss") or {}).get("rules") or ():
            out.setdefault(rule["id"], rule)
    return out


NAMES = ContentNames({"towers": Table(TOWERS), "heroes": Table(HEROES), "abilities": Table(_abilities),
                      "skills": Table(_skills),
                      "hordes": Table(HORDES), "boss_rules": Table(_boss_rules), "enemies": Table(ENEMIES),
                      "spells": Table(SPELLS), "scenarios": Table(SCENARIOS)})
name = NAMES.name
