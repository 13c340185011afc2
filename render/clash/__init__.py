"""Pillow renderer for Clash of Decks.

Draws the view dict described in ``docs/clash/view.md`` (never raw engine state):

* :func:`board_png` -- the public board PNG for the channel embed;
* :func:`private_png` -- one seat's private sheet, for that seat's DM: its hand (and the
  legend of the pills) during the play, the choice in front of it before (decks, draft,
  constructed deck, champion).

Every picture is 1,200 px wide and at most 900 px tall, and every string a player needs to
choose a move is drawn at 24 px or more inside ``render.legibility.essential()``: legible
where Discord shows it (550 x 400 inline, 400 px wide on a phone) without a tap. One colour
per seat (seat 0 blue on the left, seat 1 red on the right, as in CD-GEN-3). Words come from
the message catalog (``locales/clash/render.json``), card names from the engine's content.
What does not change between moves is kept: the lanes and bridges of a board of that
shape, and each panel and creature tile as it last looked (:func:`clear_caches` empties them).

Modules, each importing only the ones above it:

* ``style`` -- geometry and colours;
* ``content`` -- card and ability content through the engine (the only engine import);
* ``labels`` -- the words drawn, from the catalog;
* ``widgets`` -- ability pills, sword / heart stats, stat boxes;
* ``legend`` -- what the pills and markers mean (on the private sheets);
* ``faces`` -- hand / draft card faces and the fort card;
* ``tiles`` -- a creature tile on the board, in four sizes, each kept once drawn;
* ``draft`` -- the draft area;
* ``layout`` -- every box of the board;
* ``panels`` -- a player's panel on the board;
* ``board`` -- the public board;
* ``hand`` -- the private hand sheet (its own layout included);
* ``sheets`` -- the private sheets before the play.

This package does not import discord.
"""

from __future__ import annotations

from . import board as _board
from .board import board_image
from .encode import png as to_png
from .content import CardLookup, Cards, engine_lookup
from .hand import hand_image, hand_layout
from .layout import BoardLayout, board_layout
from .sheets import SETUP_STAGES, setup_image

__all__ = [
    "BoardLayout",
    "board_layout",
    "board_png",
    "clear_caches",
    "hand_layout",
    "private_png",
    "render_board",
    "render_hand",
]


def board_png(view: dict, seat_names: list[str], lang: str = "en") -> bytes:
    """The public board as PNG bytes, with the game's own card content (a picklable job for
    worker processes).

    Hand cards other than the fort card are always drawn as backs, even if ``view`` is a
    seat's private view, so the channel image can never show a hand."""
    return to_png(board_image(view, seat_names, Cards(engine_lookup, lang)))


def private_png(view: dict, seat: int, seat_names: list[str], lang: str = "en") -> bytes:
    """``seat``'s private sheet (for that seat's DM only), as PNG bytes: its hand during the
    play, the choice in front of it before. ``view`` should be that seat's view;
    ``seat_names`` is accepted for the shared renderer contract (the sheet says "Your hand"
    and names nobody)."""
    return to_png(_private_image(view, seat, Cards(engine_lookup, lang)))


def _private_image(view: dict, seat: int, cards: Cards):
    if view.get("stage") in SETUP_STAGES:
        return setup_image(view, seat, cards)
    return hand_image(view, seat, cards)


def clear_caches() -> None:
    """Forget the kept lanes and tiles (tests that record every string drawn call this)."""
    _board.clear_cache()


# ---------------------------------------------------------------- older entry points


def render_board(view: dict, *, seat_names: list[str], card_lookup: CardLookup | None = None,
                 lang: str = "en") -> bytes:
    """The public board with card content from ``card_lookup`` (ids are prettified without it)."""
    return to_png(board_image(view, seat_names, Cards(card_lookup, lang)))


def render_hand(view: dict, seat: int, *, card_lookup: CardLookup | None = None, lang: str = "en") -> bytes:
    """The private sheet with card content from ``card_lookup`` (ids are prettified without it)."""
    return to_png(_private_image(view, seat, Cards(card_lookup, lang)))
