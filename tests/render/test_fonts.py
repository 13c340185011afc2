"""The bundled fonts: DejaVu Sans with a Noto Sans CJK SC subset as a per-character fallback
(``render/common.py``, ``tools/build_cjk_font.py``).

Pinned here: the font files and licences (DejaVu, the CJK subset and every fallback face of
render/faces.py, render/fonts/README.md) are there and small; the subset covers every
Chinese character of each registered game's catalog, content data and content names
(engine/<id>/names.py) and of the shared catalogs, and GB2312; every label a game's renderer
draws and every content name draws in Chinese; Latin text is measured
and rasterised exactly as with DejaVu alone (so English boards do not change); Chinese,
kana, Hangul, Thai, emoji, Cyrillic, Greek and accented names are drawn as they are (only a
name with nothing visible becomes "Player N"); text in CJK breaks where
Chinese breaks.
"""

from __future__ import annotations

import importlib.util
import json
import pickle
import re
import subprocess
import sys
import tomllib
import unicodedata
from functools import cache
from pathlib import Path
from string import Formatter

import pytest
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tests.games.clash.render import clash_views  # noqa: E402
from tests.render.text_recorder import recording  # noqa: E402

from gamehost import registry  # noqa: E402
from render import common, faces  # noqa: E402
from tests.games import game_ids  # noqa: E402
from render.clash import board as board_module  # noqa: E402
from render.clash import render_board, render_hand  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "render" / "fonts"
GAMES = game_ids()


def _load_tool():
    """``tools/build_cjk_font.py`` as a module (it imports fontTools only when it builds)."""
    spec = importlib.util.spec_from_file_location("build_cjk_font", ROOT / "tools" / "build_cjk_font.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_cjk_font = _load_tool()


def _is_cjk(ch: str) -> bool:
    """Han, kana, CJK punctuation and full-width forms: what the fallback face is for."""
    cp = ord(ch)
    return (0x2E80 <= cp <= 0x9FFF or 0xF900 <= cp <= 0xFAFF or 0xFE30 <= cp <= 0xFE4F
            or 0xFF00 <= cp <= 0xFFEF or 0x20000 <= cp <= 0x3FFFF)


def _strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)


@cache
def _project_texts() -> dict[str, list[str]]:
    files = sorted(ROOT.glob("locales/**/*.json")) + sorted(ROOT.glob("engine/*/data/*.json"))
    assert len(files) > 8
    return {str(p.relative_to(ROOT)): list(_strings(json.loads(p.read_text(encoding="utf-8"))))
            for p in files}


def _drawn(render):
    board_module._static_board.cache_clear()
    with recording() as texts:
        png = render()
    return png, [t.text for t in texts]


@pytest.fixture
def without_cjk(monkeypatch):
    """Switch the CJK fallback off: the fonts and helpers as they were before it (DejaVu
    alone). Caches are cleared on the way in and out."""
    def clear():
        for f in (common._coverage, common._runs, common.safe_text):
            f.cache_clear()
        board_module._static_board.cache_clear()

    def off():
        monkeypatch.setattr(common, "_fallback_coverage", lambda bold: frozenset())
        clear()

    yield off
    monkeypatch.undo()
    clear()


# ---------------------------------------------------------------- the files


