"""The public board: header, the map, the seats, the hordes on the map and a colour legend,
one column W px wide and as tall as it needs (every box is measured before it is drawn)."""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from .mapdraw import MapLayout, draw_map, map_layout
from .panels import hordes, header, legend, seats
from .style import BG, MARGIN, W

GAP = 8


@dataclass
class BoardLayout:
    """Where the boxes of a board are (for tests): y ranges and the map squares' boxes."""
    height: int = 0
    header: tuple[int, int] = (0, 0)
    map: tuple[int, int] = (0, 0)
    seats: tuple[int, int] = (0, 0)
    cells: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)
    tray_boxes: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)


def _plan(view: dict, seat_names: list[str] | None, lang: str) -> tuple[BoardLayout, MapLayout]:
    lay = BoardLayout()
    y: float = MARGIN
    y2 = header(None, y, view, lang)
    lay.header = (int(y), int(y2))
    ml = map_layout(view, y2 + GAP - 4)
    lay.map = (int(ml.top), int(ml.top + ml.height))
    y = ml.top + ml.height + GAP
    y2 = seats(None, y, view, seat_names, lang)
    lay.seats = (int(y), int(y2))
    y = hordes(None, y2 + GAP, view, lang)
    y = legend(None, y + 2, lang)
    lay.height = int(y + MARGIN)
    return lay, ml


def board_layout(view: dict, seat_names: list[str] | None, lang: str = "en") -> BoardLayout:
    lay, ml = _plan(view, seat_names, lang)
    for cell in _all_cells(ml):
        lay.cells[cell] = ml.box(cell)
    for tid, t in (view.get("trays") or {}).items():
        if isinstance(t, dict) and t.get("cell") in lay.cells:
            lay.tray_boxes[tid] = lay.cells[t["cell"]]
    return lay


def _all_cells(ml: MapLayout) -> list[str]:
    return [chr(65 + x) + str(y + 1) for y in range(ml.rows) for x in range(ml.cols)]


def board_image(view: dict, seat_names: list[str] | None, lang: str) -> Image.Image:
    lay, ml = _plan(view, seat_names, lang)
    img = Image.new("RGB", (W, lay.height), BG)
    d = ImageDraw.Draw(img)
    header(d, lay.header[0], view, lang)
    draw_map(d, view, ml, lang)
    seats(d, lay.seats[0], view, seat_names, lang)
    y = hordes(d, lay.seats[1] + GAP, view, lang)
    legend(d, y + 2, lang)
    return img
