"""The pieces: unit chips, spires, landmarks, the gate, Source diamonds and badges.

Shapes are drawn supersampled and cached as sprites; the text on them (health, letters) is
drawn afterwards at 1x so it stays crisp."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import DARK_TEXT, GOLD, RED, TEXT, font, safe_text

from .names import name
from .style import (
    BACKS,
    CHIPS,
    DIRS,
    HERO_RING,
    HP_LOST,
    LANDMARK_CHIP,
    MARKET_EDGE,
    MAT_EDGE,
    SOURCE_CYAN,
    SQRT3,
    SS,
    UNKNOWN_BACK,
    abbr,
    seat_style,
    to_int,
)

# ---------------------------------------------------------------- hex shapes


def corners(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    return [(cx + s * math.cos(math.radians(60 * k - 30)), cy + s * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


def _edge_corner_index() -> list[tuple[int, int]]:
    """For each of DIRS, the two corner indexes (of corners()) on the shared edge."""
    out = []
    for dq, dr in DIRS:
        vx, vy = SQRT3 * (dq + dr / 2.0), 1.5 * dr
        ang = math.degrees(math.atan2(vy, vx))
        ks = sorted(range(6), key=lambda k: -math.cos(math.radians((60 * k - 30) - ang)))[:2]
        out.append(tuple(sorted(ks)))
    return out


EDGES = _edge_corner_index()

# ---------------------------------------------------------------- sprites (cached)


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
        d.rectangle((ex - er, ey - er, ex + er, ey + er), fill=MARKET_EDGE["equipment"],
                    outline=MAT_EDGE, width=SS)
    if promoted:
        star(d, c + r * 0.78, c - r * 0.78, 0.2 * size * SS, GOLD)
    return img.reduce(SS)


def star(d, cx, cy, r, fill) -> None:
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
        star(d, tx1 - 0.02 * s, roof_top + 0.1 * s, 0.18 * s, GOLD)
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


def paste(canvas: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    canvas.paste(sprite, (int(round(cx - sprite.width / 2)), int(round(cy - sprite.height / 2))), sprite)


def number(d: ImageDraw.ImageDraw, xy, value, size: int, fill=TEXT, stroke_fill=MAT_EDGE,
           stroke: int | None = None, anchor="mm") -> None:
    """A big bold number with a dark outline (readable on any background)."""
    if stroke is None:
        stroke = 2 if size >= 16 else 1
    d.text(xy, str(value), font=font(size), fill=fill, anchor=anchor, stroke_width=stroke,
           stroke_fill=stroke_fill)


def badge(d, cx, cy, text, size, fill, text_fill) -> None:
    fnt = font(size)
    s = safe_text(text)
    w = fnt.getlength(s) + size * 0.7
    h = size * 1.3
    d.rounded_rectangle((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), radius=h / 2, fill=fill,
                        outline=MAT_EDGE)
    d.text((cx, cy), s, font=fnt, fill=text_fill, anchor="mm")


def diamond(d, cx, cy, r, fill=SOURCE_CYAN, outline=MAT_EDGE) -> None:
    """The Source symbol."""
    d.polygon([(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)], fill=fill,
              outline=outline)


def gate_icon(d, cx, cy, r, fill, broken: bool) -> None:
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


# ---------------------------------------------------------------- drawing the pieces


def draw_unit(img, d, size: float, view: dict, u: dict, cx: float, cy: float, scale: float = 1.0) -> None:
    """A unit of the view at (cx, cy); ``size`` is the hex circumradius."""
    s = size * scale
    st = seat_style(view, u.get("owner"))
    ups = tuple(ch for ch in "afr" for _ in range(max(0, to_int((u.get("up") or {}).get(ch)))))
    hp, mx = to_int(u.get("hp")), to_int(u.get("max_hp"))
    spr = _unit_sprite(round(s, 2), st["bright"], st["dark"], u.get("kind") == "hero", hp, mx,
                       bool(u.get("grouped")), u.get("side") == "promoted", ups, bool(u.get("eq")))
    paste(img, spr, cx, cy)
    R = 0.6 * s
    number(d, (cx, cy + 0.03 * s), hp, max(11, int(round(0.74 * s))))
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


def draw_spire(img, d, size: float, view: dict, sp: dict, cx: float, cy: float) -> None:
    s = size
    st = seat_style(view, sp.get("owner"))
    chips = tuple(ch for ch in (sp.get("chips") or []) if isinstance(ch, str))
    spr = _spire_sprite(round(s, 2), st["bright"], st["dark"], chips, sp.get("side") == "promoted")
    x0 = cx - spr.width / 2
    y0 = cy - spr.height / 2
    paste(img, spr, cx, cy)
    tx = x0 + (0.06 + 0.72) / 2 * s
    d.text((tx, y0 + 0.5 * s), st["letter"], font=font(max(8, int(round(0.28 * s)))), fill=TEXT,
           anchor="mm", stroke_width=1, stroke_fill=MAT_EDGE)
    number(d, (tx, y0 + 0.94 * s), len(chips), max(11, int(round(0.5 * s))))
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


def draw_landmark(img, d, size: float, lm: dict, cx: float, cy: float, lang: str) -> None:
    """A landmark: its back while face down, its abbreviated name and health once revealed."""
    s = size
    back = BACKS.get(lm.get("back"), UNKNOWN_BACK)
    revealed = bool(lm.get("revealed"))
    kind = str(lm.get("kind") or "")
    hp, mx = to_int(lm.get("hp")), to_int(lm.get("max_hp"))
    spr = _landmark_sprite(round(s, 2), back["fill"], revealed, kind, hp, mx)
    paste(img, spr, cx, cy)
    if not revealed:
        number(d, (cx, cy + 0.02 * s), "?", max(11, int(round(0.6 * s))))
        return
    ab = abbr(name("landmarks", lm.get("type"), lang))
    if kind == "inert" or mx <= 0:
        d.text((cx, cy), ab, font=font(max(9, int(round(0.4 * s)))), fill=DARK_TEXT, anchor="mm")
        return
    d.text((cx, cy - 0.33 * s), ab, font=font(max(8, int(round(0.27 * s)))), fill=DARK_TEXT, anchor="mm")
    number(d, (cx, cy + 0.12 * s), hp, max(11, int(round(0.55 * s))), fill=DARK_TEXT,
           stroke_fill=LANDMARK_CHIP, stroke=1)
