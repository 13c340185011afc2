"""Every word the Kingdom Rush pictures draw: content names from ``engine.kr.names`` (the
content's ``name`` fields, English and Simplified Chinese, as the cog's) and labels from the
message catalog (``locales/kr/core.json``, ``kr.render.*``). A text the bundled fonts cannot draw
falls back to English (render/names.py). Also the cached map geometry and horde grids the
pictures lay out from."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from engine.kr.content import ENEMIES, HORDES, SCENARIOS, TOWERS, map_dict
from engine.kr.hordegrid import HordeGrid, horde_grid
from engine.kr.mapgeo import MapGeo
from engine.kr.names import NAMES
from engine.names import is_chinese
from render.names import content_name, labels
from render.names import seat_name as _seat_name

PREFIX = "kr.render."

label = labels(PREFIX)
"""The renderer's own word ``kr.render.<key>`` in ``lang`` (render/names.py ``text``)."""


def zh(lang: str | None) -> bool:
    return is_chinese(lang)


def seat_name(seat_names: list[str] | None, seat: int, lang: str | None) -> str:
    return _seat_name(seat_names, seat, lang, lambda s, lg: label("player", lg, n=s + 1))


def scenario_name(sid: str, lang: str | None) -> str:
    return content_name(NAMES, "scenarios", sid, lang) if sid in SCENARIOS else str(sid)


def horde_name(card: str, lang: str | None) -> str:
    return content_name(NAMES, "hordes", card, lang)


def enemy_name(kind: str, lang: str | None) -> str:
    return content_name(NAMES, "enemies", kind, lang)


def tower_name(card: str, lang: str | None) -> str:
    return content_name(NAMES, "towers", card, lang)


def tower(card: str) -> Mapping[str, Any]:
    return TOWERS[card]


def hero_name(hero: str, lang: str | None) -> str:
    if hero == "wildcat":
        return label("wildcat", lang)
    return content_name(NAMES, "heroes", hero, lang)


def ability_name(ability: str, lang: str | None) -> str:
    return content_name(NAMES, "abilities", ability, lang)


def skill_name(hero: str, lang: str | None) -> str:
    """A hero's skill (its basic attack's extra), by the hero's id."""
    return content_name(NAMES, "skills", hero, lang)


def hero_initial(hero: str, lang: str | None) -> str:
    """One or two characters naming a hero on a token."""
    if hero == "wildcat":
        return label("wildcat_short", lang)
    name = hero_name(hero, lang)
    return name[:1] if zh(lang) else name[:2]


def enemy_short(kind: str, lang: str | None) -> str:
    """An enemy's initials for small squares (Chinese: first two characters)."""
    name = enemy_name(kind, lang)
    if zh(lang) and not name.isascii():
        return name[:2]
    words = name.split()
    return (words[0][:1] + words[1][:1]) if len(words) > 1 else name[:2]


def family_short(family: str, lang: str | None) -> str:
    return label(f"fam.{family}", lang)


def level_text(card: str) -> str:
    t = TOWERS[card]
    return f"{t['level']}{t['variant'] or ''}"


def phase_name(phase: object, lang: str | None) -> str:
    if phase == "over":
        return label("phase.over", lang)
    return label(f"phase.{phase}", lang) if phase in (1, 2, 3, 4, 5, 6) else str(phase)


# ---------------------------------------------------------------- content geometry


@lru_cache(maxsize=None)
def geo(scenario: str) -> MapGeo:
    return MapGeo.from_dict(map_dict(scenario))


@lru_cache(maxsize=None)
def grid(card: str) -> HordeGrid:
    return horde_grid(HORDES[card], ENEMIES)


def card(card_id: str) -> Mapping[str, Any]:
    return HORDES[card_id]


def enemy(kind: str) -> Mapping[str, Any]:
    return ENEMIES[kind]
