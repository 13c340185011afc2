"""Sizes and colours of the Kingdom Rush pictures, and small drawing helpers shared by the
board, the tray cards and the horde close-up. Nothing here knows the rules."""

from __future__ import annotations

import math
from contextlib import nullcontext
from functools import lru_cache
from typing import Mapping

from PIL import ImageDraw

from render import common, legibility
from render.common import TEXT, font, safe_text

BG, PANEL, PANEL_EDGE, TEXT_SOFT = common.BG, common.PANEL, common.PANEL_EDGE, common.TEXT_SOFT

Colour = tuple[int, int, int]

# ---------------------------------------------------------------- phone-first geometry

#: Every picture is landscape, W px wide and at most MAX_H tall (render/legibility.py: 1,200-1,600
#: px wide, no taller than 0.75 x the width). Shown 400 px wide on a phone or fitted into the
#: 550 x 400 desktop box, text a player needs is drawn at least ESS px (24 px at 1,200 wide:
#: 8 px on the phone) inside ``legibility.essential()``; SMALL is for detail read when opened.
W = 1200
MAX_H = 900
MARGIN = 10
ESS = 24           # the smallest essential text
BODY = 26          # status lines, seat rows
TITLE = 30         # a picture's title
SMALL = 20         # detail (full card texts, legends): read when the picture is opened
LABEL = 24         # column letters and row numbers of the map
EDGE = 46          # the band outside the map for spawn decks and exits
MAX_CELL = 84      # a square of the map at most this many pixels

# ---------------------------------------------------------------- colours

GRASS = (44, 60, 46)
GRASS_EDGE = (58, 76, 60)
ROAD = (156, 126, 84)
ROAD_EDGE = (120, 94, 60)
ROAD_MARK = (104, 80, 50)
COORD = (176, 186, 200)
PLAYER_COLOURS: dict[str, Colour] = {
    "red": (226, 62, 62), "blue": (64, 128, 240), "green": (44, 176, 84),
    "yellow": (236, 194, 40), "white": (236, 236, 236),
}
CARD = (238, 228, 204)         # a horde card's empty square
CARD_EDGE = (96, 84, 64)
GRID_LINE = (196, 182, 150)
ENEMY = (206, 38, 38)          # an enemy not yet covered
ENEMY_LARGE = (160, 24, 48)
DEADLY = (34, 22, 26)
COVER = (64, 80, 108)          # a square under a damage tile
COVER_EDGE = (24, 32, 48)
HIDDEN_ENEMY = (232, 92, 92)   # the dot of a covered enemy
SOLDIER = (250, 250, 250)
UNCOVERABLE = (126, 70, 170)
UNCOVERABLE_DARK = (92, 48, 128)
PURPLE_LINE = (214, 120, 255)  # the card's top edge (KR-SPN-4)
PORTAL = (86, 40, 140)
PORTAL_EDGE = (236, 120, 255)
BOSS = (40, 30, 30)
GOLD = (250, 204, 21)
HEART = (244, 80, 96)
CRYSTAL = (96, 220, 250)
DONE = (74, 222, 128)
FLYING = (120, 220, 255)
DAMAGE_COLOURS: dict[str, Colour] = {     # KR-TWR-9: red physical, blue magic, purple true
    "physical": (196, 64, 48), "magic": (56, 110, 210), "true": (150, 70, 200)}
DEFENCE_COLOURS: dict[str, Colour] = {
    "physical": (240, 150, 40), "magic": (90, 160, 255), "deadly": (20, 20, 20)}
ICON_COLOURS: dict[str, Colour] = {"heal": (40, 190, 90), "swift": (250, 190, 30), "target": (230, 60, 60)}
OPTION_COLOURS: tuple[Colour, ...] = ((250, 204, 21), (56, 232, 255), (255, 120, 200), (140, 255, 120))


def mix(a: Colour, b: Colour, t: float) -> Colour:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def ink_on(fill: Colour) -> Colour:
    """Dark or light text, whichever reads on ``fill``."""
    return (18, 20, 26) if sum(fill) > 420 else TEXT


def player_colour(name: object) -> Colour:
    return PLAYER_COLOURS.get(str(name), (150, 150, 150))


# ---------------------------------------------------------------- drawing helpers


def put(d: ImageDraw.ImageDraw | None, xy: tuple[float, float], text: object, size: int,
        fill: Colour = TEXT, anchor: str = "mm", stroke: int = 0, stroke_fill: Colour | None = None,
        essential: bool = False) -> float:
    """Draw glyph-safe ``text``; returns its width (only measures when ``d`` is None).
    ``essential``: a player needs it to choose a move (render/legibility.py; at least ESS px)."""
    s = safe_text(text)
    if d is not None and s:
        with legibility.essential() if essential else nullcontext():
            d.text(xy, s, font=font(size), fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=stroke_fill)
    return _length(s, size)


def section(obj: Mapping, key: object) -> dict:
    """``obj[key]`` if it is an object, else an empty one (views are read defensively)."""
    v = obj.get(key)
    return v if isinstance(v, dict) else {}


def text_w(text: object, size: int) -> float:
    return _length(safe_text(text), size)


@lru_cache(maxsize=8192)
def _length(text: str, size: int) -> float:
    """How wide ``text`` is at ``size`` px (measured once: boxes are measured, then drawn)."""
    return font(size).getlength(text)


def fit_size(text: object, size: int, width: float, smallest: int = 10) -> int:
    """The largest size up to ``size`` at which ``text`` fits ``width``."""
    s = safe_text(text)
    while size > smallest and font(size).getlength(s) > width:
        size -= 1
    return size


def arrow(d: ImageDraw.ImageDraw, cx: float, cy: float, direction: str, r: float, fill: Colour,
          outline: Colour | None = None) -> None:
    """A triangle centred on (cx, cy) pointing ``direction`` (N, NE, ..., NW)."""
    angles = {"N": -90, "NE": -45, "E": 0, "SE": 45, "S": 90, "SW": 135, "W": 180, "NW": -135}
    a = math.radians(angles.get(direction, -90))
    pts = []
    for da, rr in ((0, r), (140, r * 0.85), (-140, r * 0.85)):
        t = a + math.radians(da)
        pts.append((cx + rr * math.cos(t), cy + rr * math.sin(t)))
    d.polygon(pts, fill=fill, outline=outline)


def dashed_line(d: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], fill: Colour,
                width: int = 2, dash: float = 6, gap: float = 4) -> None:
    (x0, y0), (x1, y1) = a, b
    length = math.hypot(x1 - x0, y1 - y0)
    if length <= 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        d.line((x0 + ux * t, y0 + uy * t, x0 + ux * e, y0 + uy * e), fill=fill, width=width)
        t = e + gap


def heart(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Colour = HEART) -> None:
    d.ellipse((cx - r, cy - r * 0.8, cx, cy + r * 0.2), fill=fill)
    d.ellipse((cx, cy - r * 0.8, cx + r, cy + r * 0.2), fill=fill)
    d.polygon([(cx - r * 0.98, cy - r * 0.15), (cx + r * 0.98, cy - r * 0.15), (cx, cy + r)], fill=fill)


def crystal(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Colour = CRYSTAL) -> None:
    d.polygon([(cx, cy - r), (cx + r * 0.7, cy), (cx, cy + r), (cx - r * 0.7, cy)], fill=fill,
              outline=(20, 60, 90))


def check(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Colour = DONE) -> None:
    d.line([(cx - r, cy), (cx - r * 0.3, cy + r * 0.7), (cx + r, cy - r * 0.8)], fill=fill, width=max(2, int(r / 2.5)))
