"""Small pieces the board, the sheets and the card faces share: ability pills, the sword and
heart stats, and the dark [icon BIG small] boxes. What they draw is essential (a player
needs it to choose a move) unless a caller draws it outside ``legibility.essential()``."""

from __future__ import annotations

from PIL import ImageDraw

from render import legibility
from render.common import (
    DARK_TEXT,
    GOLD,
    ORANGE,
    PANEL_EDGE,
    RED,
    TEXT,
    TEXT_SOFT,
    ellipsize,
    font,
    pill,
    pill_width,
    rounded_box,
)

from .labels import NEGATIVE_ABILITIES, ability_abbr
from .style import BIG, ESSENTIAL, HEART, MANA, NEG_PILL_FILL, PILL_FILL, PILL_GAP, PILL_H, SWORD, USED_PILL_FILL

#: one pill: (label, fill, text fill, outline, struck through)
PillEntry = tuple[str, tuple, tuple, tuple | None, bool]


def to_int(v, default: int = 0) -> int:
    try:
        return int(v)
    except (TypeError, ValueError):
        return default


def side_colour(side: str) -> tuple:
    """The colour of the fort card's side label: gold Bastion, orange Fort."""
    return GOLD if side != "fort" else ORANGE


def flow_pills(draw: ImageDraw.ImageDraw, x0, y0, max_w, max_rows, entries: list[PillEntry],
               size: int = ESSENTIAL, height: int = PILL_H, gap: int = PILL_GAP) -> int:
    """Pills left to right, wrapping, at most ``max_rows`` rows (a "+N" pill says how many
    did not fit); a pill wider than the row is cut with "…". Returns the rows used."""
    fnt = font(size)
    x, y, row = x0, y0, 0
    widths = [min(pill_width(e[0], fnt, 4), int(max_w)) for e in entries]
    for i, (entry, w) in enumerate(zip(entries, widths)):
        if x > x0 and x + w > x0 + max_w:
            row += 1
            x, y = x0, y + height + gap
        if row >= max_rows:
            break
        remaining = len(entries) - i
        if row == max_rows - 1 and remaining > 1:
            rest_w = sum(widths[i:]) + gap * (remaining - 1)
            more_w = pill_width(f"+{remaining - 1}", fnt, 4)
            if x + rest_w > x0 + max_w and x + w + gap + more_w > x0 + max_w:
                pill(draw, x, y, f"+{remaining}", fnt, PANEL_EDGE, TEXT, pad_x=4, height=height)
                return row + 1
        label, fill, tfill, outline, struck = entry
        if pill_width(label, fnt, 4) > w:
            label = ellipsize(label, fnt, w - 8)
        b = pill(draw, x, y, label, fnt, fill, tfill, outline=outline, pad_x=4, height=height)
        if struck:
            draw.line((b[0] + 2, b[3] - 3, b[2] - 2, b[1] + 3), fill=RED, width=3)
        x += w + gap
    return row + 1 if entries else 0


def ability_entries(abilities, granted, protection_used, lang: str) -> list[PillEntry]:
    """Pills for a creature's abilities: printed (white), granted (gold, "+"), Protection
    used (struck), drawbacks (lilac)."""
    out: list[PillEntry] = []
    granted = set(granted or [])
    for a in abilities or []:
        label = ability_abbr(a, lang)
        if a in granted:
            out.append(("+" + label, GOLD, DARK_TEXT, None, False))
        elif a == "PROTECTION" and protection_used:
            out.append((label, USED_PILL_FILL, TEXT, None, True))
        elif a in NEGATIVE_ABILITIES:
            out.append((label, NEG_PILL_FILL, DARK_TEXT, None, False))
        else:
            out.append((label, PILL_FILL, DARK_TEXT, None, False))
    return out


