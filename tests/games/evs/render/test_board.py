"""The Empire vs Steppe renderer (render/evs/): every sample position of real bot-played
games (evs_views.py: base, terrain, morale, advanced, all on; vanguard, mid-game, defence
window, terrain penalty and flip, game over, the secret pick) renders as a 1,200 x 900 PNG in
English and Chinese with nothing off the picture; what a move needs is drawn at the size the
legibility rule asks (render/legibility.py); the public board never draws a secret; the
words come from the content and the catalog."""

from __future__ import annotations

import ast
import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from tests.games.evs.render import evs_views as V  # noqa: E402
from tests.render.text_recorder import recording  # noqa: E402

from engine.evs.content import COMMANDS, UNITS  # noqa: E402
from render import legibility  # noqa: E402
from render.common import can_draw  # noqa: E402
from render.evs import board_layout, board_png, private_png, private_pngs  # noqa: E402
from render.evs.style import GRID_X1  # noqa: E402
from tests.render.pngs import opened_png as _open  # noqa: E402

ROOT = Path(__file__).resolve().parents[4]
PACKAGE = ROOT / "render" / "evs"
CATALOG = ROOT / "locales" / "evs" / "render.json"
LANGS = ("en", "zh-CN")


def _view(name: str, viewer=None) -> dict:
    try:
        return V.view(name, viewer)
    except LookupError:  # pragma: no cover - the engine no longer reaches such a position
        pytest.skip(f"no {name} position in the current engine")


def _names(lang: str) -> list[str]:
    return V.NAMES if lang == "en" else V.NAMES_CJK


def _board_texts(view: dict, lang: str = "en"):
    with recording() as texts:
        img = _open(board_png(view, _names(lang), lang))
    return img, texts


def _private_texts(view: dict, seat: int, lang: str = "en"):
    with recording() as texts:
        img = _open(private_png(view, seat, _names(lang), lang))
    return img, texts


def _on_canvas(img, texts) -> list[str]:
    """The strings drawn (partly) off the picture."""
    w, h = img.size
    return [t.text for t in texts if t.box[0] < 0 or t.box[1] < 0 or t.box[2] > w or t.box[3] > h]


def _on_token(texts, view: dict, uid: str, lang: str = "en") -> str:
    """What is drawn on a unit's token, its lines joined (hyphens and spaces dropped)."""
    lay = board_layout(view, _names(lang), lang)
    u = next(u for u in view["units"] if u["uid"] == uid)
    top = lay.grid[0]
    from render.evs.grid import cell_box
    x0, y0, x1, y1 = cell_box(u["cell"], top)
    inside = [t.text for t in texts if x0 <= t.box[0] and t.box[2] <= x1 and y0 <= t.box[1] and t.box[3] <= y1]
    return "".join(inside).replace("-", "").replace(" ", "")


def _name_shown(joined: str, name: str) -> bool:
    """The name whole, or (too long for two lines) its start up to the ellipsis."""
    flat = name.replace(" ", "")
    return flat in joined or ("\u2026" in joined and flat[:6] in joined)


# ---------------------------------------------------------------- every sample renders


def test_samples_cover_the_brief():
    options = {json.dumps(o, sort_keys=True) for o, _s, _p in V.SAMPLES.values()}
    assert {"{}", '{"terrain": "on"}', '{"morale": "on"}', '{"advanced": "on"}'} <= options
    for kind in ("vanguard", "mid", "defence", "over"):
        assert any(kind in name for name in V.SAMPLES), kind


@pytest.mark.parametrize("name", V.ALL)
@pytest.mark.parametrize("lang", LANGS)
def test_every_sample_renders_landscape_with_nothing_off_the_picture(name, lang):
    view = _view(name)
    img, texts = _board_texts(view, lang)
    assert img.format == "PNG" and img.size == (1200, 900) and not legibility.shape_problems(img.size)
    lay = board_layout(view, _names(lang), lang)
    assert img.height == lay.height and max(b for _t, b in lay.panels.values()) <= img.height
    assert not _on_canvas(img, texts)
    for seat in (0, 1):
        own = _view(name, seat)
        with recording() as texts:
            pages = [_open(png) for png in private_pngs(own, seat, _names(lang), lang)]
        assert pages[0].tobytes() == _open(private_png(own, seat, _names(lang), lang)).tobytes()
        for pic in pages:
            assert pic.width == 1200 and 300 < pic.height <= 900 and not legibility.shape_problems(pic.size)
        assert not [t.text for t in texts if t.box[1] < 0 or t.box[3] > t.image_size[1] or t.box[2] > 1200]


def test_render_is_deterministic_and_leaves_the_view_alone():
    view = _view("terrain_defence")
    before = copy.deepcopy(view)
    assert board_png(view, V.NAMES) == board_png(view, V.NAMES)
    own = _view("terrain_defence", 0)
    assert private_png(own, 0, V.NAMES) == private_png(own, 0, V.NAMES)
    assert view == before


