"""A rating history as a small line chart PNG (for /rating): drawn from plain numbers, no
game involved. 800 px wide with large labels, so it reads at phone width."""
from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import BG, GOLD, PANEL, PANEL_EDGE, TEXT, TEXT_SOFT, font, safe_text, to_png

WIDTH, HEIGHT = 800, 380
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 96, 40, 78, 48


def rating_chart_png(points: list[tuple[float, int]], title: str, caption: str = "") -> bytes:
    """``points``: (time, rating) oldest first (at least one). ``title``: e.g. the member and
    the game; ``caption``: a line under the chart (e.g. "12 ranked games")."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BG)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((8, 8, WIDTH - 8, HEIGHT - 8), 16, fill=PANEL, outline=PANEL_EDGE, width=2)
    draw.text((28, 40), safe_text(title), font=font(28), fill=TEXT, anchor="lm")
    values = [value for _at, value in points] or [0]
    low, high = min(values), max(values)
    if high - low < 40:  # a flat history still gets a readable scale
        low, high = low - 20, high + 20
    x0, x1 = PAD_LEFT, WIDTH - PAD_RIGHT
    y0, y1 = PAD_TOP, HEIGHT - PAD_BOTTOM

    def y_of(value: float) -> float:
        return y1 - (value - low) / (high - low) * (y1 - y0)

    for value in (low, (low + high) / 2, high):
        y = y_of(value)
        draw.line((x0, y, x1, y), fill=PANEL_EDGE, width=1)
        draw.text((x0 - 12, y), str(round(value)), font=font(22), fill=TEXT_SOFT, anchor="rm")
    step = (x1 - x0) / max(1, len(values) - 1)
    xy = [(x0 + i * step, y_of(v)) for i, v in enumerate(values)]
    if len(xy) > 1:
        draw.line(xy, fill=GOLD, width=5, joint="curve")
    for x, y in xy[-1:]:
        draw.ellipse((x - 8, y - 8, x + 8, y + 8), fill=GOLD)
        draw.text((x - 14, y - 22), str(values[-1]), font=font(26), fill=GOLD, anchor="rs")
    if caption:
        draw.text((x0, HEIGHT - 24), safe_text(caption), font=font(22), fill=TEXT_SOFT, anchor="lm")
    return to_png(image)
