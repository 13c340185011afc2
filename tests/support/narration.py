"""Seeded games of any registered game, every move narrated by the game's own adapter
(``ui.narrate``, the code the host runs) in English and Chinese, for tests/test_narration.py
and the games' own narration tests (tests/games/<id>/test_narration.py).

The games come from the game's ``NARRATION_CONFIGS`` (tests/games/<id>/__init__.py) or, without one,
from the contract suite's option sets (defaults at every seat count, each other set at the
fewest seats): bots mixed with random legal moves, one concession part-way. Events the
random games rarely reach come from the game's ``NARRATION_EVENTS``; the events a game told
one seat only (``visible_to``) are narrated too, as the sentence they would make.
"""
from __future__ import annotations

import importlib
import random
import re
from dataclasses import dataclass
from functools import cache
from string import Formatter
from typing import Any

from engine.base import Event
from gamehost import registry
from gamehost.i18n import catalog
from gamehost.snapshot import snapshot
from gamehost.store import MatchRow
from tests.games import hook

LOCALES = ("en", "zh-CN")
MAX_MOVES = 700
CONCEDE_AT = 40  # the first seed's game concedes after this many moves (resigned, timeout)
SEEDS = (1, 2)   # seeds per configuration, unless the game says otherwise


@dataclass(frozen=True)
class Step:
    game: str
    seats: int
    options: dict
    seat: int | None
    move: str                       # notation; "" for a concession or hand-made events
    events: tuple[Event, ...]
    state: dict | None              # the match right after the move (None: no board)

    def row(self) -> MatchRow:
        return MatchRow(id=7, guild_id=None, channel_id=1, game=self.game, status="active", creator_id=1,
                        options=self.options, seats=[{"user_id": i + 1, "name": f"Player{i + 1}"}
                                                     for i in range(self.seats)],
                        seed=1, state=self.state, version=1, pace="live", timeout_policy="auto",
                        decision_seconds=600, deadline_at=None, reminded=False, board_message_id=None,
                        locale="en", result=None, created_at=0.0, updated_at=0.0)


def configs(game: str) -> list[tuple[int, dict]]:
    """(seats, options) of the games to narrate."""
    given = hook(game, "NARRATION_CONFIGS")
    if given is not None:
        return [(seats, registry.normalize_options(game, raw)) for seats, raw in given]
    from tests.contract.conftest import option_sets
    out = []
    for option_set in option_sets():
        if option_set.game == game:
            low, high = option_set.engine.seat_range(option_set.options)
            seats = range(low, high + 1) if option_set.label == "default" else range(low, low + 1)
            out += [(n, option_set.options) for n in seats]
    return out


@cache
def steps(game: str) -> tuple[Step, ...]:
    """Every move of the seeded games, with its public events; a concession part-way."""
    engine = registry.plugin(game).engine
    out: list[Step] = []
    seeds = hook(game, "NARRATION_SEEDS", SEEDS)
    for seats, options in configs(game):
        for seed in seeds:
            rnd = random.Random(seed * 7919 + seats)
            state = engine.setup(seats, options, seed)
            setup_with_events = getattr(engine, "setup_with_events", None)
            if setup_with_events is not None:  # what the start of a match tells
                state, events = setup_with_events(seats, options, seed)
                out.append(Step(game, seats, options, None, "", tuple(events), state))
            for n in range(MAX_MOVES):
                if engine.result(state) is not None:
                    break
                seat = rnd.choice(sorted({p.seat for p in engine.prompts(state)}))
                bot = rnd.random() < 0.6
                action = engine.bot_action(state, seat) if bot else rnd.choice(engine.legal_actions(state, seat))
                state, events = engine.apply(state, seat, action)
                out.append(Step(game, seats, options, seat, engine.format_action(action), tuple(events), state))
                if seed == seeds[0] and n == CONCEDE_AT and engine.result(state) is None:
                    for reason in ("resigned", "timeout"):  # a concession in the middle of a game
                        conceded, events = engine.concede(state, seat, reason)
                        out.append(Step(game, seats, options, seat, "", tuple(events), conceded))
    return tuple(out)


def public(step: Step) -> Step:
    """The step as the channel is told it: its public events only."""
    return Step(step.game, step.seats, step.options, step.seat, step.move,
                tuple(e for e in step.events if e.visible_to is None), step.state)


@cache
def synthetic(game: str) -> tuple[Step, ...]:
    """Single events narrated over a real position of the game: the game's hand-made ones,
    and the first of each kind that the seeded games told one seat only."""
    played = steps(game)
    out = []
    for seats, kind, params in hook(game, "NARRATION_EVENTS", ()):
        base = next(s for s in played if s.seats == seats)
        out.append(Step(game, seats, base.options, None, "", (Event(kind, params),), base.state))
    private = {}
    for step in played:
        for e in step.events:
            if e.visible_to is not None:
                private.setdefault(e.kind, (step, e))
    for step, e in private.values():
        out.append(Step(game, step.seats, step.options, None, "", (Event(e.kind, dict(e.params)),), step.state))
    return tuple(out)


