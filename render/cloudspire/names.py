"""Every word the Cloudspire renderer draws: content names and facts through the engine's
content module, and labels through the message catalog (``locales/cloudspire_render.json``).

Content is the engine's (``engine.cloudspire.content.load()``, validated when it loads): an
id that is not in it is a bug and raises ``KeyError``. The bundled font has no CJK glyphs,
so Chinese names and labels fall back to English rather than to "?" boxes."""

from __future__ import annotations

from functools import lru_cache
from string import Formatter

from engine.cloudspire.content import load
from gamehost.i18n import catalog, normalize_locale
from render.common import can_draw, has_readable, safe_text

PREFIX = "cloudspire.render."

#: content tables that carry names (``advancements`` are gathered from the factions)
TABLES = ("units", "spires", "market", "landmarks", "isles", "earthscapes", "factions", "events",
          "relics", "advancements")

# ---------------------------------------------------------------- catalog labels


@lru_cache(maxsize=None)
def _locale_for(key: str, lang: str) -> str:
    """``lang``'s catalog locale if its text for ``key`` can be drawn, else English."""
    texts = catalog().entries.get(key)
    if texts is None:
        raise KeyError(f"{key} is not in the message catalog")
    loc = normalize_locale(lang)
    literal = "".join(lit for lit, _f, _s, _c in Formatter().parse(texts[loc]))
    return loc if can_draw(literal) else "en"


def text(key: str, lang: str | None, /, **params) -> str:
    """The catalog text ``key`` in ``lang`` (English when the bundled font cannot draw it),
    formatted with ``params``; KeyError if the catalog has no ``key``."""
    return catalog().t(key, _locale_for(key, str(lang or "en")), **params)


def label(key: str, lang: str | None, /, **params) -> str:
    """The renderer's own label ``cloudspire.render.<key>`` (see :func:`text`)."""
    return text(PREFIX + key, lang, **params)


def policy_name(key: str, value: object, lang: str | None) -> str:
    """A standing-policy choice, in the words the game's menus use."""
    return text(f"cloudspire.policy.{key}.{value}", lang)


def ordinal(n: int, lang: str | None) -> str:
    """1st, 2nd, 3rd, 4th... (placements)."""
    return label(f"ordinal.{n}" if 1 <= n <= 4 else "ordinal.n", lang, n=n)


def seat_name(seat_names, seat: int, lang: str | None) -> str:
    """The drawable name of ``seat``'s player, or "Player N" when it has none."""
    raw = ""
    if seat_names and 0 <= seat < len(seat_names) and seat_names[seat] is not None:
        raw = safe_text(seat_names[seat]).strip()
    if raw and has_readable(raw):
        return raw
    return label("player", lang, n=seat + 1)


# ---------------------------------------------------------------- content


@lru_cache(maxsize=None)
def _table(category: str) -> dict:
    c = load()
    if category == "advancements":
        return {a["id"]: a for f in c["factions"].values() for a in f["advancements"]}
    if category not in TABLES:
        raise KeyError(f"no content table {category}")
    return c[category]


def entry(category: str, ident: object) -> dict:
    """The content entry ``ident`` of ``category``; KeyError if there is none."""
    table = _table(category)
    if not isinstance(ident, str) or ident not in table:
        raise KeyError(f"{ident!r} is not a Cloudspire {category} id")
    return table[ident]


def _pick(name: dict, lang: str | None) -> str:
    if str(lang or "").startswith("zh"):
        zh = name.get("zh_hans") or name.get("zh")
        if zh and can_draw(str(zh)):
            return str(zh)
    return safe_text(name["en"])


def name(category: str, ident: object, lang: str | None = "en") -> str:
    """The drawable name of a content id."""
    return _pick(entry(category, ident)["name"], lang)


def unit_name(ident: object, lang: str | None) -> str:
    return name("units", ident, lang)


def any_name(ident: object, lang: str | None) -> str:
    """A market chip, earthscape, unit, spire or landmark id -> its name."""
    for category in ("market", "earthscapes", "units", "spires", "landmarks"):
        if isinstance(ident, str) and ident in _table(category):
            return name(category, ident, lang)
    raise KeyError(f"{ident!r} is not a Cloudspire piece id")


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
