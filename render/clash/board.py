"""The public board: the header (turn, whose turn and phase, or the result), one panel per
player, and the two lanes with their creature tiles (or the draft area).

A player's hand is counted, never drawn: this picture goes to the channel."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import legibility
from render.common import (
    BG,
    DARK_TEXT,
    GOLD,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_SOFT,
    draw_text,
    ellipsize,
    fit_font,
    font,
    pill,
    pill_width,
    rounded_box,
    safe_text,
    seat_colour,
)

from .content import Cards
from .draft import draw_draft
from .labels import (
    format_label,
    game_title,
    phase_label,
    player_label,
    reason_label,
    seat_name,
    stage_label,
    text,
)
from .layout import BoardLayout, board_layout, lane_sides
from .panels import clear_cache as clear_panels
from .panels import panel_image
from .style import (
    BRIDGE_DARK,
    BRIDGE_W,
    BRIDGE_WOOD,
    BRIDGE_X0,
    BRIDGE_X1,
    DETAIL,
    ESSENTIAL,
    LANE_FILL,
    LANES,
    TITLE,
    W,
)
from .tiles import clear_cache as clear_tiles
from .tiles import tile_image
from .widgets import to_int


def board_image(view: dict, seat_names: list[str] | None, cards: Cards) -> Image.Image:
    lang = cards.lang
    seats = view.get("seats") or []
    names = [seat_name(seat_names, i, lang, bool(s.get("is_ai"))) for i, s in enumerate(seats)]
    while len(names) < 2:
        names.append(seat_name(seat_names, len(names), lang))
    layout = board_layout(view, cards)
    base = _static_board(layout.height, tuple(sorted(layout.lanes.items())), lang)
    img = base.copy()
    draw = ImageDraw.Draw(img)
    if layout.banner:
        _draw_banner(draw, layout.banner, view, names, lang)
    else:
        _draw_header(draw, layout.header, view, names, lang)
    for s, (x0, y0, x1, y1) in enumerate(layout.panels):
        img.paste(panel_image(view, s, names[s], cards, (x1 - x0 + 1, y1 - y0 + 1)), (x0, y0))
    if layout.draft:
        draw_draft(draw, layout.draft, view, names, cards)
    else:
        _draw_lanes(img, draw, layout, view, cards)
    return img


def _draw_lanes(img: Image.Image, draw: ImageDraw.ImageDraw, layout: BoardLayout, view: dict,
                cards: Cards) -> None:
    sides = lane_sides(view)
    for lane in LANES:
        lx0, ly0, lx1, ly1 = layout.lanes[lane]
        for seat in (0, 1):
            if not sides[lane][seat]:
                cx = (lx0 + BRIDGE_X0) / 2 if seat == 0 else (BRIDGE_X1 + lx1) / 2
                draw_text(draw, (cx, (ly0 + ly1) / 2), text("lane.empty", cards.lang), font(DETAIL),
                          seat_colour(seat)["light"], anchor="mm")
    for t in layout.tiles:
        c = dict(sides[t.lane][t.seat][t.index])
        c["_index"] = t.index
        x0, y0, x1, y1 = t.box
        img.paste(tile_image(c, cards, t.seat, (x1 - x0, y1 - y0), t.mode), (x0, y0))


# ---------------------------------------------------------------- static layer


@lru_cache(maxsize=64)
def _static_layer(height: int, lanes: tuple, lang: str) -> Image.Image:
    """Background, lane strips and bridges with the lanes' names: the same for every board of
    this shape."""
    img = Image.new("RGB", (W, height), BG)
    d = ImageDraw.Draw(img)
    for lane, (x0, y0, x1, y1) in lanes:
        rounded_box(d, (x0, y0, x1, y1), 14, fill=LANE_FILL)
        d.rectangle((x0 + 14, y0, BRIDGE_X0, y1), fill=seat_colour(0)["tint"])
        d.rounded_rectangle((x0, y0, x0 + 28, y1), 14, fill=seat_colour(0)["tint"])
        d.rectangle((BRIDGE_X1, y0, x1 - 14, y1), fill=seat_colour(1)["tint"])
        d.rounded_rectangle((x1 - 28, y0, x1, y1), 14, fill=seat_colour(1)["tint"])
        # the bridge: planks across the river
        d.rectangle((BRIDGE_X0, y0, BRIDGE_X1, y1), fill=BRIDGE_WOOD)
        for py in range(y0 + 46, y1 - 4, 18):
            d.line((BRIDGE_X0 + 4, py, BRIDGE_X1 - 4, py), fill=BRIDGE_DARK, width=3)
        d.line((BRIDGE_X0, y0, BRIDGE_X0, y1), fill=BRIDGE_DARK, width=5)
        d.line((BRIDGE_X1, y0, BRIDGE_X1, y1), fill=BRIDGE_DARK, width=5)
        with legibility.essential():  # the lane's name is typed in moves
            fnt, label = fit_font(text(f"lane.{lane}", lang), BRIDGE_W - 10, (ESSENTIAL,))
            rounded_box(d, (BRIDGE_X0 + 3, y0 + 6, BRIDGE_X1 - 3, y0 + 38), 8, fill=DARK_TEXT)
            d.text(((BRIDGE_X0 + BRIDGE_X1) / 2, y0 + 22), label, font=fnt, fill=TEXT, anchor="mm")
        # arrows: who attacks which way
        cy = (y0 + 40 + y1) // 2
        ah = min(14, (y1 - y0 - 44) // 4)
        if ah > 4:
            d.polygon([(BRIDGE_X0 + 14, cy - ah - ah), (BRIDGE_X0 + 40, cy - ah),
                       (BRIDGE_X0 + 14, cy)], fill=seat_colour(0)["bright"])
            d.polygon([(BRIDGE_X1 - 14, cy), (BRIDGE_X1 - 40, cy + ah),
                       (BRIDGE_X1 - 14, cy + ah + ah)], fill=seat_colour(1)["bright"])
    return img


class _KeptLayers:
    """The static layer of a board of a shape; ``cache_clear()`` forgets every layer the
    board keeps (this one, the panels and the tiles), so a test recording what is drawn sees
    every string drawn again."""

    def __call__(self, height: int, lanes: tuple, lang: str) -> Image.Image:
        return _static_layer(height, lanes, lang)

    def cache_clear(self) -> None:
        _static_layer.cache_clear()
        clear_panels()
        clear_tiles()


_static_board = _KeptLayers()


def clear_cache() -> None:
    _static_board.cache_clear()


# ---------------------------------------------------------------- header and banner


def _mode_text(view: dict, lang: str) -> str:
    mode = view.get("mode")
    bits = [text("mode.solo", lang) if mode == "solo" else text("mode.duel", lang)]
    fmt = format_label(view.get("format"), lang)
    if fmt:
        bits.append(fmt)
    solo = view.get("solo") or {}
    if mode == "solo" and solo:
        lvl = to_int(solo.get("difficulty"))
        bits.append(text("solo.level", lang, level=lvl) if lvl else text("solo.quick", lang))
    return " \u00b7 ".join(bits)


def _draw_header(draw: ImageDraw.ImageDraw, box, view: dict, names: list[str], lang: str) -> None:
    x0, y0, x1, y1 = box
    rounded_box(draw, box, 14, fill=PANEL)
    cy = (y0 + y1) / 2
    stage = view.get("stage")
    x = x0 + 10
    rf = font(DETAIL)
    rtxt = _mode_text(view, lang)
    draw_text(draw, (x1 - 14, cy), rtxt, rf, TEXT_SOFT, anchor="rm")
    right = x1 - 14 - rf.getlength(rtxt) - 16
    with legibility.essential():
        turn = view.get("turn")
        if turn:
            b = pill(draw, x, cy - 18, text("turn", lang, turn=turn), font(ESSENTIAL), TEXT, DARK_TEXT,
                     pad_x=10, height=36)
            x = b[2] + 12
        wf = font(TITLE)
        if stage == "play":
            tp = to_int(view.get("turn_player"), 0)
            who = names[tp] if tp < len(names) else player_label(tp, lang)
            phase = phase_label(view.get("phase"), lang) or ""
            to_play = " " + text("to_play", lang) + (f"  \u00b7  {phase}" if phase else "")
            who_s = ellipsize(safe_text(who), wf, max(60, right - x - wf.getlength(to_play)))
            draw.text((x, cy), who_s, font=wf, fill=seat_colour(tp)["light"], anchor="lm")
            x += wf.getlength(who_s)
            draw_text(draw, (x, cy), to_play, wf, TEXT, anchor="lm", max_width=right - x)
        else:
            label = stage_label(stage, lang)
            if label is None:
                label = safe_text(stage or "")
            draw_text(draw, (x, cy), label or game_title(lang), wf, TEXT, anchor="lm", max_width=right - x)


def _draw_banner(draw: ImageDraw.ImageDraw, box, view: dict, names: list[str], lang: str) -> None:
    """The header of a finished game: who won and why."""
    x0, y0, x1, y1 = box
    result = view.get("result") or {}
    winners = [w for w in (result.get("winners") or []) if isinstance(w, int)]
    n_seats = max(2, len(view.get("seats") or []))
    if winners:
        w = winners[0]
        fill = seat_colour(w)["bright"]
        title = text("banner.wins", lang, name=names[w] if w < len(names) else player_label(w, lang))
        losers = [s for s in range(n_seats) if s not in winners]
        loser = names[losers[0]] if losers and losers[0] < len(names) else text("banner.opponent", lang)
        sub = reason_label(result.get("reason"), lang, loser)
    else:
        fill = PANEL_EDGE
        title = text("stage.finished", lang)
        sub = ""
    rounded_box(draw, box, 14, fill=GOLD)
    rounded_box(draw, (x0 + 5, y0 + 5, x1 - 5, y1 - 5), 10, fill=fill)
    cy = (y0 + y1) / 2
    with legibility.essential():
        x = x0 + 16
        turn = view.get("turn")
        if turn:
            b = pill(draw, x, cy - 17, text("turn", lang, turn=turn), font(ESSENTIAL), TEXT, DARK_TEXT,
                     pad_x=10, height=34)
            x = b[2] + 14
        tf, title = fit_font(title, (x1 - x) * (0.6 if sub else 0.95), (32, 30, TITLE, 26, ESSENTIAL))
        draw.text((x, cy), title, font=tf, fill=TEXT, anchor="lm", stroke_width=2, stroke_fill=DARK_TEXT)
        if sub:
            tx = x + tf.getlength(title) + 20
            draw_text(draw, (x1 - 18, cy), sub, font(ESSENTIAL), TEXT, anchor="rm", max_width=x1 - 18 - tx,
                      stroke=2, stroke_fill=DARK_TEXT)
