"""Game state construction and shared helpers (who is friendly, unit stats, occupancy).

The state is one JSON value (``"schema": 1``); see docs/cloudspire/view.md for the view.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping, TypeGuard, TypeVar

from .. import rng as _rng
from .content import ALLOWANCE, load
from . import mapgen, modes
from .types import (BuildState, Hex, Landmark, Occupancy, Options, PolicyKey, PrepState, Seat, SetupState,
                    State, Turn, Unit)

UPGRADE_SUPPLY: Mapping[str, int] = MappingProxyType({"a": 18, "r": 14, "f": 12})
SPIRE_CAP: Mapping[int, int] = MappingProxyType({2: 6, 3: 5, 4: 4})
POLICIES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "spire": ("lowest_health", "nearest_gate", "heroes_first", "manual"),
    "levelup": ("auto", "manual"), "reward": ("auto", "manual"), "mark": ("auto", "manual")})


def income_for_wave(w: int) -> int:
    return 2 * w + 3  # CS-WAVE-2, CS-ADJ-4


def new_state(seats: int, options: Options, seed: int) -> State:
    c = load()
    r = _rng.new_rng(seed)
    st: Any = {"schema": 1, "game": "cloudspire", "seats": seats, "options": dict(options), "seed": seed,
          "rng": r, "wave": 1, "phase": "setup", "start": 0, "factions": [None] * seats,
          "teams": None, "players": [], "units": {}, "spires": {}, "landmarks": {},
          "landmark_pile": [], "landmark_discard": [], "stacks": [[] for _ in range(seats)],
          "map": mapgen.new_map(), "pending": [], "result": None, "conceded": [],
          "supply": dict(UPGRADE_SUPPLY), "next_id": 1, "turn": None, "rest": [], "units_seen": False,
          "event": {"deck": [], "current": None, "discard": [], "lasting": []},
          "relic_deck": [], "relic_discard": [], "market": {}, "build": None, "prep": None,
          "setup": None, "round": 0, "wave_flags": {}}
    if options.get("mode") == "teams":
        st["teams"] = [s % 2 for s in range(seats)]
    tut = options.get("map") == "tutorial"
    if modes.is_designed(options):
        people, cloud = modes.teams(options, seats)
        st["teams"] = [0 if s in people else 1 for s in range(seats)]  # CS-DM-3
        st["designed"] = {"mode": options["mode"], "encounter": options.get("encounter", "none"),
                          "difficulty": options.get("difficulty", "normal"), "people": people, "cloud": cloud,
                          "objective": {"kind": "endless", "target": 0, "progress": 0, "status": "open"},
                          "waves_survived": 0}
        st["start"] = 0  # CS-DM-4: the people first, in every phase and every wave
    elif tut:
        st["start"] = c["tutorial"]["start"]
    else:
        st["start"] = _rng.randbelow(r, seats)  # CS-SET-1
    for s in range(seats):
        st["players"].append({"seat": s, "source": 0, "cap": 20, "gate": 10, "broken": False, "adv": {},
                              "lb": 0, "barracks": {}, "spire_bar": {}, "beside": [], "relics": [],
                              "relic_effects": [], "relics_in_effect": [],  # CS-END-4.2
                              "mark": None, "cp": 0, "removed_heroes": [],
                              "policy": {"spire": options.get("spire_policy", "lowest_health"),
                                         "levelup": options.get("levelup_policy", "auto"),
                                         "reward": "auto", "mark": "auto"},
                              "die_used": False, "known": []})
    return st


def new_id(st: State, prefix: str) -> str:
    i = st["next_id"]
    st["next_id"] = i + 1
    return f"{prefix}{i}"


def is_policy_key(k: str | None) -> TypeGuard[PolicyKey]:
    """A standing policy's name (a key of POLICIES and of Player.policy)."""
    return k in POLICIES


_Part = TypeVar("_Part")


def _during(st: State, part: _Part | None, what: str) -> _Part:
    """A part of the state that exists only in some phases, for code that runs only then."""
    if part is None:
        raise TypeError(f"no {what} in phase {st['phase']!r}")
    return part


def turn_of(st: State) -> Turn:
    """The Onslaught turn (``st["turn"]``)."""
    return _during(st, st["turn"], "Onslaught turn")


def build_of(st: State) -> BuildState:
    """The build phase's progress (``st["build"]``)."""
    return _during(st, st["build"], "build state")


def prep_of(st: State) -> PrepState:
    """The prep phase's stacks (``st["prep"]``)."""
    return _during(st, st["prep"], "prep state")


def setup_of(st: State) -> SetupState:
    """The faction pick or guided map set-up (``st["setup"]``)."""
    return _during(st, st["setup"], "set-up state")


def turn_order(st: State) -> list[Seat]:
    n = st["seats"]
    return [(st["start"] + i) % n for i in range(n)]


def team_of(st: State, seat: Seat) -> int:
    return st["teams"][seat] if st["teams"] else seat


def friendly(st: State, a: Seat | None, b: Seat | None) -> bool:
    """Seats a and b are the same faction or teammates (CS-TEAM-4). None = landmark."""
    if a is None or b is None:
        return False
    return team_of(st, a) == team_of(st, b)


def pos_of(u: Unit) -> Hex:
    """Where a unit stands, for code that runs only for units on the map."""
    p = u["pos"]
    assert p is not None, f"unit {u['id']} is not on the map"
    return p


def faction_of(st: State, seat: Seat) -> str:
    """The faction a seat plays, for code that runs after the factions are chosen."""
    f = st["factions"][seat]
    assert f is not None, f"seat {seat} has no faction yet"
    return f


