"""Setting up a match: options, factions (random or picked in turn, CS-SET-2..5), the map
(random, guided set-up CS-SET-6..14 with the Chinese order CS-AMB-24, or the tutorial
layout), landmarks, market and decks, then the first wave (CS-SET-15..19). A designed game
(CS-DM-1) seats the Cloud's factions first, lets the people pick or draw theirs, and lays
out its encounter's map."""
from __future__ import annotations

from typing import Any, Mapping

from .. import rng as _rng
from . import designed, mapgen, market, modes
from .content import load
from .decks import build_decks
from .emit import ev
from .options import normalise
from .phases import start_wave
from .state import faction_of, init_faction, new_state, setup_of, turn_order
from .types import Action, Events, GameMap, Seat, State


def team_seats(options: Mapping[str, Any], seats: int | None = None) -> list[list[int]] | None:
    """The team game's teams by seat (state.setup gives seat s the team s % 2); a designed
    game's [[people], [Cloud]] (CS-DM-3) for ``seats`` (None: its fewest)."""
    if modes.is_designed(options):
        return modes.teams(options, seats)
    return [[0, 2], [1, 3]] if options.get("mode") == "teams" else None


def seat_range(options: Mapping[str, Any]) -> tuple[int, int]:
    """CS-TEAM-1: the team game is exactly four; the tutorial map is a duel; otherwise 2-4;
    a designed game: its people and its Cloud (CS-DM-1)."""
    if modes.is_designed(options):
        return modes.seat_range(options)
    if options.get("mode") == "teams":
        return (4, 4)
    if options.get("map") == "tutorial":
        return (2, 2)
    return (2, 4)


def setup(seats: int, options: Mapping[str, Any] | None, seed: int) -> State:
    opts = normalise(seats, options)
    st = new_state(seats, opts, seed)
    c = load()
    events: Events = []
    if "designed" in st:
        designed_factions(st, events)
    elif opts["map"] == "tutorial":
        for s, f in enumerate(c["tutorial"]["factions"]):
            init_faction(st, s, f)
        finish_setup(st, events)
    elif opts["factions"] == "pick":
        st["phase"] = "faction"
        st["setup"] = {"pick": 0}
    else:
        fs = list(c["faction_order"])
        _rng.shuffle(st["rng"], fs)
        for i, s in enumerate(turn_order(st)):
            init_faction(st, s, fs[i])
        after_factions(st, events)
    return st


def designed_factions(st: State, events: Events) -> None:
    """CS-DM-1: the Cloud's factions are the encounter's; the people's are the encounter's,
    or picked in seat order (``factions=pick``), or drawn from the others; endless's Cloud
    is the three factions the person does not play."""
    d = st["designed"]
    for s, f in zip(d["cloud"], modes.cloud_factions(st["options"])):
        if f is not None:
            init_faction(st, s, f)
    e = modes.encounter_of(st["options"])
    if e is not None and e["people"] != "any":
        for i, s in enumerate(d["people"]):
            init_faction(st, s, e["people"][i])
    elif st["options"]["factions"] == "pick":
        st["phase"] = "faction"
        st["setup"] = {"pick": 0, "seq": list(d["people"])}
        return
    else:
        free = [f for f in load()["faction_order"] if f not in st["factions"]]
        _rng.shuffle(st["rng"], free)
        for s in d["people"]:
            init_faction(st, s, free.pop(0))
    after_factions(st, events)


def picking_seat(st: State) -> Seat:
    """CS-SET-2: who picks a faction now (a designed game: its people in seat order)."""
    su = setup_of(st)
    seq = su.get("seq")
    return seq[su["pick"]] if seq is not None else turn_order(st)[su["pick"]]


def pick_faction(st: State, seat: Seat, faction: str, events: Events) -> None:
    """CS-SET-2: factions are picked openly, in turn order."""
    init_faction(st, seat, faction)
    ev(events, "faction_picked", seat=seat, faction=faction)
    su = setup_of(st)
    su["pick"] += 1
    if su["pick"] >= len(su.get("seq") or range(st["seats"])):
        after_factions(st, events)


def after_factions(st: State, events: Events) -> None:
    d = st.get("designed")
    if d is not None:
        free = [f for f in load()["faction_order"] if f not in st["factions"]]
        for s in d["cloud"]:
            if st["factions"][s] is None:
                init_faction(st, s, free.pop(0))  # endless: the other three (CS-DM-11)
    if st["options"]["map"] == "guided":
        start_guided(st)
    else:
        finish_setup(st, events)


# ---------------------------------------------------------------- guided set-up

def start_guided(st: State) -> None:
    c = load()
    st["phase"] = "setup"
    m = st["map"]
    centre = mapgen._centre_id()
    others = [i for i in c["isle_order"] if i != centre]
    _rng.shuffle(st["rng"], others)
    mapgen.place_isle(m, 0, centre, 0, True)
    for k in range(1, 7):
        mapgen.place_isle(m, k, others[k - 1], 0, False)
    st["spare_isle"] = others[6]
    order = turn_order(st)
    n = st["seats"]
    seq = [order[1], order[0]] if n == 2 else [order[-1]] + [order[i] for i in range(n - 2, -1, -1)]
    st["setup"] = {"fort_seq": seq, "i": 0, "step": "isle", "slot": None, "reveal_seq": []}


def guided_seat(st: State) -> Seat | None:
    su = setup_of(st)
    if su["step"] in ("isle", "fort"):
        return su["fort_seq"][su["i"]]
    return su["reveal_seq"][0] if su["reveal_seq"] else None