def test_font_files_and_licences_are_bundled():
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt",
                 "NotoSansCJKsc-Bold-subset.otf", "LICENSE-NotoSansCJK.txt", "LICENSE-Noto.txt", "README.md"):
        assert (FONTS / name).is_file(), name
    assert common.CJK_FONT_FILE == FONTS / "NotoSansCJKsc-Bold-subset.otf"
    # every fallback face (render/faces.py) is bundled, small, and named by the folder's README
    readme = (FONTS / "README.md").read_text(encoding="utf-8")
    for path in faces.FALLBACK_CHAIN:
        assert path.parent == FONTS and path.is_file(), path
        assert path.stat().st_size < 1_500_000 or path == common.CJK_FONT_FILE, path
        shown = re.sub(r"NotoSans(?!CJK|-)[A-Z][a-z]+\d?-Bold-subset", "NotoSans<Script>-Bold-subset", path.name)
        assert path.name in readme or shown in readme, f"{path.name} is not in render/fonts/README.md"
    assert {faces.HANGUL_FONT_FILE, faces.EMOJI_FONT_FILE} <= set(faces.FALLBACK_CHAIN)
    for name, maker in (("LICENSE-NotoSansCJK.txt", "Adobe"), ("LICENSE-Noto.txt", "Google")):
        licence = (FONTS / name).read_text(encoding="utf-8")
        assert "SIL OPEN FONT LICENSE Version 1.1" in licence and maker in licence, name
        assert "TERMINATION" in licence and "DISCLAIMER" in licence, name  # the whole text
    noto = (FONTS / "LICENSE-Noto.txt").read_text(encoding="utf-8")
    assert "NotoEmoji-Bold-subset.ttf" in noto and "tools/build_fallback_fonts.py" in noto
    size = common.CJK_FONT_FILE.stat().st_size
    assert 500_000 < size < 7_000_000, size  # a subset, not the 20 MB collection
    total = sum(path.stat().st_size for path in FONTS.iterdir())
    assert total < 14_000_000, total  # about 12 MB in all (render/fonts/README.md)
    # the wheel ships them
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["*"]
    assert "*.otf" in patterns and "*.ttf" in patterns and "*.txt" in patterns


def _missing_glyphs(texts_by_place: dict[str, list[str]]) -> dict[str, str]:
    """CJK characters the subset lacks, each with the first place it is wanted."""
    cov = common._coverage(True)
    missing: dict[str, str] = {}
    for place, texts in texts_by_place.items():
        for text in texts:
            for ch in text:
                if _is_cjk(ch) and ord(ch) not in cov:
                    missing.setdefault(ch, place)
    return missing


def _relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _game_files(game: str) -> list[Path]:
    plugin = registry.plugin(game)
    return sorted(plugin.catalogs) + sorted(plugin.data_dir.glob("*.json"))


def _content_names(game: str) -> dict[str, list[str]]:
    """Every content name of the game in every language (engine/<id>/names.py): what the
    cog writes and the renderer draws."""
    names = registry.plugin(game).names
    if names is None:
        return {}
    return {f"{game} {kind} names": [text for ident in names.ids(kind) for text in names.texts(kind, ident).values()]
            for kind in names.kinds()}


@pytest.mark.parametrize("game", GAMES)
def test_the_subset_covers_every_chinese_character_of_a_games_catalog_and_content(game):
    """Every CJK character of the game's catalog (``locales/<id>/``), its content data
    (``engine/<id>/data/*.json``) and its content names has a glyph. A new string with a
    character outside the subset fails here: rebuild the subset with ``tools/build_cjk_font.py``
    (apt-get install fonts-noto-cjk; .venv/bin/pip install fonttools)."""
    texts = {path: _project_texts()[path] for path in map(_relative, _game_files(game))}
    assert texts, "the game has no catalog or content files"
    missing = _missing_glyphs({**texts, **_content_names(game)})
    assert not missing, f"rebuild the CJK subset (tools/build_cjk_font.py): {missing}"


def test_the_subset_covers_every_chinese_character_of_the_shared_catalogs():
    """The same for the files no game owns (``locales/host.json``, ``tournament.json``...): with
    the games' own files, every catalog and content file of the project is covered."""
    owned = {_relative(path) for game in GAMES for path in _game_files(game)}
    shared = {path: texts for path, texts in _project_texts().items() if path not in owned}
    assert any(path.startswith("locales/") for path in shared)
    missing = _missing_glyphs(shared)
    assert not missing, f"rebuild the CJK subset (tools/build_cjk_font.py): {missing}"
    assert owned <= set(_project_texts())


