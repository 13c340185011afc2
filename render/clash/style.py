"""Geometry and colours of the Clash of Decks pictures (no drawing, no text)."""

from __future__ import annotations

from render.common import GOLD, ORANGE

# ---------------------------------------------------------------- board geometry

W = 1080
MARGIN = 12
HEADER_H = 60
BANNER_H = 72
PANEL_GAP = 12
PANEL_W = (W - 2 * MARGIN - PANEL_GAP) // 2  # 522
BRIDGE_W = 96
LANE_PAD = 10
SIDE_PAD = 8  # between bridge and the first tile, and between tiles and the lane edge
TILE_GAP = 8
TILE_H = 196
WIDE_TILE_W = 148  # up to 3 creatures on a side
NARROW_TILE_W = 109  # 4 per row, wrapping after that
NARROW_PER_ROW = 4
LANE_GAP = 10
EMPTY_LANE_H = 116

BRIDGE_X0 = (W - BRIDGE_W) // 2
BRIDGE_X1 = BRIDGE_X0 + BRIDGE_W

#: the two lanes of a view, top first (docs/clash/view.md)
LANES = ("top", "bottom")

# ---------------------------------------------------------------- draft area

DRAFT_CARD_W = 190
DRAFT_CARD_H = 230

# ---------------------------------------------------------------- private hand

HAND_CARD_W = 112
HAND_FORT_W = 84
HAND_CARD_H = 214
HAND_GAP = 8
HAND_TOP = 74  # header height incl. margin
HAND_BAR = 30  # room for the play-window bar above the cards
HAND_HEALTH_BAR = 40

# ---------------------------------------------------------------- legend

LEGEND_PILL = 17
LEGEND_TEXT = 19

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
