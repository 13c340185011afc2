"""Where everything goes: the map model read from the view, and the board's layout
(header, hex map, one panel per player, market and legend)."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field

from .legend import legend_height
from .style import (
    DIRS,
    GAP,
    H,
    HEADER_H,
    MAP_BOX,
    MARGIN,
    MAX_HEX,
    SIDE_BOX,
    SQRT3,
    W,
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
    forts = m.get("forts") if isinstance(m.get("forts"), dict) else {}
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
    numbers = m.get("groups") if isinstance(m.get("groups"), dict) else {}
    return MapModel(hexes, fort_cells, fort_body, fort_gate, face_down, groups, dict(numbers), centres)


def map_key(view: dict) -> str:
    """Everything the static map layer depends on, as one hashable string."""
    m = section(view, "map")
    return json.dumps([m.get("hexes"), m.get("forts"), m.get("slots"), view.get("factions")],
                      sort_keys=True, default=str)


def group_number(model: MapModel, g: str) -> str:
    """The number printed on mat ``g`` (as the view gives it)."""
    return str(model.numbers[g])


def group_label_spots(model: MapModel) -> dict[str, tuple]:
    """Where to pin each numbered mat's label: just outside its outermost edge facing the sky."""
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


# ---------------------------------------------------------------- board layout


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


def market_tiles(view: dict) -> list[tuple[str, object]]:
    """The market's face-up chips, then the face-up earthscape: [("chip" | "es", id)]."""
    mk = section(view, "market")
    tiles = [("chip", f) for f in mk.get("face") or []]
    tiles.append(("es", mk.get("earthscape")))
    return tiles


MARKET_ROW = 25


def market_height(view: dict) -> int:
    n = len(market_tiles(view))
    rows = n if n <= 4 else (n + 1) // 2
    return 32 + rows * MARKET_ROW + 4 + 2 * 18 + 32


def board_layout(view: dict, lang: str = "en") -> BoardLayout:
    model = map_model(view)
    s, origin = _fit(model.all_cells(), MAP_BOX)
    n = max(1, len(view.get("players") or []) or to_int(view.get("seats"), 2))
    sx0, sy0, sx1, sy1 = SIDE_BOX
    legend_h = legend_height(sx1 - sx0, lang)
    market_h = market_height(view)
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
