"""Tests for the Clash of Decks renderer (the render/clash/ package) and the shared text
helpers.

What is drawn is pinned as content (every string with its font size, and the image size, for
the fixed sample views in ``clash_views``), never as pixels: pixels change with the Pillow and
FreeType versions. ``DRAWN`` at the end of this file holds the pins; after a deliberate change,
print the new ones with ``_drawn`` and review the difference.
"""

from __future__ import annotations

import ast
import copy
import io
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tests.games.clash.render import clash_views  # noqa: E402
from tests.render.text_recorder import DrawnText, recording  # noqa: E402

from engine.clash import GAME  # noqa: E402
from engine.clash.cards import CARDS  # noqa: E402
from render import common, legibility  # noqa: E402
from render.clash import (  # noqa: E402
    board_layout,
    board_png,
    clear_caches,
    hand_layout,
    private_png,
    render_board,
    render_hand,
)
from render.clash.content import Cards  # noqa: E402
from render.clash.draft import revealed_boxes  # noqa: E402
from render.clash.style import BRIDGE_X0, BRIDGE_X1  # noqa: E402

ROOT = Path(__file__).resolve().parents[4]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _open(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC)
    img = Image.open(io.BytesIO(png))
    img.load()  # raises on a truncated or corrupt file
    assert img.format == "PNG"
    return img


def _cards(lang="en"):
    return Cards(clash_views.lookup, lang)


def _drawn(render) -> tuple[Image.Image, list[DrawnText]]:
    """The image ``render()`` returns and every string it drew (the kept static layer and
    tiles of the board are dropped first, so everything is drawn and recorded every time)."""
    clear_caches()
    with recording() as texts:
        png = render()
    return _open(png), texts


def _texts(texts: list[DrawnText]) -> list[str]:
    return [t.text for t in texts]


def _tokens(texts: list[DrawnText]) -> list[str]:
    return [f"{t.text}@{t.size}" for t in texts]


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


def _badges(layout, texts) -> list[int]:
    """The position badges, tile by tile: each tile is drawn on its own small picture (then
    pasted), its badge first, at its top left."""
    board = (layout.width, layout.height)
    return [int(t.text) for t in texts
            if t.image_size != board and t.text.isdigit() and t.box[0] < 30 and t.box[1] < 12]


def test_nine_creature_lane_stays_on_canvas():
    view = clash_views.crowded()
    assert len(view["lanes"]["top"][0]) == 9
    layout = _check_layout(view)
    n = sum(1 for lane in ("top", "bottom") for side in view["lanes"][lane] for _ in side)
    assert len(layout.tiles) == n
    _img, texts = _drawn(lambda: render_board(view, seat_names=["A", "B"], card_lookup=clash_views.lookup))
    assert _badges(layout, texts) == [t.index + 1 for t in layout.tiles]  # every tile's position badge
    assert sorted(t.index for t in layout.tiles if t.lane == "top" and t.seat == 0) == list(range(9))
    assert _texts(texts).count("Goblin") == 2


