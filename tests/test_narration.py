"""Narration (issue 10, point 2): every posted board carries short, correct sentences in the
reader's language that name players and the game's things (cards, units, towers, spires,
landmarks...) by name, for every registered game.

Seeded random games of each game (its own option sets from tests/games/<id>/__init__.py, or the
contract suite's) are played through the engine; each move's public events are narrated by
the game's adapter (``ui.narrate``, the code the host runs) in English and Chinese, from the
match as it stands after the move (what the host has when it posts): tests/support/narration.py.
Every sentence must be free of raw content ids, underscores, zero-based seats, doubled words,
"a" before a vowel sound, unfilled placeholders and catalog keys, and every move must yield
at least one sentence (a move that causes no public event, such as a Continue, is narrated
from the move itself).

Event kinds the random games rarely reach are narrated from hand-made events with the
parameters the engine gives them (the game's ``NARRATION_EVENTS``), and the events told to
one seat only as the sentences they would make, so that every ``<game>.ev.<kind>`` of the
catalog is walked. A game's own cases: tests/games/<id>/test_narration.py.
"""
from __future__ import annotations

import random
import re
from functools import cache

import pytest

from cogs.narration import named_params
from engine.base import IllegalAction
from gamehost import registry
from gamehost.i18n import catalog
from gamehost.snapshot import snapshot
from tests.games import game_ids, hook
from tests.support.narration import CONTENT_IDS, Step, keys_used, narrate, narrated, problems, steps, synthetic
from tests.support.prose import prose_problems, raw_ids, strip_code, zero_effects

GAMES = game_ids()


def judge(game: str, bad: list[tuple[str, str]], what: str) -> None:
    """Fail on ``bad`` sentences ((sentence, report) pairs), except the game's known problems
    (``NARRATION_KNOWN`` in tests/games/<id>/__init__.py: a pattern of the sentence -> the bug to fix),
    which make the case an expected failure while they are seen, and a failure once gone."""
    known: dict[str, str] = hook(game, "NARRATION_KNOWN", {})
    seen: dict[str, list[str]] = {pattern: [] for pattern in known}
    rest = []
    for line, report in bad:
        pattern = next((p for p in known if re.search(p, line)), None)
        (seen[pattern] if pattern is not None else rest).append(report)
    assert not rest, f"{len(rest)} {what}, e.g.:\n" + "\n".join(rest[:25])
    if any(seen.values()):
        pytest.xfail("; ".join(f"{known[p]}: {len(found)} {what}, e.g. {found[0]}"
                               for p, found in seen.items() if found))


@pytest.mark.slow  # a long walk; the full suite runs it, the quick one does not
@pytest.mark.parametrize("game", GAMES)
def test_every_sentence_reads_cleanly(game):
    bad = []
    for step, locale, lines in narrated(game):
        for line in lines:
            issues = problems(line, locale, game)
            if issues:
                bad.append((line, f"{locale} [{step.move}]: {line!r}: {', '.join(issues)}"))
    judge(game, bad, "bad sentences")


@pytest.mark.parametrize("game", GAMES)
def test_the_known_problems_are_still_there(game):
    """A known problem (``NARRATION_KNOWN``) that no sentence shows any more is fixed: take it
    off the list, so that it cannot come back unseen."""
    known: dict[str, str] = hook(game, "NARRATION_KNOWN", {})
    text = [line for _, _, lines in narrated(game) for line in lines]
    gone = [reason for pattern, reason in known.items() if not any(re.search(pattern, line) for line in text)]
    assert not gone, f"fixed, take off tests/games/{game}.py NARRATION_KNOWN: {gone}"


@pytest.mark.parametrize("game", GAMES)
def test_every_move_yields_a_sentence(game):
    empty = [f"{locale} seat {step.seat}: {step.move!r} ({[e.kind for e in step.events]})"
             for step, locale, lines in narrated(game) if not lines]
    assert not empty, f"{len(empty)} moves without narration, e.g.:\n" + "\n".join(empty[:25])


