"""Positions for the engine/kr hero tests: a real scenario (Farrinken Valley: road A3..J3
eastwards, entry J3, sites on rows 2 and 4) with the map cleared, heroes placed by each test."""
from __future__ import annotations

from typing import Any

from engine.kr.heroes import apply_hero
from engine.kr.hero_activation import resolve_hero
from engine.kr.state import copy_state
from tests.games.kr.engine.kr_phase_fixtures import bare, cover_all, engage, stand, tile, tray
from tests.games.kr.engine.kr_tower_fixtures import T, fill, refused


def game(heroes: list[str] | None = None, **opts: Any) -> dict:
    return bare("farrinken_valley", heroes or ["alleria", "malik"], **opts)


def act(figure: str, path: list | None = None, **kw: Any) -> dict:
    """A hero action (docs/kr/engine.md "Hero")."""
    return {"type": "hero", "figure": figure, "path": path or [], **kw}


def seat_of(st: dict, figure: str) -> int:
    return st["heroes"][figure]["seat"]


def play(st: dict, action: dict, seat: int | None = None) -> list:
    events: list = []
    apply_hero(st, seat_of(st, action["figure"]) if seat is None else seat, action, events)
    return events


def auto(st: dict, action: dict) -> dict:
    """The action completed with greedy placements (as the suggestions do)."""
    return resolve_hero(copy_state(st), seat_of(st, action["figure"]), action, [], auto=True)


def tiles_on(st: dict, tid: str) -> list:
    return [x["cells"] for x in st["trays"][tid]["cover"]["tiles"]]


__all__ = ["game", "act", "play", "auto", "tiles_on", "seat_of", "T", "fill", "refused", "tray", "tile",
           "engage", "stand", "cover_all"]
