"""The registry of playable games and the facts the host needs about each."""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import Callable

from engine.base import Game


@dataclass(frozen=True)
class GameInfo:
    id: str
    module: str
    seat_range: Callable[[dict], tuple[int, int]]

    @property
    def engine(self) -> Game:
        return _load(self.module)


@cache
def _load(module: str) -> Game:
    return importlib.import_module(module).GAME


def _clash_seats(options: dict) -> tuple[int, int]:
    return (1, 1) if options.get("mode") == "solo" else (2, 2)


def _cloudspire_seats(options: dict) -> tuple[int, int]:
    if options.get("mode") == "teams":
        return (4, 4)
    if options.get("map") == "tutorial":
        return (2, 2)
    return (2, 4)


GAMES: dict[str, GameInfo] = {
    "clash": GameInfo("clash", "engine.clash", _clash_seats),
    "cloudspire": GameInfo("cloudspire", "engine.cloudspire", _cloudspire_seats),
}


def game_info(game_id: str) -> GameInfo:
    return GAMES[game_id]


def normalize_options(game_id: str, options: dict) -> dict:
    """Fill defaults from the engine's options schema and reject unknown names or values."""
    schema = game_info(game_id).engine.options_schema()
    result = {}
    for name, spec in schema.items():
        value = options.get(name, spec.get("default"))
        choices = spec.get("choices")
        if isinstance(value, bool) and choices and "on" in choices and "off" in choices:
            value = "on" if value else "off"  # options text turns on/off into booleans
        if spec.get("multiple"):
            if isinstance(value, str):
                value = [v for v in value.replace("|", "+").split("+") if v]
            bad = [v for v in value if choices is not None and v not in choices]
            if bad:
                raise ValueError(f"{name}: {', '.join(map(str, bad))} not among {', '.join(map(str, choices))}")
            result[name] = list(value)
            continue
        if choices is not None and value not in choices:
            raise ValueError(f"{name}={value!r}: choose one of {', '.join(map(str, choices))}")
        result[name] = value
    unknown = set(options) - set(schema)
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(sorted(unknown))}")
    return result
