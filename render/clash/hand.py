"""One seat's private hand picture (for that seat's DM only): whose hand, health, mana and
turn, every hand card face up in order with the fort card, a ready champion, the play-window
and health bars, and the legend of the abilities on the cards."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import (
    BG,
    GREEN,
    PANEL,
    RED,
    TEXT,
    TEXT_SOFT,
    draw_text,
    font,
    rounded_box,
    seat_colour,
)

from .content import Cards
from .faces import draw_card_face, draw_fort_card
from .labels import phase_label, side_label, stage_label, text
from .legend import ability_items, draw_legend, flow_legend, legend_height
from .style import (
    HAND_BAR,
    HAND_CARD_H,
    HAND_CARD_W,
    HAND_FORT_W,
    HAND_GAP,
    HAND_HEALTH_BAR,
    HAND_TOP,
    HEALTH_NOTE,
    LANE_GAP,
    MANA,
    MARGIN,
    W,
)
from .widgets import side_colour, stat_box, to_int

#: whose hand, health, mana and turn, across the top
HEADER = (MARGIN, MARGIN, W - MARGIN, MARGIN + HAND_TOP - 12)

#: the play window: how many of the leftmost non-fort cards may be played (CD-PLAY-2a)
WINDOW = 4


def _seat(view: dict, seat: int) -> dict:
    seats = view.get("seats") or []
    return seats[seat] if 0 <= seat < len(seats) else {}


def hand_layout(view: dict, seat: int, cards: Cards | None = None) -> dict:
    """Boxes of the private hand image: ``width``, ``height``, the ``header``, ``boxes`` (one
    ``(kind, item, box)`` per hand item left to right, plus a ready champion), and the
    ability ``legend`` box and lines (or None)."""
    cards = cards or Cards(None, "en")
    s = _seat(view, seat)
    hand = [h for h in (s.get("hand") or []) if isinstance(h, dict)]
    items = [("fort" if h.get("fort") else "card", h) for h in hand]
    ch = s.get("champion")
    if isinstance(ch, dict) and ch.get("card") and ch.get("state") == "ready":
        items.append(("champion", ch))
    avail = W - 2 * MARGIN
    rows: list[list] = [[]]
    x = 0
    for kind, item in items:
        w = HAND_FORT_W if kind == "fort" else HAND_CARD_W
        extra = 16 if kind == "champion" and rows[-1] else 0
        if rows[-1] and x + extra + w > avail:
            rows.append([])
            x, extra = 0, 0
        rows[-1].append((kind, item, x + extra, w))
        x += extra + w + HAND_GAP
    boxes = []
    y = MARGIN + HAND_TOP
    for row in rows:
        if not row:
            continue
        row_w = row[-1][2] + row[-1][3]
        x0 = (W - row_w) // 2
        y += HAND_BAR
        for kind, item, rx, w in row:
            boxes.append((kind, item, (x0 + rx, y, x0 + rx + w, y + HAND_CARD_H)))
        y += HAND_CARD_H + HAND_HEALTH_BAR
    if not boxes:
        y += 80
    # legend of the abilities on the visible cards
    seen: list[str] = []
    for kind, item, _box in boxes:
        cid = item.get("card")
        if cid and not item.get("hidden"):
            for a in cards.info(cid)["abilities"]:
                if a not in seen:
                    seen.append(a)
    box = lines = None
    if seen:
        lines = flow_legend(ability_items(seen, cards.lang), W - 2 * MARGIN - 24)
        box = (MARGIN, y, W - MARGIN, y + legend_height(lines))
        y = box[3] + LANE_GAP
    return {"width": W, "height": y + MARGIN - (LANE_GAP if box else 0), "header": HEADER,
            "boxes": boxes, "legend": box, "legend_lines": lines}


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


def hand_image(view: dict, seat: int, cards: Cards) -> Image.Image:
    lang = cards.lang
    s = _seat(view, seat)
    col = seat_colour(seat)
    lay = hand_layout(view, seat, cards)
    img = Image.new("RGB", (lay["width"], lay["height"]), BG)
    draw = ImageDraw.Draw(img)

    # header: whose hand, health, mana, turn status
    hb = lay["header"]
    rounded_box(draw, hb, 14, fill=PANEL, outline=col["bright"], width=3)
    cy = (hb[1] + hb[3]) / 2
    draw.rounded_rectangle((hb[0] + 12, cy - 13, hb[0] + 30, cy + 13), 5, fill=col["bright"])
    x = hb[0] + 42
    tf = font(26)
    title = text("hand.title", lang)
    draw.text((x, cy), title, font=tf, fill=col["light"], anchor="lm")
    x += tf.getlength(title) + 16
    side = s.get("fort_side") or "bastion"
    x = stat_box(draw, x, cy - 21, str(to_int(s.get("health"))), side_label(side, lang), TEXT,
                 side_colour(side), icon="heart")
    mana = to_int(s.get("mana"))
    x = stat_box(draw, x + 8, cy - 21, str(mana), text("panel.mana", lang), MANA if mana else TEXT_SOFT,
                 icon="mana")
    msg, mcol = _status(view, seat, lang)
    draw_text(draw, (hb[2] - 14, cy), msg, font(22), mcol, anchor="rm", max_width=hb[2] - 14 - x - 12)

    boxes = lay["boxes"]
    if not boxes:
        draw_text(draw, (W / 2, MARGIN + HAND_TOP + 40), text("hand.empty", lang), font(24),
                  TEXT_SOFT, anchor="mm")
        return img

    window = play_window(boxes)
    fort_i = next((i for i, b in enumerate(boxes) if b[0] == "fort"), None)
    health = to_int(s.get("health"))
    pos = 0
    for i, (kind, item, box) in enumerate(boxes):
        x0, y0, x1, y1 = box
        if kind == "fort":
            pos += 1
            draw_fort_card(draw, box, item.get("side") or side, health, lang)
        elif kind == "champion":
            info = cards.info(item.get("card"))
            draw_card_face(draw, box, info, lang, champion=True, cost_override=item.get("cost_now"))
        else:
            pos += 1
            if item.get("hidden") or not item.get("card"):
                rounded_box(draw, box, 12, fill=col["dark"], outline=col["bright"], width=3)
                draw.text(((x0 + x1) / 2, (y0 + y1) / 2), "?", font=font(40), fill=col["light"], anchor="mm")
            else:
                draw_card_face(draw, box, cards.info(item["card"]), lang,
                               playable=bool(item.get("playable")), pos=pos)
        if i in window:
            draw.rectangle((x0, y0 - 12, x1 + (HAND_GAP if i + 1 in window and
                            boxes[i + 1][2][1] == y0 else 0), y0 - 7), fill=MANA)
        if fort_i is not None and i > fort_i and kind == "card":
            draw.rectangle((x0, y1 + 7, x1 + (HAND_GAP if i + 1 < len(boxes) and
                            boxes[i + 1][0] == "card" and boxes[i + 1][2][1] == y0 else 0),
                            y1 + 12), fill=RED)
    # labels for the bars
    if window:
        first = boxes[min(window)][2]
        draw_text(draw, (first[0], first[1] - 17), text("hand.window", lang, n=len(window)), font(18),
                  MANA, anchor="ls")
    if fort_i is not None and fort_i + 1 < len(boxes) and boxes[fort_i + 1][0] == "card":
        last = [b for b in boxes if b[0] == "card"][-1][2]
        note = text("hand.health.one" if health == 1 else "hand.health.other", lang, n=health)
        draw_text(draw, (last[2], last[3] + 32), note, font(18), HEALTH_NOTE, anchor="rs")
    if lay["legend"]:
        draw_legend(draw, lay["legend"], lay["legend_lines"])
    return img
