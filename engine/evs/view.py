"""Views (docs/evs/engine.md "View"; the rules' "Information and decisions").

``view(st, None)`` is public; ``view(st, seat)`` is that seat's. Hands, discard piles and the
secret pick are shown only to their owner (counts are public). A command-zone card is shown
to everyone once revealed or when it was staged face-up (ES-DEP-7, ``face_up``); any other
one to its owner, and, when the advanced rule is off, also to the opponent, who may look at
the zone at any time (ES-ADV-2, ES-AMB-15): ``peek`` tells the host whether a seat may look at
the opponent's command zone now (:func:`may_peek`: from the end of the secret pick on). With the
advanced rule only the owner sees it (ES-ADV-1); count, reveal states, face-up flags, tokens and
staging turns stay public.
"""
from __future__ import annotations

from engine.jsoncopy import deep_copy

from . import action, deploy, engage, movement, setup, track, turn, vanguard
from .board import expansion
from .content import FACTIONS, UNITS
from .state import basic, battle_entry, hand_commands, hand_units, uid_num
from .track import collapse_square


def may_peek(st: dict) -> bool:
    """Whether a seat may look at the opponent's command zone now, unrevealed cards included
    (ES-ADV-2, ES-AMB-15): only without the advanced rule (ES-ADV-1), and not during the secret
    pick, before any card can be in a zone. The view's ``peek``: a host offers the look on it."""
    return st["options"]["advanced"] == "off" and st["phase"] != "select"


def _zone(st: dict, seat: int, viewer: int | None) -> list[dict]:
    peek = st["options"]["advanced"] == "off"
    show_all = viewer == seat or (peek and viewer in (0, 1))
    return [{"slot": i, "card": e["card"] if (show_all or deploy.visible(e)) else None, "revealed": e["revealed"],
             "face_up": e.get("face_up", False), "revealed_turn": e["revealed_turn"], "tokens": e["tokens"],
             "staged_turn": e["staged_turn"]}
            for i, e in enumerate(st["players"][seat]["zone"])]


def _player(st: dict, seat: int, viewer: int | None) -> dict:
    p = st["players"][seat]
    own = viewer == seat
    pick = p["pick"]
    return {
        "seat": seat, "faction": st["factions"][seat],
        "hand_count": len(p["hand"]), "hand_units": len(hand_units(st, seat)),
        "hand_commands": len(hand_commands(st, seat)),
        "hand": list(p["hand"]) if own else None,
        "zone": _zone(st, seat, viewer), "zone_count": len(p["zone"]),
        "discard_count": len(p["discard"]), "discard": list(p["discard"]) if own else None,
        "units_lost": list(p["units_lost"]),
        "policy": p.get("policy", "ask") if own else None,  # a private standing order (standing.py)
        "track": st["track"][seat], "collapse": collapse_square(st, seat),
        "effects": [e["id"] for e in FACTIONS[st["factions"][seat]]["effects"]],
        "pick": ({"done": pick["done"], "count": len(pick["cards"]),
                  "cards": list(pick["cards"]) if own else None} if pick is not None else None),
    }


def _battle(b: dict) -> dict:
    ph = action.current(b) if b["kind"] == "command" else None
    return {"card": b["card"], "general": b["general"], "kind": b["kind"], "tokens": b["tokens"],
            "next": b["next"], "phase": ph["kind"] if ph else None}


def _unit(st: dict, uid: str) -> dict:
    u = st["units"][uid]
    c = UNITS[u["card"]]
    cmd = next((b for b in st["battle"] if b["uid"] == uid and b["kind"] == "command"), None)
    dfn = battle_entry(st, uid, "defence")
    return {"uid": uid, "card": u["card"], "seat": u["seat"], "cell": u["cell"], "power": c["power"], "hp": c["hp"],
            "wounds": u["wounds"], "acted": u["acted_turn"] == st["turn"],
            "command": _battle(cmd) if cmd else None, "defence": _battle(dfn) if dfn else None}


def _morale(st: dict) -> dict | None:
    """The Morale expansion's public part (markers, zones, pile sizes), when it is on, plus per
    seat the modifiers in force and the cost of the next Rally operation."""
    if not st.get("morale"):
        return None
    mr = expansion("morale_rules")
    out = mr.public_view(st["morale"])
    for s, side in enumerate(out["seats"]):
        side["modifiers"] = {k: track.modifier(st, s, k) for k in track.MODIFIER_KINDS}
        side["rally_cost"] = mr.rally_cost(st["morale"], s)
    return out


def _terrain(st: dict) -> dict | None:
    """The terrain cards on the battlefield (public, ES-TER-1: both end markers stay visible
    under a unit) and the deck size."""
    t = st.get("terrain")
    if not t:
        return None
    tr = expansion("terrain_rules")
    cards = {}
    for cell, cid in t["cells"].items():
        c = tr.card(cid)
        cards[cell] = {"card": cid, "height": c["height"], "marker": tr.signed(c["height"]), "forest": c["forest"],
                       "penalty": c["penalty"],
                       "cover": c["effect"]["defence"] if c["effect"] and c["effect"]["kind"] == "cover" else 0}
    return {"cells": dict(t["cells"]), "deck": len(t["deck"]), "placed": t["placed"], "cards": cards}


def _pending(st: dict) -> dict | None:
    pending = st["pending"]
    if pending is None:
        return None
    kind = pending["kind"]
    if kind == "defence":
        power, morale = engage.attack_power(st, pending["target"], pending["attackers"])
        return {"kind": kind, "seat": pending["seat"], "target": pending["target"],
                "attackers": list(pending["attackers"]), "power": power, "morale": morale,
                "defence": engage.defender_power(st, pending["target"], pending["attackers"])}
    pend = deep_copy(pending)  # every other decision is public (ES-TER-6: drawn cards are shown)
    if kind == "penalty" and st["phase"] == "turn":
        pend["cell"] = pending["cells"][0]
        pend["options"] = movement.options(st)
    if kind == "terrain" and pending.get("flip"):
        pend["cells"] = movement.place_cells(st)
    return pend


def view(st: dict, viewer: int | None) -> dict:
    pend = _pending(st)
    v = st["vanguard"]
    ts = st["turn_state"]
    return {
        "game": "evs", "viewer": viewer, "phase": st["phase"], "turn": st["turn"], "active": st["active"],
        "first": st["first"], "factions": list(st["factions"]), "options": dict(st["options"]),
        "peek": may_peek(st),
        "players": [_player(st, s, viewer) for s in (0, 1)],
        "units": [_unit(st, u) for u in sorted(st["units"], key=uid_num)],
        "declared": list(ts["declared"]) if ts and ts["declared"] else None,
        "basic": basic(st),
        "basics": list(turn.basics(st)),
        "vanguard": ({"to_move": v["to_move"], "placed": list(v["placed"]), "passed": list(v["passed"]),
                      "cells": vanguard.cells(st, v["to_move"]) if viewer == v["to_move"] else None}
                     if v is not None else None),
        "pending": pend,
        "terrain": _terrain(st),
        "morale": _morale(st),
        "hand_size": {"units": setup.HAND_UNITS, "commands": setup.HAND_COMMANDS},
        "result": ({"winners": list(st["result"]["winners"]), "reason": st["result"]["reason"]}
                   if st["result"] else None),
    }
