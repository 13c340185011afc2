"""Plug point of the Terrain expansion (ES-TER, option ``terrain``): every height,
connectivity, penalty, cover and flip question of the rules goes through these functions.

With ``terrain: off`` they give the base-game answers (ES-TER-22): every cell has height 0,
all adjacent cells are connected, and any empty cell may take a unit. With ``terrain: on``
they ask ``engine/evs/terrain_rules.py`` (same names, same arguments, imported only then).
That module owns ``st["terrain"]`` and must not import this module or any rules module above
``state`` (it may use ``grid``, ``content``, ``keywords``, ``state``), so that no import
circle appears (tests/test_import_map.py).
"""
from __future__ import annotations

import importlib
import sys
from types import ModuleType

from engine.base import IllegalAction


def terrain_on(st: dict) -> bool:
    return st["options"].get("terrain") == "on"


def expansion(name: str) -> ModuleType:
    """The expansion module ``engine.evs.<name>`` (terrain_rules / morale_rules)."""
    mod = sys.modules.get(f"engine.evs.{name}")
    if mod is not None:
        return mod
    try:
        return importlib.import_module(f"engine.evs.{name}")
    except ImportError as e:  # the expansion is not installed yet
        raise IllegalAction("evs.err.expansion_missing", f"the {name} module is not available: {e}",
                            module=name) from None


def height(st: dict, cell: str) -> int:
    """A cell's height (ES-TER-2): 0 without terrain."""
    return expansion("terrain_rules").height(st, cell) if terrain_on(st) else 0


def connected(st: dict, a: str, b: str) -> bool:
    """Whether two adjacent cells are connected (ES-TER-3): always without terrain."""
    return bool(expansion("terrain_rules").connected(st, a, b)) if terrain_on(st) else True


def can_deploy_on(st: dict, cell: str, vanguard: bool) -> bool:
    """Whether the terrain of ``cell`` allows a unit to be placed there, in vanguard
    deployment (ES-TER-13) or by Deploy (ES-TER-14). Occupancy and adjacency are checked by
    the caller. Always True without terrain."""
    return bool(expansion("terrain_rules").can_deploy_on(st, cell, vanguard)) if terrain_on(st) else True


# --- the rest of the Terrain expansion (ES-TER-15/16, cover); never asked with terrain off ----

def penalty_options(st: dict, cell: str, mp_left: int, can_pay: bool) -> list[str]:
    """ES-TER-16, ES-AMB-42: the penalty options (``"mp"``, ``"cost"``, ``"shake"``) of a step
    into ``cell``; ``[]``: no penalty (and always ``[]`` without terrain, ES-TER-22)."""
    if not terrain_on(st):
        return []
    return list(expansion("terrain_rules").penalty_options(st, cell, mp_left, can_pay))


def cover_bonus(st: dict, cell: str, ranges: list[str]) -> int:
    """The ``cover`` card effect (forests) for a defender on ``cell`` attacked by engagements of
    these ``ranges``; 0 without terrain."""
    if not terrain_on(st):
        return 0
    return int(expansion("terrain_rules").cover_bonus(st, cell, ranges))


def flip_cells(st: dict, unit_cell: str, enemy_cells: list[str], occupied: list[str]) -> list[str]:
    """ES-TER-15, ES-AMB-43: where a card revealed by a mobility flip may go (the check made
    before revealing); [] without terrain (ES-TER-22: no flips)."""
    if not terrain_on(st):
        return []
    return list(expansion("terrain_rules").flip_cells(st, unit_cell, enemy_cells, occupied))


def can_flip(st: dict, unit_cell: str, enemy_cells: list[str], occupied: list[str]) -> bool:
    """ES-TER-15: a mobility flip may be made (a card in the deck and a cell for it)."""
    return terrain_on(st) and bool(expansion("terrain_rules").can_flip(st, unit_cell, enemy_cells, occupied))
