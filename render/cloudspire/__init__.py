"""Pillow renderer for Cloudspire: pictures of the engine's views, deciding nothing.

* :func:`board_png` -- the public board for the channel, from the public view
  (``GAME.view(state, None)``); a seat's own view is refused, so hiding is decided in one
  place, the engine;
* :func:`private_png` -- one seat's private picture (its deployment stack in order, grouped
  minions, explored / peeked landmarks, relics, standing policies and fortress reserves, the
  whole market, and the detail the board leaves out), from that seat's own view, for that
  seat's DM and ``/cloudspire view`` only.

Both are drawn for where Discord shows them (render/legibility.py): 1,200 px wide, at most
900 tall, every string a player needs to choose a move at least 24 px (``style.ESS``), so
it reads fitted into Discord's 550 x 400 desktop box and on a 400 px wide phone. The board:
a status strip (wave, phase, whose turn and step, what is pending, the event), the hex map
on the left (each hex a move can name carries its column ``q``, each row its ``,r`` at both
ends; a piece shows one big number: a unit's health, a spire's chip count, a landmark's or
a gate's health), and on the right one compact block per seat (letter, name, faction,
Source, gate, power, CP, and its units on the map by name, hex and health), the revealed
landmarks and, in the Market phase, the market. Every faction has a colour *and* a letter.

What is drawn comes from the view (``docs/cloudspire/view.md``), names from the engine's
content module and words from the message catalog (``locales/cloudspire/render.json``).
Modules: ``names`` (content names, catalog labels), ``style`` (sizes, colours), ``text``
(wrapping, measuring), ``sprites`` (pieces), ``legend``, ``layout`` (map model and
geometry, board boxes), ``terrain`` (the cached map layer: terrain, coordinates, where the
mat labels go), ``cards`` (seat blocks), ``panels`` (status, landmarks, market), ``board``
and ``private`` (the two pictures). Nothing here imports discord.
"""

from __future__ import annotations

from render.common import to_png

from . import board, sprites, terrain
from .board import board_image, board_layout
from .layout import BoardLayout
from .private import PRIVATE_W, private_image, private_size

__all__ = [
    "BoardLayout",
    "clear_caches",
    "PRIVATE_W",
    "board_layout",
    "board_png",
    "private_png",
    "private_size",
]


def clear_caches() -> None:
    """Forget the cached map layers, mat-label spots and sprites (tests that record every
    drawn string call this first)."""
    terrain.clear_caches()
    sprites.clear_caches()
    board.clear_caches()


def board_png(view: dict, seat_names: list[str], lang: str = "en") -> bytes:
    """PNG of the public board, drawn from the public view (``viewer`` None)."""
    view = view if isinstance(view, dict) else {}
    if view.get("viewer") is not None:
        raise ValueError("the board is drawn from the public view (viewer None), "
                         f"not seat {view.get('viewer')}'s view")
    return to_png(board_image(view, seat_names, lang), compress_level=1)


def private_png(view: dict, seat: int, seat_names: list[str], lang: str = "en") -> bytes:
    """PNG of ``seat``'s private information, from that seat's own view. Private fields
    are used only when ``view["viewer"] == seat``; ``seat_names`` is the seating (unused
    in the list of every seat's facts)."""
    return to_png(private_image(view if isinstance(view, dict) else {}, seat, lang, seat_names), compress_level=1)
