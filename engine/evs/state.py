"""The JSON game state: layout, a fast structural copy, events and small queries
(docs/evs/engine.md "State").

Layout (``schema`` 1)::

    {"schema": 1, "game": "evs", "options": {...}, "rng": {...},
     "phase": "select" | "vanguard" | "turn" | "over",
     "turn": 0 (setup) / 1, 2, ... , "active": seat, "first": seat | None,
     "factions": ["empire", "steppe"] by seat, "result": None | {"winners", "loser", "reason"},
     "players": [{"hand": [ids], "zone": [zone entry], "discard": [ids], "units_lost": [ids],
                  "pick": None | [ids]}, ...],
     "units": {uid: {"card", "seat", "cell", "wounds", "acted_turn"}}, "next_uid": 1,
     "track": [marker seat 0, marker seat 1],            # ES-MOR (base game)
     "vanguard": None | {"to_move", "placed": [n, n], "passed": [b, b]},
     "turn_state": None | {"declared": None | [basic, basic], "index": 0 | 1},
     "battle": [battle entry], "pending": None | {"kind": "defence", "seat", "target", "attackers"},
     "suspended": [pending, ...],                        # absent when empty: decisions a morale
                                                         # offer interrupted (ES-MX-8a)
     "terrain": ..., "morale": ...}                      # reserved for the expansions

A zone entry: ``{"card", "revealed", "revealed_turn", "tokens", "staged_turn",
"dispatched_turn", "face_up"}`` (``face_up``: staged face-up, ES-DEP-7; absent in states saved
before face-up staging, read as False). A battle entry (a command card or general command on the battlefield
with its unit, ES-ACT-5, ES-DEF-4): ``{"card", "seat", "uid", "kind": "command" | "defence",
"general": bool, "tokens", "next": index of the next phase, "moved": steps moved}``.
"""
from __future__ import annotations

from typing import Any, NoReturn

from engine.base import Event
from engine.jsoncopy import deep_copy

from . import grid
from .content import COMMANDS, UNITS

SCHEMA = 1
BASICS = ("deploy", "action", "recall")  # the base game's basic actions (ES-TURN-3)
RALLY = "rally"  # the fourth basic action of the Morale expansion (ES-MX-13)
ALL_BASICS = BASICS + (RALLY,)


class GameOver(Exception):
    """Raised the moment a player loses (ES-END-3); caught by the dispatcher."""


def ev(events: list, kind: str, visible_to: int | None = None, **params: Any) -> None:
    events.append(Event(kind, params, visible_to))


def finish(st: dict, loser: int, reason: str) -> None:
    """Record in place that ``loser`` lost (a rules loss, a resignation or a timeout)."""
    st["result"] = {"winners": [1 - loser], "loser": loser, "reason": reason}
    st["phase"] = "over"
    st["pending"] = None
    st.pop("suspended", None)


def lose(st: dict, seat: int, reason: str, events: list) -> NoReturn:
    """End the game at once: ``seat`` loses (ES-END-3)."""
    finish(st, seat, reason)
    ev(events, "game_over", winner=1 - seat, loser=seat, reason=reason)
    raise GameOver()


def _copy_player(p: dict) -> dict:
    q = dict(p)
    q["hand"] = p["hand"][:]
    q["zone"] = [dict(e) for e in p["zone"]]
    q["discard"] = p["discard"][:]
    q["units_lost"] = p["units_lost"][:]
    if p["pick"] is not None:
        q["pick"] = {"cards": p["pick"]["cards"][:], "done": p["pick"]["done"]}
    return q


def _copy_terrain(t: dict) -> dict:
    q = dict(t)
    q["cells"] = dict(t["cells"])
    q["deck"] = t["deck"][:]
    return q


def _copy_morale(m: dict) -> dict:
    q = dict(m)
    q["seats"] = [{**side, "zone": [dict(e) for e in side["zone"]]} for side in m["seats"]]
    q["piles"] = [p[:] for p in m["piles"]]
    q["turn"] = {**m["turn"], "checked": m["turn"]["checked"][:]}
    q["just_drawn"] = deep_copy(m["just_drawn"])
    q["factions"] = m["factions"][:]
    return q  # the seats' "track" dicts are never changed after setup and are shared


