"""The designed modes in play (docs/rules/cloudspire.md "Designed modes", CS-DM): the
difficulty's adjustments (CS-DM-9), the objective and how the game ends (CS-DM-5..8), the
endless escalation (CS-DM-11..13) and the ``designed`` block of the view (CS-DM-14).

The data and the seats are modes.py's; this module changes states. Every function here is a
no-op, or says "nothing happened", for a game that is no designed one."""
from __future__ import annotations

import math
from typing import Any

from . import mapgen, modes
from .build import upgrade_room
from .emit import ev
from .scoring import finish
from .state import occupancy
from .types import Designed, Events, Hex, Objective, Seat, State

GATE = 10
#: CS-DM-8: the health a broken Cloud gate is rebuilt to at the start of the next wave
REBUILT_GATE = 5


def of(st: State) -> Designed | None:
    return st.get("designed")


def _adj(st: State) -> dict[str, float]:
    return modes.adjustments(st["options"])


def last_wave(st: State) -> int:
    """CS-DM-5: the encounter's waves; endless: its cap (CS-DM-13)."""
    d = st["designed"]
    if d["mode"] == "endless":
        return int(modes.ENDLESS["cap"])
    return int(modes.ENCOUNTERS[d["encounter"]]["waves"])


# ---------------------------------------------------------------- the start

def start_of_game(st: State, events: Events) -> None:
    """After the map and before wave 1: gates adjusted by the difficulty (CS-DM-9) and the
    objective set (a protected well is cleared of its landmark, CS-DM-7)."""
    d = of(st)
    if d is None:
        return
    a = _adj(st)
    for s in d["cloud"]:
        st["players"][s]["gate"] = GATE + int(a.get("cloud_gate", 0))
    for s in d["people"]:
        st["players"][s]["gate"] = GATE + int(a.get("people_gate", 0))
    ob: Objective
    if d["mode"] == "endless":
        ob = {"kind": "endless", "target": last_wave(st), "progress": 0, "status": "open"}
        d["endless_level"] = 0
    else:
        spec = modes.ENCOUNTERS[d["encounter"]]["objective"]
        kind = spec["kind"]
        ob = {"kind": kind, "target": int(spec["by"]) if kind == "break_gate" else last_wave(st),
              "progress": 0, "status": "open"}
        if kind == "break_gate":
            ob["cloud_gate"] = min(st["players"][s]["gate"] for s in d["cloud"])
        if kind == "protect_well":
            ob["well"] = _clear_well(st, _well(st, spec["well"]))
            ob["held"] = 0
    d["objective"] = ob
    d["breaches"] = 0


def _well(st: State, which: str) -> Hex:
    """CS-DM-7: "centre" is the centre isle's well (always 0,0); "people_side" the isle well
    nearest the first person's gate (the lowest hex on a tie, as CS-AMB-26)."""
    if which == "centre":
        return "0,0"
    return mapgen.nearest_wells(st["map"], st["map"]["forts"]["0"]["gate"])[0]


def _clear_well(st: State, h: Hex) -> Hex:
    for lid in [k for k, l in st["landmarks"].items() if l["pos"] == h]:
        st["landmark_pile"].append(st["landmarks"].pop(lid)["type"])
    return h


# ---------------------------------------------------------------- each wave

def income_bonus(st: State, seat: Seat) -> int:
    """CS-DM-9/10/12: the extra Source ``seat`` gains in this wave's Income phase."""
    d = of(st)
    if d is None:
        return 0
    a, w = _adj(st), st["wave"]
    if d["mode"] == "endless":
        if seat in d["cloud"]:
            return int(a["base_source"]) + math.floor(a["step_source"] * (w - 1))
        return int(a["people_source"]) if w == 1 else 0
    if seat in d["cloud"]:
        return (int(a["cloud_wave_source"]) + (int(a["cloud_source"]) if w == 1 else 0)
                + _outnumbered(d) * modes.OUTNUMBERED["source"])
    return int(a["people_source"]) if w == 1 else 0


