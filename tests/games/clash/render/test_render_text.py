"""Tests for the Clash of Decks renderer (the render/clash/ package): text safety (CJK, emoji and
missing seat names, the shared text helpers, the bundled fonts, card lookup failures) and the
labels, which come from the catalog in the picture's language.

What is drawn is pinned as content (every string with its font size, and the image size, for
the fixed sample views in ``clash_views``), never as pixels: pixels change with the Pillow and
FreeType versions. The shared helpers are in clash_render_helpers.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.games.clash.render import clash_views
from tests.games.clash.render.clash_render_helpers import ROOT, PACKAGE, _cards, _drawn, _texts

from engine.clash.cards import CARDS
from render import common
from render.clash import board_layout, render_board, render_hand
from render.clash.content import Cards


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
        img, texts = _drawn(lambda: render_board(view, seat_names=names, card_lookup=clash_views.lookup))
        assert img.size == (board_layout(view, _cards()).width, board_layout(view, _cards()).height)
        for t in texts:  # only characters the bundled font has a glyph for reach the image
            assert common.can_draw(t.text), repr(t.text)
        drawn = _texts(texts)
        for seat, raw in enumerate(names):
            safe = common.safe_text(raw).strip()
            if view["seats"][seat].get("is_ai") and not common.has_readable(safe):
                assert "AI" in drawn
            elif not common.has_readable(safe):  # nothing readable left: "Player N" instead
                assert f"Player {seat + 1}" in " ".join(drawn), (raw, drawn)


def test_seat_names_missing_or_none():
    for names in ([], [None, None]):
        _img, texts = _drawn(lambda: render_board(clash_views.midgame(), seat_names=names))
        drawn = _texts(texts)
        assert drawn.count("Player 1") == 1 and drawn.count("Player 2") == 2  # panels; turn player in the header


@pytest.mark.parametrize("text", NASTY_NAMES + [None, 12345, "plain ascii"])
def test_safe_text_only_emits_drawable_characters(text):
    for bold in (True, False):
        out = common.safe_text(text, bold)
        assert common.can_draw(out, bold), repr(out)
        assert "\n" not in out and "\x00" not in out


def test_safe_text_keeps_supported_and_replaces_unsupported():
    assert common.safe_text("Zoë café") == "Zoë café"
    assert common.safe_text("e\u0301") == "é"  # NFC
    assert common.safe_text("张三 wins") == "张三 wins"  # Chinese: the CJK fallback face
    assert common.safe_text("김철수 wins") == "김철수 wins"  # Hangul: the fallback faces draw it
    assert common.safe_text("a👨‍👩‍👧b") == "a👨👩👧b"  # a ZWJ sequence: its emoji, without the joiners
    assert common.safe_text("\U00013000") == "\u25a1"  # no face draws it: one neutral mark
    assert common.safe_text("ok\u200b!") == "ok!"  # zero-width space dropped


def test_chinese_card_names_are_drawn_in_chinese():
    assert _cards("zh-CN").name("ember_drake") == "余烬幼龙"
    assert _cards("en").name("ember_drake") == "Ember Drake"
    assert common.can_draw("余烬幼龙")
    # a name the fonts cannot draw (Egyptian hieroglyphs here) falls back to English, not to marks
    cards = Cards(lambda cid: {"name": {"en": "Kim's Drake", "zh": "\U00013000\U00013001"}}, "zh-CN")
    assert cards.name("kim") == "Kim's Drake"
    hangul = Cards(lambda cid: {"name": {"en": "Kim's Drake", "zh": "김 드레이크"}}, "zh-CN")
    assert hangul.name("kim") == "김 드레이크"  # Hangul draws now


def test_card_lookup_failures_fall_back_to_the_id():
    def broken(card_id):
        raise RuntimeError("boom")

    cards = Cards(broken, "en")
    assert cards.name("ember_drake") == "Ember Drake"
    assert Cards(lambda cid: None, "en").name("frost_wyrm_2") == "Frost Wyrm 2"
    _img, texts = _drawn(lambda: render_board(clash_views.midgame(), seat_names=["A", "B"], card_lookup=broken))
    assert {"Ember", "Drake", "Storm", "Queen"} <= set(_texts(texts))
    _img, texts = _drawn(lambda: render_hand(clash_views.midgame(private_for=1), 1, card_lookup=broken))
    assert {"Fireball", "Lancer", "Blood", "Titan"} <= set(_texts(texts))
    assert "SPELL" not in _texts(texts)  # the card type is content: unknown without a lookup


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


# ---------------------------------------------------------------- labels come from the catalog


def test_every_label_the_package_asks_for_is_in_the_catalog():
    """``text("x", ...)`` draws ``clash.render.x``; ``label("k", ...)`` draws ``k``."""
    from gamehost.i18n import catalog

    keys = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                if node.func.id == "text":
                    keys.add(f"clash.render.{node.args[0].value}")
                elif node.func.id == "label":
                    keys.add(node.args[0].value)
    assert len(keys) > 40
    missing = sorted(k for k in keys if not catalog().has(k))
    assert not missing, missing
    for ability in {a for card in CARDS.values() for a in card.get("abilities") or []}:
        assert catalog().has(f"clash.ability.{ability}") and catalog().has(f"clash.render.abbr.{ability}")


def test_catalog_labels_are_drawn_in_the_pictures_language(monkeypatch):
    from gamehost.i18n import catalog

    assert common.label("clash.render.turn", "en", turn=3) == "Turn 3"
    zh_turn = catalog().entries["clash.render.turn"]["zh-CN"].format(turn=3)
    assert common.label("clash.render.turn", "zh-CN", turn=3) == zh_turn != "Turn 3"
    assert common.label("clash.ability.BLOOD_PRICE", "zh-TW") == catalog().entries["clash.ability.BLOOD_PRICE"]["zh-CN"]
    assert common.label("no.such.key", "en") == "no.such.key"
    assert common.has_label("clash.render.abbr.FLYING") and not common.has_label("no.such.key")
    # words the fonts cannot draw fall back to English (the parameters do not count)
    monkeypatch.setattr(common, "can_draw", lambda text, bold=True: text.isascii())
    assert common.label("clash.render.turn", "zh-CN", turn=3) == "Turn 3"


def _has_cjk(text: str) -> bool:
    return any("\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in text)


#: the Latin words a Chinese sample may still draw: the seat names
_NAMES_AND_NUMBERS = {"Alice", "Bob", "AI", "Alexandra the Magnificent of Very Long Names"}


@pytest.mark.parametrize("name", sorted(clash_views.BOARD_SAMPLES) + sorted(clash_views.HAND_SAMPLES))
def test_chinese_pictures_draw_chinese(name):
    """A zh-CN picture draws its words, card names and deck names in Chinese (with the CJK
    fallback face): every English word is gone but the seat names, and nothing turns into
    "?" boxes."""
    def render(lang):
        if name in clash_views.BOARD_SAMPLES:
            make, names = clash_views.BOARD_SAMPLES[name]
            return lambda: render_board(make(), seat_names=names, card_lookup=clash_views.lookup, lang=lang)
        make, seat = clash_views.HAND_SAMPLES[name]
        return lambda: render_hand(make(), seat, card_lookup=clash_views.lookup, lang=lang)

    img_en, en = _drawn(render("en"))
    img_zh, zh = _drawn(render("zh-CN"))
    assert img_zh.size[0] == img_en.size[0]
    assert render("zh-CN")() != render("en")()
    assert sum(_has_cjk(t.text) for t in zh) >= len(zh) // 3, _texts(zh)
    for t in zh:
        assert common.can_draw(t.text) and "?" not in t.text, t.text
        latin = "".join(ch if ch.isascii() and ch.isalpha() else " " for ch in t.text).split()
        leftover = [w for w in latin  # (a name cut short by an ellipsis still counts)
                    if not any(nw.startswith(w) for n in _NAMES_AND_NUMBERS for nw in n.split())]
        assert not leftover, (t.text, leftover)
