"""Positions for the engine/kr spell tests: a spell scenario with the map cleared
(kr_phase_fixtures.bare), the team's spells chosen, then trays, covers and hands set by each
test."""
from __future__ import annotations

import copy
from typing import Any

from engine.kr.spells import apply_spell, choose_spells
from tests.games.kr.engine.kr_tower_fixtures import game


def spell_game(scenario: str = "rift_citadel", spells: list[str] | None = None, hands: tuple = (),
               heroes: list[str] | None = None, **opts: Any) -> dict:
    """``bare`` of ``scenario`` with ``hands`` and, when given, the team's ``spells`` chosen."""
    st = game(scenario, heroes, hands, **opts)
    if spells is not None:
        choose_spells(st, spells)
    return st


def cast(spell: str, *placements: dict, **extra: Any) -> dict:
    return {"type": "spell", "spell": spell, "placements": list(placements), **extra}


def run(st: dict, seat: int, action: dict) -> list:
    events: list = []
    apply_spell(st, seat, action, events)
    return events


def legal_on_copy(st: dict, seat: int, action: dict) -> dict:
    """``action`` applied to a deep copy (raises if illegal); the copy is returned."""
    new = copy.deepcopy(st)
    run(new, seat, action)
    return new


__all__ = ["spell_game", "cast", "run", "legal_on_copy"]
