"""Influence and the build options: construct/upgrade spires, place earthscapes, advance the
fortress, limited builds and the free-spire reward (CS-INF, CS-BLD, CS-LBO, CS-SPR-1..4,
CS-AMB-13/14/30/31/41)."""
from __future__ import annotations

from itertools import permutations, product

from .content import load
from .hexgeo import add, key, neighbours, rotate, unkey
from .emit import ev
from .errors import illegal
from .state import (adv_effects, adv_sum, event_value, faction_data, occupancy, spire_cap,
                    spire_count, new_id)
from .types import Events, Hex, Occupancy, Seat, Side, Spire, State

Cells = dict[Hex, tuple[str, bool]]


def group_adjacency(st: State) -> dict[str, set[str]]:
    hexes = st["map"]["hexes"]
    adj: dict[str, set[str]] = {}
    for h, c in hexes.items():
        g = c["g"]
        adj.setdefault(g, set())
        for n in neighbours(h):
            cn = hexes.get(n)
            if cn and cn["g"] != g:
                adj[g].add(cn["g"])
    return adj


def influence_groups(st: State, seat: Seat) -> set[str]:
    """CS-INF-1/3: groups adjacent to the gate hex, groups with your spire, and groups
    adjacent to those.  Fortress hexes are not a hex group for (b)/(c)."""
    hexes = st["map"]["hexes"]
    gate = st["map"]["forts"][str(seat)]["gate"]
    out = set()
    for n in neighbours(gate):
        c = hexes.get(n)
        if c and not c["g"].startswith("fort"):
            out.add(c["g"])
    adj = group_adjacency(st)
    for s in st["spires"].values():
        if s["owner"] != seat:
            continue
        g = hexes[s["pos"]]["g"]
        if g.startswith("fort"):
            continue
        out.add(g)
        out |= {x for x in adj.get(g, ()) if not x.startswith("fort")}
    return out


def in_influence(st: State, seat: Seat, h: Hex, groups: set[str] | None = None) -> bool:
    c = st["map"]["hexes"].get(h)
    if c is None:
        return False
    if c.get("fortwell") == seat:  # CS-INF-2
        return True
    if c["g"].startswith("fort"):
        return False
    groups = influence_groups(st, seat) if groups is None else groups
    return c["g"] in groups


def buildable_wells(st: State, seat: Seat, need_influence: bool = True) -> list[Hex]:
    occ = occupancy(st)
    groups = influence_groups(st, seat)
    out = []
    for h, c in st["map"]["hexes"].items():
        if not c["w"] or h in occ:  # CS-MAP-7
            continue
        if c.get("fortwell") is not None and c["fortwell"] != seat:
            continue
        if need_influence and not in_influence(st, seat, h, groups):
            continue
        out.append(h)
    return sorted(out, key=lambda x: (unkey(x)[1], unkey(x)[0]))


def spire_choices(st: State, seat: Seat) -> list[tuple[str, Side, int]]:
    """(type, side, cost) the player may construct now (CS-BLD-3, CS-MKT-8)."""
    c = load()
    p = st["players"][seat]
    effects = adv_effects(st, seat)
    unlocked = {e.split(":")[1] for e in effects if e.startswith("unlock:")}
    promoted = "promoted_spires" in effects
    disc = event_value(st, "spire_discount")
    out: list[tuple[str, Side, int]] = []
    for t, n in sorted(p["spire_bar"].items()):
        if n <= 0:
            continue
        d = c["spires"][t]
        if d["requires"] and d["requires"] not in unlocked:
            continue
        cost = max(0, d["cost"] - disc)
        out.append((t, "basic", cost))
        if promoted:
            out.append((t, "promoted", cost + 2))
    for t in sorted(set(x for x in p["beside"] if c["spires"].get(x, {}).get("merc"))):
        out.append((t, "basic", 0))
    return out


def orders_for(initial: list[str] | str) -> list[str]:
    return sorted({"".join(pm) for pm in permutations(initial)})


