"""One seat's private hand sheet (for that seat's DM only): whose hand, health, mana and
turn, every hand card face up in order with the fort card, a ready champion, the play-window
and health bars, in a solo game the AI's whole discard pile, and the legend of the pills on
the hand and on the board (the board has no room for it)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import legibility
from render.common import (
    BG,
    DARK_TEXT,
    GREEN,
    PANEL,
    RED,
    TEXT,
    TEXT_SOFT,
    draw_text,
    font,
    pill,
    pill_width,
    rounded_box,
    safe_text,
    seat_colour,
)

from .content import Cards
from .faces import draw_card_face, draw_fort_card
from .labels import phase_label, side_label, stage_label, text
from .layout import lane_sides
from .legend import ability_items, board_items, draw_legend, flow_legend, legend_height
from .style import (
    DETAIL,
    ESSENTIAL,
    FACE_H,
    FACE_W,
    FORT_FACE_W,
    GAP,
    HAND_BAR,
    HAND_GAP,
    HAND_HEALTH_BAR,
    HEALTH_NOTE,
    MANA,
    MARGIN,
    MAX_H,
    PILL_FILL,
    SHEET_HEADER_H,
    TITLE,
    W,
)
from .widgets import side_colour, stat_box, to_int

#: whose hand, health, mana and turn, across the top
HEADER = (MARGIN, MARGIN, W - MARGIN, MARGIN + SHEET_HEADER_H)

#: the play window: how many of the leftmost non-fort cards may be played (CD-PLAY-2a)
WINDOW = 4

#: card widths to try, roomiest first, until the rows fit the sheet
FACE_WIDTHS = (FACE_W, 128, 112)


def _seat(view: dict, seat: int) -> dict:
    seats = view.get("seats") or []
    return seats[seat] if 0 <= seat < len(seats) else {}


def _rows(items: list, card_w: int) -> list[list]:
    avail = W - 2 * MARGIN
    rows: list[list] = [[]]
    x = 0
    for kind, item in items:
        w = FORT_FACE_W if kind == "fort" else card_w
        extra = 16 if kind == "champion" and rows[-1] else 0
        if rows[-1] and x + extra + w > avail:
            rows.append([])
            x, extra = 0, 0
        rows[-1].append((kind, item, x + extra, w))
        x += extra + w + HAND_GAP
    return [r for r in rows if r]


def hand_layout(view: dict, seat: int, cards: Cards | None = None) -> dict:
    """Boxes of the private hand image: ``width``, ``height``, the ``header``, ``boxes`` (one
    ``(kind, item, box)`` per hand item left to right, plus a ready champion), and the
    ``legend`` box and lines (or None)."""
    cards = cards or Cards(None, "en")
    s = _seat(view, seat)
    hand = [h for h in (s.get("hand") or []) if isinstance(h, dict)]
    items = [("fort" if h.get("fort") else "card", h) for h in hand]
    ch = s.get("champion")
    if isinstance(ch, dict) and ch.get("card") and ch.get("state") == "ready":
        items.append(("champion", ch))
    row_h = HAND_BAR + FACE_H + HAND_HEALTH_BAR
    top = HEADER[3] + GAP
    for card_w in FACE_WIDTHS:
        rows = _rows(items, card_w)
        if top + len(rows) * row_h + MARGIN <= MAX_H:
            break
    boxes = []
    y = top
    for row in rows:
        row_w = row[-1][2] + row[-1][3]
        x0 = (W - row_w) // 2
        y += HAND_BAR
        for kind, item, rx, w in row:
            boxes.append((kind, item, (x0 + rx, y, x0 + rx + w, y + FACE_H)))
        y += FACE_H + HAND_HEALTH_BAR
    if not boxes:
        y += 80
    pile = _discard_lines(view, cards, MAX_H - MARGIN - y)
    pile_box = None
    if pile:
        pile_box = (MARGIN, y, W - MARGIN, y + 16 + 34 * len(pile))
        y = pile_box[3] + GAP
    lines = _legend_lines(view, boxes, cards, MAX_H - MARGIN - y)
    box = None
    if lines:
        box = (MARGIN, y, W - MARGIN, y + legend_height(lines))
        y = box[3] + GAP
    return {"width": W, "height": y - GAP + MARGIN if (box or pile_box) else y + MARGIN, "header": HEADER,
            "boxes": boxes, "legend": box, "legend_lines": lines, "discard": pile_box, "discard_lines": pile}


def _discard_lines(view: dict, cards: Cards, room: int) -> list[list[tuple[str, int]]] | None:
    """The solo AI's whole discard pile, top first, as name pills in lines (the board names
    the top ones that fit its panel); None without an AI or a discard."""
    ai = next((s for s in view.get("seats") or [] if s.get("is_ai")), None)
    pile = list((ai or {}).get("ai_discard") or [])
    if not pile:
        return None
    f = font(DETAIL)
    lead = text("hand.ai_discard", cards.lang)
    items = [(lead, int(f.getlength(lead)) + 8)]
    items += [(safe_text(cards.name(c)), pill_width(safe_text(cards.name(c)), f, 6) + 6) for c in reversed(pile)]
    lines: list[list[tuple[str, int]]] = [[]]
    x = 0
    for label, w in items:
        if lines[-1] and x + w > W - 2 * MARGIN - 24:
            lines.append([])
            x = 0
        lines[-1].append((label, w))
        x += w
    while lines and 16 + 34 * len(lines) > room:
        lines.pop()
    return lines or None


def _legend_lines(view: dict, boxes: list, cards: Cards, room: int) -> list | None:
    """What the pills on the hand's cards and on the board mean, in the lines that fit."""
    seen: list[str] = []
    for _kind, item, _box in boxes:
        cid = item.get("card")
        if cid and not item.get("hidden"):
            for a in cards.info(cid)["abilities"]:
                if a not in seen:
                    seen.append(a)
    items = ability_items(seen, cards.lang)
    labels = {it[1] for it in items}
    items += [it for it in board_items(view, lane_sides(view), None, cards) if it[1] not in labels]
    if not items:
        return None
    lines = flow_legend(items, W - 2 * MARGIN - 24)
    while lines and legend_height(lines) > room:
        lines.pop()
    return lines or None


