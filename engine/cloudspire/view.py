"""The per-viewer view (shape documented in docs/cloudspire/view.md).

Hidden information (Information and decisions): unrevealed landmark identities (only to
players who explored them), deployment-stack entries below the top, minions under a
group's top, relics held, stacks under construction, standing policies.

The view also carries what a renderer would otherwise derive from the rules or the raw
content, so that the renderer decides nothing: each seat's influence (CS-INF-1/3), each
seat's fortress power (CS-WIN-2, CS-MP-10), the number printed on every mat of the map,
the centre and footprint of every isle slot (face-down slots are drawn as blank discs),
and the price of the face-up earthscape; a designed game's mode, encounter, objective and
wave count (``designed``, CS-DM-14), public."""
from __future__ import annotations

from typing import Any

from . import designed
from .build import influence_groups, lb_allowance, upgrade_room
from .content import load
from .turns import acting_seats, prompts
from .mapgen import slot_centre, slot_footprint
from .phases import last_wave
from .scoring import fortress_power
from .state import spire_cap, unit_maxhp
from .types import Hex, MapHex, Player, PrepState, Seat, Slot, State, Turn, Unit

JSONDict = dict[str, Any]

#: an earthscape costs 2 Source (CS-MKT-4(b); engine/cloudspire/market.py charges the same)
EARTHSCAPE_COST = 2


def _unit_public(u: Unit, full: bool) -> JSONDict:
    d: JSONDict
    d = {"id": u["id"], "owner": u["owner"], "kind": u["kind"], "type": u["type"], "side": u.get("side", "basic"),
         "hp": u["hp"], "max_hp": unit_maxhp(u), "up": dict(u.get("up", {})), "pos": u["pos"],
         "eq": list(u.get("eq", [])), "grouped": bool(u.get("members"))}
    if full:
        d["members"] = list(u.get("members", []))
    return d


def _map_groups(hexes: dict[Hex, MapHex]) -> dict[str, int]:
    """The number printed on each isle and earthscape mat on the map (fortresses have none)."""
    c = load()
    out = {}
    for g in sorted({x["g"] for x in hexes.values()}):
        mat = c["isles"].get(g) or c["earthscapes"].get(g)
        if mat is not None:
            out[g] = mat["number"]
    return out


def _slot(s: Slot) -> JSONDict:
    d: JSONDict
    d = {"slot": s["slot"], "isle": s["isle"] if s["revealed"] else None, "rot": s["rot"],
         "revealed": s["revealed"], "centre": "{},{}".format(*slot_centre(s["slot"]))}
    if not s["revealed"]:  # the whole disc the face-down isle will cover
        d["footprint"] = sorted(slot_footprint(s["slot"]))
    return d


def _influence(st: State) -> list[list[str]]:
    """Per seat, the hex groups within its influence (CS-INF-1/3); none before its fortress
    is on the map."""
    forts = st["map"]["forts"]
    return [sorted(influence_groups(st, s)) if str(s) in forts else [] for s in range(st["seats"])]


def _player(st: State, p: Player, viewer: Seat | None) -> JSONDict:
    s = p["seat"]
    own = viewer == s
    pd: JSONDict
    pd = {"seat": s, "faction": st["factions"][s], "source": p["source"], "cap": p["cap"], "gate": p["gate"],
          "broken": p["broken"], "advancements": dict(p["adv"]), "pegs": sum(p["adv"].values()),
          "limited_builds": p["lb"], "mark": p["mark"], "relic_count": len(p["relics"]),
          "beside": list(p["beside"]), "barracks": dict(p["barracks"]), "spire_barracks": dict(p["spire_bar"]),
          "heroes_removed": list(p["removed_heroes"]), "cp": p["cp"], "die_used": p["die_used"],
          "relic_effects": list(p["relic_effects"]), "conceded": s in st["conceded"],
          "power": fortress_power(st, s)}
    if st["factions"][s]:
        pd["lb_allowance"] = lb_allowance(st, s)
    if own:
        pd["relics"] = list(p["relics"])
        pd["policy"] = dict(p["policy"])
    return pd


def _prep(st: State, prep: PrepState, viewer: Seat | None) -> JSONDict:
    """The stacks under construction: the viewer's own entries, those of the seats before it
    that have locked theirs (unless stacking is simultaneous, CS-AMB-33), and the top of
    every locked stack."""
    pv: JSONDict
    pv = {"step": prep["step"], "marked": list(prep["marked"]), "locked": list(prep["locked"])}
    order = prep["order"]
    if viewer is not None:
        pv["own"] = [dict(e) for e in prep["stacks"][str(viewer)]]
        if st["options"].get("faster_prep") != "on":  # CS-AMB-33
            before = order[:order.index(viewer)] if viewer in order else []
            pv["earlier"] = {str(s): [dict(e) for e in prep["stacks"][str(s)]] for s in before if s in prep["locked"]}
    pv["tops"] = {str(s): (prep["stacks"][str(s)][0]["types"][0] if prep["stacks"][str(s)] else None)
                  for s in prep["locked"]}
    return pv


