"""The words every game's pictures draw, shared by ``render/<game>/names.py``: catalog texts
and content names in the picture's language when the bundled fonts can draw them (DejaVu and
the fallback faces of render/faces.py: Chinese does draw), otherwise in English; players by
the names they chose, in whatever script.

Content names come from the game's one ``name(kind, ident, locale)`` (``engine/<game>/names.py``,
an ``engine.names.ContentNames``), the same names the game's cog writes. Nothing here decides
what a picture shows: it only words what it is given.
"""
from __future__ import annotations

from functools import lru_cache
from string import Formatter
from typing import Any, Callable, Protocol, Sequence

from engine.names import ContentNames, Texts, pick
from gamehost.i18n import catalog, normalize_locale
from render.common import can_draw, has_readable, safe_text


class Label(Protocol):
    def __call__(self, key: str, lang: str | None, /, **params: Any) -> str: ...


@lru_cache(maxsize=None)
def _locale_for(key: str, lang: str) -> str:
    """``lang``'s catalog locale if its words for ``key`` can be drawn, else English."""
    texts = catalog().entries.get(key)
    if texts is None:
        raise KeyError(f"{key} is not in the message catalog")
    loc = normalize_locale(lang)
    literal = "".join(lit for lit, _f, _s, _c in Formatter().parse(texts[loc]))
    return loc if can_draw(literal) else "en"


def text(key: str, lang: str | None, /, **params: Any) -> str:
    """The catalog text ``key`` in ``lang`` (English when the bundled fonts cannot draw its
    words), formatted with ``params``; KeyError if the catalog has no ``key``."""
    return catalog().t(key, _locale_for(key, str(lang or "en")), **params)


def labels(prefix: str) -> Label:
    """A game's own labels: ``label(key, lang, **params)`` is :func:`text` of ``prefix + key``."""
    def label(key: str, lang: str | None, /, **params: Any) -> str:
        return text(prefix + key, lang, **params)
    return label


def seat_name(seat_names: Sequence[str | None] | None, seat: int, lang: str | None,
              unnamed: Callable[[int, str | None], str]) -> str:
    """The name of ``seat``'s player as it is drawn (any script, emoji: the fallback faces
    draw it); ``unnamed(seat, lang)`` ("Player 2") only when it has none, or nothing but
    invisible characters."""
    raw = ""
    if seat_names and 0 <= seat < len(seat_names) and seat_names[seat] is not None:
        raw = safe_text(seat_names[seat]).strip()
    return raw if raw and has_readable(raw) else unnamed(seat, lang)


def drawable(texts: Texts, lang: str | None) -> str:
    """``texts`` (a name or text in each language) in ``lang`` if the fonts draw it, else in
    English."""
    s = pick(texts, lang)
    return safe_text(s if can_draw(s) else pick(texts, "en"))


def content_name(names: ContentNames, kind: str, ident: object, lang: str | None) -> str:
    """The drawable name of a content id (the game's ``name(kind, ident, lang)``); KeyError
    for an id the game does not name."""
    return drawable(names.texts(kind, ident), lang)
