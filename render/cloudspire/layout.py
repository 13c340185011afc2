"""Where everything goes: the map model read from the view, the map's geometry (the hex
lattice filling the picture's width) and the board's boxes."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field

from .style import (
    DIRS,
    ESS,
    MAP_MARGIN,
    MAX_HEX,
    SQRT3,
    SY,
    parse_hex,
    section,
    to_int,
)

# ---------------------------------------------------------------- map model


@dataclass
class MapModel:
    """Every lattice cell to draw, keyed by ``(q, r)``, as the view's ``map`` describes it."""

    hexes: dict  # (q, r) -> {"terrain", "well", "group", "gate"?, "fortwell"?}
    fort_cells: dict  # (q, r) -> owner seat (gate, wells and body)
    fort_body: dict  # seat -> [body cells (q, r)] in view order
    fort_gate: dict  # seat -> gate cell
    face_down: dict  # (q, r) -> slot number, cells of face-down isle slots
    groups: dict  # group id -> [(q, r)]
    numbers: dict = field(default_factory=dict)  # group id -> number printed on the mat
    slot_centres: dict = field(default_factory=dict)  # slot number -> centre cell

    def all_cells(self):
        return set(self.hexes) | set(self.fort_cells) | set(self.face_down)


def map_model(view: dict) -> MapModel:
    m = section(view, "map")
    hexes = {}
    groups: dict[str, list] = {}
    for h in m.get("hexes") or []:
        if not isinstance(h, dict):
            continue
        c = parse_hex(h.get("hex"))
        if c is None:
            continue
        hexes[c] = h
        groups.setdefault(str(h.get("group") or "?"), []).append(c)
    fort_cells, fort_body, fort_gate = {}, {}, {}
    forts = section(m, "forts")
    for k, f in forts.items():
        seat = to_int(k, -1)
        if not isinstance(f, dict):
            continue
        g = parse_hex(f.get("gate"))
        if g is not None:
            fort_gate[seat] = g
            fort_cells[g] = seat
        for w in f.get("wells") or []:
            c = parse_hex(w)
            if c is not None:
                fort_cells[c] = seat
        body = [c for c in (parse_hex(b) for b in f.get("body") or []) if c is not None]
        fort_body[seat] = body
        for c in body:
            fort_cells[c] = seat
    for c, h in hexes.items():
        for key in ("gate", "fortwell"):
            if key in h:
                fort_cells[c] = to_int(h[key], -1)
    face_down: dict = {}
    centres = {}
    for s in m.get("slots") or []:
        if not isinstance(s, dict):
            continue
        slot = to_int(s.get("slot"))
        centre = parse_hex(s.get("centre"))
        if centre is not None:
            centres[slot] = centre
        if s.get("revealed") or centre is None:
            continue
        cells = [c for c in (parse_hex(x) for x in s.get("footprint") or []) if c is not None]
        for c in sorted(cells, key=lambda c: (c[0] - centre[0], c[1] - centre[1])):
            if c not in hexes and c not in fort_cells:
                face_down.setdefault(c, slot)
    numbers = section(m, "groups")
    return MapModel(hexes, fort_cells, fort_body, fort_gate, face_down, groups, dict(numbers), centres)


def map_key(view: dict) -> str:
    """Everything the static map layer depends on, as one hashable string."""
    m = section(view, "map")
    return json.dumps([m.get("hexes"), m.get("forts"), m.get("slots"), view.get("factions"), m.get("groups")],
                      sort_keys=True, default=str)


def group_number(model: MapModel, g: str) -> str:
    """The number printed on mat ``g`` (as the view gives it)."""
    return str(model.numbers[g])


LabelSpot = tuple[tuple[float, float], tuple[int, int]]
"""Where a mat's label may go: (edge midpoint (q, r), direction (dq, dr)) (group_label_spots)."""


def group_label_spots(model: MapModel) -> dict[str, list[LabelSpot]]:
    """Where a numbered mat's label may be pinned: just outside one of its edges facing the
    sky, as [(edge midpoint (q, r), direction (dq, dr))], the spots facing away from the
    map's centre first."""
    taken = model.all_cells()
    all_x = [SQRT3 * (q + r / 2.0) for q, r in taken] or [0.0]
    all_y = [1.5 * r for q, r in taken] or [0.0]
    mx, my = sum(all_x) / len(all_x), sum(all_y) / len(all_y)
    out = {}
    for g, cells in sorted(model.groups.items()):
        if g not in model.numbers or not cells:
            continue
        gx = sum(SQRT3 * (q + r / 2.0) for q, r in cells) / len(cells)
        gy = sum(1.5 * r for q, r in cells) / len(cells)
        ox, oy = gx - mx, gy - my
        norm = math.hypot(ox, oy) or 1.0
        spots = []
        for c in sorted(cells):
            for dq, dr in DIRS:
                if (c[0] + dq, c[1] + dr) in taken:
                    continue
                ex = SQRT3 * (c[0] + dq / 2.0 + (c[1] + dr / 2.0) / 2.0)
                ey = 1.5 * (c[1] + dr / 2.0)
                score = ((ex - gx) * ox + (ey - gy) * oy) / norm
                spots.append((-score, (c[0] + dq / 2.0, c[1] + dr / 2.0), (dq, dr)))
        out[g] = [(mid, direction) for _score, mid, direction in sorted(spots)]
    return out


