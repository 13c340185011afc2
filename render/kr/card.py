"""A horde card as data to draw (what lies on each square: enemy, area, tile, soldier, hero
base; which icons are lit) and the small picture of a tray on the map: the whole grid scaled
into one map square and turned the way the tray lies (top edge, KR-SPN-4, towards the exit).

On the small card an enemy not yet covered is red (dark red for a large 2x2 enemy, black for
a deadly one), a covered square is slate blue (with a pink dot where an enemy lies under it),
a soldier is white, a hero base is its seat's colour with the hero's initial, uncoverable
areas are violet; portals are violet cards with their level in gold."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PIL import ImageDraw

from engine.kr.hordegrid import Enemy, hero_cells
from engine.kr.mapgeo import VECTORS

from . import names as N
from .style import (BOSS, CARD, CARD_EDGE, COVER, DEADLY, DEFENCE_COLOURS, ENEMY, ENEMY_LARGE, GOLD,
                    GRID_LINE, HIDDEN_ENEMY, PORTAL, PORTAL_EDGE, PURPLE_LINE, SOLDIER, UNCOVERABLE,
                    Colour, arrow, ink_on, player_colour, put, section)

Cell = tuple[int, int]


@dataclass
class CardInfo:
    """One tray's card and cover, square by square (card frame, ``(c, r)``)."""
    card: str
    kind: str
    w: int
    h: int
    enemy_at: dict[Cell, Enemy] = field(default_factory=dict)
    area_at: dict[Cell, str] = field(default_factory=dict)
    tile_at: dict[Cell, int] = field(default_factory=dict)       # index into tiles
    tiles: list[dict] = field(default_factory=list)
    soldiers: set[Cell] = field(default_factory=set)
    hero_at: dict[Cell, str] = field(default_factory=dict)
    heroes: dict[str, Cell] = field(default_factory=dict)        # figure -> top-left
    icons: list[tuple[str, Cell, bool]] = field(default_factory=list)   # icon, square, lit
    portal_level: int | None = None

    def covered(self, cell: Cell) -> bool:
        return cell in self.tile_at or cell in self.soldiers or cell in self.hero_at

    def enemy_covered(self, e: Enemy) -> bool:
        return all(self.covered(c) for c in e.cells)


def _cells(raw: Any) -> list[Cell]:
    out = []
    for x in raw or ():
        try:
            out.append((int(x[0]), int(x[1])))
        except (TypeError, ValueError, IndexError):
            continue
    return out


def card_info(tray: dict) -> CardInfo:
    card = str(tray.get("card"))
    g = N.grid(card)
    spec = N.card(card)
    info = CardInfo(card, g.kind, g.width, g.height, portal_level=g.portal_level)
    for e in g.enemies:
        for c in e.cells:
            info.enemy_at[c] = e
    for a in spec.get("areas") or ():
        (c0, r0), (w, h) = a["at"], a["size"]
        for dc in range(w):
            for dr in range(h):
                info.area_at[(c0 + dc, r0 + dr)] = a["area"]
    cover = section(tray, "cover")
    for i, t in enumerate(cover.get("tiles") or ()):
        if isinstance(t, dict):
            info.tiles.append(t)
            for c in _cells(t.get("cells")):
                info.tile_at[c] = i
    info.soldiers = set(_cells(cover.get("soldiers")))
    for hero, tl in (cover.get("heroes") or {}).items():
        cells = _cells([tl])
        if cells:
            info.heroes[str(hero)] = cells[0]
            for c in hero_cells(cells[0]):
                info.hero_at[c] = str(hero)
    for icon in g.icons:
        info.icons.append((icon.icon, icon.at, not info.covered(icon.at)))
    return info


def turned(c: int, r: int, w: int, h: int, facing: str) -> Cell:
    """Card square ``(c, r)`` as it lies on the map when the card's top edge faces ``facing``
    (clockwise quarter turns, like ``shapes.card_to_map``)."""
    if facing == "E":
        return h - 1 - r, c
    if facing == "S":
        return w - 1 - c, h - 1 - r
    if facing == "W":
        return r, w - 1 - c
    return c, r


def turned_size(w: int, h: int, facing: str) -> Cell:
    return (h, w) if facing in ("E", "W") else (w, h)


def hero_colours(view: dict) -> dict[str, Colour]:
    """Each figure's seat colour (a seat's first colour)."""
    seats = view.get("seats") or []
    out = {}
    for fig, h in (view.get("heroes") or {}).items():
        s = h.get("seat") if isinstance(h, dict) else None
        cols = seats[s].get("colours") if isinstance(s, int) and 0 <= s < len(seats) else None
        out[fig] = player_colour(cols[0] if cols else None)
    return out


def card_fill(info: CardInfo) -> Colour:
    return PORTAL if info.kind == "portal" else BOSS if info.kind == "boss" else CARD


