"""The pieces: unit, spire, landmark and gate tokens, Source diamonds and small icons.

A token fits the lower part of a hex, under the hex's coordinate label, and carries one
big number: a unit's health, a spire's chip count, a landmark's health, a gate's health.
Shapes are drawn supersampled and cached as sprites; the text on them is drawn afterwards
at 1x, straight onto the picture, so it stays crisp and its size is the size it is seen at.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import DARK_TEXT, GOLD, RED, TEXT, font

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
    SY,
    SS,
    UNKNOWN_BACK,
    seat_style,
    to_int,
)

HEALTH_FULL = (246, 246, 246)
HEALTH_HURT = (254, 202, 202)
SPIRE_BADGE = (40, 46, 60)

# ---------------------------------------------------------------- hex shapes


def corners(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    """The six corners of a map hex of circumradius ``s`` (SY times as tall)."""
    return [(cx + s * math.cos(math.radians(60 * k - 30)), cy + s * SY * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


def _edge_corner_index() -> list[tuple[int, int]]:
    """For each of DIRS, the two corner indexes (of corners()) on the shared edge."""
    out = []
    for dq, dr in DIRS:
        vx, vy = SQRT3 * (dq + dr / 2.0), 1.5 * dr
        ang = math.degrees(math.atan2(vy, vx))
        ks = sorted(range(6), key=lambda k: -math.cos(math.radians((60 * k - 30) - ang)))[:2]
        a, b = sorted(ks)
        out.append((a, b))
    return out


EDGES = _edge_corner_index()

# ---------------------------------------------------------------- small icons


def star(d, cx, cy, r, fill) -> None:
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        a = math.radians(-90 + 36 * k)
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    d.polygon(pts, fill=fill, outline=MAT_EDGE)


def diamond(d, cx, cy, r, fill=SOURCE_CYAN, outline=MAT_EDGE) -> None:
    """The Source symbol."""
    d.polygon([(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)], fill=fill,
              outline=outline)


def gate_icon(d, cx, cy, r, fill, broken: bool, width: int = 1) -> None:
    """A crenellated gate (a castle wall)."""
    d.polygon(_gate_poly(cx, cy, r), fill=RED if broken else fill, outline=MAT_EDGE, width=width)


def _gate_poly(cx, cy, r) -> list:
    x0, x1 = cx - r, cx + r
    y0, y1 = cy - r * 0.62, cy + r * 0.8
    m = (x1 - x0) / 5
    pts = [(x0, y1), (x0, y0 - m * 0.7)]
    for i in range(5):
        top = y0 - m * 0.7 if i % 2 == 0 else y0
        pts += [(x0 + i * m, top), (x0 + (i + 1) * m, top)]
    pts += [(x1, y0 - m * 0.7), (x1, y1)]
    return pts


def paste(canvas: Image.Image, sprite: Image.Image, x0: float, y0: float) -> None:
    canvas.paste(sprite, (int(round(x0)), int(round(y0))), sprite)


def _ss(w: float, h: float) -> tuple[Image.Image, ImageDraw.ImageDraw, int, int]:
    wi, hi = int(math.ceil(w)), int(math.ceil(h))
    img = Image.new("RGBA", (wi * SS, hi * SS), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img), wi, hi


def _text(d, xy, text: str, size: int, fill, stroke: int = 0) -> None:
    d.text(xy, text, font=font(size), fill=fill, anchor="mm", stroke_width=stroke, stroke_fill=MAT_EDGE)


def _digits_w(text: str, size: int) -> float:
    return font(size).getlength(text)

# ---------------------------------------------------------------- units


def unit_size(u: dict, view: dict, h: float, fs: int) -> tuple[float, float]:
    """(letter part width, health part width) of a unit token ``h`` tall."""
    st = seat_style(view, u.get("owner"))
    lw = max(h * 0.9, font(fs).getlength(st["letter"]) + 0.3 * h)
    hw = max(h * 0.85, _digits_w(str(to_int(u.get("hp"))), fs) + 0.3 * h)
    return lw, hw


@lru_cache(maxsize=512)
def _unit_sprite(lw: float, hw: float, h: float, bright: tuple, dark: tuple, hero: bool, hurt: bool,
                 grouped: bool, promoted: bool, ups: tuple, eq: bool) -> Image.Image:
    pad = 0.3 * h
    img, d, wi, hi = _ss(lw + hw + 2 * pad, h + 2 * pad)
    k = SS
    x0, y0 = pad * k, pad * k
    x1, y1 = x0 + (lw + hw) * k, y0 + h * k
    r = h * k / 2
    if grouped:  # minions under the top: a second token peeking out behind
        o = 0.2 * h * k
        d.rounded_rectangle((x0 + o, y0 + o * 0.5, x1 + o, y1 + o * 0.5), radius=r, fill=dark,
                            outline=MAT_EDGE, width=2 * k)
    if hero:
        g = 0.14 * h * k
        d.rounded_rectangle((x0 - g, y0 - g, x1 + g, y1 + g), radius=r + g, fill=HERO_RING,
                            outline=MAT_EDGE, width=k)
    d.rounded_rectangle((x0, y0, x1, y1), radius=r, fill=HEALTH_HURT if hurt else HEALTH_FULL,
                        outline=MAT_EDGE, width=2 * k)
    split = x0 + lw * k
    d.rounded_rectangle((x0, y0, split + r, y1), radius=r, fill=bright, outline=MAT_EDGE, width=2 * k)
    d.rectangle((split, y0 + 2 * k, split + r, y1 - 2 * k), fill=HEALTH_HURT if hurt else HEALTH_FULL)
    d.line([(split, y0), (split, y1)], fill=MAT_EDGE, width=2 * k)
    # upgrade chips: small squares on the top edge of the health part
    bs = 0.3 * h * k
    for i, ch in enumerate(ups[:4]):
        bx = split + 0.1 * h * k + i * (bs + k)
        d.rectangle((bx, y0 - bs * 0.55, bx + bs, y0 + bs * 0.45), fill=CHIPS[ch]["fill"], outline=MAT_EDGE,
                    width=k)
    if eq:  # equipment: a blue square on the bottom left
        es = 0.3 * h * k
        d.rectangle((x0 + 0.1 * h * k, y1 - es * 0.5, x0 + 0.1 * h * k + es, y1 + es * 0.5),
                    fill=MARKET_EDGE["equipment"], outline=MAT_EDGE, width=k)
    if promoted:
        star(d, x1 - 0.05 * h * k, y0 + 0.02 * h * k, 0.26 * h * k, GOLD)
    return img.reduce(SS)


def draw_unit(img, d, view: dict, u: dict, cx: float, cy: float, h: float, fs: int) -> tuple:
    """A unit token centred on (cx, cy), ``h`` tall: the owner's letter on its colour,
    then the health in a big number (on pink once damaged). Returns the token's box."""
    st = seat_style(view, u.get("owner"))
    lw, hw = unit_size(u, view, h, fs)
    ups = tuple(ch for ch in "afr" for _ in range(max(0, to_int((u.get("up") or {}).get(ch)))))
    hp, mx = to_int(u.get("hp")), to_int(u.get("max_hp"))
    spr = _unit_sprite(round(lw, 1), round(hw, 1), round(h, 1), st["bright"], st["dark"],
                       u.get("kind") == "hero", 0 < mx and hp < mx, bool(u.get("grouped")),
                       u.get("side") == "promoted", ups, bool(u.get("eq")))
    x0 = cx - (lw + hw) / 2
    pad = 0.3 * h
    paste(img, spr, x0 - pad, cy - h / 2 - pad)
    _text(d, (x0 + lw / 2, cy), st["letter"], fs, TEXT, stroke=1)
    _text(d, (x0 + lw + hw / 2, cy), str(hp), fs, HP_LOST if 0 < mx and hp < mx else DARK_TEXT)
    return (x0, cy - h / 2, x0 + lw + hw, cy + h / 2)

