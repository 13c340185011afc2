"""The static map layer: sky, mats, terrain, wells and mat outlines.

It depends on the map alone, so it is cached per map and pasted under the pieces; the
hex coordinates, which depend on where the pieces are, are drawn on the picture."""

from __future__ import annotations

import json
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import BG

from .layout import map_model
from .sprites import EDGES, corners, diamond
from .style import (
    DIRS,
    FACE_DOWN,
    FACTIONS,
    MAT_EDGE,
    SEAT_FALLBACK,
    SKY,
    SKY_DOT,
    SQRT3,
    SS,
    TERRAIN,
    UNKNOWN_TERRAIN,
    WELL_RING,
    mix,
    to_int,
)


@lru_cache(maxsize=16)
def static_map(key: str, box: tuple, size: float, origin: tuple) -> Image.Image:
    """The map layer for ``layout.map_key(view)`` in ``box`` (no pieces)."""
    view = json.loads(key)
    view = {"map": {"hexes": view[0], "forts": view[1], "slots": view[2]}, "factions": view[3]}
    model = map_model(view)
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
        fac = facs[seat] if 0 <= seat < len(facs) else ""
        return FACTIONS.get(fac) or SEAT_FALLBACK[max(seat, 0) % 4]

    # face-down isle slots
    for c in model.face_down:
        cx, cy = px(c)
        d.polygon(corners(cx, cy, s * 0.97), fill=FACE_DOWN)
    # fortress mats
    for c, seat in model.fort_cells.items():
        cx, cy = px(c)
        st = fort_style(seat)
        d.polygon(corners(cx, cy, s + 0.5), fill=st["dark"])
    # terrain
    for c, h in model.hexes.items():
        if c in model.fort_cells:
            continue
        cx, cy = px(c)
        t = TERRAIN.get(h.get("terrain"), UNKNOWN_TERRAIN)
        d.polygon(corners(cx, cy, s + 0.5), fill=t["fill"])
        pts = corners(cx, cy, s - 1.0 * SS)
        d.line(pts + pts[:1], fill=mix(t["mark"], MAT_EDGE, 0.35), width=int(1.5 * SS))
        _terrain_texture(d, h.get("terrain"), cx, cy, s, t["mark"])
    # wells (on isles, earthscapes and fortresses)
    for c, h in model.hexes.items():
        if not h.get("well"):
            continue
        cx, cy = px(c)
        cy += 0.41 * s  # where a piece would stand: a piece covers the well
        r = 0.4 * s
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=WELL_RING, width=max(2, int(0.08 * s)))
        diamond(d, cx, cy, 0.24 * s, outline=WELL_RING)
    # mat outlines: thick where the neighbour is another mat or sky
    group_of = {c: str(h.get("group") or "?") for c, h in model.hexes.items()}
    for c, seat in model.fort_cells.items():
        group_of[c] = f"fort{seat}"
    for c, slot in model.face_down.items():
        group_of.setdefault(c, f"slot{slot}")
    lw = max(2, int(round(0.09 * s)))
    for c, g in group_of.items():
        cx, cy = px(c)
        cs = corners(cx, cy, s)
        for k, (dq, dr) in enumerate(DIRS):
            n = (c[0] + dq, c[1] + dr)
            if group_of.get(n) == g:
                continue
            a, b = EDGES[k]
            if g.startswith("fort"):
                col = fort_style(to_int(g[4:], 0))["bright"]
            else:
                col = MAT_EDGE
            d.line([cs[a], cs[b]], fill=col, width=lw, joint="curve")
    return img.reduce(SS)


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
