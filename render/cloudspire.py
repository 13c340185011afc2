"""Pillow renderer for Cloudspire.

Draws the view dict described in ``docs/cloudspire-view.md`` (never raw engine state):

* :func:`render_board` -- the public board PNG for the channel embed;
* :func:`render_private` -- one seat's private panel (its deployment stack in order,
  grouped minions, explored / peeked landmarks, relics), for that seat's DM only.

The board is 1240 x 960 px (4:3, so it fills a ~400 x 300 embed on a phone): the hex map
on the left, one panel per player, the market and a compact legend on the right.
Everything that must be read at a glance (unit and landmark health, spire height, gate
health, Source) is a big bold number; every faction has a colour *and* a letter.

``render_board`` first reduces the view to its public part, so a seat's own view renders
to exactly the same bytes as the public view.

Names come from ``engine/cloudspire/data/*.json`` (read directly; no engine code is
imported); unknown ids are prettified. This module does not import discord.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

from render.common import (
    BG,
    DARK_TEXT,
    GOLD,
    PANEL,
    PANEL_EDGE,
    RED,
    TEXT,
    TEXT_SOFT,
    can_draw,
    draw_text,
    ellipsize,
    fit_font,
    font,
    has_readable,
    prettify_id,
    rounded_box,
    safe_text,
    to_png,
    wrap_text,
)

__all__ = [
    "BoardLayout",
    "board_layout",
    "public_view",
    "render_board",
    "render_private",
    "private_size",
]

SQRT3 = math.sqrt(3.0)
DATA_DIR = Path(__file__).resolve().parent.parent / "engine" / "cloudspire" / "data"

# ---------------------------------------------------------------- geometry of the board

W = 1240
H = 960
MARGIN = 8
HEADER_H = 58
SIDE_W = 344
GAP = 8
MAP_BOX = (MARGIN, MARGIN + HEADER_H + GAP, W - MARGIN - SIDE_W - GAP, H - MARGIN)
SIDE_BOX = (W - MARGIN - SIDE_W, MARGIN + HEADER_H + GAP, W - MARGIN, H - MARGIN)
MAX_HEX = 44.0  # hex circumradius cap (a tiny map must not get huge hexes)
SS = 2  # supersampling factor for shapes

# ---------------------------------------------------------------- colours

SKY = (27, 36, 54)
SKY_DOT = (36, 47, 68)
MAT_EDGE = (14, 17, 24)
SOURCE_CYAN = (34, 211, 238)
WELL_RING = (8, 145, 178)

TERRAIN = {
    "p": {"fill": (222, 199, 148), "mark": (196, 170, 116), "label": (70, 52, 24), "name": "path"},
    "l": {"fill": (140, 184, 96), "mark": (116, 158, 74), "label": (30, 56, 16), "name": "plains"},
    "f": {"fill": (52, 112, 66), "mark": (34, 84, 46), "label": (214, 240, 218), "name": "forest"},
    "m": {"fill": (134, 118, 106), "mark": (104, 90, 80), "label": (246, 240, 232), "name": "mountain"},
    "w": {"fill": (62, 124, 198), "mark": (44, 100, 170), "label": (226, 240, 255), "name": "lake"},
}
UNKNOWN_TERRAIN = {"fill": (90, 96, 110), "mark": (70, 76, 90), "label": TEXT, "name": "?"}

#: faction colours (the game's own: Brawnen grey, Grovetenders green, Heirs purple,
#: Narora blue) plus a letter each, so colour-blind players can tell them apart
FACTIONS = {
    "brawnen": {"letter": "B", "bright": (156, 163, 175), "dark": (62, 66, 76),
                "light": (229, 231, 235), "name": "Brawnen"},
    "grovetenders": {"letter": "G", "bright": (34, 170, 80), "dark": (22, 78, 44),
                     "light": (134, 239, 172), "name": "Grovetenders"},
    "heirs": {"letter": "H", "bright": (168, 85, 247), "dark": (76, 29, 120),
              "light": (216, 180, 254), "name": "Heirs"},
    "narora": {"letter": "N", "bright": (37, 99, 235), "dark": (30, 52, 120),
               "light": (147, 197, 253), "name": "Narora"},
}
#: a seat whose faction is not known yet (faction pick) or an unknown faction id
SEAT_FALLBACK = [
    {"letter": "1", "bright": (59, 130, 246), "dark": (30, 58, 138), "light": (147, 197, 253)},
    {"letter": "2", "bright": (239, 68, 68), "dark": (127, 29, 29), "light": (252, 165, 165)},
    {"letter": "3", "bright": (34, 197, 94), "dark": (20, 83, 45), "light": (134, 239, 172)},
    {"letter": "4", "bright": (245, 158, 11), "dark": (120, 53, 15), "light": (253, 230, 138)},
]

#: upgrade chips: attack / range / fortification (distinct in lightness too)
CHIPS = {
    "a": {"fill": (220, 38, 38), "text": TEXT, "name": "attack", "letter": "A"},
    "r": {"fill": (56, 189, 248), "text": DARK_TEXT, "name": "range", "letter": "R"},
    "f": {"fill": (241, 245, 249), "text": DARK_TEXT, "name": "fortification", "letter": "F"},
}

#: landmark backs
BACKS = {
    "swamp": {"fill": (101, 121, 52), "name": "swamp"},
    "ruins": {"fill": (120, 104, 92), "name": "ruins"},
    "temple": {"fill": (202, 138, 4), "name": "temple"},
    "peak": {"fill": (125, 196, 240), "name": "peak"},
    "ancient": {"fill": (159, 18, 57), "name": "ancient"},
}
LANDMARK_CHIP = (250, 248, 240)

#: market chip border colours (CS components: equipment blue, mercenary spire silver,
#: mercenary bronze, mercenary hero gold)
MARKET_TYPE = {
    "equipment": {"edge": (59, 130, 246), "label": "equipment"},
    "merc_spire": {"edge": (203, 213, 225), "label": "merc spire"},
    "mercenary": {"edge": (194, 120, 58), "label": "mercenary"},
    "merc_hero": {"edge": GOLD, "label": "merc hero"},
}
HERO_RING = GOLD
HP_LOST = (153, 27, 27)

PHASE_LABEL = {
    "setup": "Setup", "faction": "Faction pick", "market": "Market phase",
    "build": "Build phase", "prep": "Prep phase", "onslaught": "Onslaught",
    "over": "Game over", "event": "Event phase", "income": "Income phase",
}
STEP_LABEL = {
    "start": "start of turn", "a": "heroes (before minions)", "m": "minion movement",
    "c": "heroes (after minions)", "fire": "spires fire", "explore": "exploration",
    "attack": "attacks",
}
PENDING_LABEL = {
    "fire": "spire target", "levelup": "level-up", "free_spire": "free spire",
    "mark": "new mark",
}
REASON_LABEL = {
    "gate_broken": "gate broken", "fortress_power": "fortress power",
    "last_gate": "last gate standing", "conceded": "concession", "resigned": "resignation",
    "timeout": "timeout",
}

# ---------------------------------------------------------------- content (names)


class _Content:
    """Names and a few numbers from engine/cloudspire/data/*.json (read once)."""

    def __init__(self) -> None:
        self.units: dict[str, dict] = {}
        self.spires: dict[str, dict] = {}
        self.market: dict[str, dict] = {}
        self.landmarks: dict[str, dict] = {}
        self.isles: dict[str, dict] = {}
        self.earthscapes: dict[str, dict] = {}
        self.advancements: dict[str, dict] = {}
        self.factions: dict[str, dict] = {}
        self.events: dict[str, dict] = {}
        self.relics: dict[str, dict] = {}
        self.ring_offset = (5, -2)
        self.isle_radius = 2
        try:
            self._load()
        except Exception:  # missing or broken data: names are prettified ids
            pass

    @staticmethod
    def _read(name: str) -> dict:
        with open(DATA_DIR / name, encoding="utf-8") as f:
            return json.load(f)

    def _load(self) -> None:
        for f in self._read("factions.json")["factions"]:
            self.factions[f["id"]] = f
            for h in f.get("heroes", []):
                self.units[h["id"]] = dict(h, kind="hero", faction=f["id"])
            for m in f.get("minions", []):
                self.units[m["id"]] = dict(m, kind="minion", faction=f["id"])
            for s in f.get("spires", []):
                self.spires[s["id"]] = dict(s, faction=f["id"])
            for a in f.get("advancements", []):
                self.advancements[a["id"]] = a
        for m in self._read("market.json")["chips"]:
            self.market[m["id"]] = m
            if m.get("type") in ("mercenary", "merc_hero"):
                self.units[m["id"]] = dict(m, kind="hero" if m["type"] == "merc_hero" else "minion",
                                           faction=None)
            elif m.get("type") == "merc_spire":
                self.spires[m["id"]] = dict(m, faction=None)
        lm = self._read("landmarks.json")
        for x in lm["landmarks"]:
            self.landmarks[x["id"]] = x
        isles = self._read("isles.json")
        for x in isles["isles"]:
            self.isles[x["id"]] = x
        self.ring_offset = tuple(isles.get("ring_offset", self.ring_offset))
        self.isle_radius = int(isles.get("radius", self.isle_radius))
        for x in self._read("earthscapes.json")["earthscapes"]:
            self.earthscapes[x["id"]] = x
        for x in self._read("events.json")["events"]:
            self.events[x["id"]] = x
        for x in self._read("relics.json")["relics"]:
            self.relics[x["id"]] = x

    def lookup(self, category: str, ident: object) -> dict:
        table = getattr(self, category, {})
        hit = table.get(str(ident)) if isinstance(table, dict) else None
        return hit if isinstance(hit, dict) else {}


@lru_cache(maxsize=1)
def _content() -> _Content:
    return _Content()


def _pick_name(name: object, ident: object, lang: str) -> str:
    if isinstance(name, dict):
        if str(lang or "").startswith("zh"):
            zh = name.get("zh_hans") or name.get("zh") or name.get("zh-TW") or name.get("zh-CN")
            if zh and can_draw(str(zh)):
                return str(zh)
        en = name.get("en")
        if en:
            return safe_text(en)
    return prettify_id(ident)


def _name(category: str, ident: object, lang: str = "en") -> str:
    if ident is None:
        return "?"
    return _pick_name(_content().lookup(category, ident).get("name"), ident, lang)


def _unit_name(t: object, lang: str) -> str:
    return _name("units", t, lang)


def _any_name(ident: object, lang: str) -> str:
    """A market chip, earthscape, unit or spire id -> its name."""
    c = _content()
    for cat in ("market", "earthscapes", "units", "spires", "landmarks"):
        if c.lookup(cat, ident):
            return _name(cat, ident, lang)
    return prettify_id(ident)


# ---------------------------------------------------------------- small helpers


def _int(v, default: int = 0) -> int:
    try:
        return int(v)
    except (TypeError, ValueError):
        return default


def _hex(h: object) -> tuple[int, int] | None:
    try:
        a, b = str(h).split(",")
        return int(a), int(b)
    except (ValueError, AttributeError):
        return None


def _faction_of(view: dict, seat: object) -> str | None:
    facs = view.get("factions") or []
    s = _int(seat, -1)
    if 0 <= s < len(facs):
        return facs[s]
    return None


def _fstyle(view: dict, seat: object) -> dict:
    """Colours and letter of a seat (its faction's, or a seat fallback)."""
    fac = _faction_of(view, seat)
    if fac in FACTIONS:
        return FACTIONS[fac]
    s = _int(seat, 0)
    return SEAT_FALLBACK[s % len(SEAT_FALLBACK)]


def _faction_name(view: dict, seat: object, lang: str = "en") -> str:
    fac = _faction_of(view, seat)
    if not fac:
        return "choosing faction"
    return _name("factions", fac, lang)


def _seat_name(seat_names, seat: int) -> str:
    raw = ""
    if seat_names and 0 <= seat < len(seat_names) and seat_names[seat] is not None:
        raw = safe_text(seat_names[seat]).strip()
    if raw and has_readable(raw):
        return raw
    return f"Player {seat + 1}"


def _mix(a, b, t: float):
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


def _abbr(name: str, n: int = 2) -> str:
    words = [w for w in safe_text(name).replace("-", " ").split() if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:n].capitalize()
    return "".join(w[0].upper() for w in words[:n])


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


# ---------------------------------------------------------------- public view


def public_view(view: dict) -> dict:
    """The public part of ``view``: drops every field a seat's own view adds (docs:
    members, stack entries, known landmark identities, peeks, relics, policies, stacks
    being assembled). Returns a new dict; ``view`` is not changed."""
    v = dict(view)
    v["viewer"] = None
    v["players"] = [{k: x for k, x in p.items() if k not in ("relics", "policy")}
                    for p in view.get("players") or [] if isinstance(p, dict)]
    v["units"] = [{k: x for k, x in u.items() if k != "members"}
                  for u in view.get("units") or [] if isinstance(u, dict)]
    stacks = []
    for s in view.get("stacks") or []:
        if not isinstance(s, dict):
            continue
        d = {k: x for k, x in s.items() if k != "entries"}
        if isinstance(d.get("top"), dict):
            d["top"] = {k: x for k, x in d["top"].items() if k != "members"}
        stacks.append(d)
    v["stacks"] = stacks
    lms = []
    for lm in view.get("landmarks") or []:
        if not isinstance(lm, dict):
            continue
        if lm.get("revealed"):
            lms.append({k: x for k, x in lm.items() if k != "known"})
        else:
            lms.append({k: lm.get(k) for k in ("id", "pos", "back") if k in lm} | {"revealed": False})
    v["landmarks"] = lms
    if isinstance(view.get("turn"), dict):
        v["turn"] = {k: x for k, x in view["turn"].items() if k != "peek"}
    if isinstance(view.get("prep"), dict):
        v["prep"] = {k: x for k, x in view["prep"].items() if k not in ("own", "earlier")}
    return v


# ---------------------------------------------------------------- map model


@dataclass
class MapModel:
    """Every lattice cell to draw, keyed by ``(q, r)``."""

    hexes: dict  # (q, r) -> {"terrain", "well", "group", "gate"?, "fortwell"?}
    fort_cells: dict  # (q, r) -> owner seat (gate, wells and body)
    fort_body: dict  # seat -> [body cells (q, r)] in view order
    fort_gate: dict  # seat -> gate cell
    face_down: dict  # (q, r) -> slot number, cells of face-down isle slots
    groups: dict  # group id -> [(q, r)]

    def all_cells(self):
        return set(self.hexes) | set(self.fort_cells) | set(self.face_down)


def _slot_centre(slot: int, ring_offset) -> tuple[int, int]:
    if slot == 0:
        return (0, 0)
    q, r = ring_offset
    for _ in range((slot - 1) % 6):
        q, r = -r, q + r
    return (q, r)


def _map_model(view: dict) -> MapModel:
    m = view.get("map") or {}
    hexes = {}
    groups: dict[str, list] = {}
    for h in m.get("hexes") or []:
        if not isinstance(h, dict):
            continue
        c = _hex(h.get("hex"))
        if c is None:
            continue
        hexes[c] = h
        groups.setdefault(str(h.get("group") or "?"), []).append(c)
    fort_cells, fort_body, fort_gate = {}, {}, {}
    for k, f in (m.get("forts") or {}).items():
        seat = _int(k, -1)
        if not isinstance(f, dict):
            continue
        g = _hex(f.get("gate"))
        if g is not None:
            fort_gate[seat] = g
            fort_cells[g] = seat
        for w in f.get("wells") or []:
            c = _hex(w)
            if c is not None:
                fort_cells[c] = seat
        body = [c for c in (_hex(b) for b in f.get("body") or []) if c is not None]
        fort_body[seat] = body
        for c in body:
            fort_cells[c] = seat
    for c, h in hexes.items():
        for key in ("gate", "fortwell"):
            if key in h:
                fort_cells[c] = _int(h[key], -1)
    face_down: dict = {}
    centres = {}
    cont = _content()
    radius = cont.isle_radius
    for s in m.get("slots") or []:
        if not isinstance(s, dict) or s.get("revealed"):
            continue
        slot = _int(s.get("slot"))
        cq, cr = _slot_centre(slot, cont.ring_offset)
        for dq in range(-radius, radius + 1):
            for dr in range(-radius, radius + 1):
                if abs(dq) + abs(dr) + abs(dq + dr) <= 2 * radius:
                    c = (cq + dq, cr + dr)
                    if c not in hexes and c not in fort_cells:
                        face_down.setdefault(c, slot)
    return MapModel(hexes, fort_cells, fort_body, fort_gate, face_down, groups)


def _map_key(view: dict) -> str:
    m = view.get("map") or {}
    return json.dumps([m.get("hexes"), m.get("forts"), m.get("slots"), view.get("factions")],
                      sort_keys=True, default=str)


# ---------------------------------------------------------------- layout


@dataclass
class BoardLayout:
    width: int
    height: int
    header: tuple
    map_box: tuple
    side_box: tuple
    size: float  # hex circumradius in px
    origin: tuple  # pixel of hex 0,0
    panels: list = field(default_factory=list)
    market: tuple | None = None
    legend: tuple | None = None

    def centre(self, q: int, r: int) -> tuple[float, float]:
        return (self.origin[0] + self.size * SQRT3 * (q + r / 2.0),
                self.origin[1] + self.size * 1.5 * r)


def _fit(cells, box) -> tuple[float, tuple]:
    x0, y0, x1, y1 = box
    if not cells:
        return 30.0, ((x0 + x1) / 2, (y0 + y1) / 2)
    xs = [SQRT3 * (q + r / 2.0) for q, r in cells]
    ys = [1.5 * r for q, r in cells]
    bw = max(xs) - min(xs) + SQRT3 + 0.5  # + half a hex of breathing room
    bh = max(ys) - min(ys) + 2.0 + 0.5
    s = min((x1 - x0) / bw, (y1 - y0) / bh, MAX_HEX)
    cx = (max(xs) + min(xs)) / 2
    cy = (max(ys) + min(ys)) / 2
    ox = (x0 + x1) / 2 - cx * s
    oy = (y0 + y1) / 2 - cy * s
    return s, (ox, oy)


def _market_tiles(view: dict) -> list[tuple[str, object]]:
    mk = view.get("market") if isinstance(view.get("market"), dict) else {}
    tiles = [("chip", f) for f in mk.get("face") or []]
    tiles.append(("es", mk.get("earthscape")))
    return tiles


MARKET_ROW = 25


def _market_height(view: dict) -> int:
    n = len(_market_tiles(view))
    rows = n if n <= 4 else (n + 1) // 2
    return 32 + rows * MARKET_ROW + 4 + 2 * 18 + 32


def board_layout(view: dict) -> BoardLayout:
    model = _map_model(view)
    s, origin = _fit(model.all_cells(), MAP_BOX)
    n = max(1, len(view.get("players") or []) or _int(view.get("seats"), 2))
    sx0, sy0, sx1, sy1 = SIDE_BOX
    legend_h = _legend_height(sx1 - sx0)
    market_h = _market_height(view)
    legend = (sx0, sy1 - legend_h, sx1, sy1)
    market = (sx0, legend[1] - GAP - market_h, sx1, legend[1] - GAP)
    gap = GAP if n <= 3 else 6
    avail = market[1] - GAP - sy0
    ph = (avail - gap * (n - 1)) // n
    panels = []
    y = sy0
    for _ in range(n):
        panels.append((sx0, y, sx1, y + ph))
        y += ph + gap
    return BoardLayout(W, H, (MARGIN, MARGIN, W - MARGIN, MARGIN + HEADER_H), MAP_BOX, SIDE_BOX,
                       s, origin, panels, market, legend)


# ---------------------------------------------------------------- hex shapes


def _corners(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    return [(cx + s * math.cos(math.radians(60 * k - 30)), cy + s * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def _edge_corner_index() -> list[tuple[int, int]]:
    """For each of DIRS, the two corner indexes (of _corners) on the shared edge."""
    out = []
    for dq, dr in DIRS:
        vx, vy = SQRT3 * (dq + dr / 2.0), 1.5 * dr
        ang = math.degrees(math.atan2(vy, vx))
        ks = sorted(range(6), key=lambda k: -math.cos(math.radians((60 * k - 30) - ang)))[:2]
        out.append(tuple(sorted(ks)))
    return out


EDGES = _edge_corner_index()


# ---------------------------------------------------------------- static map layer


@lru_cache(maxsize=16)
def _static_map(key: str, box: tuple, size: float, origin: tuple) -> Image.Image:
    """Sky, mats, terrain, wells, mat outlines and hex coordinates (no pieces)."""
    view = json.loads(key)
    view = {"map": {"hexes": view[0], "forts": view[1], "slots": view[2]}, "factions": view[3]}
    model = _map_model(view)
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    img = Image.new("RGB", (bw * SS, bh * SS), BG)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, bw * SS - 1, bh * SS - 1), radius=14 * SS, fill=SKY)
    # a few "cloud" dots in the sky
    for i in range(0, bw, 46):
        for j in range(0, bh, 46):
            ox = (j // 46) % 2 * 23
            d.ellipse(((i + ox) * SS - 2, j * SS - 2, (i + ox) * SS + 2, j * SS + 2), fill=SKY_DOT)
    s = size * SS

    def px(c):
        q, r = c
        return ((origin[0] - x0) * SS + s * SQRT3 * (q + r / 2.0), (origin[1] - y0) * SS + s * 1.5 * r)

    facs = view.get("factions") or []

    def fort_style(seat):
        fac = facs[seat] if 0 <= seat < len(facs) else None
        return FACTIONS.get(fac) or SEAT_FALLBACK[max(seat, 0) % 4]

    # face-down isle slots
    for c in model.face_down:
        cx, cy = px(c)
        d.polygon(_corners(cx, cy, s * 0.97), fill=(58, 64, 80))
    # fortress mats
    for c, seat in model.fort_cells.items():
        cx, cy = px(c)
        st = fort_style(seat)
        d.polygon(_corners(cx, cy, s + 0.5), fill=st["dark"])
    # terrain
    for c, h in model.hexes.items():
        if c in model.fort_cells:
            continue
        cx, cy = px(c)
        t = TERRAIN.get(h.get("terrain"), UNKNOWN_TERRAIN)
        d.polygon(_corners(cx, cy, s + 0.5), fill=t["fill"])
        _outline(img, _corners(cx, cy, s - 1.5 * SS), t["mark"], SS)
        _terrain_texture(d, h.get("terrain"), cx, cy, s, t["mark"])
    # wells (on isles, earthscapes and fortresses)
    for c, h in model.hexes.items():
        if not h.get("well"):
            continue
        cx, cy = px(c)
        cy += 0.14 * s
        r = 0.44 * s
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=WELL_RING, width=max(2, int(0.08 * s)))
        _draw_diamond(d, cx, cy, 0.24 * s, outline=WELL_RING)
    # mat outlines: thick where the neighbour is another mat or sky
    group_of = {c: str(h.get("group") or "?") for c, h in model.hexes.items()}
    for c, seat in model.fort_cells.items():
        group_of[c] = f"fort{seat}"
    for c, slot in model.face_down.items():
        group_of.setdefault(c, f"slot{slot}")
    lw = max(2, int(round(0.09 * s)))
    for c, g in group_of.items():
        cx, cy = px(c)
        corners = _corners(cx, cy, s)
        for k, (dq, dr) in enumerate(DIRS):
            n = (c[0] + dq, c[1] + dr)
            if group_of.get(n) == g:
                continue
            a, b = EDGES[k]
            if g.startswith("fort"):
                col = fort_style(_int(g[4:], 0))["bright"]
            else:
                col = MAT_EDGE
            d.line([corners[a], corners[b]], fill=col, width=lw, joint="curve")
    img = img.reduce(SS)
    # coordinates, drawn at 1x so they stay crisp
    d = ImageDraw.Draw(img)
    fs = int(max(9, min(13, round(size * 0.34))))
    fnt = font(fs)
    for c, h in model.hexes.items():
        cx, cy = px(c)
        cx, cy = cx / SS, cy / SS
        if c in model.fort_cells:
            col = TEXT_SOFT
        else:
            t = TERRAIN.get(h.get("terrain"), UNKNOWN_TERRAIN)
            col = _mix(t["fill"], t["label"], 0.8)
        d.text((cx, cy - 0.64 * size), f"{c[0]},{c[1]}", font=fnt, fill=col, anchor="mm")
    # face-down isles: a big question mark on the slot centre
    cont = _content()
    for slot in sorted(set(model.face_down.values())):
        c = _slot_centre(slot, cont.ring_offset)
        cx, cy = px(c)
        d.text((cx / SS, cy / SS), "?", font=font(max(14, int(size * 1.6))), fill=(120, 128, 146), anchor="mm")
    return img


def _outline(img: Image.Image, pts: list, col, width: int) -> None:
    """``ImageDraw.polygon(pts, outline=col, width=width)`` drawn on a crop around the
    polygon: Pillow masks a wide outline with a polygon mask the size of the whole image,
    which made the outline of every hex cost a full-image allocation.  Integer offsets keep
    the rasterisation the same."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0 = max(0, int(math.floor(min(xs))) - width - 2)
    y0 = max(0, int(math.floor(min(ys))) - width - 2)
    x1 = min(img.width, int(math.ceil(max(xs))) + width + 3)
    y1 = min(img.height, int(math.ceil(max(ys))) + width + 3)
    if x1 <= x0 or y1 <= y0:
        return
    tile = img.crop((x0, y0, x1, y1))
    ImageDraw.Draw(tile).polygon([(x - x0, y - y0) for x, y in pts], outline=col, width=width)
    img.paste(tile, (x0, y0))


def _terrain_texture(d: ImageDraw.ImageDraw, terrain, cx, cy, s, col) -> None:
    """A faint pattern per terrain (so terrain does not rely on colour alone)."""
    w = max(1, int(s * 0.06))
    if terrain == "f":  # little trees
        for dx in (-0.5, 0.0, 0.5):
            tx, ty = cx + dx * s, cy + (0.55 if dx == 0 else 0.4) * s
            d.polygon([(tx, ty - 0.22 * s), (tx - 0.15 * s, ty + 0.08 * s), (tx + 0.15 * s, ty + 0.08 * s)], fill=col)
    elif terrain == "m":  # peaks
        for dx in (-0.42, 0.12):
            tx, ty = cx + dx * s, cy + 0.55 * s
            d.line([(tx - 0.2 * s, ty), (tx, ty - 0.26 * s), (tx + 0.2 * s, ty)], fill=col, width=w)
    elif terrain == "w":  # waves
        for dy in (0.38, 0.6):
            ty = cy + dy * s
            pts = [(cx - 0.5 * s + i * 0.125 * s, ty + (0.05 * s if i % 2 else -0.05 * s)) for i in range(9)]
            d.line(pts, fill=col, width=w)
    elif terrain == "l":  # grass tufts
        for dx in (-0.45, 0.3):
            tx, ty = cx + dx * s, cy + 0.5 * s
            d.line([(tx - 0.08 * s, ty - 0.12 * s), (tx, ty)], fill=col, width=w)
            d.line([(tx + 0.08 * s, ty - 0.12 * s), (tx, ty)], fill=col, width=w)


# ---------------------------------------------------------------- piece sprites (cached)


def _ss_image(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


@lru_cache(maxsize=512)
def _unit_sprite(size: float, fill: tuple, dark: tuple, hero: bool, hp: int, max_hp: int,
                 grouped: bool, promoted: bool, ups: tuple, eq: bool) -> Image.Image:
    """A unit chip: faction disc, health ring, hero ring, group shadow, promoted star,
    upgrade and equipment badges. Text (letter, health) is drawn later at 1x."""
    R = 0.6 * size
    pad = int(math.ceil(0.34 * size)) + 2
    side = int(math.ceil(2 * R)) + 2 * pad
    img, d = _ss_image(side, side)
    c = side * SS / 2
    r = R * SS
    if grouped:  # minions stacked underneath: two offset chips
        for k in (2, 1):
            off = k * 0.11 * size * SS
            d.ellipse((c - r + off, c - r + off, c + r + off, c + r + off), fill=dark,
                      outline=MAT_EDGE, width=SS * 2)
    ring = max(2.0, 0.13 * size) * SS
    if hero:
        g = r + 0.12 * size * SS
        d.ellipse((c - g, c - g, c + g, c + g), fill=HERO_RING, outline=MAT_EDGE, width=SS)
    d.ellipse((c - r, c - r, c + r, c + r), fill=MAT_EDGE)
    # health ring: light for health left, dark red for damage taken
    inner = r - SS * 1.5
    box = (c - inner, c - inner, c + inner, c + inner)
    d.ellipse(box, fill=(240, 240, 240))
    if max_hp > 0 and hp < max_hp:
        frac = max(0.0, min(1.0, hp / max_hp))
        start = -90 + 360 * frac
        d.pieslice(box, start, 270, fill=HP_LOST)
    core = inner - ring
    d.ellipse((c - core, c - core, c + core, c + core), fill=fill)
    # upgrades: small chips down the right side
    bs = 0.3 * size * SS
    for i, ch in enumerate(ups[:3]):
        bx = c + r - bs * 0.55
        by = c - r * 0.2 + i * (bs + SS)
        d.rounded_rectangle((bx, by, bx + bs, by + bs), radius=SS * 2, fill=CHIPS[ch]["fill"],
                            outline=MAT_EDGE, width=SS)
    if eq:  # equipment badge (blue, like the equipment chips)
        er = 0.16 * size * SS
        ex, ey = c - r + er * 0.6, c + r - er * 0.6
        d.rectangle((ex - er, ey - er, ex + er, ey + er), fill=MARKET_TYPE["equipment"]["edge"],
                    outline=MAT_EDGE, width=SS)
    if promoted:
        _star(d, c + r * 0.78, c - r * 0.78, 0.2 * size * SS, GOLD)
    return img.reduce(SS)


def _star(d, cx, cy, r, fill) -> None:
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        a = math.radians(-90 + 36 * k)
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    d.polygon(pts, fill=fill, outline=MAT_EDGE)


@lru_cache(maxsize=512)
def _spire_sprite(size: float, fill: tuple, dark: tuple, chips: tuple, promoted: bool) -> Image.Image:
    """A spire: a tower in the owner's colour and its upgrade stack, top chip first."""
    w = int(math.ceil(1.3 * size))
    h = int(math.ceil(1.5 * size))
    img, d = _ss_image(w, h)
    s = size * SS
    # tower (left)
    tx0, tx1 = 0.06 * s, 0.72 * s
    roof_top, roof_base, base = 0.08 * s, 0.42 * s, 1.34 * s
    d.polygon([(tx0, roof_base), ((tx0 + tx1) / 2, roof_top), (tx1, roof_base), (tx1, base), (tx0, base)],
              fill=fill, outline=MAT_EDGE, width=2 * SS)
    # battlements
    bw_ = (tx1 - tx0) / 5
    for i in (0, 2, 4):
        d.rectangle((tx0 + i * bw_, base - 0.1 * s, tx0 + (i + 1) * bw_, base), fill=dark)
    # chip column (right): top chip at the top
    cx0, cx1 = 0.8 * s, 1.24 * s
    n = max(1, len(chips))
    avail = 1.26 * s
    ch_h = min(0.3 * s, avail / n)
    y = 0.08 * s + (avail - ch_h * n) / 2
    for ch in chips:
        col = CHIPS.get(ch, {"fill": (120, 120, 120)})["fill"]
        d.rounded_rectangle((cx0, y + SS * 0.5, cx1, y + ch_h - SS * 0.5), radius=SS * 2, fill=col,
                            outline=MAT_EDGE, width=SS)
        y += ch_h
    if promoted:
        _star(d, tx1 - 0.02 * s, roof_top + 0.1 * s, 0.18 * s, GOLD)
    return img.reduce(SS)


@lru_cache(maxsize=256)
def _landmark_sprite(size: float, back_fill: tuple, revealed: bool, kind: str, hp: int,
                     max_hp: int) -> Image.Image:
    R = 0.6 * size
    side = int(math.ceil(2 * R)) + 6
    img, d = _ss_image(side, side)
    c = side * SS / 2
    r = R * SS
    square = revealed and kind == "structure"

    def shape(rad, **kw):
        if square:
            d.rounded_rectangle((c - rad, c - rad, c + rad, c + rad), radius=rad * 0.3, **kw)
        else:
            d.ellipse((c - rad, c - rad, c + rad, c + rad), **kw)

    shape(r, fill=MAT_EDGE)
    if not revealed:  # the chip's back: white rim, back colour inside
        shape(r - 1.5 * SS, fill=LANDMARK_CHIP)
        shape(r - 0.16 * size * SS, fill=back_fill)
    else:
        shape(r - 1.5 * SS, fill=back_fill)
        shape(r - 0.12 * size * SS, fill=LANDMARK_CHIP)
        if max_hp > 0 and hp < max_hp:
            inner = r - 1.5 * SS
            frac = max(0.0, min(1.0, hp / max_hp))
            if not square:
                d.arc((c - inner, c - inner, c + inner, c + inner), -90 + 360 * frac, 270,
                      fill=HP_LOST, width=int(0.12 * size * SS))
    return img.reduce(SS)


def _paste(canvas: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    canvas.paste(sprite, (int(round(cx - sprite.width / 2)), int(round(cy - sprite.height / 2))), sprite)


def _num(d: ImageDraw.ImageDraw, xy, value, size: int, fill=TEXT, stroke_fill=MAT_EDGE,
         stroke: int | None = None, anchor="mm") -> None:
    """A big bold number with a dark outline (readable on any background)."""
    if stroke is None:
        stroke = 2 if size >= 16 else 1
    d.text(xy, str(value), font=font(size), fill=fill, anchor=anchor, stroke_width=stroke,
           stroke_fill=stroke_fill)


# ---------------------------------------------------------------- drawing the pieces


def _draw_unit(img, d, lay, view, u: dict, cx: float, cy: float, scale: float = 1.0) -> None:
    s = lay.size * scale
    st = _fstyle(view, u.get("owner"))
    ups = tuple(ch for ch in "afr" for _ in range(max(0, _int((u.get("up") or {}).get(ch)))))
    hp, mx = _int(u.get("hp")), _int(u.get("max_hp"))
    spr = _unit_sprite(round(s, 2), st["bright"], st["dark"], u.get("kind") == "hero", hp, mx,
                       bool(u.get("grouped")), u.get("side") == "promoted", ups, bool(u.get("eq")))
    _paste(img, spr, cx, cy)
    R = 0.6 * s
    _num(d, (cx, cy + 0.03 * s), hp, max(11, int(round(0.74 * s))))
    br = max(5.0, 0.21 * s)
    bx, by = cx - R * 0.86, cy - R * 0.62
    d.ellipse((bx - br, by - br, bx + br, by + br), fill=MAT_EDGE, outline=st["bright"])
    d.text((bx, by), st["letter"], font=font(max(8, int(round(0.3 * s)))), fill=TEXT, anchor="mm")
    if ups and s >= 26:
        bs = 0.3 * s
        fs = max(7, int(round(0.22 * s)))
        for i, ch in enumerate(ups[:3]):
            bx = cx + R - bs * 0.55 + bs / 2
            by = cy - R * 0.2 + i * (bs + 1) + bs / 2
            d.text((bx, by), CHIPS[ch]["letter"], font=font(fs), fill=CHIPS[ch]["text"], anchor="mm")


def _draw_spire(img, d, lay, view, sp: dict, cx: float, cy: float) -> None:
    s = lay.size
    st = _fstyle(view, sp.get("owner"))
    chips = tuple(ch for ch in (sp.get("chips") or []) if isinstance(ch, str))
    spr = _spire_sprite(round(s, 2), st["bright"], st["dark"], chips, sp.get("side") == "promoted")
    x0 = cx - spr.width / 2
    y0 = cy - spr.height / 2
    _paste(img, spr, cx, cy)
    tx = x0 + (0.06 + 0.72) / 2 * s
    d.text((tx, y0 + 0.5 * s), st["letter"], font=font(max(8, int(round(0.28 * s)))), fill=TEXT,
           anchor="mm", stroke_width=1, stroke_fill=MAT_EDGE)
    _num(d, (tx, y0 + 0.94 * s), len(chips), max(11, int(round(0.5 * s))))
    # chip letters when the chips are tall enough to hold them
    n = max(1, len(chips))
    avail = 1.26 * s
    ch_h = min(0.3 * s, avail / n)
    if ch_h >= 8.5:
        fs = max(7, min(int(ch_h * 0.8), int(0.28 * s)))
        y = y0 + 0.08 * s + (avail - ch_h * n) / 2
        for ch in chips:
            info = CHIPS.get(ch)
            if info:
                d.text((x0 + 1.02 * s, y + ch_h / 2), info["letter"], font=font(fs), fill=info["text"],
                       anchor="mm")
            y += ch_h


def _draw_landmark(img, d, lay, lm: dict, cx: float, cy: float, lang: str) -> None:
    s = lay.size
    back = BACKS.get(lm.get("back"), {"fill": (120, 120, 120)})
    revealed = bool(lm.get("revealed"))
    kind = str(lm.get("kind") or "")
    hp, mx = _int(lm.get("hp")), _int(lm.get("max_hp"))
    spr = _landmark_sprite(round(s, 2), back["fill"], revealed, kind, hp, mx)
    _paste(img, spr, cx, cy)
    if not revealed:
        _num(d, (cx, cy + 0.02 * s), "?", max(11, int(round(0.6 * s))))
        return
    ab = _abbr(_name("landmarks", lm.get("type"), lang))
    if kind == "inert" or mx <= 0:
        d.text((cx, cy), ab, font=font(max(9, int(round(0.4 * s)))), fill=DARK_TEXT, anchor="mm")
        return
    d.text((cx, cy - 0.33 * s), ab, font=font(max(8, int(round(0.27 * s)))), fill=DARK_TEXT, anchor="mm")
    _num(d, (cx, cy + 0.12 * s), hp, max(11, int(round(0.55 * s))), fill=DARK_TEXT,
         stroke_fill=LANDMARK_CHIP, stroke=1)


def _draw_gate_icon(d, cx, cy, r, fill, broken: bool) -> None:
    """A crenellated gate (a castle wall with an arch)."""
    x0, x1 = cx - r, cx + r
    y0, y1 = cy - r * 0.7, cy + r * 0.85
    m = (x1 - x0) / 5
    pts = [(x0, y1), (x0, y0 - m * 0.7)]
    for i in range(5):
        top = y0 - m * 0.7 if i % 2 == 0 else y0
        pts += [(x0 + i * m, top), (x0 + (i + 1) * m, top)]
    pts += [(x1, y0 - m * 0.7), (x1, y1)]
    d.polygon(pts, fill=RED if broken else fill, outline=MAT_EDGE)


def _draw_diamond(d, cx, cy, r, fill=SOURCE_CYAN, outline=MAT_EDGE) -> None:
    d.polygon([(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)], fill=fill,
              outline=outline)


def _draw_fort(img, d, lay, view, seat: int, model: MapModel, stack: dict | None,
               prep_top: object, markers: list[int], lang: str) -> None:
    s = lay.size
    st = _fstyle(view, seat)
    players = view.get("players") or []
    p = players[seat] if 0 <= seat < len(players) and isinstance(players[seat], dict) else {}
    gate = model.fort_gate.get(seat)
    broken = bool(p.get("broken"))
    if gate is not None:
        gx, gy = lay.centre(*gate)
        gy += 0.12 * s
        _draw_gate_icon(d, gx, gy, 0.62 * s, st["bright"], broken)
        _num(d, (gx, gy + 0.08 * s), "X" if broken else _int(p.get("gate")), max(12, int(round(0.66 * s))))
        # marks aimed at this gate: small target chips on the gate's lower corners
        spots = [(-0.46, 0.5), (0.46, 0.5), (0.0, 0.66)]
        for i, m in enumerate(markers[:3]):
            ms = _fstyle(view, m)
            mx = gx + spots[i][0] * s
            my = gy - 0.12 * s + spots[i][1] * s
            rr = 0.21 * s
            d.ellipse((mx - rr, my - rr, mx + rr, my + rr), fill=RED, outline=MAT_EDGE)
            d.ellipse((mx - rr * 0.68, my - rr * 0.68, mx + rr * 0.68, my + rr * 0.68), fill=ms["bright"],
                      outline=TEXT)
            d.text((mx, my), ms["letter"], font=font(max(7, int(rr * 1.05))), fill=TEXT, anchor="mm",
                   stroke_width=1, stroke_fill=MAT_EDGE)
    # body cells: nearest to the gate first
    body = list(model.fort_body.get(seat) or [])
    if gate is not None:
        order = {c: i for i, c in enumerate(body)}
        body.sort(key=lambda c: (_hdist(c, gate), order[c]))
    slots = body + [None] * 4
    # 1: Source
    c = slots[0]
    if c is not None:
        x, y = lay.centre(*c)
        _draw_diamond(d, x, y, 0.78 * s)
        _num(d, (x, y + 0.02 * s), _int(p.get("source")), max(12, int(round(0.62 * s))))
    # 2: faction letter or the deployment stack
    c = slots[1]
    if c is not None:
        x, y = lay.centre(*c)
        top = stack.get("top") if isinstance(stack, dict) else None
        height = _int(stack.get("height")) if isinstance(stack, dict) else 0
        if isinstance(top, dict) and height:
            _draw_unit(img, d, lay, view, dict(top, grouped=height > 1 or top.get("grouped")), x, y, 0.92)
            _badge(d, x + 0.45 * s, y + 0.5 * s, f"x{height}", max(8, int(0.3 * s)), GOLD, DARK_TEXT)
        elif prep_top:
            rr = 0.5 * s
            d.ellipse((x - rr, y - rr, x + rr, y + rr), fill=st["bright"], outline=GOLD, width=2)
            d.text((x, y), _abbr(_unit_name(prep_top, lang)), font=font(max(9, int(0.36 * s))), fill=TEXT,
                   anchor="mm", stroke_width=1, stroke_fill=MAT_EDGE)
            _badge(d, x, y + 0.62 * s, "locked", max(7, int(0.24 * s)), GOLD, DARK_TEXT)
        else:
            rr = 0.5 * s
            d.ellipse((x - rr, y - rr, x + rr, y + rr), fill=st["bright"], outline=MAT_EDGE, width=2)
            d.text((x, y), st["letter"], font=font(max(10, int(0.6 * s))), fill=TEXT, anchor="mm",
                   stroke_width=2, stroke_fill=MAT_EDGE)
    # 3 (+4): advancements, one column of pegs per structure
    c = slots[2]
    if c is not None:
        x, y = lay.centre(*c)
        adv = p.get("advancements") or {}
        vals = [max(0, min(3, _int(v))) for v in list(adv.values())[:3]] or [0, 0, 0]
        pr = 0.13 * s
        for i, lv in enumerate(vals):
            px_ = x + (i - (len(vals) - 1) / 2) * 0.42 * s
            for k in range(3):
                py = y + (0.42 - k * 0.4) * s
                on = k < lv
                d.ellipse((px_ - pr, py - pr, px_ + pr, py + pr), fill=GOLD if on else st["dark"],
                          outline=TEXT_SOFT if not on else MAT_EDGE)
    c = slots[3]
    if c is not None:
        x, y = lay.centre(*c)
        power = _int(p.get("gate")) + _int(p.get("pegs"))
        d.text((x, y - 0.3 * s), "PWR", font=font(max(7, int(0.24 * s))), fill=TEXT_SOFT, anchor="mm")
        _num(d, (x, y + 0.14 * s), power, max(10, int(round(0.48 * s))))


def _hdist(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _badge(d, cx, cy, text, size, fill, text_fill) -> None:
    fnt = font(size)
    s = safe_text(text)
    w = fnt.getlength(s) + size * 0.7
    h = size * 1.3
    d.rounded_rectangle((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), radius=h / 2, fill=fill,
                        outline=MAT_EDGE)
    d.text((cx, cy), s, font=fnt, fill=text_fill, anchor="mm")


# ---------------------------------------------------------------- influence


def _influence(view: dict, model: MapModel) -> dict[int, set[str]]:
    """CS-INF-1: hex groups within each seat's influence (adjacent to its gate, holding
    one of its spires, or adjacent to a group holding one)."""
    group_of = {c: str(h.get("group") or "?") for c, h in model.hexes.items()}
    adj: dict[str, set[str]] = {}
    for c, g in group_of.items():
        for dq, dr in DIRS:
            n = (c[0] + dq, c[1] + dr)
            g2 = group_of.get(n)
            if g2 and g2 != g:
                adj.setdefault(g, set()).add(g2)
    out: dict[int, set[str]] = {}
    n_seats = len(view.get("players") or [])
    spires_by: dict[int, set[str]] = {}
    for sp in view.get("spires") or []:
        if not isinstance(sp, dict):
            continue
        c = _hex(sp.get("pos"))
        if c in group_of:
            spires_by.setdefault(_int(sp.get("owner"), -1), set()).add(group_of[c])
    for seat in range(n_seats):
        groups = set()
        gate = model.fort_gate.get(seat)
        if gate is not None:
            for dq, dr in DIRS:
                g2 = group_of.get((gate[0] + dq, gate[1] + dr))
                if g2 and not g2.startswith("fort"):
                    groups.add(g2)
        for g in spires_by.get(seat, set()):
            if not g.startswith("fort"):
                groups.add(g)
            groups |= {x for x in adj.get(g, set()) if not x.startswith("fort")}
        out[seat] = groups
    return out


def _group_number(g: str) -> str:
    c = _content()
    info = c.isles.get(g) or c.earthscapes.get(g)
    if info and info.get("number") is not None:
        return str(info["number"])
    digits = "".join(ch for ch in g if ch.isdigit())
    return digits or "?"


def _group_label_spots(model: MapModel) -> dict[str, tuple]:
    """Where to pin each mat's number: just outside its outermost edge facing the sky."""
    taken = model.all_cells()
    all_x = [SQRT3 * (q + r / 2.0) for q, r in taken] or [0.0]
    all_y = [1.5 * r for q, r in taken] or [0.0]
    mx, my = sum(all_x) / len(all_x), sum(all_y) / len(all_y)
    out = {}
    for g, cells in sorted(model.groups.items()):
        if g.startswith("fort") or not cells:
            continue
        gx = sum(SQRT3 * (q + r / 2.0) for q, r in cells) / len(cells)
        gy = sum(1.5 * r for q, r in cells) / len(cells)
        ox, oy = gx - mx, gy - my
        norm = math.hypot(ox, oy) or 1.0
        best = None
        for c in sorted(cells):
            for dq, dr in DIRS:
                n = (c[0] + dq, c[1] + dr)
                if n in taken:
                    continue
                # the sky cell must not touch a fortress or another label spot
                ex = SQRT3 * (c[0] + dq / 2.0 + (c[1] + dr / 2.0) / 2.0)
                ey = 1.5 * (c[1] + dr / 2.0)
                score = ((ex - gx) * ox + (ey - gy) * oy) / norm
                if best is None or score > best[0] + 1e-9:
                    best = (score, (c[0] + dq / 2.0, c[1] + dr / 2.0), (dq, dr))
        if best is not None:
            out[g] = (best[1], best[2])
    return out


# ---------------------------------------------------------------- the board


def render_board(view: dict, *, seat_names: list[str], lang: str = "en") -> bytes:
    """PNG of the public board. Only the public part of ``view`` is used."""
    return to_png(_board_image(view, seat_names=seat_names, lang=lang))


def _board_image(view: dict, *, seat_names, lang: str = "en") -> Image.Image:
    view = public_view(view if isinstance(view, dict) else {})
    lay = board_layout(view)
    model = _map_model(view)
    img = Image.new("RGB", (lay.width, lay.height), BG)
    static = _static_map(_map_key(view), lay.map_box, lay.size, lay.origin)
    img.paste(static, lay.map_box[:2])
    d = ImageDraw.Draw(img)
    _draw_pieces(img, d, lay, view, model, lang)
    infl = _influence(view, model)
    _draw_group_labels(d, lay, view, model, infl)
    _draw_header(d, lay.header, view, seat_names, lang)
    for seat, box in enumerate(lay.panels):
        _draw_player_panel(img, d, box, view, seat, seat_names, infl, lang)
    if lay.market:
        _draw_market(d, lay.market, view, lang)
    if lay.legend:
        _draw_legend(img, d, lay.legend, view, lay, lang)
    return img


def _draw_pieces(img, d, lay, view, model: MapModel, lang: str) -> None:
    s = lay.size
    lift = 0.14 * s  # pieces sit a little low, under the coordinate label
    players = view.get("players") or []
    stacks = {(_int(x.get("seat"), -1)): x for x in view.get("stacks") or [] if isinstance(x, dict)}
    prep = view.get("prep") if isinstance(view.get("prep"), dict) else {}
    tops = prep.get("tops") or {}
    markers: dict[int, list[int]] = {}
    for p in players:
        if isinstance(p, dict) and p.get("mark") is not None:
            markers.setdefault(_int(p.get("mark"), -1), []).append(_int(p.get("seat"), -1))
    for seat in sorted(set(model.fort_gate) | set(model.fort_body)):
        _draw_fort(img, d, lay, view, seat, model, stacks.get(seat), tops.get(str(seat)),
                   sorted(markers.get(seat, [])), lang)
    turn = view.get("turn") if isinstance(view.get("turn"), dict) else {}
    explored = set(turn.get("explored") or [])
    for lm in view.get("landmarks") or []:
        c = _hex(lm.get("pos")) if isinstance(lm, dict) else None
        if c is None:
            continue
        x, y = lay.centre(*c)
        if lm.get("id") in explored and not lm.get("revealed"):  # being explored this turn
            rr = 0.74 * s
            d.ellipse((x - rr, y + lift - rr, x + rr, y + lift + rr), outline=GOLD, width=max(2, int(0.1 * s)))
        _draw_landmark(img, d, lay, lm, x, y + lift, lang)
    for sp in view.get("spires") or []:
        c = _hex(sp.get("pos")) if isinstance(sp, dict) else None
        if c is None:
            continue
        x, y = lay.centre(*c)
        _draw_spire(img, d, lay, view, sp, x, y + lift)
    for u in view.get("units") or []:
        c = _hex(u.get("pos")) if isinstance(u, dict) else None
        if c is None:
            continue
        x, y = lay.centre(*c)
        _draw_unit(img, d, lay, view, u, x, y + lift)


def _draw_group_labels(d, lay, view, model: MapModel, infl: dict) -> None:
    spots = _group_label_spots(model)
    s = lay.size
    fnt = font(max(10, int(round(0.36 * s))))
    for g, ((q, r), (dq, dr)) in spots.items():
        x, y = lay.centre(q, r)
        # push the label a little further into the sky
        vx, vy = SQRT3 * (dq + dr / 2.0), 1.5 * dr
        nrm = math.hypot(vx, vy) or 1
        x += vx / nrm * 0.42 * s
        y += vy / nrm * 0.42 * s
        label = _group_number(g)
        seats = [seat for seat, gs in sorted(infl.items()) if g in gs]
        dot = max(4, int(0.16 * s))
        tw = fnt.getlength(label)
        w = tw + 10 + len(seats) * (dot * 2 + 2)
        h = fnt.size + 6
        bx0, by0, bx1, by1 = lay.map_box
        x = min(max(x, bx0 + w / 2 + 3), bx1 - w / 2 - 3)
        y = min(max(y, by0 + h / 2 + 3), by1 - h / 2 - 3)
        x0 = x - w / 2
        d.rounded_rectangle((x0, y - h / 2, x0 + w, y + h / 2), radius=h / 2, fill=(241, 245, 249),
                            outline=MAT_EDGE)
        d.text((x0 + 5 + tw / 2, y), label, font=fnt, fill=DARK_TEXT, anchor="mm")
        px_ = x0 + 5 + tw + 2 + dot
        for seat in seats:
            st = _fstyle(view, seat)
            d.ellipse((px_ - dot, y - dot, px_ + dot, y + dot), fill=st["bright"], outline=MAT_EDGE)
            px_ += dot * 2 + 2


# ---------------------------------------------------------------- header


def _active_text(view, seat_names, lang) -> str:
    phase = view.get("phase")
    act = [a for a in (view.get("active") or []) if isinstance(a, int)]
    turn = view.get("turn") if isinstance(view.get("turn"), dict) else None
    if phase == "onslaught" and turn:
        seat = _int(turn.get("seat"))
        step = STEP_LABEL.get(turn.get("step"), str(turn.get("step") or ""))
        return f"{_seat_name(seat_names, seat)}'s turn \u00b7 {step}"
    if not act:
        return ""
    if len(act) == 1:
        return f"Waiting for {_seat_name(seat_names, act[0])}"
    return f"Waiting for {len(act)} players"


def _draw_header(d, box, view, seat_names, lang) -> None:
    x0, y0, x1, y1 = box
    rounded_box(d, box, 12, fill=PANEL)
    cy = (y0 + y1) / 2
    wave, last = _int(view.get("wave")), _int(view.get("last_wave"))
    phase = view.get("phase")
    label = f"Wave {wave}/{last}" if last else f"Wave {wave}"
    f = font(24)
    w = f.getlength(label) + 22
    rounded_box(d, (x0 + 10, cy - 18, x0 + 10 + w, cy + 18), 18, fill=TEXT)
    d.text((x0 + 10 + w / 2, cy), label, font=f, fill=DARK_TEXT, anchor="mm")
    x = x0 + 10 + w + 14
    result = view.get("result") if isinstance(view.get("result"), dict) else None
    if phase == "over" or result:
        winners = [w_ for w_ in (result or {}).get("winners") or [] if isinstance(w_, int)]
        names = " & ".join(_seat_name(seat_names, w_) for w_ in winners) or "Nobody"
        reason = REASON_LABEL.get((result or {}).get("reason"), prettify_id((result or {}).get("reason") or ""))
        text = f"Game over \u00b7 {names} win{'s' if len(winners) == 1 else ''}"
        fnt, text = fit_font(text, x1 - x - 230, (26, 24, 22, 20))
        d.text((x, cy - 1), text, font=fnt, fill=GOLD, anchor="lm")
        draw_text(d, (x1 - 14, cy), f"by {reason}", font(20), TEXT_SOFT, anchor="rm", max_width=220)
        return
    ptxt = PHASE_LABEL.get(phase, prettify_id(phase))
    f2 = font(26)
    d.text((x, cy), ptxt, font=f2, fill=TEXT, anchor="lm")
    x += f2.getlength(ptxt) + 16
    rnd = _int(view.get("round"))
    if phase == "onslaught" and rnd:
        rt = f"round {rnd}"
        d.text((x, cy + 2), rt, font=font(18), fill=TEXT_SOFT, anchor="lm")
        x += font(18).getlength(rt) + 16
    act = _active_text(view, seat_names, lang)
    right = _header_right(view, lang)
    rw = font(17).getlength(right) if right else 0
    maxw = x1 - x - 14 - (min(rw, 300) + 16 if right else 0)
    if act and maxw > 40:
        fnt, act = fit_font(safe_text(act), maxw, (20, 18, 16))
        act_col = _fstyle(view, (view.get("turn") or {}).get("seat") if view.get("turn") else
                          (view.get("active") or [0])[0] if view.get("active") else 0)["light"]
        d.text((x, cy), act, font=fnt, fill=act_col, anchor="lm")
    if right:
        draw_text(d, (x1 - 14, cy), right, font(17), TEXT_SOFT, anchor="rm", max_width=300)


def _header_right(view, lang) -> str:
    pend = [p for p in view.get("pending") or [] if isinstance(p, dict)]
    if pend:
        p = pend[0]
        fac = _fstyle(view, p.get("seat"))["letter"]
        return f"waiting: {fac} {PENDING_LABEL.get(p.get('kind'), prettify_id(p.get('kind')))}"
    teams = view.get("teams")
    if teams:
        return "2 vs 2"
    return ""


# ---------------------------------------------------------------- player panels

PANEL_STYLES = {
    # roomy: 2-player boards; compact: 3-4 players
    "roomy": {"badge": 15, "name": 21, "line": 14, "row": 50, "big": 40, "small": 14, "adv": 13,
              "adv_h": 24, "facts": 14, "facts_h": 20, "tag": 12},
    "compact": {"badge": 12, "name": 18, "line": 12, "row": 36, "big": 29, "small": 12, "adv": 12,
                "adv_h": 20, "facts": 12, "facts_h": 17, "tag": 11},
}


def _panel_tags(view, seat, p, active, result) -> list[tuple]:
    st = _fstyle(view, seat)
    tags = []
    if result:
        for i, group in enumerate(result.get("placements") or []):
            if isinstance(group, list) and seat in group:
                tags.append((_ordinal(i + 1), GOLD if i == 0 else TEXT_SOFT, DARK_TEXT))
    if p.get("conceded"):
        tags.append(("CONCEDED", RED, TEXT))
    elif p.get("broken"):
        tags.append(("BROKEN", RED, TEXT))
    if seat in (view.get("rest") or []):
        tags.append(("REST", PANEL_EDGE, TEXT))
    if active and not result:
        tags.append(("TO PLAY", st["bright"], TEXT))
    if _int(view.get("start"), -1) == seat and not result:
        tags.append(("START", TEXT_SOFT, DARK_TEXT))
    teams = view.get("teams")
    if isinstance(teams, list) and seat < len(teams):
        tags.append((f"team {'AB'[_int(teams[seat]) % 2]}", PANEL_EDGE, TEXT))
    return tags


def _stack_fact(view, seat, lang, short: bool = False) -> str:
    """The deployment stack: height and top unit only (the rest is private)."""
    stacks = {_int(x.get("seat"), -1): x for x in view.get("stacks") or [] if isinstance(x, dict)}
    sk = stacks.get(seat) or {}
    if _int(sk.get("height")):
        if short:
            return f"stack {_int(sk.get('height'))}"
        top = sk.get("top") if isinstance(sk.get("top"), dict) else {}
        return f"stack {_int(sk.get('height'))}, top {_unit_name(top.get('type'), lang)}"
    prep = view.get("prep") if isinstance(view.get("prep"), dict) else {}
    tops = prep.get("tops") or {}
    if tops.get(str(seat)):
        if short:
            return "stack locked"
        return f"stack locked, top {_unit_name(tops[str(seat)], lang)}"
    if seat in (prep.get("locked") or []):
        return "stack locked"
    return ""


def _draw_player_panel(img, d, box, view, seat, seat_names, infl, lang) -> None:
    x0, y0, x1, y1 = box
    players = view.get("players") or []
    p = players[seat] if seat < len(players) and isinstance(players[seat], dict) else {}
    st = _fstyle(view, seat)
    active = seat in (view.get("active") or [])
    result = view.get("result") if isinstance(view.get("result"), dict) else None
    sty = PANEL_STYLES["roomy" if (y1 - y0) >= 230 else "compact"]
    compact = sty is PANEL_STYLES["compact"]
    rounded_box(d, box, 12, fill=PANEL, outline=st["bright"] if active else PANEL_EDGE,
                width=3 if active else 2)
    d.rounded_rectangle((x0 + 2, y0 + 2, x0 + 9, y1 - 2), radius=4, fill=st["bright"])
    lx, rx = x0 + 16, x1 - 8
    # --- name row: letter badge, name, tags
    y = y0 + (6 if compact else 8)
    br = sty["badge"]
    d.ellipse((lx, y, lx + 2 * br, y + 2 * br), fill=st["bright"], outline=TEXT, width=2)
    d.text((lx + br, y + br), st["letter"], font=font(int(br * 1.25)), fill=TEXT, anchor="mm",
           stroke_width=1, stroke_fill=MAT_EDGE)
    tf = font(sty["tag"])
    tx = rx
    th = sty["tag"] + 7
    for text, fill, tfill in _panel_tags(view, seat, p, active, result):
        w = tf.getlength(text) + 10
        if tx - w < lx + 2 * br + 60:
            break
        d.rounded_rectangle((tx - w, y + br - th / 2, tx, y + br + th / 2), radius=th / 2, fill=fill)
        d.text((tx - w / 2, y + br), text, font=tf, fill=tfill, anchor="mm")
        tx -= w + 4
    nx = lx + 2 * br + 7
    name = _seat_name(seat_names, seat)
    fnt, name = fit_font(name, max(20, tx - nx - 6), (sty["name"], sty["name"] - 2, sty["name"] - 4))
    d.text((nx, y + br), name, font=fnt, fill=st["light"], anchor="lm")
    fac = _faction_name(view, seat, lang)
    if compact:  # the faction name after the player's name, if there is room
        fx = nx + fnt.getlength(name) + 8
        if tx - fx > 40:
            draw_text(d, (fx, y + br + 1), fac, font(11), TEXT_SOFT, anchor="lm", max_width=tx - fx - 6)
    y += 2 * br + (3 if compact else 5)
    mark = p.get("mark")
    mark_txt = ""
    if mark is not None and _int(mark, -1) >= 0:
        ms = _fstyle(view, mark)
        mark_txt = f"marks {ms['letter']} {_seat_name(seat_names, _int(mark))}"
    if not compact:
        line = fac + (f"  \u2192 {mark_txt}" if mark_txt else "")
        draw_text(d, (lx, y), line, font(sty["line"]), TEXT_SOFT, max_width=rx - lx)
        y += sty["line"] + 7
    # --- big numbers: Source, gate, power
    row_h = sty["row"]
    big = font(sty["big"])
    small = font(sty["small"])
    cyr = y + row_h / 2
    cx = lx
    ir = row_h * 0.3
    _draw_diamond(d, cx + ir * 0.8, cyr, ir)
    cx += ir * 1.6 + 5
    src = str(_int(p.get("source")))
    d.text((cx, cyr), src, font=big, fill=TEXT, anchor="lm")
    cx += big.getlength(src) + 2
    cap = p.get("cap")
    if cap is not None:
        t = f"/{_int(cap)}"
        d.text((cx, cyr + sty["big"] * 0.2), t, font=small, fill=TEXT_SOFT, anchor="lm")
        cx += small.getlength(t)
    cx += 14
    _draw_gate_icon(d, cx + ir, cyr, ir, st["bright"], bool(p.get("broken")))
    cx += 2 * ir + 6
    gt = "X" if p.get("broken") else str(_int(p.get("gate")))
    d.text((cx, cyr), gt, font=big, fill=RED if p.get("broken") else TEXT, anchor="lm")
    cx += big.getlength(gt) + 14
    power = _int(p.get("gate")) + _int(p.get("pegs"))
    if result and isinstance(result.get("figures"), dict):
        fig = result["figures"].get(str(seat)) or {}
        if isinstance(fig, dict) and fig.get("power") is not None:
            power = _int(fig.get("power"))
    pf = font(sty["small"] + 2)
    pw = f"power {power}"
    if cx + pf.getlength(pw) <= rx:
        d.text((cx, cyr + 2), pw, font=pf, fill=GOLD, anchor="lm")
    y += row_h + 2
    # --- advancements: three structures, three pegs each
    adv = p.get("advancements") or {}
    items = list(adv.items())[:3]
    if items:
        colw = (rx - lx) / len(items)
        af = font(sty["adv"])
        pr = max(4, sty["adv"] // 3 + 1)
        for i, (aid, lv) in enumerate(items):
            ax = lx + i * colw
            cy_ = y + sty["adv_h"] / 2 - 1
            for k in range(3):
                px_ = ax + pr + k * (2 * pr + 2)
                on = k < _int(lv)
                d.ellipse((px_ - pr, cy_ - pr, px_ + pr, cy_ + pr), fill=GOLD if on else PANEL_EDGE,
                          outline=MAT_EDGE)
            tx0 = ax + 3 * (2 * pr + 2) + 3
            draw_text(d, (tx0, cy_), _name("advancements", aid, lang), af, TEXT, anchor="lm",
                      max_width=colw - (tx0 - ax) - 4)
        y += sty["adv_h"]
    # --- small facts
    facts = []
    if compact and mark_txt:
        facts.append("\u2192 " + mark_txt)
    sf = _stack_fact(view, seat, lang, short=compact)
    if sf and compact:
        facts.append(sf)
    facts.append(f"CP {_int(p.get('cp'))}")
    if p.get("lb_allowance") is not None:
        facts.append(f"builds {_int(p.get('limited_builds'))}/{_int(p.get('lb_allowance'))}")
    if not compact or _int(p.get("relic_count")):
        facts.append(f"relics {_int(p.get('relic_count'))}")
    if sf and not compact:
        facts.append(sf)
    if p.get("die_used") and not compact:
        facts.append("die used")
    ff = font(sty["facts"])
    # keep a line for the influence row below
    y = _flow_text(d, lx, y, rx, facts, ff, TEXT_SOFT, y1 - 4 - sty["facts_h"] - 2, line_h=sty["facts_h"])
    # --- influence: the numbers of the mats within this player's influence
    gs = sorted(infl.get(seat, set()), key=lambda g: (_int(_group_number(g), 99), g))
    ih = sty["facts_h"]
    if y + ih <= y1 - 3:
        f = font(sty["facts"] - 1)
        cy_ = y + ih / 2 - 1
        d.text((lx, cy_), "influence", font=f, fill=TEXT_SOFT, anchor="lm")
        ix = lx + f.getlength("influence") + 6
        for g in gs:
            lab = _group_number(g)
            w = max(ih - 3, f.getlength(lab) + 8)
            if ix + w > rx:
                break
            d.rounded_rectangle((ix, cy_ - (ih - 3) / 2, ix + w, cy_ + (ih - 3) / 2), radius=(ih - 3) / 2,
                                fill=(241, 245, 249))
            d.text((ix + w / 2, cy_), lab, font=f, fill=DARK_TEXT, anchor="mm")
            ix += w + 3
        if not gs:
            d.text((ix, cy_), "none", font=f, fill=TEXT_SOFT, anchor="lm")
        y += ih + 2
    # --- beside the barracks, heroes out, barracks (when there is room)
    lf = font(sty["facts"] - 1)
    lh = sty["facts_h"] - 2
    beside = [b for b in p.get("beside") or []]
    if beside and y + lh <= y1 - 4:
        y = _wrap_lines(d, lx, y, rx, "beside: " + ", ".join(_any_name(b, lang) for b in beside), lf,
                        TEXT_SOFT, y1 - 4, line_h=lh)
    removed = p.get("heroes_removed") or []
    if removed and y + lh <= y1 - 4:
        y = _wrap_lines(d, lx, y, rx, "heroes out: " + ", ".join(_unit_name(b, lang) for b in removed), lf,
                        TEXT_SOFT, y1 - 4, line_h=lh)
    bar = p.get("barracks") or {}
    sbar = p.get("spire_barracks") or {}
    if (bar or sbar) and y + lh <= y1 - 4:
        nm = sum(max(0, _int(v)) for v in bar.values())
        ns = sum(max(0, _int(v)) for v in sbar.values())
        if compact or y + 4 * lh > y1 - 4:
            draw_text(d, (lx, y), f"barracks: {nm} minions, {ns} spires", lf, TEXT_SOFT, max_width=rx - lx)
        else:  # roomy: what is left, by type
            mins = ", ".join(f"{_unit_name(t, lang)} {_int(v)}" for t, v in bar.items() if _int(v) > 0)
            sps = ", ".join(f"{_name('spires', t, lang)} {_int(v)}" for t, v in sbar.items() if _int(v) > 0)
            y = _wrap_lines(d, lx, y, rx, f"minions left: {mins or 'none'}", lf, TEXT_SOFT, y1 - 4 - lh,
                            line_h=lh, max_lines=2)
            _wrap_lines(d, lx, y, rx, f"spires left: {sps or 'none'}", lf, TEXT_SOFT, y1 - 4, line_h=lh,
                        max_lines=2)


def _flow_text(d, x0, y, x1, items, fnt, fill, y_max, line_h=18, sep="  \u00b7  ") -> float:
    """Items separated by dots, wrapped onto as many lines as fit; returns the next y."""
    x = x0
    sw = fnt.getlength(sep)
    drawn_any = False
    if y + line_h > y_max:
        return y
    for it in items:
        it = safe_text(it)
        w = fnt.getlength(it)
        if drawn_any and x + sw + w > x1:
            y += line_h
            x = x0
            drawn_any = False
            if y + line_h > y_max:
                return y
        if drawn_any:
            d.text((x, y), sep, font=fnt, fill=PANEL_EDGE, anchor="la")
            x += sw
        s = ellipsize(it, fnt, x1 - x)
        d.text((x, y), s, font=fnt, fill=fill, anchor="la")
        x += fnt.getlength(s)
        drawn_any = True
    return y + line_h


def _wrap_lines(d, x0, y, x1, text, fnt, fill, y_max, line_h=16, max_lines=2) -> float:
    n = max(1, min(max_lines, int((y_max - y) // line_h)))
    for line in wrap_text(safe_text(text), fnt, x1 - x0, n):
        d.text((x0, y), line, font=fnt, fill=fill, anchor="la")
        y += line_h
    return y


# ---------------------------------------------------------------- market


def _draw_market(d, box, view, lang) -> None:
    x0, y0, x1, y1 = box
    rounded_box(d, box, 12, fill=PANEL, outline=PANEL_EDGE, width=2)
    mk = view.get("market") if isinstance(view.get("market"), dict) else {}
    d.text((x0 + 12, y0 + 17), "MARKET", font=font(16), fill=TEXT, anchor="lm")
    sup = view.get("supply") or {}
    cx = x1 - 10
    for ch in "fra":
        info = CHIPS[ch]
        t = f"{info['letter']} {_int(sup.get(ch))}"
        w = font(12).getlength(t) + 10
        d.rounded_rectangle((cx - w, y0 + 8, cx, y0 + 26), radius=4, fill=info["fill"], outline=MAT_EDGE)
        d.text((cx - w / 2, y0 + 17), t, font=font(12), fill=info["text"], anchor="mm")
        cx -= w + 4
    d.text((cx - 4, y0 + 17), "chip supply", font=font(11), fill=TEXT_SOFT, anchor="rm")
    tiles = _market_tiles(view)
    n = len(tiles)
    c = _content()
    ty0 = y0 + 32
    if n <= 4:  # one chip per row, with its type
        for i, tile in enumerate(tiles):
            ty = ty0 + i * MARKET_ROW
            _market_tile(d, (x0 + 10, ty, x1 - 10, ty + MARKET_ROW - 3), tile, mk, c, lang, wide=True)
        y = ty0 + n * MARKET_ROW + 4
    else:  # two columns
        rows = (n + 1) // 2
        tw = (x1 - x0 - 20 - 6) / 2
        for i, tile in enumerate(tiles):
            col, row = i % 2, i // 2
            tx = x0 + 10 + col * (tw + 6)
            ty = ty0 + row * MARKET_ROW
            _market_tile(d, (tx, ty, tx + tw, ty + MARKET_ROW - 3), tile, mk, c, lang, wide=False)
        y = ty0 + rows * MARKET_ROW + 4
    ev = view.get("event") if isinstance(view.get("event"), dict) else {}
    cur = ev.get("current")
    lasting = [x for x in ev.get("lasting") or []]
    f = font(13)
    lines = []
    if cur:
        lines.append(("event: " + _name("events", cur, lang), GOLD))
    if lasting:
        lines.append(("lasting: " + ", ".join(_name("events", x, lang) for x in lasting), TEXT_SOFT))
    if not lines:
        lines.append(("no event", TEXT_SOFT))
    for line, col in lines[:2]:
        draw_text(d, (x0 + 12, y), line, f, col, max_width=x1 - x0 - 24)
        y += 18
    piles = (f"piles: market {_int(mk.get('supply'))} \u00b7 earthscapes {_int(mk.get('earthscape_pile'))} "
             f"\u00b7 landmarks {_int(view.get('landmark_pile'))} \u00b7 relics {_int(view.get('relic_deck'))} "
             f"\u00b7 events {_int(ev.get('deck'))}")
    _wrap_lines(d, x0 + 12, y, x1 - 10, piles, font(11), TEXT_SOFT, y1 - 2, line_h=14)


def _market_tile(d, box, tile, mk, c, lang, wide: bool) -> None:
    kind, ident = tile
    x0, y0, x1, y1 = box
    if kind == "chip":
        info = c.lookup("market", ident)
        mt = MARKET_TYPE.get(info.get("type"), {"edge": PANEL_EDGE, "label": ""})
        name, sub, cost, edge = _name("market", ident, lang), mt["label"], info.get("cost"), mt["edge"]
        fill = (48, 56, 72)
    else:
        bought = bool(mk.get("earthscape_bought"))
        edge, fill = (134, 184, 96), ((40, 60, 48) if not bought else (40, 44, 52))
        if ident:
            info = c.lookup("earthscapes", ident)
            num = info.get("number")
            name = _name("earthscapes", ident, lang)
            sub = "bought" if bought else (f"earthscape {num}" if num is not None else "earthscape")
            cost = None if bought else 2
        else:
            name, sub, cost = "no earthscape", "", None
    rounded_box(d, box, 6, fill=fill, outline=edge, width=2)
    cy = (y0 + y1) / 2
    r = 8
    if cost is not None:
        ccx = x0 + r + 5
        _draw_diamond(d, ccx, cy, r + 2)
        d.text((ccx, cy), str(_int(cost)), font=font(12), fill=DARK_TEXT, anchor="mm")
    tx = x0 + 2 * r + 10
    right = x1 - 6
    if sub and (wide or kind == "es"):
        sf = font(11)
        sw = sf.getlength(sub)
        if not wide:
            sub = ellipsize(sub, sf, (x1 - x0) * 0.4)
            sw = sf.getlength(sub)
        d.text((right, cy), sub, font=sf, fill=TEXT_SOFT, anchor="rm")
        right -= sw + 8
    draw_text(d, (tx, cy), name, font(13 if wide else 12), TEXT, anchor="lm", max_width=right - tx)


# ---------------------------------------------------------------- legend


def _legend_items() -> list[tuple]:
    items: list[tuple] = []
    for t in ("p", "l", "f", "m", "w"):
        items.append(("terrain", t, TERRAIN[t]["name"]))
    items.append(("well", None, "Source well"))
    for ch in "arf":
        items.append(("chip", ch, CHIPS[ch]["name"]))
    items.append(("hero", None, "hero"))
    items.append(("damage", None, "damage"))
    items.append(("star", None, "promoted"))
    items.append(("equip", None, "equipment"))
    items.append(("group", None, "group"))
    items.append(("text", None, "landmarks:"))
    for b in ("swamp", "ruins", "temple", "peak"):
        items.append(("back", b, BACKS[b]["name"]))
    items.append(("label", None, "mat no. + influence"))
    return items


LEGEND_FONT = 12
LEGEND_ROW = 19


def _legend_rows(width: int) -> list[list[tuple]]:
    f = font(LEGEND_FONT)
    rows: list[list] = [[]]
    x = 0.0
    for it in _legend_items():
        w = f.getlength(it[2]) + (0 if it[0] == "text" else 20) + 10
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0.0
        rows[-1].append((it, x))
        x += w
    return rows


def _legend_height(width: int) -> int:
    return len(_legend_rows(width - 20)) * LEGEND_ROW + 14


def _draw_legend(img, d, box, view, lay, lang) -> None:
    x0, y0, x1, y1 = box
    rounded_box(d, box, 12, fill=PANEL, outline=PANEL_EDGE, width=2)
    f = font(LEGEND_FONT)
    y = y0 + 7
    for row in _legend_rows(x1 - x0 - 20):
        for (kind, key, label), rx in row:
            x = x0 + 10 + rx
            cy = y + LEGEND_ROW / 2
            if kind == "text":
                d.text((x, cy), label, font=f, fill=TEXT_SOFT, anchor="lm")
                continue
            _legend_icon(d, kind, key, x + 8, cy)
            d.text((x + 19, cy), label, font=f, fill=TEXT, anchor="lm")
        y += LEGEND_ROW


def _legend_icon(d, kind, key, cx, cy) -> None:
    r = 7
    if kind == "terrain":
        d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=3, fill=TERRAIN[key]["fill"], outline=MAT_EDGE)
    elif kind == "well":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TERRAIN["p"]["fill"], outline=WELL_RING, width=2)
        _draw_diamond(d, cx, cy, 4, outline=WELL_RING)
    elif kind == "chip":
        info = CHIPS[key]
        d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=3, fill=info["fill"], outline=MAT_EDGE)
        d.text((cx, cy), info["letter"], font=font(10), fill=info["text"], anchor="mm")
    elif kind == "hero":
        d.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill=HERO_RING, outline=MAT_EDGE)
        d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=TEXT_SOFT)
    elif kind == "damage":
        d.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill=(240, 240, 240), outline=MAT_EDGE)
        d.pieslice((cx - 8, cy - 8, cx + 8, cy + 8), 90, 270, fill=HP_LOST)
        d.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=TEXT_SOFT)
    elif kind == "star":
        _star(d, cx, cy, 8, GOLD)
    elif kind == "equip":
        d.rectangle((cx - 6, cy - 6, cx + 6, cy + 6), fill=MARKET_TYPE["equipment"]["edge"], outline=MAT_EDGE)
    elif kind == "group":
        for k in (4, 2, 0):
            d.ellipse((cx - 6 + k - 2, cy - 6 + k - 2, cx + 6 + k - 2, cy + 6 + k - 2), fill=TEXT_SOFT,
                      outline=MAT_EDGE)
    elif kind == "back":
        d.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill=LANDMARK_CHIP, outline=MAT_EDGE)
        d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=BACKS[key]["fill"])
    elif kind == "label":
        d.rounded_rectangle((cx - 9, cy - 7, cx + 9, cy + 7), radius=7, fill=(241, 245, 249), outline=MAT_EDGE)
        d.text((cx - 3, cy), "3", font=font(10), fill=DARK_TEXT, anchor="mm")
        d.ellipse((cx + 2, cy - 3, cx + 8, cy + 3), fill=FACTIONS["heirs"]["bright"])


# ---------------------------------------------------------------- private panel

PRIVATE_W = 640  # narrow, so a phone shrinks it less
ROW_PIECE_H = 60
ROW_TEXT_H = 26
PRIV_TITLE_H = 58
SECTION_TITLE_H = 32
PRIV_SCALE = 0.95  # pieces in the private panel: hex size 34 * scale
PRIV_HEX = 34.0


def private_size(view: dict, seat: int) -> tuple[int, int]:
    """(width, height) of :func:`render_private`'s image."""
    return PRIVATE_W, _private_height(_private_sections(view if isinstance(view, dict) else {}, seat, "en"))


def render_private(view: dict, seat: int, *, lang: str = "en") -> bytes:
    """PNG of ``seat``'s private information, from that seat's own view: its deployment
    stack in order (top first), the minions under its groups, the landmark it is peeking
    at, the face-down landmarks it explored, its relics and standing policies. Private
    fields are used only when ``view["viewer"] == seat``. For that seat's DM only."""
    return to_png(_private_image(view if isinstance(view, dict) else {}, seat, lang))


def _pseudo_unit(view: dict, seat, types: list, eq: list | None = None, kind: str | None = None) -> dict:
    """A unit dict for a stack entry that is not on the map yet (Prep)."""
    t = types[0] if types else None
    info = _content().lookup("units", t)
    hp = _int((info.get("basic") or {}).get("hp"))
    return {"owner": seat, "type": t, "kind": kind or info.get("kind") or "minion", "hp": hp, "max_hp": hp,
            "side": "basic", "up": {}, "eq": list(eq or []), "grouped": len(types) > 1,
            "members": list(types[1:])}


def _unit_row(view, u: dict, caption: str, lang: str, show_members: bool) -> tuple:
    nm = _unit_name(u.get("type"), lang)
    bits = [f"{_int(u.get('hp'))}/{_int(u.get('max_hp'))} health",
            "hero" if u.get("kind") == "hero" else "minion"]
    if u.get("side") == "promoted":
        bits.append("promoted")
    ups = u.get("up") or {}
    upt = " ".join(f"{CHIPS[k]['letter']}{_int(ups.get(k))}" for k in "afr" if _int(ups.get(k)))
    if upt:
        bits.append("upgrades " + upt)
    if u.get("eq"):
        bits.append("equipped: " + ", ".join(_name("market", x, lang) for x in u["eq"]))
    mem = u.get("members")
    if show_members and isinstance(mem, list) and mem:
        bits.append("with " + ", ".join(_unit_name(t, lang) for t in mem))
    return ("unit", u, caption, nm, "  \u00b7  ".join(bits))


def _private_sections(view: dict, seat: int, lang: str) -> list[tuple[str, list]]:
    """[(title, rows)]; rows are ("unit", unit, caption, title, details),
    ("lm", landmark, caption, title, details) or ("text", str, colour)."""
    own = view.get("viewer") == seat and isinstance(seat, int)
    sections: list[tuple[str, list]] = []
    stacks = {_int(x.get("seat"), -1): x for x in view.get("stacks") or [] if isinstance(x, dict)}
    sk = stacks.get(seat) or {}
    prep = view.get("prep") if isinstance(view.get("prep"), dict) else {}
    rows: list = []
    entries = sk.get("entries") if own else None
    if isinstance(entries, list) and entries:
        for i, u in enumerate(entries):
            if isinstance(u, dict):
                rows.append(_unit_row(view, u, "top" if i == 0 else f"#{i + 1}", lang, True))
    elif _int(sk.get("height")):
        top = sk.get("top") if isinstance(sk.get("top"), dict) else None
        if top:
            rows.append(_unit_row(view, top, "top", lang, own))
        rows.append(("text", f"{_int(sk.get('height'))} units in the stack", TEXT_SOFT))
    elif own and prep.get("own"):
        for i, e in enumerate(prep["own"]):
            if not isinstance(e, dict):
                continue
            types = [t for t in e.get("types") or []]
            u = _pseudo_unit(view, seat, types, e.get("eq"), "hero" if e.get("k") == "hero" else "minion")
            row = _unit_row(view, u, "top" if i == 0 else f"#{i + 1}", lang, True)
            paid = sum(_int(x) for x in e.get("paid") or [])
            rows.append(row[:4] + (row[4] + f"  \u00b7  {paid} CP",))
        if seat not in (prep.get("locked") or []):
            rows.append(("text", "being assembled, not locked yet", TEXT_SOFT))
    if rows:
        sections.append(("Your deployment stack (top first)", rows))
    if own and isinstance(prep.get("earlier"), dict) and prep["earlier"]:
        for s_, ents in sorted(prep["earlier"].items()):
            rows = []
            for i, e in enumerate(ents or []):
                if isinstance(e, dict):
                    u = _pseudo_unit(view, _int(s_), list(e.get("types") or []), e.get("eq"),
                                     "hero" if e.get("k") == "hero" else "minion")
                    rows.append(_unit_row(view, u, "top" if i == 0 else f"#{i + 1}", lang, True))
            if not rows:
                rows.append(("text", "empty", TEXT_SOFT))
            st = _fstyle(view, s_)
            sections.append((f"Locked stack of {st['letter']} {_faction_name(view, s_, lang)} (top first)", rows))
    rows = []
    for u in view.get("units") or []:
        if not isinstance(u, dict) or _int(u.get("owner"), -1) != seat:
            continue
        mem = u.get("members") if own else None
        if u.get("grouped") and isinstance(mem, list) and mem:
            rows.append(_unit_row(view, u, str(u.get("pos")), lang, True))
    if rows:
        sections.append(("Your groups on the map", rows))
    rows = []
    turn = view.get("turn") if isinstance(view.get("turn"), dict) else {}
    peek = turn.get("peek") if own else None
    if isinstance(peek, dict):
        rows.append(_lm_row(peek.get("type"), peek.get("pos"), "peeking now: reveal or hide", lang))
    if own:
        for lm in view.get("landmarks") or []:
            if isinstance(lm, dict) and not lm.get("revealed") and lm.get("known") and lm.get("type"):
                if isinstance(peek, dict) and peek.get("pos") == lm.get("pos"):
                    continue
                rows.append(_lm_row(lm.get("type"), lm.get("pos"), "explored, still face down", lang))
    if rows:
        sections.append(("Landmarks only you know", rows))
    players = view.get("players") or []
    p = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) and isinstance(players[seat], dict) else {}
    rows = []
    if own:
        for r in p.get("relics") or []:
            rows.append(("text", _name("relics", r, lang), TEXT))
    if rows:
        sections.append(("Relics in hand", rows))
    if own and isinstance(p.get("policy"), dict) and p["policy"]:
        pol = "  \u00b7  ".join(f"{k}: {str(v).replace('_', ' ')}" for k, v in p["policy"].items())
        sections.append(("Standing policies", [("text", pol, TEXT_SOFT)]))
    if not sections:
        sections.append(("Nothing secret right now", [("text", "Your deployment stack, groups and explored "
                                                       "landmarks show here.", TEXT_SOFT)]))
    return sections


def _lm_row(t, pos, caption, lang) -> tuple:
    info = _content().lookup("landmarks", t)
    lm = {"type": t, "pos": pos, "revealed": True, "back": info.get("back"), "kind": info.get("kind"),
          "hp": _int(info.get("hp")), "max_hp": _int(info.get("hp"))}
    bits = [caption]
    back = BACKS.get(info.get("back"), {}).get("name")
    if back:
        bits.append(f"{back} back")
    if info.get("kind"):
        bits.append(str(info["kind"]))
    if _int(info.get("hp")):
        bits.append(f"{_int(info.get('hp'))} health")
    return ("lm", lm, str(pos), _name("landmarks", t, lang), "  \u00b7  ".join(bits))


PRIV_TEXT_X = 152


def _detail_lines(details: str) -> list[str]:
    return wrap_text(safe_text(details), font(14), PRIVATE_W - PRIV_TEXT_X - 24, 2, hyphenate=False)


def _text_lines(text: str) -> list[str]:
    return wrap_text(safe_text(text), font(15), PRIVATE_W - 48, 3, hyphenate=False)


def _row_h(r) -> int:
    if r[0] in ("unit", "lm"):
        return ROW_PIECE_H + 17 * (len(_detail_lines(r[4])) - 1)
    return ROW_TEXT_H + 18 * (len(_text_lines(r[1])) - 1)


def _private_height(sections) -> int:
    h = PRIV_TITLE_H + 16
    for _title, rows in sections:
        h += SECTION_TITLE_H + sum(_row_h(r) for r in rows) + 6 + 8
    return int(h)


def _private_image(view: dict, seat: int, lang: str) -> Image.Image:
    sections = _private_sections(view, seat, lang)
    height = _private_height(sections)
    img = Image.new("RGB", (PRIVATE_W, height), BG)
    d = ImageDraw.Draw(img)
    st = _fstyle(view, seat)
    rounded_box(d, (8, 8, PRIVATE_W - 8, PRIV_TITLE_H), 12, fill=PANEL, outline=st["bright"], width=3)
    cy = (8 + PRIV_TITLE_H) / 2
    d.ellipse((20, cy - 17, 54, cy + 17), fill=st["bright"], outline=TEXT, width=2)
    d.text((37, cy), st["letter"], font=font(21), fill=TEXT, anchor="mm", stroke_width=1, stroke_fill=MAT_EDGE)
    right = f"Wave {_int(view.get('wave'))} \u00b7 {PHASE_LABEL.get(view.get('phase'), prettify_id(view.get('phase')))}"
    rf = font(17)
    d.text((PRIVATE_W - 22, cy), right, font=rf, fill=TEXT_SOFT, anchor="rm")
    title = f"{_faction_name(view, seat, lang)} \u00b7 only for you"
    draw_text(d, (66, cy), title, font(25), st["light"], anchor="lm",
              max_width=PRIVATE_W - 66 - 40 - rf.getlength(right))
    y = PRIV_TITLE_H + 8
    lay = BoardLayout(PRIVATE_W, height, (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), PRIV_HEX * PRIV_SCALE, (0, 0))
    for title, rows in sections:
        sec_h = SECTION_TITLE_H + sum(_row_h(r) for r in rows) + 6
        rounded_box(d, (8, y, PRIVATE_W - 8, y + sec_h), 10, fill=PANEL, outline=PANEL_EDGE, width=2)
        draw_text(d, (20, y + 17), title, font(18), TEXT, anchor="lm", max_width=PRIVATE_W - 48)
        ry = y + SECTION_TITLE_H
        for r in rows:
            if r[0] in ("unit", "lm"):
                kind, piece, caption, name, details = r
                mid = ry + ROW_PIECE_H / 2
                draw_text(d, (22, mid), caption, font(15), TEXT_SOFT, anchor="lm", max_width=58)
                if kind == "unit":
                    _draw_unit(img, d, lay, view, piece, 110, mid, 1.0)
                else:
                    _draw_landmark(img, d, lay, piece, 110, mid, lang)
                draw_text(d, (PRIV_TEXT_X, mid - 11), name, font(19), TEXT, anchor="lm",
                          max_width=PRIVATE_W - PRIV_TEXT_X - 24)
                for k, line in enumerate(_detail_lines(details)):
                    d.text((PRIV_TEXT_X, mid + 13 + 17 * k), line, font=font(14), fill=TEXT_SOFT, anchor="lm")
            else:
                for k, line in enumerate(_text_lines(r[1])):
                    d.text((24, ry + ROW_TEXT_H / 2 + 18 * k), line, font=font(15), fill=r[2], anchor="lm")
            ry += _row_h(r)
        y += sec_h + 8
    return img
