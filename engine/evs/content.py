"""Card content as data: loading and validation of ``data/units.json``, ``commands.json``,
``generals.json`` and ``factions.json`` (docs/evs/engine.md "Content").

Everything is validated at import; bad data raises :class:`ContentError` naming the file,
the entry and the field: unknown keys, unknown phase kinds or keywords (keywords.py), bad
references (a command naming an unknown unit or another faction's unit, a standard hand
naming unknown cards), missing English or Chinese names and texts.

Exports: ``UNITS``, ``COMMANDS``, ``GENERALS`` (by notation word: move / attack / defend),
``GENERAL_IDS``, ``FACTIONS``, ``FACTION_IDS`` and small lookups. Phases are normalised:
every optional key of keywords.PHASE_KEYS is filled with its default.
"""
from __future__ import annotations

import json
import os
import re
from typing import Any

from engine.content_checks import ID_RE, LANGS, ContentError, fail, integer, keys, text  # noqa: F401

from .keywords import (FACTION_EFFECTS, FACTION_TRIGGERS, MAX_PHASES, MAX_REACH, PHASE_KEYS, RANGES,
                       TRIGGER_EFFECTS)

DATA_DIR = os.path.join(os.path.dirname(__file__), "data")
RESERVED_IDS = frozenset({"standard", "general"})
MARKERS = ("action", "defence", "reveal", "dispatch", "recall")


_fail, _keys, _text = fail, keys, text  # engine/content_checks.py, shared by every game's content


def _int(where: str, v: object, lo: int, hi: int = 99) -> int:
    return integer(where, v, lo, hi)


def _id(where: str, v: object) -> str:
    if not isinstance(v, str) or not ID_RE.match(v) or v in RESERVED_IDS:
        _fail(where, f"bad id {v!r} (snake_case, not {sorted(RESERVED_IDS)})")
    return v


def validate_phase(where: str, p: object) -> dict:
    """One phase (ES-KW-1): its kind, its keys and their values; returns it normalised."""
    if not isinstance(p, dict) or p.get("kind") not in PHASE_KEYS:
        _fail(where, f"unknown phase kind {p.get('kind') if isinstance(p, dict) else p!r}; "
                     f"known: {sorted(PHASE_KEYS)}")
    required, optional = PHASE_KEYS[p["kind"]]
    _keys(where, p, set(required), set(optional))
    out: dict[str, Any] = {"kind": p["kind"]}
    for k, default in optional.items():
        v = p.get(k, default)
        if isinstance(default, bool):
            if not isinstance(v, bool):
                _fail(f"{where}.{k}", "must be true or false")
        else:
            _int(f"{where}.{k}", v, 0, MAX_REACH if k == "reach" else 9)
        out[k] = v
    if p["kind"] == "move":
        out["mp"] = _int(f"{where}.mp", p["mp"], 1, 6)
    elif p["kind"] == "heal":
        out["n"] = _int(f"{where}.n", p["n"], 1, 9)
    elif p["kind"] == "engage":
        if p["range"] not in RANGES:
            _fail(f"{where}.range", f"must be one of {RANGES}")
        out["range"] = p["range"]
        if p["range"] == "ranged":
            if "reach" not in p:
                _fail(where, "a ranged engagement needs 'reach' (N 范围, ES-KW-10)")
            _int(f"{where}.reach", p["reach"], 1, MAX_REACH)
        elif "reach" in p:
            _fail(where, "a melee engagement has no 'reach' (range I, ES-KW-9)")
    return out


def _phases(where: str, phases: object, action: bool, defence: bool) -> list[dict]:
    if not isinstance(phases, list) or not 1 <= len(phases) <= MAX_PHASES:
        _fail(where, f"'phases' must list 1..{MAX_PHASES} phases (ES-CARD-8)")
    out = [validate_phase(f"{where}.phases[{i}]", p) for i, p in enumerate(phases)]
    kinds = [p["kind"] for p in out]
    if action and "defend" in kinds:
        _fail(where, "an action card has no 'defend' phase")
    if defence and (kinds.count("defend") != 1 or any(k not in ("defend", "heal") for k in kinds)):
        _fail(where, "a defence card has exactly one 'defend' phase and otherwise only 'heal' (ES-DEF-4)")
    return out


def _markers(where: str, m: object, names: tuple[str, ...]) -> dict[str, bool]:
    m = _keys(where, m, set(names))
    for k in names:
        if not isinstance(m[k], bool):
            _fail(f"{where}.{k}", "must be true or false")
    if m["action"] == m["defence"]:
        _fail(where, "exactly one of the action and defence markers (ES-AMB-17)")
    return dict(m)