def test_the_board_refuses_a_seats_view_and_the_private_picture_another_seats():
    with pytest.raises(ValueError):
        board_png(_view("base_mid", 0), V.NAMES)
    with pytest.raises(ValueError):
        private_png(_view("base_mid", 1), 0, V.NAMES)
    with pytest.raises(ValueError):
        private_png(_view("base_mid"), 0, V.NAMES)


# ---------------------------------------------------------------- what is drawn


def test_the_board_draws_units_cells_counts_and_turn():
    view = _view("base_mid")
    img, texts = _board_texts(view)
    drawn = [t.text for t in texts]
    for col in "ABCDEFG":
        assert drawn.count(col) == 2  # above and below the grid
    for row in "123456":
        assert row in drawn
    for u in view["units"]:
        assert u["uid"] in drawn
        assert _name_shown(_on_token(texts, view, u["uid"]), UNITS[u["card"]]["name"]["en"]), u
        assert f"\u2665{u['hp'] - u['wounds']}" in _on_token(texts, view, u["uid"])
    cells = {f"{c}{r}" for c in "ABCDEFG" for r in range(1, 7)}
    assert cells <= set(drawn)  # every cell's name (a token covers an occupied one's)
    assert f"Turn {view['turn']}" in drawn
    side = [t.text for t in texts if t.box[0] >= GRID_X1]
    for s, p in enumerate(view["players"]):
        assert f"Discard {p['discard_count']}" in side and f"Hand {p['hand_count']}" in side
        assert f"Morale {p['track']}/{p['collapse']}" in side
    assert side.count("Zone") == 2
    tiles = [t for t in side if t == "?" or t.startswith("\u25cf") or t.isdigit()]
    assert len(tiles) == sum(p["zone_count"] for p in view["players"])  # a tile per command-zone card
    assert "2. Action" in drawn or "1. Action" in drawn


def test_the_defence_window_names_attackers_target_and_powers():
    view = _view("terrain_defence")
    pend = view["pending"]
    _img, texts = _board_texts(view)
    drawn = [t.text for t in texts]
    decider = V.NAMES[pend["seat"]]
    side = [t.text for t in texts if t.box[0] >= GRID_X1]
    assert f"Defence window: {decider} may defend" in " ".join(side)  # wrapped in the side column
    for a in pend["attackers"]:  # by uid in the status box, framed orange with arrows on the grid
        assert a in side or f"{a} +" in side, a
    assert pend["target"] in side
    assert f"attack {pend['power']}" in drawn and f"defence {pend['defence']}" in drawn
    assert f"morale {pend['morale']}" in drawn


def test_terrain_heights_and_forests_are_drawn():
    view = _view("terrain_mid")
    _img, texts = _board_texts(view)
    top, bottom = board_layout(view, V.NAMES).grid
    on_grid = [t.text for t in texts if top <= t.box[1] and t.box[3] <= bottom and t.box[2] <= GRID_X1]
    cards = view["terrain"]["cells"]
    badges = [t for t in on_grid if re.fullmatch(r"[+\u2212]\d|0", t)]
    from engine.evs import terrain_rules
    assert sorted(badges) == sorted(terrain_rules.signed(terrain_rules.card(c)["height"]).replace("-", "\u2212")
                                    for c in cards.values())
    forests = [terrain_rules.card_view(c) for c in cards.values() if terrain_rules.card(c)["forest"]]
    marks = sorted("\u2663" + (str(f["effect"]["defence"]) if f["effect"] else "") for f in forests)
    assert sorted(t for t in on_grid if t.startswith("\u2663")) == marks


@pytest.mark.parametrize("name", ["terrain_penalty", "terrain_flip", "terrain_place", "morale_offer",
                                  "morale_tokens", "morale_heal"])
def test_other_decisions_are_told(name):
    view = _view(name)
    _img, texts = _board_texts(view)
    decider = V.NAMES[view["pending"]["seat"]]
    first = {"penalty": "Terrain penalty:", "flip": "Mobility flip:", "terrain": "Terrain placement:",
             "morale": decider, "tokens": decider, "heal": decider}
    assert any(t.text.startswith(first[view["pending"]["kind"]]) for t in texts)


