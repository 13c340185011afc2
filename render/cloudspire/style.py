"""Sizes, colours and the small value helpers every Cloudspire drawing module shares.

Nothing here knows the rules or the content: colours are keyed by the view's own codes
(terrain letters, faction ids, upgrade-chip letters, landmark backs, market chip types)."""

from __future__ import annotations

import math
from typing import TypedDict

from render.common import DARK_TEXT, GOLD, TEXT

SQRT3 = math.sqrt(3.0)
#: the map's hexes are drawn this much taller than regular ones: rows further apart, so a
#: hex's column number (top) and the piece on the hex above (bottom) do not touch
SY = 1.2

RGB = tuple[int, int, int]


class ChipStyle(TypedDict):
    fill: RGB
    text: RGB
    letter: str


# ---------------------------------------------------------------- geometry of the board

#: Every picture is drawn for where Discord shows it (render/legibility.py): W px wide, at
#: most H tall (0.75 x W), and every string a player needs to choose a move at least ESS px
#: (legibility.smallest_legible_px((W, H)): 24), so it reads fitted into Discord's 550 x 400
#: desktop box and on a 400 px wide phone. The board: the hex map on the left, filling the
#: height; the status and one compact block per seat on the right. Detail (full texts, the
#: legend, the market's types and piles, each seat's reserves) is in the private picture.
W = 1200
H = 900
ESS = 24  # the smallest essential text
SMALL = 20  # detail (not needed to choose a move): readable when the picture is opened
MARGIN = 8
MAP_MARGIN = 6
GAP = 8
PAD = 12  # inside a box
MAX_HEX = 40.0  # hex circumradius cap (a tiny map must not get huge hexes)
SS = 2  # supersampling factor for shapes

#: font sizes
BODY = ESS
TITLE = ESS + 4
NAME = ESS + 2
BIG = ESS + 10
LINE = int(BODY * 1.24)  # line height of BODY text

#: the six axial neighbour directions (the lattice of docs/cloudspire/view.md)
DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]

# ---------------------------------------------------------------- colours

SKY = (27, 36, 54)
SKY_DOT = (36, 47, 68)
MAT_EDGE = (14, 17, 24)
SOURCE_CYAN = (34, 211, 238)
WELL_RING = (8, 145, 178)
FACE_DOWN = (58, 64, 80)
FACE_DOWN_MARK = (120, 128, 146)
LABEL_CHIP = (241, 245, 249)

#: terrain letters of the view; the legend names them through the catalog
TERRAIN = {
    "p": {"fill": (222, 199, 148), "mark": (196, 170, 116), "label": (70, 52, 24)},
    "l": {"fill": (140, 184, 96), "mark": (116, 158, 74), "label": (30, 56, 16)},
    "f": {"fill": (52, 112, 66), "mark": (34, 84, 46), "label": (214, 240, 218)},
    "m": {"fill": (134, 118, 106), "mark": (104, 90, 80), "label": (246, 240, 232)},
    "w": {"fill": (62, 124, 198), "mark": (44, 100, 170), "label": (226, 240, 255)},
}
UNKNOWN_TERRAIN = {"fill": (90, 96, 110), "mark": (70, 76, 90), "label": TEXT}

#: faction colours (the game's own: Brawnen grey, Grovetenders green, Heirs purple,
#: Narora blue) plus a letter each, so colour-blind players can tell them apart
FACTIONS = {
    "brawnen": {"letter": "B", "bright": (156, 163, 175), "dark": (62, 66, 76),
                "light": (229, 231, 235)},
    "grovetenders": {"letter": "G", "bright": (34, 170, 80), "dark": (22, 78, 44),
                     "light": (134, 239, 172)},
    "heirs": {"letter": "H", "bright": (168, 85, 247), "dark": (76, 29, 120),
              "light": (216, 180, 254)},
    "narora": {"letter": "N", "bright": (37, 99, 235), "dark": (30, 52, 120),
               "light": (147, 197, 253)},
}
#: a seat whose faction is not known yet (faction pick) or an unknown faction id
SEAT_FALLBACK = [
    {"letter": "1", "bright": (59, 130, 246), "dark": (30, 58, 138), "light": (147, 197, 253)},
    {"letter": "2", "bright": (239, 68, 68), "dark": (127, 29, 29), "light": (252, 165, 165)},
    {"letter": "3", "bright": (34, 197, 94), "dark": (20, 83, 45), "light": (134, 239, 172)},
    {"letter": "4", "bright": (245, 158, 11), "dark": (120, 53, 15), "light": (253, 230, 138)},
]

#: upgrade chips: attack / range / fortification (distinct in lightness too); the letter
#: is a symbol the legend explains
CHIPS: dict[str, ChipStyle] = {
    "a": {"fill": (220, 38, 38), "text": TEXT, "letter": "A"},
    "r": {"fill": (56, 189, 248), "text": DARK_TEXT, "letter": "R"},
    "f": {"fill": (241, 245, 249), "text": DARK_TEXT, "letter": "F"},
}

#: landmark backs
BACKS: dict[str, dict[str, RGB]] = {
    "swamp": {"fill": (101, 121, 52)},
    "ruins": {"fill": (120, 104, 92)},
    "temple": {"fill": (202, 138, 4)},
    "peak": {"fill": (125, 196, 240)},
    "ancient": {"fill": (159, 18, 57)},
}
UNKNOWN_BACK: dict[str, RGB] = {"fill": (120, 120, 120)}
LANDMARK_CHIP = (250, 248, 240)

#: market chip border colours (CS components: equipment blue, mercenary spire silver,
#: mercenary bronze, mercenary hero gold)
MARKET_EDGE = {
    "equipment": (59, 130, 246),
    "merc_spire": (203, 213, 225),
    "mercenary": (194, 120, 58),
    "merc_hero": GOLD,
}
HERO_RING = GOLD
HP_LOST = (153, 27, 27)

# ---------------------------------------------------------------- small helpers


def to_int(v, default: int = 0) -> int:
    try:
        return int(v)
    except (TypeError, ValueError):
        return default


def parse_hex(h: object) -> tuple[int, int] | None:
    """``"q,r"`` -> ``(q, r)``; None for anything else."""
    try:
        a, b = str(h).split(",")
        return int(a), int(b)
    except (ValueError, AttributeError):
        return None


def hex_distance(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def faction_of(view: dict, seat: object) -> str | None:
    facs = view.get("factions") or []
    s = to_int(seat, -1)
    if 0 <= s < len(facs):
        return facs[s]
    return None


def seat_style(view: dict, seat: object) -> dict:
    """Colours and letter of a seat (its faction's, or a seat fallback)."""
    fac = faction_of(view, seat)
    if fac in FACTIONS:
        return FACTIONS[fac]
    s = to_int(seat, 0)
    return SEAT_FALLBACK[s % len(SEAT_FALLBACK)]


def mix(a, b, t: float):
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


def player(view: dict, seat: object) -> dict:
    """The view's player entry of ``seat`` ({} if there is none)."""
    players = view.get("players") or []
    s = to_int(seat, -1)
    p = players[s] if 0 <= s < len(players) else None
    return p if isinstance(p, dict) else {}


def section(view: dict, key: str) -> dict:
    """``view[key]`` if it is a dict, else {}."""
    v = view.get(key)
    return v if isinstance(v, dict) else {}
