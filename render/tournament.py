"""Tournament pictures: a standings table and an elimination bracket, drawn from plain,
already-worded strings (no game, no tournament logic: the caller decides and words
everything, this only draws).

Both are 800 px wide with names at 24-26 px and every other text at >= 22 px, so they read
when Discord shows them 400 px wide on a phone; a long table or bracket grows taller, never
wider.

Bracket layout: a wider picture would be shrunk on a phone until the names are unreadable,
so columns are never squeezed below ~260 px and the picture never widens. Instead the
columns are laid out in *bands* stacked top to bottom, at most three columns per band, each
band the full 800 px. A new run of columns starts where the box count grows (e.g. the
losers' bracket after the winners' final); a run that fits beside the previous band joins it
(a two-box grand final after the losers' final), a longer run is cut into as few bands as
fit, preferring cuts where the next column does not halve (so connectors survive), then
near-equal bands (5 -> 3 + 2, 7 -> 3 + 2 + 2). Within a band each column's boxes are spaced
evenly over the band's height, so a column with half as many boxes as its left neighbour
sits between its predecessors, and only then are the connector lines drawn (box i to box
i // 2 of the next column). No lines cross bands.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import product
from typing import Sequence

from PIL import Image, ImageDraw

from render.common import (BG, GOLD, PANEL, PANEL_EDGE, TEXT, TEXT_SOFT, ellipsize, fit_font, font,
                           rounded_box, safe_text, to_png, wrap_text)

WIDTH = 800
MARGIN = 8            # the outer panel's inset
PAD = 24              # text inset inside the panel
TITLE_H = 72
DIM = (128, 137, 152)          # losers, dropped entrants, unknown names
ROW_ALT = (45, 52, 66)         # alternate row shading
HILITE = (70, 60, 26)          # an emphasized row
BOX_FILL = (47, 55, 71)
UNKNOWN = "\u2014"             # em dash for a name not known yet

# standings
HEAD_H, ROW_H = 44, 48
NAME_SIZE, FIG_SIZE, HEAD_SIZE, FOOT_SIZE = 26, 24, 22, 22
MIN_NAME_W = 240
FOOT_LINE = 30

# bracket
MAX_BAND_COLS = 3
COL_HEAD_H = 44
LABEL_H = 28          # the match label / score line above a box
SIDE_H = 40           # one name row of a box
BOX_H = 2 * SIDE_H
SLOT_H = LABEL_H + BOX_H + 22
MAX_BOX_W = 380
BOX_GAP = 30          # horizontal room between boxes of neighbouring columns (connectors)


@dataclass(frozen=True)
class BracketBox:
    label: str                 # e.g. "W1-1", "GF"
    top: str                   # name or "" (unknown yet) or a bye word given by the caller
    bottom: str
    winner: int | None = None  # 0 top won, 1 bottom won, None not decided
    score: str = ""            # e.g. "2-1" for best-of-3, may be ""
    live: bool = False         # being played now


def _canvas(height: int, title: str) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((MARGIN, MARGIN, WIDTH - MARGIN, height - MARGIN), 16,
                           fill=PANEL, outline=PANEL_EDGE, width=2)
    fnt, text = fit_font(safe_text(title), WIDTH - 2 * PAD, (30, 28, 26))
    if text:
        draw.text((PAD, MARGIN + TITLE_H // 2 + 2), text, font=fnt, fill=TEXT, anchor="lm")
    return image, draw


def _footer_lines(footer: str) -> list[str]:
    text = safe_text(footer).strip()
    return wrap_text(text, font(FOOT_SIZE), WIDTH - 2 * PAD, max_lines=3) if text else []


def _draw_footer(draw: ImageDraw.ImageDraw, lines: list[str], top: int) -> None:
    for n, line in enumerate(lines):
        draw.text((PAD, top + n * FOOT_LINE + FOOT_LINE // 2), line, font=font(FOOT_SIZE),
                  fill=TEXT_SOFT, anchor="lm")


def _footer_h(lines: list[str]) -> int:
    return len(lines) * FOOT_LINE + (12 if lines else 0)


# ---------------------------------------------------------------- standings


def _column_widths(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> tuple[int, list[int], int]:
    """Rank column width, figure column widths and the figure font size; the name column
    takes what is left (at least MIN_NAME_W: figures shrink to 22 px, then columns narrow
    and their text is ellipsized)."""
    inner = WIDTH - 2 * PAD
    rank_w = max([56] + [math.ceil(font(FIG_SIZE).getlength(r[0])) + 16 for r in rows]
                 + [math.ceil(font(HEAD_SIZE).getlength(headers[0])) + 16])
    size, widths = FIG_SIZE, []
    for size in (FIG_SIZE, 22):
        widths = [max(52, math.ceil(max([font(HEAD_SIZE).getlength(h)]
                                        + [font(size).getlength(r[c]) for r in rows])) + 18)
                  for c, h in enumerate(headers[2:], start=2)]
        if inner - rank_w - sum(widths) >= MIN_NAME_W:
            break
    room = inner - rank_w - MIN_NAME_W
    if widths and sum(widths) > room:
        widths = [max(40, w * room // sum(widths)) for w in widths]
    return rank_w, widths, size


def standings_png(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]], *,
                  highlight: Sequence[bool] = (), struck: Sequence[bool] = (), footer: str = "") -> bytes:
    """A standings table. ``headers``: rank, name, then the figure columns; ``rows``: the
    cells as strings, one row per entrant in order. ``highlight[i]``: row i emphasized (gold
    rank, tinted row); ``struck[i]``: row i greyed with its name struck through (a dropped
    entrant). ``footer``: e.g. the tie-break statement, wrapped to at most three lines."""
    headers = [safe_text(h) for h in headers] or ["#", ""]
    headers += [""] * (2 - len(headers))
    n_cols = len(headers)
    rows = [([safe_text(c) for c in row] + [""] * n_cols)[:n_cols] for row in rows]
    rank_w, fig_ws, fig_size = _column_widths(headers, rows)
    name_x = PAD + rank_w
    name_w = WIDTH - PAD - sum(fig_ws) - name_x - 12
    lines = _footer_lines(footer)
    table_top = MARGIN + TITLE_H
    rows_top = table_top + HEAD_H
    height = rows_top + len(rows) * ROW_H + 16 + _footer_h(lines) + MARGIN + 8
    image, draw = _canvas(height, title)
    head_font, fig_font = font(HEAD_SIZE), font(fig_size)

    fig_x, x = [], WIDTH - PAD - sum(fig_ws)  # centres of the figure columns
    for w in fig_ws:
        fig_x.append(x + w / 2)
        x += w
    mid = table_top + HEAD_H // 2
    draw.text((PAD + rank_w / 2, mid), ellipsize(headers[0], head_font, rank_w), font=head_font,
              fill=TEXT_SOFT, anchor="mm")
    if headers[1]:
        draw.text((name_x, mid), ellipsize(headers[1], head_font, name_w), font=head_font,
                  fill=TEXT_SOFT, anchor="lm")
    for cx, w, h in zip(fig_x, fig_ws, headers[2:]):
        if h:
            draw.text((cx, mid), ellipsize(h, head_font, w - 8), font=head_font, fill=TEXT_SOFT, anchor="mm")
    draw.line((PAD - 8, rows_top - 1, WIDTH - PAD + 8, rows_top - 1), fill=PANEL_EDGE, width=2)

    for i, row in enumerate(rows):
        top = rows_top + i * ROW_H
        lit = i < len(highlight) and bool(highlight[i])
        gone = i < len(struck) and bool(struck[i])
        shade = HILITE if lit and not gone else (ROW_ALT if i % 2 else None)
        if shade:
            draw.rectangle((MARGIN + 2, top, WIDTH - MARGIN - 2, top + ROW_H - 1), fill=shade)
        if lit and not gone:
            draw.rectangle((MARGIN + 2, top + 4, MARGIN + 8, top + ROW_H - 5), fill=GOLD)
        y = top + ROW_H / 2
        ink = DIM if gone else TEXT
        if row[0]:
            draw.text((PAD + rank_w / 2, y), ellipsize(row[0], fig_font, rank_w), font=fig_font,
                      fill=DIM if gone else (GOLD if lit else TEXT_SOFT), anchor="mm")
        name_font, name = fit_font(row[1], name_w, (NAME_SIZE, NAME_SIZE - 2))
        if name:
            draw.text((name_x, y), name, font=name_font, fill=ink, anchor="lm")
            if gone:
                draw.line((name_x - 2, y + 1, name_x + name_font.getlength(name) + 2, y + 1), fill=DIM, width=3)
        for cx, w, cell in zip(fig_x, fig_ws, row[2:]):
            if cell:
                draw.text((cx, y), ellipsize(cell, fig_font, w - 8), font=fig_font,
                          fill=DIM if gone else (TEXT if lit else TEXT_SOFT), anchor="mm")
    _draw_footer(draw, lines, rows_top + len(rows) * ROW_H + 16)
    return to_png(image)


# ---------------------------------------------------------------- bracket


def _split(run: list[int], counts: list[int]) -> list[list[int]]:
    """``run`` cut into as few bands as fit MAX_BAND_COLS, cutting where the next column
    does not halve if possible, then as evenly as possible, longer bands first."""
    pieces = math.ceil(len(run) / MAX_BAND_COLS)
    best, best_key = None, None
    for sizes in product(range(1, MAX_BAND_COLS + 1), repeat=pieces):
        if sum(sizes) != len(run):
            continue
        cuts = [run[0] + sum(sizes[:p]) for p in range(1, pieces)]  # first column of a band
        broken = sum(counts[c - 1] == 2 * counts[c] for c in cuts)
        key = (broken, max(sizes) - min(sizes), [-s for s in sizes])
        if best_key is None or key < best_key:
            best, best_key = sizes, key
    assert best is not None, "the sizes always add up one way (pieces bands of 1..MAX_BAND_COLS)"
    bands, start = [], 0
    for size in best:
        bands.append(run[start:start + size])
        start += size
    return bands


def _bands(counts: list[int]) -> list[list[int]]:
    """Column indices per band: a new run wherever the box count grows; a run that fits
    beside the previous band joins it, a long one is cut (:func:`_split`)."""
    runs: list[list[int]] = []
    for j, n in enumerate(counts):
        if not runs or n > counts[j - 1]:
            runs.append([])
        runs[-1].append(j)
    bands: list[list[int]] = []
    for run in runs:
        if bands and len(bands[-1]) + len(run) <= MAX_BAND_COLS:
            bands[-1].extend(run)
        else:
            bands.extend(_split(run, counts))
    return bands


def _draw_box(draw: ImageDraw.ImageDraw, box: BracketBox, x: float, top: float, w: float) -> None:
    """A match: the label (and score) line, then the two sides; ``top`` is the label line's."""
    small = font(22)
    label = safe_text(box.label)
    score = safe_text(box.score)
    score_w = math.ceil(small.getlength(score)) if score else 0
    lx = x + 4
    if box.live:
        draw.ellipse((lx, top + LABEL_H / 2 - 6, lx + 12, top + LABEL_H / 2 + 6), fill=GOLD)
        lx += 20
    if label:
        draw.text((lx, top + LABEL_H / 2), ellipsize(label, small, x + w - lx - score_w - 12), font=small,
                  fill=GOLD if box.live else TEXT_SOFT, anchor="lm")
    if score:
        draw.text((x + w - 4, top + LABEL_H / 2), score, font=small,
                  fill=TEXT if box.winner is not None else TEXT_SOFT, anchor="rm")
    y0 = top + LABEL_H
    rounded_box(draw, (x, y0, x + w, y0 + BOX_H), radius=8, fill=BOX_FILL,
                outline=GOLD if box.live else PANEL_EDGE, width=3 if box.live else 2)
    draw.line((x + 2, y0 + SIDE_H, x + w - 2, y0 + SIDE_H), fill=PANEL_EDGE, width=1)
    for side, raw in enumerate((box.top, box.bottom)):
        name = safe_text(raw).strip()
        sy = y0 + side * SIDE_H
        won = box.winner == side
        if won:
            draw.rectangle((x + 3, sy + 6, x + 8, sy + SIDE_H - 6), fill=GOLD)
        if not name:
            name, ink = UNKNOWN, DIM
        else:
            ink = GOLD if won else (DIM if box.winner is not None else TEXT)
        name_font, name = fit_font(name, w - 28, (24, 22))
        draw.text((x + 16, sy + SIDE_H / 2), name, font=name_font, fill=ink, anchor="lm")


