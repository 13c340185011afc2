"""Where everything goes on the public board: every box, computed before any drawing, so
tests can check that nothing leaves the canvas or overlaps."""

from __future__ import annotations

from dataclasses import dataclass, field

from .content import Cards
from .draft import draft_height
from .legend import board_items, flow_legend, legend_height
from .style import (
    BANNER_H,
    BRIDGE_X0,
    BRIDGE_X1,
    EMPTY_LANE_H,
    HEADER_H,
    LANE_GAP,
    LANE_PAD,
    LANES,
    MARGIN,
    NARROW_PER_ROW,
    NARROW_TILE_W,
    PANEL_W,
    SIDE_PAD,
    TILE_GAP,
    TILE_H,
    W,
    WIDE_TILE_W,
)

Box = tuple[int, int, int, int]


@dataclass
class TileBox:
    lane: str
    seat: int
    index: int
    box: Box


@dataclass
class BoardLayout:
    width: int
    height: int
    header: Box
    banner: Box | None
    panels: list[Box]
    lanes: dict[str, Box] = field(default_factory=dict)
    draft: Box | None = None
    legend: Box | None = None
    tiles: list[TileBox] = field(default_factory=list)
    #: lane -> (tile width, tiles per row); each lane sizes its tiles on its fuller side
    tile_size: dict[str, tuple[int, int]] = field(default_factory=dict)
    legend_items: list = field(default_factory=list)

    def all_boxes(self) -> list[Box]:
        boxes = [self.header, *self.panels, *self.lanes.values()]
        boxes += [b for b in (self.banner, self.draft, self.legend) if b]
        boxes += [t.box for t in self.tiles]
        return boxes


def lane_sides(view: dict) -> dict[str, list[list[dict]]]:
    """lane -> [seat 0's creatures, seat 1's creatures], tolerant of missing parts."""
    lanes = view.get("lanes") or {}
    out = {}
    for lane in LANES:
        sides = lanes.get(lane) or [[], []]
        sides = list(sides) + [[]] * (2 - len(sides))
        out[lane] = [list(sides[0] or []), list(sides[1] or [])]
    return out


def panel_height(view: dict) -> int:
    seats = view.get("seats") or []
    extra = any(s.get("champion") or s.get("deck") for s in seats)
    setup = view.get("stage") not in ("play", "finished") and not any(
        s.get("hand") or s.get("is_ai") for s in seats)
    return (110 if setup else 174) + (32 if extra else 0)


def show_draft(view: dict) -> bool:
    return view.get("stage") == "draft" and bool(view.get("draft"))


def board_layout(view: dict, cards: Cards | None = None) -> BoardLayout:
    """Every box the board image uses; the image is exactly ``width`` x ``height``."""
    cards = cards or Cards(None, "en")
    y = MARGIN
    header = (MARGIN, y, W - MARGIN, y + HEADER_H)
    y = header[3] + 8
    banner = None
    if view.get("stage") == "finished" or view.get("result"):
        banner = (MARGIN, y, W - MARGIN, y + BANNER_H)
        y = banner[3] + 8
    ph = panel_height(view)
    panels = [
        (MARGIN, y, MARGIN + PANEL_W, y + ph),
        (W - MARGIN - PANEL_W, y, W - MARGIN, y + ph),
    ]
    y += ph + LANE_GAP
    layout = BoardLayout(width=W, height=0, header=header, banner=banner, panels=panels)

    sides = lane_sides(view)
    if show_draft(view):
        dh = draft_height(view, cards)
        layout.draft = (MARGIN, y, W - MARGIN, y + dh)
        y += dh + LANE_GAP
    else:
        for lane in LANES:
            y = _place_lane(layout, lane, sides[lane], y)

    items = board_items(view, sides, view.get("draft") if show_draft(view) else None, cards)
    if items:
        lines = flow_legend(items, W - 2 * MARGIN - 24)
        lh = legend_height(lines)
        layout.legend = (MARGIN, y, W - MARGIN, y + lh)
        layout.legend_items = lines
        y += lh + LANE_GAP
    layout.height = y - LANE_GAP + MARGIN
    return layout


def _place_lane(layout: BoardLayout, lane: str, sides: list[list[dict]], y: int) -> int:
    """The lane's strip and its tiles from ``y`` down; returns where the next part starts.
    Index 0 stands next to the bridge; each side grows outwards and wraps into rows."""
    most = max(len(side) for side in sides)
    if most <= 3:
        tile_w, per_row = WIDE_TILE_W, 3
    else:
        tile_w, per_row = NARROW_TILE_W, NARROW_PER_ROW
    layout.tile_size[lane] = (tile_w, per_row)
    rows = max(-(-len(side) // per_row) for side in sides)
    if rows:
        lh = 2 * LANE_PAD + rows * TILE_H + (rows - 1) * TILE_GAP
    else:
        lh = EMPTY_LANE_H
    layout.lanes[lane] = (MARGIN, y, W - MARGIN, y + lh)
    for seat in (0, 1):
        for i, _c in enumerate(sides[seat]):
            row, col = divmod(i, per_row)
            ty = y + LANE_PAD + row * (TILE_H + TILE_GAP)
            if seat == 0:
                x1 = BRIDGE_X0 - SIDE_PAD - col * (tile_w + TILE_GAP)
                x0 = x1 - tile_w
            else:
                x0 = BRIDGE_X1 + SIDE_PAD + col * (tile_w + TILE_GAP)
                x1 = x0 + tile_w
            layout.tiles.append(TileBox(lane, seat, i, (x0, ty, x1, ty + TILE_H)))
    return y + lh + LANE_GAP
