"""Where everything goes: the map model read from the view, the map's geometry (the hex
lattice filling the picture's width) and the board's boxes."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field

from .style import (
    DIRS,
    MAP_MARGIN,
    MAX_HEX,
    SQRT3,
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
    return json.dumps([m.get("hexes"), m.get("forts"), m.get("slots"), view.get("factions")],
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
    picture's side edges (their figures are in the player cards)."""
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
                self.origin[1] + self.size * 1.5 * r)

    def label_xy(self, q: int, r: int) -> tuple[float, float]:
        """Centre of the hex's coordinate label: the upper part of the hex."""
        x, y = self.centre(q, r)
        return x, y - 0.36 * self.size

    def token_xy(self, q: int, r: int) -> tuple[float, float]:
        """Centre of the piece on the hex: the lower part, under the label."""
        x, y = self.centre(q, r)
        return x, y + 0.41 * self.size

    def token_h(self) -> float:
        return 0.78 * self.size


def map_geom(model: MapModel, x0: float, y0: float, width: float) -> MapGeom:
    """The map ``width`` wide with its top at ``y0``: the lattice fills the width, the
    box is as tall as every cell needs (fortresses included) plus room for mat labels."""
    lat = lattice_cells(model) or model.all_cells()
    if not lat:
        return MapGeom((x0, y0, x0 + width, y0 + 200), 30.0, (x0 + width / 2, y0 + 100))
    xs = [SQRT3 * (q + r / 2.0) for q, r in lat]
    s = min((width - 2 * MAP_MARGIN) / (max(xs) - min(xs) + SQRT3), MAX_HEX)
    cells = model.all_cells()
    ys = [1.5 * r for q, r in cells]
    top, bottom = min(ys) - 1.0 - 0.62, max(ys) + 1.0 + 0.62  # room for the mat labels
    height = (bottom - top) * s
    ox = x0 + width / 2 - (max(xs) + min(xs)) / 2 * s
    oy = y0 - top * s
    return MapGeom((x0, y0, x0 + width, int(math.ceil(y0 + height))), s, (ox, oy))


def market_tiles(view: dict) -> list[tuple[str, object]]:
    """The market's face-up chips, then the face-up earthscape: [("chip" | "es", id)]."""
    mk = section(view, "market")
    tiles = [("chip", f) for f in mk.get("face") or []]
    tiles.append(("es", mk.get("earthscape")))
    return tiles


# ---------------------------------------------------------------- board layout


@dataclass
class BoardLayout:
    """The board, top to bottom: header, map, player cards (one a row), landmarks,
    market, legend. Every box is (x0, y0, x1, y1) on the picture."""

    width: int
    height: int
    header: tuple
    map_box: tuple
    size: float  # hex circumradius in px
    origin: tuple  # pixel of hex 0,0
    panels: list = field(default_factory=list)
    landmarks: tuple | None = None
    market: tuple | None = None
    legend: tuple | None = None

    def geom(self) -> MapGeom:
        return MapGeom(self.map_box, self.size, self.origin)

    def centre(self, q: float, r: float) -> tuple[float, float]:
        return self.geom().centre(q, r)

    def boxes(self) -> list[tuple]:
        """Every box text is drawn in."""
        return [b for b in [self.header, self.map_box, *self.panels, self.landmarks, self.market, self.legend] if b]
