"""Empire vs Steppe, what the morale cards in play mean for the core: the modifiers in force
(power, morale effect, mobility, cost; ES-MX-10..12) and the public view of the morale track
and zones. Part of the morale rules (engine/evs/morale_rules.py re-exports it)."""
from __future__ import annotations

from engine.evs.morale_cards import MODIFIERS, _default, card
from engine.evs.morale_shakes import faction_seat


# ---------------------------------------------------------------- queries for the core

def active_effects(morale: dict) -> list[dict]:
    """Every modifier in force: ``{"card", "holder", "seat": the faction's seat, "effect",
    "until": "untap"|"turn_end"}`` (ongoing tapped cards; once cards played this turn)."""
    out = []
    serial = morale["turn"]["serial"]
    for holder, side in enumerate(morale["seats"]):
        for entry in side["zone"]:
            data = card(entry["card"])
            if data["effect"]["type"] not in MODIFIERS:
                continue
            if entry["state"] == "tapped":
                until = "untap"
            elif entry["state"] == "flipped" and entry["played"] == serial:
                until = "turn_end"
            else:
                continue
            out.append({"card": entry["card"], "holder": holder, "seat": faction_seat(morale, data["faction"]),
                        "effect": data["effect"], "until": until})
    return out


def _sum(morale: dict, seat: int, kind: str, scopes: tuple[str, ...] = ()) -> int:
    """The sum of the ``kind`` modifiers of ``active_effects`` for ``seat``'s faction (a fast
    form of it: this is asked for every cost, mobility and power the core computes)."""
    serial = morale["turn"]["serial"]
    cards = _default()
    faction = morale["factions"][seat]
    total = 0
    for side in morale["seats"]:
        for entry in side["zone"]:
            state = entry["state"]
            if state == "tapped" or (state == "flipped" and entry["played"] == serial):
                data = cards[entry["card"]]
                effect = data["effect"]
                if (effect["type"] == kind and data["faction"] == faction
                        and (not scopes or effect.get("scope") in scopes)):
                    total += effect["n"]
    return total


def power_modifier(morale: dict, seat: int, context: str) -> int:
    """The morale cards' power modifier for ``seat``'s side: ``context`` "engage" (added once
    to the total power of each attack ``seat`` declares) or "defend" (added to the
    defender's power of each attack on a unit of ``seat``). The core floors the final power
    at 0 (ES-ENG-14)."""
    if context not in ("engage", "defend"):
        raise ValueError(f"context must be engage or defend, not {context!r}")
    return _sum(morale, seat, "power", (context, "all"))


def defence_modifier(morale: dict, seat: int) -> int:
    """``power_modifier(morale, seat, "defend")``."""
    return power_modifier(morale, seat, "defend")


def morale_effect_modifier(morale: dict, seat: int) -> int:
    """Added once to the summed morale effect of each attack ``seat`` declares (floor 0)."""
    return _sum(morale, seat, "morale_effect")


def mobility_modifier(morale: dict, seat: int) -> int:
    """Added to N of each mobility effect ``seat``'s units execute (floor 0)."""
    return _sum(morale, seat, "mobility")


def cost_modifier(morale: dict, seat: int) -> int:
    """Added to the cost of each command ``seat`` pays for (floor 0); not Rally."""
    return _sum(morale, seat, "cost")


def modifiers(morale: dict, seat: int) -> dict[str, int]:
    """All of ``seat``'s modifiers at once."""
    return {"engage": power_modifier(morale, seat, "engage"), "defend": power_modifier(morale, seat, "defend"),
            "morale_effect": morale_effect_modifier(morale, seat), "mobility": mobility_modifier(morale, seat),
            "cost": cost_modifier(morale, seat)}


def public_view(morale: dict) -> dict:
    """What both players may see (rules, "Information and decisions"): markers, tracks, both
    zones split into own buffs and enemy debuffs (ES-MX-4) with their states, pile sizes."""
    return {
        "expansion": morale["expansion"],
        "seats": [{"marker": side["marker"], "track": dict(side["track"]),
                   "own_buff": [{"card": e["card"], "state": e["state"]} for e in side["zone"]
                                if e["side"] == "own_buff"],
                   "enemy_debuff": [{"card": e["card"], "state": e["state"]} for e in side["zone"]
                                    if e["side"] == "enemy_debuff"],
                   "pile": len(morale["piles"][s])}
                  for s, side in enumerate(morale["seats"])],
    }
