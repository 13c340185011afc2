"""What the per-game contract tests share: the configurations to play (every registered
game, every seat count its options allow, a few option sets derived from its options
schema) and seeded random games over them, played once per session and cached.

Nothing here names a game: a game added to ``gamehost.registry.INSTALLED`` is played,
checked and drawn by every test in this folder without writing a line.

Test functions ask for one of these arguments and are parametrised accordingly:

- ``plugin``: one ``GamePlugin`` per registered game (test ids: the game id);
- ``option_set``: one ``OptionSet`` per game and option set (ids ``<game>-<label>``);
- ``config``: one ``Config`` per game, option set and seat count (ids ``<game>-<n>p-<label>``).
"""
from __future__ import annotations

import contextlib
import importlib
import json
import pickle
import random
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Iterator

import pytest

from engine.base import Event, IllegalAction
from gamehost import registry
from gamehost.i18n import catalog
from tests.games import hook

MAX_MOVES = 80           # moves per recorded random game (the games are checked move by move)
FINISH_MOVES = 3000      # moves allowed when a test plays a game to its end
MAX_GAMES = 8            # random games per configuration at most
BIG_CHOICE = 16          # above this many legal moves, the game's bot usually chooses
EXTRA_OPTION_SETS = 4    # single-option variations kept per game, besides defaults and a mix
SEAT_NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi")


# ---------------------------------------------------------------------------- configurations

#: games that live in tests/ and get the same checks (tests/support/connect4: the kits' example)
EXTRA_PLUGINS = (registry.GamePlugin("connect4", "tests.support.connect4", "tests.support.connect4.render",
                                     "tests.support.connect4.cog"),)


@contextlib.contextmanager
def extras_registered() -> Iterator[None]:
    """The registry with the test games added, for as long as the block runs."""
    added = [p for p in EXTRA_PLUGINS if p.id not in registry.GAMES]
    entries = dict(catalog().entries)
    for p in added:
        registry.GAMES[p.id] = p
        catalog().entries.update(extra_catalog(p))
    try:
        yield
    finally:
        for p in added:
            registry.GAMES.pop(p.id, None)
        catalog().entries.clear()
        catalog().entries.update(entries)


def extra_catalog(plugin: registry.GamePlugin) -> dict:
    """A test game's messages: ``catalog.json`` beside its engine package."""
    path = Path(importlib.import_module(plugin.engine_module).__file__ or "").parent / "catalog.json"
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def _extra_games_registered():
    with extras_registered():
        yield

@dataclass(frozen=True, eq=False)
class OptionSet:
    game: str
    options: dict          # normalised with registry.normalize_options
    label: str

    @property
    def plugin(self) -> registry.GamePlugin:
        return registry.plugin(self.game)

    @property
    def engine(self):
        return self.plugin.engine

    @property
    def id(self) -> str:
        return f"{self.game}-{self.label}"


@dataclass(frozen=True, eq=False)
class Config:
    game: str
    seats: int
    options: dict
    label: str

    @property
    def plugin(self) -> registry.GamePlugin:
        return registry.plugin(self.game)

    @property
    def engine(self):
        return self.plugin.engine

    @property
    def id(self) -> str:
        return f"{self.game}-{self.seats}p-{self.label}"

    @property
    def budget(self) -> int:
        """Moves recorded over this configuration's random games (short games: more seeds)."""
        return 2 * MAX_MOVES if self.label == "default" else MAX_MOVES

    @property
    def viewers(self) -> list[int | None]:
        return [None, *range(self.seats)]

    @property
    def seat_names(self) -> list[str]:
        return [f"{SEAT_NAMES[s % len(SEAT_NAMES)]}{s // len(SEAT_NAMES) or ''}" for s in range(self.seats)]


def _label(raw: dict) -> str:
    if not raw:
        return "default"
    parts = []
    for name, value in raw.items():
        if isinstance(value, list):
            value = "+".join(map(str, value))
        parts.append(f"{name}={value}")
    return ",".join(parts)