def test_morale_tracks_and_zones_are_drawn():
    """The board: each marker, pile and rally cost; the private reference page: both morale
    zones by name (the board has no room for them)."""
    view = _view("morale_mid")
    _img, texts = _board_texts(view)
    drawn = [t.text for t in texts]
    from engine.evs import morale_rules
    for side in view["morale"]["seats"]:
        assert f"Morale {side['marker']}/{side['track']['collapse']}" in drawn
        assert f"Pile {side['pile']}" in drawn and f"Rally {side['rally_cost']}" in drawn
    for seat in (0, 1):
        with recording() as texts:
            private_pngs(_view("morale_mid", seat), seat, V.NAMES)
        drawn = [t.text for t in texts]
        for side in view["morale"]["seats"]:
            for e in side["own_buff"] + side["enemy_debuff"]:
                name = morale_rules.card(e["card"])["name"]["en"]
                assert any(t.startswith(name) for t in drawn), name


def test_the_result_is_drawn():
    view = _view("base_over")
    _img, texts = _board_texts(view)
    drawn = [t.text for t in texts]
    winner = view["result"]["winners"][0]
    assert any(t.startswith(V.NAMES[winner]) and t.endswith("wins") for t in drawn)
    assert "morale collapse" in drawn or "all units on the battlefield destroyed" in drawn


# ---------------------------------------------------------------- Chinese


@pytest.mark.parametrize("name", ["base_mid", "all_mid", "terrain_defence", "morale_mid"])
def test_chinese_names_are_drawn_in_chinese(name):
    view = _view(name)
    _img, texts = _board_texts(view, "zh-CN")
    drawn = [t.text for t in texts]
    assert all(can_draw(t) for t in drawn)
    assert not [t for t in drawn if "?" in t and t != "?"]  # "?": a face-down card
    for u in view["units"]:
        assert _name_shown(_on_token(texts, view, u["uid"], "zh-CN"), UNITS[u["card"]]["name"]["zh-CN"])
        assert UNITS[u["card"]]["name"]["en"] not in drawn
    assert f"第 {view['turn']} 回合" in drawn
    _img, texts = _private_texts(_view(name, 0), 0, "zh-CN")
    hand = _view(name, 0)["players"][0]["hand"]
    assert all(can_draw(t.text) for t in texts)
    for c in hand:
        name_zh = (UNITS.get(c) or COMMANDS[c])["name"]["zh-CN"]
        assert any(t.text.startswith(name_zh) for t in texts), name_zh


# ---------------------------------------------------------------- secrets


def _hidden_names(st: dict) -> set[str]:
    """Names of the unrevealed command-zone cards (both languages), leaving out any name a
    public card shares (a unit, a revealed or battlefield card)."""
    hidden, public = set(), set()
    for p in st["players"]:
        for e in p["zone"]:
            (public if e["revealed"] else hidden).add(e["card"])
    public |= {b["card"] for b in st["battle"]}
    names = lambda ids: {COMMANDS[c]["name"][lang] for c in ids if c in COMMANDS for lang in LANGS}  # noqa: E731
    shown = names(public) | {u["name"][lang] for u in UNITS.values() for lang in LANGS}
    return {n for n in names(hidden) if not any(n in s for s in shown)}


