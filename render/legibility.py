"""Legibility where Discord shows a picture.

Discord fits an attached picture into a box of about 550 x 400 px on a desktop (the inline
preview) and into the width of the screen on a phone (about 400 px). A board is legible there
when every string a player needs to choose a move (whose turn and phase, every unit's or card's
identity, health and state, the coordinates typed in moves, the player's own resources) is at
least 10 px tall in the desktop box and 8 px tall on the phone, without a tap.

Renderers mark those strings: text drawn inside ``with essential():`` is essential; text drawn
on a layer that is scaled before it reaches the posted picture is drawn inside
``with layer(scale)``. Marking costs a context-variable set per block; the render tests read
the marks through tests/render/text_recorder.py and check the rule for every game.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

INLINE_BOX = (550, 400)
PHONE_WIDTH = 400
MIN_INLINE_PX = 10.0
MIN_PHONE_PX = 8.0
#: the shape of every posted picture: landscape or square, this wide, no taller than 0.75 x width
MIN_WIDTH, MAX_WIDTH = 1200, 1600
MAX_ASPECT = 0.75

_essential: ContextVar[bool] = ContextVar("legibility_essential", default=False)
_layer_scale: ContextVar[float] = ContextVar("legibility_layer_scale", default=1.0)


@contextmanager
def essential() -> Iterator[None]:
    """Text drawn inside is what a player needs to choose a move."""
    token = _essential.set(True)
    try:
        yield
    finally:
        _essential.reset(token)


@contextmanager
def layer(scale: float) -> Iterator[None]:
    """Text drawn inside lands on the posted picture ``scale`` times as large."""
    token = _layer_scale.set(_layer_scale.get() * scale)
    try:
        yield
    finally:
        _layer_scale.reset(token)


def is_essential() -> bool:
    return _essential.get()


def layer_scale() -> float:
    return _layer_scale.get()


def display_scales(size: tuple[int, int]) -> tuple[float, float]:
    """How much smaller a picture of ``size`` shows: in the desktop inline box, on a phone."""
    width, height = size
    inline = min(1.0, INLINE_BOX[0] / width, INLINE_BOX[1] / height)
    phone = min(1.0, PHONE_WIDTH / width)
    return inline, phone


def smallest_legible_px(size: tuple[int, int]) -> float:
    """The smallest font size, in the picture's pixels, legible both inline and on a phone."""
    inline, phone = display_scales(size)
    return max(MIN_INLINE_PX / inline, MIN_PHONE_PX / phone)


def shape_problems(size: tuple[int, int]) -> list[str]:
    """What is wrong with a posted picture's shape (empty when it is right)."""
    width, height = size
    problems = []
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        problems.append(f"{width} px wide, not {MIN_WIDTH}-{MAX_WIDTH}")
    if height > MAX_ASPECT * width:
        problems.append(f"{height} px tall, more than {MAX_ASPECT} x its width {width}")
    return problems
