"""Hand-built states for the engine/kr phase tests: a real scenario's set-up with the map
cleared, then trays, covers and heroes put where a test wants them."""
from __future__ import annotations

from engine.kr.hordegrid import add_hero
from engine.kr.setup import new_state
from engine.kr.state import grid, new_tray


def bare(scenario: str = "farrinken_valley", heroes: list[str] | None = None, **opts) -> dict:
    """Set-up of ``scenario`` with no tray on the map, empty spawn decks and one deck per
    spawn point (``waves`` 1)."""
    heroes = heroes or ["alleria", "ignus"]
    st, _ = new_state(len(heroes), {"scenario": scenario, "heroes": heroes, **opts}, 7)
    st["trays"] = {}
    st["decks"] = {k: [] for k in st["decks"]}
    st["waves"] = {k: 1 for k in st["decks"]}        # one card per spawn point: tests fill the decks
    return st


def tray(st: dict, card: str, cell: str, layer: int = 0) -> str:
    return new_tray(st, card, cell, layer)


def tile(cells: list, damage: str = "true") -> dict:
    return {"cells": [list(c) for c in cells], "damage": damage, "source": "test"}


def cover_all(st: dict, tid: str, skip: tuple = ()) -> None:
    """1x1 tiles on every enemy square of the tray except the squares in ``skip``."""
    t = st["trays"][tid]
    g = grid(t["card"])
    taken = {tuple(c) for x in t["cover"]["tiles"] for c in x["cells"]}
    taken |= {tuple(c) for c in t["cover"]["soldiers"]}
    for top_left in t["cover"]["heroes"].values():
        taken |= {(top_left[0] + dc, top_left[1] + dr) for dc in (0, 1) for dr in (0, 1)}
    tiles = [tile([cell]) for e in g.enemies for cell in e.cells if cell not in taken and cell not in skip]
    t["cover"] = {**t["cover"], "tiles": t["cover"]["tiles"] + tiles}


def engage(st: dict, figure: str, tid: str, top_left: tuple) -> None:
    t = st["trays"][tid]
    t["cover"] = add_hero(grid(t["card"]), t["cover"], figure, top_left)
    st["heroes"][figure].update(cell=t["cell"], tray=tid)


def stand(st: dict, figure: str, cell: str | None) -> None:
    st["heroes"][figure].update(cell=cell, tray=None)


def soldier(st: dict, tid: str, cell: tuple) -> None:
    t = st["trays"][tid]
    t["cover"] = {**t["cover"], "soldiers": t["cover"]["soldiers"] + [list(cell)]}
    st["soldiers"] -= 1


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]
