"""The core side of terrain placement at setup (Terrain expansion only; ES-SET-1 step 4,
ES-TER-5/6, ES-AMB-40): phase ``terrain``. The rules of each placement are
``terrain_rules``' (``new_terrain``, ``placement_done``, ``placement_seat``, ``draw``,
``placement_cells``, ``place``); here the drawn card waits in ``st["pending"]``
(``{"kind": "terrain", "seat", "card"}``) for its placer's ``place CARD CELL``."""
from __future__ import annotations

from . import vanguard
from .board import expansion
from .state import ev


def start(st: dict, events: list) -> None:
    """ES-TER-5: the shuffled terrain deck; then the first draw."""
    st["terrain"] = expansion("terrain_rules").new_terrain(st["rng"])
    st["phase"] = "terrain"
    _next(st, events)


def _next(st: dict, events: list) -> None:
    tr = expansion("terrain_rules")
    if tr.placement_done(st["terrain"]):
        st["pending"] = None
        vanguard.start(st, events)  # ES-VAN-6: vanguard deployment after terrain placement
        return
    seat = tr.placement_seat(st["terrain"], st["first"])
    card = tr.draw(st["terrain"])
    st["pending"] = {"kind": "terrain", "seat": seat, "card": card}
    ev(events, "terrain_drawn", seat=seat, card=card)


def actions(st: dict, seat: int) -> list[dict]:
    p = st["pending"]
    if st["phase"] != "terrain" or p is None or seat != p["seat"]:
        return []
    cells = expansion("terrain_rules").placement_cells(st["terrain"], p["card"])
    return [{"type": "place", "card": p["card"], "cell": c} for c in cells]


def place(st: dict, seat: int, card: str, cell: str, events: list) -> None:
    events.append(expansion("terrain_rules").place(st["terrain"], card, cell))
    _next(st, events)
