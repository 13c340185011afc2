"""The public board: the status box, seat 1's panel (its side of the battlefield, row 6),
the battlefield, seat 0's panel (row 1's side) and the legend, one column 800 px wide and as
tall as it needs (every box is measured before anything is drawn)."""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from . import names as N
from .grid import GRID_H, draw_grid
from .panels import legend, player_panel
from .status import status
from .style import BG, GAP, MARGIN, W, shades

#: a seat whose faction is not known (a view without factions): the engine's own colours
FALLBACK = ("#9b1c1c", "#b7791f")


@dataclass
class BoardLayout:
    """Where the boxes of a board are (for tests and the host): y ranges and cell boxes."""
    height: int = 0
    status: tuple[int, int] = (0, 0)
    panels: dict[int, tuple[int, int]] = field(default_factory=dict)
    grid: tuple[int, int] = (0, 0)
    cells: dict[str, tuple] = field(default_factory=dict)


def seat_styles(view: dict) -> dict[int, dict]:
    factions = view.get("factions") or []
    out = {}
    for s in (0, 1):
        fid = factions[s] if s < len(factions) else None
        out[s] = shades(N.faction_colour(fid) if fid else FALLBACK[s])
    return out


def _plan(view: dict, seat_names, lang: str, styles) -> BoardLayout:
    lay = BoardLayout()
    y: float = MARGIN
    y2 = status(None, y, view, seat_names, lang)
    lay.status = (int(y), int(y2))
    y = y2 + GAP
    y2 = player_panel(None, y, view, 1, seat_names, lang, styles[1])
    lay.panels[1] = (int(y), int(y2))
    y = y2 + 2
    lay.grid = (int(y), int(y + GRID_H))
    y += GRID_H + 2
    y2 = player_panel(None, y, view, 0, seat_names, lang, styles[0])
    lay.panels[0] = (int(y), int(y2))
    y = legend(None, y2 + GAP, view, lang)
    lay.height = int(y + MARGIN)
    return lay


def board_layout(view: dict, seat_names, lang: str = "en") -> BoardLayout:
    return _plan(view, seat_names, lang, seat_styles(view))


def board_image(view: dict, seat_names, lang: str) -> tuple[Image.Image, BoardLayout]:
    styles = seat_styles(view)
    lay = _plan(view, seat_names, lang, styles)
    img = Image.new("RGB", (W, lay.height), BG)
    d = ImageDraw.Draw(img)
    status(d, lay.status[0], view, seat_names, lang)
    player_panel(d, lay.panels[1][0], view, 1, seat_names, lang, styles[1])
    lay.cells = draw_grid(img, view, lay.grid[0], lang, styles)
    d = ImageDraw.Draw(img)
    player_panel(d, lay.panels[0][0], view, 0, seat_names, lang, styles[0])
    legend(d, lay.panels[0][1] + GAP, view, lang)
    return img, lay