def _usable(plugin: registry.GamePlugin, raw: dict) -> dict | None:
    """The normalised options if a game can be set up with them, else None."""
    try:
        options = registry.normalize_options(plugin.id, raw)
        low, _ = plugin.engine.seat_range(options)
        plugin.engine.setup(low, options, 0)
    except (ValueError, IllegalAction):
        return None
    return options


def _start(plugin: registry.GamePlugin, options: dict):
    """What a game with these options looks like at its start: its seat range and the public
    view, less any copy of the options themselves."""
    low, high = plugin.engine.seat_range(options)
    view = plugin.engine.view(plugin.engine.setup(low, options, 0), None)

    def strip(v):
        if isinstance(v, dict):
            return None if v == options else {k: strip(x) for k, x in v.items()}
        return [strip(x) for x in v] if isinstance(v, list) else v
    return low, high, strip(view)


def _variations(plugin: registry.GamePlugin) -> list[dict]:
    """One option changed from its default: the first and the last other choice of each."""
    out = []
    for name, spec in plugin.engine.options_schema().items():
        choices = spec.get("choices")
        if not choices:
            continue
        default = spec.get("default")
        if spec.get("multiple"):
            others = [[choices[0]], list(choices)] if choices else []
        else:
            others = [c for c in choices if c != default]
            others = others[:1] + others[-1:] if len(others) > 1 else others
        out += [{name: value} for value in others]
    return out


@cache
def option_sets() -> tuple[OptionSet, ...]:
    """Per game: its defaults, the first few single-option variations that set up, and a mix
    of every variation that still sets up when added to the previous ones."""
    with extras_registered():
        return _option_sets()


def _option_sets() -> tuple[OptionSet, ...]:
    sets = []
    for plugin in registry.plugins():
        sets.append(OptionSet(plugin.id, registry.normalize_options(plugin.id, {}), "default"))
        usable = [(raw, opts) for raw in _variations(plugin) if (opts := _usable(plugin, raw)) is not None]
        starts = [_start(plugin, sets[-1].options)]
        for raw, opts in usable:
            if len(starts) > EXTRA_OPTION_SETS:
                break
            start = _start(plugin, opts)
            if start not in starts:      # an option that changes nothing at these seats: skip it
                starts.append(start)
                sets.append(OptionSet(plugin.id, opts, _label(raw)))
        for raw in hook(plugin.id, "CONTRACT_OPTIONS", ()):  # modes a game names (tests/games/__init__.py)
            opts = _usable(plugin, raw)
            assert opts is not None, f"{plugin.id}: CONTRACT_OPTIONS {raw} do not set up"
            sets.append(OptionSet(plugin.id, opts, _label(raw)))
        mix: dict = {}
        for raw, _ in usable:
            name = next(iter(raw))
            if name not in mix and _usable(plugin, {**mix, **raw}) is not None:
                mix.update(raw)
        if len(mix) > 1 and _usable(plugin, mix) is not None:
            sets.append(OptionSet(plugin.id, _usable(plugin, mix), "mix"))
    return tuple(sets)


@cache
def configs() -> tuple[Config, ...]:
    out = []
    with extras_registered():
        for option_set in option_sets():
            low, high = option_set.engine.seat_range(option_set.options)
            for seats in range(low, high + 1):
                out.append(Config(option_set.game, seats, option_set.options, option_set.label))
    return tuple(out)


def pytest_generate_tests(metafunc):
    if "plugin" in metafunc.fixturenames:
        with extras_registered():
            plugins = registry.plugins()
        metafunc.parametrize("plugin", plugins, ids=[p.id for p in plugins])
    if "option_set" in metafunc.fixturenames:
        metafunc.parametrize("option_set", option_sets(), ids=[o.id for o in option_sets()])
    if "config" in metafunc.fixturenames:
        metafunc.parametrize("config", configs(), ids=[c.id for c in configs()])


# ---------------------------------------------------------------------------- random games

def choose(engine, state, seat: int, legal: list, rnd: random.Random):
    """A random legal move; when the choice is large, usually the game's own bot's move so
    that games move on instead of wandering."""
    if len(legal) > BIG_CHOICE and rnd.random() < 0.75:
        return engine.bot_action(state, seat)
    return rnd.choice(legal)


