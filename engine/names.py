"""Content names: one ``name(kind, ident, locale)`` per game, declared as data in the game's
``engine/<game>/names.py`` (``NAMES``, a :class:`ContentNames`) and read by the game's cog
(its words) and its renderer alike (through ``render/names.py``, which adds what a picture
needs: English when the bundled fonts cannot draw a name).

A game lists its named content by kind (the content's own table names: ``cards``, ``units``,
``towers``, ...): per kind the entries by id, each keeping its name as ``{"en": ..., <Chinese>:
...}``, the Chinese under ``zh-CN``, ``zh_hans`` or ``zh`` as the game's data files spell it.
Names only: what an adapter adds to a name (a tower's level in a menu, a fallback for an id
that names nothing, words from the message catalog) stays the adapter's; the engine reads no
catalog.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping

Texts = Mapping[str, str]
"""A name in each language: ``{"en": ..., "zh-CN" | "zh_hans" | "zh": ...}``."""

Entries = Mapping[str, Any]
"""Content entries by id."""

#: where a name keeps its Chinese, in the order looked at
CHINESE_KEYS = ("zh-CN", "zh_hans", "zh")


def is_chinese(locale: str | None) -> bool:
    """A Chinese locale (``zh-CN``, ``zh-TW``, ``zh``): the catalog's ``zh-CN``."""
    return str(locale or "").lower().startswith("zh")


def pick(texts: Texts, locale: str | None) -> str:
    """The text of ``texts`` for ``locale``: its Chinese for a Chinese locale when it has one,
    else its English ("" when it has neither)."""
    if is_chinese(locale):
        for key in CHINESE_KEYS:
            if texts.get(key):
                return texts[key]
    return texts.get("en") or ""


@dataclass(frozen=True)
class Table:
    """One kind of named content. ``source``: the entries by id, or a function returning them
    (called once, when first needed: content loaded on demand); ``field``: the key of an
    entry's name (None: each entry is its name)."""

    source: Entries | Callable[[], Entries]
    field: str | None = "name"


class ContentNames:
    """A game's named content: ``kind -> Table``, in the order :meth:`find` looks."""

    def __init__(self, tables: Mapping[str, Table]):
        self.tables = dict(tables)
        self._loaded: dict[str, Entries] = {}

    def kinds(self) -> tuple[str, ...]:
        return tuple(self.tables)

    def entries(self, kind: str) -> Entries:
        """The entries of ``kind`` by id; KeyError for a kind the game does not name."""
        table = self.tables[kind]
        if isinstance(table.source, Mapping):
            return table.source  # a live table (content that may grow, e.g. cards added by tests)
        if kind not in self._loaded:
            self._loaded[kind] = table.source()
        return self._loaded[kind]

    def texts(self, kind: str, ident: object) -> Texts:
        """The name of ``ident`` in every language; KeyError if ``kind`` has no such entry."""
        entries = self.entries(kind)
        entry = entries.get(ident) if isinstance(ident, str) else None
        field = self.tables[kind].field
        texts = entry if field is None else (entry.get(field) if isinstance(entry, Mapping) else None)
        if not isinstance(texts, Mapping) or "en" not in texts:
            raise KeyError(f"{ident!r} is not a named {kind} id")
        return texts

    def has(self, kind: str, ident: object) -> bool:
        try:
            self.texts(kind, ident)
        except KeyError:
            return False
        return True

    def ids(self, kind: str) -> Iterator[str]:
        """Every id of ``kind`` that has a name."""
        return (ident for ident in self.entries(kind) if self.has(kind, ident))

    def find(self, ident: object, kinds: tuple[str, ...] | None = None) -> str | None:
        """The first kind (of ``kinds``, by default all, in declaration order) naming
        ``ident``, or None."""
        return next((kind for kind in kinds or self.kinds() if self.has(kind, ident)), None)

    def name(self, kind: str, ident: object, locale: str | None = "en") -> str:
        """The name of ``ident`` of ``kind`` in ``locale`` (its English when it has no text in
        that language); KeyError if ``kind`` names no such id."""
        return pick(self.texts(kind, ident), locale)

    __call__ = name