def construct(st: State, seat: Seat, t: str, side: Side, h: Hex, order: str, events: Events, free: bool = False,
              need_influence: bool = True) -> str:
    c = load()
    p = st["players"][seat]
    d = c["spires"][t]
    cost = 0
    if not d["merc"] and not free:
        cost = max(0, d["cost"] - event_value(st, "spire_discount")) + (2 if side == "promoted" else 0)
    p["source"] -= cost
    if d["merc"]:
        p["beside"].remove(t)
    else:
        p["spire_bar"][t] -= 1
    chips = list(order)
    for ch in chips:
        st["supply"][ch] -= 1
    sid = new_id(st, "s")
    st["spires"][sid] = {"id": sid, "type": t, "side": side, "owner": seat, "pos": h, "chips": chips,
                         "base": len(d[side]["initial"])}
    ev(events, "spire_built", seat=seat, spire=sid, type=t, pos=h, chips="".join(chips), cost=cost)
    return sid


def construct_legal(st: State, seat: Seat, t: str | None, side: str, h: Hex | None, order: str,
                    wells: list[Hex] | None = None, free: bool = False, need_influence: bool = True) -> str | None:
    """Returns an error code or None."""
    c = load()
    if t not in c["spires"]:
        return "unknown_spire"
    if spire_count(st, seat) >= spire_cap(st):  # CS-BLD-8
        return "spire_cap"
    ch = [x for x in spire_choices(st, seat) if x[0] == t and x[1] == side]
    if not ch:
        return "spire_unavailable"
    if not free and ch[0][2] > st["players"][seat]["source"]:
        return "no_source"
    wells = buildable_wells(st, seat, need_influence) if wells is None else wells
    if h not in wells:
        return "bad_well"
    init = c["spires"][t][side]["initial"]
    if sorted(order) != sorted(init):
        return "bad_order"
    if any(st["supply"][k] < list(order).count(k) for k in "arf"):
        return "supply"
    return None


def upgrade_cost(s: Spire, chips: str) -> int:
    """CS-BLD-5 / CS-AMB-14: a/r cost the chip count after adding; f costs 2."""
    n = len(s["chips"])
    total = 0
    for ch in chips:
        n += 1
        total += 2 if ch == "f" else n
    return total


def upgrade_room(s: Spire) -> int:
    d = load()["spires"][s["type"]][s.get("side", "basic")]
    return len(d["initial"]) + d["cap"] - len(s["chips"])  # CS-AMB-13


def upgrade_legal(st: State, seat: Seat, h: Hex | None, chips: str) -> str | None:
    s = next((x for x in st["spires"].values() if x["pos"] == h), None)
    if s is None or s["owner"] != seat:
        return "not_your_spire"
    if not chips or any(ch not in "arf" for ch in chips):
        return "bad_chips"
    if len(chips) > upgrade_room(s):
        return "spire_full"
    if upgrade_cost(s, chips) > st["players"][seat]["source"]:
        return "no_source"
    if any(st["supply"][k] < chips.count(k) for k in "arf"):
        return "supply"
    return None


def upgrade(st: State, seat: Seat, h: Hex, chips: str, events: Events) -> None:
    s = next(x for x in st["spires"].values() if x["pos"] == h)
    cost = upgrade_cost(s, chips)
    st["players"][seat]["source"] -= cost
    for ch in chips:
        s["chips"].append(ch)  # CS-BLD-4: new chips go to the bottom
        st["supply"][ch] -= 1
    ev(events, "spire_upgraded", seat=seat, spire=s["id"], pos=h, chips=chips, cost=cost)


def upgrade_options(st: State, seat: Seat) -> list[tuple[Hex, str]]:
    out = []
    src = st["players"][seat]["source"]
    for s in sorted(st["spires"].values(), key=lambda x: x["id"]):
        if s["owner"] != seat:
            continue
        room = min(3, upgrade_room(s))
        seqs = ["".join(t) for n in range(1, room + 1) for t in product("arf", repeat=n)]
        for chips in seqs:
            if upgrade_cost(s, chips) <= src and all(st["supply"][k] >= chips.count(k) for k in "arf"):
                out.append((s["pos"], chips))
    return out


# ---------------------------------------------------------------- earthscapes (CS-AMB-30)

def earthscape_cells(es_id: str, anchor: Hex, rot: int) -> Cells:
    d = load()["earthscapes"][es_id]
    a = unkey(anchor)
    wells = {tuple(w) for w in d["wells"]}
    return {key(*add(a, rotate((q, r), rot))): (t, (q, r) in wells) for q, r, t in d["hexes"]}