def _drawn_keys(game: str) -> list[str]:
    """The catalog keys the game's renderer draws: those its modules spell out, whole or as the
    prefix of an f-string (``f"clash.ability.{ability}"``)."""
    from gamehost.i18n import catalog

    spelled: set[str] = set()
    for path in (ROOT / "render" / game).rglob("*.py"):
        spelled |= set(re.findall(rf"""["']((?:{game}|game|host)\.[a-z0-9_.]*)""", path.read_text(encoding="utf-8")))
    return [k for k in catalog().entries if any(k == s or (s.endswith(".") and k.startswith(s)) for s in spelled)]


@pytest.mark.parametrize("game", GAMES)
def test_every_chinese_label_and_name_the_renderer_draws_can_be_drawn(game):
    """So ``label`` picks the Chinese text of every label the game's renderer draws, and every
    content name is drawn in Chinese, never the English."""
    from gamehost.i18n import catalog

    keys = _drawn_keys(game)
    assert len(keys) > 100 and any(k.startswith(f"{game}.render.") for k in keys)
    for key in keys:
        zh = catalog().entries[key].get("zh-CN") or ""
        literal = "".join(lit for lit, *_ in Formatter().parse(zh))
        assert common.can_draw(literal), (key, zh)
    names = registry.plugin(game).names
    for kind in names.kinds() if names else ():
        for ident in names.ids(kind):
            zh = names.name(kind, ident, "zh-CN")
            assert common.can_draw(zh), (kind, ident, zh)


def test_the_subset_holds_gb2312_big5_kana_and_cjk_punctuation():
    """So most Chinese player names, simplified or traditional, and Japanese kana draw, not
    only the game's words."""
    for bold in (True, False):
        cov = common._coverage(bold)
        gb = build_cjk_font.gb2312(level2=True)
        big5 = build_cjk_font.big5_common()
        assert len(gb) > 7000 and len(big5) == 5401
        assert all(ord(ch) in cov for ch in gb | big5)
        for lo, hi in build_cjk_font.BLOCKS:
            assert all(cp in cov for cp in range(lo, hi + 1) if unicodedata.category(chr(cp)) != "Cn")
    assert common.can_draw("小明，你好！「对决」")
    assert common.can_draw("さくら サクラ") and common.can_draw("雲嶺戰記 李小龍")


@pytest.mark.slow  # a long walk; the full suite runs it, the quick one does not
@pytest.mark.skipif(not build_cjk_font.DEFAULT_SOURCE.exists(), reason="fonts-noto-cjk not installed")
def test_the_build_tool_reproduces_the_committed_subset(tmp_path):
    pytest.importorskip("fontTools")
    out = tmp_path / "subset.otf"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_cjk_font.py"), "--out", str(out)],
                   check=True, capture_output=True, timeout=300)
    assert out.read_bytes() == common.CJK_FONT_FILE.read_bytes()


# ---------------------------------------------------------------- Latin text is unchanged

LATIN = ["Alice", "Turn 7 · Attack phase", "Zoë Ångström", "Иван Δέλτα", "★ Alice wins! ★",
         "\u26a1+2", "\u2713", "-2 of 5", "Thundercl\u2026", "x" * 80]


@pytest.mark.parametrize("bold", [True, False])
@pytest.mark.parametrize("size", [14, 19, 28])
def test_text_dejavu_draws_is_measured_and_rasterised_as_by_dejavu_alone(size, bold):
    fnt = common.font(size, bold)
    plain = ImageFont.truetype(str(common.FONT_FILES[bold]), size, layout_engine=ImageFont.Layout.BASIC)
    assert isinstance(fnt, ImageFont.FreeTypeFont) and fnt.getmetrics() == plain.getmetrics()
    for text in LATIN:
        assert fnt.getlength(text) == plain.getlength(text), text
        for anchor in ("la", "lm", "mm", "rs", "ms"):
            assert fnt.getbbox(text, anchor=anchor) == plain.getbbox(text, anchor=anchor), text
            mask, off = fnt.getmask2(text, "L", anchor=anchor, start=(0.3, 0.6))
            pmask, poff = plain.getmask2(text, "L", anchor=anchor, start=(0.3, 0.6))
            assert off == poff and mask.size == pmask.size
            assert bytes(Image.Image()._new(mask).tobytes()) == bytes(Image.Image()._new(pmask).tobytes())