def play_window(boxes: list) -> set[int]:
    """Indices (into ``boxes``) of the cards in the play window: the leftmost four non-fort
    cards (CD-PLAY-2a)."""
    window: set[int] = set()
    for i, (kind, _item, _b) in enumerate(boxes):
        if kind == "card" and len(window) < WINDOW:
            window.add(i)
    return window


def _status(view: dict, seat: int, lang: str) -> tuple[str, tuple]:
    """The header's turn line and its colour."""
    stage = view.get("stage")
    if stage == "play":
        tp = to_int(view.get("turn_player"), -1)
        if tp == seat:
            phase = phase_label(view.get("phase"), lang)
            msg = text("hand.your_turn_phase", lang, phase=phase) if phase else text("hand.your_turn", lang)
            mcol = GREEN
        else:
            msg, mcol = text("hand.opponent_turn", lang), TEXT_SOFT
    else:
        msg, mcol = stage_label(stage, lang) or "", TEXT_SOFT
    if view.get("turn"):
        msg = text("hand.turn_status", lang, turn=view["turn"], status=msg) if msg else text(
            "turn", lang, turn=view["turn"])
    return msg, mcol


def _header(draw: ImageDraw.ImageDraw, view: dict, seat: int, lang: str) -> None:
    s = _seat(view, seat)
    col = seat_colour(seat)
    hb = HEADER
    rounded_box(draw, hb, 14, fill=PANEL, outline=col["bright"], width=3)
    cy = (hb[1] + hb[3]) / 2
    draw.rounded_rectangle((hb[0] + 12, cy - 13, hb[0] + 28, cy + 13), 5, fill=col["bright"])
    x = hb[0] + 38
    tf = font(TITLE)
    title = text("hand.title", lang)
    with legibility.essential():
        draw.text((x, cy), title, font=tf, fill=col["light"], anchor="lm")
    x += tf.getlength(title) + 14
    side = s.get("fort_side") or "bastion"
    x = stat_box(draw, x, cy - 20, str(to_int(s.get("health"))), side_label(side, lang), TEXT,
                 side_colour(side), icon="heart")
    mana = to_int(s.get("mana"))
    x = stat_box(draw, x + 8, cy - 20, str(mana), text("panel.mana", lang), MANA if mana else TEXT_SOFT,
                 icon="mana")
    msg, mcol = _status(view, seat, lang)
    with legibility.essential():
        draw_text(draw, (hb[2] - 14, cy), msg, font(ESSENTIAL), mcol, anchor="rm", max_width=hb[2] - 14 - x - 12)


