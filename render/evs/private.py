"""One seat's private pictures, from that seat's own view, each 1,200 px wide and no taller
than 900 (render/legibility.py).

* The sheet (:func:`private_image`): a header with the seat's name and resources beside the
  status box (whose turn, the decision), then the seat's hand (unit cards as chips, command
  cards as tiles in a grid; during the secret pick, the cards picked so far) and its command
  zone (tiles with tokens and reveal / staging turns). A card's name, power, cost and tokens
  are drawn at the size a move needs; its text in smaller type, whole when the tile has room.
* The reference pages (:func:`private_pages` after the sheet): the full texts the sheet had
  to cut, the discard pile, both morale zones, the opponent's command zone when the seat may
  look (ES-ADV-2), the general commands, the faction effects and what the marks mean, in
  columns.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import legibility
from render.common import TEXT, TEXT_SOFT

from . import cards as C
from . import names as N
from .board import seat_styles
from .panels import who
from .reference import Block, reference_blocks
from .status import status
from .style import BG, BODY, GAP, H, MARGIN, W, line_h, player, section, to_int
from .text import Flow, fit, put

COLS = 5
TILE_GAP = 8
TILE_W = (W - 2 * MARGIN - (COLS - 1) * TILE_GAP) / COLS
STATUS_X0 = 720  # the status box, right of the header
REF_COLS = 3  # the columns of a reference page


def _cards(view: dict, seat: int) -> tuple[bool, list[str]]:
    p = player(view, seat)
    raw = p.get("pick")
    pick = raw if isinstance(raw, dict) else None
    picking = pick is not None and view.get("phase") == "select"
    return picking, (list(pick.get("cards") or []) if pick is not None and picking else list(p.get("hand") or []))


def _header(d, view: dict, seat: int, seat_names, lang: str, style: dict) -> float:
    """The seat's name and resources on the left, the status box on the right."""
    p = player(view, seat)
    with legibility.essential():
        put(d, (MARGIN + 2, MARGIN + line_h(BODY) / 2 + 2),
            fit(N.label("private_of", lang, name=who(view, seat, seat_names, lang)), BODY, STATUS_X0 - 3 * MARGIN),
            BODY, style["light"], "lm")
        f = Flow(d, MARGIN + 2, STATUS_X0 - 2 * MARGIN, MARGIN + line_h(BODY) + 4, gap=8)
        f.word(N.label("hand_n", lang, n=to_int(p.get("hand_count"), len(p.get("hand") or []))), BODY, TEXT)
        f.sep()
        f.word(N.label("discard", lang, n=to_int(p.get("discard_count"), len(p.get("discard") or []))), BODY, TEXT)
        mseats = section(view, "morale").get("seats") or []
        mside = mseats[seat] if seat < len(mseats) and isinstance(mseats[seat], dict) else {}
        collapse = to_int((mside.get("track") or {}).get("collapse"), to_int(p.get("collapse"), 12))
        f.sep()
        f.word(N.label("morale_of", lang, n=to_int(mside.get("marker"), to_int(p.get("track"))), max=collapse),
               BODY, TEXT)
        left = f.end()
    right = status(d, MARGIN, view, seat_names, lang, x0=STATUS_X0, x1=W - MARGIN)
    return max(left, right)


def _heading(d, y: float, text: str, colour) -> float:
    with legibility.essential():
        put(d, (MARGIN + 2, y + line_h(BODY) / 2), text, BODY, colour, "lm")
    return y + line_h(BODY) + 2


def _grid(d, y: float, tiles: list[tuple[str, dict | None]], lang: str, turn: int, text_lines: int) -> float:
    """Command cards as tiles, COLS to a row, each row as tall as its tallest tile."""
    for start in range(0, len(tiles), COLS):
        row = tiles[start:start + COLS]
        xs = [MARGIN + i * (TILE_W + TILE_GAP) for i in range(len(row))]
        tall = max(C.command_row(None, x, x + TILE_W, y, c, lang, e, turn, text_lines) for x, (c, e) in zip(xs, row))
        for x, (c, e) in zip(xs, row):
            C.command_row(d, x, x + TILE_W, y, c, lang, e, turn, text_lines, height=tall - y)
        y = tall + TILE_GAP
    return y


