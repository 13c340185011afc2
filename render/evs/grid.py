"""The battlefield: the 6 x 7 grid (ES-GEN-2), columns A-G left to right, row 6 on top (seat
1's side) and row 1 at the bottom (seat 0's side); terrain (ES-TER-1/2: a height badge and a
tint, forests with trees and a club mark); the units as tokens in their faction's colour.

A token shows its uid (what a move names) and power on top, the unit's name (two lines,
small; the player panels name every unit in full), HP left with a heart, one bar segment per
HP (dark: a wound), and on the right of the bottom line a check when it executed a command
this turn, a shield when a defence card lies on it, a small card when it is executing a
command card. During a defence window the attackers are framed orange with arrows to the
target, framed red."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import legibility
from render.common import GOLD, TEXT, rounded_box

from . import names as N
from . import widgets as WG
from .style import (ACTED, ATTACK, BG, BODY, CELL_H, CELL_W, COLS, FOREST, FOREST_DARK, FOREST_MARK,
                    GRID_X0, GRID_X1, HEIGHT_BADGE, HEIGHT_FILL, LABEL_H, MARGIN, PLAIN, PLAIN_EDGE, ROWS,
                    SMALL, STRIP_H, TARGET, TEXT_SOFT, mix, section, to_int, units)
from .text import fit, put, wrap

GRID_H = 2 * LABEL_H + ROWS * CELL_H
NAME_PITCH = 23  # the two lines of a unit's name on its token


Box = tuple[float, float, float, float]


def cell_box(cell: str, top: float) -> Box | None:
    """The box of ``"C3"`` on a grid drawn from ``top``; None for anything else."""
    if not isinstance(cell, str) or len(cell) != 2 or cell[0] not in COLS or not cell[1].isdigit():
        return None
    c, r = COLS.index(cell[0]), int(cell[1])
    if not 1 <= r <= ROWS:
        return None
    return _box(c, r, top)


def _box(c: int, r: int, top: float) -> Box:
    """The box of column index ``c``, row ``r`` (1 at the bottom)."""
    x0 = GRID_X0 + c * CELL_W
    y0 = top + LABEL_H + (ROWS - r) * CELL_H
    return x0, y0, x0 + CELL_W, y0 + CELL_H


def terrain_cells(view: dict, lang: str) -> dict[str, dict]:
    """Terrain by cell: ``view["terrain"]["cards"]`` (cell -> the card's ``height`` and
    ``forest``) where the view gives it, else the cards of ``view["terrain"]["cells"]``
    (cell -> terrain card id) looked up in the content."""
    ter = section(view, "terrain")
    given = ter.get("cards")
    cards = given if isinstance(given, dict) else {}
    out = {}
    for cell, card in (ter.get("cells") or {}).items():
        c = cards.get(cell)
        if isinstance(c, dict) and "height" in c:
            out[cell] = {"height": to_int(c["height"]), "forest": bool(c.get("forest")),
                         "cover": to_int(c.get("cover"))}
        elif isinstance(card, str):
            out[cell] = N.terrain(card, lang)
    return out


def _trees(d, box) -> None:
    x0, y0, x1, y1 = box
    for i, (fx, fy) in enumerate(((0.22, 0.72), (0.5, 0.58), (0.78, 0.74), (0.36, 0.9), (0.66, 0.92))):
        cx, cy = x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)
        r = 12 if i < 3 else 9
        d.polygon([(cx, cy - r * 1.6), (cx + r, cy + r * 0.5), (cx - r, cy + r * 0.5)], fill=FOREST_DARK)


def _cell(d, cell: str, box, ter: dict | None) -> None:
    """A cell as it is when empty: its tint, trees, name, height badge and forest mark (a unit's
    token covers the middle of it)."""
    x0, y0, x1, y1 = box
    fill = PLAIN
    if ter is not None:
        fill = HEIGHT_FILL.get(ter["height"], PLAIN)
        if ter["forest"]:
            fill = mix(fill, FOREST, 0.55)
    d.rectangle((x0, y0, x1, y1), fill=fill, outline=PLAIN_EDGE, width=2)
    if ter is not None and ter["forest"]:
        _trees(d, box)
    with legibility.essential():
        put(d, (x0 + CELL_W / 2, y0 + STRIP_H + (CELL_H - STRIP_H) / 2), cell, BODY,
            mix(fill, (255, 255, 255), 0.4), "mm")
    if ter is None:
        return
    cy = y0 + STRIP_H / 2 + 1
    x = x1 - 5
    if ter["forest"]:  # with its cover bonus against ranged attacks, if any
        mark = WG.CLUB + (str(ter["cover"]) if ter.get("cover") else "")
        x -= WG.width(mark, SMALL + 1)
        put(d, (x, cy), mark, SMALL + 1, FOREST_MARK, "lm")
        x -= 4
    badge = "\u2212" + str(-ter["height"]) if ter["height"] < 0 else (f"+{ter['height']}" if ter["height"] else "0")
    w = WG.pill_w(badge, SMALL, 5)
    WG.pill(d, x - w, cy, badge, SMALL, HEIGHT_BADGE.get(ter["height"], TEXT), (20, 20, 24), pad=5)


def _terrain_key(ter: dict[str, dict]) -> tuple:
    return tuple(sorted((c, t["height"], t["forest"], t.get("cover", 0)) for c, t in ter.items()))


@lru_cache(maxsize=64)
def _background(key: tuple, size: tuple[int, int], top: int) -> Image.Image:
    """A board of ``size`` with the battlefield from ``top`` and no units (labels, cells,
    terrain): it changes only when terrain is placed, so it is drawn once per terrain layout
    and copied (``clear_cache`` forgets them)."""
    ter = {c: {"height": h, "forest": f, "cover": cv} for c, h, f, cv in key}
    img = Image.new("RGB", size, BG)
    d = ImageDraw.Draw(img)
    with legibility.essential():  # the coordinates typed in moves
        for c, col in enumerate(COLS):
            cx = GRID_X0 + c * CELL_W + CELL_W / 2
            put(d, (cx, top + LABEL_H / 2), col, BODY, TEXT_SOFT, "mm")
            put(d, (cx, top + LABEL_H + ROWS * CELL_H + LABEL_H / 2), col, BODY, TEXT_SOFT, "mm")
        for r in range(1, ROWS + 1):
            put(d, (MARGIN + (GRID_X0 - MARGIN) / 2 - 2, top + LABEL_H + (ROWS - r) * CELL_H + CELL_H / 2),
                str(r), BODY, TEXT_SOFT, "mm")
    for r in range(1, ROWS + 1):
        for c, col in enumerate(COLS):
            _cell(d, f"{col}{r}", _box(c, r, top), ter.get(f"{col}{r}"))
    return img


def battlefield(view: dict, size: tuple[int, int], top: int, lang: str) -> Image.Image:
    """A new board picture of ``size`` with the battlefield (no units yet) drawn from ``top``."""
    return _background(_terrain_key(terrain_cells(view, lang)), size, top).copy()


def clear_cache() -> None:
    _background.cache_clear()
    _name_lines.cache_clear()


@lru_cache(maxsize=256)
def _name_lines(name: str, width: float) -> tuple[str, ...]:
    lines = wrap(name, BODY, width, 3)
    if len(lines) > 2:  # a name too long for two lines: the second one ends in an ellipsis
        lines = lines[:1] + [fit(" ".join(lines[1:]), BODY, width)]
    return tuple(lines)


def _token(d, u: dict, box, lang: str, style: dict, frame=None) -> tuple:
    """A unit; returns the token's box. Its uid (what moves name) and power on top, its name,
    HP left and the marks of its state below: all at the size a move needs."""
    x0, y0, x1, y1 = box[0] + 4, box[1] + STRIP_H, box[2] - 4, box[3] - 4
    acted = bool(u.get("acted"))
    fill = mix(style["fill"], ACTED, 0.45) if acted else style["fill"]
    rounded_box(d, (x0, y0, x1, y1), radius=10, fill=fill, outline=frame or style["edge"], width=5 if frame else 3)
    card = u["card"]
    hp = to_int(u.get("hp"), N.unit(card)["hp"])
    wounds = to_int(u.get("wounds"))
    power = u.get("power", N.unit(card)["power"])
    top = y0 + 15
    bottom = y1 - 21
    put(d, (x0 + 6, top), str(u.get("uid", "?")), BODY, TEXT, "lm")
    WG.power_badge(d, x1 - 5, top, power, BODY, anchor="r")
    lines = _name_lines(N.unit_name(card, lang), x1 - x0 - 8)
    mid = (top + bottom) / 2 + 1
    for i, line in enumerate(lines):
        put(d, ((x0 + x1) / 2, mid + (i - (len(lines) - 1) / 2) * NAME_PITCH), line, BODY, TEXT, "mm")
    WG.stat(d, x0 + 5, bottom, WG.HEART, max(0, hp - wounds), BODY, (254, 202, 202))
    x = x1 - 14
    if acted:
        WG.check(d, x, bottom, 10)
        x -= 23
    if u.get("defence"):
        WG.shield(d, x, bottom, 9)
        x -= 23
    if u.get("command"):
        WG.card_mark(d, x, bottom, 9)
    WG.hp_bar(d, (x0 + 8, y1 - 8, x1 - 8, y1 - 5), hp, wounds)
    return x0, y0, x1, y1


def _edge(box, ux: float, uy: float) -> tuple[float, float]:
    """Where the ray from the middle of ``box`` in direction (ux, uy) leaves it."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    hw, hh = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    t = min(hw / abs(ux) if ux else 1e9, hh / abs(uy) if uy else 1e9)
    return cx + ux * t, cy + uy * t


