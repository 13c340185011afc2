"""Event cards and relic cards in play (CS-EVT, CS-RWD-3, CS-ADJ-1/2a, CS-AMB-44); the decks
themselves (shuffling, drawing relics) are decks.py."""
from __future__ import annotations

from .. import rng as _rng
from . import designed
from .build import upgrade_room
from .combat import damage_unit, defeat_unit
from .content import load
from .decks import build_decks, draw_relic, events_on, market_on
from .emit import ev
from .market import fill
from .reach import within
from .state import friendly, gain_source, spire_count, unit_maxhp, occupancy
from .types import Events, Seat, State

__all__ = ("build_decks", "draw_relic", "events_on", "market_on", "event_phase", "end_of_wave_cards",
           "relic_targets", "play_relic")


# ---------------------------------------------------------------- events

def event_phase(st: State, events: Events) -> None:
    """CS-EVT-1..4."""
    if st["wave"] == 1 or not events_on(st):
        return
    c = load()
    e = st["event"]
    if not e["deck"]:
        e["deck"] = e["discard"]
        e["discard"] = []
        _rng.shuffle(st["rng"], e["deck"])
    if not e["deck"]:
        return
    eid = e["deck"].pop(0)
    for _ in range(len(load()["events"])):  # CS-DM-12: endless's harsh cards only
        if designed.event_allowed(st, eid):
            break
        e["discard"].append(eid)
        if not e["deck"]:
            e["deck"], e["discard"] = e["discard"], []
            _rng.shuffle(st["rng"], e["deck"])
        eid = e["deck"].pop(0)
    e["current"] = eid
    d = c["events"][eid]
    ev(events, "event_drawn", event=eid, effect=d["effect"], value=d["value"])
    eff, v = d["effect"], d["value"]
    if eff == "heal_heroes":
        for u in st["units"].values():
            if u["kind"] == "hero" and u["pos"] is not None:
                u["hp"] = unit_maxhp(u)
    elif eff == "storm":
        for u in sorted(list(st["units"].values()), key=lambda x: x["id"]):
            if u["pos"] is not None and u["id"] in st["units"]:
                if damage_unit(st, u, v):
                    defeat_unit(st, u, None, None, events)
    elif eff == "landmark_regrow":
        for l in st["landmarks"].values():
            if l["revealed"]:
                l["hp"] = c["landmarks"][l["type"]]["hp"]
    elif eff == "relic_all":
        for s in range(st["seats"]):
            draw_relic(st, s, events)
    elif eff == "underdog":
        low = min(p["source"] for p in st["players"])
        for p in st["players"]:
            if p["source"] == low:
                gain_source(st, p["seat"], v)
    elif eff == "gate_repair":
        for p in st["players"]:
            if not p["broken"]:
                p["gate"] = min(10, p["gate"] + v)
    elif eff == "cap_bonus":
        for p in st["players"]:
            p["cap"] += v
        e["lasting"].append(eid)
        e["current"] = None
    elif eff == "spire_range":
        st["wave_flags"]["spire_range"] = v


def end_of_wave_cards(st: State) -> None:
    e = st["event"]
    if e["current"]:
        e["discard"].append(e["current"])  # CS-END-4.4
        e["current"] = None
    st["wave_flags"] = {}
    for p in st["players"]:  # CS-END-4.2: used whole-wave relics are discarded now
        st["relic_discard"].extend(p.get("relics_in_effect", []))
        p["relics_in_effect"] = []
        p["relic_effects"] = []


# ---------------------------------------------------------------- relics