@pytest.mark.parametrize("game", GAMES)
def test_chinese_narration_is_chinese(game):
    """A Chinese reader gets Chinese sentences (names of players aside)."""
    english = []
    for step, locale, lines in narrated(game):
        if locale != "zh-CN":
            continue
        for line in lines:
            text = re.sub(r"Player\d+|-?\d+,-?\d+", "", line)
            if re.search(r"[A-Za-z]{3,}", text) or not re.search(r"[\u4e00-\u9fff]", text):
                english.append((line, f"[{step.move}]: {line!r}"))
    judge(game, english, "untranslated sentences")


@pytest.mark.parametrize("game", GAMES)
def test_every_event_kind_of_the_catalog_is_walked(game):
    """Every ``<game>.ev.<kind>`` is narrated at least once (an event of that kind, or the
    sentence looked up: a kind may have variants, such as a hero who stays put), and every
    kind has a sentence of its own."""
    kinds_seen = {e.kind for step, _, _ in narrated(game) for e in step.events}
    kinds_seen |= {k.split(".")[2] for k in keys_used(game) if k.startswith(f"{game}.ev.")}
    in_catalog = {k.split(".")[2] for k in catalog().entries if k.startswith(f"{game}.ev.")}
    assert in_catalog <= kinds_seen, f"never walked: {sorted(in_catalog - kinds_seen)}"
    for step, locale, lines in narrated(game):
        if len(step.events) == 1 and not step.move:
            assert lines, f"{step.events[0].kind} has no sentence in {locale}"


@pytest.mark.parametrize("game", GAMES)
def test_players_and_things_are_named(game):
    """Sentences name the players (Player1, Player2, ...), never by seat number; things by
    name, not by the hex or cell they stand on."""
    seen_names = set()
    for step, locale, lines in narrated(game):
        for line in lines:
            seen_names |= set(re.findall(r"Player\d", line))
            if locale == "en":
                assert not re.match(r"^-?\d+,-?\d+ takes", line), line
    most = max(step.seats for step in steps(game))
    assert {f"Player{n}" for n in range(1, most + 1)} <= seen_names


@pytest.mark.parametrize("game", GAMES)
def test_known_rough_sentences_are_gone(game):
    """The sentences of the issue: "lane lane", raw card ids, "player 0", "fort moves",
    "builds a Arc Pylon"."""
    text = "\n".join(line for _, locale, lines in narrated(game) if locale == "en" for line in lines)
    for rough in ("lane lane", "cast on blade", "takes the deck ember", "player 0", "fort moves", "a Arc",
                  "a Aerie", "a Aether"):
        assert rough not in text


@pytest.mark.parametrize("game", GAMES)
def test_a_match_without_a_board_is_still_narrated(game):
    """A cancelled match has no state and an empty view: a concession's events are still told,
    in both languages, as they are over the board."""
    conceded = next(s for s in steps(game) if s.seat is not None and not s.move)
    public = tuple(e for e in conceded.events if e.visible_to is None)
    for locale in ("en", "zh-CN"):
        over_the_board = narrate(Step(game, conceded.seats, conceded.options, conceded.seat, "", public,
                                      conceded.state), locale)
        lines = narrate(Step(game, conceded.seats, conceded.options, conceded.seat, "", public, None), locale)
        assert lines and lines == over_the_board, (public, lines)
        assert not [p for line in lines for p in problems(line, locale, game)], lines


@pytest.mark.parametrize("game", GAMES)
def test_the_walk_plays_the_game_and_its_hand_made_events(game):
    """The game is played (moves and a concession) and every hand-made event is a single
    event over a real position of the game."""
    assert any(s.move for s in steps(game))
    assert any(s.seat is not None and not s.move for s in steps(game)), "no concession"
    for step in synthetic(game):
        assert len(step.events) == 1 and step.state is not None and snapshot(step.row()).view


# -- as a person would write it (issue 22, item 7) -----------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_sentences_have_real_plurals_and_no_raw_ids(game):
    """No "(s)", counts that agree with their nouns, no doubled words, no snake_case ids or
    move notation, in either language (tests/support/prose.py)."""
    bad = []
    for step, locale, lines in narrated(game):
        for line in lines:
            issues = prose_problems(line, locale) + zero_effects(line, locale)
            if issues:
                bad.append((line, f"{locale} [{step.move}]: {line!r}: {', '.join(issues)}"))
    judge(game, bad, "sentences a person would not write")


