"""Seeded games of any registered game, every move logged as the match log keeps it (actor,
notation, the state right after), for tests/engine/test_log_redaction.py and the games' own
log cases (tests/games/<id>/test_log.py).

The games come from the game's ``LOG_FORMATS`` (tests/games/<id>/__init__.py) or, without one, from
its narration configurations (tests/support/narration.py); they are played from set-up to the
end through ``GAME.apply``. What another seat may see of a move is checked two ways: against
the game's ``LOG_EXPECT`` (the test's own reading of the rules, verb by verb) when it gives
one, and, for every game, against the views: a logged move shown to a seat never names what
the mover's view holds and that seat's view does not.
"""
from __future__ import annotations

import random
import re
from functools import cache
from typing import Any, Callable, NamedTuple

from gamehost import registry
from tests.games import hook
from tests.support.narration import configs

PUBLIC = None  # a verb whose moves read the same to everyone
PER_VERB = 8   # moves of each verb whose words are checked against the views


def verb(text: str) -> str:
    return text.split()[0]


class Logged(NamedTuple):
    """One seeded game: its set-up, every move as (actor, notation, state right after it, the
    move's events) and its final state."""

    name: str
    seats: int
    start: Any
    log: list[tuple[int, str, Any, list]]
    final: Any


def play_logged(game: Any, seats: int, options: dict, seed: int, policies: dict | None = None,
                mix: float = 0.3, adjust: Callable | None = None) -> tuple[Any, list[tuple[int, str, Any, list]], Any]:
    """Play a seeded game from setup to the end through ``game.apply``: (the set-up, the log,
    the final state). Moves come from ``bot_action``, mixed with random legal moves (preferring
    verbs not logged yet, to reach every kind of move); ``adjust(action, rnd)`` may change a
    random move (a real secret deck)."""
    rnd = random.Random(seed * 7919 + seats)
    grammar = getattr(game, "grammar", None)  # the verb table: a move's verb without writing it

    def verb_of(action: Any) -> str:
        return grammar.by_type[action["type"]].verb if grammar is not None else verb(game.format_action(action))
    st = start = game.setup(seats, options, seed)
    log: list[tuple[int, str, Any, list]] = []
    for seat, actions in (policies or {}).items():
        for a in actions:
            st, events = game.apply(st, seat, a)
            log.append((seat, game.format_action(a), st, events))
    for _ in range(20000):
        if game.result(st) is not None:
            return start, log, st
        seat = game.prompts(st)[0].seat
        legal = game.legal_actions(st, seat)
        seen = {verb(t) for _, t, *_ in log}
        fresh = [a for a in legal if verb_of(a) not in seen]
        r = rnd.random()
        if fresh and r < 0.5:
            a = rnd.choice(fresh)
        elif r < 0.5 + mix:
            a = rnd.choice(legal)
        else:
            a = game.bot_action(st, seat)
        if adjust is not None:
            a = adjust(a, rnd)
        st, events = game.apply(st, seat, a)
        log.append((seat, game.format_action(a), st, events))
    raise AssertionError("game did not end")


def formats(game: str) -> list[tuple[str, int, dict]]:
    """(name, seats, options) of the games to log."""
    given = hook(game, "LOG_FORMATS")
    if given is not None:
        return [(name, seats, registry.normalize_options(game, raw)) for name, seats, raw in given]
    return [(f"{seats}p-{n}", seats, options) for n, (seats, options) in enumerate(configs(game))]


@cache
def logged_games(game: str) -> tuple[Logged, ...]:
    """Every seeded game of ``game``, logged."""
    engine = registry.plugin(game).engine
    policies = hook(game, "log_policies", lambda seats, seed: {})
    adjust = hook(game, "log_action")
    return tuple(Logged(name, seats, *play_logged(engine, seats, options, seed, policies(seats, seed), adjust=adjust))
                 for name, seats, options in formats(game) for seed in hook(game, "LOG_SEEDS", (1,)))


def viewers(seats: int) -> list:
    return list(range(max(seats, 2))) + [None]


# -- the test's own reading (LOG_EXPECT) ----------------------------------------------------

def secret_tokens(expect: dict, text: str) -> list[str]:
    """The words of a hidden move that another seat must not see: its arguments (card ids,
    unit types, items, heroes, policy keys and values), and the verb itself when the
    redacted form hides it."""
    words = text.split()
    head, args = words[0], words[1:]
    toks = [t for a in args for t in a.split(",") if t]
    if expect[head] is not PUBLIC and not expect[head].startswith(head):
        toks.append(head)
    return toks


def check_log(game: Any, expect: dict, log: list, final: dict, seats: int,
              revealed: Callable = lambda st, actor, text: False) -> set[str]:
    """Every move as the actor, every other seat and an outsider see it, right after it and at
    the end, against ``expect``; the verbs logged."""
    seen_verbs = set()
    for actor, text, after, *_ in log:
        head = verb(text)
        seen_verbs.add(head)
        for st in (after, final):
            for viewer in viewers(seats):
                shown = game.log_text(st, actor, viewer, text)
                if viewer == actor or expect[head] is PUBLIC or revealed(st, actor, text):
                    assert shown == text, (actor, viewer, text, shown)
                    continue
                assert shown == expect[head], (actor, viewer, text, shown)
                words = set(re.split(r"[\s,]+", shown))
                leaked = [t for t in secret_tokens(expect, text) if t in words or t in shown.replace("?", "")]
                assert not leaked, (actor, viewer, text, shown, leaked)
        assert game.log_hidden(text) is (expect[head] is not PUBLIC)
    return seen_verbs


# -- what the views say ----------------------------------------------------------------------

def strings(value: Any) -> set[str]:
    """Every string leaf of a JSON value."""
    out: set[str] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out.add(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return out


def words_of(shown: str) -> set[str]:
    return {w for w in re.split(r"[\s,+:;]+", shown) if w and w != "?"}


def check_against_the_views(game: Any, logged: Logged, checked: dict[str, int]) -> None:
    """Every move, right after it and at the end: the actor sees it as it was made, and a move
    another seat sees otherwise is one ``log_hidden`` calls hidden. The first ``PER_VERB`` moves
    of each verb (``checked`` counts them over the games): shown to another seat or an
    outsider, the move names nothing of the mover's view that the viewer's view lacks, unless
    the viewer saw it just before or the move's public events tell it (a spell cast, then back
    in a hand). Which of several things everyone sees a move chose (a champion of the offer)
    is beyond this reading: the game's own table (``LOG_EXPECT``) covers it."""
    seats, before = logged.seats, logged.start
    for actor, text, after, events in logged.log:
        for st in (after, logged.final):
            for viewer in viewers(seats):
                shown = game.log_text(st, actor, viewer, text)
                if viewer == actor:
                    assert shown == text, (actor, text, shown)
                elif shown != text:
                    assert game.log_hidden(text), (actor, viewer, text, shown)
        head = verb(text)
        if checked.get(head, 0) < PER_VERB:
            checked[head] = checked.get(head, 0) + 1
            told = strings([e.params for e in events if e.visible_to is None])
            known = strings(game.view(after, None)) | strings(game.view(before, None)) | told
            mine = strings(game.view(after, actor)) - known
            for viewer in viewers(seats):
                if viewer is not None and (viewer == actor or viewer >= seats):
                    continue
                secrets = mine
                if viewer is not None:
                    secrets = secrets - strings(game.view(after, viewer)) - strings(game.view(before, viewer))
                shown = game.log_text(after, actor, viewer, text)
                assert not words_of(shown) & secrets, (actor, viewer, text, shown, sorted(words_of(shown) & secrets))
        before = after