def guided_slot_choices(st: State) -> list[int]:
    su = setup_of(st)
    m = st["map"]
    n = st["seats"]
    unrev = [k for k in range(1, 7) if not m["slots"][k]["revealed"]]
    if su["step"] == "reveal" or su["i"] == 0:
        return unrev
    if n == 2:
        prev = m["last_fort_slot"]
        return [k for k in unrev if not mapgen.slots_adjacent(k, prev)]
    return mapgen.next_unrevealed(m, 3 if n == 3 else 2)


def guided_actions(st: State) -> list[Action]:
    su = setup_of(st)
    m = st["map"]
    seat = guided_seat(st)
    out: list[Action] = []
    if su["step"] == "fort":
        slot = su["slot"]
        assert seat is not None and slot is not None, "the fort step follows the seat's isle step"
        for g, o in mapgen.fort_placements(m, faction_of(st, seat), slot):
            out.append({"type": "fort", "gate": g, "orient": o})
        return out
    for k in guided_slot_choices(st):
        isle = mapgen.isle_of(m["slots"][k])
        for r in mapgen.legal_rotations(isle, k):
            if su["step"] == "isle":
                assert seat is not None, "the isle step is always some seat's"
                mapgen.place_isle(m, k, isle, r, True)
                ok = bool(mapgen.fort_placements(m, faction_of(st, seat), k))
                _unreveal(m, k)
                if not ok:
                    continue
            out.append({"type": "isle", "slot": k, "rot": r})
    return out


def _unreveal(m: GameMap, k: int) -> None:
    s = m["slots"][k]
    for h in [h for h, c in m["hexes"].items() if c["g"] == s["isle"]]:
        del m["hexes"][h]
    s["revealed"] = False
    s["rot"] = 0


def apply_guided(st: State, seat: Seat, a: Action, events: Events) -> None:
    su = setup_of(st)
    m = st["map"]
    if a["type"] == "isle":
        k = a["slot"]
        mapgen.place_isle(m, k, mapgen.isle_of(m["slots"][k]), a["rot"], True)
        ev(events, "isle_revealed", seat=seat, slot=k, isle=m["slots"][k]["isle"], rot=a["rot"])
        if su["step"] == "isle":
            su["slot"] = k
            su["step"] = "fort"
        else:
            su["reveal_seq"].pop(0)
            if not su["reveal_seq"]:
                finish_setup(st, events)
        return
    slot = su["slot"]
    assert slot is not None, "a fortress is attached after its isle is placed"
    mapgen.attach_fort(m, seat, faction_of(st, seat), a["gate"], a["orient"])
    m["last_fort_slot"] = slot
    ev(events, "fortress_attached", seat=seat, gate=a["gate"], orient=a["orient"])
    su["i"] += 1
    su["step"] = "isle"
    if su["i"] >= len(su["fort_seq"]):
        su["step"] = "reveal"
        left = [k for k in range(1, 7) if not m["slots"][k]["revealed"]]
        n = st["seats"]
        order = turn_order(st)
        if n == 2:
            cyc = [order[1], order[0]]
        else:
            last = su["fort_seq"][-1]
            cyc = [(last - i) % n for i in range(n)]
        su["reveal_seq"] = [cyc[i % len(cyc)] for i in range(len(left))]
        if not left:
            finish_setup(st, events)


# ---------------------------------------------------------------- the rest of the set-up

def finish_setup(st: State, events: Events) -> None:
    c = load()
    m = st["map"]
    tut = st["options"]["map"] == "tutorial"
    if tut:
        T = c["tutorial"]
        for k, (iid, rot) in enumerate(T["isles"]):
            mapgen.place_isle(m, k, iid, rot, True)
        st["spare_isle"] = T["spare_isle"]
        for f in T["forts"]:
            mapgen.attach_fort(m, f["seat"], st["factions"][f["seat"]], f["gate"], f["orient"])
        mapgen.place_landmarks(st, turn_order(st), fixed=T["landmarks"])
        st["market"] = {"supply": list(T["market_supply"]) + [x for x in c["market_order"]
                                                             if x not in T["market_supply"] and x not in T["market_face"]],
                        "face": list(T["market_face"]), "discard": [],
                        "es_pile": list(T["earthscapes"][1:]) + [e for e in c["earthscape_order"] if e not in T["earthscapes"]],
                        "es_face": T["earthscapes"][0], "es_discard": [], "es_bought": False, "turn": 0}
    else:
        if "designed" in st:
            designed_layout(st)
        elif st["options"]["map"] == "random":
            mapgen.random_layout(st, turn_order(st))
        mapgen.place_landmarks(st, turn_order(st))
        sup = list(c["market_order"])
        _rng.shuffle(st["rng"], sup)
        es = list(c["earthscape_order"])
        _rng.shuffle(st["rng"], es)
        st["market"] = {"supply": sup, "face": [], "discard": [], "es_pile": es, "es_face": None,
                        "es_discard": [], "es_bought": False, "turn": 0}
        market.fill(st)
    build_decks(st)
    st["setup"] = None
    designed.start_of_game(st, events)
    start_wave(st, events)


def designed_layout(st: State) -> None:
    """CS-DM-1: an encounter's map is a random legal layout drawn from its own seed (the same
    for every game of the encounter with the same factions); endless draws from the game's."""
    e = modes.encounter_of(st["options"])
    lay = e["layout"] if e is not None else modes.ENDLESS["layout"]
    if lay == "random":
        mapgen.random_layout(st, turn_order(st))
        return
    game_rng = st["rng"]
    st["rng"] = _rng.new_rng(int(lay["seed"]))  # type: ignore[typeddict-item]
    try:
        mapgen.random_layout(st, turn_order(st))
    finally:
        st["rng"] = game_rng
