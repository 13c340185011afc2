"""Per-viewer redaction of the match log: ``GAME.log_text(state, actor, viewer, text)`` of every
registered game (engine.base.Game), checked on the real logs of seeded games played from
set-up to the end (tests/support/logs.py), for the actor, every other seat and an outsider
(``None``): another seat's hidden moves never show what that seat may not see.

Two readings of "hidden": the views' (every game: a move shown to a seat names nothing of the
mover's view that the seat's view lacks), and, where a game gives one, the test's own table of
the rules, verb by verb (``LOG_EXPECT`` in tests/games/<id>/__init__.py, with the notation module's
documented verbs: a meta-test checks that every verb has a row here and in the engine). A
game's own cases: tests/games/<id>/test_log.py.
"""
from __future__ import annotations

import inspect

import pytest

from engine import base
from engine.kit import GameBase
from gamehost import registry
from tests.games import game_ids, hook
from tests.support.logs import PUBLIC, check_against_the_views, check_log, logged_games, verb, viewers

GAMES = game_ids()
# a game whose seeded logs take long (LOG_SLOW): the full suite walks them, the quick one does not
WALKS = [pytest.param(g, marks=pytest.mark.slow) if hook(g, "LOG_SLOW") else g for g in GAMES]


@pytest.mark.parametrize("game", GAMES)
def test_every_notation_verb_has_a_decided_visibility(game):
    """Every verb of the game's notation has a decided visibility: a row of the engine's
    LogRule table (or the engine's own ``log_text``), and, where the game gives one, a row of
    the test's own table, the two agreeing (CD-FMT-8, CD-CHA-4, CS-PREP-11, CS-AMB-33)."""
    engine = registry.plugin(game).engine
    verbs = set(engine.grammar.by_word)
    assert verbs
    documented = hook(game, "grammar_verbs")
    if documented is not None:
        assert documented() == verbs, "the notation module documents other verbs than it reads"
    rules = engine.log_rules
    if rules:
        assert set(rules) == verbs, f"engine table: missing {verbs - set(rules)}, extra {set(rules) - verbs}"
    else:
        assert type(engine).log_text is not GameBase.log_text, "no LogRule table and no log_text of its own"
    expect = hook(game, "LOG_EXPECT")
    if expect is not None:
        assert verbs == set(expect), f"test table: missing {verbs - set(expect)}, extra {set(expect) - verbs}"
        for v, redacted in expect.items():
            assert rules[v].hidden == redacted, v


@pytest.mark.parametrize("game", GAMES)
def test_game_objects_implement_the_contract_methods(game):
    """``log_text(state, actor, viewer, text)`` and ``log_hidden(text)`` with the signature of
    engine.base.Game."""
    engine = registry.plugin(game).engine
    want = list(inspect.signature(base.Game.log_text).parameters)
    assert want == ["self", "state", "actor", "viewer", "text"]
    assert list(inspect.signature(engine.log_text).parameters) == want[1:]
    assert list(inspect.signature(engine.log_hidden).parameters) == ["text"]


@pytest.mark.parametrize("game", WALKS)
def test_real_logs_hide_what_other_seats_may_not_see(game):
    """Every move of the seeded games, seen by the actor, every other seat (team-mates
    included) and an outsider, right after the move and at the end of the game: the actor
    sees its own move; what another seat sees otherwise is a move ``log_hidden`` calls hidden;
    no seat is told what its view does not show. With the game's own table: public moves
    unchanged, hidden ones in their redacted form with none of their arguments (CD-FMT-8,
    CD-CHA-4, CD-HAND-1, CS-PREP-3..8, CS-PREP-11, CS-MKT-7, CS-AMB-33), and every verb
    played but the rare ones."""
    engine = registry.plugin(game).engine
    expect = hook(game, "LOG_EXPECT")
    revealed = hook(game, "log_revealed", lambda st, actor, text: False)
    seen: set[str] = set()
    checked: dict[str, int] = {}
    for logged in logged_games(game):
        assert engine.result(logged.final) is not None, logged.name
        check_against_the_views(engine, logged, checked)
        if expect is not None:
            seen |= check_log(engine, expect, logged.log, logged.final, logged.seats, revealed)
    if expect is not None:
        rare = hook(game, "LOG_RARE", set())
        assert set(expect) - seen <= rare, f"verbs never played: {set(expect) - seen - rare}"


