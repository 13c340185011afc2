"""Geometry, font sizes and colours of the Clash of Decks pictures (no drawing, no text).

Every picture is ``W`` = 1,200 px wide and at most ``MAX_H`` = 900 px tall (the shape of
render/legibility.py). Discord shows such a picture 400 px wide on a phone, a third of its
size, so every string a player needs is drawn at ``ESSENTIAL`` = 24 px or more (8 px on the
phone); detail is drawn smaller and never marked essential."""

from __future__ import annotations

from render.common import GOLD, ORANGE

# ---------------------------------------------------------------- the picture

W = 1200
MAX_H = 900  # 0.75 x W
MARGIN = 10
GAP = 8

# ---------------------------------------------------------------- font sizes

#: the smallest size of any essential string (legibility.smallest_legible_px at 1,200 px wide)
ESSENTIAL = 24
#: big numbers: health, mana, attack and health of a creature
BIG = 28
#: names and titles
TITLE = 28
#: detail that is not needed to choose a move (the format, the deck's name, legends)
DETAIL = 20

# ---------------------------------------------------------------- board geometry

HEADER_H = 52
PANEL_W = (W - 2 * MARGIN - GAP) // 2  # 586
BRIDGE_W = 128
SIDE_PAD = 6  # between the bridge and the first tile, and between tiles and the lane edge
TILE_GAP = 6
LANE_PAD = 6  # above and below the rows of tiles
EMPTY_LANE_H = 64

BRIDGE_X0 = (W - BRIDGE_W) // 2
BRIDGE_X1 = BRIDGE_X0 + BRIDGE_W
#: the room for one side's tiles in a lane
SIDE_W = BRIDGE_X0 - MARGIN - 2 * SIDE_PAD

#: the two lanes of a view, top first (docs/clash/view.md)
LANES = ("top", "bottom")

# a creature tile: its badges straddle the top edge of its body
TILE_TOP = 12  # from the tile's top to its body's top
NAME_LINE = 26
STAT_ROW = 36
PILL_H = 28
PILL_GAP = 3

# ---------------------------------------------------------------- card faces (hand, draft, sheets)

FACE_W = 150
FACE_H = 184
FORT_FACE_W = 130

# ---------------------------------------------------------------- private sheets

SHEET_HEADER_H = 56
HAND_GAP = 8
HAND_BAR = 34  # room for the play-window bar and its label above a row of cards
HAND_HEALTH_BAR = 44  # room for the health bar and its note below a row

# ---------------------------------------------------------------- legend (sheets only)

LEGEND_PILL = DETAIL
LEGEND_TEXT = DETAIL

# ---------------------------------------------------------------- colours of this game

MANA = (34, 211, 238)
BASTION_FILL = GOLD
FORT_FILL = ORANGE
CARD_FILL = (48, 56, 72)
PILL_FILL = (232, 236, 244)
NEG_PILL_FILL = (196, 181, 253)
USED_PILL_FILL = (100, 106, 120)
SPELL_FILL = (192, 132, 252)
BRIDGE_WOOD = (133, 94, 56)
BRIDGE_DARK = (92, 62, 34)
LANE_FILL = (32, 37, 48)
HEART = (248, 113, 113)
SWORD = (253, 224, 71)
HEALTH_NOTE = (252, 165, 165)
