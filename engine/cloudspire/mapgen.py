"""Map assembly: isle slots, rotations, fortress attachment and landmark placement
(CS-MAP-1..3, CS-SET-6..14, CS-AMB-22, CS-AMB-24..26).

The centre isle sits at slot 0 (origin); ring slots 1..6 are counter-clockwise at
``rotate(ring_offset, k-1)``.  Isles are radius-2 hex discs with notches, so the seven
slots tile the lattice exactly.  A fortress is a gate hex plus 1-2 well hexes (lattice
hexes, CS-AMB-22) plus body cells used only for the no-overlap check.
"""
from __future__ import annotations

from typing import Callable, Iterator

from .. import rng as _rng
from .content import load
from .hexgeo import DIRS, Vec, add, disc, key, neighbours, rotate, unkey, distance
from .types import Fort, GameMap, Hex, Seat, Slot, State

IsleCells = dict[Hex, tuple[str, bool]]


def slot_centre(slot: int) -> Vec:
    if slot == 0:
        return (0, 0)
    return rotate(load()["ring_offset"], slot - 1)


def isle_of(s: Slot) -> str:
    """The isle dealt to a slot: every slot has one from the start of the map set-up."""
    isle = s["isle"]
    assert isle is not None, f"slot {s['slot']} has no isle"
    return isle


def isle_cells(isle_id: str, slot: int, rot: int) -> IsleCells:
    """Global cells of an isle: {hex: (terrain, is_well)}."""
    isle = load()["isles"][isle_id]
    c = slot_centre(slot)
    wells = {tuple(w) for w in isle["wells"]}
    out = {}
    for q, r, t in isle["hexes"]:
        g = add(c, rotate((q, r), rot))
        out[key(*g)] = (t, (q, r) in wells)
    return out


def slot_footprint(slot: int) -> set[Hex]:
    c = slot_centre(slot)
    return {key(*add(c, d)) for d in disc(load()["isle_radius"])}


def fortress_cells(faction: str, gate: Hex, orient: int) -> Fort:
    fort = load()["factions"][faction]["fortress"]
    g = unkey(gate)
    return {"gate": gate,
            "wells": [key(*add(g, rotate(tuple(w), orient))) for w in fort["wells"]],
            "body": [key(*add(g, rotate(tuple(b), orient))) for b in fort["body"]]}


def isle_side_dirs(orient: int) -> list[int]:
    return [(2 - orient) % 6, (3 - orient) % 6, (4 - orient) % 6]


def occupied_footprint(m: GameMap) -> set[Hex]:
    """Every lattice cell covered by a mat: revealed isles, face-down slots (whole disc),
    fortresses (gate, wells, body)."""
    cells = set()
    for s in m["slots"]:
        if s["isle"] is None:
            continue
        if s["revealed"]:
            cells |= set(isle_cells(s["isle"], s["slot"], s["rot"]))
        else:
            cells |= slot_footprint(s["slot"])
    for f in m["forts"].values():
        cells |= {f["gate"], *f["wells"], *f["body"]}
    return cells


def rotation_legal(isle_id: str, slot: int, rot: int) -> bool:
    """CS-SET-8: a path hex of the isle must be adjacent to a path hex of the centre isle."""
    if slot == 0:
        return True
    ccells = isle_cells(_centre_id(), 0, 0)
    cells = isle_cells(isle_id, slot, rot)
    for h, (t, _) in cells.items():
        if t != "p":
            continue
        for n in neighbours(h):
            if ccells.get(n, ("x",))[0] == "p":
                return True
    return False


def _centre_id() -> str:
    c = load()
    return next(i for i in c["isle_order"] if c["isles"][i]["centre"])


def fort_placements(m: GameMap, faction: str, slot: int) -> list[tuple[Hex, int]]:
    """All legal (gate, orient) for attaching ``faction``'s fortress to the revealed isle in
    ``slot`` (CS-SET-9, CS-AMB-25): the three isle-side edges of the gate border hexes of
    that isle, one of them path, and no fortress cell overlaps any mat."""
    s = next(s for s in m["slots"] if s["slot"] == slot)
    cells = isle_cells(isle_of(s), slot, s["rot"])
    taken = occupied_footprint(m)
    cands = set()
    for h in cells:
        for n in neighbours(h):
            if n not in taken:
                cands.add(n)
    out = []
    for g in sorted(cands, key=_hex_sort):
        gq = unkey(g)
        for o in range(6):
            side = [key(*add(gq, DIRS[d])) for d in isle_side_dirs(o)]
            if not all(x in cells for x in side):
                continue
            if not any(cells[x][0] == "p" for x in side):
                continue
            fc = fortress_cells(faction, g, o)
            if any(x in taken for x in fc["wells"] + fc["body"]):
                continue
            out.append((g, o))
    return out


