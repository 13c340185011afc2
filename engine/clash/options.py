"""Setup options: the schema offered to hosts and their validation (CD-FMT-1/2/9,
CD-SOLO-2, CD-CUS-2..7, CD-CHA-3, CD-AMB-1..3, CD-AMB-59)."""
from __future__ import annotations

from engine.base import IllegalAction

from .abilities import CUSTOM_AI_ABILITIES
from .cards import DIFFICULTY


def schema() -> dict[str, dict]:
    """Each option's choices and default; ``headline``: always worth showing in a lobby;
    ``when``: the option only matters when the named options have one of these values."""
    solo_custom = {"mode": ["solo"], "solo_game": ["custom"]}
    return {
        "mode": {"choices": ["duel", "solo"], "default": "duel", "headline": True},
        "format": {"choices": ["precon", "draft", "constructed"], "default": "precon", "headline": True},
        "champions": {"choices": [False, True], "default": False, "headline": True,
                      "when": {"format": ["draft", "constructed"]}},
        "solo_game": {"choices": ["quick", "custom"], "default": "quick", "headline": True,
                      "when": {"mode": ["solo"]}},
        "ai_modifier": {"choices": [1] + sorted(DIFFICULTY["ai_modifier"]), "default": 1, "when": solo_custom},
        "ai_base_mana": {"choices": [6] + sorted(DIFFICULTY["ai_base_mana"]), "default": 6, "when": solo_custom},
        "ai_first": {"choices": [False, True], "default": False, "when": solo_custom},
        "ai_defence": {"choices": [False, True], "default": False, "when": solo_custom},
        "ai_abilities": {"choices": list(CUSTOM_AI_ABILITIES), "default": [], "multiple": True, "when": solo_custom},
        "level": {"choices": [None] + list(range(DIFFICULTY["min_level"], DIFFICULTY["max_level"] + 1)),
                  "default": None, "when": solo_custom},
        "pause_phase3": {"choices": [False, True], "default": False, "when": {"champions": [True]}},
    }


def _bad(msg: str, option: str, value: object) -> IllegalAction:
    return IllegalAction("clash.err.bad_options", msg, option=option, value=str(value))


def custom_level(o: dict) -> int:
    """Level = sum of the chosen option values minus the champion value (CD-AMB-3)."""
    d = DIFFICULTY
    level = 0
    if o["ai_modifier"] != 1:
        level += d["ai_modifier"][o["ai_modifier"]]
    if o["ai_base_mana"] != 6:
        level += d["ai_base_mana"][o["ai_base_mana"]]
    if o["ai_first"]:
        level += d["ai_first"]
    if o["ai_defence"]:
        level += d["ai_defence"]
    for a in o["ai_abilities"]:
        level += d["ai_abilities"][a]
    if o["champions"]:
        level -= d["champion_subtract"]
    return level


def normalize(seats: int, options: dict | None) -> dict:
    """Return complete, validated options or raise ``IllegalAction('clash.err.bad_options')``."""
    given = dict(options or {})
    sch = schema()
    unknown = set(given) - set(sch)
    if unknown:
        raise _bad(f"unknown option(s) {sorted(unknown)}", sorted(unknown)[0], given[sorted(unknown)[0]])
    o = {k: v["default"] for k, v in sch.items()}
    if "mode" not in given:
        o["mode"] = "solo" if seats == 1 else "duel"
    o.update(given)
    abil = o["ai_abilities"]
    if isinstance(abil, str):
        abil = [a.strip().upper() for a in abil.split(",") if a.strip()]
    if not isinstance(abil, (list, tuple)) or any(a not in CUSTOM_AI_ABILITIES for a in abil):
        raise _bad(f"ai_abilities must be chosen from {list(CUSTOM_AI_ABILITIES)}", "ai_abilities", abil)
    o["ai_abilities"] = [a for a in CUSTOM_AI_ABILITIES if a in abil]
    for k, spec in sch.items():
        if k == "ai_abilities":
            continue
        v = o[k]
        if not any(v == c and type(v) is type(c) for c in spec["choices"]):
            raise _bad(f"option {k} must be one of {spec['choices']}", k, o[k])
    if o["mode"] == "duel" and seats != 2:
        raise _bad("Duel needs 2 seats (CD-GEN-2)", "mode", o["mode"])
    if o["mode"] == "solo" and seats != 1:
        raise _bad("Solo is one player against the AI (CD-GEN-2)", "mode", o["mode"])
    if o["mode"] == "solo" and o["format"] == "constructed":
        raise _bad("Solo cannot use Constructed (CD-FMT-2)", "format", o["format"])
    if o["champions"] and o["format"] == "precon":
        raise _bad("The Champion module needs Draft or Constructed (CD-FMT-9)", "champions", True)
    custom_keys = ("ai_modifier", "ai_base_mana", "ai_first", "ai_defence", "ai_abilities", "level")
    if o["mode"] == "solo" and o["solo_game"] == "custom":
        if o["format"] != "draft":
            raise _bad("Custom games are Draft only (CD-AMB-59)", "format", o["format"])
        lvl = custom_level(o)
        if not DIFFICULTY["min_level"] <= lvl <= DIFFICULTY["max_level"]:
            raise _bad(f"custom options add up to level {lvl}; it must be from "
                       f"{DIFFICULTY['min_level']} to {DIFFICULTY['max_level']} (CD-CUS-3, CD-AMB-3)", "level", lvl)
        if o["level"] is not None and o["level"] != lvl:
            raise _bad(f"the chosen options add up to level {lvl}, not {o['level']} (CD-AMB-3)", "level", o["level"])
        o["level"] = lvl
    else:
        if o["mode"] == "solo" and o["champions"]:
            raise _bad("In Solo the Champion module needs a Custom game (CD-CHA-3)", "champions", True)
        defaults = {k: sch[k]["default"] for k in custom_keys}
        for k in custom_keys:
            if k in given and given[k] != defaults[k] and not (k == "ai_abilities" and not o[k]):
                raise _bad(f"option {k} applies only to Solo Custom games", k, given[k])
        o["level"] = 0 if o["mode"] == "solo" else None
    return o


def solo_config(o: dict) -> dict | None:
    if o["mode"] != "solo":
        return None
    if o["solo_game"] == "quick":
        return {"game": "quick", "base_mana": DIFFICULTY["base_mana"], "modifier": DIFFICULTY["modifier"],
                "ai_first": False, "ai_defence": False, "abilities": [], "level": 0}
    return {"game": "custom", "base_mana": o["ai_base_mana"], "modifier": o["ai_modifier"],
            "ai_first": o["ai_first"], "ai_defence": o["ai_defence"], "abilities": list(o["ai_abilities"]),
            "level": o["level"]}
