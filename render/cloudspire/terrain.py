"""The static map layer: sky, mats, terrain, wells, mat outlines and the coordinates.

It depends on the map alone, so it is cached per map (and place on the picture) and pasted
under the pieces. Coordinates: every hex a move can name carries its column ``q`` in its
upper part, and every row its ``,r`` at both ends, so hex ``q,r`` reads as the hex's number
followed by its row's (``3`` in the row marked ``,-2`` is ``3,-2``)."""

from __future__ import annotations

import json
import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render import legibility
from render.common import BG, TEXT_SOFT, font

from .layout import MapGeom, MapModel, group_label_spots, group_number, map_key, map_model, row_ends
from .sprites import EDGES, corners, diamond
from .style import (
    DIRS,
    ESS,
    FACE_DOWN,
    FACE_DOWN_MARK,
    FACTIONS,
    MAT_EDGE,
    SEAT_FALLBACK,
    SKY,
    SKY_DOT,
    SQRT3,
    SY,
    SS,
    TERRAIN,
    UNKNOWN_TERRAIN,
    WELL_RING,
    mix,
    to_int,
)


@lru_cache(maxsize=32)
def _model(key: str) -> tuple[MapModel, list]:
    """The map model of ``layout.map_key(view)``, and the factions by seat."""
    view = json.loads(key)
    return (map_model({"map": {"hexes": view[0], "forts": view[1], "slots": view[2], "groups": view[4]}}),
            list(view[3] or []))


def cached_model(view: dict) -> tuple[str, MapModel]:
    """(``layout.map_key(view)``, the map model): the model is made once per map and
    shared, so it is read, never changed."""
    key = map_key(view)
    return key, _model(key)[0]


@lru_cache(maxsize=32)
def static_map(key: str, box: tuple, size: float, origin: tuple) -> Image.Image:
    """The map layer for ``layout.map_key(view)`` in ``box`` (no pieces), with its
    coordinates."""
    model, facs = _model(key)
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
        return ((origin[0] - x0) * SS + s * SQRT3 * (q + r / 2.0), (origin[1] - y0) * SS + s * 1.5 * SY * r)

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
        cy += 0.42 * SY * s  # where a piece would stand: a piece covers the well
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
    out = img.reduce(SS)
    _coordinates(ImageDraw.Draw(out), model, MapGeom((0, 0, bw, bh), size, (origin[0] - x0, origin[1] - y0)))
    return out


#: the colour of a coordinate on a fortress hex
FORT_TEXT = (226, 232, 240)
ROW_CHIP = (15, 20, 32)


def _coordinates(d: ImageDraw.ImageDraw, model: MapModel, geom: MapGeom) -> None:
    """Each hex's column in its upper part; each row's ``,r`` beside its two end hexes; a
    "?" on each face-down isle slot."""
    f = font(ESS, False)
    s = geom.size
    with legibility.essential():
        for c, h in sorted(model.hexes.items()):
            col = FORT_TEXT if c in model.fort_cells else TERRAIN.get(h.get("terrain"), UNKNOWN_TERRAIN)["label"]
            d.text(geom.label_xy(*c), str(c[0]), font=f, fill=col, anchor="mm")
        fb = font(ESS)
        for text, box in row_labels(model, geom):
            d.rounded_rectangle(box, radius=6, fill=ROW_CHIP)
            d.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, font=fb, fill=TEXT_SOFT, anchor="mm")
        for slot in sorted(set(model.face_down.values())):
            c = model.slot_centres.get(slot)
            if c is not None:
                d.text(geom.centre(*c), "?", font=font(max(ESS, int(s * 1.6))), fill=FACE_DOWN_MARK, anchor="mm")


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


def row_labels(model: MapModel, geom: MapGeom) -> list[tuple[str, tuple]]:
    """Each row's ``,r`` with its box, beside the row's two end hexes."""
    fb = font(ESS)
    out = []
    for r, (lo, hi) in sorted(row_ends(model).items()):
        text = f",{r}"
        w = fb.getlength(text) + 8
        for q, side in ((lo, -1), (hi, 1)):
            x, y = geom.centre(q, r)
            cx = x + side * (SQRT3 / 2 * geom.size + 2 + w / 2)
            cx = min(max(cx, geom.box[0] + w / 2 + 1), geom.box[2] - w / 2 - 1)
            out.append((text, (cx - w / 2, y - ESS * 0.62, cx + w / 2, y + ESS * 0.62)))
    return out


