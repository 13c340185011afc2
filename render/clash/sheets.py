"""One seat's private sheet before the play (for that seat's DM and ``/clash view``): what
the choice in front of it needs. Choosing a deck: every deck still free with its eight
cards (cost, name, abilities, attack and health) and the word to type; the draft: the
revealed cards and this seat's picks; a constructed deck: the eight cards built; the
champion stage: the champion this seat chose. No health or mana: there is none yet."""

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
    font,
    rounded_box,
    safe_text,
    seat_colour,
)

from .content import Cards, deck_cards, deck_name
from .faces import draw_card_face
from .labels import DECK_CARDS, ability_abbr, text
from .style import (
    ESSENTIAL,
    FACE_H,
    GAP,
    MANA,
    MARGIN,
    MAX_H,
    PILL_FILL,
    SHEET_HEADER_H,
    SPELL_FILL,
    TITLE,
    W,
)
from .widgets import stat, to_int

#: the stages before the play, each with its sheet
SETUP_STAGES = ("deck_choice", "draft", "constructed", "champion")

HEADER = (MARGIN, MARGIN, W - MARGIN, MARGIN + SHEET_HEADER_H)
LINE = 33
SECTION_TITLE = 34
PICK_W = 138


def _header(draw: ImageDraw.ImageDraw, seat: int, title: str, status: str, mine: bool) -> None:
    col = seat_colour(seat)
    rounded_box(draw, HEADER, 14, fill=PANEL, outline=col["bright"], width=3)
    cy = (HEADER[1] + HEADER[3]) / 2
    draw.rounded_rectangle((HEADER[0] + 12, cy - 13, HEADER[0] + 28, cy + 13), 5, fill=col["bright"])
    tf = font(TITLE)
    with legibility.essential():
        shown = draw_text(draw, (HEADER[0] + 38, cy), title, tf, col["light"], anchor="lm", max_width=W * 0.55)
        x = HEADER[0] + 38 + tf.getlength(shown) + 20
        draw_text(draw, (HEADER[2] - 14, cy), status, font(ESSENTIAL), (134, 239, 172) if mine else TEXT_SOFT,
                  anchor="rm", max_width=HEADER[2] - 14 - x)


def setup_image(view: dict, seat: int, cards: Cards) -> Image.Image:
    """The sheet for the stage in ``view`` (seat ``seat``'s own view)."""
    stage = view.get("stage")
    if stage == "deck_choice":
        return _decks(view, seat, cards)
    if stage == "draft" and view.get("draft"):
        return _draft(view, seat, cards)
    lang = cards.lang
    seats = view.get("seats") or []
    me = seats[seat] if 0 <= seat < len(seats) else {}
    if stage == "constructed":
        mine = (view.get("constructed") or {}).get("mine")
        sections = [(text("sheet.constructed.mine", lang, chosen=len(mine or []), n=DECK_CARDS), list(mine or []),
                     text("sheet.constructed.none", lang))]
        return _faces_sheet(seat, text("sheet.constructed.title", lang), "", sections, cards)
    champ = me.get("champion")
    chosen = [champ["card"]] if isinstance(champ, dict) and champ.get("card") else []
    sections = [(text("sheet.champion.mine", lang), chosen, text("sheet.champion.none", lang))]
    return _faces_sheet(seat, text("sheet.champion.title", lang), "", sections, cards)


def _status(mine: bool, lang: str) -> str:
    return text("sheet.your_choice" if mine else "sheet.waiting", lang)


# ---------------------------------------------------------------- sections of card faces