@pytest.mark.parametrize("name", ["advanced_mid", "advanced_defence", "advanced_over", "all_mid", "base_mid"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_public_board_never_draws_an_unrevealed_command_card(name, lang):
    st = V.state(name)
    secret = _hidden_names(st)
    assert secret, "the sample has face-down cards"
    _img, texts = _board_texts(_view(name), lang)
    leaks = [(t.text, s) for t in texts for s in secret if s in t.text]
    assert not leaks


def test_the_secret_check_would_see_a_leak():
    """A view that carried the hidden faces (which the engine's public view never does)
    would show them: the test above looks at the right strings."""
    st = V.state("advanced_mid")
    view = copy.deepcopy(_view("advanced_mid"))
    for p, sp in zip(view["players"], st["players"]):
        for e, se in zip(p["zone"], sp["zone"]):
            e["card"] = se["card"]
    _img, texts = _board_texts(view)
    assert any(s in t.text for t in texts for s in _hidden_names(st))


def test_the_public_view_of_an_advanced_game_hides_the_zone():
    view = _view("advanced_mid")
    assert not view["peek"]
    assert all(e["card"] is None for p in view["players"] for e in p["zone"] if not e["revealed"])
    assert all(p["hand"] is None and p["discard"] is None for p in view["players"])


# ---------------------------------------------------------------- legible where Discord shows it


@pytest.mark.parametrize("name", ["base_mid", "terrain_defence", "all_mid", "base_vanguard"])
@pytest.mark.parametrize("lang", LANGS)
def test_what_a_move_needs_is_drawn_essential_and_legible(name, lang):
    """uids, power, HP left, the coordinates and every cell name are marked essential and at
    least the legible size (24 px on 1,200 x 900: 10 px in Discord's 550 x 400 box, 8 px on a
    400 px phone); so are whose turn and each seat's counts."""
    view = _view(name)
    img, texts = _board_texts(view, lang)
    least = legibility.smallest_legible_px(img.size)
    essential = {t.text for t in texts if t.essential and t.posted_px >= least}
    need = {u["uid"] for u in view["units"]} | set("ABCDEFG123456")
    need |= {f"{c}{r}" for c in "ABCDEFG" for r in range(1, 7)}
    need |= {f"\u2665{u['hp'] - u['wounds']}" for u in view["units"]}
    need |= {str(u["power"]) for u in view["units"]}
    assert not need - essential
    if view["turn"]:
        turn = f"Turn {view['turn']}" if lang == "en" else f"第 {view['turn']} 回合"
        assert turn in essential
    assert not [t.text for t in texts if t.essential and t.posted_px < least]


# ---------------------------------------------------------------- robustness


@pytest.mark.parametrize("mutate", [
    lambda v: v.clear(),
    lambda v: v.update(players=[None, {}], factions=[]),
    lambda v: v.update(units=[{"uid": "u9", "card": "scout", "seat": 1, "cell": "Z9"}]),
    lambda v: v.update(pending={"kind": "something_new", "seat": 1}),
    lambda v: v.update(terrain=None, morale=None, declared=None, basic=None, turn=None),
])
def test_incomplete_views_still_render(mutate):
    view = copy.deepcopy(_view("morale_mid"))
    mutate(view)
    assert _open(board_png(view, [])).size == (1200, 900)
    own = copy.deepcopy(_view("morale_mid", 0))
    mutate(own)
    own["viewer"] = 0
    assert _open(private_png(own, 0, [])).width == 1200
    assert all(_open(png).width == 1200 for png in private_pngs(own, 0, []))


def test_cjk_emoji_and_missing_seat_names():
    """Every display name draws as it is (render/faces.py); only an empty one is "Player N"."""
    view = _view("base_mid")
    for names in (["雲嶺戰記玩家" * 3, "🐉🐉"], [], ["", None]):
        img, texts = _board_texts_named(view, names)
        assert img.size == (1200, 900) and not _on_canvas(img, texts)
    _img, texts = _board_texts_named(view, ["🐉", ""])
    drawn = " ".join(t.text for t in texts)
    assert "🐉" in drawn and "Player 2" in drawn and "Player 1" not in drawn
    _img, texts = _board_texts_named(view, ["민준", "龘龘"])
    drawn = " ".join(t.text for t in texts)
    assert "민준" in drawn and "龘龘" in drawn and "Player" not in drawn


def _board_texts_named(view: dict, names):
    with recording() as texts:
        img = _open(board_png(view, names))
    return img, texts


# ---------------------------------------------------------------- the package


def test_the_catalog_file_is_one_key_a_line_and_complete():
    from gamehost.i18n import Catalog, catalog

    Catalog.load()
    lines = CATALOG.read_text(encoding="utf-8").splitlines()
    entries = json.loads(CATALOG.read_text(encoding="utf-8"))
    assert lines[0] == "{" and lines[-1] == "}" and len(lines) == len(entries) + 2
    assert all(k.startswith("evs.render.") for k in entries)
    used = set()  # every string of the package that names a key (literal or chosen between literals)
    for path in PACKAGE.glob("*.py"):
        used |= {n.value for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(n, ast.Constant) and isinstance(n.value, str) and "evs.render." + n.value in entries}
    dynamic = {f"basic.{b}" for b in ("deploy", "action", "recall", "rally")} | \
        {f"marker.{m}" for m in ("action", "defence", "reveal", "dispatch", "recall")} | \
        {f"state.{s}" for s in ("tapped", "flipped")} | {f"penalty.{o}" for o in ("mp", "cost", "shake")} | \
        {f"mod.{k}" for k in ("engage", "defend", "morale_effect", "mobility", "cost")} | \
        {f"morale.{k}" for k in ("buff", "debuff", "once", "ongoing")} | {"defence_on", "command_on", "legend.hp"} | \
        {f"phase.{k}" for k in ("move", "engage", "heal")}
    missing = sorted(k for k in used | dynamic if not catalog().has("evs.render." + k))
    assert not missing
    unused = sorted(k[len("evs.render."):] for k in entries if k[len("evs.render."):] not in used | dynamic)
    assert not unused


def _imports(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            out.append("." * node.level + (node.module or ""))
    return out


def test_the_package_is_small_modules_reading_the_engine_through_names_only():
    for path in PACKAGE.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 400, path.name  # small modules
        imports = _imports(path)
        engine = [m for m in imports if m.startswith("engine")]
        assert path.stem == "names" or not engine, path.name
        assert not any(m.startswith(("discord", "gamehost.")) and m != "gamehost.i18n" for m in imports), path.name
    code = ("import sys, render.evs; bad = [m for m in sys.modules if m.split('.')[0] in ('discord', 'cogs')]; "
            "assert not bad, bad")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
