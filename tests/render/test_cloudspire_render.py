"""Tests for the Cloudspire renderer (render/cloudspire.py).

The sample views come from the real engine at fixed seeds (tests/render/cloudspire_views.py).
No test asserts wall-clock times (see tools/render_cloudspire_samples.py --bench).
"""

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

import cloudspire_views as cv  # noqa: E402
from render import cloudspire as R  # noqa: E402
from render.cloudspire import (  # noqa: E402
    board_layout,
    private_size,
    public_view,
    render_board,
    render_private,
)

ROOT = Path(__file__).resolve().parents[2]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
SAMPLES = sorted(cv.MAKERS)


def _open(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC)
    img = Image.open(io.BytesIO(png))
    img.load()  # raises on a truncated or corrupt file
    assert img.format == "PNG"
    return img


def _board(view, names=None, lang="en") -> bytes:
    return render_board(view, seat_names=names if names is not None else ["Alice", "Bob", "Cy", "Di"], lang=lang)


# ---------------------------------------------------------------- every sample renders


def test_samples_cover_the_brief():
    assert {"opening", "onslaught", "four_player", "finished"} <= set(SAMPLES)
    assert cv.view("opening")["phase"] == "market" and cv.view("opening")["seats"] == 2
    ons = cv.view("onslaught")
    assert ons["phase"] == "onslaught"
    assert len(ons["units"]) >= 6 and len(ons["spires"]) >= 6 and ons["map"]["earthscapes"]
    assert any(u["grouped"] for u in ons["units"])
    assert cv.view("four_player")["seats"] == 4
    assert cv.view("finished")["phase"] == "over" and cv.view("finished")["result"]


