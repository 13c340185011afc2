"""A creature tile on the board: its position (what moves type: ``@SEAT.LANE.POS``), champion
and NEW badges, name, attack and health, and one flow of pills: damage this turn, the Dash
bonus, the host of a Possess stack, then its abilities (granted gold, Protection used struck).

A tile comes in four sizes (:data:`MODES`): the board picks the roomiest that lets every
creature fit (layout.py). Each tile is drawn once on its own small image and kept
(:func:`tile_image`): a creature that did not change since the last move is pasted, not
drawn again."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import legibility
from render.common import (
    DAMAGE_RED,
    DARK_TEXT,
    GOLD,
    GREEN,
    ORANGE,
    TEXT,
    font,
    pill,
    pill_width,
    rounded_box,
    safe_text,
    seat_colour,
    wrap_text,
)

from .content import Cards
from .labels import text
from .style import ESSENTIAL, NAME_LINE, PILL_GAP, PILL_H, STAT_ROW, TILE_TOP
from .widgets import PillEntry, ability_entries, flow_pills, stat, to_int

#: mode -> (name lines, pill rows)
MODES = {"full": (2, 2), "compact": (2, 1), "mini": (1, 1), "micro": (1, 0)}
#: from the tile's top to its name (below the badges that straddle the body's top edge)
NAME_TOP = 26


def tile_height(mode: str) -> int:
    lines, rows = MODES[mode]
    return NAME_TOP + lines * NAME_LINE + STAT_ROW + rows * (PILL_H + PILL_GAP) + 4


def name_lines(name: str, width: int, lines: int = 2) -> list[str]:
    """A creature's name as a tile ``width`` px wide draws it."""
    return wrap_text(safe_text(name), font(ESSENTIAL), width - 10, lines)


def pill_entries(c: dict, cards: Cards, col: dict) -> list[PillEntry]:
    """The tile's pills: damage ("-2"), the Dash bonus ("⚡+2"), the host of a Possess stack
    ("on Goblin"), then the abilities."""
    lang = cards.lang
    out: list[PillEntry] = []
    dmg = max(0, to_int(c.get("damage")))
    dash = max(0, to_int(c.get("dash_bonus")))
    if dmg:
        out.append((f"-{dmg}", DAMAGE_RED, TEXT, None, False))
    if dash:
        out.append((f"\u26a1+{dash}", GREEN, DARK_TEXT, None, False))
    stack = c.get("stack") or None
    if stack and len(stack) > 1:
        out.append((text("tile.on_host", lang, card=cards.name(stack[-1])), col["tint"], col["light"],
                    col["light"], False))
    return out + ability_entries(c.get("abilities"), c.get("granted"), c.get("protection_used"), lang)


def tile_key(c: dict, cards: Cards, side: int, size: tuple[int, int], mode: str) -> tuple:
    """Everything a tile's picture depends on."""
    stack = c.get("stack") or None
    host = cards.name(stack[-1]) if stack and len(stack) > 1 else None
    return (cards.name(c.get("card")), host, bool(stack), to_int(c.get("av")), to_int(c.get("hp")),
            to_int(c.get("base_av"), to_int(c.get("av"))), to_int(c.get("base_hp"), to_int(c.get("hp"))),
            to_int(c.get("damage")), to_int(c.get("dash_bonus")), tuple(c.get("abilities") or ()),
            tuple(c.get("granted") or ()), bool(c.get("protection_used")), bool(c.get("champion")),
            bool(c.get("played_this_turn")), c.get("_index"), side, size, mode, cards.lang)


def tile_image(c: dict, cards: Cards, side: int, size: tuple[int, int], mode: str) -> Image.Image:
    """The tile's picture, from the cache when this creature looked the same before."""
    return _tile(tile_key(c, cards, side, size, mode), c, cards)


_TILES: dict[tuple, Image.Image] = {}
_TILES_MAX = 1024


def clear_cache() -> None:
    _TILES.clear()


