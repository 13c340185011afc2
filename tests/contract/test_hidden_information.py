"""Hidden information, derived from the views alone so that it holds for any game: whatever a
seat's view shows beyond the public view is that seat's secret, and neither the public view,
the public events, the public board image nor another seat's view may show it.

Secrets are compared as the string values of the views (card, unit, relic, landmark names;
not keys, numbers or flags, which every view shares). Two seats may legitimately come to
know the same thing: both explored a landmark (each learns it with its own move), or the
rules show one seat's secret to others in a place of their own (later players see an
earlier player's locked stack under that player's name, the player in its own stack).
What the views must never do is show a new secret to every seat that knows it at one and
the same place: that is a view that did not ask who is looking.
"""
from __future__ import annotations

import re
from typing import Any

from tests.render.text_recorder import recording

from tests.support.logs import strings as string_leaves

from .conftest import Config, strings, traces


def values(view: Any) -> set[str]:
    """Every string leaf of a JSON value (dict keys excluded)."""
    return string_leaves(view)


def places(view: Any, path: tuple = ()) -> dict[str, set[tuple]]:
    """Every string leaf of a JSON value with the paths where it stands."""
    if isinstance(view, str):
        return {view: {path}}
    if isinstance(view, dict):
        items = view.items()
    elif isinstance(view, (list, tuple)):
        items = enumerate(view)
    else:
        return {}
    out: dict[str, set[tuple]] = {}
    for k, v in items:
        for value, where in places(v, path + (k,)).items():
            out.setdefault(value, set()).update(where)
    return out


def seen(config: Config, state) -> dict:
    """Per viewer (None: the public), the string values of its view."""
    return {viewer: values(config.engine.view(state, viewer)) for viewer in config.viewers}


def private(seen_: dict, seat: int) -> set[str]:
    return seen_[seat] - seen_[None]


def born(before: dict, after: dict, seat: int) -> set[str]:
    """Secrets of ``seat`` that the move created: private to it now, in nobody's view before
    (public knowledge going into a hidden zone, or one seat's secret shown to another, is
    not a new secret)."""
    return private(after, seat) - set().union(*before.values())


def pairs(config: Config, per_game: int = 20):
    """(trace, i): move ``i`` and the states either side of it, spread over each game; the
    set-up (``i == -1``: nothing known before) always included."""
    for t in traces(config):
        yield t, -1
        for i in t.positions(per_game):
            if i < len(t.moves):
                yield t, i


def test_the_public_view_shows_nothing_a_seat_cannot_see(config: Config):
    """The public view is the least any seat knows: each of its facts (string values that
    are facts of the state) is in every seat's view too."""
    for t in traces(config):
        for i in t.positions(20):
            state = t.state(i)
            facts = values(state)
            views = seen(config, state)
            for seat in range(config.seats):
                extra = (views[None] & facts) - views[seat]
                assert not extra, f"after {i} moves (seed {t.seed}) the public view shows {sorted(extra)[:8]}, " \
                                  f"which seat {seat}'s view does not"


def test_a_new_secret_is_not_shown_to_every_seat_that_knows_it_in_one_place(config: Config):
    """A secret a move creates may reach several seats (the rules show a player's freshly
    locked stack to every later player), but then its owner sees it somewhere else (its
    own stack) than the others (that player's entry). When every seat that knows a new
    secret sees it at the very same place, the view did not ask who is looking."""
    engine = config.engine
    for t, i in pairs(config):
        state = t.state(i + 1)
        after = seen(config, state)
        before = seen(config, t.state(i)) if i >= 0 else {v: set() for v in config.viewers}
        new = set().union(*(born(before, after, seat) for seat in range(config.seats)))
        where: dict[int, dict] = {}
        for secret in sorted(new):
            knowers = [seat for seat in range(config.seats) if secret in after[seat]]
            if len(knowers) < 2:
                continue
            for seat in knowers:
                if seat not in where:
                    where[seat] = places(engine.view(state, seat))
            common = set.intersection(*(where[seat][secret] for seat in knowers))
            move = "the set-up" if i < 0 else f"move {i} ({engine.format_action(t.moves[i][1])!r})"
            assert not common, f"seed {t.seed}, {move}: the new secret {secret!r} reaches seats {knowers}, " \
                               f"all at {sorted(common)[:3]}"


