"""Card and ability content, read through the engine: the only module of this package that
imports ``engine.clash``.

:class:`Cards` looks card ids up (``card_lookup(card_id) -> dict``, the shape of
``engine.clash.cards.CARDS[id]``) and memoises the names in the picture's language; without
a lookup, or for an unknown id, the id is prettified.
"""

from __future__ import annotations

from typing import Callable, Mapping

from engine.clash.abilities import ABILITIES
from engine.clash.cards import CARDS, DECKS
from engine.clash.names import NAMES
from engine.names import is_chinese
from render.common import can_draw, prettify_id, safe_text
from render.names import drawable

CardLookup = Callable[[str], dict | None]
"""A card id -> its content (None, or anything not a dict, for an unknown card)."""

#: ability ids in rulebook order (CD-ABL-4): legends list them in this order
ABILITY_ORDER: tuple[str, ...] = tuple(ABILITIES)


def engine_lookup(card_id: str) -> dict | None:
    """The game's own card content (champions included)."""
    return CARDS.get(card_id)


def deck_name(deck: object, lang: str) -> str:
    """A preconstructed deck's name as the panels draw it: the content's Chinese name in a
    Chinese picture, otherwise the prettified id (``"ember"`` -> ``"Ember"``)."""
    if is_chinese(lang) and NAMES.has("decks", deck):
        zh = NAMES.name("decks", deck, lang)
        if can_draw(zh):
            return zh
    return prettify_id(deck)


def ability_sort(abilities: list[str]) -> list[str]:
    """``abilities`` in rulebook order; unknown ids last, in their given order."""
    return sorted(abilities, key=lambda a: ABILITY_ORDER.index(a) if a in ABILITY_ORDER else 99)


class Cards:
    """Per-render memo of card look-ups; never raises."""

    def __init__(self, lookup: CardLookup | None, lang: str):
        self.lookup = lookup
        self.lang = lang or "en"
        self._memo: dict[str, dict] = {}

    def info(self, card_id: object) -> dict:
        key = str(card_id)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        raw = None
        if self.lookup is not None and card_id is not None:
            try:
                raw = self.lookup(key)
            except Exception:  # an unknown id or a broken lookup must not break a render
                raw = None
        if not isinstance(raw, dict):
            raw = {}
        info = {
            "id": key,
            "name": self._name(key, raw.get("name")),
            "type": raw.get("type"),
            "cost": raw.get("cost"),
            "av": raw.get("av"),
            "hp": raw.get("hp"),
            "abilities": [a for a in (raw.get("abilities") or []) if isinstance(a, str)],
        }
        self._memo[key] = info
        return info

    def name(self, card_id: object) -> str:
        return self.info(card_id)["name"]

    def _name(self, card_id: str, name: object) -> str:
        """The lookup's name of a card (``{"en", "zh"}``, the engine's content's shape, drawn
        as every content name is: render/names.py), a plain string, or the prettified id."""
        if isinstance(name, Mapping) and name.get("en"):
            return drawable(name, self.lang)
        if isinstance(name, str) and name:
            return safe_text(name)
        return prettify_id(card_id)


def deck_cards(deck: object) -> list[str]:
    """The card ids of a preconstructed deck (public content; empty for an unknown id)."""
    return list(DECKS.get(str(deck), []))
