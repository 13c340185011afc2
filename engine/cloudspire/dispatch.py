"""Carrying out one legal action (no checking here: apply.py checks first). Automatic
steps that follow are advance.py."""
from __future__ import annotations

from . import build, cards, market, phases, prep
from .combat import apply_levelup, do_attack, fire_spire
from .emit import ev
from .explore import explore, reveal
from .legal import follow_wells, spire_build_actions
from .movement import minion_options
from .opening import apply_guided, pick_faction
from .state import build_of, prep_of, turn_of
from .types import Action, Events, Seat, State


def dispatch(st: State, seat: Seat, a: Action, events: Events) -> None:
    d = a["type"]
    if st["pending"]:
        return resolve_pending(st, seat, a, events)
    ph = st["phase"]
    if ph == "faction":
        return pick_faction(st, seat, a["faction"], events)
    if ph == "setup":
        return apply_guided(st, seat, a, events)
    if ph == "market":
        if d == "buy":
            market.buy(st, seat, a["chip"], events)
        else:
            ev(events, "passed", seat=seat)
        return phases.after_market_turn(st, events)
    if ph == "build":
        return build_dispatch(st, seat, a, events)
    if ph == "prep":
        return prep_dispatch(st, seat, a, events)
    return onslaught_dispatch(st, seat, a, events)


def build_dispatch(st: State, seat: Seat, a: Action, events: Events) -> None:
    d = a["type"]
    b = build_of(st)
    if b["follow"]:
        b["follow"] = None
        if d == "build":
            build.construct(st, seat, a["spire"], a["side"], a["at"], a["order"], events)
        return phases.after_build_turn(st, seat, events)
    if d == "end":
        b["ended"].append(seat)
        ev(events, "build_ended", seat=seat)
    elif d == "build":
        build.construct(st, seat, a["spire"], a["side"], a["at"], a["order"], events)
    elif d == "up":
        build.upgrade(st, seat, a["at"], a["chips"], events)
    elif d == "adv":
        build.advance(st, seat, a["structure"], events)
    elif d == "es":
        wells = build.place_earthscape(st, seat, a["earthscape"], a["at"], a["rot"], events)
        if wells and spire_build_actions(st, seat, wells=follow_wells(st, seat, wells)):
            b["follow"] = {"seat": seat, "wells": wells}  # CS-BLD-6: a spire on the new wells may follow
            return
    return phases.after_build_turn(st, seat, events)


def prep_dispatch(st: State, seat: Seat, a: Action, events: Events) -> None:
    d = a["type"]
    if prep_of(st)["step"] == "mark":
        return prep.set_mark(st, seat, a["target"], events)
    if d in ("add", "join"):
        prep.add(st, seat, a["unit"], d == "join", events)
    elif d == "equip":
        prep.equip(st, seat, a["item"], a["hero"])
    elif d == "undo":
        prep.undo(st, seat)
    elif d in ("lock", "autostack"):
        if d == "autostack":
            prep.default_stack(st, seat)
        if prep.lock(st, seat, events):
            phases.start_onslaught(st, events)


def resolve_pending(st: State, seat: Seat, a: Action, events: Events) -> None:
    p = st["pending"].pop(0)
    if p["kind"] == "levelup":
        apply_levelup(st, st["units"][p["unit"]], a["choice"], events)
    elif p["kind"] == "free_spire":
        if a["spire"] != "none":
            build.construct(st, seat, a["spire"], "basic", p["pos"], a["order"], events, free=True)
    elif p["kind"] == "fire":
        turn_of(st)["fire"].remove(a["spire"])
        fire_spire(st, a["spire"], a["unit"], events)
    elif p["kind"] == "mark":
        st["players"][seat]["mark"] = a["target"]
        ev(events, "mark", seat=seat, target=a["target"])


def onslaught_dispatch(st: State, seat: Seat, a: Action, events: Events) -> None:
    t = turn_of(st)
    d = a["type"]
    step = t["step"]
    if step == "start":
        if d == "build":
            build.construct(st, seat, a["spire"], a["side"], a["at"], a["order"], events)
            st["players"][seat]["lb"] += 1
            ev(events, "limited_build", seat=seat, used=st["players"][seat]["lb"])
        elif d == "up":
            build.upgrade(st, seat, a["at"], a["chips"], events)
            st["players"][seat]["lb"] += 1
            ev(events, "limited_build", seat=seat, used=st["players"][seat]["lb"])
        elif d == "relic":
            cards.play_relic(st, seat, a["relic"], a["args"], events)
        elif d == "die":
            phases.faction_die(st, seat, events)
        elif d == "next":
            t["step"] = "a"
        return
    if step in ("a", "c"):
        if d == "mv":
            phases.move_hero(st, st["units"][a["unit"]], a["to"], events)
        elif step == "a":
            t["step"] = "m"
        else:
            phases.start_fire(st, events)
        return
    if step == "m":
        u = st["units"][a["unit"]]
        mode, opts, _, _ = minion_options(st, u)
        phases.move_minion(st, u, a["to"], opts[a["to"]], events)
        return
    if step == "explore":
        if d == "explore":
            explore(st, seat, a["at"], events)
        elif d in ("reveal", "hide"):
            peek = t["peek"]
            assert peek is not None, "reveal and hide are legal only while peeking"
            l = st["landmarks"][peek]
            t["peek"] = None
            if d == "reveal":
                reveal(st, l, seat, events)
            else:
                ev(events, "kept_hidden", seat=seat, pos=l["pos"])
        else:
            t["step"] = "attack"
        return
    if step == "attack":
        if d == "atk":
            do_attack(st, a["unit"], a["at"], events)
        else:
            ev(events, "turn_ended", seat=seat)
            phases.end_turn(st, events)
