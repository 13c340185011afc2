"""The draft area of the board: whose pick, the revealed cards face up, and both players'
picks (public, rules: Information)."""

from __future__ import annotations

from PIL import ImageDraw

from render import legibility
from render.common import (
    TEXT,
    TEXT_SOFT,
    draw_text,
    ellipsize,
    font,
    pill,
    pill_width,
    rounded_box,
    safe_text,
    seat_colour,
)

from .content import Cards
from .faces import draw_card_face
from .labels import player_label, text
from .style import DETAIL, ESSENTIAL, FACE_H, FACE_W, LANE_FILL, PANEL_W, TITLE
from .widgets import to_int

TITLE_H = 48
PICK_ROW = 34


def draft_height(view: dict, cards: Cards) -> int:
    d = view.get("draft") or {}
    picked = d.get("picked") or [[], []]
    rows = max([len(flow_names(p or [], cards, PANEL_W - 28)) for p in picked] + [1])
    return TITLE_H + FACE_H + 14 + 32 + rows * PICK_ROW + 10


def flow_names(ids, cards: Cards, max_w) -> list[list[tuple[str, int]]]:
    """Card-name pills in rows no wider than ``max_w``: (label as drawn, pill width)."""
    fnt = font(ESSENTIAL)
    rows: list[list[tuple[str, int]]] = [[]]
    x = 0
    for cid in ids:
        nm = safe_text(cards.name(cid))
        w = min(pill_width(nm, fnt, 8), max_w)
        if rows[-1] and x + w > max_w:
            rows.append([])
            x = 0
        rows[-1].append((ellipsize(nm, fnt, w - 16), w))
        x += w + 6
    return rows if rows[0] else []


def revealed_boxes(box, n: int) -> list[tuple[int, int, int, int]]:
    """The boxes of ``n`` revealed cards, centred in a row under the draft area's title."""
    x0, y0, x1, _y1 = box
    if n <= 0:
        return []
    cy = y0 + TITLE_H
    cw = min(FACE_W + 30, int((x1 - x0 - 32 - 12 * (n - 1)) / n))
    total = n * cw + 12 * (n - 1)
    cx = x0 + (x1 - x0 - total) / 2
    out = []
    for _ in range(n):
        out.append((int(cx), cy, int(cx) + cw, cy + FACE_H))
        cx += cw + 12
    return out


def _title(draw: ImageDraw.ImageDraw, box, d: dict, names: list[str], lang: str) -> None:
    x0, y0, x1, _y1 = box
    picker = to_int(d.get("picker"), 0)
    col = seat_colour(picker)
    left = to_int(d.get("picks_left"))
    rnd = d.get("round")
    title = text("draft.round", lang, round=rnd) if rnd else text("stage.draft", lang)
    pile = d.get("pile_size")
    ptxt = text("draft.pile", lang, n=pile) if pile is not None else ""
    draw_text(draw, (x1 - 14, y0 + 24), ptxt, font(DETAIL), TEXT_SOFT, anchor="rm")
    cy = y0 + 24
    with legibility.essential():
        tf = font(ESSENTIAL)
        draw.text((x0 + 14, cy), title, font=tf, fill=TEXT, anchor="lm")
        x = x0 + 14 + tf.getlength(title) + 20
        who = names[picker] if picker < len(names) else player_label(picker, lang)
        tail = " " + (text("draft.picks", lang, n=left) if left else text("draft.to_pick", lang))
        wf = font(TITLE)
        room = x1 - 14 - font(DETAIL).getlength(ptxt) - 24 - x
        tail = ellipsize(tail, wf, max(room - 80, 40))
        who_s = ellipsize(who, wf, max(60, room - wf.getlength(tail)))
        rounded_box(draw, (x - 8, y0 + 4, x + wf.getlength(who_s + tail) + 8, y0 + 44), 10,
                    fill=col["dark"], outline=col["bright"], width=3)
        draw.text((x, cy), who_s, font=wf, fill=col["light"], anchor="lm")
        draw.text((x + wf.getlength(who_s), cy), tail, font=wf, fill=TEXT, anchor="lm")


def draw_draft(draw: ImageDraw.ImageDraw, box, view: dict, names: list[str], cards: Cards) -> None:
    lang = cards.lang
    x0, y0, x1, y1 = box
    d = view.get("draft") or {}
    rounded_box(draw, box, 14, fill=LANE_FILL)
    _title(draw, box, d, names, lang)
    col = seat_colour(to_int(d.get("picker"), 0))
    revealed = list(d.get("revealed") or [])
    cy = y0 + TITLE_H
    if revealed:
        for cid, card_box in zip(revealed, revealed_boxes(box, len(revealed))):
            draw_card_face(draw, card_box, cards.info(cid), lang, border=col["bright"])
    else:
        draw_text(draw, ((x0 + x1) / 2, cy + FACE_H / 2), text("draft.none_revealed", lang),
                  font(ESSENTIAL), TEXT_SOFT, anchor="mm")
    # picks, public (rules: Information)
    py = cy + FACE_H + 14
    picked = d.get("picked") or [[], []]
    f = font(ESSENTIAL)
    for s in (0, 1):
        scol = seat_colour(s)
        px0 = x0 + 14 if s == 0 else x1 - 14 - (PANEL_W - 28)
        ids = picked[s] if s < len(picked) else []
        nm = names[s] if s < len(names) else player_label(s, lang)
        hdr = text("draft.picked", lang, n=len(ids))
        with legibility.essential():
            shown = draw_text(draw, (px0, py + 14), nm, f, scol["light"], anchor="lm",
                              max_width=PANEL_W - 28 - f.getlength(hdr) - 12)
            draw_text(draw, (px0 + f.getlength(shown) + 12, py + 14), hdr, f, TEXT_SOFT, anchor="lm")
            ry = py + 32
            for row in flow_names(ids, cards, PANEL_W - 28):
                x = px0
                for label, w in row:
                    pill(draw, x, ry, label, f, scol["dark"], TEXT, outline=scol["bright"], pad_x=8, height=30)
                    x += w + 6
                ry += PICK_ROW