@pytest.mark.parametrize("name", SAMPLES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_board_sample_is_png_of_layout_size(name, lang):
    view = cv.view(name)
    img = _open(render_board(view, seat_names=cv.SEAT_NAMES[name], lang=lang))
    lay = board_layout(view)
    assert img.size == (lay.width, lay.height) == (R.W, R.H)
    assert 1100 <= img.width <= 1300
    assert img.mode == "RGB"


@pytest.mark.parametrize("name", SAMPLES)
def test_private_sample_is_png_of_its_size(name):
    view = cv.view(name)
    for seat in range(view["seats"]):
        own = cv.view(name, seat)
        img = _open(render_private(own, seat))
        assert img.size == private_size(own, seat)
        assert img.width == R.PRIVATE_W


def test_render_is_deterministic_and_does_not_mutate_the_view():
    view = cv.view("onslaught", 0)
    before = copy.deepcopy(view)
    a = _board(view)
    b = _board(copy.deepcopy(view))
    render_private(view, 0)
    assert a == b
    assert view == before


def test_private_panel_shows_the_secret_things():
    """The sections of a seat's own panel come from its private fields."""
    titles = [t for t, _ in R._private_sections(cv.view("teams", 1), 1, "en")]
    assert "Your deployment stack (top first)" in titles
    stack = dict(R._private_sections(cv.view("teams", 1), 1, "en"))["Your deployment stack (top first)"]
    own = cv.view("teams", 1)["stacks"][1]["entries"]
    assert len(own) >= 2
    assert [r[3] for r in stack if r[0] == "unit"] == [R._unit_name(e["type"], "en")
                                                       for e in own]  # top first
    peek = cv.view("peek", cv.view("peek")["turn"]["seat"])
    rows = dict(R._private_sections(peek, peek["viewer"], "en"))["Landmarks only you know"]
    assert rows[0][3] == R._name("landmarks", peek["turn"]["peek"]["type"])
    prep = cv.view("prep", 0)  # an earlier player's locked stack (CS-AMB-33)
    assert any(t.startswith("Locked stack of") for t, _ in R._private_sections(prep, 0, "en"))


# ---------------------------------------------------------------- hidden information


def _swap_face_down_identities(st, rng):
    """Permute the identities of unrevealed landmarks that share a back (the back is
    public), and change who has explored them."""
    from engine.cloudspire.content import load

    backs = {}
    for lm in st["landmarks"].values():
        if not lm["revealed"]:
            backs.setdefault(load()["landmarks"][lm["type"]]["back"], []).append(lm)
    swapped = False
    for group in backs.values():
        types = [lm["type"] for lm in group]
        rng.shuffle(types)
        for lm, t in zip(group, types):
            swapped |= lm["type"] != t
            lm["type"] = t
            lm["known"] = sorted(rng.sample(range(st["seats"]), rng.randint(0, st["seats"])))
    return swapped


def _change_private_stacks(st, rng):
    """Change everything below the top of every deployment stack, the minions under
    group tops and the relics held."""
    kinds = ["slinger", "warmonger", "sproutling", "fledgling", "sparkling", "roc"]
    for seat, ids in enumerate(st["stacks"]):
        for uid in ids[1:]:
            st["units"][uid]["type"] = rng.choice(kinds)
            st["units"][uid]["hp"] = rng.randint(1, 3)
        if len(ids) > 1 and rng.random() < 0.5:
            st["stacks"][seat] = ids[:1] + list(reversed(ids[1:]))
    for u in st["units"].values():
        if u.get("members"):
            u["members"] = [rng.choice(kinds) for _ in u["members"]]
    prep = st.get("prep") or {}
    for entries in (prep.get("stacks") or {}).values():  # stacks in Prep: all but the top
        if entries:
            entries[0]["types"][1:] = [rng.choice(kinds) for _ in entries[0]["types"][1:]]
            for e in entries[1:]:
                e["types"] = [rng.choice(kinds) for _ in e["types"]]
    for p in st["players"]:  # same number held (public), other cards
        p["relics"] = [rng.choice(["tribute", "aegis_shard", "storm_glass"]) for _ in p["relics"]]


@pytest.mark.parametrize("name", SAMPLES)
def test_public_board_ignores_face_down_landmark_identities(name):
    st = cv.state(name)
    names = cv.SEAT_NAMES[name]
    expected = render_board(cv.view_of(st), seat_names=names)
    rng = random.Random(name)
    any_swap = False
    for _ in range(3):
        other = copy.deepcopy(st)
        any_swap |= _swap_face_down_identities(other, rng)
        assert cv.view_of(other) == cv.view_of(st)
        assert render_board(cv.view_of(other), seat_names=names) == expected
    if name in ("opening", "onslaught", "four_player"):
        assert any_swap, "the sample must have swappable face-down landmarks"


@pytest.mark.parametrize("name", ["onslaught", "teams", "four_player", "prep"])
def test_public_board_ignores_stacks_groups_and_relics(name):
    st = cv.state(name)
    names = cv.SEAT_NAMES[name]
    expected = render_board(cv.view_of(st), seat_names=names)
    rng = random.Random(7)
    for _ in range(3):
        other = copy.deepcopy(st)
        _change_private_stacks(other, rng)
        # the change is real (some seat's own view sees it) but not public
        assert any(cv.view_of(other, s) != cv.view_of(st, s) for s in range(st["seats"]))
        assert cv.view_of(other) == cv.view_of(st)
        assert render_board(cv.view_of(other), seat_names=names) == expected


@pytest.mark.parametrize("name", SAMPLES)
def test_a_seats_own_view_renders_the_public_board(name):
    """render_board keeps only the public part: a seat's view gives the same bytes."""
    names = cv.SEAT_NAMES[name]
    expected = render_board(cv.view(name), seat_names=names)
    for seat in range(cv.view(name)["seats"]):
        own = cv.view(name, seat)
        assert render_board(own, seat_names=names) == expected
        assert public_view(own) == public_view(cv.view(name))


def test_public_view_drops_every_private_field():
    for name in SAMPLES:
        for seat in range(cv.view(name)["seats"]):
            pv = public_view(cv.view(name, seat))
            assert pv["viewer"] is None
            assert all("relics" not in p and "policy" not in p for p in pv["players"])
            assert all("members" not in u for u in pv["units"])
            assert all("entries" not in s for s in pv["stacks"])
            assert all(set(lm) == {"id", "pos", "back", "revealed"} for lm in pv["landmarks"]
                       if not lm["revealed"])
            assert "peek" not in (pv.get("turn") or {})
            assert not {"own", "earlier"} & set(pv.get("prep") or {})


def test_private_panel_of_another_seat_uses_only_public_information():
    """A view for seat 1 rendered as seat 0's panel must not show seat 1's secrets
    (they are not seat 0's), so it equals the panel drawn from the public view."""
    for name in ("teams", "prep", "peek", "onslaught"):
        n = cv.view(name)["seats"]
        for viewer in range(n):
            view = cv.view(name, viewer)
            for seat in range(n):
                if seat == viewer:
                    continue
                assert render_private(view, seat) == render_private(public_view(view), seat)


# ---------------------------------------------------------------- names and layout


@pytest.mark.parametrize("names", [cv.NAMES_CJK, cv.NAMES_4_ODD, [], None, ["", None]])
def test_cjk_emoji_and_missing_seat_names_do_not_crash(names):
    for name in ("opening", "four_player", "finished"):
        _open(render_board(cv.view(name), seat_names=names, lang="zh"))


def test_four_player_board_stays_on_the_canvas():
    for name in ("four_player", "teams"):
        view = cv.view(name)
        lay = board_layout(view)
        mx0, my0, mx1, my1 = lay.map_box
        model = R._map_model(view)
        for c in model.all_cells():
            x, y = lay.centre(*c)
            assert mx0 <= x - lay.size * 0.87 and x + lay.size * 0.87 <= mx1, c
            assert my0 <= y - lay.size and y + lay.size <= my1, c
        assert len(lay.panels) == 4
        boxes = [lay.header, lay.map_box, lay.side_box, lay.market, lay.legend] + lay.panels
        for x0, y0, x1, y1 in boxes:
            assert 0 <= x0 < x1 <= lay.width and 0 <= y0 < y1 <= lay.height
        # the side column does not overlap itself
        col = sorted(lay.panels + [lay.market, lay.legend], key=lambda b: b[1])
        for a, b in zip(col, col[1:]):
            assert a[3] <= b[1]
        for p in lay.panels:
            assert p[3] - p[1] >= 120  # room for name, numbers, advancements, facts


def test_hex_size_is_readable():
    for name in SAMPLES:
        assert board_layout(cv.view(name)).size >= 26


def test_face_down_isles_are_drawn_in_guided_setup():
    view = cv.view("guided")
    assert any(not s["revealed"] for s in view["map"]["slots"])
    assert R._map_model(view).face_down


def test_map_change_redraws_the_static_layer():
    view = cv.view("opening")
    a = _board(view)
    v2 = copy.deepcopy(view)
    v2["map"]["hexes"][0]["terrain"] = "w" if v2["map"]["hexes"][0]["terrain"] != "w" else "p"
    assert _board(v2) != a
    assert _board(view) == a


def test_influence_follows_cs_inf_1():
    view = cv.view("opening")
    infl = R._influence(view, R._map_model(view))
    # nothing built yet: each seat's influence is exactly the mats touching its gate
    model = R._map_model(view)
    for seat, gate in model.fort_gate.items():
        touching = {model.hexes[(gate[0] + dq, gate[1] + dr)]["group"] for dq, dr in R.DIRS
                    if (gate[0] + dq, gate[1] + dr) in model.hexes
                    and not str(model.hexes[(gate[0] + dq, gate[1] + dr)]["group"]).startswith("fort")}
        assert infl[seat] == touching and touching


def test_names_come_from_the_data_files():
    assert R._unit_name("war_briar", "en") == "War Briar"
    assert R._name("landmarks", "wild_drake") == "Wild Drake"
    assert R._name("market", "sellsword") == "Sellsword"
    assert R._unit_name("no_such_unit", "en") == "No Such Unit"
    # the bundled font has no CJK glyphs: Chinese falls back to English, never "?"
    assert R._unit_name("war_briar", "zh") == "War Briar"


# ---------------------------------------------------------------- robustness


@pytest.mark.parametrize("mutate", [
    lambda v: v.clear(),
    lambda v: v.update(map={}),
    lambda v: v.update(units=[{"id": "u1", "owner": 9, "type": "???", "pos": "0,0"}]),
    lambda v: v.update(spires=[{"owner": None, "pos": "1,1", "chips": ["z", None]}]),
    lambda v: v.update(landmarks=[{"pos": "bad"}, {"pos": "0,0", "back": "???", "revealed": True,
                                                   "type": "nope", "hp": "x"}]),
    lambda v: v.update(players=[None, {"seat": 1}], factions=[None, "unknown"]),
    lambda v: v.update(market=None, event=None, turn={"seat": 7, "step": "?"}, prep={"tops": {"0": "x"}}),
    lambda v: v.update(result={"winners": [5], "placements": "x", "reason": None}, phase="over"),
])
def test_malformed_views_still_render(mutate):
    view = cv.view("onslaught")
    mutate(view)
    _open(_board(view))
    _open(render_private(view, 0))


def test_the_renderer_imports_neither_discord_nor_the_engine():
    code = ("import sys; import render.cloudspire; "
            "bad = [m for m in sys.modules if m == 'discord' or m.startswith('discord.') "
            "or m.startswith('engine')]; print(bad); assert not bad")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.parametrize("seats,options", [(3, {"factions": "pick"}), (3, {}), (4, {"map": "guided"})])
def test_other_setups_render(seats, options):
    """Faction pick (no factions yet: seat colours and numbers), 3 players, guided 4p."""
    from engine.cloudspire import GAME

    st = GAME.setup(seats, options, 4)
    view = GAME.view(st, None)
    img = _open(render_board(view, seat_names=cv.NAMES_4[:seats]))
    assert img.size == (R.W, R.H)
    lay = board_layout(view)
    assert len(lay.panels) == seats
    for seat in range(seats):
        _open(render_private(GAME.view(st, seat), seat))