# ---------------------------------------------------------------- map geometry


def lattice_cells(model: MapModel) -> set:
    """The cells a move can name (isle, earthscape and fortress-gate/well hexes) and the
    face-down slots: these must all be on the picture. Fortress bodies may be cut at the
    map's edges (their figures are in the seat blocks)."""
    return set(model.hexes) | set(model.face_down)


@dataclass
class MapGeom:
    """Where the map goes: ``box`` on the picture, hex circumradius ``size`` and the pixel
    of hex 0,0 (``origin``), pointy-top."""

    box: tuple
    size: float
    origin: tuple

    def centre(self, q: float, r: float) -> tuple[float, float]:
        return (self.origin[0] + self.size * SQRT3 * (q + r / 2.0),
                self.origin[1] + self.size * 1.5 * SY * r)

    def label_xy(self, q: int, r: int) -> tuple[float, float]:
        """Centre of the hex's column number: the upper part of the hex."""
        x, y = self.centre(q, r)
        return x, y - 0.42 * SY * self.size

    def token_xy(self, q: int, r: int) -> tuple[float, float]:
        """Centre of the piece on the hex: the lower part, under the column number."""
        x, y = self.centre(q, r)
        return x, y + 0.42 * SY * self.size

    def token_h(self) -> float:
        return max(ESS + 4.0, 0.86 * self.size)


def map_geom(model: MapModel, box: tuple, side: float) -> MapGeom:
    """The map in ``box`` (x0, y0, x1, y1): the cells a move can name as large as fit, with
    ``side`` px left free on the left and the right of every row for its row number."""
    x0, y0, x1, y1 = box
    lat = lattice_cells(model) or model.all_cells()
    if not lat:
        return MapGeom(box, 30.0, ((x0 + x1) / 2, (y0 + y1) / 2))
    xs = [SQRT3 * (q + r / 2.0) for q, r in lat]
    ys = [1.5 * SY * r for q, r in lat]
    span_x = max(xs) - min(xs) + SQRT3
    span_y = max(ys) - min(ys) + 2.0 * SY
    s = min((x1 - x0 - 2 * side) / span_x, (y1 - y0 - 2 * MAP_MARGIN) / span_y, MAX_HEX)
    ox = (x0 + x1) / 2 - (max(xs) + min(xs)) / 2 * s
    oy = (y0 + y1) / 2 - (max(ys) + min(ys)) / 2 * s
    return MapGeom(box, s, (ox, oy))


def row_ends(model: MapModel) -> dict[int, tuple[int, int]]:
    """Row r -> (q of its leftmost, q of its rightmost cell a move can name)."""
    out: dict[int, tuple[int, int]] = {}
    for q, r in model.hexes:
        lo, hi = out.get(r, (q, q))
        out[r] = (min(lo, q), max(hi, q))
    return out


def market_tiles(view: dict) -> list[tuple[str, object]]:
    """The market's face-up chips, then the face-up earthscape: [("chip" | "es", id)]."""
    mk = section(view, "market")
    tiles = [("chip", f) for f in mk.get("face") or []]
    tiles.append(("es", mk.get("earthscape")))
    return tiles


# ---------------------------------------------------------------- board layout


@dataclass
class BoardLayout:
    """The board: the map on the left, the full height; on the right the status box, one
    block per seat, the landmarks and (in the Market phase) the market. Every box is
    (x0, y0, x1, y1) on the picture."""

    width: int
    height: int
    header: tuple
    map_box: tuple
    size: float  # hex circumradius in px
    origin: tuple  # pixel of hex 0,0
    panels: list = field(default_factory=list)
    landmarks: tuple | None = None
    market: tuple | None = None
    compact: bool = False  # seat blocks without the factions' names

    def geom(self) -> MapGeom:
        return MapGeom(self.map_box, self.size, self.origin)

    def centre(self, q: float, r: float) -> tuple[float, float]:
        return self.geom().centre(q, r)

    def boxes(self) -> list[tuple]:
        """Every box text is drawn in."""
        return [b for b in [self.header, self.map_box, *self.panels, self.landmarks, self.market] if b]