@cache
def ui_of(game: str):
    """The game's Discord adapter, as the host holds it (no bot needed to narrate): the
    ``ui_class`` of the cog its extension adds."""
    module = importlib.import_module(registry.plugin(game).cog_module)
    cogs = [v for v in vars(module).values() if isinstance(v, type) and hasattr(v, "ui_class")]
    assert cogs, f"{module.__name__} has no game cog"
    return cogs[0].ui_class(None)


def narrate(step: Step, locale: str, snap=None) -> list[str]:
    moves = [(step.seat, step.move)] if step.move else []
    return ui_of(step.game).narrate(snap or snapshot(step.row()), list(step.events), locale, moves=moves)


@cache
def narrated(game: str) -> tuple[tuple[Step, str, tuple[str, ...]], ...]:
    """(step, locale, sentences) for every public step and hand-made event of the game."""
    return _walk(game)[0]


@cache
def keys_used(game: str) -> frozenset[str]:
    """Every catalog key the narration of the game looked up."""
    return _walk(game)[1]


@cache
def _walk(game: str) -> tuple[tuple[tuple[Step, str, tuple[str, ...]], ...], frozenset[str]]:
    out = []
    cat = catalog()
    used: set[str] = set()
    looked_up = cat.t

    def t(key: str, locale: str | None = None, /, **params: Any) -> str:
        used.add(key)
        return looked_up(key, locale, **params)
    cat.t = t  # type: ignore[method-assign]
    try:
        for step in tuple(map(public, steps(game))) + synthetic(game):
            snap = snapshot(step.row())  # one view for both languages
            out += [(step, locale, tuple(narrate(step, locale, snap))) for locale in LOCALES]
    finally:
        del cat.t
    return tuple(out), frozenset(used)


# -- what must never appear ---------------------------------------------------------------

def _content_ids() -> dict[str, frozenset[str]]:
    """Per game, the ids of its named content (engine/<id>/names.py), less the words its own
    English sentences use (an enemy called "ghost" in "a ghost horde rises")."""
    out = {}
    for plugin in registry.plugins():
        names = plugin.names
        ids = {i for kind in names.kinds() for i in names.ids(kind)} if names else set()
        prose = set()
        for key, texts in catalog().entries.items():
            if key.startswith(f"{plugin.id}."):
                prose |= set(re.findall(r"[a-z][a-z0-9_]*", "".join(lit for lit, *_ in Formatter().parse(texts["en"]))))
        out[plugin.id] = frozenset(ids - prose)
    return out


# taken when this module is first imported (collection), before any test adds throwaway
# content (engine tests register cards called "a", "b", ...)
CONTENT_IDS = _content_ids()

RAW_REF = re.compile(r"\b(?:u|s|l|ev|es|isle)\d+\b|@\d\.")
ZERO_SEAT = re.compile(r"\b(?:player|seat)\s*0\b|Player0\b|玩家\s*0(?!\d)|座位\s*0(?!\d)", re.IGNORECASE)
DOUBLED = re.compile(r"\b([A-Za-z]+) \1\b", re.IGNORECASE)
CJK_DOUBLED = re.compile(r"([\u4e00-\u9fff]{2,})\1")
A_VOWEL = re.compile(r"\ba (?!(?:uni|use|eu|one))[aeiou]", re.IGNORECASE)
AN_CONSONANT = re.compile(r"\ban (?!(?:hour|honest|heir))[b-df-hj-np-tv-z]", re.IGNORECASE)
HEX_SUBJECT = re.compile(r"(?:^|: )-?\d+,-?\d+ (?:takes|is|attacks|fires|strikes)")
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")
LEAKS = ("None", "True", "False", "[", "]", "{", "}", "'")


@cache
def raw_key() -> re.Pattern:
    """A catalog key of any game or of the host."""
    prefixes = "|".join(map(re.escape, sorted({*CONTENT_IDS, "host"})))
    return re.compile(rf"\b(?:{prefixes})\.[a-z_]+\.[a-z_.]+")


def problems(line: str, locale: str, game: str) -> list[str]:
    found = []
    words = set(re.findall(r"[a-z][a-z0-9_]*", line))
    ids = sorted(words & CONTENT_IDS.get(game, frozenset()))
    if ids:
        found.append(f"raw id {ids}")
    if RAW_REF.search(line):
        found.append(f"raw reference {RAW_REF.search(line).group()}")
    if "_" in line:
        found.append("underscore")
    if ZERO_SEAT.search(line):
        found.append("zero-based seat")
    if DOUBLED.search(line):
        found.append(f"doubled word {DOUBLED.search(line).group()!r}")
    if locale == "zh-CN" and CJK_DOUBLED.search(line):
        found.append(f"doubled words {CJK_DOUBLED.search(line).group()!r}")
    if locale == "en" and (A_VOWEL.search(line) or AN_CONSONANT.search(line)):
        found.append("wrong article")
    if HEX_SUBJECT.search(line):
        found.append("a hex named instead of what stands on it")
    if PLACEHOLDER.search(line):
        found.append("unfilled placeholder")
    if raw_key().search(line):
        found.append("catalog key")
    leaks = [x for x in LEAKS if x in line.replace("'s ", "").replace("'s", "").replace("n't", "")]
    if leaks:
        found.append(f"raw value {leaks}")
    if not line.strip() or line != line.strip():
        found.append("blank or padded")
    if locale == "en" and line[:1].islower():
        found.append("lower-case start")
    return found