def earthscape_fits(st: State, seat: Seat, es_id: str, anchor: Hex, rot: int, occ: Occupancy | None = None,
                    groups: set[str] | None = None, cells: Cells | None = None) -> bool:
    """CS-AMB-30: on isle hexes only, all in influence, covering no unit, spire, landmark or
    uncovered well."""
    occ = occupancy(st) if occ is None else occ
    groups = influence_groups(st, seat) if groups is None else groups
    hexes = st["map"]["hexes"]
    for h in earthscape_cells(es_id, anchor, rot) if cells is None else cells:
        c = hexes.get(h)
        if c is None or not c["g"].startswith("isle"):
            return False
        if h in occ or c["w"] or c["g"] not in groups:
            return False
    return True


def earthscape_legal(st: State, seat: Seat, es_id: str, anchor: Hex, rot: int, occ: Occupancy | None = None,
                     groups: set[str] | None = None, paths: GatePaths | None = None) -> bool:
    """CS-AMB-30: it fits, and it cuts no gate off from the other gates' paths (``paths``: one
    :class:`GatePaths` shared when many placements are tried on the same state)."""
    cells = earthscape_cells(es_id, anchor, rot)
    if not earthscape_fits(st, seat, es_id, anchor, rot, occ, groups, cells):
        return False
    return (paths or GatePaths(st)).keeps(cells)


class GatePaths:
    """The gates' path connections on one map (CS-AMB-30, added after play-testing): an
    earthscape may not leave any gate cut off by path hexes from a gate it reached before.

    Only covering a path hex that some gate reaches can cut anything (new path hexes only add
    connections), so most placements are settled by a set lookup; the rest re-walk the path
    network with the earthscape's terrain laid over it, stopping as soon as every gate is
    found, and placements that change the same hexes share one answer."""

    def __init__(self, st: State) -> None:
        m = st["map"]
        self.hexes = m["hexes"]
        self.gates = [f["gate"] for _, f in sorted(m["forts"].items())]
        self.groups: list[list[Hex]] = []  # the gates that reach each other, as lists
        self.reached: set[Hex] = set()  # path hexes some gate reaches
        self.known: dict[frozenset, bool] = {}  # path hexes changed by a placement -> its answer
        done: set[Hex] = set()
        for g in self.gates:
            if g in done:
                continue
            walk = self._walk(g, None, None)
            group = [x for x in self.gates if x in walk]
            done.update(group)
            self.reached |= walk
            if len(group) > 1:
                self.groups.append(group)

    def _walk(self, start: Hex, over: dict[Hex, str] | None, want: set[Hex] | None) -> set[Hex]:
        """Hexes reached from ``start`` over path hexes (gates end a walk); with ``over``
        ({hex: terrain}) laid on the map. Stops early once every gate of ``want`` is seen."""
        hexes, gates = self.hexes, self.gates
        seen = {start}
        todo = [start]
        left = len(want) if want else -1
        while todo:
            h = todo.pop()
            for n in neighbours(h):
                if n in seen:
                    continue
                if over is not None and n in over:
                    t = over[n]
                else:
                    c = hexes.get(n)
                    if c is None:
                        continue
                    t = c["t"]
                if t == "p":
                    seen.add(n)
                    todo.append(n)
                elif n in gates:
                    seen.add(n)
                    if want and n in want:
                        left -= 1
                        if not left:
                            return seen
        return seen

    def keeps(self, cells: Cells) -> bool:
        """Would an earthscape covering ``cells`` ({hex: (terrain, well)}) keep every
        connection between gates?"""
        hexes = self.hexes
        change = {h: t for h, (t, _) in cells.items() if (t == "p") != (h in hexes and hexes[h]["t"] == "p")}
        if not any(h in self.reached and t != "p" for h, t in change.items()):
            return True
        k = frozenset(change.items())
        ok = self.known.get(k)
        if ok is None:
            ok = True
            for group in self.groups:
                want = set(group[1:])
                if not want <= self._walk(group[0], change, want):
                    ok = False
                    break
            self.known[k] = ok
        return ok


def earthscape_cuts_path(st: State, es_id: str, anchor: Hex, rot: int) -> bool:
    """True if placing ``es_id`` at ``anchor``/``rot`` would cut a gate off (CS-AMB-30)."""
    return not GatePaths(st).keeps(earthscape_cells(es_id, anchor, rot))


