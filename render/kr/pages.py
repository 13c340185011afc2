"""A seat's whole private picture set for Kingdom Rush, for when the player asks (``/kr view``,
``PrivateMessage.pages_job``): the hand sheet (:func:`render.kr.private_png`), then the hero
sheet (:func:`render.kr.hero_png`). A DM carries the hand sheet alone."""
from __future__ import annotations

from .hand import hero_png, private_png


def private_pngs(view: dict, seat: int, seat_names: list[str], lang: str = "en") -> list[bytes]:
    """``seat``'s hand sheet, then its hero sheet, drawn from the public view."""
    return [private_png(view, seat, seat_names, lang), hero_png(view, seat, seat_names, lang)]