def mark_of(st: State, seat: Seat) -> Seat:
    """The seat ``seat`` marked this wave, for code that runs after the marks are declared."""
    m = st["players"][seat]["mark"]
    assert m is not None, f"seat {seat} has no mark yet"
    return m


def faction_data(st: State, seat: Seat) -> dict[str, Any]:
    return load()["factions"][st["factions"][seat]]


def init_faction(st: State, seat: Seat, fid: str) -> None:
    """CS-SET-3/4/5: barracks with every chip basic side up; starting items."""
    c = load()
    st["factions"][seat] = fid
    f = c["factions"][fid]
    p = st["players"][seat]
    p["barracks"] = {m["id"]: m["count"] for m in f["minions"]}
    p["heroes"] = [h["id"] for h in f["heroes"]]
    p["spire_bar"] = {s["id"]: s["count"] for s in f["spires"]}
    p["adv"] = {a["id"]: 0 for a in f["advancements"]}
    p["start_items"] = list(f["start_items"])


# ---------------------------------------------------------------- unit statistics

def udata(u: Unit) -> dict[str, Any]:
    return load()["units"][u["type"]]


def side_stats(u: Unit) -> dict[str, Any]:
    return udata(u)[u.get("side", "basic")]


def talents(u: Unit) -> list[str]:
    t = list(side_stats(u)["talents"])
    for e in u.get("eq", []):
        t += load()["market"][e]["talents"]
    return t


def talent_value(u: Unit, name: str) -> int:
    best = 0
    total = 0
    for t in talents(u):
        if t.split(":")[0] == name:
            if ":" in t:
                v = int(t.split(":")[1])
                if name == "move":
                    total += v
                else:
                    best = max(best, v)
            else:
                best = max(best, 1)
    return total if name == "move" else best


def has_talent(u: Unit, name: str) -> bool:
    return any(t.split(":")[0] == name for t in talents(u))


def unit_range(u: Unit) -> int:
    rv = talent_value(u, "range")
    if rv:
        return rv + u.get("up", {}).get("r", 0)
    return 1


def unit_attack(st: State, u: Unit) -> int:
    a = side_stats(u)["atk"] + u.get("up", {}).get("a", 0)
    if u["kind"] == "minion":
        for s in (u["owner"],):
            if "minion_attack" in st["players"][s]["relic_effects"]:
                a += 1
    return a


def unit_move(u: Unit) -> int:
    return side_stats(u)["mv"] + talent_value(u, "move")


def unit_allow(u: Unit) -> int:
    return ALLOWANCE[side_stats(u)["terrain"]]


def unit_maxhp(u: Unit) -> int:
    return side_stats(u)["hp"]


def lm_data(l: Landmark) -> dict[str, Any]:
    return load()["landmarks"][l["type"]]


# ---------------------------------------------------------------- occupancy

def occupancy(st: State) -> Occupancy:
    """hex -> ("u"|"s"|"l", id).  Stack units are not on the map (CS-PREP-10)."""
    occ: Occupancy = {}
    for uid, u in st["units"].items():
        if u["pos"] is not None:
            occ[u["pos"]] = ("u", uid)
    for sid, s in st["spires"].items():
        occ[s["pos"]] = ("s", sid)
    for lid, l in st["landmarks"].items():
        occ[l["pos"]] = ("l", lid)
    return occ


def well_uncovered(st: State, h: Hex, occ: Occupancy) -> bool:
    c = st["map"]["hexes"].get(h)
    return bool(c and c["w"] and h not in occ)


def player_units(st: State, seat: Seat, on_map: bool = True) -> list[Unit]:
    return [u for u in st["units"].values() if u["owner"] == seat and (u["pos"] is not None or not on_map)]


def spire_count(st: State, seat: Seat) -> int:
    return sum(1 for s in st["spires"].values() if s["owner"] == seat)


def spire_cap(st: State) -> int:
    """CS-BLD-8 by the seat count; CS-SOLO-1 / CS-DM-2 by the designed mode."""
    d = st.get("designed")
    if d is not None:
        return modes.SPIRE_CAP[d["mode"]]
    return SPIRE_CAP[min(4, max(2, st["seats"]))]


def designed(st: State) -> bool:
    """A solo, co-op or endless game (CS-DM)."""
    return "designed" in st


def gain_source(st: State, seat: Seat, n: int) -> int:
    """CS-GEN-3: capped at capacity; returns the amount actually gained."""
    p = st["players"][seat]
    before = p["source"]
    p["source"] = max(0, min(p["cap"], p["source"] + n))
    return p["source"] - before


def adv_effects(st: State, seat: Seat) -> list[str]:
    f = faction_data(st, seat)
    out = []
    for a in f["advancements"]:
        lvl = st["players"][seat]["adv"].get(a["id"], 0)
        out += [lv["effect"] for lv in a["levels"][:lvl]]
    return out


def adv_sum(st: State, seat: Seat, kind: str) -> int:
    t = 0
    for e in adv_effects(st, seat):
        k, _, v = e.partition(":")
        if k == kind:
            t += int(v or 1)
    return t


def event_value(st: State, effect: str) -> int:
    ev = st["event"]["current"]
    t = 0
    ids = ([ev] if ev else []) + st["event"]["lasting"]
    for e in ids:
        d = load()["events"][e]
        if d["effect"] == effect:
            t += d["value"]
    return t


def opponents(st: State, seat: Seat) -> list[Seat]:
    return [s for s in range(st["seats"]) if not friendly(st, s, seat)]


def has_minions_anywhere(st: State) -> bool:
    """CS-END-1 / CS-AMB-1(c): any player-controlled minion on the map or in a stack."""
    return any(u["kind"] == "minion" for u in st["units"].values())


def gate_hex(st: State, seat: Seat) -> Hex:
    return st["map"]["forts"][str(seat)]["gate"]