def test_huge_lanes_stay_on_canvas():
    view = clash_views.crowded()
    many = [clash_views.creature(500 + i, "goblin", s) for s in (0, 1) for i in range(12)]
    view["lanes"]["bottom"] = [many[:12], many[12:]]
    layout = _check_layout(view)
    img, texts = _drawn(lambda: render_board(view, seat_names=["A", "B"], card_lookup=clash_views.lookup))
    assert img.size == (layout.width, layout.height)
    assert not legibility.shape_problems(img.size)  # smaller tiles, never a taller board
    assert _badges(layout, texts) == [t.index + 1 for t in layout.tiles]
    goblins = [t for t in texts if t.text.startswith("Go")]
    assert len(goblins) == 2 + 24  # every Goblin named (cut with "…" on the narrowest tiles)
    assert all(t.size >= 24 for t in goblins)


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
    img, texts = _drawn(lambda: render_hand(view, 0, card_lookup=clash_views.lookup))
    assert img.size == (lay["width"], lay["height"])
    drawn = _texts(texts)
    assert drawn.count("Goblin") == 11 and any(d.startswith("\u2605 ") for d in drawn)  # the starred champion
    assert "can play from these 4" in drawn


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
    headers = ["Clash of Decks", "Choosing decks", "Choosing champions", "Game over", "something_new"]
    sheets = [("Your hand", "No cards in hand"), ("The decks still free", None),
              ("Your champion", "Not chosen yet"), ("Your hand", "No cards in hand"),
              ("Your hand", "No cards in hand")]
    for view, header, (title, empty) in zip(odd, headers, sheets):
        _img, texts = _drawn(lambda: render_board(view, seat_names=["A", "B"]))
        drawn = _texts(texts)
        assert header in drawn, (view, drawn)
        assert "A" in drawn and "B" in drawn
        for seat in (0, 5):  # an out-of-range seat draws an empty sheet
            img, texts = _drawn(lambda: render_hand(view, seat))
            assert title in _texts(texts) and (empty is None or empty in _texts(texts)), _texts(texts)
            assert not legibility.shape_problems(img.size)
    _img, texts = _drawn(lambda: render_board(odd[3], seat_names=["A", "B"]))
    assert _texts(texts).count("Game over") == 1  # the banner, in the header's place: nobody won
    v = clash_views.midgame()
    v["lanes"]["top"][0][0]["abilities"].append("SOMETHING_NEW")
    v["lanes"]["top"][0][0]["card"] = "unknown_card_id"
    _img, texts = _drawn(lambda: render_board(v, seat_names=["A", "B"], card_lookup=clash_views.lookup))
    drawn = _texts(texts)
    assert {"Unknown Card", "Id"} <= set(drawn) or {"Unknown", "Card Id"} <= set(drawn), drawn
    assert "SOM" in drawn  # an unknown ability still gets a pill
    _img, texts = _drawn(lambda: render_hand(v, 0, card_lookup=clash_views.lookup))
    assert "SOM" in _texts(texts) and "Something New" in _texts(texts)  # ... and a legend line on the sheet


def test_zero_mana_and_one_card_hands():
    view = clash_views.crowded()
    s0 = view["seats"][0]
    assert s0["mana"] == 0 and s0["hand_size"] == 2
    _img, texts = _drawn(lambda: render_board(view, seat_names=["A", "B"]))
    drawn = _texts(texts)
    panel = drawn[drawn.index("TO PLAY"):][:8]  # seat 0's panel: health, mana, hand size
    assert panel == ["TO PLAY", "A", "1", "BASTION", "0", "mana", "2", "cards"]
    priv = copy.deepcopy(view)
    priv["seats"][0]["hand"] = [{"fort": True, "side": "bastion"}, {"card": "goblin", "playable": False}]
    _img, texts = _drawn(lambda: render_hand(priv, 0, card_lookup=clash_views.lookup))
    drawn = _texts(texts)
    assert "Goblin" in drawn and "can play from these 1" in drawn
    assert "1 card right of the fort = health" in drawn
    only_fort = clash_views.only_fort_loss()
    _img, texts = _drawn(lambda: render_hand(only_fort, 1, card_lookup=clash_views.lookup))
    drawn = _texts(texts)
    assert "BASTION" in drawn and "Turn 11 \u00b7 Game over" in drawn
    assert not any("can play" in t or "right of the fort" in t for t in drawn)


