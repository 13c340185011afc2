"""Cells and directions of a Kingdom Rush scenario map (docs/kr/engine.md "Scenario maps"):
cell names (``"C4"``), the eight map directions and a card's own eight, the map's errors, and
the spawn and site records. The geometry itself is engine/kr/mapgeo.py's, which re-exports
everything here."""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NoReturn

DIRS8 = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")  # clockwise, 45 degrees apart
FACINGS = ("N", "E", "S", "W")
CARD_DIRS = ("F", "FR", "R", "BR", "B", "BL", "L", "FL")  # clockwise in the card's own frame
VECTORS: Mapping[str, tuple[int, int]] = MappingProxyType({
    "N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
    "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1)})
COLOURS = ("red", "blue", "green", "yellow", "white")
MAX_PLAYERS = 4
MAX_COLUMNS = 26

_CELL = re.compile(r"^([A-Z])([1-9][0-9]*)$")
_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_DIR_OF = {v: k for k, v in VECTORS.items()}
_MAP_KEYS = {"size", "road", "exits", "spawns", "sites"}
_MAP_OPTIONAL = {"entry", "pioneer_cards"}


class MapError(ValueError):
    """A scenario map breaking the format of docs/kr/engine.md, or a query naming a cell,
    facing, marker or arrow the map does not have."""


def _fail(msg: str) -> NoReturn:
    raise MapError(f"map: {msg}")


_PARSED: dict[str, tuple[int, int]] = {}   # cell names seen (on a map's scale only: bounded)
_PARSED_ROWS = 99


def parse_cell(name: str) -> tuple[int, int]:
    """``"C4"`` -> ``(2, 3)`` (x = column index, y = row - 1)."""
    if isinstance(name, str):
        got = _PARSED.get(name)
        if got is not None:
            return got
    m = _CELL.match(name) if isinstance(name, str) else None
    if m is None:
        raise MapError(f"map: {name!r} is not a cell name like 'C4'")
    got = ord(m.group(1)) - ord("A"), int(m.group(2)) - 1
    if got[1] < _PARSED_ROWS and type(name) is str:
        _PARSED[name] = got
    return got


def cell_name(x: int, y: int) -> str:
    return f"{chr(ord('A') + x)}{y + 1}"


def map_direction(facing: str, rel: object) -> str:
    """The map direction (``N``..``NW``) of the card-frame direction ``rel`` (``F``..``FL``) of
    a card or hero facing ``facing`` (KR-TWR-6, KR-HERO-8): ``F`` facing E is E, ``FR`` is SE."""
    if facing not in FACINGS:
        raise MapError(f"map: facing must be one of {FACINGS}, not {facing!r}")
    if rel not in CARD_DIRS:
        raise MapError(f"map: arrow direction must be one of {CARD_DIRS}, not {rel!r}")
    return DIRS8[(CARD_DIRS.index(rel) + DIRS8.index(facing)) % 8]


def direction_between(a: str, b: str) -> str:
    """The map direction from ``a`` to the adjacent square ``b``."""
    (ax, ay), (bx, by) = parse_cell(a), parse_cell(b)
    d = _DIR_OF.get((bx - ax, by - ay))
    if d is None:
        raise MapError(f"map: {a} and {b} are not adjacent")
    return d


def _row_major(cell: str) -> tuple[int, int]:
    x, y = parse_cell(cell)
    return y, x


@dataclass(frozen=True)
class Spawn:
    marker: int
    cell: str


@dataclass(frozen=True)
class Site:
    cell: str
    colour: str
    players: frozenset[int]