def acting_seat(engine, state, rnd: random.Random) -> int:
    prompts = engine.prompts(state)
    assert prompts, "the game is not over but prompts nobody"
    return rnd.choice(sorted({p.seat for p in prompts}))


@dataclass
class Trace:
    """One seeded random game: the moves, the states between them, the events."""

    config: Config
    seed: int
    moves: list[tuple[int, Any]] = field(default_factory=list)     # (seat, action)
    events: list[list[Event]] = field(default_factory=list)
    _states: list[bytes] = field(default_factory=list)              # before each move, then the last

    def state(self, i: int) -> Any:
        """The state before move ``i`` (``i == len(moves)``: after the last move), a fresh copy."""
        return pickle.loads(self._states[i])

    @property
    def final(self) -> Any:
        return self.state(len(self.moves))

    @property
    def finished(self) -> bool:
        return self.config.engine.result(self.final) is not None

    def steps(self) -> Iterator[tuple[int, Any, int, Any, Any, list[Event]]]:
        """``(i, before, seat, action, after, events)`` for every move."""
        for i, (seat, action) in enumerate(self.moves):
            yield i, self.state(i), seat, action, self.state(i + 1), self.events[i]

    def positions(self, count: int) -> list[int]:
        """``count`` indices of states spread over the game, the first and last included."""
        n = len(self.moves)
        if count >= n + 1:
            return list(range(n + 1))
        return sorted({round(k * n / (count - 1)) for k in range(count)})


@cache
def trace(config: Config, seed: int, max_moves: int = MAX_MOVES) -> Trace:
    engine = config.engine
    rnd = random.Random(seed)
    state = engine.setup(config.seats, config.options, seed)
    out = Trace(config, seed, _states=[pickle.dumps(state)])
    for _ in range(max_moves):
        if engine.result(state) is not None:
            break
        seat = acting_seat(engine, state, rnd)
        action = choose(engine, state, seat, engine.legal_actions(state, seat), rnd)
        state, events = engine.apply(state, seat, action)
        out.moves.append((seat, action))
        out.events.append(list(events))
        out._states.append(pickle.dumps(state))
    return out


@cache
def traces(config: Config) -> list[Trace]:
    """Seeded random games (seeds 1, 2, ...) until ``config.budget`` moves are recorded."""
    out: list[Trace] = []
    while sum(len(t.moves) for t in out) < config.budget and len(out) < MAX_GAMES:
        out.append(trace(config, len(out) + 1))
    return out


def play_to_end(config: Config, seed: int, max_moves: int = FINISH_MOVES):
    """Play a seeded game to its end (bots and random moves, nothing checked on the way);
    return the final state and the number of moves."""
    engine = config.engine
    rnd = random.Random(seed)
    state = engine.setup(config.seats, config.options, seed)
    for n in range(max_moves):
        if engine.result(state) is not None:
            return state, n
        seat = acting_seat(engine, state, rnd)
        legal = engine.legal_actions(state, seat)
        action = engine.bot_action(state, seat) if rnd.random() < 0.6 else rnd.choice(legal)
        state, _ = engine.apply(state, seat, action)
    return state, max_moves


# ---------------------------------------------------------------------------- values

def snapshot(value: Any) -> Any:
    """A deep copy (faster than copy.deepcopy for JSON values)."""
    return pickle.loads(pickle.dumps(value))


def strings(value: Any) -> set[str]:
    """Every string in a JSON value: dict keys and string leaves."""
    out: set[str] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out.add(v)
        elif isinstance(v, dict):
            out.update(k for k in v if isinstance(k, str))
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return out


def event_kinds_seen() -> dict[str, set[str]]:
    """Per game, every event kind the recorded random games produced."""
    kinds: dict[str, set[str]] = {}
    for config in configs():
        for t in traces(config):
            kinds.setdefault(config.game, set()).update(e.kind for es in t.events for e in es)
    return kinds
