"""Vanguard deployment (ES-VAN, ES-AMB-7..9): alternate single placements starting with the
second player; the first unit of each player is compulsory, afterwards a player may pass,
which is final; the phase ends when both players have passed or hold no unit cards."""
from __future__ import annotations

from . import board, grid, turn
from .state import adjacent_units, ev, hand_units, occupied, units_of


def start(st: dict, events: list) -> None:
    second = 1 - st["first"]
    st["phase"] = "vanguard"
    st["vanguard"] = {"to_move": second, "placed": [0, 0], "passed": [False, False]}
    ev(events, "vanguard_start", seat=second)


def cells(st: dict, seat: int) -> list[str]:
    """Legal cells for ``seat``'s next vanguard unit (ES-VAN-3/4/5, ES-VAN-6 via board)."""
    occ = occupied(st)
    placed = st["vanguard"]["placed"][seat]
    own, enemy = units_of(st, seat), units_of(st, 1 - seat)
    out = []
    for c in grid.CELLS:
        if c in occ or not board.can_deploy_on(st, c, True):
            continue
        if adjacent_units(st, c, 1 - seat):
            continue  # ES-VAN-4/5: never adjacent to an enemy unit
        if placed == 0 and seat != st["first"]:
            ok = not grid.is_edge(c)  # ES-VAN-3, ES-AMB-8
        elif placed == 0:
            ok = any(grid.distance(c, st["units"][u]["cell"]) <= 2 for u in own + enemy)  # ES-VAN-4, ES-AMB-9
        else:
            ok = bool(adjacent_units(st, c, seat))  # ES-VAN-5
        if ok:
            out.append(c)
    return out


def can_pass(st: dict, seat: int) -> bool:
    return st["vanguard"]["placed"][seat] >= 1  # ES-VAN-2


def actions(st: dict, seat: int) -> list[dict]:
    v = st["vanguard"]
    if st["phase"] != "vanguard" or seat != v["to_move"]:
        return []
    where = cells(st, seat)
    out = [{"type": "vanguard", "unit": u, "cell": c} for u in dict.fromkeys(hand_units(st, seat)) for c in where]
    if can_pass(st, seat):
        out.append({"type": "pass"})
    return out


def _done(st: dict, seat: int) -> bool:
    return st["vanguard"]["passed"][seat] or not hand_units(st, seat)


def _next(st: dict, events: list) -> None:
    v = st["vanguard"]
    seat = v["to_move"]
    if not _done(st, 1 - seat):
        v["to_move"] = 1 - seat
    elif _done(st, seat):
        st["vanguard"] = None
        turn.start_game(st, events)


def place(st: dict, seat: int, unit: str, at: str, events: list) -> None:
    st["players"][seat]["hand"].remove(unit)
    uid = f"u{st['next_uid']}"
    st["next_uid"] += 1
    st["units"][uid] = {"card": unit, "seat": seat, "cell": at, "wounds": 0, "acted_turn": None}
    st["vanguard"]["placed"][seat] += 1
    ev(events, "vanguard", seat=seat, uid=uid, unit=unit, cell=at)
    _next(st, events)


def pass_(st: dict, seat: int, events: list) -> None:
    st["vanguard"]["passed"][seat] = True
    ev(events, "vanguard_pass", seat=seat)
    _next(st, events)
