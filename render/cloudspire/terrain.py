"""The static map layer: sky, mats, terrain, wells, mat outlines and hex coordinates.

It depends on the map alone, so it is cached per map and pasted under the pieces."""

from __future__ import annotations

import json
import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import BG, TEXT_SOFT, font

from .layout import map_model
from .sprites import EDGES, corners, diamond
from .style import (
    DIRS,
    FACE_DOWN,
    FACE_DOWN_MARK,
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
        fac = facs[seat] if 0 <= seat < len(facs) else None
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
        _outline(img, corners(cx, cy, s - 1.5 * SS), t["mark"], SS)
        _terrain_texture(d, h.get("terrain"), cx, cy, s, t["mark"])
    # wells (on isles, earthscapes and fortresses)
    for c, h in model.hexes.items():
        if not h.get("well"):
            continue
        cx, cy = px(c)
        cy += 0.14 * s
        r = 0.44 * s
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
            col = mix(t["fill"], t["label"], 0.8)
        d.text((cx, cy - 0.64 * size), f"{c[0]},{c[1]}", font=fnt, fill=col, anchor="mm")
    # face-down isles: a big question mark on the slot centre
    for slot in sorted(set(model.face_down.values())):
        cx, cy = px(model.slot_centres[slot])
        d.text((cx / SS, cy / SS), "?", font=font(max(14, int(size * 1.6))), fill=FACE_DOWN_MARK, anchor="mm")
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