def cp_bonus(st: State, seat: Seat) -> int:
    """CS-DM-9/10/12: the extra CP ``seat`` gets in this wave's Prep phase (may be negative)."""
    d = of(st)
    if d is None:
        return 0
    a, w = _adj(st), st["wave"]
    if d["mode"] == "endless":
        return int(a["base_cp"]) + math.floor(a["step_cp"] * (w - 1)) if seat in d["cloud"] else 0
    if seat in d["cloud"]:
        return (int(a["cloud_wave_cp"]) + (int(a["cloud_cp"]) if w == 1 else 0)
                + _outnumbered(d) * modes.OUTNUMBERED["cp"])
    return int(a["people_cp"])


def heroes_allowed(st: State, seat: Seat) -> bool:
    """CS-DM-9/12: a Cloud faction deploys heroes only from the difficulty's wave on."""
    d = of(st)
    return d is None or seat not in d["cloud"] or st["wave"] >= _adj(st)["cloud_heroes_from"]


def _outnumbered(d: Designed) -> int:
    """CS-DM-10: people beyond the number of Cloud factions."""
    return max(0, len(d["people"]) - len(d["cloud"]))


def start_wave(st: State, events: Events) -> None:
    """At the start of every wave after the first: broken Cloud gates are rebuilt (CS-DM-8);
    in endless the person's gate mends, the Cloud's spires get their free chips and the
    wave's escalation is announced (CS-DM-12)."""
    d = of(st)
    if d is None or st["wave"] == 1:
        return
    for s in d["cloud"]:
        p = st["players"][s]
        if p["broken"]:
            p["gate"], p["broken"] = REBUILT_GATE, False
            ev(events, "gate_repaired", seat=s, gate=p["gate"])
    if d["mode"] != "endless":
        return
    a, w = _adj(st), st["wave"]
    d["endless_level"] = w - 1
    for s in d["people"]:
        p = st["players"][s]
        if not p["broken"] and p["gate"] < GATE and a["people_regen"]:
            p["gate"] = min(GATE, p["gate"] + int(a["people_regen"]))
            ev(events, "gate_repaired", seat=s, gate=p["gate"])
    chips = 0
    if w >= a["upgrades_from"] and (w - a["upgrades_from"]) % max(1, int(a["upgrade_every"])) == 0:
        chips = sum(_free_chip(st, s, events) for s in d["cloud"])
    ev(events, "endless_wave", wave=w, level=d["endless_level"],
       source=int(a["base_source"]) + math.floor(a["step_source"] * (w - 1)),
       cp=int(a["base_cp"]) + math.floor(a["step_cp"] * (w - 1)), upgrades=chips, harsh=harsh_events(st))


def _free_chip(st: State, seat: Seat, events: Events) -> int:
    """One free upgrade chip at the bottom of ``seat``'s spire with the most room (attack,
    else range, else fortification, as the supply allows; CS-AMB-42): 1 if placed."""
    spires = [s for s in st["spires"].values() if s["owner"] == seat and upgrade_room(s) > 0]
    if not spires:
        return 0
    s = max(spires, key=lambda s: (upgrade_room(s), -len(s["id"]), s["id"]))
    for chip in ("a", "r", "f"):
        if st["supply"][chip] > 0:
            st["supply"][chip] -= 1
            s["chips"].append(chip)
            ev(events, "spire_upgraded", seat=seat, spire=s["id"], pos=s["pos"], chips=chip, cost=0)
            return 1
    return 0


def harsh_events(st: State) -> bool:
    """CS-DM-12: from the difficulty's wave on, endless draws only the harsh event cards."""
    d = of(st)
    return d is not None and d["mode"] == "endless" and st["wave"] >= _adj(st)["harsh_from"]


def event_allowed(st: State, eid: str) -> bool:
    return not harsh_events(st) or eid in modes.ENDLESS["harsh_events"]


# ---------------------------------------------------------------- the end

def conclude(st: State, met: bool, why: str, events: Events, reason: str | None = None) -> None:
    """The objective met (the people win) or failed (the Cloud wins), CS-DM-5..8."""
    d = st["designed"]
    ob = d["objective"]
    ob["status"], ob["reason"] = ("met" if met else "failed"), why
    ev(events, "objective_met" if met else "objective_failed", kind=ob["kind"], reason=why, wave=st["wave"],
       survived=d["waves_survived"])
    winners = list(d["people"] if met else d["cloud"])
    finish(st, reason or ("objective_met" if met else "objective_failed"), winners=winners)
    ev(events, "game_over", winners=winners)


