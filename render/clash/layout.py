"""Where everything goes on the public board: every box, computed before any drawing, so
tests can check that nothing leaves the canvas or overlaps.

The board is 1,200 px wide and never taller than 900 (render/legibility.py): a header
(turn, whose turn and phase; the result when the game is over), one panel per player, then
the two lanes (or the draft area). Each lane sizes its tiles for its fuller side, starting
with three big tiles a row; when the lanes would not fit, the taller lane takes the next,
smaller tile size (:data:`LEVELS`) until they do. The legend of the pills lives on the
private sheets, not here."""

from __future__ import annotations

from dataclasses import dataclass, field

from .content import Cards
from .draft import draft_height
from .style import (
    BRIDGE_X0,
    BRIDGE_X1,
    EMPTY_LANE_H,
    GAP,
    HEADER_H,
    LANE_PAD,
    LANES,
    MARGIN,
    MAX_H,
    PANEL_W,
    SIDE_PAD,
    SIDE_W,
    TILE_GAP,
    W,
)
from .tiles import tile_height

Box = tuple[int, int, int, int]

#: tile sizes, roomiest first: (tiles per row, tile mode of tiles.MODES)
LEVELS = ((3, "full"), (4, "full"), (4, "compact"), (5, "compact"), (5, "mini"), (6, "mini"),
          (6, "micro"), (7, "micro"), (8, "micro"), (10, "micro"))


@dataclass
class TileBox:
    lane: str
    seat: int
    index: int
    box: Box
    mode: str = "full"


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
    """Name row, the stat row, and a row for the deck and champion when either is known."""
    seats = view.get("seats") or []
    extra = any(s.get("champion") or s.get("deck") or s.get("is_ai") for s in seats)
    return 8 + 34 + 6 + 40 + (6 + 30 if extra else 0) + 8


def show_draft(view: dict) -> bool:
    return view.get("stage") == "draft" and bool(view.get("draft"))


def tile_w(per_row: int) -> int:
    return (SIDE_W - (per_row - 1) * TILE_GAP) // per_row


def lane_height(count: int, level: int) -> int:
    per_row, mode = LEVELS[level]
    rows = -(-count // per_row)
    if not rows:
        return EMPTY_LANE_H
    return 2 * LANE_PAD + rows * tile_height(mode) + (rows - 1) * TILE_GAP


def lane_levels(counts: list[int], room: int) -> list[int]:
    """Each lane's level (index of LEVELS) so that the lanes fit in ``room`` px: the taller
    lane gives way first."""
    def fits(lv: list[int]) -> bool:
        return sum(lane_height(n, x) for n, x in zip(counts, lv)) + GAP * (len(counts) - 1) <= room

    least = [0 if n <= 3 else 1 for n in counts]  # one row when a side holds four
    levels = list(least)
    while not fits(levels):
        heights = [lane_height(n, lv) for n, lv in zip(counts, levels)]
        movable = [i for i, lv in enumerate(levels) if lv < len(LEVELS) - 1 and counts[i]]
        if not movable:
            return levels
        levels[max(movable, key=lambda k: (heights[k], -k))] += 1
    for i in sorted(range(len(levels)), key=lambda k: -levels[k]):  # give back what is not needed
        while levels[i] > least[i] and fits(levels[:i] + [levels[i] - 1] + levels[i + 1:]):
            levels[i] -= 1
    return levels


def board_layout(view: dict, cards: Cards | None = None) -> BoardLayout:
    """Every box the board image uses; the image is exactly ``width`` x ``height``."""
    cards = cards or Cards(None, "en")
    header = (MARGIN, MARGIN, W - MARGIN, MARGIN + HEADER_H)
    banner = header if (view.get("stage") == "finished" or view.get("result")) else None
    y = header[3] + GAP
    ph = panel_height(view)
    panels = [(MARGIN, y, MARGIN + PANEL_W, y + ph), (W - MARGIN - PANEL_W, y, W - MARGIN, y + ph)]
    y += ph + GAP
    layout = BoardLayout(width=W, height=0, header=header, banner=banner, panels=panels)
    if show_draft(view):
        dh = draft_height(view, cards)
        layout.draft = (MARGIN, y, W - MARGIN, y + dh)
        y += dh
    else:
        sides = lane_sides(view)
        counts = [max(len(s) for s in sides[lane]) for lane in LANES]
        levels = lane_levels(counts, MAX_H - MARGIN - y)
        for lane, level in zip(LANES, levels):
            y = _place_lane(layout, lane, sides[lane], level, y) + GAP
        y -= GAP
    layout.height = y + MARGIN
    return layout


def _place_lane(layout: BoardLayout, lane: str, sides: list[list[dict]], level: int, y: int) -> int:
    """The lane's strip and its tiles from ``y`` down; returns its bottom. Index 0 stands
    next to the bridge; each side grows outwards and wraps into rows."""
    per_row, mode = LEVELS[level]
    tw, th = tile_w(per_row), tile_height(mode)
    layout.tile_size[lane] = (tw, per_row)
    lh = lane_height(max(len(s) for s in sides), level)
    layout.lanes[lane] = (MARGIN, y, W - MARGIN, y + lh)
    for seat in (0, 1):
        for i, _c in enumerate(sides[seat]):
            row, col = divmod(i, per_row)
            ty = y + LANE_PAD + row * (th + TILE_GAP)
            if seat == 0:
                x1 = BRIDGE_X0 - SIDE_PAD - col * (tw + TILE_GAP)
                x0 = x1 - tw
            else:
                x0 = BRIDGE_X1 + SIDE_PAD + col * (tw + TILE_GAP)
                x1 = x0 + tw
            layout.tiles.append(TileBox(lane, seat, i, (x0, ty, x1, ty + th), mode))
    return y + lh
