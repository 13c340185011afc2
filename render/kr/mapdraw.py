"""The scenario map: squares named like spreadsheet cells (letters on top, numbers on the left),
the road with its direction of travel and merge points, building sites in their colours (only
those used at this player count; the solo player's excluded colour crossed out), towers (family,
level, facing arrow; face down greyed), horde trays as small cards (flying trays stacked, offset
up-left with a cyan frame), heroes as tokens (facing, health), pioneer cards, and in the bands
outside the map the spawn decks (marker, cards left, crystals on the top card's back) and the
exits with the Kingdom's hearts."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.kr.mapgeo import VECTORS, MapGeo, direction_between, parse_cell

from render import legibility

from . import names as N
from .card import card_info, draw_small, hero_colours
from .style import (BG, COORD, EDGE, ESS, MAX_H, FLYING, GOLD, GRASS, GRASS_EDGE, HEART, LABEL, MAX_CELL, PANEL,
                    PANEL_EDGE, ROAD, ROAD_EDGE, ROAD_MARK, TEXT, Colour, arrow, heart, ink_on, mix, player_colour,
                    put, text_w)

Box = tuple[float, float, float, float]


@dataclass
class MapLayout:
    cols: int
    rows: int
    cell: int
    x0: float
    y0: float
    height: float
    top: float
    boxes: dict[str, Box] = field(default_factory=dict)

    def box(self, cell: str) -> Box:
        x, y = parse_cell(cell)
        bx, by = self.x0 + x * self.cell, self.y0 + y * self.cell
        return bx, by, bx + self.cell, by + self.cell

    def beyond(self, cell: str, side: str) -> Box:
        """The box next to ``cell`` on ``side`` (in the band when it lies outside the map)."""
        x0, y0, x1, y1 = self.box(cell)
        dx, dy = VECTORS[side]
        if dx:
            return (x1, y0, x1 + EDGE, y1) if dx > 0 else (x0 - EDGE, y0, x0, y1)
        return (x0, y1, x1, y1 + EDGE) if dy > 0 else (x0, y0 - EDGE, x1, y0)


def spawn_side(g: MapGeo, cell: str) -> str:
    x, y = parse_cell(cell)
    nxt = g.next_square(cell)
    fwd = direction_between(cell, nxt) if nxt else "E"
    sides = [s for s, ok in (("W", x == 0), ("E", x == g.width - 1), ("N", y == 0), ("S", y == g.height - 1)) if ok]
    opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}[fwd]
    return opposite if opposite in sides else (sides[0] if sides else opposite)


def _outside(g: MapGeo, cell: str, side: str) -> bool:
    x, y = parse_cell(cell)
    dx, dy = VECTORS[side]
    return not (0 <= x + dx < g.width and 0 <= y + dy < g.height)


def _bands(g: MapGeo) -> dict[str, int]:
    used = {spawn_side(g, s.cell) for s in g.spawns}
    used |= {side for c, nxt in g.road.items() if nxt in g.exits for side in [g.exits[nxt]] if _outside(g, c, side)}
    return {s: (EDGE if s in used else 4) for s in "NESW"}


def map_layout(view: dict, left: float, top: float, right: float, bottom: float) -> MapLayout:
    """The map in the box (left, top, right, bottom): squares as large as fit (at most MAX_CELL),
    the row numbers and the bands outside it included, centred across the box."""
    g = N.geo(view["scenario"])
    bands = _bands(g)
    lw, rw = LABEL + 14 + bands["W"], bands["E"]
    th, bh = LABEL + 10 + bands["N"], bands["S"]
    cell = int(min(MAX_CELL, (right - left - lw - rw) // g.width, (bottom - top - th - bh) // g.height))
    width = lw + g.width * cell + rw
    x0 = left + (right - left - width) / 2 + lw
    y0 = top + th
    height = th + g.height * cell + bh
    return MapLayout(g.width, g.height, cell, x0, y0, height, top)


def base_image(view: dict, lay: MapLayout, size: tuple[int, int]) -> Image.Image:
    """A new board canvas of ``size`` with the map's unchanging layer already on it (a copy of
    the cached one)."""
    excluded = (view.get("solo") or {}).get("excluded")
    ground = _ground(str(view["scenario"]), len(view.get("seats") or []) or 1,
                     excluded if isinstance(excluded, str) else None, lay.cell, size[0], lay.x0, lay.y0)
    return ground.crop((0, 0, size[0], min(size[1], ground.height)))


@lru_cache(maxsize=8)      # ~3 MB each
def _ground(scenario: str, players: int, excluded: str | None, cell: int, w: int, x0: float,
            y0: float) -> Image.Image:
    """The map's unchanging layer (grass, road with its arrows, building sites, exits) on a
    canvas the size of the board: drawn once per scenario, seat count, solo exclusion and size."""
    g = N.geo(scenario)
    img = Image.new("RGB", (w, MAX_H), BG)
    d = ImageDraw.Draw(img)
    lay = MapLayout(g.width, g.height, cell, x0, y0, 0, 0)
    d.rectangle((x0 - 2, y0 - 2, x0 + g.width * cell + 2, y0 + g.height * cell + 2), fill=GRASS_EDGE)
    merges = {n for n in g.road.values() if list(g.road.values()).count(n) > 1 and n not in g.exits}
    for y in range(g.height):
        for x in range(g.width):
            name = chr(65 + x) + str(y + 1)
            b = lay.box(name)
            d.rectangle((b[0], b[1], b[2] - 1, b[3] - 1), fill=GRASS, outline=GRASS_EDGE)
            if g.is_road(name):
                _road(d, g, name, b, name in merges)
    for site in g.sites.values():
        if players in site.players:
            _site(d, lay.box(site.cell), site.colour, site.colour == excluded)
    for c, nxt in g.road.items():
        if nxt in g.exits:
            _gate(d, lay.beyond(c, g.exits[nxt]))
    return img


def draw_map(img: Image.Image, view: dict, lay: MapLayout, lang: str) -> None:
    """What changes on the map onto ``img`` (made by ``base_image``): coordinates, pioneer
    cards, towers, trays, heroes, spawn markers."""
    g = N.geo(view["scenario"])
    c = lay.cell
    d = ImageDraw.Draw(img)
    for name in _all_cells(lay):
        lay.boxes[name] = lay.box(name)
    with legibility.essential():
        for i in range(g.width):
            put(d, (lay.x0 + i * c + c / 2, lay.top + LABEL / 2 + 3), chr(65 + i), LABEL, COORD)
        for j in range(g.height):
            put(d, (lay.x0 - _bands(g)["W"] - 8, lay.y0 + j * c + c / 2), str(j + 1), LABEL, COORD, "rm")
    for icon, cell in (view.get("pioneer_cards") or {}).items():
        if isinstance(cell, str) and g.inside(cell):
            _pioneer(d, lay.box(cell), N.label(f"pioneer.{icon}", lang))
    _towers(d, view, lay, lang)
    _trays(d, view, lay, lang)
    _heroes(d, view, lay, lang)
    _spawns(d, view, g, lay)


def _all_cells(lay: MapLayout) -> list[str]:
    return [chr(65 + x) + str(y + 1) for y in range(lay.rows) for x in range(lay.cols)]


def _road(d: ImageDraw.ImageDraw, g: MapGeo, name: str, b: Box, merge: bool) -> None:
    d.rectangle((b[0], b[1], b[2] - 1, b[3] - 1), fill=ROAD, outline=ROAD_EDGE)
    nxt = g.road[name]
    direction = g.exits[nxt] if nxt in g.exits else direction_between(name, nxt)
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    s = b[2] - b[0]
    dx, dy = VECTORS[direction]
    arrow(d, cx + dx * s * 0.3, cy + dy * s * 0.3, direction, s * 0.14, ROAD_MARK)
    if merge:
        r = s * 0.12
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=ROAD_MARK, width=2)


def _site(d: ImageDraw.ImageDraw, b: Box, colour: str, excluded: bool) -> None:
    col = player_colour(colour)
    i = 3
    d.rounded_rectangle((b[0] + i, b[1] + i, b[2] - 1 - i, b[3] - 1 - i), radius=6, fill=mix(col, GRASS, 0.55),
                        outline=col, width=3)
    if excluded:
        d.line((b[0] + 8, b[1] + 8, b[2] - 9, b[3] - 9), fill=(20, 20, 20), width=4)
        d.line((b[0] + 8, b[3] - 9, b[2] - 9, b[1] + 8), fill=(20, 20, 20), width=4)


def _pioneer(d: ImageDraw.ImageDraw, b: Box, word: str) -> None:
    i = 3
    d.rectangle((b[0] + i, b[1] + i, b[2] - 1 - i, b[3] - 1 - i), fill=(238, 228, 204), outline=(206, 38, 38), width=3)
    put(d, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), word, ESS, (120, 20, 20), essential=True)


def _towers(d: ImageDraw.ImageDraw, view: dict, lay: MapLayout, lang: str) -> None:
    seats = view.get("seats") or []
    g = N.geo(view["scenario"])
    for cell, towers in (view.get("sites") or {}).items():
        if not towers or not isinstance(cell, str) or not g.inside(cell):
            continue
        b = lay.box(cell)
        n = len(towers)
        h = (b[3] - b[1] - 8) / n
        for i, t in enumerate(towers):
            site = g.sites.get(cell)
            seat = t.get("seat")
            owner = seats[seat]["colours"][0] if isinstance(seat, int) and 0 <= seat < len(seats) else None
            col = player_colour(site.colour if site and site.colour != "white" else owner)
            box = (b[0] + 5, b[1] + 4 + i * h, b[2] - 6, b[1] + 4 + (i + 1) * h - (2 if n > 1 else 0))
            _tower(d, box, t, col, lang, n)


def _tower(d: ImageDraw.ImageDraw, box: Box, t: dict, col: Colour, lang: str, n: int) -> None:
    """A tower: family letter and level; its facing as a gold notch on the box's edge."""
    down = bool(t.get("face_down"))
    fill = (86, 86, 92) if down else (28, 30, 40)
    d.rounded_rectangle(box, radius=5, fill=fill, outline=col, width=3)
    card = str(t.get("card"))
    try:
        txt = N.family_short(N.tower(card)["family"], lang) + N.level_text(card)
    except KeyError:
        txt = "?"
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    w, h = box[2] - box[0], box[3] - box[1]
    put(d, (cx, cy), txt, ESS, (170, 170, 176) if down else TEXT, essential=True)
    if down:
        d.line((box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4), fill=(40, 40, 44), width=2)
    facing = t.get("facing")
    if isinstance(facing, str) and facing in VECTORS:
        dx, dy = VECTORS[facing]
        r = 7 if n == 1 else 5
        arrow(d, cx + dx * (w / 2 - 1), cy + dy * (h / 2 - 1), facing, r, GOLD, (20, 20, 20))