def _load(fn: str, top: str) -> list:
    path = os.path.join(DATA_DIR, fn)
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    _keys(fn, data, {"version", top}, {"comment"})
    if not isinstance(data[top], list):
        _fail(fn, f"'{top}' must be a list")
    return data[top]


def load_factions(raw: list) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for i, f in enumerate(raw):
        where = f"factions.json[{i}]"
        _keys(where, f, {"id", "name", "colour", "general", "effects", "track", "standard"})
        fid = _id(where, f["id"])
        where = f"factions.json {fid!r}"
        effects = []
        if not isinstance(f["effects"], list) or not f["effects"]:
            _fail(where, "'effects' must list at least one faction effect (ES-FAC-1)")
        for j, e in enumerate(f["effects"]):
            w = f"{where}.effects[{j}]"
            _keys(w, e, {"id", "trigger", "effect", "n", "name", "text"})
            if e["trigger"] not in FACTION_TRIGGERS:
                _fail(w, f"unknown trigger {e['trigger']!r}; known: {FACTION_TRIGGERS}")
            if e["effect"] not in FACTION_EFFECTS or e["effect"] not in TRIGGER_EFFECTS[e["trigger"]]:
                _fail(w, f"effect {e['effect']!r} is not one of {TRIGGER_EFFECTS[e['trigger']]}")
            effects.append({"id": _id(w, e["id"]), "trigger": e["trigger"], "effect": e["effect"],
                            "n": _int(f"{w}.n", e["n"], 1, 5), "name": _text(f"{w}.name", e["name"]),
                            "text": _text(f"{w}.text", e["text"])})
        t = _keys(f"{where}.track", f["track"], {"length", "start", "collapse", "draw"})
        length = _int(f"{where}.track.length", t["length"], 1, 30)
        start = _int(f"{where}.track.start", t["start"], 0, length)
        collapse = _int(f"{where}.track.collapse", t["collapse"], start + 1, length)
        if not isinstance(t["draw"], list) or any(not isinstance(d, int) or not start < d < collapse
                                                  for d in t["draw"]):
            _fail(f"{where}.track.draw", "draw squares lie strictly between start and collapse (ES-MOR-4)")
        s = _keys(f"{where}.standard", f["standard"], {"units", "commands"})
        colour = f["colour"]
        if not isinstance(colour, str) or not re.match(r"^#[0-9a-f]{6}$", colour):
            _fail(f"{where}.colour", "must be #rrggbb")
        out[fid] = {"id": fid, "name": _text(f"{where}.name", f["name"]), "colour": colour,
                    "general": _text(f"{where}.general", f["general"]), "effects": effects,
                    "track": {"length": length, "start": start, "collapse": collapse, "draw": list(t["draw"])},
                    "standard": {"units": list(s["units"]), "commands": list(s["commands"])}}
    return out


def load_units(raw: list, factions: dict) -> dict[str, dict]:
    out: dict[str, dict] = {}
    by_name: dict[tuple[str, str], dict] = {}
    for i, u in enumerate(raw):
        where = f"units.json[{i}]"
        _keys(where, u, {"id", "faction", "name", "power", "hp", "role"})
        uid = _id(where, u["id"])
        where = f"units.json {uid!r}"
        if uid in out:
            _fail(where, "duplicate id")
        if u["faction"] not in factions:
            _fail(where, f"unknown faction {u['faction']!r}")
        card = {"id": uid, "faction": u["faction"], "name": _text(f"{where}.name", u["name"]),
                "power": _int(f"{where}.power", u["power"], 0, 9), "hp": _int(f"{where}.hp", u["hp"], 1, 9),
                "role": _id(f"{where}.role", u["role"])}
        twin = by_name.get((u["faction"], card["name"]["en"]))
        if twin is not None and any(twin[k] != card[k] for k in ("power", "hp", "role", "name")):
            _fail(where, f"shares its name with {twin['id']!r} but not its values (ES-AMB-53)")
        by_name.setdefault((u["faction"], card["name"]["en"]), card)
        out[uid] = card
    return out


def load_commands(raw: list, units: dict, factions: dict) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for i, c in enumerate(raw):
        where = f"commands.json[{i}]"
        _keys(where, c, {"id", "faction", "name", "cost", "power", "unit", "markers", "phases", "text"})
        cid = _id(where, c["id"])
        where = f"commands.json {cid!r}"
        if cid in out or cid in units:
            _fail(where, "duplicate id")
        if c["faction"] not in factions:
            _fail(where, f"unknown faction {c['faction']!r}")
        unit = c["unit"]
        if unit is not None and (unit not in units or units[unit]["faction"] != c["faction"]):
            _fail(where, f"'unit' {unit!r} is not a unit of {c['faction']} (ES-CARD-7)")
        markers = _markers(f"{where}.markers", c["markers"], MARKERS)
        out[cid] = {"id": cid, "faction": c["faction"], "name": _text(f"{where}.name", c["name"]),
                    "cost": _int(f"{where}.cost", c["cost"], 0, 5), "power": _int(f"{where}.power", c["power"], 0, 9),
                    "unit": unit, "markers": markers,
                    "phases": _phases(where, c["phases"], markers["action"], markers["defence"]),
                    "text": _text(f"{where}.text", c["text"])}
    return out


