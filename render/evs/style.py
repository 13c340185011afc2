"""Sizes, colours and small value helpers shared by the Empire vs Steppe drawing modules.

Nothing here knows the rules or the content: faction colours come in as ``#rrggbb`` from
``names.faction_colour`` and are turned into the shades a picture needs here."""

from __future__ import annotations

import math

from render import legibility
from render.common import BG, PANEL, PANEL_EDGE, TEXT, TEXT_SOFT  # noqa: F401  (re-exported)

# ---------------------------------------------------------------- geometry (issue 22)

#: every picture is W px wide and at most H tall (render/legibility.py: landscape, 1,200-1,600
#: wide, no taller than 0.75 x the width), so Discord shows it large inline and on a phone.
W, H = 1200, 900
#: the font size of everything a move needs: legible fitted into 550 x 400 and 400 px wide
BODY = int(math.ceil(legibility.smallest_legible_px((W, H))))  # 24
SMALL = 19  # detail only (card texts, legends): read when the picture is opened
TITLE = BODY + 4
BIG = BODY + 8
MARGIN = 8
PAD = 10
GAP = 8


def line_h(size: int) -> int:
    return int(round(size * 1.25))


# ---------------------------------------------------------------- the battlefield

COLS = "ABCDEFG"  # ES-GEN-2
ROWS = 6
LABEL_W = 28  # the row labels left of the grid
LABEL_H = 28  # the column labels above and below it
CELL_W = 122
CELL_H = 136
GRID_X0 = MARGIN + LABEL_W
GRID_X1 = GRID_X0 + len(COLS) * CELL_W  # 890
STRIP_H = 26  # the top strip of a cell: its terrain height badge and forest mark
#: the side column right of the grid: turn, phase, the decision, each seat's resources
SIDE_X0, SIDE_X1 = GRID_X1 + 12, W - MARGIN

# ---------------------------------------------------------------- colours

PLAIN = (52, 60, 58)  # a height-0 cell without terrain
PLAIN_EDGE = (84, 94, 92)
CELL_LABEL = (150, 162, 160)
#: cell tints by terrain height (ES-TER-2): up is earth and rock, down is water-dark
HEIGHT_FILL = {
    -2: (30, 48, 78), -1: (42, 64, 92), 0: (92, 96, 70),
    1: (104, 92, 62), 2: (128, 104, 66), 3: (150, 130, 100),
}
HEIGHT_BADGE = {-2: (96, 165, 250), -1: (147, 197, 253), 0: (203, 213, 225),
                1: (253, 230, 138), 2: (251, 191, 36), 3: (255, 255, 255)}
FOREST = (34, 120, 62)
FOREST_DARK = (22, 84, 44)
FOREST_MARK = (134, 239, 172)
ACTED = (148, 163, 184)
HP_ON = (239, 68, 68)
HP_OFF = (70, 30, 34)
POWER = (253, 224, 71)
TOKEN = (250, 204, 21)
CARD_BACK = (71, 85, 105)
CARD_BACK_EDGE = (148, 163, 184)
CARD_FACE = (241, 236, 222)
CARD_INK = (30, 30, 36)
REVEALED = (250, 204, 21)
FACE_UP = (94, 234, 212)  # staged face-up, not revealed (ES-DEP-7)
DEFENCE = (96, 165, 250)
COMMAND = (196, 181, 253)
ATTACK = (251, 146, 60)
TARGET = (239, 68, 68)
DRAW_SQUARE = (125, 211, 252)
COLLAPSE = (153, 27, 27)
BUFF = (74, 222, 128)
DEBUFF = (248, 113, 113)
BANNER = (30, 58, 96)
ALERT = (124, 45, 18)
WIN = (20, 83, 45)


def hex_rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def mix(a, b, t: float) -> tuple[int, int, int]:
    def channel(i: int) -> int:
        return int(round(a[i] + (b[i] - a[i]) * t))
    return channel(0), channel(1), channel(2)


def shades(colour: str) -> dict:
    """A faction's colour as the picture uses it: ``fill`` (token body, white text on it),
    ``edge`` (borders), ``light`` (names on the dark background)."""
    base = hex_rgb(colour)
    return {"base": base, "fill": mix(base, (0, 0, 0), 0.18), "edge": mix(base, (255, 255, 255), 0.45),
            "light": mix(base, (255, 255, 255), 0.6), "tint": mix(base, BG, 0.78)}


# ---------------------------------------------------------------- view access


def to_int(v, default: int = 0) -> int:
    try:
        return int(v)
    except (TypeError, ValueError):
        return default


def player(view: dict, seat: int) -> dict:
    players = view.get("players") or []
    p = players[seat] if 0 <= seat < len(players) else None
    return p if isinstance(p, dict) else {}


def section(view: dict, key: str) -> dict:
    v = view.get(key)
    return v if isinstance(v, dict) else {}


def units(view: dict) -> list[dict]:
    return [u for u in view.get("units") or [] if isinstance(u, dict)]
