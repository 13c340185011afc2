"""The registry of playable games: the one place that turns a game on.

A game is a plug-in made of one package in each layer, all named by the game's id:

- ``engine/<id>/``: the rules; the package exposes ``GAME`` (``engine.base.Game``), which
  carries the seat range, the options schema, notation and action metadata;
- ``render/<id>/``: Pillow drawings of the engine's views (``board_png``, ``private_png``);
- ``cogs/<id>/``: the Discord adapter, a discord.py extension (``setup(bot)``) whose cog
  registers the game's UI adapter with the host;
- ``locales/<id>/*.json``: its message catalog; ``engine/<id>/data/``: its content.

Shared code (bot.py, the match service, bench, tools, the playground, the shared tests)
iterates ``plugins()`` and never names a game. Adding a game is its packages plus its id
in ``INSTALLED``.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from engine.base import ConcedingGame, Game
from engine.names import ContentNames

ROOT = Path(__file__).resolve().parent.parent

INSTALLED: tuple[str, ...] = ("clash", "cloudspire", "evs", "kr")


class HostedGame(Game, ConcedingGame, Protocol):
    """What the host needs of an installed engine: the ``Game`` protocol, and concessions
    recorded by the engine (resigning, forfeits: ``engine.base.ConcedingGame``)."""


@dataclass(frozen=True)
class GamePlugin:
    id: str
    engine_module: str
    render_module: str = ""
    cog_module: str = ""

    @classmethod
    def installed(cls, game_id: str) -> "GamePlugin":
        return cls(game_id, f"engine.{game_id}", f"render.{game_id}", f"cogs.{game_id}")

    @property
    def engine(self) -> HostedGame:
        return _load(self.engine_module)

    def seat_range(self, options: dict) -> tuple[int, int]:
        """Every seat of a match with these options: people, bots and the game's own."""
        return self.engine.seat_range(options)

    @property
    def renderer(self):
        """The render package (``board_png(view, seat_names, lang)``,
        ``private_png(view, seat, seat_names, lang)``); imported on demand, never by the service."""
        return importlib.import_module(self.render_module) if self.render_module else None

    @property
    def catalogs(self) -> tuple[Path, ...]:
        return tuple(sorted((ROOT / "locales" / self.id).glob("*.json")))

    @property
    def data_dir(self) -> Path:
        return ROOT / Path(*self.engine_module.split(".")) / "data"

    # -- optional per-game hooks: what a game may add, declared here once ---------------------

    def teams(self, options: dict) -> list[list[int]] | None:
        """Each fixed team's seats with these options (the engine's ``team_seats``,
        engine.base.TeamGame), or None when every seat plays for itself."""
        team_seats = getattr(self.engine, "team_seats", None)
        return team_seats(options) if team_seats is not None else None

    def people_range(self, options: dict) -> tuple[int, int]:
        """How many seats a lobby with these options offers to people and bots (the engine's
        ``people_range``, engine/kit.py GameBase; else ``seat_range``)."""
        people_range = getattr(self.engine, "people_range", None)
        return people_range(options) if people_range is not None else self.seat_range(options)

    def house_seats(self, options: dict, people: int) -> list[dict]:
        """The seats the game itself plays, appended after the ``people`` lobby seats when the
        match starts (the engine's ``house_seats``, engine/kit.py GameBase; else none)."""
        house_seats = getattr(self.engine, "house_seats", None)
        return [dict(seat) for seat in house_seats(options, people)] if house_seats is not None else []

    def off_turn(self, action: Any) -> bool:
        """Whether ``action`` is a standing choice any seat may make at any time (the engine's
        ``off_turn``, engine.base.StandingPreferences), not a move in turn order."""
        off_turn = getattr(self.engine, "off_turn", None)
        return bool(off_turn is not None and off_turn(action))

    def why_waiting(self, state: Any, seat: int) -> Exception | None:
        """The engine's own reason why an unasked seat may not act now (its optional
        ``why_waiting``: Kingdom Rush's seat done for the phase), or None."""
        why = getattr(self.engine, "why_waiting", None)
        return why(state, seat) if why is not None else None

    @property
    def campaign(self) -> ModuleType | None:
        """The game's campaign rules (``<engine package>.campaign``: gamehost/campaigns.py), or None."""
        return _optional_module(self.engine_package + ".campaign")

    @property
    def records(self) -> ModuleType | None:
        """The game's records of finished matches (``<engine package>.records``:
        ``run(options, seats, state, result) -> dict | None``, gamehost/endless_records.py), or None."""
        return _optional_module(self.engine_package + ".records")

    @property
    def names(self) -> ContentNames | None:
        """The game's content names (``<engine package>.names``: ``NAMES``, one
        ``name(kind, ident, locale)`` for its cog and renderer, engine/names.py), or None."""
        module = _optional_module(self.engine_package + ".names")
        return getattr(module, "NAMES", None) if module is not None else None

    @property
    def bench_figures(self) -> ModuleType | None:
        """The game's own bench figures (``bench/<id>/figures.py``: ``figures()``), or None."""
        return _optional_module(f"bench.{self.id}.figures")

    @property
    def engine_package(self) -> str:
        module = importlib.import_module(self.engine_module)
        return self.engine_module if hasattr(module, "__path__") else self.engine_module.rpartition(".")[0]


@cache
def _load(module: str) -> HostedGame:
    return importlib.import_module(module).GAME


@cache
def _optional_module(name: str) -> ModuleType | None:
    """``name`` imported, or None when it (or its package) does not exist."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name is not None and name.startswith(missing.name):
            return None
        raise


GAMES: dict[str, GamePlugin] = {game_id: GamePlugin.installed(game_id) for game_id in INSTALLED}


def plugins() -> list[GamePlugin]:
    """Every playable game, in the order of ``INSTALLED`` (or as tests registered them)."""
    return list(GAMES.values())


def plugin(game_id: str) -> GamePlugin:
    return GAMES[game_id]


def team_layout(game_id: str, options: dict) -> list[list[int]] | None:
    """Each fixed team's seats with these options (``engine.base.TeamGame``), or None when
    every seat plays for itself (or the game has no teams)."""
    return plugin(game_id).teams(options)


def normalize_options(game_id: str, options: dict) -> dict:
    """Fill defaults from the engine's options schema and reject unknown names or values."""
    schema = plugin(game_id).engine.options_schema()
    result: dict[str, Any] = {}
    for name, spec in schema.items():
        value: Any = options.get(name, spec.get("default"))  # as given (JSON), or the default
        choices = spec.get("choices")
        if isinstance(value, bool) and choices and "on" in choices and "off" in choices:
            value = "on" if value else "off"  # options text turns on/off into booleans
        if spec.get("multiple"):
            if isinstance(value, str):
                value = [v for v in value.replace("|", "+").split("+") if v]
            bad = [v for v in value if v not in choices] if choices is not None else []
            if choices is not None and bad:
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
