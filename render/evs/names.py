"""Every word the Empire vs Steppe pictures draw: card names, texts and numbers through the
engine's content (the only engine imports of this package; names through ``engine.evs.names``,
as the cog's), labels through the message
catalog (``locales/evs/render.json``, ``evs.render.*``; the loss reasons are the engine's
``evs.reason.*``).

Content is validated by the engine when it loads: an id that is not in it is a bug and
raises ``KeyError``. Chinese is drawn in Chinese (the bundled CJK fallback face); a text the
fonts cannot draw falls back to English."""

from __future__ import annotations

from engine.evs import morale_rules, terrain_rules
from engine.evs.content import COMMANDS, FACTIONS, GENERAL_BY_ID, UNITS
from engine.evs.names import NAMES
from render.names import content_name, drawable, labels, text
from render.names import seat_name as _seat_name

PREFIX = "evs.render."

# ---------------------------------------------------------------- catalog

label = labels(PREFIX)
"""The renderer's own word ``evs.render.<key>`` (render/names.py ``text``)."""


def reason(reason_id: str, lang: str | None) -> str:
    """A loss reason in the engine's words (``evs.reason.*``)."""
    return text(f"evs.reason.{reason_id}", lang)


def seat_name(seat_names, seat: int, lang: str | None) -> str:
    return _seat_name(seat_names, seat, lang, lambda s, lg: label("player", lg, n=s + 1))


# ---------------------------------------------------------------- factions


def faction_name(fid: str, lang: str | None) -> str:
    return content_name(NAMES, "factions", fid, lang)


def faction_colour(fid: str) -> str:
    return FACTIONS[fid]["colour"]


def effects(fid: str, lang: str | None) -> list[tuple[str, str]]:
    """The faction effects (ES-FAC-1): ``(name, text)`` in card order."""
    return [(effect_name(fid, e["id"], lang), drawable(e["text"], lang)) for e in FACTIONS[fid]["effects"]]


def effect_name(fid: str, eid: str, lang: str | None) -> str:
    next(e for e in FACTIONS[fid]["effects"] if e["id"] == eid)  # the faction's own effect
    return content_name(NAMES, "effects", eid, lang)


# ---------------------------------------------------------------- units and commands


def is_unit(card: str) -> bool:
    return card in UNITS


def unit(card: str) -> dict:
    return UNITS[card]


def unit_name(card: str, lang: str | None) -> str:
    return content_name(NAMES, "units", card, lang)


def command(card: str) -> dict:
    """A command card's or a general command's spec (``cost``, ``power``, ``unit``,
    ``markers``, ``phases``)."""
    return COMMANDS[card] if card in COMMANDS else GENERAL_BY_ID[card]


def command_name(card: str, lang: str | None) -> str:
    return content_name(NAMES, "commands" if card in COMMANDS else "generals", card, lang)


def command_text(card: str, lang: str | None) -> str:
    return drawable(command(card)["text"], lang)


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
            "name": content_name(NAMES, "terrain", card_id, lang), "text": drawable(c["text"], lang)}


def morale_card(card_id: str, lang: str | None) -> dict:
    """A morale card as drawn: ``faction``, ``kind`` (buff / debuff), ``duration`` (once /
    ongoing), ``value``, ``name``, ``text``."""
    c = morale_rules.card(card_id)
    return {"faction": c["faction"], "kind": c["kind"], "duration": c["duration"], "value": c["value"],
            "name": content_name(NAMES, "morale", card_id, lang), "text": drawable(c["text"], lang)}