def _sheet(d, view: dict, seat: int, seat_names, lang: str, text_lines: int) -> float:
    style = seat_styles(view)[seat]
    y = _header(d, view, seat, seat_names, lang, style) + GAP
    picking, cards = _cards(view, seat)
    y = _heading(d, y, N.label("your_pick" if picking else "your_hand", lang, n=len(cards)), style["light"])
    units = [c for c in cards if N.is_unit(c)]
    if units:
        f = Flow(d, MARGIN, W - MARGIN, y, 46, gap=8)
        for c in units:
            f.piece(C.unit_chip_w(c, lang), lambda x, cy, c=c: C.unit_chip(d, x, cy, c, lang, style["fill"]))
        y = f.end() + 2
    turn = to_int(view.get("turn"))
    y = _grid(d, y, [(c, None) for c in cards if not N.is_unit(c)], lang, turn, text_lines)
    if not cards:
        y = _heading(d, y, N.label("none", lang), TEXT_SOFT)
    zone = [e for e in player(view, seat).get("zone") or [] if isinstance(e, dict) and e.get("card") is not None]
    y = _heading(d, y + 2, N.label("your_zone", lang, n=len(zone)), style["light"])
    y = _grid(d, y, [(e["card"], e) for e in zone], lang, turn, text_lines)
    if not zone:
        y = _heading(d, y, N.label("none", lang), TEXT_SOFT)
    return y + MARGIN - TILE_GAP


def _fit_lines(view: dict, seat: int, seat_names, lang: str) -> int:
    """The most lines of card text per tile with which the sheet stays within H."""
    for lines in (5, 3, 2):
        if _sheet(None, view, seat, seat_names, lang, lines) <= H:
            return lines
    return 1


def private_image(view: dict, seat: int, seat_names, lang: str) -> Image.Image:
    """The sheet: header, hand and command zone."""
    lines = _fit_lines(view, seat, seat_names, lang)
    height = min(H, max(int(_sheet(None, view, seat, seat_names, lang, lines)), 1))
    img = Image.new("RGB", (W, height), BG)
    _sheet(ImageDraw.Draw(img), view, seat, seat_names, lang, lines)
    return img


def _cut(view: dict, seat: int, lang: str, lines: int) -> list[str]:
    """The command cards whose text the sheet could not hold whole."""
    _picking, cards = _cards(view, seat)
    zone = [e["card"] for e in player(view, seat).get("zone") or [] if isinstance(e, dict) and e.get("card")]
    return [c for c in dict.fromkeys(cards + zone) if not N.is_unit(c)
            and C.command_row(None, 0, TILE_W, 0, c, lang, text_lines=lines)
            < C.command_row(None, 0, TILE_W, 0, c, lang)]


def _pack(blocks: list[Block], cw: float) -> list[list[tuple[Block, int, float]]]:
    """Blocks in reading order down a column, then the next column (three a page), then the
    next page: ``[(block, column, y)]`` per page."""
    pages: list[list[tuple[Block, int, float]]] = [[]]
    col, y = 0, 0.0
    for b in blocks:
        h = b.height(cw)
        if y and y + h > H - 2 * MARGIN:
            col, y = col + 1, 0.0
            if col == REF_COLS:
                pages.append([])
                col = 0
        pages[-1].append((b, col, y))
        y += h + GAP
    return [p for p in pages if p]


def _page(place: list[tuple[Block, int, float]], cw: float) -> Image.Image:
    bottom = max(y + b.height(cw) for b, _c, y in place)
    img = Image.new("RGB", (W, int(min(H, max(W * 0.5, bottom + 2 * MARGIN)))), BG)
    d = ImageDraw.Draw(img)
    for b, c, y in place:
        b.draw(d, MARGIN + c * (cw + 2 * GAP), MARGIN + y, cw)
    return img


def private_pages(view: dict, seat: int, seat_names, lang: str) -> list[Image.Image]:
    """The sheet, then the reference pages (as many as their blocks need)."""
    lines = _fit_lines(view, seat, seat_names, lang)
    blocks = reference_blocks(view, seat, seat_names, lang, _cut(view, seat, lang, lines))
    cw = (W - 2 * MARGIN - (REF_COLS - 1) * GAP * 2) / REF_COLS
    return [private_image(view, seat, seat_names, lang)] + [_page(place, cw) for place in _pack(blocks, cw)]


__all__ = ["private_image", "private_pages"]
