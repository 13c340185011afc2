"""Tests for the Clash of Decks renderer (the render/clash/ package): every sample renders a PNG of
its layout's size, with or without the card content, deterministically and without changing the
view; the public board does not depend on hidden cards; and the public API (``board_png``,
``private_png``) draws real engine views.

What is drawn is pinned as content (every string with its font size, and the image size, for
the fixed sample views in ``clash_views``), never as pixels: pixels change with the Pillow and
FreeType versions. The shared helpers are in clash_render_helpers.py.
"""

from __future__ import annotations

import copy
import random

import pytest

from tests.games.clash.render import clash_views
from tests.games.clash.render.clash_render_helpers import _cards, _drawn, _open, _texts

from engine.clash import GAME
from engine.clash.cards import CARDS
from render import common, legibility
from render.clash import board_layout, board_png, hand_layout, private_png, render_board, render_hand
from render.clash.content import Cards


# ---------------------------------------------------------------- every sample renders


@pytest.mark.parametrize("name", sorted(clash_views.BOARD_SAMPLES))
@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_board_sample_is_png_of_layout_size(name, lang):
    make, names = clash_views.BOARD_SAMPLES[name]
    view = make()
    img = _open(render_board(view, seat_names=names, card_lookup=clash_views.lookup, lang=lang))
    layout = board_layout(view, _cards(lang))
    assert img.size == (layout.width, layout.height)
    assert not legibility.shape_problems(img.size)


@pytest.mark.parametrize("name", sorted(clash_views.HAND_SAMPLES))
def test_hand_sample_is_png_of_layout_size(name):
    make, seat = clash_views.HAND_SAMPLES[name]
    view = make()
    img = _open(render_hand(view, seat, card_lookup=clash_views.lookup))
    lay = hand_layout(view, seat, _cards())
    assert img.size == (lay["width"], lay["height"])
    assert not legibility.shape_problems(img.size)


@pytest.mark.parametrize("name", sorted(clash_views.BOARD_SAMPLES))
def test_board_renders_without_card_lookup(name):
    make, names = clash_views.BOARD_SAMPLES[name]
    view = make()
    img, texts = _drawn(lambda: render_board(view, seat_names=names))
    assert img.size == (board_layout(view).width, board_layout(view).height)
    drawn = " ".join(_texts(texts))
    ids = [c["card"] for lane in view["lanes"].values() for side in lane for c in side]
    ids += (view.get("draft") or {}).get("revealed") or []
    for cid in ids:  # without content, a card is named by its prettified id
        assert common.prettify_id(cid).split()[0][:3] in drawn, cid
    assert "Ancient" not in drawn  # ... never by the content the lookup would have given


def test_render_is_deterministic():
    view = clash_views.midgame()
    a = render_board(view, seat_names=["A", "B"], card_lookup=clash_views.lookup)
    b = render_board(copy.deepcopy(view), seat_names=["A", "B"], card_lookup=clash_views.lookup)
    assert a == b


def test_render_does_not_mutate_the_view():
    view = clash_views.midgame(private_for=1)
    before = copy.deepcopy(view)
    render_board(view, seat_names=["A", "B"], card_lookup=clash_views.lookup)
    render_hand(view, 1, card_lookup=clash_views.lookup)
    assert view == before


# ---------------------------------------------------------------- hidden information


def _with_other_hand(view, seat, rng):
    """The same view with different (private) card ids and playable flags in a hand."""
    v = copy.deepcopy(view)
    ids = list(clash_views.CARDS)
    for item in v["seats"][seat]["hand"]:
        if not item.get("fort"):
            item["card"] = rng.choice(ids)
            item["playable"] = rng.random() < 0.5
    return v


@pytest.mark.parametrize("make", [clash_views.opening, clash_views.midgame])
@pytest.mark.parametrize("seat", [0, 1])
def test_public_board_does_not_depend_on_hidden_cards(make, seat):
    public = make()
    hidden = [h for s in public["seats"] for h in s["hand"] if h.get("hidden")]
    assert hidden, "the sample must have hidden hand cards"
    expected = render_board(public, seat_names=["A", "B"], card_lookup=clash_views.lookup)
    rng = random.Random(seat)
    private = make(private_for=seat)
    for _ in range(3):
        other = _with_other_hand(private, seat, rng)
        got = render_board(other, seat_names=["A", "B"], card_lookup=clash_views.lookup)
        assert got == expected  # hand faces never reach the public image
    assert clash_views.public(private) == public


def test_private_hand_shows_the_faces():
    view = clash_views.opening(private_for=0)
    a = render_hand(view, 0, card_lookup=clash_views.lookup)
    other = _with_other_hand(view, 0, random.Random(1))
    assert render_hand(other, 0, card_lookup=clash_views.lookup) != a


# ---------------------------------------------------------------- public API (engine content)


def _engine_views(seed=5, steps=40):
    """Views of a real duel after random legal moves (fixed seed): public and each seat's."""
    rng = random.Random(seed)
    state = GAME.setup(2, {"mode": "duel", "format": "precon"}, seed)
    for _ in range(steps):
        prompts = GAME.prompts(state)
        if GAME.result(state) is not None or not prompts:
            break
        seat = prompts[0].seat
        state, _events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return GAME.view(state, None), [GAME.view(state, s) for s in (0, 1)]


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_board_png_and_private_png_draw_engine_views(lang):
    public, seats = _engine_views()
    img, texts = _drawn(lambda: board_png(public, ["Alice", "Bob"], lang))
    lay = board_layout(public, Cards(CARDS.get, lang))  # the legend's rows depend on the language
    assert img.size == (lay.width, lay.height)
    drawn = _texts(texts)
    nl = "zh" if lang.startswith("zh") else "en"

    def start(name: str) -> str:  # what survives wrapping: a first word, or two hanzi
        return name[:2] if nl == "zh" else name.split()[0][:4]

    assert "Alice" in drawn and "Bob" in drawn
    assert common.label("clash.render.turn", lang, turn=public["turn"]) in drawn
    names = {CARDS[c["card"]]["name"][nl] for lane in public["lanes"].values() for side in lane for c in side}
    joined = " ".join(drawn)
    for name in names:  # creature names come from the engine's content, in the picture's language
        assert start(name) in joined, name
    # a seat's own view draws the same public board: the board never shows a hand
    assert board_png(seats[0], ["Alice", "Bob"], lang) == board_png(public, ["Alice", "Bob"], lang)
    for seat in (0, 1):
        png = private_png(seats[seat], seat, ["Alice", "Bob"], lang)
        assert png == render_hand(seats[seat], seat, card_lookup=CARDS.get, lang=lang)
        _img, texts = _drawn(lambda: private_png(seats[seat], seat, ["Alice", "Bob"], lang))
        hand = [h["card"] for h in seats[seat]["seats"][seat]["hand"] if h.get("card")]
        joined = " ".join(_texts(texts))
        for cid in hand:
            assert start(CARDS[cid]["name"][nl]) in joined, cid
    assert board_png(public, ["Alice", "Bob"], lang) == render_board(
        public, seat_names=["Alice", "Bob"], card_lookup=CARDS.get, lang=lang)