def draw_heart(draw: ImageDraw.ImageDraw, cx, cy, r, fill) -> None:
    draw.ellipse((cx - r, cy - r * 0.9, cx, cy + r * 0.1), fill=fill)
    draw.ellipse((cx, cy - r * 0.9, cx + r, cy + r * 0.1), fill=fill)
    draw.polygon([(cx - r + 0.5, cy - r * 0.3), (cx + r - 0.5, cy - r * 0.3), (cx, cy + r)], fill=fill)


def draw_sword(draw: ImageDraw.ImageDraw, cx, cy, r, fill) -> None:
    # a simple upright blade with a cross-guard
    draw.polygon([(cx, cy - r), (cx + r * 0.28, cy - r * 0.6), (cx + r * 0.28, cy + r * 0.35),
                  (cx - r * 0.28, cy + r * 0.35), (cx - r * 0.28, cy - r * 0.6)], fill=fill)
    draw.rectangle((cx - r * 0.7, cy + r * 0.35, cx + r * 0.7, cy + r * 0.55), fill=fill)
    draw.rectangle((cx - r * 0.14, cy + r * 0.55, cx + r * 0.14, cy + r), fill=fill)


def stat(draw: ImageDraw.ImageDraw, cx, cy, kind: str, value, colour, big=BIG, max_w=None) -> None:
    """An icon (``kind`` "av": sword, else heart) then a big number, centred on (cx, cy);
    the icon shrinks before the number does, and the number never below ``ESSENTIAL``."""
    s = str(value)
    icon, gap = 22, 2
    fnt = font(big)
    for size in range(big, ESSENTIAL - 1, -2):
        fnt = font(size)
        if max_w is None or icon + gap + fnt.getlength(s) <= max_w:
            break
    if max_w is not None and icon + gap + fnt.getlength(s) > max_w:
        icon = 14
    tw = fnt.getlength(s)
    x = cx - (icon + gap + tw) / 2
    if kind == "av":
        draw_sword(draw, x + icon / 2, cy, icon / 2, SWORD)
    else:
        draw_heart(draw, x + icon / 2, cy, icon / 2, HEART)
    with legibility.essential():
        draw.text((x + icon + gap, cy), s, font=fnt, fill=colour, anchor="lm",
                  stroke_width=2, stroke_fill=DARK_TEXT)


def stat_box_width(big: str, small: str, icon=None) -> int:
    fb, fs = font(BIG), font(ESSENTIAL)
    return int(10 + (24 if icon else 0) + fb.getlength(big) + (6 + fs.getlength(small) if small else 0) + 10)


def stat_box(draw: ImageDraw.ImageDraw, x, y, big: str, small: str, big_col=TEXT, small_col=TEXT_SOFT,
             icon=None, h=40) -> int:
    """[icon BIG small] in a dark rounded box, essential; returns the right edge."""
    fb, fs = font(BIG), font(ESSENTIAL)
    w = stat_box_width(big, small, icon)
    rounded_box(draw, (x, y, x + w, y + h), 10, fill=DARK_TEXT)
    cx = x + 10
    cy = y + h / 2
    if icon == "heart":
        draw_heart(draw, cx + 10, cy, 10, HEART)
        cx += 24
    elif icon == "mana":
        draw.polygon([(cx + 10, cy - 11), (cx + 20, cy), (cx + 10, cy + 11), (cx, cy)], fill=MANA)
        cx += 24
    elif icon == "cards":
        draw.rounded_rectangle((cx + 2, cy - 11, cx + 16, cy + 9), 3, outline=TEXT, width=2)
        draw.rounded_rectangle((cx + 6, cy - 8, cx + 20, cy + 12), 3, fill=DARK_TEXT, outline=TEXT, width=2)
        cx += 24
    with legibility.essential():
        if big:
            draw.text((cx, cy), big, font=fb, fill=big_col, anchor="lm")
        cx += fb.getlength(big)
        if small:
            draw.text((cx + 6, cy + 1), small, font=fs, fill=small_col, anchor="lm")
    return int(x + w)
