"""The public board, landscape (W x at most MAX_H, render/legibility.py): the status strip across
the top; below it the map on the left and a side column on the right with the seats, the hordes
on the map with the enemies left on each, the spawn decks and, when there is room, the colour
legend. Every box is measured before it is drawn; a crowded map's horde list goes compact
(square and number, three to a row) rather than making the board taller."""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from .mapdraw import MapLayout, base_image, draw_map, map_layout
from .panels import header, hordes, legend, seats
from .style import MARGIN, MAX_H, W

GAP = 10
COL_W = 390        # the side column


@dataclass
class BoardLayout:
    """Where the boxes of a board are (for tests): y ranges and the map squares' boxes."""
    height: int = 0
    header: tuple[int, int] = (0, 0)
    map: tuple[int, int] = (0, 0)
    seats: tuple[int, int] = (0, 0)
    cells: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)
    tray_boxes: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)
    column: tuple[int, int] = (W - MARGIN - COL_W, W - MARGIN)
    compact: bool = False
    with_legend: bool = True
    column_top: int = 0


def _plan(view: dict, seat_names: list[str] | None, lang: str) -> tuple[BoardLayout, MapLayout]:
    lay = BoardLayout()
    y2 = header(None, MARGIN, view, lang)
    lay.header = (MARGIN, int(y2))
    top = y2 + GAP
    cx0, cx1 = lay.column
    ml = map_layout(view, MARGIN, top, cx0 - GAP, MAX_H - MARGIN)
    lay.map = (int(ml.top), int(ml.top + ml.height))
    lay.column_top = int(top)
    y = seats(None, cx0, cx1, top, view, seat_names, lang)
    lay.seats = (int(top), int(y))
    bottom = MAX_H - MARGIN
    listed = {compact: hordes(None, cx0, cx1, y + GAP, view, lang, compact) for compact in (False, True)}
    for compact, with_legend in ((False, True), (False, False), (True, True), (True, False)):
        end = listed[compact]
        if with_legend:
            end = legend(None, cx0, cx1, end + 4, lang)
        if end <= bottom:
            break
    lay.compact, lay.with_legend = compact, with_legend
    lay.height = int(min(MAX_H, max(ml.top + ml.height, end) + MARGIN))
    return lay, ml


def board_layout(view: dict, seat_names: list[str] | None, lang: str = "en") -> BoardLayout:
    lay, ml = _plan(view, seat_names, lang)
    for cell in [chr(65 + x) + str(y + 1) for y in range(ml.rows) for x in range(ml.cols)]:
        lay.cells[cell] = ml.box(cell)
    for tid, t in (view.get("trays") or {}).items():
        if isinstance(t, dict) and t.get("cell") in lay.cells:
            lay.tray_boxes[tid] = lay.cells[t["cell"]]
    return lay


def board_image(view: dict, seat_names: list[str] | None, lang: str) -> Image.Image:
    lay, ml = _plan(view, seat_names, lang)
    img = base_image(view, ml, (W, lay.height))
    draw_map(img, view, ml, lang)
    d = ImageDraw.Draw(img)
    header(d, lay.header[0], view, lang)
    cx0, cx1 = lay.column
    seats(d, cx0, cx1, lay.seats[0], view, seat_names, lang)
    y = hordes(d, cx0, cx1, lay.seats[1] + GAP, view, lang, lay.compact)
    if lay.with_legend:
        legend(d, cx0, cx1, y + 4, lang)
    return img
