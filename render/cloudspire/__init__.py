"""Pillow renderer for Cloudspire: pictures of the engine's views, deciding nothing.

* :func:`board_png` -- the public board for the channel embed, from the public view
  (``GAME.view(state, None)``); a seat's own view is refused, so hiding is decided in one
  place, the engine;
* :func:`private_png` -- one seat's private panel (its deployment stack in order, grouped
  minions, explored / peeked landmarks, relics, standing policies, and its fortress
  reserves in the words of its card on the board), from that seat's own view, for that
  seat's DM only.

Both are made for a phone: Discord shows a picture about 400 px wide there, and at that
width every string is at least 9 px tall (capitals and digits), so a move can be read off
the picture without zooming (``style.PHONE_W``, ``style.MIN_PX``). The board is 800 px wide
and as tall as it needs: the header, the hex map filling the width (every hex a move can
name now carries its ``q,r``; a piece shows one big number: a unit's health, a spire's chip
count, a landmark's or a gate's health), one card per player (units on the map named as the
menus name them: name, hex, health), the revealed landmarks, the market and the legend.
Text is wrapped, never cut. Every faction has a colour *and* a letter.

What is drawn comes from the view (``docs/cloudspire/view.md``: influence, fortress power,
mat numbers and slot footprints included), names from the engine's content module and
words from the message catalog (``locales/cloudspire/render.json``). Modules: ``names``
(content names, catalog labels), ``style`` (sizes, colours), ``text`` (wrapping, measuring),
``sprites`` (pieces), ``legend``, ``layout`` (map model and geometry, board boxes),
``terrain`` (the static map layer), ``cards`` (player cards), ``panels`` (header, landmarks,
market), ``board`` and ``private`` (the two pictures).
Nothing here imports discord.
"""

from __future__ import annotations

from render.common import to_png

from .board import board_image, board_layout
from .layout import BoardLayout
from .private import PRIVATE_W, private_image, private_size

__all__ = [
    "BoardLayout",
    "PRIVATE_W",
    "board_layout",
    "board_png",
    "private_png",
    "private_size",
]


def board_png(view: dict, seat_names: list[str], lang: str = "en") -> bytes:
    """PNG of the public board, drawn from the public view (``viewer`` None)."""
    view = view if isinstance(view, dict) else {}
    if view.get("viewer") is not None:
        raise ValueError("the board is drawn from the public view (viewer None), "
                         f"not seat {view.get('viewer')}'s view")
    return to_png(board_image(view, seat_names, lang))


def private_png(view: dict, seat: int, seat_names: list[str], lang: str = "en") -> bytes:
    """PNG of ``seat``'s private information, from that seat's own view. Private fields
    are used only when ``view["viewer"] == seat``; ``seat_names`` is the seating (unused
    by the picture today, part of the renderer contract)."""
    return to_png(private_image(view if isinstance(view, dict) else {}, seat, lang))
