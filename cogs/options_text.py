"""A match's options in words for its lobby (and the suggestions of an ``options`` text): only the options that matter for the chosen
mode (the engine's schema says when an option applies: ``when``), the headline ones always,
the others only when changed from their default. Labels and values come from the catalog
(``option.<game>.<name>`` and ``option.<game>.<name>.<value>``)."""
from __future__ import annotations

from discord import app_commands

from gamehost.i18n import t
from gamehost.registry import plugin
from gamehost.turn_store import HOST_OPTIONS

LIMIT = 100        # Discord: a choice's name and value
MAX_CHOICES = 25   # Discord: an autocomplete's suggestions


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


def option_suggestions(game_id: str, current: str,
                       skip: frozenset[str] = frozenset()) -> list[app_commands.Choice[str]]:
    """Suggestions for an ``options`` text (``name=value`` words): what was typed so far and
    one more option with each of its values, the game's schema and the host's (``board``)."""
    schema = plugin(game_id).engine.options_schema()
    done = current.rsplit(" ", 1)[0] + " " if " " in current.strip() else ""
    used = {word.split("=")[0] for word in done.split()} | set(skip)
    out: list[app_commands.Choice[str]] = []
    for name, spec in {**schema, **HOST_OPTIONS}.items():
        if name in used:
            continue
        for value in spec.get("choices") or [spec.get("default")]:
            text = f"{done}{name}={str(value).lower() if isinstance(value, bool) else value}".strip()
            if current.strip() in text and len(text) <= LIMIT:
                out.append(app_commands.Choice(name=text, value=text))
    return out[:MAX_CHOICES]
