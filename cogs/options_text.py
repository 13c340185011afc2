"""A match's options in words for its lobby: only the options that matter for the chosen
mode (the engine's schema says when an option applies: ``when``), the headline ones always,
the others only when changed from their default. Labels and values come from the catalog
(``option.<game>.<name>`` and ``option.<game>.<name>.<value>``)."""
from __future__ import annotations

from gamehost.i18n import t
from gamehost.registry import plugin


def applies(spec: dict, options: dict) -> bool:
    return all(options.get(name) in values for name, values in (spec.get("when") or {}).items())


def value_words(game: str, name: str, value, locale: str) -> str:
    if isinstance(value, bool):
        return t("host.option.yes" if value else "host.option.no", locale)
    if value is None:
        return t("host.option.auto", locale)
    if isinstance(value, list):
        return ", ".join(value_words(game, name, v, locale) for v in value) or t("host.option.none", locale)
    key = f"option.{game}.{name}.{value}"
    text = t(key, locale)
    return str(value) if text == key else text


def options_in_words(game: str, options: dict, locale: str) -> str:
    schema = plugin(game).engine.options_schema()
    shown = []
    for name, spec in schema.items():
        if name not in options or not applies(spec, options):
            continue
        value = options[name]
        if not spec.get("headline") and value == spec.get("default"):
            continue
        shown.append(f"{t(f'option.{game}.{name}', locale)}: {value_words(game, name, value, locale)}")
    return " · ".join(shown)