def counts(value: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for s, where in places(value).items():
        out[s] = len(where)
    return out


def test_public_events_name_no_secret(config: Config):
    """A public event names nothing that became some seat's secret with that move, nor a
    secret another seat kept through the move that the mover did not know either.

    Two things excuse a name: another copy of it stands outside the seat's secrets (a card
    the AI plays may share its name with one in a hand), or the move's public events name
    it more than once (the rules revealed it, then it went into a hidden zone: a card
    revealed, cast and returned to a hand). A secret told in one public event (``peek``)
    is what ``Event.visible_to`` is for."""
    engine = config.engine
    for t in traces(config):
        for i, (mover, action) in enumerate(t.moves):
            public = [e for e in t.events[i] if getattr(e, "visible_to", None) is None]
            if not public:
                continue
            mentions: dict[str, int] = {}
            for e in public:
                for value in values(e.params):
                    mentions[value] = mentions.get(value, 0) + 1
            named = {value for value, n in mentions.items() if n == 1}
            if not named:
                continue
            state = t.state(i + 1)
            named -= strings(engine.view(state, None))         # public now: no secret
            if not named:
                continue
            before, after = seen(config, t.state(i)), seen(config, state)
            in_state = counts(state)
            for seat in range(config.seats):
                secrets = born(before, after, seat)
                if seat != mover:
                    secrets |= (private(after, seat) & private(before, seat)) - before[mover] - after[mover]
                secrets &= named
                if not secrets:
                    continue
                in_view = counts(engine.view(state, seat))
                leaked = {s for s in secrets if in_state.get(s, 0) <= in_view.get(s, 0)}
                assert not leaked, f"seed {t.seed}, move {i} ({engine.format_action(action)!r}): a public " \
                                   f"event names {sorted(leaked)} of seat {seat}: " \
                                   f"{[(e.kind, e.params) for e in public]}"


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def secret_slugs(config: Config, state, seats) -> set[str]:
    """The seats' secrets (string values of their views that the public view lacks, as key
    or value) in the letters-and-digits form a drawn name has too (``stag_rider`` and
    "Stag Rider" are both ``stagrider``); short ones (ids like ``u4``) left out."""
    public = strings(config.engine.view(state, None))
    public_slugs = [slug(v) for v in public]
    out = set()
    for seat in seats:
        for value in values(config.engine.view(state, seat)) - public:
            s = slug(value)
            # a secret whose text the public view already carries (a card in hand while another
            # card of the same name stands on the board) is no secret
            if len(s) >= 5 and re.search("[a-z]", s) and not any(s in p for p in public_slugs):
                out.add(s)
    return out


def drawn(png_call) -> list[str]:
    with recording() as texts:
        png_call()
    return [d.text for d in texts]


def leaks(texts: list[str], secrets: set[str]) -> set[str]:
    """Drawn strings that name a secret; a name wrapped over two lines is drawn as two
    strings in a row, so each string joined with the next counts too."""
    candidates = texts + [f"{a} {b}" for a, b in zip(texts, texts[1:])]
    return {t for t in candidates for s in secrets if s in slug(t)}


def test_images_draw_no_secret_of_a_seat_they_are_not_for(config: Config):
    """The public board draws no name of any seat's secret; seat A's private image draws no
    name of another seat's secret that A's view does not show."""
    renderer = config.plugin.renderer
    engine = config.engine
    names = config.seat_names
    for t in traces(config)[:1]:
        for i in t.positions(3)[1:]:
            state = t.state(i)
            board = drawn(lambda: renderer.board_png(engine.view(state, None), names, "en"))
            leaked = leaks(board, secret_slugs(config, state, range(config.seats)))
            assert not leaked, f"after {i} moves (seed {t.seed}) the public board draws {sorted(leaked)[:6]}"
            for seat in range(config.seats):
                view = engine.view(state, seat)
                own = {slug(v) for v in strings(view)}
                others = secret_slugs(config, state, [b for b in range(config.seats) if b != seat]) - own
                leaked = leaks(drawn(lambda: renderer.private_png(view, seat, names, "en")), others)
                assert not leaked, f"after {i} moves (seed {t.seed}) seat {seat}'s private image draws " \
                                   f"{sorted(leaked)[:6]}, another seat's secret"
