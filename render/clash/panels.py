"""One player's panel on the board: colour and name, whose turn, health (the fort card's
side), mana and cards in hand, then the deck and the champion; for the solo AI, its deck
and discard pile. Hands are counted, never shown."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import legibility
from render.common import (
    BG,
    DARK_TEXT,
    PANEL,
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

from .content import Cards, deck_name
from .labels import DECK_CARDS, deck_label, side_label, stage_label, text
from .style import DETAIL, ESSENTIAL, MANA, PILL_FILL, TITLE
from .widgets import side_colour, stat_box, stat_box_width, to_int

#: below the name row
STAT_Y = 48
EXTRA_Y = STAT_Y + 46


_PANELS: dict[tuple, Image.Image] = {}
_PANELS_MAX = 256


def clear_cache() -> None:
    _PANELS.clear()


def panel_key(view: dict, seat_idx: int, name: str, cards: Cards, size: tuple[int, int]) -> tuple:
    """Everything a panel's picture depends on."""
    seats = view.get("seats") or []
    seat = seats[seat_idx] if seat_idx < len(seats) else {}
    draft = view.get("draft") or {}
    picked = draft.get("picked") or []
    champion = seat.get("champion") if isinstance(seat.get("champion"), dict) else None
    return (repr(sorted(seat.items())), view.get("stage"), to_int(view.get("turn_player"), -1) == seat_idx,
            bool(draft), len(picked[seat_idx]) if seat_idx < len(picked) else None,
            (view.get("deck_choice") or {}).get("chooser") == seat_idx,
            repr((view.get("constructed") or {}).get("submitted")),
            cards.name(champion.get("card")) if champion and champion.get("card") else None,
            tuple(cards.name(c) for c in seat.get("ai_discard") or ()), name, size, cards.lang)


def panel_image(view: dict, seat_idx: int, name: str, cards: Cards, size: tuple[int, int]) -> Image.Image:
    """The panel's picture, from the cache when it looked the same before (the player who is
    not moving keeps the same panel move after move)."""
    key = panel_key(view, seat_idx, name, cards, size)
    hit = _PANELS.get(key)
    if hit is None:
        hit = Image.new("RGB", size, BG)
        draw_panel(ImageDraw.Draw(hit), (0, 0, size[0] - 1, size[1] - 1), view, seat_idx, name, cards)
        if len(_PANELS) >= _PANELS_MAX:
            _PANELS.pop(next(iter(_PANELS)))
        _PANELS[key] = hit
    return hit


def champion_text(ch: dict | None, cards: Cards) -> str:
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


def _name_row(draw: ImageDraw.ImageDraw, box, view: dict, seat_idx: int, seat: dict, name: str,
              lang: str) -> None:
    x0, y0, x1, _y1 = box
    col = seat_colour(seat_idx)
    active = view.get("stage") == "play" and to_int(view.get("turn_player"), -1) == seat_idx
    draw.rounded_rectangle((x0 + 12, y0 + 12, x0 + 28, y0 + 38), 5, fill=col["bright"])
    right = x1 - 10
    tf = font(ESSENTIAL)
    with legibility.essential():
        if active:
            tag = text("panel.to_play", lang)
            tw = pill_width(tag, tf, 8)
            pill(draw, right - tw, y0 + 9, tag, tf, col["bright"], TEXT, pad_x=8, height=32)
            right -= tw + 8
        ai = text("seat.ai", lang)
        if seat.get("is_ai") and name != ai:
            tw = pill_width(ai, tf, 8)
            pill(draw, right - tw, y0 + 9, ai, tf, TEXT, DARK_TEXT, pad_x=8, height=32)
            right -= tw + 8
        nf, nm = fit_font(name, right - (x0 + 38), (TITLE, 26, ESSENTIAL))
        draw.text((x0 + 38, y0 + 25), nm, font=nf, fill=col["light"], anchor="lm")


def draw_panel(draw: ImageDraw.ImageDraw, box, view: dict, seat_idx: int, name: str, cards: Cards) -> None:
    lang = cards.lang
    seats = view.get("seats") or []
    seat = seats[seat_idx] if seat_idx < len(seats) else {}
    col = seat_colour(seat_idx)
    x0, y0, x1, y1 = box
    active = view.get("stage") == "play" and to_int(view.get("turn_player"), -1) == seat_idx
    rounded_box(draw, box, 14, fill=PANEL, outline=col["bright"], width=5 if active else 2)
    _name_row(draw, box, view, seat_idx, seat, name, lang)
    y = y0 + STAT_Y
    if seat.get("is_ai"):
        _ai_rows(draw, x0, y, x1, y1, seat, cards)
        return
    if view.get("stage") in ("play", "finished") or seat.get("hand"):
        side = seat.get("fort_side") or "bastion"
        x = stat_box(draw, x0 + 10, y, str(to_int(seat.get("health"))), side_label(side, lang), TEXT,
                     side_colour(side), icon="heart")
        mana = to_int(seat.get("mana"))
        x = stat_box(draw, x + 8, y, str(mana), text("panel.mana", lang), MANA if mana else TEXT_SOFT,
                     icon="mana")
        hs = to_int(seat.get("hand_size"), len(seat.get("hand") or []))
        stat_box(draw, x + 8, y, str(hs), text("panel.cards.one" if hs == 1 else "panel.cards.other", lang),
                 icon="cards")
    else:
        _setup_row(draw, x0, y, x1, view, seat_idx, lang)
    _extras(draw, x0, y0 + EXTRA_Y, x1, seat, cards)


