"""Message catalog: every user-facing string, in English and Simplified Chinese.

Catalog files live in ``locales/<domain>.json`` (the host's) and ``locales/<game>/<domain>.json``
(each game's), and map a key to ``{"en": ..., "zh-CN": ...}``.
"""
from __future__ import annotations

import json
from pathlib import Path
from string import Formatter

LOCALES = ("en", "zh-CN")
DEFAULT_LOCALE = "en"
CATALOG_DIR = Path(__file__).resolve().parent.parent / "locales"


class CatalogError(ValueError):
    pass


def normalize_locale(tag: str | None) -> str:
    """Map a Discord locale tag ("zh-CN", "zh-TW", "en-US", ...) to a catalog locale."""
    if tag and tag.lower().startswith("zh"):
        return "zh-CN"
    return DEFAULT_LOCALE


class Catalog:
    def __init__(self, entries: dict[str, dict[str, str]]):
        self.entries = entries

    @classmethod
    def load(cls, directory: Path = CATALOG_DIR) -> "Catalog":
        entries: dict[str, dict[str, str]] = {}
        for path in sorted(directory.rglob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            for key, texts in data.items():
                if key in entries:
                    raise CatalogError(f"{path.relative_to(directory)}: duplicate key {key}")
                missing = [loc for loc in LOCALES if not isinstance(texts.get(loc), str)]
                if missing:
                    raise CatalogError(f"{path.relative_to(directory)}: {key} lacks {', '.join(missing)}")
                fields = {frozenset(f for _, f, _, _ in Formatter().parse(texts[loc]) if f)
                          for loc in LOCALES}
                if len(fields) > 1:
                    raise CatalogError(f"{path.relative_to(directory)}: {key} placeholders differ between languages")
                entries[key] = texts
        return cls(entries)

    def has(self, key: str) -> bool:
        return key in self.entries

    def t(self, key: str, locale: str | None = None, /, **params) -> str:
        texts = self.entries.get(key)
        if texts is None:
            return key
        text = texts.get(normalize_locale(locale), texts[DEFAULT_LOCALE])
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
