"""Tests for the Clash of Decks renderer (render/clash.py) and the shared text helpers."""

from __future__ import annotations

import copy
import io
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))

import clash_views  # noqa: E402
from render import common  # noqa: E402
from render.clash import (  # noqa: E402
    BRIDGE_X0,
    BRIDGE_X1,
    _Cards,
    board_layout,
    hand_layout,
    render_board,
    render_hand,
)

ROOT = Path(__file__).resolve().parents[2]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _open(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC)
    img = Image.open(io.BytesIO(png))
    img.load()  # raises on a truncated or corrupt file
    assert img.format == "PNG"
    return img


def _cards(lang="en"):
    return _Cards(clash_views.lookup, lang)


# ---------------------------------------------------------------- every sample renders


@pytest.mark.parametrize("name", sorted(clash_views.BOARD_SAMPLES))
@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_board_sample_is_png_of_layout_size(name, lang):
    make, names = clash_views.BOARD_SAMPLES[name]
    view = make()
    img = _open(render_board(view, seat_names=names, card_lookup=clash_views.lookup, lang=lang))
    layout = board_layout(view, _cards(lang))
    assert img.size == (layout.width, layout.height)
    assert 1000 <= img.width <= 1100
    assert 300 <= img.height <= 2400


@pytest.mark.parametrize("name", sorted(clash_views.HAND_SAMPLES))
def test_hand_sample_is_png_of_layout_size(name):
    make, seat = clash_views.HAND_SAMPLES[name]
    view = make()
    img = _open(render_hand(view, seat, card_lookup=clash_views.lookup))
    lay = hand_layout(view, seat, _cards())
    assert img.size == (lay["width"], lay["height"])
    assert 1000 <= img.width <= 1100


@pytest.mark.parametrize("name", sorted(clash_views.BOARD_SAMPLES))
def test_board_renders_without_card_lookup(name):
    make, names = clash_views.BOARD_SAMPLES[name]
    _open(render_board(make(), seat_names=names))


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


# ---------------------------------------------------------------- text safety

NASTY_NAMES = [
    "张三",
    "李四 🐉",
    "👨‍👩‍👧‍👦",
    "🏳️‍🌈 rainbow",
    "Zoë 🎉🎉🎉",
    "مرحبا",
    "e\u0301\u0301\u0301 Zalgo\u0336\u0336",
    "tab\tnew\nline\x00nul",
    "\u200b\u200d\ufe0f",
    "",
    "x" * 300,
    "𝔉𝔯𝔞𝔨𝔱𝔲𝔯",
]


@pytest.mark.parametrize("i", range(0, len(NASTY_NAMES), 2))
def test_board_with_cjk_and_emoji_names(i):
    names = NASTY_NAMES[i:i + 2]
    for make in (clash_views.midgame, clash_views.draft, clash_views.finished, clash_views.solo):
        view = make()
        img = _open(render_board(view, seat_names=names, card_lookup=clash_views.lookup))
        assert img.size == (board_layout(view, _cards()).width, board_layout(view, _cards()).height)


def test_seat_names_missing_or_none():
    _open(render_board(clash_views.midgame(), seat_names=[]))
    _open(render_board(clash_views.midgame(), seat_names=[None, None]))  # type: ignore[list-item]


@pytest.mark.parametrize("text", NASTY_NAMES + [None, 12345, "plain ascii"])
def test_safe_text_only_emits_drawable_characters(text):
    for bold in (True, False):
        out = common.safe_text(text, bold)
        assert common.can_draw(out, bold), repr(out)
        assert "\n" not in out and "\x00" not in out


def test_safe_text_keeps_supported_and_replaces_unsupported():
    assert common.safe_text("Zoë café") == "Zoë café"
    assert common.safe_text("e\u0301") == "é"  # NFC
    assert common.safe_text("张三 wins") == "? wins"  # a run becomes one "?"
    assert common.safe_text("a👨‍👩‍👧b") == "a?b"  # ZWJ sequence = one "?"
    assert common.safe_text("ok\u200b!") == "ok!"  # zero-width space dropped


def test_chinese_card_names_fall_back_to_english_without_a_cjk_font():
    cards = _cards("zh-CN")
    assert cards.name("ember_drake") == "Ember Drake"
    assert not common.can_draw("余烬幼龙")


def test_card_lookup_failures_fall_back_to_the_id():
    def broken(card_id):
        raise RuntimeError("boom")

    cards = _Cards(broken, "en")
    assert cards.name("ember_drake") == "Ember Drake"
    assert _Cards(lambda cid: None, "en").name("frost_wyrm_2") == "Frost Wyrm 2"
    _open(render_board(clash_views.midgame(), seat_names=["A", "B"], card_lookup=broken))
    _open(render_hand(clash_views.midgame(private_for=1), 1, card_lookup=broken))


def test_text_helpers_fit_and_ellipsize():
    f = common.font(20)
    long = "Ancient Thunderclaw Behemoth of the Northern Wastes"
    cut = common.ellipsize(long, f, 120)
    assert cut.endswith(common.ELLIPSIS) and f.getlength(cut) <= 120
    assert common.ellipsize("abc", f, 1000) == "abc"
    lines = common.wrap_text(long, f, 110, 2)
    assert len(lines) == 2 and all(f.getlength(line) <= 110 for line in lines)
    head, tail = common.wrap_text("Alchemist", common.font(18), 80, 2)
    assert head.endswith("-") and head[:-1] + tail == "Alchemist"
    assert common.font(18).getlength(head) <= 80
    fnt, text = common.fit_font(long, 200, (28, 24, 20))
    assert fnt.size == 20 and fnt.getlength(text) <= 200