def bracket_png(title: str, columns: Sequence[tuple[str, Sequence[BracketBox]]], *, footer: str = "") -> bytes:
    """An elimination bracket. ``columns``: left to right, (heading, boxes); laid out in
    bands of at most three columns (see the module docstring). ``footer``: wrapped to at
    most three lines."""
    columns = [(safe_text(head), list(boxes)) for head, boxes in columns]
    counts = [len(boxes) for _h, boxes in columns]
    bands = _bands(counts)
    col_w = (WIDTH - 2 * MARGIN - 8) / max([1] + [len(b) for b in bands])
    box_w = min(col_w - BOX_GAP, MAX_BOX_W)
    band_hs = [COL_HEAD_H + max(1, max(counts[j] for j in band)) * SLOT_H for band in bands]
    lines = _footer_lines(footer)
    body_top = MARGIN + TITLE_H
    height = body_top + sum(band_hs) + 12 * len(bands) + _footer_h(lines) + MARGIN + 12
    image, draw = _canvas(height, title)
    head_font = font(24)

    top = body_top
    for b, (band, band_h) in enumerate(zip(bands, band_hs)):
        if b:
            draw.line((PAD, top - 6, WIDTH - PAD, top - 6), fill=PANEL_EDGE, width=2)
        left = (WIDTH - col_w * len(band)) / 2
        content_top, content_h = top + COL_HEAD_H, band_h - COL_HEAD_H
        mids: list[list[tuple[float, float, float]]] = []  # per column: (x0, x1, y) of each box's middle
        for k, j in enumerate(band):
            heading, boxes = columns[j]
            cx = left + k * col_w + col_w / 2
            if heading:
                draw.text((cx, top + COL_HEAD_H / 2), ellipsize(heading, head_font, col_w - 12),
                          font=head_font, fill=TEXT, anchor="mm")
            slot = content_h / max(1, len(boxes))
            col_mids = []
            for i, box in enumerate(boxes):
                block_top = content_top + (i + 0.5) * slot - (SLOT_H - 22) / 2
                _draw_box(draw, box, cx - box_w / 2, block_top, box_w)
                col_mids.append((cx - box_w / 2, cx + box_w / 2, block_top + LABEL_H + SIDE_H))
            mids.append(col_mids)
        for k in range(len(band) - 1):  # connectors, only where the next column halves
            cur, nxt = mids[k], mids[k + 1]
            if not nxt or len(nxt) * 2 != len(cur):
                continue
            for i, (_x0, x1, y) in enumerate(cur):
                nx0, _nx1, ny = nxt[i // 2]
                elbow = (x1 + nx0) / 2
                draw.line([(x1, y), (elbow, y), (elbow, ny), (nx0, ny)], fill=PANEL_EDGE, width=3)
        top += band_h + 12
    _draw_footer(draw, lines, top)
    return to_png(image)
