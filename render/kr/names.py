"""Every word the Kingdom Rush pictures draw: content names from ``engine.kr.content`` (their
``name`` fields, English and Simplified Chinese) and labels from the message catalog
(``locales/kr.json``, ``kr.render.*``). A text the bundled fonts cannot draw falls back to
English. Also the cached map geometry and horde grids the pictures lay out from."""

from __future__ import annotations

from functools import lru_cache
from string import Formatter
from typing import Any, Mapping

from engine.kr.content import ENEMIES, HEROES, HORDES, SCENARIOS, TOWERS, map_dict
from engine.kr.hordegrid import HordeGrid, horde_grid
from engine.kr.mapgeo import MapGeo
from gamehost.i18n import catalog, normalize_locale
from render.common import can_draw, has_readable, safe_text

PREFIX = "kr.render."


@lru_cache(maxsize=None)
def _locale_for(key: str, lang: str) -> str:
    texts = catalog().entries.get(key)
    if texts is None:
        raise KeyError(f"{key} is not in the message catalog")
    loc = normalize_locale(lang)
    literal = "".join(lit for lit, _f, _s, _c in Formatter().parse(texts[loc]))
    return loc if can_draw(literal) else "en"


def label(key: str, lang: str | None, /, **params: Any) -> str:
    """The renderer's own word ``kr.render.<key>`` in ``lang``."""
    k = PREFIX + key
    return catalog().t(k, _locale_for(k, str(lang or "en")), **params)


def zh(lang: str | None) -> bool:
    return normalize_locale(lang) == "zh-CN"


def _pick(texts: Mapping[str, str], lang: str | None) -> str:
    s = texts.get(normalize_locale(lang)) or texts["en"]
    return safe_text(s if can_draw(s) else texts["en"])


def seat_name(seat_names: list[str] | None, seat: int, lang: str | None) -> str:
    raw = ""
    if seat_names and 0 <= seat < len(seat_names) and seat_names[seat] is not None:
        raw = safe_text(seat_names[seat]).strip()
    return raw if raw and has_readable(raw) else label("player", lang, n=seat + 1)


def scenario_name(sid: str, lang: str | None) -> str:
    return _pick(SCENARIOS[sid]["name"], lang) if sid in SCENARIOS else str(sid)


def horde_name(card: str, lang: str | None) -> str:
    return _pick(HORDES[card]["name"], lang)


def enemy_name(kind: str, lang: str | None) -> str:
    return _pick(ENEMIES[kind]["name"], lang)


def tower_name(card: str, lang: str | None) -> str:
    return _pick(TOWERS[card]["name"], lang)


def tower(card: str) -> Mapping[str, Any]:
    return TOWERS[card]


def hero_name(hero: str, lang: str | None) -> str:
    if hero == "wildcat":
        return label("wildcat", lang)
    return _pick(HEROES[hero]["name"], lang)


def hero_initial(hero: str, lang: str | None) -> str:
    """One or two characters naming a hero on a token."""
    if hero == "wildcat":
        return label("wildcat_short", lang)
    name = _pick(HEROES[hero]["name"], lang)
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
