"""Every Discord display name draws (issue 22, item 6): 50 real-world names
(``display_names.txt``: Hangul, rare hanzi, kana, emoji, right-to-left scripts, accented
Latin, Cyrillic, Thai, Indic scripts...) are drawn through the shared name drawing on every
game's board as they are, never replaced by "Player N" nor turned into "?", and every
character is in some bundled face's cmap."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from gamehost import registry
from render import common, faces
from render.names import seat_name
from tests.render.text_recorder import recording

NAMES = [line for line in (Path(__file__).parent / "display_names.txt").read_text(encoding="utf-8").splitlines()
         if line and not line.startswith("# ")]


def test_the_list_holds_fifty_names_of_many_scripts():
    assert len(NAMES) == 50 and len(set(NAMES)) == 50
    for sample in ("민준", "龘龘", "🐉Drake", "さくら", "محمد", "דוד כהן", "สมชาย", "देवनागरी"):
        assert sample in NAMES


@pytest.mark.parametrize("name", NAMES)
def test_every_character_is_in_some_face_and_kept(name):
    shown = common.safe_text(name)
    assert shown.strip() and common.REPLACEMENT not in shown and "?" not in shown
    table = faces.face_table(True)
    primary = faces.coverage(faces.PRIMARY_FILES[True])
    for ch in shown:
        assert ord(ch) in primary or ord(ch) in table, (name, hex(ord(ch)))
    assert seat_name([name], 0, "en", lambda seat, lang: f"Player {seat + 1}") == shown


def test_a_character_no_face_has_becomes_one_neutral_mark_not_a_question_mark():
    assert common.safe_text("A\U00013000B") == "A" + common.REPLACEMENT + "B"
    assert common.safe_text("Bob\u200b") == "Bob"  # invisible characters are dropped


def test_right_to_left_names_are_in_display_order_and_joined():
    assert faces.visual("דוד כהן") == "ןהכ דוד"
    assert faces.visual("Alice") == "Alice"
    arabic = faces.visual("محمد")
    assert len(arabic) == 4 and all(0xFE70 <= ord(ch) <= 0xFEFF for ch in arabic)  # joined forms
    assert arabic[0] == "\ufeaa"  # the final dal is drawn leftmost
    assert faces.visual("فاطمة 2024").startswith("2024 ")  # numbers read left to right
    assert faces.visual("Ali علي 12").startswith("Ali ")


def _start(plugin: registry.GamePlugin):
    options = registry.normalize_options(plugin.id, {})
    low, high = plugin.engine.seat_range(options)
    return high, plugin.engine.view(plugin.engine.setup(high, options, 0), None)


@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_every_name_is_drawn_as_it_is_on_every_board(game):
    plugin = registry.plugin(game)
    seats, view = _start(plugin)
    for start in range(0, len(NAMES), seats):
        names = (NAMES[start:start + seats] + NAMES[:seats])[:seats]
        with recording() as drawn:
            plugin.renderer.board_png(view, names, "en")
        texts = [d.text for d in drawn]
        joined = " ".join(texts)
        for name in names:
            assert common.safe_text(name) in joined, (game, name)
        assert "Player " not in joined, (game, names)
        assert all(common.can_draw(t) and common.REPLACEMENT not in t for t in texts), game


def test_a_picture_of_the_names(tmp_path):
    """All 50 drawn in two columns (saved to look at: /tmp/display_names.png)."""
    fnt = common.font(24)
    img = Image.new("RGB", (900, 25 * 34 + 20), common.BG)
    draw = ImageDraw.Draw(img)
    for i, name in enumerate(NAMES):
        x, y = 10 + 450 * (i // 25), 10 + 34 * (i % 25)
        assert common.draw_text(draw, (x, y), name, fnt, max_width=430) == common.safe_text(name)
    img.save(tmp_path / "display_names.png")
    if Path("/tmp").is_dir():
        img.save("/tmp/display_names.png")
    assert img.getbbox()
