"""Setup options: the schema offered to hosts and their validation (docs/evs/engine.md
"Options"; ES-SET-1, ES-AMB-2/3, ES-ADV, the two expansions)."""
from __future__ import annotations

from engine.base import IllegalAction

ON_OFF = ["off", "on"]


def schema() -> dict[str, dict]:
    """Each option's choices and default; ``headline``: worth showing in a lobby."""
    return {
        "advanced": {"choices": list(ON_OFF), "default": "off", "headline": True},   # ES-ADV-1/2
        "hands": {"choices": ["standard", "pick"], "default": "standard", "headline": True},  # ES-AMB-3
        "factions": {"choices": ["random", "empire_steppe", "steppe_empire"], "default": "random"},  # ES-AMB-2
        "terrain": {"choices": list(ON_OFF), "default": "off"},  # ES-TER (expansion)
        "morale": {"choices": list(ON_OFF), "default": "off"},   # ES-MX (expansion)
    }


def _bad(msg: str, option: str, value: object) -> IllegalAction:
    return IllegalAction("evs.err.bad_options", msg, option=option, value=str(value))


def normalize(seats: int, options: dict | None) -> dict:
    """Complete, validated options (booleans accepted for on/off) or
    ``IllegalAction('evs.err.bad_options')``."""
    given = dict(options or {})
    sch = schema()
    unknown = sorted(set(given) - set(sch))
    if unknown:
        raise _bad(f"unknown option(s) {unknown}", unknown[0], given[unknown[0]])
    out = {k: v["default"] for k, v in sch.items()}
    for k, v in given.items():
        if isinstance(v, bool) and sch[k]["choices"] == ON_OFF:
            v = "on" if v else "off"
        if v not in sch[k]["choices"]:
            raise _bad(f"option {k} must be one of {sch[k]['choices']}", k, v)
        out[k] = v
    if seats != 2:
        raise _bad("Empire vs Steppe is for exactly 2 players (ES-GEN-1)", "seats", seats)
    return out
