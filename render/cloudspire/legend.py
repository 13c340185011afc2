"""The compact legend under the market: terrain, wells, upgrade chips, unit marks,
landmark backs and the mat-number label."""

from __future__ import annotations

from render.common import DARK_TEXT, GOLD, PANEL, PANEL_EDGE, TEXT, TEXT_SOFT, font, rounded_box

from .names import label
from .sprites import diamond, star
from .style import (
    BACKS,
    CHIPS,
    FACTIONS,
    HERO_RING,
    HP_LOST,
    LABEL_CHIP,
    LANDMARK_CHIP,
    MARKET_EDGE,
    MAT_EDGE,
    TERRAIN,
    WELL_RING,
)

LEGEND_FONT = 12
LEGEND_ROW = 19

#: (icon kind, key, catalog key of the word beside it), in reading order
ITEMS = (
    [("terrain", t, f"terrain.{t}") for t in ("p", "l", "f", "m", "w")]
    + [("well", None, "legend.well")]
    + [("chip", ch, f"chip.{ch}") for ch in "arf"]
    + [("hero", None, "word.hero"), ("damage", None, "legend.damage"), ("star", None, "word.promoted"),
       ("equip", None, "legend.equipment"), ("group", None, "legend.group"), ("text", None, "legend.landmarks")]
    + [("back", b, f"back.{b}") for b in ("swamp", "ruins", "temple", "peak")]
    + [("label", None, "legend.mat_label")]
)


def legend_rows(width: int, lang: str) -> list[list[tuple]]:
    """The legend's items laid out in rows: [[((kind, key, text), x)]]."""
    f = font(LEGEND_FONT)
    rows: list[list] = [[]]
    x = 0.0
    for kind, key, text_key in ITEMS:
        text = label(text_key, lang)
        w = f.getlength(text) + (0 if kind == "text" else 20) + 10
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0.0
        rows[-1].append(((kind, key, text), x))
        x += w
    return rows


def legend_height(width: int, lang: str) -> int:
    return len(legend_rows(width - 20, lang)) * LEGEND_ROW + 14


def draw_legend(d, box, lang: str) -> None:
    x0, y0, x1, y1 = box
    rounded_box(d, box, 12, fill=PANEL, outline=PANEL_EDGE, width=2)
    f = font(LEGEND_FONT)
    y = y0 + 7
    for row in legend_rows(x1 - x0 - 20, lang):
        for (kind, key, text), rx in row:
            x = x0 + 10 + rx
            cy = y + LEGEND_ROW / 2
            if kind == "text":
                d.text((x, cy), text, font=f, fill=TEXT_SOFT, anchor="lm")
                continue
            _icon(d, kind, key, x + 8, cy)
            d.text((x + 19, cy), text, font=f, fill=TEXT, anchor="lm")
        y += LEGEND_ROW


def _icon(d, kind, key, cx, cy) -> None:
    r = 7
    if kind == "terrain":
        d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=3, fill=TERRAIN[key]["fill"], outline=MAT_EDGE)
    elif kind == "well":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TERRAIN["p"]["fill"], outline=WELL_RING, width=2)
        diamond(d, cx, cy, 4, outline=WELL_RING)
    elif kind == "chip":
        info = CHIPS[key]
        d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=3, fill=info["fill"], outline=MAT_EDGE)
        d.text((cx, cy), info["letter"], font=font(10), fill=info["text"], anchor="mm")
    elif kind == "hero":
        d.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill=HERO_RING, outline=MAT_EDGE)
        d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=TEXT_SOFT)
    elif kind == "damage":
        d.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill=(240, 240, 240), outline=MAT_EDGE)
        d.pieslice((cx - 8, cy - 8, cx + 8, cy + 8), 90, 270, fill=HP_LOST)
        d.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=TEXT_SOFT)
    elif kind == "star":
        star(d, cx, cy, 8, GOLD)
    elif kind == "equip":
        d.rectangle((cx - 6, cy - 6, cx + 6, cy + 6), fill=MARKET_EDGE["equipment"], outline=MAT_EDGE)
    elif kind == "group":
        for k in (4, 2, 0):
            d.ellipse((cx - 6 + k - 2, cy - 6 + k - 2, cx + 6 + k - 2, cy + 6 + k - 2), fill=TEXT_SOFT,
                      outline=MAT_EDGE)
    elif kind == "back":
        d.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill=LANDMARK_CHIP, outline=MAT_EDGE)
        d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=BACKS[key]["fill"])
    elif kind == "label":
        d.rounded_rectangle((cx - 9, cy - 7, cx + 9, cy + 7), radius=7, fill=LABEL_CHIP, outline=MAT_EDGE)
        d.text((cx - 3, cy), "3", font=font(10), fill=DARK_TEXT, anchor="mm")
        d.ellipse((cx + 2, cy - 3, cx + 8, cy + 3), fill=FACTIONS["heirs"]["bright"])