def _arrow(d, a, b, colour) -> None:
    """An arrow from token ``a``'s edge to token ``b``'s edge (its tip just inside ``b``)."""
    dx, dy = (b[0] + b[2] - a[0] - a[2]) / 2, (b[1] + b[3] - a[1] - a[3]) / 2
    dist = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / dist, dy / dist
    sx, sy = _edge(a, ux, uy)
    tx, ty = _edge(b, -ux, -uy)
    sx, sy = sx - ux * 12, sy - uy * 12
    tx, ty = tx + ux * 8, ty + uy * 8
    ex, ey = tx - ux * 20, ty - uy * 20
    d.line((sx, sy, ex, ey), fill=colour, width=8)
    px, py = -uy, ux
    d.polygon([(tx, ty), (ex + px * 15, ey + py * 15), (ex - px * 15, ey - py * 15)], fill=colour,
              outline=(20, 20, 24))


def draw_grid(img: Image.Image, view: dict, top: float, lang: str, styles: dict[int, dict]) -> dict[str, Box]:
    """Draw the units, the decision's frames and the attack arrows on ``img`` (made by
    :func:`battlefield` with the same ``top``); returns the cell boxes."""
    d = ImageDraw.Draw(img)
    boxes = {f"{col}{r}": _box(c, r, top) for r in range(1, ROWS + 1) for c, col in enumerate(COLS)}
    pend = section(view, "pending")
    attackers = set(pend.get("attackers") or []) if pend.get("kind") == "defence" else set()
    target = pend.get("target") if pend.get("kind") == "defence" else None
    focus = {pend.get("uid")} if pend.get("kind") in ("penalty", "flip", "terrain") else set()
    if pend.get("kind") == "heal":  # the units that may be healed
        focus = set(pend.get("uids") or [])
    if pend.get("kind") == "terrain":  # ES-TER-15: where the flipped card may go
        for cell in pend.get("cells") or []:
            if boxes.get(cell):
                x0, y0, x1, y1 = boxes[cell]
                d.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=GOLD, width=4)
    tokens = {}
    with legibility.essential():
        for u in units(view):
            at = u.get("cell")
            box = boxes.get(at) if isinstance(at, str) else None
            if box is None:
                continue
            frame = ATTACK if u.get("uid") in attackers else (TARGET if u.get("uid") == target else None)
            frame = GOLD if u.get("uid") in focus else frame
            tokens[u.get("uid")] = _token(d, u, box, lang, styles.get(to_int(u.get("seat"), -1), styles[0]), frame)
    if target is not None:
        _arrows(img, tokens, attackers, target)
    return boxes


def _arrows(img: Image.Image, tokens: dict, attackers: set, target) -> None:
    d = ImageDraw.Draw(img)
    for a in attackers:
        if tokens.get(a) and tokens.get(target):
            _arrow(d, tokens[a], tokens[target], ATTACK)