def test_a_remembered_length_is_the_fonts_own_answer(monkeypatch):
    """getlength remembers each string's advance (text fitting asks again and again): the
    second answer is the first, for Latin and for runs of fallback faces alike, and the
    memory is bounded."""
    monkeypatch.setattr(common, "LENGTHS_KEPT", 4)
    fnt = common.FallbackFont(17)  # a font of its own: nothing remembered yet
    plain = ImageFont.truetype(str(common.FONT_FILES[True]), 17, layout_engine=ImageFont.Layout.BASIC)
    texts = ["Alice", "龘龘 plays", "민준", "Alice", "x" * 30, "龘龘 plays"]
    first = {text: fnt.getlength(text) for text in texts}
    assert first["Alice"] == plain.getlength("Alice")
    assert first["龘龘 plays"] == fnt.getlength("龘龘 plays") > plain.getlength(" plays")
    for text in texts:
        assert fnt.getlength(text) == first[text], text
    assert 0 < len(fnt._lengths) <= 4
    assert fnt.getlength("Alice", mode="1") == plain.getlength("Alice", mode="1")  # each mode its own


def test_a_remembered_mask_draws_the_same_pixels():
    """Rasterised labels are remembered per font (drawn again move after move): a label
    drawn from memory, at whole and at fractional positions, is pixel for pixel the label
    drawn afresh; RGBA masks (which ImageDraw changes in place) are never kept."""
    def picture(fnt):
        img = Image.new("RGB", (260, 90), (20, 20, 20))
        draw = ImageDraw.Draw(img)
        for xy, text in (((5, 5), "Alice 7/9"), ((5.5, 30.25), "Alice 7/9"), ((5, 55), "龘龘 민준")):
            draw.text(xy, text, font=fnt, fill=(240, 240, 240), anchor="la", stroke_width=1,
                      stroke_fill=(0, 0, 0))
        return img.tobytes()

    class Uncached(common.FallbackFont):
        def getmask2(self, *args, **kwargs):
            return self._rasterise(*args, **kwargs)

    fresh = picture(Uncached(19))  # every label rasterised anew: the reference
    cold = common.FallbackFont(19)
    assert picture(cold) == fresh and cold._masks
    assert picture(cold) == fresh  # every label drawn from memory, whole and fractional positions alike
    before = len(cold._masks)
    cold.getmask2("Alice", "RGBA")
    assert len(cold._masks) == before


@pytest.mark.parametrize("kind,name", [("board", n) for n in sorted(clash_views.BOARD_SAMPLES)]
                         + [("hand", n) for n in sorted(clash_views.HAND_SAMPLES)])
def test_english_pictures_are_byte_identical_with_and_without_the_cjk_font(kind, name, without_cjk):
    """The fallback changes nothing an English picture draws, accented and Cyrillic/Greek
    names included (DejaVu draws them, as before)."""
    def render():
        if kind == "board":
            make, names = clash_views.BOARD_SAMPLES[name]
            names = [*names[:1], "Иван Δέλτα Zoë"]
            return render_board(make(), seat_names=names, card_lookup=clash_views.lookup, lang="en")
        make, seat = clash_views.HAND_SAMPLES[name]
        return render_hand(make(), seat, card_lookup=clash_views.lookup, lang="en")

    board_module._static_board.cache_clear()
    with_cjk = render()
    without_cjk()
    assert render() == with_cjk