def _setup_row(draw: ImageDraw.ImageDraw, x0, y, x1, view: dict, seat_idx: int, lang: str) -> None:
    """Before the play: the draft picks so far, or what the table is doing."""
    draft = view.get("draft") or {}
    picked = draft.get("picked") or []
    mine = picked[seat_idx] if seat_idx < len(picked) else []
    if view.get("stage") == "draft" or draft:
        stat_box(draw, x0 + 10, y, str(len(mine)), text("panel.picked_of", lang, total=DECK_CARDS),
                 TEXT, TEXT_SOFT, icon="cards")
        return
    chooser = (view.get("deck_choice") or {}).get("chooser")
    built = (view.get("constructed") or {}).get("submitted") or []
    if view.get("stage") == "deck_choice" and chooser is not None:
        small = text("panel.choosing_deck" if chooser == seat_idx else "panel.waiting", lang)
    elif view.get("stage") == "constructed" and seat_idx < len(built):
        small = text("panel.deck_built" if built[seat_idx] else "panel.building", lang)
    else:
        small = stage_label(view.get("stage"), lang) or text("panel.waiting", lang)
    with legibility.essential():
        draw_text(draw, (x0 + 14, y + 20), small, font(ESSENTIAL), TEXT_SOFT, anchor="lm",
                  max_width=x1 - x0 - 28)


def _extras(draw: ImageDraw.ImageDraw, x0, y, x1, seat: dict, cards: Cards) -> None:
    """The champion (essential: it can be played) and the deck's name (detail)."""
    lang = cards.lang
    right = x1 - 14
    if seat.get("deck"):
        dl = deck_label(seat.get("deck"), lang)
        df = font(DETAIL)
        dl = ellipsize(safe_text(dl), df, (x1 - x0) * 0.4)
        draw.text((right, y + 15), dl, font=df, fill=TEXT_SOFT, anchor="rm")
        right -= df.getlength(dl) + 14
    ch = champion_text(seat.get("champion"), cards)
    if ch:
        with legibility.essential():
            draw_text(draw, (x0 + 14, y + 15), ch, font(ESSENTIAL), TEXT, anchor="lm", max_width=right - x0 - 14)


def _ai_rows(draw: ImageDraw.ImageDraw, x0, y, x1, y1, seat: dict, cards: Cards) -> None:
    """The AI's deck (its health, CD-SOLO) and its whole discard pile, top first: every name
    that fits, then how many more."""
    lang = cards.lang
    side = seat.get("fort_side") or "bastion"
    deck = to_int(seat.get("ai_deck_size"))
    discard = list(seat.get("ai_discard") or [])
    x = stat_box(draw, x0 + 10, y, str(deck), text("panel.ai_deck", lang, side=side_label(side, lang)),
                 TEXT, side_colour(side), icon="cards")
    x = stat_box(draw, x + 8, y, str(len(discard)), text("panel.ai_discard", lang))
    ry = y + 46
    if not discard:
        draw.text((x0 + 14, ry + 15), text("panel.discard_empty", lang), font=font(DETAIL), fill=TEXT_SOFT,
                  anchor="lm")
        return
    x = x0 + 12
    right = x1 - 12
    f = font(ESSENTIAL)
    names = [safe_text(cards.name(cid)) for cid in reversed(discard)]
    with legibility.essential():
        for i, nm in enumerate(names):
            after = len(names) - i - 1
            reserve = pill_width(text("panel.discard_more", lang, n=after), f, 6) + 6 if after else 0
            if x + pill_width(nm, f, 6) + reserve > right:
                if i:
                    pill(draw, x, ry, text("panel.discard_more", lang, n=after + 1), f, TEXT_SOFT, DARK_TEXT,
                         pad_x=6, height=30)
                    return
                nm = ellipsize(nm, f, right - x - reserve - 12)  # the top card is always named
            b = pill(draw, x, ry, nm, f, PILL_FILL, DARK_TEXT, pad_x=6, height=30)
            x = b[2] + 6