def square_fill(info: CardInfo, cell: Cell, hero_col: dict[str, Colour]) -> Colour:
    if cell in info.hero_at:
        return COVER
    if cell in info.soldiers:
        return SOLDIER
    if cell in info.tile_at:
        return COVER
    if cell in info.area_at:
        return GOLD if info.area_at[cell] == "portal_centre" else UNCOVERABLE
    e = info.enemy_at.get(cell)
    if e is not None:
        return DEADLY if e.defence == "deadly" else ENEMY_LARGE if e.large else ENEMY
    return card_fill(info)


def draw_small(d: ImageDraw.ImageDraw, x0: float, y0: float, sq: int, info: CardInfo, facing: str,
               hero_col: dict[str, Colour], lang: str, edge: Colour | None = None,
               figures: dict | None = None) -> tuple[float, float, float, float]:
    """The tray's card with its top-left at (x0, y0), ``sq`` px a square, turned to
    ``facing``; returns its box."""
    tw, th = turned_size(info.w, info.h, facing)
    box = (x0, y0, x0 + tw * sq, y0 + th * sq)
    d.rectangle((box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1), fill=card_fill(info), outline=edge or CARD_EDGE,
                width=2 if edge else 1)
    line = (150, 110, 200) if info.kind == "portal" else (110, 90, 70) if info.kind == "boss" else GRID_LINE
    for r in range(info.h):
        for c in range(info.w):
            mx, my = turned(c, r, info.w, info.h, facing)
            sx, sy = x0 + mx * sq, y0 + my * sq
            fill = square_fill(info, (c, r), hero_col)
            d.rectangle((sx, sy, sx + sq - 1, sy + sq - 1), fill=fill, outline=line)
            e = info.enemy_at.get((c, r))
            if e is not None and info.covered((c, r)):
                rr = max(1.5, sq * 0.18)
                d.ellipse((sx + sq / 2 - rr, sy + sq / 2 - rr, sx + sq / 2 + rr, sy + sq / 2 + rr), fill=HIDDEN_ENEMY)
            elif e is not None and not info.covered((c, r)) and e.defence in ("physical", "magic") and sq >= 9:
                k = max(3, sq // 3)
                d.polygon([(sx + sq - 1 - k, sy), (sx + sq - 1, sy), (sx + sq - 1, sy + k)],
                          fill=DEFENCE_COLOURS[e.defence])
            elif (c, r) in info.soldiers and sq >= 8:
                rr = sq * 0.22
                d.ellipse((sx + sq / 2 - rr, sy + sq / 2 - rr, sx + sq / 2 + rr, sy + sq / 2 + rr), fill=(40, 40, 48))
    hero_discs(d, x0, y0, sq, info, facing, hero_col, lang, figures)
    _top_edge(d, box, facing, PORTAL_EDGE if info.kind == "portal" else PURPLE_LINE, max(2, sq // 4))
    if info.kind == "portal" and info.portal_level is not None:
        centre = [c for c, a in info.area_at.items() if a == "portal_centre"]
        if centre:
            mx, my = turned(centre[0][0], centre[0][1], info.w, info.h, facing)
            cx, cy = x0 + mx * sq + sq / 2, y0 + my * sq + sq / 2
            size = max(12, int(sq * 2))
            put(d, (cx, cy), str(info.portal_level), size, GOLD, stroke=2, stroke_fill=(40, 10, 60))
    return box


def hero_discs(d: ImageDraw.ImageDraw, x0: float, y0: float, sq: int, info: CardInfo, facing: str,
               hero_col: dict[str, Colour], lang: str, figures: dict | None = None) -> None:
    """Each hero base as a round token over its 2x2 block (round like the heroes on the map,
    so it never reads as an enemy square), with the hero's initial; with ``figures`` (the
    view's heroes) also its facing arrow (its health is in the seats panel)."""
    for hero, tl in info.heroes.items():
        pts = [turned(c, r, info.w, info.h, facing) for c, r in hero_cells(tl)]
        bx0, by0 = x0 + min(p[0] for p in pts) * sq, y0 + min(p[1] for p in pts) * sq
        col = hero_col.get(hero, (200, 200, 200))
        d.ellipse((bx0, by0, bx0 + 2 * sq - 1, by0 + 2 * sq - 1), fill=col, outline=(250, 250, 250),
                  width=max(2, sq // 5))
        put(d, (bx0 + sq, by0 + sq), N.hero_initial(hero, lang), max(9, int(sq * 0.95)), ink_on(col))
        fig = (figures or {}).get(hero)
        if isinstance(fig, dict):
            facing_ = fig.get("facing")
            if isinstance(facing_, str) and facing_ in VECTORS:
                dx, dy = VECTORS[facing_]
                arrow(d, bx0 + sq + dx * sq * 1.1, by0 + sq + dy * sq * 1.1, facing_, max(4, sq * 0.45),
                      (250, 250, 250), (20, 20, 20))


def _top_edge(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], facing: str, fill: Colour,
              width: int) -> None:
    x0, y0, x1, y1 = box
    seg = {"N": (x0, y0, x1, y0), "S": (x0, y1, x1, y1), "E": (x1, y0, x1, y1), "W": (x0, y0, x0, y1)}[
        facing if facing in ("N", "E", "S", "W") else "N"]
    d.line(seg, fill=fill, width=width)