@pytest.mark.parametrize("pile", [5, 12])
def test_the_ai_discard_pile_is_named_whole(pile):
    """Issue 22: the board named only the last 4 of the AI's 5 discarded cards. The board now
    names, top first, every card that fits its panel and says how many more; the player's
    private sheet names them all."""
    view = clash_views.solo()
    ids = ["goblin", "sellsword", "alchemist", "fireball", "thorn_knight", "lancer", "spearman"]
    view["seats"][1]["ai_discard"] = (ids * 2)[:pile]
    names = [clash_views.CARDS[c]["name"]["en"] for c in reversed(view["seats"][1]["ai_discard"])]
    _img, texts = _drawn(lambda: render_board(view, seat_names=["Alice", "AI"], card_lookup=clash_views.lookup))
    drawn = _texts(texts)
    at = drawn.index("discard")
    shown = [t for t in drawn[at + 1:at + 1 + pile] if t in names]
    assert shown == names[:len(shown)] and shown
    more = [t for t in drawn if t.startswith("+") and t.endswith(" more")]
    if len(shown) < pile:
        assert more == [f"+{pile - len(shown)} more"]
    else:
        assert not more
    view["seats"][0]["hand"] = [{"fort": True, "side": "bastion"}, {"card": "goblin", "playable": True}]
    _img, texts = _drawn(lambda: render_hand(view, 0, card_lookup=clash_views.lookup))
    drawn = _texts(texts)
    at = drawn.index("The AI's discard pile, top first:")
    assert drawn[at + 1:at + 1 + pile] == names


