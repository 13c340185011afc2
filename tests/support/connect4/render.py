"""Connect Four's board picture (Pillow): the grid with both seats' discs and column numbers."""
from __future__ import annotations

import io

from PIL import Image, ImageDraw

CELL = 90
DISC = ((230, 57, 70), (255, 200, 40))


def board_png(view: dict, seat_names: list[str], lang: str = "en") -> bytes:
    return _draw(view, seat_names, None)


def private_png(view: dict, seat: int, seat_names: list[str], lang: str = "en") -> bytes:
    """The same board with the seat's own colour marked (Connect Four has no secrets)."""
    return _draw(view, seat_names, seat)


def _draw(view: dict, seat_names: list[str], seat: int | None) -> bytes:
    grid = view["grid"]
    width, height = CELL * len(grid[0]), CELL * (len(grid) + 2)
    image = Image.new("RGB", (width, height), (30, 60, 160))
    draw = ImageDraw.Draw(image)
    for c in range(len(grid[0])):
        draw.text((c * CELL + CELL // 2, CELL * len(grid) + CELL // 2), str(c + 1), fill="white", anchor="mm",
                  font_size=40)
        for r, row in enumerate(grid):
            colour = (240, 240, 240) if row[c] is None else DISC[row[c]]
            draw.ellipse((c * CELL + 8, r * CELL + 8, (c + 1) * CELL - 8, (r + 1) * CELL - 8), fill=colour)
    for s, name in enumerate(seat_names[:2]):
        mark = "▶ " if s == seat else ""
        draw.text((s * width // 2 + 20, CELL * (len(grid) + 1) + CELL // 2), f"{mark}{name}", fill=DISC[s], anchor="lm",
                  font_size=34)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()