def _trays(d: ImageDraw.ImageDraw, view: dict, lay: MapLayout, lang: str) -> None:
    g = N.geo(view["scenario"])
    hcol = hero_colours(view)
    by_cell: dict[str, list[dict]] = {}
    for tid, t in (view.get("trays") or {}).items():
        if isinstance(t, dict) and isinstance(t.get("cell"), str) and g.inside(t["cell"]):
            by_cell.setdefault(t["cell"], []).append(t)
    for cell, trays in by_cell.items():
        trays.sort(key=lambda t: t.get("layer", 0))
        b = lay.box(cell)
        stack = len(trays)
        off = 5 if stack > 1 else 0
        for k, t in enumerate(trays):
            info = card_info(t)
            given = t.get("facing")
            facing = given if given in ("N", "E", "S", "W") else "N"
            tw, th = (info.h, info.w) if facing in ("E", "W") else (info.w, info.h)
            sq = int((lay.cell - 3 - off * (stack - 1)) // max(tw, th))
            shift = off * (stack - 1 - k)
            cx = (b[0] + b[2]) / 2 + off * (stack - 1) / 2 - shift
            cy = (b[1] + b[3]) / 2 + off * (stack - 1) / 2 - shift
            edge = FLYING if t.get("layer", 0) > 0 else None
            draw_small(d, cx - tw * sq / 2, cy - th * sq / 2, sq, info, facing, hcol, lang, edge, view.get("heroes"))
        if stack > 1:
            bx, by = b[2] - 4, b[1] + 4
            d.ellipse((bx - 10, by - 8, bx + 6, by + 8), fill=FLYING)
            put(d, (bx - 2, by), str(stack), 14, (10, 30, 40))


def _heroes(d: ImageDraw.ImageDraw, view: dict, lay: MapLayout, lang: str) -> None:
    """Hero tokens in their seat's colour with the hero's initials; alone on a square, a big
    disc with its facing and its health; several on one square side by side (two stacked, more
    in a 2 x 2 grid), never on top of each other."""
    g = N.geo(view["scenario"])
    hcol = hero_colours(view)
    by_cell: dict[str, list[str]] = {}
    for fig, h in (view.get("heroes") or {}).items():
        if isinstance(h, dict) and isinstance(h.get("cell"), str) and g.inside(h["cell"]) and not h.get("tray"):
            by_cell.setdefault(h["cell"], []).append(fig)
    for cell, figs in by_cell.items():
        b = lay.box(cell)
        if len(figs) == 1:
            _hero_disc(d, b, figs[0], view["heroes"][figs[0]], hcol.get(figs[0], (200, 200, 200)), lang)
            continue
        cols = 1 if len(figs) == 2 else 2
        rows = (len(figs) + cols - 1) // cols
        widest = max(text_w(N.hero_initial(f, lang), ESS) for f in figs) + 10
        w, h = max((b[2] - b[0] - 4) / cols, widest), (b[3] - b[1] - 4) / rows
        left = (b[0] + b[2]) / 2 - cols * w / 2     # a crowded square's tokens may reach past its edges
        for i, fig in enumerate(sorted(figs)):
            x, y = left + (i % cols) * w, b[1] + 2 + (i // cols) * h
            col = hcol.get(fig, (200, 200, 200))
            d.rounded_rectangle((x + 1, y + 1, x + w - 1, y + h - 1), radius=int(min(w, h) / 2) - 1, fill=col,
                                outline=(250, 250, 250), width=2)
            put(d, (x + w / 2, y + h / 2), N.hero_initial(fig, lang), ESS, ink_on(col), essential=True)


def _hero_disc(d: ImageDraw.ImageDraw, b: Box, fig: str, h: dict, col: Colour, lang: str) -> None:
    cell = b[2] - b[0]
    r = cell * 0.36
    cx, cy = b[0] + cell * 0.45, b[1] + cell * 0.45
    if h.get("facing") in VECTORS:
        dx, dy = VECTORS[h["facing"]]
        arrow(d, cx + dx * r * 1.05, cy + dy * r * 1.05, h["facing"], r * 0.5, (250, 250, 250))
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=col, outline=(250, 250, 250), width=2)
    put(d, (cx, cy), N.hero_initial(fig, lang), ESS, ink_on(col), essential=True)
    hp = str(h.get("health", "?"))
    hx, hy = b[2] - 14, b[3] - 14
    d.rounded_rectangle((hx - 13, hy - 13, hx + 13, hy + 13), radius=12, fill=HEART, outline=(250, 250, 250))
    put(d, (hx, hy), hp, ESS, TEXT, essential=True)


def _spawns(d: ImageDraw.ImageDraw, view: dict, g: MapGeo, lay: MapLayout) -> None:
    """Each spawn point's marker in the band beside its square (its deck is in the side column)."""
    for s in g.spawns:
        b = lay.beyond(s.cell, spawn_side(g, s.cell))
        x0, y0, x1, y1 = b[0] + 2, b[1] + 2, b[2] - 2, b[3] - 2
        d.rounded_rectangle((x0, y0, x1, y1), radius=6, fill=(70, 40, 96), outline=(190, 130, 240), width=2)
        marker(d, (x0 + x1) / 2, (y0 + y1) / 2, s.marker)


def marker(d: ImageDraw.ImageDraw, cx: float, cy: float, n: int) -> None:
    d.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), fill=(236, 236, 236), outline=(190, 130, 240), width=2)
    put(d, (cx, cy), str(n), ESS, (60, 20, 90), essential=True)


def _gate(d: ImageDraw.ImageDraw, b: Box) -> None:
    """An exit to the Kingdom: a castle gate (two towers and a wall) and a heart."""
    x0, y0, x1, y1 = b[0] + 2, b[1] + 2, b[2] - 2, b[3] - 2
    d.rounded_rectangle((x0, y0, x1, y1), radius=6, fill=PANEL, outline=PANEL_EDGE, width=2)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    s = min(x1 - x0, y1 - y0) / 2 - 4
    wall = (150, 160, 178)
    d.rectangle((cx - s, cy - s * 0.35, cx + s, cy + s * 0.1), fill=wall)
    d.rectangle((cx - s, cy - s * 0.85, cx - s * 0.45, cy - s * 0.35), fill=wall)
    d.rectangle((cx + s * 0.45, cy - s * 0.85, cx + s, cy - s * 0.35), fill=wall)
    heart(d, cx, cy + s * 0.55, s * 0.4)


def clear_cache() -> None:
    """Forget the kept map layers."""
    _ground.cache_clear()