def _hex_sort(h: Hex) -> tuple[int, int]:
    q, r = unkey(h)
    return (r, q)


def new_map() -> GameMap:
    return {"slots": [{"slot": k, "isle": None, "rot": 0, "revealed": False} for k in range(7)],
            "forts": {}, "hexes": {}, "es": []}


def place_isle(m: GameMap, slot: int, isle_id: str, rot: int, revealed: bool) -> None:
    s = m["slots"][slot]
    s.update({"isle": isle_id, "rot": rot, "revealed": revealed})
    if revealed:
        for h, (t, w) in isle_cells(isle_id, slot, rot).items():
            m["hexes"][h] = {"t": t, "w": w, "g": isle_id}


def attach_fort(m: GameMap, seat: Seat, faction: str, gate: Hex, orient: int) -> None:
    fc = fortress_cells(faction, gate, orient)
    fc["orient"] = orient
    m["forts"][str(seat)] = fc
    m["hexes"][gate] = {"t": "x", "w": False, "g": f"fort{seat}", "gate": seat}
    for w in fc["wells"]:
        m["hexes"][w] = {"t": "x", "w": True, "g": f"fort{seat}", "fortwell": seat}


def slots_adjacent(a: int, b: int) -> bool:
    if a == 0 or b == 0:
        return True
    return (a - b) % 6 in (1, 5)


def nearest_wells(m: GameMap, gate: Hex) -> list[Hex]:
    wells = [h for h, c in m["hexes"].items() if c["w"] and "fortwell" not in c]
    if not wells:
        return []
    g = unkey(gate)
    best = min(distance(g, unkey(w)) for w in wells)
    return sorted([w for w in wells if distance(g, unkey(w)) == best], key=_hex_sort)


def place_landmarks(state: State, order_seats: list[Seat], fixed: dict[Hex, str] | None = None) -> None:
    """CS-SET-13/14 (CS-AMB-26): one swamp landmark on the isle well nearest each gate (turn
    order, no doubling up, ties -> lowest hex id), then the rest shuffled onto the other isle
    wells; the remainder forms the landmark pile.  ``fixed`` maps hex -> landmark id."""
    c = load()
    m = state["map"]
    lms = state["landmarks"]
    idx = [0]

    def put(h: Hex, lid: str) -> None:
        idx[0] += 1
        lk = f"l{idx[0]}"
        lms[lk] = {"id": lk, "type": lid, "pos": h, "revealed": False, "hp": 0, "known": []}

    if fixed is not None:
        for h, lid in sorted(fixed.items()):
            put(h, lid)
        used = set(fixed.values())
        state["landmark_pile"] = [l for l in c["landmark_order"] if l not in used and l != c["set_aside"]]
        return
    r = state["rng"]
    pool = [l for l in c["landmark_order"] if l != c["set_aside"]]
    swamps = [l for l in pool if c["landmarks"][l]["back"] == "swamp"]
    _rng.shuffle(r, swamps)
    chosen = swamps[:len(order_seats)]
    taken = {}
    for i, seat in enumerate(order_seats):
        gate = m["forts"][str(seat)]["gate"]
        wells = [h for h, cc in m["hexes"].items() if cc["w"] and "fortwell" not in cc and h not in taken]
        g = unkey(gate)
        best = min(distance(g, unkey(w)) for w in wells)
        h = sorted([w for w in wells if distance(g, unkey(w)) == best], key=_hex_sort)[0]
        taken[h] = chosen[i]
    rest = [l for l in pool if l not in chosen]
    _rng.shuffle(r, rest)
    others = sorted([h for h, cc in m["hexes"].items() if cc["w"] and "fortwell" not in cc and h not in taken],
                    key=_hex_sort)
    for h in others:
        if rest:
            taken[h] = rest.pop(0)
    for h, lid in sorted(taken.items()):
        put(h, lid)
    state["landmark_pile"] = rest


