"""Polyomino damage tiles (KR-DMG-7, KR-AMB-6, KR-AMB-19).

A shape is a sorted tuple of ``(c, r)`` cells, normalised so that its smallest column and row
are 0. Cells are read in some frame where ``c`` grows to the right and ``r`` grows towards
the back: in an owner's frame (tower card, hero) row 0 is forward; on the map ``r`` is ``y``
(row 0 is north); on a horde card row 0 is the card's top edge (the purple line).

Frames are related by quarter turns. A frame whose "up" faces ``N`` is the map itself; one
whose "up" faces ``E`` is the map picture turned a quarter turn clockwise, and so on. A tile
kept in its printed orientation (no free-rotation icon) therefore goes from the owner's frame
to a horde card's frame by ``quarter_turns(owner_facing) - quarter_turns(tray_facing)``
clockwise quarter turns.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

Cell = tuple[int, int]
Shape = tuple[Cell, ...]

FACINGS: tuple[str, ...] = ("N", "E", "S", "W")   # clockwise, so the index is the quarter turns


def shape(cells: Iterable[Iterable[int]]) -> Shape:
    """The normalised shape of some cells (lists from JSON are fine): translated so that the
    smallest column and row are 0, sorted, duplicates dropped."""
    if type(cells) in (tuple, list):
        try:
            return _shape_of(tuple(cells))
        except TypeError:               # cells that are lists: not hashable
            pass
    return _shape(cells)


@lru_cache(maxsize=8192)
def _shape_of(cells: tuple) -> Shape:
    return _shape(cells)


def _shape(cells: Iterable[Iterable[int]]) -> Shape:
    pairs = {(int(c), int(r)) for c, r in cells}
    if not pairs:
        raise ValueError("a shape needs at least one cell")
    min_c = min(c for c, _ in pairs)
    min_r = min(r for _, r in pairs)
    return tuple(sorted((c - min_c, r - min_r) for c, r in pairs))


def size(s: Shape) -> tuple[int, int]:
    """``(width, height)`` of a normalised shape's bounding box."""
    return max(c for c, _ in s) + 1, max(r for _, r in s) + 1


def quarter_turns(facing: str) -> int:
    """Clockwise quarter turns from ``N`` to ``facing``."""
    try:
        return FACINGS.index(facing)
    except ValueError:
        raise ValueError(f"unknown facing {facing!r}") from None


def rotated(s: Shape, turns: int) -> Shape:
    """``s`` turned ``turns`` quarter turns clockwise (as seen on a picture with rows going
    down), normalised."""
    cells = list(s)
    for _ in range(turns % 4):
        cells = [(-r, c) for c, r in cells]
    return shape(cells)


def reflected(s: Shape) -> Shape:
    """``s`` mirrored left to right, normalised."""
    return shape((-c, r) for c, r in s)


@lru_cache(maxsize=1024)
def orientations(s: Shape) -> tuple[Shape, ...]:
    """The distinct orientations of ``s`` (at most 8): its 4 clockwise rotations starting with
    ``s`` itself, then the 4 rotations of its mirror image, duplicates dropped."""
    base = shape(s)
    found: list[Shape] = []
    for start in (base, reflected(base)):
        for turns in range(4):
            candidate = rotated(start, turns)
            if candidate not in found:
                found.append(candidate)
    return tuple(found)


def to_map(s: Shape, owner_facing: str) -> Shape:
    """A shape in an owner's frame (row 0 = forward) as it lies on the map when the owner
    faces ``owner_facing``."""
    return rotated(s, quarter_turns(owner_facing))


def map_to_card(s: Shape, tray_facing: str) -> Shape:
    """A shape on the map as it lies in the frame of a horde card whose top edge faces
    ``tray_facing`` on the map."""
    return rotated(s, -quarter_turns(tray_facing))


def card_to_map(s: Shape, tray_facing: str) -> Shape:
    """The inverse of ``map_to_card``."""
    return rotated(s, quarter_turns(tray_facing))


@lru_cache(maxsize=4096)
def _oriented(s: Shape, owner_facing: str, tray_facing: str, free: bool) -> tuple[Shape, ...]:
    kept = map_to_card(to_map(s, owner_facing), tray_facing)
    return orientations(kept) if free else (kept,)


def oriented(s: Iterable[Iterable[int]], owner_facing: str, tray_facing: str,
             free: bool) -> tuple[Shape, ...]:
    """The shapes, in the horde card's frame, a tile of shape ``s`` (owner's frame) may take
    on a tray whose top edge faces ``tray_facing``, its owner facing ``owner_facing``
    (KR-DMG-7, KR-AMB-6). Not free: exactly one shape, the printed orientation carried over.
    Free (free-rotation icon, or KR-AMB-19): every distinct orientation, the printed one
    first."""
    if isinstance(s, tuple):            # cached; lists from JSON are not hashable
        try:
            return _oriented_given(s, owner_facing, tray_facing, bool(free))
        except TypeError:               # a tuple of unhashable cells
            pass
    return _oriented(shape(s), owner_facing, tray_facing, bool(free))


@lru_cache(maxsize=4096)
def _oriented_given(s: tuple, owner_facing: str, tray_facing: str, free: bool) -> tuple[Shape, ...]:
    return _oriented(shape(s), owner_facing, tray_facing, free)


def any_orientation(s: Iterable[Iterable[int]]) -> tuple[Shape, ...]:
    """Every orientation of ``s`` (ability tiles given only by size, KR-AMB-19)."""
    return orientations(shape(s))


def translated(s: Shape, anchor: Cell) -> Shape:
    """The cells of normalised ``s`` with its ``(0, 0)`` corner moved to ``anchor``."""
    dc, dr = anchor
    return tuple((c + dc, r + dr) for c, r in s)