def hand_image(view: dict, seat: int, cards: Cards) -> Image.Image:
    lang = cards.lang
    s = _seat(view, seat)
    col = seat_colour(seat)
    lay = hand_layout(view, seat, cards)
    img = Image.new("RGB", (lay["width"], lay["height"]), BG)
    draw = ImageDraw.Draw(img)
    _header(draw, view, seat, lang)
    boxes = lay["boxes"]
    if not boxes:
        with legibility.essential():
            draw_text(draw, (W / 2, HEADER[3] + 48), text("hand.empty", lang), font(ESSENTIAL),
                      TEXT_SOFT, anchor="mm")
    else:
        _cards(draw, boxes, s, col, cards)
    if lay["discard"]:
        _draw_discard(draw, lay["discard"], lay["discard_lines"])
    if lay["legend"]:
        draw_legend(draw, lay["legend"], lay["legend_lines"])
    return img


def _draw_discard(draw: ImageDraw.ImageDraw, box, lines: list[list[tuple[str, int]]]) -> None:
    rounded_box(draw, box, 12, fill=PANEL)
    f = font(DETAIL)
    y = box[1] + 10
    for i, line in enumerate(lines):
        x = box[0] + 12
        for j, (label, w) in enumerate(line):
            if i == 0 and j == 0:
                draw.text((x, y + 15), label, font=f, fill=TEXT_SOFT, anchor="lm")
            else:
                pill(draw, x, y + 2, label, f, PILL_FILL, DARK_TEXT, pad_x=6, height=26)
            x += w
        y += 34


def _cards(draw: ImageDraw.ImageDraw, boxes: list, s: dict, col: dict, cards: Cards) -> None:
    lang = cards.lang
    window = play_window(boxes)
    fort_i = next((i for i, b in enumerate(boxes) if b[0] == "fort"), None)
    health = to_int(s.get("health"))
    side = s.get("fort_side") or "bastion"
    pos = 0
    for i, (kind, item, box) in enumerate(boxes):
        x0, y0, x1, y1 = box
        same_row_next = i + 1 < len(boxes) and boxes[i + 1][2][1] == y0
        if kind == "fort":
            pos += 1
            draw_fort_card(draw, box, item.get("side") or side, health, lang)
        elif kind == "champion":
            draw_card_face(draw, box, cards.info(item.get("card")), lang, champion=True,
                           cost_override=item.get("cost_now"))
        else:
            pos += 1
            if item.get("hidden") or not item.get("card"):
                rounded_box(draw, box, 12, fill=col["dark"], outline=col["bright"], width=3)
                draw.text(((x0 + x1) / 2, (y0 + y1) / 2), "?", font=font(40), fill=col["light"], anchor="mm")
            else:
                draw_card_face(draw, box, cards.info(item["card"]), lang,
                               playable=bool(item.get("playable")), pos=pos)
        if i in window:
            draw.rectangle((x0, y0 - 12, x1 + (HAND_GAP if i + 1 in window and same_row_next else 0), y0 - 7),
                           fill=MANA)
        if fort_i is not None and i > fort_i and kind == "card":
            nxt_card = same_row_next and boxes[i + 1][0] == "card"
            draw.rectangle((x0, y1 + 7, x1 + (HAND_GAP if nxt_card else 0), y1 + 12), fill=RED)
    with legibility.essential():
        if window:
            first = boxes[min(window)][2]
            draw_text(draw, (first[0], first[1] - 15), text("hand.window", lang, n=len(window)),
                      font(ESSENTIAL), MANA, anchor="ls")
        if fort_i is not None and fort_i + 1 < len(boxes) and boxes[fort_i + 1][0] == "card":
            last = [b for b in boxes if b[0] == "card"][-1][2]
            note = text("hand.health.one" if health == 1 else "hand.health.other", lang, n=health)
            draw_text(draw, (last[2], last[3] + 38), note, font(ESSENTIAL), HEALTH_NOTE, anchor="rs")