def test_renderer_imports_no_discord_and_no_host_code():
    code = (
        "import sys, render.clash, render.common;"
        "bad=[m for m in sys.modules if m.split('.')[0] in ('discord','cogs','bot')"
        " or (m.startswith('gamehost.') and m != 'gamehost.i18n')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


PACKAGE = ROOT / "render" / "clash"


def _imports(path: Path) -> set[str]:
    """Modules ``path`` (a module of render/clash/) imports, at any depth of its syntax
    tree, relative imports made absolute."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                module = ".".join(["render", "clash"][:3 - node.level] + ([module] if module else []))
            out.add(module)
            out |= {f"{module}.{a.name}" for a in node.names}
    return out


def test_package_modules_are_small_and_import_no_circle():
    modules = {p.stem: p for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    assert {"board", "hand", "layout", "labels", "content"} <= set(modules)
    graph = {}
    for name, path in modules.items():
        assert len(path.read_text(encoding="utf-8").splitlines()) < 600, path
        graph[name] = {m.split(".")[2] for m in _imports(path)
                       if m.startswith("render.clash.") and m.split(".")[2] in modules}
    done: set[str] = set()

    def visit(name, trail):
        assert name not in trail, f"import circle: {' -> '.join([*trail, name])}"
        if name in done:
            return
        for dep in graph[name]:
            visit(dep, [*trail, name])
        done.add(name)

    for name in graph:
        visit(name, [])


def test_only_the_content_module_imports_the_engine_and_no_import_is_deferred():
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        engine = {m for m in _imports(path) if m.split(".")[0] == "engine"}
        if path.stem == "content":
            assert engine
        else:
            assert not engine, (path.name, engine)
        for node in ast.walk(tree):  # imports at module level only
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
                assert not inner, f"{path.name}: import inside {node.name}()"


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


# ---------------------------------------------------------------- no text leaves its box


def _inside(box, outer) -> bool:
    return box[0] >= outer[0] and box[1] >= outer[1] and box[2] <= outer[2] and box[3] <= outer[3]


def _owner(t: DrawnText, boxes):
    """The smallest box holding the centre of the drawn string: the card, tile, panel,
    header or legend it belongs to (the canvas for the labels between them)."""
    cx, cy = (t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2
    holding = [(n, b) for n, b in boxes if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]]
    return min(holding, key=lambda nb: (nb[1][2] - nb[1][0]) * (nb[1][3] - nb[1][1]))


def _board_boxes(view, cards):
    lay = board_layout(view, cards)
    boxes = [("canvas", (0, 0, lay.width, lay.height)), ("header", lay.header)]
    boxes += [(f"panel {i}", b) for i, b in enumerate(lay.panels)]
    boxes += [(f"lane {k}", b) for k, b in lay.lanes.items()]
    boxes += [(f"tile {t.lane}/{t.seat}/{t.index}", t.box) for t in lay.tiles]
    boxes += [(n, b) for n, b in (("banner", lay.banner), ("legend", lay.legend), ("draft", lay.draft)) if b]
    if lay.draft:
        revealed = (view.get("draft") or {}).get("revealed") or []
        boxes += [(f"draft card {i}", b) for i, b in enumerate(revealed_boxes(lay.draft, len(revealed)))]
    return boxes


def _hand_boxes(view, seat, cards):
    lay = hand_layout(view, seat, cards)
    boxes = [("canvas", (0, 0, lay["width"], lay["height"])), ("header", lay["header"])]
    boxes += [(f"{kind} {i}", b) for i, (kind, _item, b) in enumerate(lay["boxes"])]
    return boxes + ([("legend", lay["legend"])] if lay["legend"] else [])


def _spills(render, boxes) -> list:
    """Strings outside their box; a creature tile is drawn on its own picture, so its strings
    must stay inside that picture."""
    _img, texts = _drawn(render)
    canvas = boxes[0][1][2:]
    out = []
    for t in texts:
        if t.image_size != canvas:
            name, box = "tile", (0, 0, *t.image_size)
        else:
            name, box = _owner(t, boxes)
        if not _inside(t.box, box):
            out.append((name, t.text, t.size, tuple(round(v) for v in t.box), box))
    return out


def _longest_ids(content: dict) -> list[str]:
    by_en = sorted(content, key=lambda c: -common.font(19).getlength(content[c]["name"]["en"]))
    by_zh = sorted(content, key=lambda c: -len(content[c]["name"].get("zh") or ""))
    return list(dict.fromkeys(by_en[:4] + by_zh[:4]))


LONG_SEAT_NAMES = [["Alice", "Bob"],
                   ["Alexandra the Magnificent of Very Long Names", "Bartholomew Longname-Smythe III"]]


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
@pytest.mark.parametrize("content", ["engine", "test"])
def test_no_text_spills_out_of_its_card_or_panel(content, lang):
    """Every string drawn stays inside the box it belongs to (creature tile, card face,
    panel, header, legend, canvas) with the longest card names of the content in both
    languages, long seat names, every status pill and the samples."""
    data, lookup = (CARDS, CARDS.get) if content == "engine" else (clash_views.CARDS, clash_views.lookup)
    ids = _longest_ids(data)
    if content == "test":
        ids = ["behemoth", *ids]
    cards = Cards(lookup, lang)
    spills = []
    views = dict(clash_views.long_name_views(data, ids))
    if content == "test":
        views.update({n: (m(), None) for n, (m, _names) in clash_views.BOARD_SAMPLES.items()})
        views.update({n: (m(), s) for n, (m, s) in clash_views.HAND_SAMPLES.items()})
    for key, (view, seat) in views.items():
        for names in LONG_SEAT_NAMES:
            spills += [(key, *s) for s in _spills(
                lambda: render_board(view, seat_names=names, card_lookup=lookup, lang=lang),
                _board_boxes(view, cards))]
        if seat is not None:
            spills += [(key, *s) for s in _spills(
                lambda: render_hand(view, seat, card_lookup=lookup, lang=lang), _hand_boxes(view, seat, cards))]
    assert not spills, spills[:10]


def test_a_wide_tile_shortens_its_status_pills_rather_than_spill():
    view = clash_views.base_view(lanes={"top": [[clash_views.creature(1, "goblin", 0, damage=2, dash=2)], []],
                                        "bottom": [[], []]})
    _img, texts = _drawn(lambda: render_board(view, seat_names=["A", "B"], card_lookup=clash_views.lookup))
    drawn = _texts(texts)
    assert "-2" in drawn and "\u26a1+2" in drawn
    assert "-2 of 1" not in drawn
    _img, texts = _drawn(lambda: render_hand(view, 0, card_lookup=clash_views.lookup))
    assert "Dash bonus" in _texts(texts)  # the legend, on the private sheet


# ---------------------------------------------------------------- what is drawn, pinned


@pytest.mark.parametrize("name", sorted(clash_views.BOARD_SAMPLES))
def test_board_sample_draws_the_pinned_content(name):
    make, names = clash_views.BOARD_SAMPLES[name]
    img, texts = _drawn(lambda: render_board(make(), seat_names=names, card_lookup=clash_views.lookup))
    size, pinned = DRAWN[f"board_{name}"]
    assert img.size == size
    assert _tokens(texts) == "".join(pinned).split("|")


@pytest.mark.parametrize("name", sorted(clash_views.HAND_SAMPLES))
def test_hand_sample_draws_the_pinned_content(name):
    make, seat = clash_views.HAND_SAMPLES[name]
    img, texts = _drawn(lambda: render_hand(make(), seat, card_lookup=clash_views.lookup))
    size, pinned = DRAWN[name]
    assert img.size == size
    assert _tokens(texts) == "".join(pinned).split("|")


ZH_PINNED = {
    "board_midgame": lambda: render_board(clash_views.midgame(), seat_names=clash_views.NAMES,
                                          card_lookup=clash_views.lookup, lang="zh-CN"),
    "board_finished": lambda: render_board(clash_views.finished(), seat_names=["小明", "Bob"],
                                           card_lookup=clash_views.lookup, lang="zh-CN"),
    "hand_opening_seat0": lambda: render_hand(clash_views.opening(private_for=0), 0,
                                              card_lookup=clash_views.lookup, lang="zh-CN"),
}


@pytest.mark.parametrize("name", sorted(ZH_PINNED))
def test_chinese_sample_draws_the_pinned_content(name):
    """The same samples in zh-CN: the catalog's Chinese words, the cards' and decks' Chinese
    names, and a Chinese seat name ("小明") as it is."""
    img, texts = _drawn(ZH_PINNED[name])
    size, pinned = DRAWN_ZH[name]
    assert img.size == size
    assert _tokens(texts) == "".join(pinned).split("|")


#: sample -> (image size, every string drawn, in order, as "text@font size", joined by "|")

DRAWN = {
    'board_crowded': ((1200, 855), (
        'BOTTOM@24|TOP@24|Duel · Precon@20|Turn 20@24|Alexandra the Magnificen…@28|'
        ' to play  ·  Summon phase@28|TO PLAY@24|Alexandra the Magnificent…@24|1@28|BASTION@24|0@28|'
        'mana@24|2@28|cards@24|Bob@28|5@28|BASTION@24|0@28|mana@24|14@28|cards@24|empty@20|1@24|'
        'Ancient@24|Thund…@24|6@28|8@28|-1@24|+6@24|2@24|Goblin@24|1@28|1@28|3@24|Spear-@24|man@24|2@28|'
        '3@28|PRC@24|4@24|Lancer@24|3@28|2@28|-1@24|DSH@24|5@24|Alchem-@24|ist@24|1@28|2@28|CAT@24|6@24|'
        'Sellsw-@24|ord@24|3@28|3@28|+2@24|7@24|Thorn@24|Knight@24|4@28|3@28|-1@24|THR@24|8@24|Sea@24|'
        'Witch@24|1@28|3@28|+2@24|9@24|Moss@24|Troll@24|4@28|7@28|REG@24|1@24|Ancient@24|Thund…@24|6@28|'
        '9@28|+6@24|2@24|Goblin@24|1@28|1@28|3@24|Spear-@24|man@24|2@28|3@28|PRC@24|4@24|Lancer@24|3@28|'
        '3@28|DSH@24|5@24|Alchem-@24|ist@24|1@28|2@28|CAT@24|6@24|Sellsw-@24|ord@24|3@28|3@28|+2@24|7@24|'
        'NEW@24|Thorn@24|Knight@24|4@28|4@28|THR@24|1@24|Ancient@24|Thunderc…@24|9@28|9@28|⚡+3@24|SWP@24|'
        'PRC@24|+5@24'
    )),
    'board_draft': ((1200, 540), (
        'Duel · Draft@20|Draft@28|Alice@28|5@28|of 8 picked@24|Bob@28|4@28|of 8 picked@24|pile 20@20|'
        'Draft round 2@24|Bob@28| picks a card (2 left this round)@28|6@24|Storm@24|Queen@24|5@28|6@28|'
        'FLY@24|BLD@24|0@24|Goblin@24|1@28|1@28|7@24|Ancient@24|Thundercl…@24|6@28|9@28|SWP@24|+5@24|'
        'Alice@24|picked 5@24|Ember Drake@24|Stone Golem@24|Fireball@24|Lancer@24|Sea Witch@24|Bob@24|'
        'picked 4@24|Moss Troll@24|Tide Serpent@24|Spearman@24|Alchemist@24'
    )),
    'board_finished': ((1200, 612), (
        "BOTTOM@24|TOP@24|Turn 14@24|★ Alice wins! ★@32|Bob's fort fell@24|Alice@28|2@28|BASTION@24|0@28|"
        'mana@24|4@28|cards@24|Deck: Ember@20|Bob@28|0@28|FORT (last)@24|0@28|mana@24|3@28|cards@24|'
        'Deck: Tide@20|empty@20|1@24|Ember@24|Drake@24|3@28|5@28|FLY@24|2@24|Storm@24|Queen@24|5@28|6@28|'
        'FLY@24|BLD@24|DSH@24|1@24|Lancer@24|3@28|3@28|DSH@24|1@24|Stone@24|Golem@24|2@28|6@28|PRO@24'
    )),
    'board_midgame': ((1200, 612), (
        'BOTTOM@24|TOP@24|Duel · Constructed@20|Turn 7@24|Bob@28| to play  ·  Attack phase@28|Alice@28|'
        '2@28|BASTION@24|0@28|mana@24|5@28|cards@24|Deck: Ember@20|★ exhausted: Ancient Thun…@24|'
        'TO PLAY@24|Bob@28|3@28|FORT (last)@24|3@28|mana@24|5@28|cards@24|Deck: Tide@20|'
        '★ in play: Storm Queen@24|1@24|Ember@24|Drake@24|3@28|3@28|-2@24|FLY@24|2@24|Shade@24|'
        'Possessor@24|3@28|8@28|on Stone…@24|POS@24|+2@24|3@24|Banner@24|Bearer@24|1@28|3@28|AUR@24|1@24|'
        '★@24|Storm@24|Queen@24|5@28|6@28|FLY@24|BLD@24|DSH@24|2@24|NEW@24|Frenzied@24|Wolf@24|3@28|1@28|'
        '-1@24|FRZ@24|RAG@24|1@24|Tide@24|Serpent@24|2@28|4@28|AQU@24|DSH@24|1@24|Lancer@24|5@28|3@28|'
        '⚡+2@24|DSH@24|2@24|Ghost@24|Warden@24|2@28|5@28|IMM@24|PRO@24|3@24|Moss@24|Troll@24|4@28|4@28|'
        '-3@24|REG@24|RET@24|4@24|NEW@24|Sea@24|Witch@24|1@28|3@28|WEA@24|AQU@24'
    )),
    'board_only_fort': ((1200, 320), (
        'BOTTOM@24|TOP@24|Turn 11@24|★ Alice wins! ★@32|Bob had only the fort card left@24|Alice@28|1@28|'
        'BASTION@24|0@28|mana@24|2@28|cards@24|Bob@28|0@28|BASTION@24|0@28|mana@24|1@28|card@24|empty@20|'
        'empty@20|empty@20|empty@20'
    )),
    'board_opening': ((1200, 356), (
        'BOTTOM@24|TOP@24|Duel · Precon@20|Turn 1@24|Alice@28| to play  ·  Summon phase@28|TO PLAY@24|'
        'Alice@28|8@28|BASTION@24|6@28|mana@24|9@28|cards@24|Deck: Ember@20|Bob@28|8@28|BASTION@24|0@28|'
        'mana@24|9@28|cards@24|Deck: Tide@20|empty@20|empty@20|empty@20|empty@20'
    )),
    'board_solo': ((1200, 612), (
        'BOTTOM@24|TOP@24|Solo · Precon · quick@20|Turn 6@24|Alice@28| to play  ·  Summon phase@28|'
        'TO PLAY@24|Alice@28|3@28|BASTION@24|7@28|mana@24|7@28|cards@24|Deck: Ember@20|AI@28|6@28|'
        'deck  FORT (last)@24|5@28|discard@24|Thorn Knight@24|Fireball@24|+3 more@24|1@24|Ember@24|'
        'Drake@24|3@28|5@28|FLY@24|1@24|Thorn@24|Knight@24|4@28|4@28|THR@24|2@24|Sea Witch@24|1@28|2@28|'
        '-1@24|WEA@24|AQU@24|1@24|NEW@24|Spearman@24|2@28|3@28|PRC@24|2@24|Banner@24|Bearer@24|1@28|3@28|'
        'AUR@24|1@24|Moss Troll@24|4@28|7@28|REG@24|RET@24|+PRO@24'
    )),
    'hand_midgame_seat0': ((1200, 498), (
        "Your hand@28|2@28|BASTION@24|0@28|mana@24|Turn 7 · Opponent's turn@24|2@24|1@24|Spearman@24|"
        '2@28|3@28|PRC@24|1@24|2@24|Healing@24|Rain@24|SPELL@24|BASTION@24|2@36|health@20|0@24|4@24|'
        'Goblin@24|1@28|1@28|2@24|5@24|Alchemist@24|1@28|2@28|CAT@24|can play from these 4@24|'
        '2 cards right of the fort = health@24|CAT@20|Catalyst@20|PRC@20|Pierce@20|FLY@20|Flying@20|'
        'AQU@20|Aquatic@20|AUR@20|Aura@20|FRZ@20|Frenzy@20|PRO@20|Protection@20|RAG@20|Rage@20|REG@20|'
        'Regeneration@20|BLD@20|Blade@20|IMM@20|Immortal@20|RET@20|Retaliate@20|DSH@20|Dash@20|POS@20|'
        'Possess@20|VAN@20|Vanish@20|WEA@20|Weaken@20|+PRC@20|granted (Aura/custom)@20|PRO@20|'
        'Protection used@20|NEW@20|new this turn@20|-2@20|damage taken@20|⚡+2@20|Dash bonus@20|★@20|'
        'champion@20|on@20|Possess host@20'
    )),
    'hand_midgame_seat1': ((1200, 532), (
        'Your hand@28|3@28|FORT (last)@24|3@28|mana@24|Turn 7 · Your turn: Attack phase@24|2@24|1@24|'
        '✓@24|Fireball@24|SPELL@24|SWP@24|FORT@24|3@36|health@20|3@24|3@24|✓@24|Lancer@24|3@28|3@28|'
        'DSH@24|8@24|4@24|Blood@24|Titan@24|7@28|8@28|BLP@24|SWP@24|0@24|5@24|✓@24|Goblin@24|1@28|1@28|'
        'can play from these 4@24|3 cards right of the fort = health@24|SWP@20|Sweep@20|BLP@20|'
        'Blood Price@20|DSH@20|Dash@20|FLY@20|Flying@20|AQU@20|Aquatic@20|AUR@20|Aura@20|FRZ@20|'
        'Frenzy@20|PRO@20|Protection@20|RAG@20|Rage@20|REG@20|Regeneration@20|BLD@20|Blade@20|IMM@20|'
        'Immortal@20|RET@20|Retaliate@20|PRC@20|Pierce@20|POS@20|Possess@20|VAN@20|Vanish@20|WEA@20|'
        'Weaken@20|+PRC@20|granted (Aura/custom)@20|PRO@20|Protection used@20|NEW@20|new this turn@20|'
        '-2@20|damage taken@20|⚡+2@20|Dash bonus@20|★@20|champion@20|on@20|Possess host@20'
    )),
    'hand_opening_seat0': ((1200, 658), (
        'Your hand@28|8@28|BASTION@24|6@28|mana@24|Turn 1 · Your turn: Summon phase@24|BASTION@24|8@36|'
        'health@20|4@24|2@24|✓@24|Ember@24|Drake@24|3@28|5@28|FLY@24|2@24|3@24|✓@24|Fireball@24|SPELL@24|'
        'SWP@24|3@24|4@24|✓@24|Stone@24|Golem@24|2@28|6@28|PRO@24|3@24|5@24|✓@24|Tide@24|Serpent@24|2@28|'
        '4@28|AQU@24|DSH@24|2@24|6@24|Spearman@24|2@28|3@28|PRC@24|2@24|7@24|Banner@24|Bearer@24|1@28|'
        '3@28|AUR@24|1@24|8@24|Healing@24|Rain@24|SPELL@24|0@24|9@24|Goblin@24|1@28|1@28|'
        'can play from these 4@24|8 cards right of the fort = health@24|FLY@20|Flying@20|AQU@20|'
        'Aquatic@20|AUR@20|Aura@20|PRO@20|Protection@20|SWP@20|Sweep@20|PRC@20|Pierce@20|DSH@20|Dash@20'
    )),
}

DRAWN_ZH = {
    'board_finished': ((1200, 612), (
        '下路@24|上路@24|第 14 回合@24|★ 小明 获胜!★@32|Bob的要塞陷落@24|小明@28|2@28|堡垒@24|0@28|法力@24|4@28|张牌@24|'
        '牌组:余烬军团@20|Bob@28|0@28|要塞(最后)@24|0@28|法力@24|3@28|张牌@24|牌组:潮汐王庭@20|空@20|1@24|余烬幼龙@24|3@28|5@28|'
        '飞@24|2@24|风暴女王@24|5@28|6@28|飞@24|利@24|闪@24|1@24|枪骑兵@24|3@28|3@28|闪@24|1@24|石像魔@24|2@28|6@28|'
        '护@24'
    )),
    'board_midgame': ((1200, 612), (
        '下路@24|上路@24|对决 · 构筑@20|第 7 回合@24|Bob@28| 出牌  ·  攻击阶段@28|Alice@28|2@28|堡垒@24|0@28|法力@24|5@28|'
        '张牌@24|牌组:余烬军团@20|★ 已用尽:北方荒原的远古雷爪巨兽@24|出牌中@24|Bob@28|3@28|要塞(最后)@24|3@28|法力@24|5@28|张牌@24|'
        '牌组:潮汐王庭@20|★ 在场:风暴女王@24|1@24|余烬幼龙@24|3@28|3@28|-2@24|飞@24|2@24|附身暗影@24|3@28|8@28|附于石像魔@24|附@24|'
        '消@24|护@24|3@24|旗手@24|1@28|3@28|光@24|1@24|★@24|风暴女王@24|5@28|6@28|飞@24|利@24|闪@24|2@24|新@24|狂狼@24|'
        '3@28|1@28|-1@24|狂@24|暴@24|1@24|潮汐海蛇@24|2@28|4@28|水@24|闪@24|+穿@24|1@24|枪骑兵@24|5@28|3@28|⚡+2@24|'
        '闪@24|2@24|幽灵守卫@24|2@28|5@28|不@24|护@24|3@24|苔藓巨魔@24|4@28|4@28|-3@24|再@24|反@24|4@24|新@24|海巫@24|'
        '1@28|3@28|虚@24|水@24'
    )),
    'hand_opening_seat0': ((1200, 658), (
        '你的手牌@28|8@28|堡垒@24|6@28|法力@24|第 1 回合 · 你的回合:召唤阶段@24|堡垒@24|8@36|生命@20|4@24|2@24|✓@24|余烬幼龙@24|'
        '3@28|5@28|飞@24|2@24|3@24|✓@24|火球术@24|法术@24|横@24|3@24|4@24|✓@24|石像魔@24|2@28|6@28|护@24|3@24|5@24|'
        '✓@24|潮汐海蛇@24|2@28|4@28|水@24|闪@24|2@24|6@24|长矛手@24|2@28|3@28|穿@24|2@24|7@24|旗手@24|1@28|3@28|光@24|'
        '1@24|8@24|治愈之雨@24|法术@24|0@24|9@24|哥布林@24|1@28|1@28|可从这 4 张中出牌@24|要塞右侧 8 张牌 = 生命@24|飞@20|飞行@20|'
        '水@20|水生@20|光@20|光环@20|护@20|护卫@20|横@20|横扫@20|穿@20|穿刺@20|闪@20|闪现@20'
    )),
}
