"""Every word the Empire vs Steppe pictures draw: card names, texts and numbers through the
engine's content (the only engine imports of this package), labels through the message
catalog (``locales/evs_render.json``, ``evs.render.*``; the loss reasons are the engine's
``evs.reason.*``).

Content is validated by the engine when it loads: an id that is not in it is a bug and
raises ``KeyError``. Chinese is drawn in Chinese (the bundled CJK fallback face); a text the
fonts cannot draw falls back to English."""

from __future__ import annotations

from functools import lru_cache
from string import Formatter

from engine.evs import morale_rules, terrain_rules
from engine.evs.content import COMMANDS, FACTIONS, GENERAL_BY_ID, UNITS
from gamehost.i18n import catalog, normalize_locale
from render.common import can_draw, has_readable, safe_text

PREFIX = "evs.render."

# ---------------------------------------------------------------- catalog


@lru_cache(maxsize=None)
def _locale_for(key: str, lang: str) -> str:
    texts = catalog().entries.get(key)
    if texts is None:
        raise KeyError(f"{key} is not in the message catalog")
    loc = normalize_locale(lang)
    literal = "".join(lit for lit, _f, _s, _c in Formatter().parse(texts[loc]))
    return loc if can_draw(literal) else "en"


def text(key: str, lang: str | None, /, **params) -> str:
    """Catalog text ``key`` in ``lang`` (English if the fonts cannot draw it)."""
    return catalog().t(key, _locale_for(key, str(lang or "en")), **params)


def label(key: str, lang: str | None, /, **params) -> str:
    """The renderer's own word ``evs.render.<key>``."""
    return text(PREFIX + key, lang, **params)


def reason(reason_id: str, lang: str | None) -> str:
    """A loss reason in the engine's words (``evs.reason.*``)."""
    return text(f"evs.reason.{reason_id}", lang)


def seat_name(seat_names, seat: int, lang: str | None) -> str:
    raw = ""
    if seat_names and 0 <= seat < len(seat_names) and seat_names[seat] is not None:
        raw = safe_text(seat_names[seat]).strip()
    return raw if raw and has_readable(raw) else label("player", lang, n=seat + 1)


def _pick(texts, lang: str | None) -> str:
    """``texts[lang]`` (``{"en", "zh-CN"}``) if the fonts draw it, else the English one."""
    loc = normalize_locale(lang)
    s = texts.get(loc) or texts["en"]
    return safe_text(s if can_draw(s) else texts["en"])


# ---------------------------------------------------------------- factions


def faction_name(fid: str, lang: str | None) -> str:
    return _pick(FACTIONS[fid]["name"], lang)


def faction_colour(fid: str) -> str:
    return FACTIONS[fid]["colour"]


def effects(fid: str, lang: str | None) -> list[tuple[str, str]]:
    """The faction effects (ES-FAC-1): ``(name, text)`` in card order."""
    return [(_pick(e["name"], lang), _pick(e["text"], lang)) for e in FACTIONS[fid]["effects"]]


def effect_name(fid: str, eid: str, lang: str | None) -> str:
    e = next(e for e in FACTIONS[fid]["effects"] if e["id"] == eid)
    return _pick(e["name"], lang)


# ---------------------------------------------------------------- units and commands


def is_unit(card: str) -> bool:
    return card in UNITS


def unit(card: str) -> dict:
    return UNITS[card]


def unit_name(card: str, lang: str | None) -> str:
    return _pick(UNITS[card]["name"], lang)


def command(card: str) -> dict:
    """A command card's or a general command's spec (``cost``, ``power``, ``unit``,
    ``markers``, ``phases``)."""
    return COMMANDS[card] if card in COMMANDS else GENERAL_BY_ID[card]


def command_name(card: str, lang: str | None) -> str:
    return _pick(command(card)["name"], lang)


def command_text(card: str, lang: str | None) -> str:
    return _pick(command(card)["text"], lang)


def command_unit(card: str, lang: str | None) -> str | None:
    """The unit name a command card is for (ES-CARD-7), None for any unit."""
    u = command(card)["unit"]
    return unit_name(u, lang) if u else None


def card_name(card: str, lang: str | None) -> str:
    """A unit or command card's name."""
    return unit_name(card, lang) if card in UNITS else command_name(card, lang)


def generals() -> list[str]:
    """The general command ids (ES-AMB-24), move / attack / defence."""
    return list(GENERAL_BY_ID)


# ---------------------------------------------------------------- the expansions


def terrain(card_id: str, lang: str | None) -> dict:
    """A terrain card as drawn: ``height``, ``forest``, ``penalty``, ``cover`` (the forest
    cover bonus, 0 for none), ``name``, ``text``."""
    c = terrain_rules.card_view(card_id)
    eff = c["effect"] or {}
    return {"height": c["height"], "forest": c["forest"], "penalty": c["penalty"],
            "cover": eff.get("defence", 0) if eff.get("kind") == "cover" else 0,
            "name": _pick(c["name"], lang), "text": _pick(c["text"], lang)}


def morale_card(card_id: str, lang: str | None) -> dict:
    """A morale card as drawn: ``faction``, ``kind`` (buff / debuff), ``duration`` (once /
    ongoing), ``value``, ``name``, ``text``."""
    c = morale_rules.card(card_id)
    return {"faction": c["faction"], "kind": c["kind"], "duration": c["duration"], "value": c["value"],
            "name": _pick(c["name"], lang), "text": _pick(c["text"], lang)}
