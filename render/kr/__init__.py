"""Pillow renderer for Kingdom Rush: Rift in Time (game id ``"kr"``): pictures of the engine's
public view (docs/kr/engine.md "The public view": the state without ``rng``, spawn decks as
``{"count", "top_crystals"}``, the ghost deck as ``{"count"}``), deciding nothing.

* :func:`board_png` -- the board for the channel: header, the map with trays, towers and
  heroes, the seats, the hordes and a legend;
* :func:`private_png` / :func:`hero_png` -- a seat's hand sheet (its tower cards) and hero
  sheet (its hero's abilities with their texts), for ``/kr view``;
* :func:`horde_png` -- a close-up of one tray's card, optionally with numbered placement
  options (lists of card squares) a player picks from.

A view still holding a spawn deck's card list (the hidden order) is refused: secrets are
decided by the engine's view, never here.
"""

from __future__ import annotations

from render.common import to_png

from .board import BoardLayout, board_image, board_layout
from .checks import public_view as _check
from .closeup import closeup_image
from .hand import hero_png, private_png

__all__ = ["BoardLayout", "board_layout", "board_png", "clear_caches", "hero_png", "horde_png", "private_png"]


def clear_caches() -> None:
    """Forget every kept drawing (the render tests record the text a fresh drawing draws)."""
    from .mapdraw import clear_cache
    clear_cache()


def board_png(view: dict, seat_names: list[str], lang: str = "en") -> bytes:
    """PNG of the public board."""
    return to_png(board_image(_check(view), seat_names, lang))


def horde_png(view: dict, tray_id: str, lang: str = "en", options: list | None = None) -> bytes:
    """PNG of tray ``tray_id``'s card; ``options`` (placements, each a list of ``[c, r]``
    card squares) are drawn numbered from 1."""
    v = _check(view)
    if tray_id not in (v.get("trays") or {}):
        raise KeyError(f"no tray {tray_id!r} on the map")
    return to_png(closeup_image(v, tray_id, lang, options))
