"""Pillow renderer for Clash of Decks.

Draws the view dict described in ``docs/clash/view.md`` (never raw engine state):

* :func:`board_png` -- the public board PNG for the channel embed;
* :func:`private_png` -- one seat's private hand picture, for that seat's DM.

The images are ~1080 px wide and meant to stay readable when Discord shrinks them to
~400 px on a phone: big bold numbers, one colour per seat (seat 0 blue on the left,
seat 1 red on the right, as in CD-GEN-3), no thin grey text. Words come from the message
catalog (``locales/clash/render.json``), card names from the engine's content.

Modules, each importing only the ones above it:

* ``style`` -- geometry and colours;
* ``content`` -- card and ability content through the engine (the only engine import);
* ``labels`` -- the words drawn, from the catalog;
* ``widgets`` -- ability pills, sword / heart stats, stat boxes;
* ``legend`` -- what the pills and markers mean;
* ``faces`` -- hand / draft card faces and the fort card;
* ``tiles`` -- a creature tile on the board;
* ``draft`` -- the draft area;
* ``layout`` -- every box of the board;
* ``board`` -- the public board;
* ``hand`` -- the private hand (its own layout included).

This package does not import discord.
"""

from __future__ import annotations

from render.common import to_png

from .board import board_image
from .content import CardLookup, Cards, engine_lookup
from .hand import hand_image, hand_layout
from .layout import BoardLayout, board_layout

__all__ = [
    "BoardLayout",
    "board_layout",
    "board_png",
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
    """``seat``'s private hand picture (for that seat's DM only), as PNG bytes. ``view``
    should be that seat's view; ``seat_names`` is accepted for the shared renderer contract
    (the picture says "Your hand" and names nobody)."""
    return to_png(hand_image(view, seat, Cards(engine_lookup, lang)))


# ---------------------------------------------------------------- older entry points


def render_board(view: dict, *, seat_names: list[str], card_lookup: CardLookup | None = None,
                 lang: str = "en") -> bytes:
    """The public board with card content from ``card_lookup`` (ids are prettified without it)."""
    return to_png(board_image(view, seat_names, Cards(card_lookup, lang)))


def render_hand(view: dict, seat: int, *, card_lookup: CardLookup | None = None, lang: str = "en") -> bytes:
    """The private hand with card content from ``card_lookup`` (ids are prettified without it)."""
    return to_png(hand_image(view, seat, Cards(card_lookup, lang)))
