"""A creature tile on the board: position / champion / NEW badges, name, AV and HP, a
status row (damage, Dash bonus, a Possess host) and the ability pills."""

from __future__ import annotations

from PIL import ImageDraw

from render.common import (
    DAMAGE_RED,
    DARK_TEXT,
    GOLD,
    GREEN,
    ORANGE,
    TEXT,
    ellipsize,
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
from .widgets import ability_entries, flow_pills, stat, to_int

#: tiles at least this wide get the long status labels and the bigger name
WIDE = 130
#: the narrowest a Possess host label gets in the status row
MIN_HOST_W = 30


def name_font_size(body_w: int) -> int:
    return 19 if body_w >= WIDE else 18


def name_width(body_w: int) -> int:
    """The room for a creature's name on a tile whose body is ``body_w`` px wide."""
    return body_w - (14 if body_w >= WIDE else 8)


def name_lines(name: str, body_w: int) -> list[str]:
    return wrap_text(safe_text(name), font(name_font_size(body_w)), name_width(body_w), 2)


def _row_width(widths: list[int]) -> int:
    return sum(widths) + 4 * (len(widths) - 1)


def status_row(c: dict, cards: Cards, col: dict, bw: int, dmg: int, dash: int, hp: int) -> list[tuple[tuple, int]]:
    """The status pills of a tile whose body is ``bw`` px wide, each with its width: damage
    ("-2 of 5"), the Dash bonus ("DASH+2") and the host of a Possess stack ("on Goblin"),
    drawn in the seat colours ``col``.
    Wide tiles spell damage and Dash out unless that overflows the row; the host label
    gives way to the others, down to ``MIN_HOST_W`` px."""
    lang = cards.lang
    stack = c.get("stack") or None
    inner = bw - 12
    host = None
    if stack and len(stack) > 1:
        host = (text("tile.on_host", lang, card=cards.name(stack[-1])), col["tint"], col["light"], col["light"])

    def pills(long: bool) -> list[tuple]:
        out = []
        if dmg:
            out.append((text("tile.damage_of", lang, damage=dmg, hp=hp) if long else f"-{dmg}",
                        DAMAGE_RED, TEXT, None))
        if dash:
            out.append((text("tile.dash", lang, n=dash) if long and not (dmg and stack)
                        else f"\u26a1+{dash}", GREEN, DARK_TEXT, None))
        return out

    fixed = pills(bw >= WIDE)
    room = inner - ((4 + MIN_HOST_W) if host else 0)
    if fixed and _row_width([pill_width(e[0], font(17), 5) for e in fixed]) > room:
        fixed = pills(False)  # the short forms, rather than spill out of the tile
    entries = fixed + ([host] if host else [])
    widths = [pill_width(e[0], font(16) if e[3] else font(17), 5) for e in entries]
    total = _row_width(widths)
    if total > inner and host:  # the host label gives way
        widths[-1] = max(MIN_HOST_W, int(inner - (total - widths[-1])))
    return list(zip(entries, widths))


def draw_creature(draw: ImageDraw.ImageDraw, box, c: dict, cards: Cards, side: int) -> None:
    """One creature tile; ``side`` is the seat whose side of the lane it stands on and
    ``c["_index"]`` its 0-based position there."""
    lang = cards.lang
    x0, y0, x1, y1 = box
    col = seat_colour(side)
    stack = c.get("stack") or None
    body = (x0, y0 + 10, x1, y1)
    if stack:
        # the host card peeks out behind the possessor
        rounded_box(draw, (x0 + 8, y0 + 2, x1, y1 - 10), 12, fill=col["tint"],
                    outline=col["light"], width=3)
        body = (x0, y0 + 12, x1 - 8, y1)
    bx0, by0, bx1, by1 = body
    bw = bx1 - bx0
    champion = bool(c.get("champion"))
    outline = GOLD if champion else col["bright"]
    rounded_box(draw, body, 12, fill=col["dark"], outline=outline, width=4 if champion else 3)

    # top badges straddling the border: position, champion, NEW
    index = c.get("_index")
    bf = font(17)
    bx = bx0 + 4
    if index is not None:
        b = pill(draw, bx, by0 - 10, str(index + 1), bf, TEXT, DARK_TEXT, pad_x=7, height=22)
        bx = b[2] + 3
    if champion:
        b = pill(draw, bx, by0 - 10, "\u2605", bf, GOLD, DARK_TEXT, pad_x=5, height=22)
        bx = b[2] + 3
    if c.get("played_this_turn"):
        new = text("tile.new", lang)
        nw = pill_width(new, bf, 6)
        pill(draw, bx1 - nw - 4, by0 - 10, new, bf, GOLD, DARK_TEXT, pad_x=6, height=22)

    # name
    nf = font(name_font_size(bw))
    ny = by0 + 16
    lines = name_lines(cards.name(c.get("card")), bw)
    if len(lines) == 1:
        ny += 11
    for i, line in enumerate(lines):
        draw.text((bx0 + bw / 2, ny + i * 22), line, font=nf, fill=TEXT, anchor="ma")

    # stats: AV (sword) and remaining HP (heart)
    av, hp = to_int(c.get("av")), to_int(c.get("hp"))
    base_av, base_hp = to_int(c.get("base_av"), av), to_int(c.get("base_hp"), hp)
    dmg = max(0, to_int(c.get("damage")))
    dash = max(0, to_int(c.get("dash_bonus")))
    sy = by0 + 82
    av_col = GREEN if av > base_av else (ORANGE if av < base_av else TEXT)
    half = bw / 2 - 6
    stat(draw, bx0 + bw * 0.27, sy, "av", av, av_col, big=34, max_w=half)
    hp_col = ORANGE if dmg else (GREEN if hp > base_hp else TEXT)
    stat(draw, bx0 + bw * 0.73, sy, "hp", hp - dmg, hp_col, big=34, max_w=half)

    # status row: damage this turn, Dash bonus, the host of a Possess stack
    row_y = by0 + 104
    entries = status_row(c, cards, col, bw, dmg, dash, hp)
    if entries:
        total = _row_width([w for _e, w in entries])
        x = bx0 + max(6, (bw - total) / 2)
        for (label, fill, tf, outline), w in entries:
            f = font(16) if outline else font(17)
            label = ellipsize(safe_text(label), f, w - 10)
            b = pill(draw, x, row_y, label, f, fill, tf, outline=outline, pad_x=5, height=24,
                     width=2)
            x = b[2] + 4

    # abilities: printed (white), granted (gold, "+"), Protection used (struck)
    ab = ability_entries(c.get("abilities"), c.get("granted"), c.get("protection_used"), lang)
    if ab:
        flow_pills(draw, bx0 + 5, by1 - 6 - 2 * 24 - 3, bw - 10, 2, ab, font(16))