NOT_AMOUNTS = re.compile(r"seat|player|round|turn|wave|stage|slot|index|tile|level|pos|id$|choice|number|"
                         r"^to$|^by$|winner|loser|lane|size|left|health|hp|wounds$|tokens$|hearts$|gate|total")


def zeroed_steps(game: str) -> list[Step]:
    """Each event kind the walk met, once per amount it carries (a number that is not a seat,
    a round, a position or what is left), with that amount at 0."""
    seen: dict[str, Step] = {}
    for step in tuple(steps(game)) + synthetic(game):
        for e in step.events:
            if e.visible_to is None and e.kind not in seen:
                seen[e.kind] = Step(game, step.seats, step.options, None, "", (e,), step.state)
    out = []
    for kind, step in seen.items():
        params = dict(step.events[0].params)
        for name, value in params.items():
            if isinstance(value, int) and not isinstance(value, bool) and value and not NOT_AMOUNTS.search(name):
                event = type(step.events[0])(kind, {**params, name: 0})
                out.append(Step(game, step.seats, step.options, None, "", (event,), step.state))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_zero_effects_are_not_told(game):
    """Events driven with an amount at 0 ("+0 attack", "heals 0", "0 damage"): the narration
    drops the effect of nothing, in both languages."""
    bad = []
    zeroed = zeroed_steps(game)
    assert zeroed
    for step in zeroed:
        for locale in ("en", "zh-CN"):
            for line in narrate(step, locale):
                if zero_effects(line, locale):
                    bad.append((line, f"{locale} {step.events[0].kind} {dict(step.events[0].params)}: {line!r}"))
    judge(game, bad, "zero effects told")


# -- refusals (issue 22, item 7: names, not ids, everywhere a person reads) ---------------

@cache
def refusals(game: str) -> dict[str, dict]:
    """code -> params of the refusals met when a seeded game's earlier moves (and the other
    seats' moves) are tried again later on: cards no longer in hand, heroes already
    activated, decks taken..."""
    engine = registry.plugin(game).engine
    options = registry.normalize_options(game, {})
    seats = max(2, engine.seat_range(options)[0])
    state, rnd = engine.setup(seats, options, 1), random.Random(1)
    tried: list[str] = []
    seen: dict[str, dict] = {}
    for _ in range(150):
        if engine.result(state) is not None:
            break
        seat = rnd.choice(sorted({p.seat for p in engine.prompts(state)}))
        legal = engine.legal_actions(state, seat)
        tried += [engine.format_action(a) for a in legal[:30]]
        for text in rnd.sample(tried, min(12, len(tried))):
            for other in range(seats):
                try:
                    engine.apply(state, other, engine.parse_action(text))
                except IllegalAction as refusal:
                    seen.setdefault(refusal.code, dict(refusal.params))
        state, _ = engine.apply(state, seat, rnd.choice(legal))
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_refusals_name_things_by_name(game):
    """A refusal's words (``cogs.narration.named_params``, what the host gives the catalog)
    name cards, decks, heroes and abilities by name, never by id, in both languages."""
    ids = CONTENT_IDS.get(game, frozenset())
    names = registry.plugin(game).names
    found = refusals(game)
    assert found
    bad = []
    for code, params in found.items():
        for locale in ("en", "zh-CN"):
            text = catalog().t(code, locale, **named_params(code, params, locale))
            raw = sorted(set(re.findall(r"[a-z][a-z0-9_]*", strip_code(text))) & ids)
            if raw or raw_ids(text):
                bad.append(f"{locale} {code} {params}: {text!r}")
            for key, value in params.items():  # a thing the sentence names is there by its name
                kind = names.find(value) if names is not None and isinstance(value, str) else None
                told = f"{{{key}}}" in str(catalog().entries[code][locale])
                if names is not None and kind is not None and told and names.name(kind, value, locale) not in text:
                    bad.append(f"{locale} {code} {params}: {text!r} does not name {value}")
    assert not bad, "\n".join(bad)