def load_generals(raw: list) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for i, g in enumerate(raw):
        where = f"generals.json[{i}]"
        _keys(where, g, {"id", "command", "name", "cost", "markers", "phases", "text"})
        gid = _id(where, g["id"])
        if g["command"] not in ("move", "attack", "defend") or g["command"] in out:
            _fail(where, "'command' must be move, attack or defend, each once (ES-AMB-24)")
        _keys(f"{where}.markers", g["markers"], {"action", "defence"})
        m = _markers(f"{where}.markers", dict(g["markers"], reveal=False, dispatch=False, recall=False), MARKERS)
        out[g["command"]] = {"id": gid, "command": g["command"], "name": _text(f"{where}.name", g["name"]),
                             "cost": _int(f"{where}.cost", g["cost"], 0, 5), "power": 0, "unit": None,
                             "markers": m, "phases": _phases(where, g["phases"], m["action"], m["defence"]),
                             "text": _text(f"{where}.text", g["text"])}
    if set(out) != {"move", "attack", "defend"}:
        _fail("generals.json", "needs exactly the general move, attack and defend commands (ES-AMB-24)")
    return out


def check_standard(factions: dict, units: dict, commands: dict) -> None:
    for fid, f in factions.items():
        where = f"factions.json {fid!r}.standard"
        s = f["standard"]
        if len(s["units"]) != 5 or len(set(s["units"])) != 5 or any(
                units.get(u, {}).get("faction") != fid for u in s["units"]):
            _fail(where, "needs 5 distinct unit ids of the faction (ES-SET-2)")
        if len(s["commands"]) != 10 or len(set(s["commands"])) != 10 or any(
                commands.get(c, {}).get("faction") != fid for c in s["commands"]):
            _fail(where, "needs 10 distinct command ids of the faction (ES-SET-2)")


def load_all() -> tuple[dict, dict, dict, dict]:
    factions = load_factions(_load("factions.json", "factions"))
    units = load_units(_load("units.json", "units"), factions)
    commands = load_commands(_load("commands.json", "commands"), units, factions)
    generals = load_generals(_load("generals.json", "generals"))
    if {g["id"] for g in generals.values()} & (set(units) | set(commands)):
        _fail("generals.json", "a general command id clashes with a card id")
    check_standard(factions, units, commands)
    return factions, units, commands, generals


FACTIONS, UNITS, COMMANDS, GENERALS = load_all()
FACTION_IDS: tuple[str, ...] = tuple(FACTIONS)
GENERAL_IDS = frozenset(g["id"] for g in GENERALS.values())
GENERAL_BY_ID = {g["id"]: g for g in GENERALS.values()}


def spec(card: str) -> dict:
    """The command spec of a command card or a general command id."""
    return COMMANDS[card] if card in COMMANDS else GENERAL_BY_ID[card]


def is_unit(card: str) -> bool:
    return card in UNITS


def is_command(card: str) -> bool:
    return card in COMMANDS


def pool(faction: str) -> tuple[list[str], list[str]]:
    """A faction's unit and command pools in data order (the secret pick, ES-AMB-3)."""
    return ([u for u, c in UNITS.items() if c["faction"] == faction],
            [c for c, d in COMMANDS.items() if d["faction"] == faction])


def unit_name(unit_card: str) -> str:
    return UNITS[unit_card]["name"]["en"]


_EXECUTES: dict[tuple[str, str], bool] = {}


def executes(command_card: str, unit_card: str) -> bool:
    """ES-CARD-7 / ES-AMB-53: an unnamed card (or a general command) fits any unit of its
    faction; a named one fits every unit whose name is the named unit's name."""
    key = (command_card, unit_card)
    got = _EXECUTES.get(key)
    if got is None:
        got = _EXECUTES[key] = _executes(command_card, unit_card)
    return got


def _executes(command_card: str, unit_card: str) -> bool:
    s = spec(command_card)
    if s["unit"] is None:
        return command_card in GENERAL_IDS or UNITS[unit_card]["faction"] == s["faction"]
    return unit_name(unit_card) == unit_name(s["unit"])