#: a mat label: its height and the radius of its influence dots
LABEL_H = ESS + 8
LABEL_DOT = 8
LABEL_SPOTS = 8


@lru_cache(maxsize=32)
def mat_label_spots(key: str, box: tuple, size: float, origin: tuple,
                    seats: int) -> dict[str, list[tuple[float, float, float]]]:
    """Where each numbered mat's label may go ({group: [(left x, centre y, crowding)]} on
    the picture, the best first, at most LABEL_SPOTS): just outside one of its edges facing
    the sky, clear of the hexes if it can be, never on a row or column number nor on
    another label's first choice (a mat with no such spot, an earthscape walled in by
    others, goes without). The mats with fewest spots choose first; the room is that of a label with every
    seat's dot. The board takes the first spot clear of the pieces."""
    model, _facs = _model(key)
    geom = MapGeom(box, size, origin)
    s = size
    bx0, by0, bx1, by1 = box
    fnt = font(ESS)
    placed: list[tuple] = [b for _t, b in row_labels(model, geom)]
    fq = font(ESS, False)
    for q, r in model.hexes:  # the column numbers
        x, y = geom.label_xy(q, r)
        hw = fq.getlength(str(q)) / 2 + 2
        placed.append((x - hw, y - ESS * 0.45, x + hw, y + ESS * 0.45))
    cells = []
    for c in model.all_cells():
        x, y = geom.centre(*c)
        cells.append((x - 0.8 * s, y - 0.8 * s, x + 0.8 * s, y + 0.8 * s))

    def crowding(x0, y0, x1, y1):
        if not (bx0 + 2 <= x0 and x1 <= bx1 - 2 and by0 + 2 <= y0 and y1 <= by1 - 2):
            return 1e9
        area = 0.0
        for boxes, weight in ((placed, 1000), (cells, 1)):
            for p in boxes:
                if p[0] < x1 and x0 < p[2] and p[1] < y1 and y0 < p[3]:
                    area += (min(x1, p[2]) - max(x0, p[0])) * (min(y1, p[3]) - max(y0, p[1])) * weight
        return area

    out = {}
    for g, spots in sorted(group_label_spots(model).items(), key=lambda kv: (len(kv[1]), kv[0])):
        w = fnt.getlength(group_number(model, g)) + 16 + seats * (2 * LABEL_DOT + 3)
        scored = []
        for k, push in enumerate((0.5, 0.85, 1.2)):
            for i, (mid, (dq, dr)) in enumerate(spots):
                x, y = geom.centre(*mid)
                vx, vy = SQRT3 * (dq + dr / 2.0), 1.5 * SY * dr
                nrm = math.hypot(vx, vy) or 1
                x, y = x + vx / nrm * push * s, y + vy / nrm * push * s
                x = min(max(x, bx0 + w / 2 + 2), bx1 - w / 2 - 2)
                y = min(max(y, by0 + LABEL_H / 2 + 2), by1 - LABEL_H / 2 - 2)
                score = crowding(x - w / 2 - 3, y - LABEL_H / 2 - 3, x + w / 2 + 3, y + LABEL_H / 2 + 3)
                scored.append((score, k, i, x - w / 2, y))
        scored = [c for c in scored if c[0] < 1000]  # none on a number: rather no label
        if not scored:
            continue
        scored.sort()
        _c, _k, _i, x0, y = scored[0]
        placed.append((x0, y - LABEL_H / 2, x0 + w, y + LABEL_H / 2))
        out[g] = [(x0, y, c) for c, _k, _i, x0, y in scored[:LABEL_SPOTS]]
    return out


def clear_caches() -> None:
    _model.cache_clear()
    static_map.cache_clear()
    mat_label_spots.cache_clear()