def legal_rotations(isle_id: str, slot: int) -> list[int]:
    return [r for r in range(6) if rotation_legal(isle_id, slot, r)]


def gates_connected(m: GameMap) -> bool:
    """Every pair of gates joined by path hexes (so path-only minions can march)."""
    gates = [f["gate"] for f in m["forts"].values()]
    hexes = m["hexes"]
    start = gates[0]
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in neighbours(h):
            if n in seen:
                continue
            c = hexes.get(n)
            if c is None:
                continue
            if n in gates or c["t"] == "p":
                seen.add(n)
                if c["t"] == "p":
                    todo.append(n)
    return all(g in seen for g in gates)


def random_layout(state: State, order: list[Seat]) -> None:
    """Random legal setup following the CS-SET-10/11 order; retried until every pair of
    gates is joined by path (engine choice so that every minion can march)."""
    for attempt in range(60):
        state["map"] = new_map()
        _random_layout_once(state, order)
        if gates_connected(state["map"]):
            return
    raise RuntimeError("no connected layout")


def _random_layout_once(state: State, order: list[Seat]) -> None:
    c = load()
    r = state["rng"]
    m = state["map"]
    centre = _centre_id()
    others = [i for i in c["isle_order"] if i != centre]
    _rng.shuffle(r, others)
    place_isle(m, 0, centre, 0, True)
    for k in range(1, 7):
        place_isle(m, k, others[k - 1], 0, False)
    state["spare_isle"] = others[6]
    for seat, slot_choices in fortress_order(state, order):
        faction = state["factions"][seat]
        assert faction is not None, "factions are chosen before the map is laid out"
        for _ in range(40):
            cand = [s for s in slot_choices(m) if not m["slots"][s]["revealed"]]
            slot = _rng.choice(r, cand)
            isle_id = isle_of(m["slots"][slot])
            rots = legal_rotations(isle_id, slot)
            _rng.shuffle(r, rots)
            done = False
            for rot in rots:
                place_isle(m, slot, isle_id, rot, True)
                pl = fort_placements(m, faction, slot)
                if pl:
                    g, o = _rng.choice(r, pl)
                    attach_fort(m, seat, faction, g, o)
                    m["last_fort_slot"] = slot
                    done = True
                    break
                place_isle(m, slot, isle_id, 0, False)
                for h in list(m["hexes"]):
                    if m["hexes"][h]["g"] == isle_id:
                        del m["hexes"][h]
            if done:
                break
        else:
            raise RuntimeError("no legal fortress placement")
    for k in range(1, 7):
        s = m["slots"][k]
        if not s["revealed"]:
            rots = legal_rotations(isle_of(s), k)
            place_isle(m, k, isle_of(s), _rng.choice(r, rots), True)


def fortress_order(state: State, order: list[Seat]) -> Iterator[tuple[Seat, Callable[[GameMap], list[int]]]]:
    """Yield (seat, allowed-slots function) in the CS-SET-10/11 order (Chinese order,
    CS-AMB-24): 2 players: second player first, start player's isle not adjacent;
    3-4 players: last player first, then counter-clockwise, each choosing among the next 3
    (3 players) / 2 (4 players) unrevealed slots counter-clockwise from the previous one."""
    n = len(order)
    if n == 2:
        second, first = order[1], order[0]
        yield second, lambda m: list(range(1, 7))

        def not_adj(m: GameMap) -> list[int]:
            prev = next(s["slot"] for s in m["slots"] if s["slot"] and s["revealed"])
            return [k for k in range(1, 7) if not slots_adjacent(k, prev)]
        yield first, not_adj
    else:
        seq = [order[-1]] + [order[i] for i in range(n - 2, -1, -1)]
        yield seq[0], lambda m: list(range(1, 7))
        for seat in seq[1:]:
            yield seat, lambda m: next_unrevealed(m, 3 if n == 3 else 2)


def next_unrevealed(m: GameMap, count: int) -> list[int]:
    revealed = [s["slot"] for s in m["slots"] if s["slot"] and s["revealed"]]
    prev = m.get("last_fort_slot", revealed[-1] if revealed else 1)
    out = []
    k = prev
    for _ in range(6):
        k = k % 6 + 1
        if not m["slots"][k]["revealed"]:
            out.append(k)
            if len(out) == count:
                break
    return out