def samples(game: str) -> list[str]:
    """One move of every form of every verb: the game's ``LOG_SAMPLES``, else the first logged
    move of each verb."""
    given = hook(game, "LOG_SAMPLES")
    if given is not None:
        return list(given)
    first: dict[str, str] = {}
    for logged in logged_games(game):
        for _, text, *_ in logged.log:
            first.setdefault(verb(text), text)
    return list(first.values())


def sample_setup(game: str):
    """A state of the game and its seat count to show the samples in."""
    plugin = registry.plugin(game)
    seats, raw = hook(game, "LOG_SAMPLE_SETUP", (None, {}))
    options = registry.normalize_options(game, raw)
    low, high = plugin.seat_range(options)
    seats = seats or min(max(low, 2), high)
    return plugin.engine.setup(seats, options, 1), seats


@pytest.mark.parametrize("game", GAMES)
def test_every_verb_sample_for_actor_opponent_and_outsider_cd_fmt_8_cs_prep_11(game):
    """One sample of every verb (all forms), parsed by the engine's own notation, seen by the
    actor, every other seat and an outsider: the actor's unchanged, another's unchanged or
    hidden (``log_hidden``); with the game's table, public verbs unchanged and hidden ones in
    their redacted form with none of their tokens (CD-FMT-8, CD-CHA-4, CS-PREP-11, CS-AMB-33)."""
    engine = registry.plugin(game).engine
    expect = hook(game, "LOG_EXPECT")
    texts = samples(game)
    if expect is not None:
        assert {verb(t) for t in texts} == set(expect)
    st, seats = sample_setup(game)
    for text in texts:
        assert engine.format_action(engine.parse_action(text)) == text
        if expect is not None:
            check_log(engine, expect, [(0, text, st, [])], st, seats)
        for viewer in viewers(seats):
            shown = engine.log_text(st, 0, viewer, text)
            assert shown == text if viewer == 0 else (shown == text or engine.log_hidden(text)), (viewer, text)


def hidden_sample(game: str) -> str | None:
    """A move some other seat sees redacted, or None when the game hides nothing."""
    for text in samples(game):
        if hook(game, "LOG_EXPECT", {}).get(verb(text), PUBLIC) is not PUBLIC:
            return text
    for logged in logged_games(game):
        for actor, text, after, _ in logged.log:
            if any(registry.plugin(game).engine.log_text(after, actor, v, text) != text for v in viewers(logged.seats)):
                return text
    return None


@pytest.mark.parametrize("game", GAMES)
def test_system_entries_and_unknown_text(game):
    """System entries (actor ``None``) and concede texts (``resign``, ``timeout``,
    ``abandon``) are public; text that is not notation is hidden entirely (never leak);
    the actor always sees its own hidden move (CD-FMT-8, CS-PREP-11)."""
    engine = registry.plugin(game).engine
    st, _ = sample_setup(game)
    for text in ("resign", "timeout", "abandon"):
        for viewer in (0, 1, None):
            assert engine.log_text(st, 1, viewer, text) == text
    hidden = hidden_sample(game)
    if hidden is not None:
        assert engine.log_text(st, None, 0, hidden) == hidden
        assert engine.log_text(st, None, None, hidden) == hidden
        assert engine.log_text(st, 0, 0, hidden) == hidden
    assert engine.log_text(st, 0, 1, "frobnicate secret_card") == "?"
    assert engine.log_text(st, 0, 1, "") == ""
    assert engine.log_hidden("frobnicate x") and not engine.log_hidden("resign")
