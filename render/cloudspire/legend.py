"""The legend of the private picture: the tokens (unit health, spire chips, landmark),
terrain, wells, upgrade chips, unit marks, landmark backs and the mat-number label. Its
icons are drawn without text; every word is SMALL (detail, not needed to choose a move)."""

from __future__ import annotations

from render.common import DARK_TEXT, GOLD, PANEL, PANEL_EDGE, TEXT, TEXT_SOFT, font, rounded_box

from .names import label
from .sprites import HEALTH_FULL, SPIRE_BADGE, diamond, gate_icon, star
from .style import (
    BACKS,
    PAD,
    SMALL,
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

LEGEND_ROW = int(SMALL * 1.5)
ICON = 30  # room for an icon before its word

#: (icon kind, key, catalog key of the word beside it), in reading order
ITEMS = (
    [("unit", None, "legend.unit"), ("spire", None, "legend.spire"), ("lm", None, "legend.landmark")]
    + [("terrain", t, f"terrain.{t}") for t in ("p", "l", "f", "m", "w")]
    + [("well", None, "legend.well")]
    + [("chip", ch, f"chip.{ch}") for ch in "arf"]
    + [("hero", None, "word.hero"), ("damage", None, "legend.damage"), ("star", None, "word.promoted"),
       ("equip", None, "legend.equipment"), ("group", None, "legend.group"), ("text", None, "legend.landmarks")]
    + [("back", b, f"back.{b}") for b in ("swamp", "ruins", "temple", "peak")]
    + [("label", None, "legend.mat_label")]
)


def legend_rows(width: float, lang: str) -> list[list[tuple]]:
    """The legend's items laid out in rows: [[((kind, key, text), x)]]."""
    f = font(SMALL)
    rows: list[list] = [[]]
    x = 0.0
    for kind, key, text_key in ITEMS:
        text = label(text_key, lang)
        w = f.getlength(text) + (0 if kind == "text" else ICON + 6) + 18
        if rows[-1] and x + w > width + 18:
            rows.append([])
            x = 0.0
        rows[-1].append(((kind, key, text), x))
        x += w
    return rows


def legend_height(width: float, lang: str) -> int:
    return len(legend_rows(width - 2 * PAD, lang)) * LEGEND_ROW + 2 * PAD - 6


def draw_legend(d, box, lang: str) -> None:
    """The legend in ``box`` (detail, SMALL: it is not needed to choose a move)."""
    x0, y0, x1, y1 = box
    rounded_box(d, box, 10, fill=PANEL, outline=PANEL_EDGE, width=2)
    f = font(SMALL)
    y = y0 + PAD - 3
    for row in legend_rows(x1 - x0 - 2 * PAD, lang):
        for (kind, key, text), rx in row:
            x = x0 + PAD + rx
            cy = y + LEGEND_ROW / 2
            if kind == "text":
                d.text((x, cy), text, font=f, fill=TEXT_SOFT, anchor="lm")
                continue
            _icon(d, kind, key, x + ICON / 2, cy)
            d.text((x + ICON + 6, cy), text, font=f, fill=TEXT, anchor="lm")
        y += LEGEND_ROW


def _icon(d, kind, key, cx, cy) -> None:
    r = 13
    if kind == "unit":  # owner's colour, then the health part
        d.rounded_rectangle((cx - r - 2, cy - 10, cx + r + 2, cy + 10), radius=10, fill=HEALTH_FULL, outline=MAT_EDGE,
                            width=2)
        d.rounded_rectangle((cx - r - 2, cy - 10, cx, cy + 10), radius=10, fill=FACTIONS["narora"]["bright"],
                            outline=MAT_EDGE, width=2)
    elif kind == "spire":
        d.rectangle((cx, cy - 11, cx + r + 1, cy + 11), fill=SPIRE_BADGE, outline=MAT_EDGE, width=2)
        for i, ch in enumerate("arf"):
            d.rectangle((cx + 2, cy - 9 + i * 6, cx + r - 1, cy - 9 + i * 6 + 4), fill=CHIPS[ch]["fill"])
        gate_icon(d, cx - 6, cy + 1, 8, FACTIONS["narora"]["bright"], False)
    elif kind == "lm":
        d.ellipse((cx - r, cy - 11, cx + r, cy + 11), fill=BACKS["temple"]["fill"], outline=MAT_EDGE, width=2)
        d.ellipse((cx - r + 4, cy - 7, cx + r - 4, cy + 7), fill=LANDMARK_CHIP)
    elif kind == "terrain":
        d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=4, fill=TERRAIN[key]["fill"], outline=MAT_EDGE)
    elif kind == "well":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TERRAIN["p"]["fill"], outline=WELL_RING, width=3)
        diamond(d, cx, cy, 7, outline=WELL_RING)
    elif kind == "chip":
        info = CHIPS[key]
        d.rounded_rectangle((cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1), radius=4, fill=info["fill"],
                            outline=MAT_EDGE)
        d.text((cx, cy), info["letter"], font=font(SMALL), fill=info["text"], anchor="mm")
    elif kind == "hero":
        d.rounded_rectangle((cx - r - 1, cy - 11, cx + r + 1, cy + 11), radius=11, fill=HERO_RING, outline=MAT_EDGE)
        d.rounded_rectangle((cx - r + 3, cy - 7, cx + r - 3, cy + 7), radius=7, fill=TEXT_SOFT)
    elif kind == "damage":
        d.rounded_rectangle((cx - r, cy - 10, cx + r, cy + 10), radius=10, fill=(254, 202, 202), outline=MAT_EDGE,
                            width=2)
        d.line([(cx - 3, cy - 6), (cx - 3, cy + 6)], fill=HP_LOST, width=3)
        d.line([(cx + 3, cy - 6), (cx + 3, cy + 6)], fill=HP_LOST, width=3)
    elif kind == "star":
        star(d, cx, cy, r, GOLD)
    elif kind == "equip":
        d.rectangle((cx - 9, cy - 9, cx + 9, cy + 9), fill=MARKET_EDGE["equipment"], outline=MAT_EDGE)
    elif kind == "group":
        for k in (6, 0):
            d.rounded_rectangle((cx - r + k - 3, cy - 9 + k / 2 - 2, cx + r + k - 7, cy + 9 + k / 2 - 2), radius=9,
                                fill=TEXT_SOFT if k == 0 else (90, 96, 110), outline=MAT_EDGE, width=2)
    elif kind == "back":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=LANDMARK_CHIP, outline=MAT_EDGE)
        d.ellipse((cx - r + 4, cy - r + 4, cx + r - 4, cy + r - 4), fill=BACKS[key]["fill"])
    elif kind == "label":
        d.rounded_rectangle((cx - r - 1, cy - 10, cx + r + 1, cy + 10), radius=10, fill=LABEL_CHIP, outline=MAT_EDGE)
        d.ellipse((cx + 1, cy - 6, cx + 11, cy + 4 + 0), fill=FACTIONS["heirs"]["bright"])
        d.rectangle((cx - 9, cy - 6, cx - 3, cy + 6), fill=DARK_TEXT)
