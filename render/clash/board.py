"""The public board: header, result banner, one panel per player, the two lanes with their
creature tiles (or the draft area) and the legend.

A player's hand is drawn as card backs with the fort card face up, whatever the view holds:
this picture goes to the channel."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    BG,
    DARK_TEXT,
    GOLD,
    PANEL,
    PANEL_EDGE,
    RED,
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
    DECK_CARDS,
    deck_label,
    format_label,
    game_title,
    phase_label,
    player_label,
    reason_label,
    seat_name,
    side_label,
    stage_label,
    text,
)
from .layout import BoardLayout, board_layout, lane_sides
from .legend import draw_legend
from .style import (
    BASTION_FILL,
    BRIDGE_DARK,
    BRIDGE_W,
    BRIDGE_WOOD,
    BRIDGE_X0,
    BRIDGE_X1,
    FORT_FILL,
    LANE_FILL,
    LANES,
    MANA,
    PILL_FILL,
    W,
)
from .tiles import draw_creature
from .widgets import side_colour, stat_box, to_int


def board_image(view: dict, seat_names: list[str] | None, cards: Cards) -> Image.Image:
    lang = cards.lang
    seats = view.get("seats") or []
    names = [seat_name(seat_names, i, lang, bool(s.get("is_ai"))) for i, s in enumerate(seats)]
    while len(names) < 2:
        names.append(seat_name(seat_names, len(names), lang))
    layout = board_layout(view, cards)
    base = _static_board(layout.height, tuple(layout.panels), tuple(sorted(layout.lanes.items())), lang)
    img = base.copy()
    draw = ImageDraw.Draw(img)
    _draw_header(draw, layout.header, view, names, lang)
    if layout.banner:
        _draw_banner(draw, layout.banner, view, names, lang)
    for s, box in enumerate(layout.panels):
        _draw_panel(draw, box, view, s, names[s], cards)
    if layout.draft:
        draw_draft(draw, layout.draft, view, names, cards)
    else:
        _draw_lanes(draw, layout, view, cards)
    if layout.legend:
        draw_legend(draw, layout.legend, layout.legend_items)
    return img


def _draw_lanes(draw: ImageDraw.ImageDraw, layout: BoardLayout, view: dict, cards: Cards) -> None:
    sides = lane_sides(view)
    for lane in LANES:
        lx0, ly0, lx1, ly1 = layout.lanes[lane]
        for seat in (0, 1):
            if not sides[lane][seat]:
                cx = (lx0 + BRIDGE_X0) / 2 if seat == 0 else (BRIDGE_X1 + lx1) / 2
                draw_text(draw, (cx, (ly0 + ly1) / 2), text("lane.empty", cards.lang), font(20),
                          seat_colour(seat)["light"], anchor="mm")
    for t in layout.tiles:
        c = dict(sides[t.lane][t.seat][t.index])
        c["_index"] = t.index
        draw_creature(draw, t.box, c, cards, t.seat)


# ---------------------------------------------------------------- static layer


@lru_cache(maxsize=32)
def _static_board(height: int, panels: tuple, lanes: tuple, lang: str) -> Image.Image:
    """Background, lane strips and bridges: identical for every board of this shape."""
    img = Image.new("RGB", (W, height), BG)
    d = ImageDraw.Draw(img)
    for lane, (x0, y0, x1, y1) in lanes:
        rounded_box(d, (x0, y0, x1, y1), 14, fill=LANE_FILL)
        # each side tinted with its seat colour
        d.rectangle((x0 + 14, y0, BRIDGE_X0, y1), fill=seat_colour(0)["tint"])
        d.rounded_rectangle((x0, y0, x0 + 28, y1), 14, fill=seat_colour(0)["tint"])
        d.rectangle((BRIDGE_X1, y0, x1 - 14, y1), fill=seat_colour(1)["tint"])
        d.rounded_rectangle((x1 - 28, y0, x1, y1), 14, fill=seat_colour(1)["tint"])
        # the bridge: planks across the river
        d.rectangle((BRIDGE_X0, y0, BRIDGE_X1, y1), fill=BRIDGE_WOOD)
        for py in range(y0 + 52, y1 - 4, 18):
            d.line((BRIDGE_X0 + 4, py, BRIDGE_X1 - 4, py), fill=BRIDGE_DARK, width=3)
        d.line((BRIDGE_X0, y0, BRIDGE_X0, y1), fill=BRIDGE_DARK, width=5)
        d.line((BRIDGE_X1, y0, BRIDGE_X1, y1), fill=BRIDGE_DARK, width=5)
        fnt, label = fit_font(text(f"lane.{lane}", lang), BRIDGE_W - 10, (20, 18, 16))
        rounded_box(d, (BRIDGE_X0 + 3, y0 + 8, BRIDGE_X1 - 3, y0 + 40), 8, fill=DARK_TEXT)
        draw_text(d, ((BRIDGE_X0 + BRIDGE_X1) / 2, y0 + 24), label, fnt, TEXT, anchor="mm")
        # arrows: who attacks which way
        cy = (y0 + 46 + y1) // 2
        ah = 14
        d.polygon([(BRIDGE_X0 + 14, cy - ah - 14), (BRIDGE_X0 + 40, cy - 14),
                   (BRIDGE_X0 + 14, cy + ah - 14)], fill=seat_colour(0)["bright"])
        d.polygon([(BRIDGE_X1 - 14, cy - ah + 16), (BRIDGE_X1 - 40, cy + 16),
                   (BRIDGE_X1 - 14, cy + ah + 16)], fill=seat_colour(1)["bright"])
    return img


# ---------------------------------------------------------------- player panels


def _hand_strip(draw: ImageDraw.ImageDraw, x0, y0, max_w, seat: dict, col: dict, lang: str,
                card_h=52) -> None:
    """The public hand: backs for every non-fort card, the fort card highlighted."""
    hand = seat.get("hand") or []
    n = len(hand)
    if n == 0:
        return
    gap = 5
    fort_extra = 14
    cw = min(36, int((max_w - fort_extra - gap * (n - 1)) / n))
    cw = max(cw, 8)
    if cw < 14:
        gap = 2
        cw = max(6, int((max_w - fort_extra - gap * (n - 1)) / n))
    x = x0
    fort_x1 = None
    boxes = []
    for item in hand:
        is_fort = isinstance(item, dict) and item.get("fort")
        w = cw + fort_extra if is_fort else cw
        box = (x, y0, x + w, y0 + card_h)
        boxes.append(box)
        if is_fort:
            side = item.get("side") or seat.get("fort_side") or "bastion"
            fill = BASTION_FILL if side == "bastion" else FORT_FILL
            rounded_box(draw, (box[0] - 2, box[1] - 3, box[2] + 2, box[3] + 3), 7, fill=TEXT)
            rounded_box(draw, box, 6, fill=fill)
            letter = text("strip.bastion", lang) if side == "bastion" else text("strip.fort", lang)
            draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), letter,
                      font=font(26), fill=DARK_TEXT, anchor="mm")
            fort_x1 = box[2]
        else:
            rounded_box(draw, box, 5, fill=col["dark"], outline=col["bright"], width=2)
            if cw >= 16:
                cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                r = min(cw, card_h) * 0.22
                draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)],
                             fill=col["bright"])
        x = box[2] + gap
    # health: the cards right of the fort
    if fort_x1 is not None and boxes and fort_x1 < boxes[-1][2]:
        draw.rectangle((fort_x1 + gap, y0 + card_h + 5, boxes[-1][2], y0 + card_h + 9), fill=RED)


def _champion_text(ch: dict | None, cards: Cards) -> str:
    if not ch:
        return ""
    lang = cards.lang
    state = ch.get("state")
    if state == "hidden" or not ch.get("card"):
        return text("champion.hidden", lang)
    name = cards.name(ch.get("card"))
    if state == "ready":
        cost = ch.get("cost_now")
        if cost is not None:
            return text("champion.ready_cost", lang, cost=cost, card=name)
        return text("champion.ready", lang, card=name)
    if state == "exhausted":
        return text("champion.exhausted", lang, card=name)
    if state == "in_play":
        return text("champion.in_play", lang, card=name)
    return f"\u2605 {name}"


def _draw_panel(draw: ImageDraw.ImageDraw, box, view: dict, seat_idx: int, name: str, cards: Cards) -> None:
    lang = cards.lang
    seats = view.get("seats") or []
    seat = seats[seat_idx] if seat_idx < len(seats) else {}
    col = seat_colour(seat_idx)
    x0, y0, x1, y1 = box
    turn_player = to_int(view.get("turn_player"), -1)
    active = view.get("stage") == "play" and turn_player == seat_idx
    rounded_box(draw, box, 14, fill=PANEL, outline=col["bright"], width=5 if active else 2)
    # colour chip + name
    draw.rounded_rectangle((x0 + 12, y0 + 14, x0 + 30, y0 + 40), 5, fill=col["bright"])
    right = x1 - 12
    if active:
        tf = font(18)
        tag = text("panel.to_play", lang)
        tw = pill_width(tag, tf, 8)
        pill(draw, right - tw, y0 + 13, tag, tf, col["bright"], TEXT, pad_x=8, height=28)
        right -= tw + 8
    ai = text("seat.ai", lang)
    if seat.get("is_ai") and name != ai:
        tf = font(18)
        tw = pill_width(ai, tf, 8)
        pill(draw, right - tw, y0 + 13, ai, tf, TEXT, DARK_TEXT, pad_x=8, height=28)
        right -= tw + 8
    nf, nm = fit_font(name, right - (x0 + 40), (28, 26, 24, 22))
    draw.text((x0 + 40, y0 + 27), nm, font=nf, fill=col["light"], anchor="lm")

    y = y0 + 54
    hand = seat.get("hand") or []
    if seat.get("is_ai"):
        _draw_ai_panel(draw, x0, y, x1, seat, cards)
    elif view.get("stage") in ("play", "finished") or hand:
        side = seat.get("fort_side") or "bastion"
        x = stat_box(draw, x0 + 12, y, str(to_int(seat.get("health"))), side_label(side, lang), TEXT,
                     side_colour(side), icon="heart")
        mana = to_int(seat.get("mana"))
        x = stat_box(draw, x + 8, y, str(mana), text("panel.mana", lang), MANA if mana else TEXT_SOFT,
                     icon="mana")
        hs = to_int(seat.get("hand_size"), len(hand))
        cards_word = text("panel.cards.one", lang) if hs == 1 else text("panel.cards.other", lang)
        stat_box(draw, x + 8, y, str(hs), cards_word, icon="cards")
        if hand:
            _hand_strip(draw, x0 + 14, y + 56, x1 - x0 - 28, seat, col, lang)
    else:
        # setup stages: no hand yet
        draft = view.get("draft") or {}
        picked = draft.get("picked") or []
        mine = picked[seat_idx] if seat_idx < len(picked) else []
        if view.get("stage") == "draft" or draft:
            big, small = str(len(mine)), text("panel.picked_of", lang, total=DECK_CARDS)
        else:
            big, small = "", stage_label(view.get("stage"), lang) or text("panel.waiting", lang)
        if big:
            stat_box(draw, x0 + 12, y, big, small, TEXT, TEXT_SOFT, icon="cards")
        else:
            draw_text(draw, (x0 + 14, y + 21), small, font(22), TEXT_SOFT, anchor="lm",
                      max_width=x1 - x0 - 28)
    extras = []
    if seat.get("deck"):
        extras.append(deck_label(seat.get("deck"), lang))
    ch = _champion_text(seat.get("champion"), cards)
    if ch:
        extras.append(ch)
    if extras:
        draw_text(draw, (x0 + 14, y1 - 20), "  \u00b7  ".join(extras), font(19), TEXT,
                  anchor="lm", max_width=x1 - x0 - 28)


def _draw_ai_panel(draw: ImageDraw.ImageDraw, x0, y, x1, seat: dict, cards: Cards) -> None:
    lang = cards.lang
    side = seat.get("fort_side") or "bastion"
    deck = to_int(seat.get("ai_deck_size"))
    x = stat_box(draw, x0 + 12, y, str(deck), text("panel.ai_deck", lang, side=side_label(side, lang)),
                 TEXT, side_colour(side), icon="cards")
    discard = list(seat.get("ai_discard") or [])
    stat_box(draw, x + 8, y, str(len(discard)), text("panel.ai_discard", lang))
    # the top of the discard pile (last entry = most recent), face up, top first
    fy = y + 56
    lf = font(18)
    lead = text("panel.discard_top", lang) if discard else text("panel.discard_empty", lang)
    draw.text((x0 + 14, fy + 14), lead, font=lf, fill=TEXT_SOFT, anchor="lm")
    if not discard:
        return
    x = x0 + 14 + lf.getlength(lead) + 8
    row_y, rows = fy, 1
    right = x1 - 14
    max_rows = 1 if (seat.get("deck") or seat.get("champion")) else 2
    for cid in reversed(discard[-4:]):
        nm = safe_text(cards.name(cid))
        w = pill_width(nm, lf, 8)
        if x + w > right and x > x0 + 14 + 1:
            if rows == max_rows:
                break
            rows += 1
            row_y += 34
            x = x0 + 14
        w = min(w, right - x)
        b = pill(draw, x, row_y, ellipsize(nm, lf, w - 16), lf, PILL_FILL, DARK_TEXT,
                 pad_x=8, height=28)
        x = b[2] + 6


# ---------------------------------------------------------------- header and banner


def _draw_header(draw: ImageDraw.ImageDraw, box, view: dict, names: list[str], lang: str) -> None:
    x0, y0, x1, y1 = box
    rounded_box(draw, box, 14, fill=PANEL)
    cy = (y0 + y1) / 2
    stage = view.get("stage")
    x = x0 + 12
    tf = font(24)
    turn = view.get("turn")
    if turn:
        b = pill(draw, x, cy - 18, text("turn", lang, turn=turn), tf, TEXT, DARK_TEXT, pad_x=10, height=36)
        x = b[2] + 12
    # right side: mode / format
    mode = view.get("mode")
    bits = [text("mode.solo", lang) if mode == "solo" else text("mode.duel", lang)]
    fmt = format_label(view.get("format"), lang)
    if fmt:
        bits.append(fmt)
    solo = view.get("solo") or {}
    if mode == "solo" and solo:
        lvl = to_int(solo.get("difficulty"))
        bits.append(text("solo.level", lang, level=lvl) if lvl else text("solo.quick", lang))
    rf = font(20)
    rtxt = " \u00b7 ".join(bits)
    rw = rf.getlength(rtxt)
    draw_text(draw, (x1 - 14, cy), rtxt, rf, TEXT_SOFT, anchor="rm")
    avail = x1 - 14 - rw - 16 - x
    if stage == "play":
        tp = to_int(view.get("turn_player"), 0)
        col = seat_colour(tp)
        who = names[tp] if tp < len(names) else player_label(tp, lang)
        phase = phase_label(view.get("phase"), lang) or ""
        suffix = f"  \u00b7  {phase}" if phase else ""
        to_play = " " + text("to_play", lang) + suffix
        wf = font(26)
        who_w = min(wf.getlength(who), max(60, avail - wf.getlength(to_play)))
        who_s = ellipsize(who, wf, who_w)
        draw.text((x, cy), who_s, font=wf, fill=col["light"], anchor="lm")
        x += wf.getlength(who_s)
        draw_text(draw, (x, cy), to_play, wf, TEXT, anchor="lm", max_width=x1 - 14 - rw - 16 - x)
    else:
        label = stage_label(stage, lang)
        if label is None:
            label = safe_text(stage or "")
        draw_text(draw, (x, cy), label or game_title(lang), font(26), TEXT, anchor="lm",
                  max_width=avail)


def _draw_banner(draw: ImageDraw.ImageDraw, box, view: dict, names: list[str], lang: str) -> None:
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
    rounded_box(draw, (x0, y0, x1, y1), 16, fill=GOLD)
    rounded_box(draw, (x0 + 6, y0 + 6, x1 - 6, y1 - 6), 12, fill=fill)
    tf, title = fit_font(title, (x1 - x0) * (0.62 if sub else 0.95), (38, 34, 30, 26))
    if sub:
        draw.text((x0 + 24, (y0 + y1) / 2), title, font=tf, fill=TEXT, anchor="lm",
                  stroke_width=2, stroke_fill=DARK_TEXT)
        tx = x0 + 24 + tf.getlength(title) + 20
        draw_text(draw, (x1 - 24, (y0 + y1) / 2), sub, font(22), TEXT, anchor="rm",
                  max_width=x1 - 24 - tx)
    else:
        draw.text(((x0 + x1) / 2, (y0 + y1) / 2), title, font=tf, fill=TEXT, anchor="mm",
                  stroke_width=2, stroke_fill=DARK_TEXT)
