"""Every word the Cloudspire renderer draws: content names and facts through the engine's
content module, and labels through the message catalog (``locales/cloudspire/render.json``).

Content is the engine's (``engine.cloudspire.content.load()``, validated when it loads; names
through ``engine.cloudspire.names``, as the cog's): an id that is not in it is a bug and
raises ``KeyError``. A Chinese name or label the bundled fonts cannot draw falls back to
English rather than to "?" boxes (render/names.py)."""

from __future__ import annotations

from engine.cloudspire.names import NAMES
from render.names import content_name, labels, text
from render.names import seat_name as _seat_name

PREFIX = "cloudspire.render."

#: content tables that carry names (``advancements`` are gathered from the factions)
TABLES = ("units", "spires", "market", "landmarks", "isles", "earthscapes", "factions", "events",
          "relics", "advancements")

# ---------------------------------------------------------------- catalog labels

label = labels(PREFIX)
"""The renderer's own label ``cloudspire.render.<key>`` (render/names.py ``text``)."""


def policy_name(key: str, value: object, lang: str | None) -> str:
    """A standing-policy choice, in the words the game's menus use."""
    return text(f"cloudspire.policy.{key}.{value}", lang)


def ordinal(n: int, lang: str | None) -> str:
    """1st, 2nd, 3rd, 4th... (placements)."""
    return label(f"ordinal.{n}" if 1 <= n <= 4 else "ordinal.n", lang, n=n)


def seat_name(seat_names, seat: int, lang: str | None) -> str:
    """The drawable name of ``seat``'s player, or "Player N" when it has none."""
    return _seat_name(seat_names, seat, lang, lambda s, lg: label("player", lg, n=s + 1))


# ---------------------------------------------------------------- content


def _table(category: str):
    if category not in TABLES:
        raise KeyError(f"no content table {category}")
    return NAMES.entries(category)


def entry(category: str, ident: object) -> dict:
    """The content entry ``ident`` of ``category``; KeyError if there is none."""
    table = _table(category)
    if not isinstance(ident, str) or ident not in table:
        raise KeyError(f"{ident!r} is not a Cloudspire {category} id")
    return table[ident]


def name(category: str, ident: object, lang: str | None = "en") -> str:
    """The drawable name of a content id (the game's ``engine.cloudspire.names``)."""
    _table(category)
    return content_name(NAMES, category, ident, lang)


def unit_name(ident: object, lang: str | None) -> str:
    return name("units", ident, lang)


def any_name(ident: object, lang: str | None) -> str:
    """A market chip, earthscape, unit, spire or landmark id -> its name."""
    category = NAMES.find(ident, ("market", "earthscapes", "units", "spires", "landmarks"))
    if category is None:
        raise KeyError(f"{ident!r} is not a Cloudspire piece id")
    return name(category, ident, lang)


def faction_name(faction: str | None, lang: str | None) -> str:
    """A faction's name; "choosing faction" while the seat has none."""
    if not faction:
        return label("choosing_faction", lang)
    return name("factions", faction, lang)


def unit_facts(ident: object) -> tuple[str, int]:
    """(``"hero"`` or ``"minion"``, printed health of the basic side) of a unit type."""
    u = entry("units", ident)
    return u["kind"], int(u["basic"]["hp"])


def landmark_facts(ident: object) -> dict:
    """Back, kind and printed health of a landmark type."""
    lm = entry("landmarks", ident)
    return {"back": lm["back"], "kind": lm["kind"], "hp": int(lm["hp"])}


def market_facts(ident: object) -> tuple[str, int]:
    """(type, printed cost) of a market chip."""
    m = entry("market", ident)
    return m["type"], int(m["cost"])


def earthscape_number(ident: object) -> int:
    return int(entry("earthscapes", ident)["number"])