_KNOWN = frozenset({"schema", "game", "phase", "turn", "active", "first", "next_uid", "options", "rng", "players",
                    "units", "battle", "track", "factions", "terrain", "morale", "turn_state", "vanguard",
                    "pending", "result", "offers", "suspended"})


def copy_state(st: dict) -> dict:
    """A structural copy (``apply`` returns a new state and leaves its input alone): the known
    parts of the layout are copied by their shape, anything else deeply; options are never
    mutated after setup and are shared."""
    n = dict(st)  # the scalars, and the shared options
    rng = st["rng"]
    n["rng"] = {"s": rng["s"], "forced": rng["forced"][:]} if len(rng) == 2 and "forced" in rng else deep_copy(rng)
    n["players"] = [_copy_player(p) for p in st["players"]]
    n["units"] = {k: u.copy() for k, u in st["units"].items()}
    n["battle"] = [b.copy() for b in st["battle"]]
    n["track"] = st["track"][:]
    n["factions"] = st["factions"][:]
    ts = st["turn_state"]
    if ts is not None:
        n["turn_state"] = {**ts, "declared": ts["declared"][:]} if ts["declared"] is not None else ts.copy()
    for k in ("vanguard", "pending", "result", "offers", "suspended"):
        v = st.get(k)
        if v is not None:
            n[k] = deep_copy(v)
    t = st.get("terrain")
    if t is not None:
        n["terrain"] = _copy_terrain(t)
    m = st.get("morale")
    if m is not None:
        n["morale"] = _copy_morale(m) if m else {}
    if not _KNOWN.issuperset(st):
        for k in st.keys() - _KNOWN:
            n[k] = deep_copy(st[k])
    return n


# --- queries -----------------------------------------------------------------------------

class _UidNumbers(dict):
    def __missing__(self, uid: str) -> int:
        n = int(uid[1:])
        if len(self) < 4096:  # bounded: uids come from input too
            self[uid] = n
        return n


_UID_NUMBERS = _UidNumbers()
uid_num = _UID_NUMBERS.__getitem__  # "u12" -> 12 (memoised: a sort key used everywhere)


def new_uid(st: dict) -> str:
    """The uid of the next unit to come onto the battlefield (``"u1"``, ``"u2"``, ... in
    deployment order), counted in ``next_uid``."""
    uid = f"u{st['next_uid']}"
    st["next_uid"] += 1
    return uid


def occupant(st: dict, at: str) -> str | None:
    for uid, u in st["units"].items():
        if u["cell"] == at:
            return uid
    return None


def occupied(st: dict) -> dict[str, str]:
    return {u["cell"]: uid for uid, u in st["units"].items()}


def units_of(st: dict, seat: int) -> list[str]:
    return sorted((uid for uid, u in st["units"].items() if u["seat"] == seat), key=uid_num)


def adjacent_units(st: dict, at: str, seat: int) -> list[str]:
    """Units of ``seat`` adjacent to cell ``at`` (ES-GEN-3)."""
    near = set(grid.neighbours(at))
    return [uid for uid, u in st["units"].items() if u["seat"] == seat and u["cell"] in near]


def hand_units(st: dict, seat: int) -> list[str]:
    return [c for c in st["players"][seat]["hand"] if c in UNITS]


def hand_commands(st: dict, seat: int) -> list[str]:
    return [c for c in st["players"][seat]["hand"] if c in COMMANDS]


def zone_entry(st: dict, seat: int, card: str) -> dict | None:
    for e in st["players"][seat]["zone"]:
        if e["card"] == card:
            return e
    return None


def battle_entry(st: dict, uid: str, kind: str) -> dict | None:
    for b in st["battle"]:
        if b["uid"] == uid and b["kind"] == kind:
            return b
    return None


def acted(st: dict, uid: str) -> bool:
    """Whether the unit already executed a command this turn (ES-TURN-7, ES-DEF-7)."""
    return st["units"][uid]["acted_turn"] == st["turn"]


def basic(st: dict) -> str | None:
    """The basic action being carried out (None while declaring or outside a turn)."""
    ts = st.get("turn_state")
    if st["phase"] != "turn" or not ts or ts["declared"] is None:
        return None
    return ts["declared"][ts["index"]]