# ---------------------------------------------------------------- spires


@lru_cache(maxsize=512)
def _spire_sprite(tw: float, bw: float, h: float, bright: tuple, chips: tuple, promoted: bool) -> Image.Image:
    pad = 0.3 * h
    img, d, wi, hi = _ss(tw + bw + 2 * pad, h + 2 * pad)
    k = SS
    x0, y0 = pad * k, pad * k
    x1, y1 = x0 + (tw + bw) * k, y0 + h * k
    # the badge (square corners, dark: a spire, not a unit) with the chip column on its
    # right edge, top chip on top
    d.rectangle((x0 + tw * k - 2 * k, y0, x1, y1), fill=SPIRE_BADGE, outline=MAT_EDGE, width=2 * k)
    n = len(chips)
    cw = 0.24 * h * k
    if n:
        sh = (h * k - 4 * k) / n
        for i, ch in enumerate(chips):
            col = CHIPS[ch]["fill"] if ch in CHIPS else (120, 120, 120)
            d.rectangle((x1 - 2 * k - cw, y0 + 2 * k + i * sh, x1 - 2 * k, y0 + 2 * k + (i + 1) * sh - k), fill=col)
    # the tower: battlements on a block in the owner's colour
    m = tw * k / 5
    top = y0 - 0.18 * h * k
    pts = [(x0, y1), (x0, top)]
    for i in range(5):
        t = top if i % 2 == 0 else top + m * 0.9
        pts += [(x0 + i * m, t), (x0 + (i + 1) * m, t)]
    pts += [(x0 + tw * k, top), (x0 + tw * k, y1)]
    d.polygon(pts, fill=bright, outline=MAT_EDGE, width=2 * k)
    if promoted:
        star(d, x0 + tw * k / 2, top, 0.26 * h * k, GOLD)
    return img.reduce(SS)


