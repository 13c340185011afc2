"""The Deploy basic action (ES-DEP, ES-AMB-11/12): deploy units, stage, clear and dispatch,
any number of times in any order, until ``done``.

Staging (ES-DEP-3, ES-DEP-7, ES-AMB-15) is face-down (``stage CARD``) or face-up
(``stage CARD up``, ``{"type": "stage", "card", "face_up": True}``): a face-up card lies in
the command zone for both players and spectators to see (the zone entry's ``face_up``), and
that is all it changes: it is not revealed (ES-ACT-4 still asks for a reveal in an earlier
turn), it gains tokens, is cleared and played like any other card."""
from __future__ import annotations

from . import board, grid
from .content import COMMANDS
from .state import ev, hand_commands, hand_units


def deploy_cells(st: dict, seat: int) -> list[str]:
    """ES-DEP-2: an empty cell adjacent to an own unit and not adjacent to an enemy unit."""
    occ = set()
    own: set[str] = set()
    enemy: set[str] = set()
    for u in st["units"].values():
        occ.add(u["cell"])
        (own if u["seat"] == seat else enemy).update(grid.NEIGHBOURS[u["cell"]])
    return [c for c in grid.CELLS
            if c in own and c not in occ and c not in enemy and board.can_deploy_on(st, c, False)]


def dispatchable(st: dict, seat: int) -> list[str]:
    """ES-DEP-5/6: dispatch-flagged zone cards staged before this turn, not yet given a
    token this turn."""
    t = st["turn"]
    return [e["card"] for e in st["players"][seat]["zone"]
            if COMMANDS[e["card"]]["markers"]["dispatch"] and e["staged_turn"] != t and e["dispatched_turn"] != t]


def actions(st: dict, seat: int, only: str | None = None) -> list[dict]:
    """Every Deploy operation (ES-DEP-1..6), or only those of the type ``only``."""
    p = st["players"][seat]
    out: list[dict] = []
    if only is None or only == "deploy":
        units = list(dict.fromkeys(hand_units(st, seat)))
        if units:
            cells = deploy_cells(st, seat)
            out += [{"type": "deploy", "unit": u, "cell": c} for u in units for c in cells]
    if only is None or only == "stage":  # face-down, then face-up (ES-DEP-7)
        for c in hand_commands(st, seat):
            out += [{"type": "stage", "card": c}, {"type": "stage", "card": c, "face_up": True}]
    if only is None or only == "clear":
        out += [{"type": "clear", "card": e["card"]} for e in p["zone"]]
    if only is None or only == "dispatch":
        out += [{"type": "dispatch", "card": c} for c in dispatchable(st, seat)]
    return out


def has_actions(st: dict, seat: int) -> bool:
    p = st["players"][seat]
    if hand_commands(st, seat) or p["zone"]:
        return True
    return bool(hand_units(st, seat)) and bool(deploy_cells(st, seat))


def _slot(st: dict, seat: int, card: str) -> int:
    return [e["card"] for e in st["players"][seat]["zone"]].index(card)


def deploy_unit(st: dict, seat: int, unit: str, at: str, events: list) -> None:
    st["players"][seat]["hand"].remove(unit)
    uid = f"u{st['next_uid']}"
    st["next_uid"] += 1
    st["units"][uid] = {"card": unit, "seat": seat, "cell": at, "wounds": 0, "acted_turn": None}
    ev(events, "deployed", seat=seat, uid=uid, unit=unit, cell=at)


def stage(st: dict, seat: int, card: str, events: list, face_up: bool = False) -> None:
    """ES-DEP-3: into the command zone, unrevealed and without tokens; ES-DEP-7: face-up, the
    card is public (the event names it), face-down only its owner learns it."""
    p = st["players"][seat]
    p["hand"].remove(card)
    p["zone"].append({"card": card, "revealed": False, "revealed_turn": None, "tokens": 0,
                      "staged_turn": st["turn"], "dispatched_turn": None, "face_up": face_up})
    if face_up:
        ev(events, "staged", seat=seat, slot=len(p["zone"]) - 1, card=card, face_up=True)
    else:
        ev(events, "staged", seat=seat, slot=len(p["zone"]) - 1)
        ev(events, "staged_card", visible_to=seat, seat=seat, card=card)


def visible(entry: dict) -> bool:
    """Whether a command-zone entry lies face up for all to see: staged face-up (ES-DEP-7) or
    revealed (ES-ACT-4). Entries of states older than face-up staging have no ``face_up``."""
    return entry["revealed"] or entry.get("face_up", False)


def clear(st: dict, seat: int, card: str, events: list) -> None:
    """ES-DEP-4: to the discard pile whatever its state; its tokens return to the supply."""
    p = st["players"][seat]
    i = _slot(st, seat, card)
    entry = p["zone"].pop(i)
    p["discard"].append(card)
    public = visible(entry)
    ev(events, "cleared", seat=seat, slot=i, card=card if public else None, tokens=entry["tokens"])
    if not public:
        ev(events, "cleared_card", visible_to=seat, seat=seat, card=card)


def dispatch(st: dict, seat: int, card: str, events: list) -> None:
    i = _slot(st, seat, card)
    entry = st["players"][seat]["zone"][i]
    entry["tokens"] += 1
    entry["dispatched_turn"] = st["turn"]
    ev(events, "dispatched", seat=seat, slot=i, tokens=entry["tokens"])
