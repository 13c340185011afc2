"""Pillow renderer for Empire vs Steppe (game id ``"evs"``): pictures of the engine's views,
deciding nothing (docs/evs/view.md lists the view fields drawn).

* :func:`board_png` -- the public board for the channel, from the public view
  (``GAME.view(state, None)``); a seat's own view is refused, so what is secret is decided in
  one place, the engine;
* :func:`private_png` -- one seat's private sheet (its resources, the decision, its hand and
  command zone as card tiles), from that seat's own view, for that seat's DM only;
* :func:`private_pngs` -- the sheet and the reference pages after it (full texts the sheet
  cut, discard pile, morale zones, general commands, faction effects, the legend).

Every picture is 1,200 px wide and at most 900 tall (render/legibility.py).
"""

from __future__ import annotations

from render.common import to_png

from .board import BoardLayout, board_image, board_layout
from .grid import clear_cache
from .private import private_image, private_pages

__all__ = ["BoardLayout", "board_layout", "board_png", "clear_cache", "clear_caches", "private_png", "private_pngs"]


def clear_caches() -> None:
    """Forget every kept drawing (the render tests record the text a fresh drawing draws)."""
    clear_cache()


def board_png(view: dict, seat_names: list[str], lang: str = "en") -> bytes:
    """PNG of the public board, drawn from the public view (``viewer`` None)."""
    view = view if isinstance(view, dict) else {}
    if view.get("viewer") is not None:
        raise ValueError("the board is drawn from the public view (viewer None), "
                         f"not seat {view.get('viewer')}'s view")
    img, _lay = board_image(view, seat_names, lang)
    return to_png(img)


def private_png(view: dict, seat: int, seat_names: list[str], lang: str = "en") -> bytes:
    """PNG of ``seat``'s private picture, from that seat's own view (``viewer == seat``)."""
    view = view if isinstance(view, dict) else {}
    if view.get("viewer") != seat:
        raise ValueError(f"seat {seat}'s picture is drawn from its own view, not viewer {view.get('viewer')!r}'s")
    return to_png(private_image(view, seat, seat_names, lang))


def private_pngs(view: dict, seat: int, seat_names: list[str], lang: str = "en") -> list[bytes]:
    """``seat``'s private pictures: the sheet (as :func:`private_png`), then the reference
    pages (full card texts the sheet cut, discard pile, morale zones, the opponent's zone when
    the seat may look, general commands, faction effects, the legend)."""
    view = view if isinstance(view, dict) else {}
    if view.get("viewer") != seat:
        raise ValueError(f"seat {seat}'s pictures are drawn from its own view, not viewer {view.get('viewer')!r}'s")
    return [to_png(img) for img in private_pages(view, seat, seat_names, lang)]