def _tile(key: tuple, c: dict, cards: Cards) -> Image.Image:
    hit = _TILES.get(key)
    if hit is not None:
        return hit
    side, size, mode = key[-4], key[-3], key[-2]
    img = Image.new("RGB", size, seat_colour(side)["tint"])
    draw_creature(ImageDraw.Draw(img), (0, 0, size[0] - 1, size[1] - 1), c, cards, side, mode)
    if len(_TILES) >= _TILES_MAX:
        _TILES.pop(next(iter(_TILES)))
    _TILES[key] = img
    return img


def _badges(draw: ImageDraw.ImageDraw, c: dict, lang: str, bx0: int, bx1: int, y: int) -> None:
    """Position, champion star and NEW, straddling the body's top edge (essential)."""
    bf = font(ESSENTIAL)
    bx = bx0 + 4
    index = c.get("_index")
    with legibility.essential():
        if index is not None:
            b = pill(draw, bx, y, str(index + 1), bf, TEXT, DARK_TEXT, pad_x=7, height=26)
            bx = b[2] + 3
        if c.get("champion"):
            b = pill(draw, bx, y, "\u2605", bf, GOLD, DARK_TEXT, pad_x=4, height=26)
            bx = b[2] + 3
        if c.get("played_this_turn"):
            new = text("tile.new", lang)
            nw = pill_width(new, bf, 4)
            if bx1 - nw - 4 >= bx:
                pill(draw, bx1 - nw - 4, y, new, bf, GOLD, DARK_TEXT, pad_x=4, height=26)
            else:  # too narrow for the word: a gold dot
                draw.ellipse((bx1 - 24, y + 3, bx1 - 4, y + 23), fill=GOLD, outline=DARK_TEXT, width=2)


def draw_creature(draw: ImageDraw.ImageDraw, box, c: dict, cards: Cards, side: int, mode: str = "full") -> None:
    """One creature tile in ``box``; ``side`` is the seat whose side of the lane it stands on
    and ``c["_index"]`` its 0-based position there."""
    lang = cards.lang
    n_lines, pill_rows = MODES[mode]
    x0, y0, x1, y1 = box
    col = seat_colour(side)
    stack = c.get("stack") or None
    body = (x0, y0 + TILE_TOP, x1, y1)
    if stack:  # the host card peeks out behind the possessor
        rounded_box(draw, (x0 + 6, y0 + TILE_TOP - 6, x1, y1 - 6), 10, fill=col["tint"],
                    outline=col["light"], width=2)
        body = (x0, y0 + TILE_TOP, x1 - 6, y1)
    bx0, by0, bx1, by1 = body
    bw = bx1 - bx0
    champion = bool(c.get("champion"))
    rounded_box(draw, body, 10, fill=col["dark"], outline=GOLD if champion else col["bright"],
                width=4 if champion else 3)
    _badges(draw, c, lang, bx0, bx1, y0)

    nf = font(ESSENTIAL)
    lines = name_lines(cards.name(c.get("card")), bw, n_lines)
    ny = y0 + NAME_TOP + (NAME_LINE * (n_lines - len(lines))) // 2
    with legibility.essential():
        for i, line in enumerate(lines):
            draw.text((bx0 + bw / 2, ny + i * NAME_LINE), line, font=nf, fill=TEXT, anchor="ma")

    av, hp = to_int(c.get("av")), to_int(c.get("hp"))
    base_av, base_hp = to_int(c.get("base_av"), av), to_int(c.get("base_hp"), hp)
    dmg = max(0, to_int(c.get("damage")))
    sy = y0 + NAME_TOP + n_lines * NAME_LINE + STAT_ROW // 2
    half = bw / 2 - 4
    stat(draw, bx0 + bw * 0.27, sy, "av", av, GREEN if av > base_av else (ORANGE if av < base_av else TEXT),
         max_w=half)
    stat(draw, bx0 + bw * 0.73, sy, "hp", hp - dmg, ORANGE if dmg else (GREEN if hp > base_hp else TEXT),
         max_w=half)

    if pill_rows:
        py = y0 + NAME_TOP + n_lines * NAME_LINE + STAT_ROW
        with legibility.essential():
            flow_pills(draw, bx0 + 5, py, bw - 10, pill_rows, pill_entries(c, cards, col))