def test_without_the_cjk_font_chinese_fell_back_to_english(without_cjk):
    """What the fixture switches off is what made zh-CN boards English before."""
    zh = render_board(clash_views.midgame(), seat_names=["小明", "Bob"], card_lookup=clash_views.lookup,
                      lang="zh-CN")
    without_cjk()
    old, texts = _drawn(lambda: render_board(clash_views.midgame(), seat_names=["小明", "Bob"],
                                             card_lookup=clash_views.lookup, lang="zh-CN"))
    assert old != zh and "Player 1" in texts and "Turn 7" in texts


# ---------------------------------------------------------------- names in any script

SCRIPT_NAMES = {
    "小明": "小明",
    "雲嶺戰記": "雲嶺戰記",
    "李小龙 (Bruce)": "李小龙 (Bruce)",
    "さくら": "さくら",
    "Иван": "Иван",
    "Δέλτα": "Δέλτα",
    "Zoë Ångström": "Zoë Ångström",
    "李四 🐉": "李四 🐉",  # the emoji drawn by the monochrome emoji face
}


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
@pytest.mark.parametrize("make", [clash_views.midgame, clash_views.draft, clash_views.finished])
def test_seat_names_in_any_script_are_drawn_as_they_are(make, lang):
    for raw, shown in SCRIPT_NAMES.items():
        _png, texts = _drawn(lambda: render_board(make(), seat_names=["Alice", raw],
                                                  card_lookup=clash_views.lookup, lang=lang))
        assert any(shown in t for t in texts), (raw, texts)
        assert all(common.can_draw(t) for t in texts)
        assert "Player 2" not in texts and "玩家 2" not in texts


def test_a_chinese_seat_name_is_drawn_not_player_2():
    _png, texts = _drawn(lambda: render_board(clash_views.midgame(), seat_names=["Alice", "小明"],
                                              card_lookup=clash_views.lookup, lang="en"))
    assert texts.count("小明") == 2  # the header (turn player) and the panel
    assert not any("Player 2" in t for t in texts)


@pytest.mark.parametrize("raw", ["👨‍👩‍👧‍👦", "김철수", "สวัสดี"])
def test_names_in_the_fallback_faces_are_drawn_as_they_are(raw):
    """A family emoji, Hangul and Thai: once "Player 2", now drawn by the fallback faces (the
    family as its four people: the joiners between them have nothing to draw)."""
    shown = "".join(ch for ch in raw if unicodedata.category(ch) != "Cf")
    for lang in ("en", "zh-CN"):
        _png, texts = _drawn(lambda: render_board(clash_views.midgame(), seat_names=["Alice", raw],
                                                  card_lookup=clash_views.lookup, lang=lang))
        assert any(shown in t for t in texts), (raw, texts)
        assert common.can_draw(raw)
        joined = " ".join(texts)
        assert "Player 2" not in joined and common.label("clash.render.seat.player", "zh-CN", n=2) not in joined


def test_a_name_with_nothing_visible_still_becomes_player_n():
    """Only a name with nothing to see (a zero-width space) is replaced by "Player 2"."""
    _png, texts = _drawn(lambda: render_board(clash_views.midgame(), seat_names=["Alice", "\u200b"],
                                              card_lookup=clash_views.lookup, lang="en"))
    assert "Player 2" in " ".join(texts)
    _png, texts = _drawn(lambda: render_board(clash_views.midgame(), seat_names=["Alice", "\u200b"],
                                              card_lookup=clash_views.lookup, lang="zh-CN"))
    assert common.label("clash.render.seat.player", "zh-CN", n=2) in " ".join(texts)


# ---------------------------------------------------------------- how CJK is drawn


def _mask(fnt, text, anchor="ls"):
    core, off = fnt.getmask2(text, "L", anchor=anchor)
    return Image.Image()._new(core), off