def test_fonts_come_from_the_bundle():
    for bold in (False, True):
        path = Path(common.font(20, bold).path)
        assert path.parent == ROOT / "render" / "fonts"
        assert path.is_file()
    assert (ROOT / "render" / "fonts" / "LICENSE-DejaVu.txt").is_file()


# ---------------------------------------------------------------- layout: never off-canvas


def _overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _check_layout(view):
    layout = board_layout(view, _cards())
    inside = (0, 0, layout.width, layout.height)
    for box in layout.all_boxes():
        assert inside[0] <= box[0] < box[2] <= inside[2], box
        assert inside[1] <= box[1] < box[3] <= inside[3], box
    tiles = layout.tiles
    for i, a in enumerate(tiles):
        lane = layout.lanes[a.lane]
        assert lane[0] <= a.box[0] and a.box[2] <= lane[2]
        assert lane[1] <= a.box[1] and a.box[3] <= lane[3]
        if a.seat == 0:
            assert a.box[2] <= BRIDGE_X0  # never on the bridge
        else:
            assert a.box[0] >= BRIDGE_X1
        for b in tiles[i + 1:]:
            assert not _overlaps(a.box, b.box), (a, b)
    return layout


def test_nine_creature_lane_stays_on_canvas():
    view = clash_views.crowded()
    assert len(view["lanes"]["top"][0]) == 9
    layout = _check_layout(view)
    n = sum(1 for lane in ("top", "bottom") for side in view["lanes"][lane] for _ in side)
    assert len(layout.tiles) == n
    _open(render_board(view, seat_names=["A", "B"], card_lookup=clash_views.lookup))


def test_huge_lanes_stay_on_canvas():
    view = clash_views.crowded()
    many = [clash_views.creature(500 + i, "goblin", s) for s in (0, 1) for i in range(12)]
    view["lanes"]["bottom"] = [many[:12], many[12:]]
    _check_layout(view)
    _open(render_board(view, seat_names=["A", "B"], card_lookup=clash_views.lookup))


@pytest.mark.parametrize("name", sorted(clash_views.BOARD_SAMPLES))
def test_sample_layouts_stay_on_canvas(name):
    _check_layout(clash_views.BOARD_SAMPLES[name][0]())


def test_index_zero_is_next_to_the_bridge():
    view = clash_views.midgame()
    layout = board_layout(view, _cards())
    for lane in ("top", "bottom"):
        for seat in (0, 1):
            tiles = sorted((t for t in layout.tiles if t.lane == lane and t.seat == seat),
                           key=lambda t: t.index)
            if seat == 0:  # left side: x decreases away from the bridge
                xs = [t.box[2] for t in tiles]
                assert xs == sorted(xs, reverse=True)
            else:
                xs = [t.box[0] for t in tiles]
                assert xs == sorted(xs)


def test_hand_layout_stays_on_canvas_for_big_hands():
    view = clash_views.opening(private_for=0)
    hand = view["seats"][0]["hand"]
    view["seats"][0]["hand"] = hand + [{"card": "goblin", "playable": False}] * 10
    view["seats"][0]["champion"] = {"card": "storm_queen", "state": "ready", "cost_now": 4}
    lay = hand_layout(view, 0, _cards())
    assert len(lay["boxes"]) == len(view["seats"][0]["hand"]) + 1
    for _kind, _item, box in lay["boxes"]:
        assert 0 <= box[0] < box[2] <= lay["width"] and 0 <= box[1] < box[3] <= lay["height"]
    boxes = [b for _k, _i, b in lay["boxes"]]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not _overlaps(a, b)
    img = _open(render_hand(view, 0, card_lookup=clash_views.lookup))
    assert img.size == (lay["width"], lay["height"])


# ---------------------------------------------------------------- edge cases


def test_minimal_and_odd_views_do_not_crash():
    odd = [
        {},
        {"stage": "deck_choice", "seats": [{"seat": 0}, {"seat": 1}]},
        {"stage": "champion", "seats": [{"seat": 0, "champion": {"state": "hidden"}},
                                        {"seat": 1, "champion": None}]},
        {"stage": "finished", "result": {"winners": [], "reason": "weird"}},
        {"stage": "something_new", "phase": "unknown", "turn": 3},
    ]
    for view in odd:
        _open(render_board(view, seat_names=["A", "B"]))
        _open(render_hand(view, 0))
        _open(render_hand(view, 5))  # an out-of-range seat draws an empty hand
    v = clash_views.midgame()
    v["lanes"]["top"][0][0]["abilities"].append("SOMETHING_NEW")
    v["lanes"]["top"][0][0]["card"] = "unknown_card_id"
    _open(render_board(v, seat_names=["A", "B"], card_lookup=clash_views.lookup))


def test_zero_mana_and_one_card_hands():
    view = clash_views.crowded()
    s0 = view["seats"][0]
    assert s0["mana"] == 0 and s0["hand_size"] == 2
    _open(render_board(view, seat_names=["A", "B"]))
    priv = copy.deepcopy(view)
    priv["seats"][0]["hand"] = [{"fort": True, "side": "bastion"}, {"card": "goblin", "playable": False}]
    _open(render_hand(priv, 0, card_lookup=clash_views.lookup))
    only_fort = clash_views.only_fort_loss()
    _open(render_hand(only_fort, 1, card_lookup=clash_views.lookup))


def test_renderer_imports_neither_discord_nor_the_engine():
    code = (
        "import sys, render.clash, render.common;"
        "bad=[m for m in sys.modules if m.split('.')[0] in ('discord','engine')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
