"""Message catalog: every user-facing string, in English and Simplified Chinese.

Catalog files live in ``locales/<domain>.json`` (the host's) and ``locales/<game>/<domain>.json``
(each game's), and map a key to ``{"en": ..., "zh-CN": ...}``.

A language's text may instead be its plural forms, by CLDR category, chosen by the count
parameter ``n`` with the language's plural rules (Babel)::

    {"tour.info.rounds": {"en": {"one": "{n} round", "other": "{n} rounds"},
                          "zh-CN": "{n} 轮"}}

A language whose rules have one form only (Chinese: ``other``) may give a plain string. See
docs/catalog.md.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from string import Formatter
from typing import Any

from babel import Locale
from babel.plural import PluralRule

LOCALES = ("en", "zh-CN")
DEFAULT_LOCALE = "en"
CATALOG_DIR = Path(__file__).resolve().parent.parent / "locales"
COUNT = "n"  # the parameter that chooses a plural form


class CatalogError(ValueError):
    pass


def normalize_locale(tag: str | None) -> str:
    """Map a Discord locale tag ("zh-CN", "zh-TW", "en-US", ...) to a catalog locale."""
    if tag and tag.lower().startswith("zh"):
        return "zh-CN"
    return DEFAULT_LOCALE


@lru_cache(maxsize=None)
def plural_rule(locale: str) -> PluralRule:
    """The CLDR plural rule of a catalog locale: a count -> its category ("one", "other"...).
    Babel's Locale objects are parsed once."""
    return Locale.parse(locale, sep="-").plural_form


def plural_categories(locale: str) -> frozenset[str]:
    """The plural categories ``locale``'s rules use (always with "other")."""
    return frozenset(plural_rule(locale).tags) | {"other"}


def fields(text: str) -> frozenset[str]:
    """The placeholder names of a ``str.format`` text."""
    return frozenset(f for _, f, _, _ in Formatter().parse(text) if f)


def _read_entry(key: str, texts: Any) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """One catalog entry checked: (each language's text, each language's plural forms).
    A language's text of a plural entry is its ``other`` form."""
    if not isinstance(texts, dict):
        raise CatalogError(f"{key} is not a mapping of languages")
    missing = [loc for loc in LOCALES if not isinstance(texts.get(loc), (str, dict))]
    if missing:
        raise CatalogError(f"{key} lacks {', '.join(missing)}")
    plain: dict[str, str] = {}
    forms: dict[str, dict[str, str]] = {}
    plural = any(isinstance(texts[loc], dict) for loc in LOCALES)
    for loc in LOCALES:
        value, needed = texts[loc], plural_categories(loc)
        if isinstance(value, str) and plural and needed != {"other"}:
            raise CatalogError(f"{key}: {loc} needs the plural forms {', '.join(sorted(needed))}")
        if isinstance(value, dict):
            if set(value) != needed or not all(isinstance(v, str) for v in value.values()):
                raise CatalogError(f"{key}: {loc} gives the plural forms {', '.join(sorted(value))}, "
                                   f"its rules need {', '.join(sorted(needed))}")
            forms[loc] = value
            value = value["other"]
        plain[loc] = value
    variants = [text for loc in LOCALES for text in (forms[loc].values() if loc in forms else [plain[loc]])]
    if len({fields(text) for text in variants}) > 1:
        raise CatalogError(f"{key} placeholders differ between languages or plural forms")
    if plural and COUNT not in fields(variants[0]):
        raise CatalogError(f"{key} has plural forms but no {{{COUNT}}}")
    return plain, forms


class Catalog:
    def __init__(self, entries: dict[str, dict[str, str]],
                 plurals: dict[str, dict[str, dict[str, str]]] | None = None):
        self.entries = entries                 # key -> language -> text (a plural's "other" form)
        self.plurals = plurals or {}           # key -> language -> CLDR category -> text

    @classmethod
    def load(cls, directory: Path = CATALOG_DIR) -> "Catalog":
        entries: dict[str, dict[str, str]] = {}
        plurals: dict[str, dict[str, dict[str, str]]] = {}
        for path in sorted(directory.rglob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            for key, texts in data.items():
                if key in entries:
                    raise CatalogError(f"{path.relative_to(directory)}: duplicate key {key}")
                try:
                    entries[key], forms = _read_entry(key, texts)
                except CatalogError as e:
                    raise CatalogError(f"{path.relative_to(directory)}: {e}") from None
                if forms:
                    plurals[key] = forms
        return cls(entries, plurals)

    def has(self, key: str) -> bool:
        return key in self.entries

    def variants(self, key: str, locale: str) -> dict[str, str]:
        """Every text of ``key`` in ``locale``: its plural forms by category, or {"other": text}."""
        forms = self.plurals.get(key, {}).get(locale)
        return dict(forms) if forms else {"other": self.entries[key][locale]}

    def t(self, key: str, locale: str | None = None, /, **params) -> str:
        texts = self.entries.get(key)
        if texts is None:
            return key
        loc = normalize_locale(locale)
        text = texts.get(loc, texts[DEFAULT_LOCALE])
        if key in self.plurals:
            forms = self.plurals[key].get(loc)
            count = params.get(COUNT)
            if forms and isinstance(count, (int, float)):
                text = forms.get(plural_rule(loc)(count), text)
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text


_catalog: Catalog | None = None


def catalog() -> Catalog:
    global _catalog
    if _catalog is None:
        _catalog = Catalog.load()
    return _catalog


def t(key: str, locale: str | None = None, /, **params) -> str:
    return catalog().t(key, locale, **params)
