"""Helpers for the Empire vs Steppe engine tests: scenario states and short-hand moves."""
from __future__ import annotations

from engine.base import IllegalAction  # noqa: F401  (re-exported for tests)
from engine.evs import GAME
from engine.evs.content import FACTIONS

EMPIRE, STEPPE = 0, 1  # seats in every scenario (factions "empire_steppe")


def scenario(*, units=(), hands=None, zones=None, discards=None, active=0, turn=3, declared=("action", "deploy"),
             index=0, track=(0, 0), options=None, battle=None) -> dict:
    """A state in the turn phase: seat 0 plays the Empire, seat 1 the Steppe.

    ``units``: ``(seat, unit card, cell)`` or ``(seat, card, cell, wounds)``, given uids u1, u2, ...
    in order; ``hands``: seat -> card ids (default: that seat's standard commands);
    ``zones``: seat -> list of card ids or zone dicts (defaults: unrevealed, no tokens, staged
    last turn); ``declared``: the turn's basic actions (None: still to declare)."""
    st = GAME.setup(2, {"factions": "empire_steppe", **(options or {})}, 1)
    st["phase"] = "turn"
    st["vanguard"] = None
    st["first"] = 0
    st["turn"] = turn
    st["active"] = active
    st["turn_state"] = {"declared": list(declared) if declared else None, "index": index}
    st["units"] = {}
    st["next_uid"] = 1
    for spec in units:
        seat, card, cell = spec[:3]
        wounds = spec[3] if len(spec) > 3 else 0
        st["units"][f"u{st['next_uid']}"] = {"card": card, "seat": seat, "cell": cell, "wounds": wounds,
                                              "acted_turn": None}
        st["next_uid"] += 1
    for seat in (0, 1):
        p = st["players"][seat]
        std = FACTIONS[st["factions"][seat]]["standard"]
        p["hand"] = list((hands or {}).get(seat, std["commands"]))
        p["zone"] = [_zone(z, turn) for z in (zones or {}).get(seat, [])]
        p["discard"] = list((discards or {}).get(seat, []))
    st["track"] = list(track)
    st["battle"] = list(battle or [])
    return st


def _zone(z, turn: int) -> dict:
    base = {"card": z, "revealed": False, "revealed_turn": None, "tokens": 0, "staged_turn": turn - 1,
            "dispatched_turn": None}
    if isinstance(z, dict):
        base.update(z)
    return base


def act(st: dict, seat: int, text: str):
    """Apply one move given in notation; return (state, events)."""
    return GAME.apply(st, seat, text)


def run(st: dict, *moves: tuple[int, str]):
    """Apply several (seat, notation) moves; return the final state and all events."""
    events = []
    for seat, text in moves:
        st, ev = GAME.apply(st, seat, text)
        events += ev
    return st, events


def legal(st: dict, seat: int) -> list[str]:
    return [GAME.format_action(a) for a in GAME.legal_actions(st, seat)]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def shakes(events) -> list[tuple[int, int]]:
    return [(e.params["seat"], e.params["n"]) for e in events if e.kind == "shake"]


def uid_at(st: dict, cell: str) -> str:
    return next(u for u, d in st["units"].items() if d["cell"] == cell)