def _faces_sheet(seat: int, title: str, status: str, sections: list[tuple[str, list, str]],
                 cards: Cards) -> Image.Image:
    """Sections of card faces (title, card ids, what to say when there are none)."""
    per_row = (W - 2 * MARGIN + GAP) // (PICK_W + GAP)
    height = HEADER[3] + GAP
    for _title, ids, _none in sections:
        rows = max(1, -(-len(ids) // per_row))
        height += SECTION_TITLE + rows * (FACE_H + GAP) + GAP
    img = Image.new("RGB", (W, min(MAX_H, height + MARGIN)), BG)
    draw = ImageDraw.Draw(img)
    _header(draw, seat, title, status, bool(status) and "\u2713" in status)
    y = HEADER[3] + GAP
    f = font(ESSENTIAL)
    for sec_title, ids, none in sections:
        with legibility.essential():
            draw.text((MARGIN + 6, y + SECTION_TITLE / 2), sec_title, font=f, fill=TEXT, anchor="lm")
        y += SECTION_TITLE
        if not ids:
            with legibility.essential():
                draw_text(draw, (W / 2, y + FACE_H / 2), none, f, TEXT_SOFT, anchor="mm")
            y += FACE_H + 2 * GAP
            continue
        for start in range(0, len(ids), per_row):
            row = ids[start:start + per_row]
            x = (W - len(row) * (PICK_W + GAP) + GAP) // 2
            for cid in row:
                draw_card_face(draw, (x, y, x + PICK_W, y + FACE_H), cards.info(cid), cards.lang)
                x += PICK_W + GAP
            y += FACE_H + GAP
        y += GAP
    return img


def _draft(view: dict, seat: int, cards: Cards) -> Image.Image:
    lang = cards.lang
    d = view.get("draft") or {}
    picked = d.get("picked") or []
    mine = list(picked[seat]) if 0 <= seat < len(picked) else []
    my_turn = to_int(d.get("picker"), -1) == seat
    sections = [(text("sheet.draft.revealed", lang), list(d.get("revealed") or []), text("draft.none_revealed", lang)),
                (text("sheet.draft.mine", lang, n=len(mine), total=DECK_CARDS), mine, text("sheet.draft.none", lang))]
    return _faces_sheet(seat, text("sheet.draft.title", lang), _mark(_status(my_turn, lang), my_turn),
                        sections, cards)


def _mark(status: str, mine: bool) -> str:
    return f"\u2713 {status}" if mine else status


# ---------------------------------------------------------------- the decks to choose from


def _decks(view: dict, seat: int, cards: Cards) -> Image.Image:
    lang = cards.lang
    choice = view.get("deck_choice") or {}
    decks = [d for d in (choice.get("remaining") or []) if deck_cards(d)]
    my_turn = choice.get("chooser") == seat
    box_w = (W - 2 * MARGIN - GAP) // 2
    most = max([len(deck_cards(d)) for d in decks] + [1])
    box_h = 46 + most * LINE + 8
    rows = max(1, -(-len(decks) // 2))
    height = HEADER[3] + GAP + rows * (box_h + GAP) - GAP + MARGIN
    img = Image.new("RGB", (W, min(MAX_H, height)), BG)
    draw = ImageDraw.Draw(img)
    _header(draw, seat, text("sheet.decks.title", lang), _mark(_status(my_turn, lang), my_turn), my_turn)
    for i, deck in enumerate(decks):
        r, c = divmod(i, 2)
        x0 = MARGIN + c * (box_w + GAP)
        y0 = HEADER[3] + GAP + r * (box_h + GAP)
        _deck_box(draw, (x0, y0, x0 + box_w, y0 + box_h), deck, cards)
    return img


def _deck_box(draw: ImageDraw.ImageDraw, box, deck: str, cards: Cards) -> None:
    x0, y0, x1, y1 = box
    lang = cards.lang
    rounded_box(draw, box, 12, fill=PANEL)
    f = font(ESSENTIAL)
    with legibility.essential():
        name = deck_name(deck, lang)
        draw.text((x0 + 14, y0 + 23), name, font=font(TITLE), fill=TEXT, anchor="lm")
        cmd = text("sheet.decks.command", lang, deck=safe_text(deck))
        draw_text(draw, (x1 - 14, y0 + 23), cmd, f, MANA, anchor="rm",
                  max_width=x1 - x0 - 40 - font(TITLE).getlength(name))
        y = y0 + 46
        for cid in deck_cards(deck):
            _card_line(draw, x0 + 10, y, x1 - 10, cards.info(cid), lang)
            y += LINE


def _card_line(draw: ImageDraw.ImageDraw, x0, y, x1, info: dict, lang: str) -> None:
    """cost · name · abilities · attack and health (or SPELL) on one line."""
    f = font(ESSENTIAL)
    cy = y + LINE / 2
    if info.get("cost") is not None:
        draw.ellipse((x0, cy - 15, x0 + 30, cy + 15), fill=MANA)
        draw.text((x0 + 15, cy), str(info["cost"]), font=f, fill=DARK_TEXT, anchor="mm")
    right = x1
    if info.get("type") == "spell":
        tag = text("card.spell", lang)
        tw = f.getlength(tag) + 12
        rounded_box(draw, (right - tw, cy - 14, right, cy + 14), 14, fill=SPELL_FILL)
        draw.text((right - tw / 2, cy), tag, font=f, fill=DARK_TEXT, anchor="mm")
        right -= tw + 8
    else:
        stat(draw, right - 34, cy, "hp", to_int(info.get("hp")), TEXT, big=ESSENTIAL, max_w=64)
        stat(draw, right - 100, cy, "av", to_int(info.get("av")), TEXT, big=ESSENTIAL, max_w=64)
        right -= 140
    for a in reversed(info.get("abilities") or []):
        ab = ability_abbr(a, lang)
        tw = f.getlength(ab) + 10
        rounded_box(draw, (right - tw, cy - 14, right, cy + 14), 14, fill=PILL_FILL)
        draw.text((right - tw / 2, cy), ab, font=f, fill=DARK_TEXT, anchor="mm")
        right -= tw + 5
    draw_text(draw, (x0 + 40, cy), info.get("name", "?"), f, TEXT, anchor="lm", max_width=right - x0 - 48)
