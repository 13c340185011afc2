"""The public board, 1,200 x 900 (render/legibility.py): the battlefield large on the left
with its coordinates on the edges, and a side column on the right: the status box (turn,
whose move, the phase and the decision), then seat 1's box (its side of the battlefield is
row 6, on top) and seat 0's. Every box is measured before anything is drawn; what the
column cannot hold (morale card names, the legend, full card texts) is in each seat's
private sheets (private.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from . import names as N
from .grid import GRID_H, battlefield, draw_grid
from .panels import LEVELS, player_panel
from .status import status
from .style import GAP, H, MARGIN, W, shades

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
    level: int = 0  # how much the side column leaves out (panels.player_panel)


def seat_styles(view: dict) -> dict[int, dict]:
    factions = view.get("factions") or []
    out = {}
    for s in (0, 1):
        fid = factions[s] if s < len(factions) else None
        out[s] = shades(N.faction_colour(fid) if fid else FALLBACK[s])
    return out


def _plan(view: dict, seat_names, lang: str, styles) -> BoardLayout:
    top = status(None, MARGIN, view, seat_names, lang)
    for level in LEVELS:  # the first that fits the column
        lay = BoardLayout(height=H, level=level)
        lay.status = (MARGIN, int(top))
        y = top
        for seat in (1, 0):
            y2 = player_panel(None, y + GAP, view, seat, seat_names, lang, styles[seat], level)
            lay.panels[seat] = (int(y + GAP), int(y2))
            y = y2
        if y <= H - MARGIN:
            break
    lay.grid = (int((H - GRID_H) / 2), int((H - GRID_H) / 2) + GRID_H)
    return lay


def board_layout(view: dict, seat_names, lang: str = "en") -> BoardLayout:
    return _plan(view, seat_names, lang, seat_styles(view))


def board_image(view: dict, seat_names, lang: str) -> tuple[Image.Image, BoardLayout]:
    styles = seat_styles(view)
    lay = _plan(view, seat_names, lang, styles)
    img = battlefield(view, (W, H), lay.grid[0], lang)
    lay.cells = draw_grid(img, view, lay.grid[0], lang, styles)
    d = ImageDraw.Draw(img)
    status(d, lay.status[0], view, seat_names, lang)
    for seat in (1, 0):
        player_panel(d, lay.panels[seat][0], view, seat, seat_names, lang, styles[seat], lay.level)
    return img, lay