def earthscape_placements(st: State, seat: Seat, es_id: str) -> list[tuple[Hex, int]]:
    occ = occupancy(st)
    groups = influence_groups(st, seat)
    paths = GatePaths(st)
    out = []
    for h, c in st["map"]["hexes"].items():
        if not c["g"].startswith("isle") or c["g"] not in groups:
            continue
        for rot in range(6):
            if earthscape_legal(st, seat, es_id, h, rot, occ, groups, paths):
                out.append((h, rot))
    return sorted(out, key=lambda x: (unkey(x[0])[1], unkey(x[0])[0], x[1]))


def place_earthscape(st: State, seat: Seat, es_id: str, anchor: Hex, rot: int, events: Events) -> list[Hex]:
    p = st["players"][seat]
    cells = earthscape_cells(es_id, anchor, rot)
    if not GatePaths(st).keeps(cells):  # CS-AMB-30, also when the caller skipped the check
        raise illegal("es_cuts_path", "That earthscape would cut a fortress gate off "
                      "from the paths to the other gates (CS-AMB-30).", earthscape=es_id, at=anchor)
    p["beside"].remove(es_id)
    for h, (t, w) in cells.items():
        st["map"]["hexes"][h] = {"t": t, "w": w, "g": es_id}
    st["map"]["es"].append({"id": es_id, "anchor": anchor, "rot": rot, "seat": seat})
    ev(events, "earthscape_placed", seat=seat, earthscape=es_id, anchor=anchor, rot=rot)
    return [h for h, (t, w) in cells.items() if w]


# ---------------------------------------------------------------- advancements (CS-BLD-7)

def adv_options(st: State, seat: Seat) -> list[str]:
    p = st["players"][seat]
    out = []
    for a in faction_data(st, seat)["advancements"]:
        lvl = p["adv"].get(a["id"], 0)
        if lvl < 3 and a["levels"][lvl]["cost"] <= p["source"]:
            out.append(a["id"])
    return out


def advance(st: State, seat: Seat, aid: str, events: Events) -> None:
    p = st["players"][seat]
    a = faction_data(st, seat)["adv_by_id"][aid]
    lvl = p["adv"][aid]
    cost = a["levels"][lvl]["cost"]
    p["source"] -= cost
    p["adv"][aid] = lvl + 1
    eff = a["levels"][lvl]["effect"]
    if eff.startswith("cap:"):
        p["cap"] += int(eff.split(":")[1])
    ev(events, "advanced", seat=seat, structure=aid, level=lvl + 1, cost=cost)


# ---------------------------------------------------------------- free spire (CS-AMB-41)

def free_spire_reward(st: State, seat: Seat, h: Hex, events: Events) -> None:
    if spire_count(st, seat) >= spire_cap(st):
        ev(events, "reward_lost", seat=seat, reason="spire_cap")
        return
    choices = free_choices(st, seat)
    if not choices:
        ev(events, "reward_lost", seat=seat, reason="no_spire")
        return
    if st["players"][seat]["policy"]["reward"] == "manual":
        st["pending"].append({"seat": seat, "kind": "free_spire", "pos": h})
        return
    t, order = default_free_spire(st, seat)
    construct(st, seat, t, "basic", h, order, events, free=True)


def default_free_spire(st: State, seat: Seat) -> tuple[str, str]:
    """Cheapest available spire; fortification chips at the bottom."""
    c = load()
    choices = free_choices(st, seat)
    t = min(choices, key=lambda x: (c["spires"][x[0]]["cost"] if not c["spires"][x[0]]["merc"] else 0, x[0]))[0]
    init = c["spires"][t]["basic"]["initial"]
    order = "".join(sorted(init, key=lambda ch: {"a": 0, "r": 1, "f": 2}[ch]))
    return t, order


def free_choices(st: State, seat: Seat) -> list[tuple[str, str, int]]:
    c = load()
    return [x for x in spire_choices(st, seat) if x[1] == "basic"
            and all(st["supply"][k] >= c["spires"][x[0]]["basic"]["initial"].count(k) for k in "arf")]


def lb_allowance(st: State, seat: Seat) -> int:
    return max(0, 2 + adv_sum(st, seat, "lb") + event_value(st, "lb_bonus"))