def gate_broken(st: State, g: Seat, by: Seat, events: Events) -> bool:
    """CS-DM-6/8: a person's gate broken loses at once; a Cloud gate broken wins at once when
    that is the objective (break_gate); otherwise it is looted and rebuilt next wave (False:
    play goes on)."""
    d = st["designed"]
    if g in d["people"]:
        conclude(st, False, "run_over" if d["mode"] == "endless" else "gate_broken", events, reason="gate_broken")
        return True
    if d["objective"]["kind"] == "break_gate":
        conclude(st, True, "cloud_gate_broken", events, reason="gate_broken")
        return True
    d["breaches"] = d.get("breaches", 0) + 1
    return False


def gate_damaged(st: State) -> None:
    """break_gate: keep the weakest Cloud gate's health in the objective (CS-DM-6)."""
    d = of(st)
    if d is not None and d["objective"]["kind"] == "break_gate":
        d["objective"]["cloud_gate"] = min(st["players"][s]["gate"] for s in d["cloud"])


def well_taken(st: State, events: Events, round_end: bool) -> bool:
    """CS-DM-7: the protected well is taken when a Cloud spire stands on it (checked after
    every move), or when Cloud units stand on it at the end of two rounds in a row (checked
    at the end of every Onslaught round; the first time it is only threatened). True: the
    game is over."""
    d = of(st)
    if d is None or d["objective"]["kind"] != "protect_well" or d["objective"]["status"] != "open":
        return False
    ob = d["objective"]
    h = ob["well"]
    o = occupancy(st).get(h)
    owner = None
    if o is not None and o[0] in ("s", "u"):
        owner = (st["spires"][o[1]] if o[0] == "s" else st["units"][o[1]])["owner"]
    cloud = owner is not None and owner in d["cloud"]
    if cloud and o is not None and o[0] == "s":
        conclude(st, False, "well_taken", events)
        return True
    if not round_end:
        return False
    if not cloud:
        ob["held"] = 0
        return False
    ob["held"] = ob.get("held", 0) + 1
    if ob["held"] >= 2:
        conclude(st, False, "well_taken", events)
        return True
    ev(events, "well_threatened", seat=owner, well=h)
    return False


def end_of_wave(st: State, events: Events) -> bool:
    """CS-DM-5..8, 13: a wave ended with every person's gate standing. True: the game is over
    (its last wave held, or break_gate's deadline passed); else the progress is told."""
    d = of(st)
    if d is None:
        return False
    ob, w = d["objective"], st["wave"]
    d["waves_survived"] = w
    ob["progress"] = w
    if "held" in ob:
        ob["held"] = 0
    if w >= ob["target"]:
        if ob["kind"] == "break_gate":
            conclude(st, False, "deadline", events)
        else:
            conclude(st, True, {"protect_well": "well_held", "endless": "endless_cap"}.get(ob["kind"], "survived"),
                     events)
        return True
    extra: dict[str, Any] = {k: v for k, v in ob.items() if k in ("well", "cloud_gate")}
    ev(events, "objective_progress", kind=ob["kind"], wave=w, progress=w, target=ob["target"], **extra)
    return False


# ---------------------------------------------------------------- the view

def view_block(st: State) -> dict[str, Any] | None:
    """CS-DM-14: everything the board and the narration show of the mode; all public."""
    d = of(st)
    if d is None:
        return None
    out: dict[str, Any] = {"mode": d["mode"], "encounter": d["encounter"], "difficulty": d["difficulty"],
                           "objective": dict(d["objective"]), "wave": st["wave"], "last_wave": last_wave(st),
                           "cloud": list(d["cloud"]), "people": list(d["people"]),
                           "waves_survived": d["waves_survived"]}
    out["breaches"] = d.get("breaches", 0)
    if d["mode"] == "endless":
        out["endless_level"] = d.get("endless_level", 0)
        out["harsh_events"] = harsh_events(st)
    return out