def spire_size(sp: dict, view: dict, h: float, fs: int) -> tuple[float, float]:
    st = seat_style(view, sp.get("owner"))
    n = len([c for c in sp.get("chips") or [] if isinstance(c, str)])
    tw = max(h * 0.95, font(fs).getlength(st["letter"]) + 0.32 * h)
    bw = max(h * 0.85, _digits_w(str(n), fs) + 0.3 * h) + 0.24 * h
    return tw, bw


def draw_spire(img, d, view: dict, sp: dict, cx: float, cy: float, h: float, fs: int) -> tuple:
    """A spire token: a crenellated tower in the owner's colour with its letter, then a
    dark badge with how many upgrade chips it has and their colours (top chip on top)."""
    st = seat_style(view, sp.get("owner"))
    chips = tuple(ch for ch in (sp.get("chips") or []) if isinstance(ch, str))
    tw, bw = spire_size(sp, view, h, fs)
    spr = _spire_sprite(round(tw, 1), round(bw, 1), round(h, 1), st["bright"], chips, sp.get("side") == "promoted")
    x0 = cx - (tw + bw) / 2
    pad = 0.3 * h
    paste(img, spr, x0 - pad, cy - h / 2 - pad)
    _text(d, (x0 + tw / 2, cy + 0.08 * h), st["letter"], fs, TEXT, stroke=1)
    _text(d, (x0 + tw + (bw - 0.24 * h) / 2, cy), str(len(chips)), fs, TEXT)
    return (x0, cy - h / 2, x0 + tw + bw, cy + h / 2)

# ---------------------------------------------------------------- landmarks and gates


@lru_cache(maxsize=256)
def _landmark_sprite(w: float, h: float, back_fill: tuple, revealed: bool, square: bool, hurt: bool) -> Image.Image:
    pad = 2
    img, d, wi, hi = _ss(w + 2 * pad, h + 2 * pad)
    k = SS
    box = (pad * k, pad * k, (pad + w) * k, (pad + h) * k)
    rad = h * k / 2 if not square else h * k * 0.22
    if not revealed:  # the chip's back: white rim, back colour inside
        d.rounded_rectangle(box, radius=rad, fill=LANDMARK_CHIP, outline=MAT_EDGE, width=2 * k)
        g = 0.14 * h * k
        d.rounded_rectangle((box[0] + g, box[1] + g, box[2] - g, box[3] - g), radius=max(0, rad - g), fill=back_fill)
    else:
        d.rounded_rectangle(box, radius=rad, fill=back_fill, outline=MAT_EDGE, width=2 * k)
        g = 0.13 * h * k
        d.rounded_rectangle((box[0] + g, box[1] + g, box[2] - g, box[3] - g), radius=max(0, rad - g),
                            fill=HEALTH_HURT if hurt else LANDMARK_CHIP)
    return img.reduce(SS)


def draw_landmark(img, d, lm: dict, cx: float, cy: float, h: float, fs: int) -> tuple:
    """A landmark: its back with "?" while face down; once revealed, its health (a small
    star for a landmark without health). Its name is listed under the map."""
    back = BACKS.get(lm.get("back", ""), UNKNOWN_BACK)
    revealed = bool(lm.get("revealed"))
    hp, mx = to_int(lm.get("hp")), to_int(lm.get("max_hp"))
    text = "?" if not revealed else (str(hp) if mx > 0 else "")
    w = max(h * 1.12, _digits_w(text, fs) + 0.5 * h)
    square = revealed and lm.get("kind") == "structure"
    spr = _landmark_sprite(round(w, 1), round(h, 1), back["fill"], revealed, square, 0 < mx and hp < mx)
    paste(img, spr, cx - w / 2 - 2, cy - h / 2 - 2)
    if not revealed:
        _text(d, (cx, cy), "?", fs, TEXT, stroke=2)
    elif text:
        _text(d, (cx, cy), text, fs, HP_LOST if hp < mx else DARK_TEXT)
    else:
        star(d, cx, cy, 0.3 * h, back["fill"])
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def draw_gate(d, view: dict, seat: int, gate: int, broken: bool, cx: float, cy: float, h: float, fs: int) -> tuple:
    """A fortress gate: a castle wall in the owner's colour with the gate's health."""
    st = seat_style(view, seat)
    text = "X" if broken else str(gate)
    r = max(0.95 * h, (_digits_w(text, fs) + 0.5 * h) / 2)
    gate_icon(d, cx, cy + 0.05 * h, r, st["bright"], broken, width=2)
    _text(d, (cx, cy + 0.12 * h), text, fs, TEXT, stroke=2)
    return (cx - r, cy - h / 2, cx + r, cy + h / 2)


def clear_caches() -> None:
    _unit_sprite.cache_clear()
    _spire_sprite.cache_clear()
    _landmark_sprite.cache_clear()