def relic_targets(st: State, seat: Seat, rid: str) -> list[list[str]]:
    """Argument lists for playing relic rid now (empty list = cannot be played)."""
    c = load()
    d = c["relics"][rid]
    t = d["target"]
    own = sorted(u["pos"] for u in st["units"].values() if u["owner"] == seat and u["pos"] is not None)
    if t is None:
        if d["effect"] == "free_market_chip" and not st["market"].get("face"):
            return []
        if d["effect"] == "cancel_event" and not st["event"]["current"]:
            return []
        return [[]]
    if t == "two_own_units":
        return [[a, b] for i, a in enumerate(own) for b in own[i + 1:]]
    if t == "own_hero":
        return [[u["pos"]] for u in sorted(st["units"].values(), key=lambda x: x["id"])
                if u["owner"] == seat and u["pos"] is not None and u["kind"] == "hero"]
    if t == "own_spire":
        return [[s["pos"]] for s in sorted(st["spires"].values(), key=lambda x: x["id"])
                if s["owner"] == seat and upgrade_room(s) > 0 and st["supply"]["a"] > 0]
    if t == "enemy_unit_near_spire":
        mine = [s["pos"] for s in st["spires"].values() if s["owner"] == seat]
        return [[u["pos"]] for u in sorted(st["units"].values(), key=lambda x: x["id"])
                if u["pos"] is not None and not friendly(st, seat, u["owner"])
                and any(within(st, p, u["pos"], 1) for p in mine)]
    return []


def play_relic(st: State, seat: Seat, rid: str, args: list[str], events: Events) -> None:
    c = load()
    d = c["relics"][rid]
    p = st["players"][seat]
    p["relics"].remove(rid)
    ev(events, "relic_played", seat=seat, relic=rid, args=args)
    eff, v = d["effect"], d["value"]
    occ = occupancy(st)
    if eff == "gain_source":
        gain_source(st, seat, v)
    elif eff in ("jam_spires", "minion_attack"):
        p["relic_effects"].append(eff)
    elif eff == "swap_units":
        a, b = (st["units"][occ[h][1]] for h in args)
        a["pos"], b["pos"] = b["pos"], a["pos"]
    elif eff == "damage_near_spire":
        u = st["units"][occ[args[0]][1]]
        if damage_unit(st, u, v):
            defeat_unit(st, u, seat, None, events)
    elif eff == "drain":
        total = 0
        for o in range(st["seats"]):
            if not friendly(st, seat, o):
                take = min(v, st["players"][o]["source"])
                st["players"][o]["source"] -= take
                total += take
        gain_source(st, seat, total)
    elif eff == "source_per_spire":
        gain_source(st, seat, v * spire_count(st, seat))
    elif eff == "cancel_event":
        current = st["event"]["current"]
        assert current is not None, "relic_targets offers cancel_event only while an event is in play"
        st["event"]["discard"].append(current)
        st["event"]["current"] = None
        st["wave_flags"] = {}
    elif eff == "gain_if_event":
        gain_source(st, seat, v if st["event"]["current"] else 1)
    elif eff == "free_market_chip":
        m = st["market"]
        chip = min(m["face"], key=lambda x: (c["market"][x]["cost"], x))
        m["face"].remove(chip)
        p["beside"].append(chip)
        fill(st)
    elif eff == "source_per_purchase":
        gain_source(st, seat, 1 + len(p["beside"]))
    elif eff == "heal_hero_full":
        u = st["units"][occ[args[0]][1]]
        u["hp"] = unit_maxhp(u)
    elif eff == "gate_heal":
        if not p["broken"]:
            p["gate"] = min(10, p["gate"] + v)
    elif eff == "free_attack_chip":
        s = st["spires"][occ[args[0]][1]]
        s["chips"].append("a")
        st["supply"]["a"] -= 1
    elif eff == "recall_hero":
        u = st["units"].pop(occ[args[0]][1])
        p["beside"].append(u["type"])
    if d["whole_wave"]:
        # CS-END-4.2: the card stays in effect (out of the deck and the discard pile, so a
        # reshuffle cannot deal it) until end_of_wave_cards discards it.
        p.setdefault("relics_in_effect", []).append(rid)
    else:
        st["relic_discard"].append(rid)