def _turn(st: State, t: Turn, viewer: Seat | None) -> JSONDict:
    td: JSONDict
    td = {"seat": t["seat"], "step": t["step"], "moved": list(t["moved"]), "attacked": list(t["attacked"]),
          "explored": list(t["explored"])}
    if t["peek"] and viewer == t["seat"]:  # only the explorer sees what it peeked at
        l = st["landmarks"][t["peek"]]
        td["peek"] = {"pos": l["pos"], "type": l["type"]}
    return td


def view(st: State, viewer: Seat | None) -> JSONDict:
    c = load()
    n = st["seats"]
    out: JSONDict
    out = {"game": "cloudspire", "schema": 1, "viewer": viewer, "seats": n, "wave": st["wave"],
           "last_wave": last_wave(st),
           "phase": st["phase"], "round": st["round"], "start": st["start"], "factions": list(st["factions"]),
           "teams": st["teams"], "options": dict(st["options"]), "spire_cap": spire_cap(st) if n >= 2 else None,
           "supply": dict(st["supply"]), "active": acting_seats(st), "result": st["result"]}
    out["prompts"] = [{"seat": p.seat, "key": p.key, "kind": p.kind} for p in prompts(st)]
    out["players"] = [_player(st, p, viewer) for p in st["players"]]
    m = st["map"]
    out["map"] = {"hexes": [{"hex": h, "terrain": x["t"], "well": x["w"], "group": x["g"],
                             **({"gate": x["gate"]} if "gate" in x else {}),
                             **({"fortwell": x["fortwell"]} if "fortwell" in x else {})}
                            for h, x in sorted(m["hexes"].items())],
                  "slots": [_slot(s) for s in m["slots"]],
                  "forts": {k: {"gate": f["gate"], "wells": list(f["wells"]), "body": list(f["body"]),
                                "orient": f.get("orient", 0)} for k, f in m["forts"].items()},
                  "earthscapes": [dict(e) for e in m["es"]],
                  "groups": _map_groups(m["hexes"])}
    out["influence"] = _influence(st)
    units = []
    for u in sorted(st["units"].values(), key=lambda u: (len(u["id"]), u["id"])):
        if u["pos"] is None:
            continue
        units.append(_unit_public(u, viewer == u["owner"]))
    out["units"] = units
    stacks = []
    prep = st.get("prep")
    for s in range(n):
        ids = st["stacks"][s]
        sd: JSONDict
        sd = {"seat": s, "height": len(ids), "top": _unit_public(st["units"][ids[0]], viewer == s) if ids else None}
        if viewer == s:
            sd["entries"] = [_unit_public(st["units"][i], True) for i in ids]
        stacks.append(sd)
    out["stacks"] = stacks
    if prep and st["phase"] == "prep":
        out["prep"] = _prep(st, prep, viewer)
    out["spires"] = [{"id": sp["id"], "owner": sp["owner"], "type": sp["type"], "side": sp.get("side", "basic"),
                      "pos": sp["pos"], "chips": list(sp["chips"]), "room": upgrade_room(sp)}
                     for sp in sorted(st["spires"].values(), key=lambda x: (len(x["id"]), x["id"]))]
    lms = []
    for l in sorted(st["landmarks"].values(), key=lambda x: (len(x["id"]), x["id"])):
        d = c["landmarks"][l["type"]]
        ld: JSONDict = {"id": l["id"], "pos": l["pos"], "back": d["back"], "revealed": l["revealed"]}
        if l["revealed"]:
            ld.update(type=l["type"], hp=l["hp"], max_hp=d["hp"], kind=d["kind"])
        elif viewer is not None and viewer in l["known"]:
            ld.update(type=l["type"], known=True)
        lms.append(ld)
    out["landmarks"] = lms
    out["landmark_pile"] = len(st["landmark_pile"])
    out["landmark_discard"] = list(st["landmark_discard"])
    mk = st["market"]
    out["market"] = {"face": list(mk.get("face", [])), "earthscape": mk.get("es_face"),
                     "earthscape_bought": mk.get("es_bought", False), "supply": len(mk.get("supply", [])),
                     "discard": list(mk.get("discard", [])), "earthscape_pile": len(mk.get("es_pile", [])),
                     "earthscape_cost": EARTHSCAPE_COST}
    out["event"] = {"current": st["event"]["current"], "lasting": list(st["event"]["lasting"]),
                    "deck": len(st["event"]["deck"]), "discard": list(st["event"]["discard"])}
    out["relic_deck"] = len(st["relic_deck"])
    # Played whole-wave relic cards, public, until the end-of-wave discard (CS-END-4.2).
    out["relics_in_effect"] = [{"seat": p["seat"], "relic": r} for p in st["players"]
                               for r in p.get("relics_in_effect", [])]
    t = st["turn"]
    if t and st["phase"] == "onslaught":
        out["turn"] = _turn(st, t, viewer)
    out["rest"] = list(st["rest"])
    out["pending"] = [{"seat": p["seat"], "kind": p["kind"]} for p in st["pending"]]
    if st["setup"] and st["phase"] == "setup":
        out["setup"] = {"step": st["setup"]["step"], "slot": st["setup"]["slot"]}
    block = designed.view_block(st)
    if block is not None:
        out["designed"] = block
    return out