def test_chinese_glyphs_are_real_glyphs_not_boxes():
    fnt = common.font(28)
    a, _ = _mask(fnt, "小")
    b, _ = _mask(fnt, "明")
    box, _ = _mask(fnt.fallback, "\uffff")  # .notdef
    assert a.getbbox() and b.getbbox()
    assert a.tobytes() != b.tobytes() and a.tobytes() != box.tobytes()
    assert fnt.getlength("小明") == 2 * fnt.fallback.getlength("小")


def test_mixed_text_keeps_latin_pixels_and_one_baseline():
    fnt = common.font(26)
    latin, (lx, ly) = _mask(fnt, "Alice")
    mixed, (mx, my) = _mask(fnt, "Alice小明")
    # the Latin run is rasterised as on its own, on the same baseline
    ox, oy = lx - mx, ly - my
    region = mixed.crop((ox, oy, ox + latin.width, oy + latin.height))
    assert region.tobytes() == latin.tobytes()
    assert mixed.width > latin.width + 40
    assert fnt.getlength("Alice小明") == fnt.getlength("Alice") + fnt.getlength("小明")
    # Chinese sits on DejaVu's baseline and is centred like Latin for the "m" anchors
    top, bottom = fnt.getbbox("小明", anchor="ls")[1::2]
    assert -26 <= top <= -18 and 0 <= bottom <= 4
    lat = fnt.getbbox("Alice", anchor="lm")
    cjk = fnt.getbbox("小明", anchor="lm")
    assert abs((lat[1] + lat[3]) / 2 - (cjk[1] + cjk[3]) / 2) <= 2.5
    for anchor in ("la", "mm", "rm", "ls", "lt", "lb", "rd"):
        box = fnt.getbbox("Bob 小明 wins", anchor=anchor)
        core, off = fnt.getmask2("Bob 小明 wins", "L", anchor=anchor)
        ink = Image.Image()._new(core).getbbox()
        # the ink lies inside the box getbbox reports (what textbbox and the recorder use)
        assert box[0] - 1 <= off[0] + ink[0] and off[0] + ink[2] <= box[2] + 1, anchor
        assert box[1] - 1 <= off[1] + ink[1] and off[1] + ink[3] <= box[3] + 1, anchor


def test_draw_text_with_stroke_and_anchor_draws_chinese():
    img = Image.new("RGB", (300, 60), (0, 0, 0))
    from PIL import ImageDraw

    d = ImageDraw.Draw(img)
    drawn = common.draw_text(d, (150, 30), "★ 小明 获胜!★", common.font(24), (255, 255, 255),
                             anchor="mm", stroke=2, stroke_fill=(255, 0, 0))
    assert drawn == "★ 小明 获胜!★"
    x0, y0, x1, y1 = img.getbbox()
    assert x0 > 20 and x1 < 280 and y0 > 5 and y1 < 55  # centred, not clipped
    assert abs((x0 + x1) / 2 - 150) <= 3


def test_fonts_pickle_to_the_cached_instance():
    fnt = common.font(21)
    assert pickle.loads(pickle.dumps(fnt)) is fnt
    assert fnt.font_variant(size=22) is common.font(22)


def test_chinese_wraps_between_characters_without_hyphens():
    fnt = common.font(18)
    lines = common.wrap_text("北方荒原的远古雷爪巨兽", fnt, 150, 2)
    assert "".join(lines) == "北方荒原的远古雷爪巨兽" and len(lines) == 2
    assert not any(line.endswith("-") for line in lines)
    assert all(fnt.getlength(line) <= 150 for line in lines)
    # closing punctuation never starts a line
    lines = common.wrap_text("小明，你好。我们开始吧", fnt, 40, 4)
    assert not any(line[0] in "，。" for line in lines)
    # English words are still hyphenated as before
    head, tail = common.wrap_text("Alchemist", fnt, 70, 2)
    assert head.endswith("-") and head[:-1] + tail == "Alchemist"
