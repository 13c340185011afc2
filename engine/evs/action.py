"""The Action basic action (ES-ACT, ES-KW, ES-AMB-16..20, ES-AMB-23, ES-AMB-32): reveal and
play command cards from the command zone, use general commands, and carry out the phases of
the commands in progress, interleaved at will (ES-ACT-8).

A command in progress is a battle entry of kind ``command`` (state.py); ``next`` is the
index of its next phase: doing or skipping a phase moves past it, so an earlier phase can
never be done after a later one (ES-ACT-6). Attacks (joint or not) are listed here and
resolved by engage.py.
"""
from __future__ import annotations

from collections import deque
from itertools import combinations

from . import board, grid, track
from .content import COMMANDS, GENERAL_IDS, GENERALS, UNITS, executes, spec
from .keywords import heal_amount, reach
from .state import ev, hand_commands, occupied, uid_num

_NEIGHBOURS = grid.NEIGHBOURS
_DIST = grid.DIST
_ORDER = {c: i for i, c in enumerate(grid.CELLS)}


# --- queries --------------------------------------------------------------------------------

def phases(entry: dict) -> list[dict]:
    return spec(entry["card"])["phases"]


def current(entry: dict) -> dict | None:
    ps = phases(entry)
    return ps[entry["next"]] if entry["next"] < len(ps) else None


def current_phase(entry: dict) -> dict:
    """The phase ``entry`` is in (``current``), for code that runs only while one is left:
    moving, healing, engaging."""
    ph = current(entry)
    if ph is None:
        raise TypeError(f"{entry['uid']}'s command has no phase left")
    return ph


def reveal_ok(st: dict, zone_entry: dict) -> bool:
    """ES-ACT-5, ES-KW-4, ES-AMB-20: no reveal marker, or revealed in an earlier turn."""
    if not COMMANDS[zone_entry["card"]]["markers"]["reveal"]:
        return True
    return zone_entry["revealed"] and zone_entry["revealed_turn"] < st["turn"]


def fresh_units(st: dict, seat: int) -> list[str]:
    """Own units that have not executed a command this turn (ES-TURN-7), by uid number."""
    t = st["turn"]
    units = st["units"]
    return sorted((u for u, d in units.items() if d["seat"] == seat and d["acted_turn"] != t), key=uid_num)


def eligible(st: dict, seat: int, card: str, fresh: list[str] | None = None) -> list[str]:
    """ES-ACT-2, ES-TURN-7, ES-CARD-7: own units that have not executed a command this
    turn and may execute ``card`` (a command card or general command id)."""
    fresh = fresh if fresh is not None else fresh_units(st, seat)
    if card in GENERAL_IDS:  # every unit may use a general command (ES-AMB-24)
        return list(fresh)
    units = st["units"]
    return [u for u in fresh if executes(card, units[u]["card"])]


def cost_of(st: dict, seat: int, card: str) -> int:
    """A command's cost for ``seat`` (a command card or general command id): the printed cost
    plus the Morale expansion's cost modifier, never below 0 (ES-GEN-9)."""
    cost = spec(card)["cost"]
    mod = track.modifier(st, seat, "cost")
    return max(0, cost + mod) if mod else cost


def _combos(hand: tuple[str, ...], cost: int) -> tuple[tuple[str, ...], ...]:
    key = (hand, cost)
    got = _COMBOS.get(key)
    if got is None:
        if len(_COMBOS) > 4096:
            _COMBOS.clear()
        got = _COMBOS[key] = tuple(combinations(hand, cost))
    return got


_COMBOS: dict[tuple, tuple] = {}


def pay_options(st: dict, seat: int, cost: int) -> list[list[str]]:
    """ES-GEN-9, ES-AMB-14: every set of exactly ``cost`` command cards from the hand."""
    hand = tuple(sorted(hand_commands(st, seat)))
    if len(hand) < cost:
        return []
    return [list(c) for c in _combos(hand, cost)]


def revealable(st: dict, seat: int) -> list[str]:
    return [e["card"] for e in st["players"][seat]["zone"]
            if COMMANDS[e["card"]]["markers"]["reveal"] and not e["revealed"]]


def playable(st: dict, seat: int) -> list[dict]:
    """Zone cards with the action marker that may be played now (ES-KW-2, ES-AMB-17)."""
    return [e for e in st["players"][seat]["zone"]
            if COMMANDS[e["card"]]["markers"]["action"] and reveal_ok(st, e)]


def in_progress(st: dict, seat: int) -> list[dict]:
    return [b for b in st["battle"] if b["seat"] == seat and b["kind"] == "command"]


def targets(st: dict, uid: str, phase: dict) -> list[str]:
    """ES-ENG-2, ES-KW-9/10: enemy units the engagement can reach (melee: adjacent and
    connected; ranged N: distance 1..N, connectivity ignored)."""
    units = st["units"]
    u = units[uid]
    seat, at = u["seat"], u["cell"]
    d = _DIST[at]
    r = reach(phase)
    melee = phase["range"] == "melee"
    out = [t for t, v in units.items() if v["seat"] != seat and 1 <= d[v["cell"]] <= r
           and (not melee or board.connected(st, at, v["cell"]))]
    if len(out) > 1:
        out.sort(key=uid_num)
    return out


def mobility(st: dict, seat: int, phase: dict) -> int:
    """The N of a mobility effect (ES-KW-13): the phase's points plus the Morale expansion's
    mobility modifier, never below 0."""
    mod = track.modifier(st, seat, "mobility")
    return max(0, phase["mp"] + mod) if mod else phase["mp"]


def _bfs(st: dict, start: str, mp: int) -> dict[str, int]:
    occ = occupied(st)
    dist = {start: 0}
    queue = deque([start])
    terrain = board.terrain_on(st)
    while queue:
        c = queue.popleft()
        dc = dist[c]
        if dc == mp:
            continue
        for n in _NEIGHBOURS[c]:
            if n not in dist and n not in occ and (not terrain or board.connected(st, c, n)):
                dist[n] = dc + 1
                queue.append(n)
    return dist


def move_paths(st: dict, uid: str, mp: int) -> list[list[str]]:
    """ES-KW-13, ES-AMB-23: where a mobility N may take the unit. Base game: one entry per
    reachable destination (``[cell]``; the path does not matter without terrain). With
    terrain: every simple step path (each step connected, ES-TER-17)."""
    start = st["units"][uid]["cell"]
    if not board.terrain_on(st):
        dist = _bfs(st, start, mp)
        return [[c] for c in sorted((c for c, d in dist.items() if d), key=_ORDER.__getitem__)]
    occ = occupied(st)
    out: list[list[str]] = []
    link: dict[tuple[str, str], bool] = {}

    def ok(a: str, b: str) -> bool:
        k = (a, b)
        v = link.get(k)
        if v is None:
            v = link[k] = board.connected(st, a, b)
        return v

    def walk(path: list[str]) -> None:
        if len(path) > 1:
            out.append(path[1:])
        if len(path) - 1 == mp:
            return
        last = path[-1]
        for n in _NEIGHBOURS[last]:
            if n not in occ and n not in path and ok(last, n):
                walk(path + [n])

    walk([start])
    return out


def attack_options(st: dict, seat: int, target: str | None = None) -> list[dict]:
    """ES-ENG-2/4, ES-AMB-25: every target (or only ``target``) with every non-empty set of own
    units at an engagement phase that can reach it."""
    by_target: dict[str, list[str]] = {}
    for b in in_progress(st, seat):
        ph = current(b)
        if ph is not None and ph["kind"] == "engage" and b["uid"] in st["units"]:
            for t in targets(st, b["uid"], ph):
                if target is None or t == target:
                    by_target.setdefault(t, []).append(b["uid"])
    out = []
    for t in sorted(by_target, key=uid_num):
        us = sorted(by_target[t], key=uid_num)
        for k in range(1, len(us) + 1):
            out += [{"type": "attack", "target": t, "with": list(c)} for c in combinations(us, k)]
    return out


def reveal_actions(st: dict, seat: int) -> list[dict]:
    return [{"type": "reveal", "card": c} for c in revealable(st, seat)]


def play_actions(st: dict, seat: int, card: str | None = None, uid: str | None = None) -> list[dict]:
    """ES-ACT-5: every zone card that may be played (or only ``card``), with every eligible
    unit (or only ``uid``) and every payment."""
    out: list[dict] = []
    fresh = fresh_units(st, seat)
    if uid is not None:
        fresh = [u for u in fresh if u == uid]
    if not fresh:
        return out
    for e in playable(st, seat):
        if card is not None and e["card"] != card:
            continue
        units = eligible(st, seat, e["card"], fresh)
        pays = pay_options(st, seat, cost_of(st, seat, e["card"])) if units else []
        out += [{"type": "play", "card": e["card"], "uid": u, "pay": p} for u in units for p in pays]
    return out


def general_actions(st: dict, seat: int, command: str | None = None, uid: str | None = None) -> list[dict]:
    """ES-ACT-3: the general move and attack (or only ``command``) with every eligible unit
    (or only ``uid``) and every payment."""
    out: list[dict] = []
    fresh = fresh_units(st, seat)
    if uid is not None:
        fresh = [u for u in fresh if u == uid]
    if not fresh:
        return out
    known: dict[int, list[list[str]]] = {}
    for cmd in ("move", "attack"):
        if command is not None and cmd != command:
            continue
        g = GENERALS[cmd]
        units = eligible(st, seat, g["id"], fresh)
        if not units:
            continue
        cost = cost_of(st, seat, g["id"])
        pays = known.get(cost)
        if pays is None:
            pays = known[cost] = pay_options(st, seat, cost)
        out += [{"type": "general", "command": cmd, "uid": u, "pay": p} for u in units for p in pays]
    return out


def phase_actions(st: dict, seat: int, uid: str | None = None) -> list[dict]:
    """Doing or skipping the next phase of each command in progress (or only ``uid``'s)
    (ES-ACT-6/8)."""
    out: list[dict] = []
    mine = in_progress(st, seat)
    if uid is not None:
        mine = [b for b in mine if b["uid"] == uid]
    for b in sorted(mine, key=lambda b: uid_num(b["uid"])) if len(mine) > 1 else mine:
        ph = current(b)
        if ph is None:
            continue
        if ph["kind"] == "move":
            out += [{"type": "move", "uid": b["uid"], "path": p}
                    for p in move_paths(st, b["uid"], mobility(st, seat, ph))]
        elif ph["kind"] == "heal":
            out.append({"type": "heal", "uid": b["uid"]})
        out.append({"type": "skip", "uid": b["uid"]})
    return out


def actions(st: dict, seat: int) -> list[dict]:
    """Every legal move of the Action except ``done`` (ES-ACT-1..10)."""
    return (reveal_actions(st, seat) + play_actions(st, seat) + general_actions(st, seat)
            + phase_actions(st, seat) + attack_options(st, seat))


def has_actions(st: dict, seat: int) -> bool:
    """Whether ``actions`` is non-empty (cheaply; ES-ACT-9: otherwise the Action ends)."""
    if revealable(st, seat) or in_progress(st, seat):
        return True
    fresh = fresh_units(st, seat)
    if not fresh:
        return False
    n = len(hand_commands(st, seat))
    if any(cost_of(st, seat, e["card"]) <= n and eligible(st, seat, e["card"], fresh) for e in playable(st, seat)):
        return True
    return any(cost_of(st, seat, GENERALS[c]["id"]) <= n and eligible(st, seat, GENERALS[c]["id"], fresh)
               for c in ("move", "attack"))


# --- carrying out ---------------------------------------------------------------------------

def pay(st: dict, seat: int, cards: list[str], events: list) -> None:
    """ES-GEN-9: the chosen hand cards face-down to the discard pile (only the count is public)."""
    p = st["players"][seat]
    for c in cards:
        p["hand"].remove(c)
        p["discard"].append(c)
    if cards:
        ev(events, "paid", seat=seat, n=len(cards))
        ev(events, "paid_cards", visible_to=seat, seat=seat, cards=list(cards))


def reveal(st: dict, seat: int, card: str, events: list) -> None:
    """ES-ACT-4: face-up in the command zone; nothing else happens this turn."""
    p = st["players"][seat]
    i = [e["card"] for e in p["zone"]].index(card)
    p["zone"][i]["revealed"] = True
    p["zone"][i]["revealed_turn"] = st["turn"]
    ev(events, "revealed", seat=seat, slot=i, card=card)


def _new_entry(card: str, seat: int, uid: str, kind: str, general: bool, tokens: int) -> dict:
    return {"card": card, "seat": seat, "uid": uid, "kind": kind, "general": general, "tokens": tokens,
            "next": 0, "moved": 0}


def play(st: dict, seat: int, card: str, uid: str, cards: list[str], events: list) -> None:
    """ES-ACT-5: pay, then the card goes from the command zone onto the battlefield with the unit."""
    p = st["players"][seat]
    i = [e["card"] for e in p["zone"]].index(card)
    z = p["zone"].pop(i)
    pay(st, seat, cards, events)
    st["battle"].append(_new_entry(card, seat, uid, "command", False, z["tokens"]))
    st["units"][uid]["acted_turn"] = st["turn"]
    ev(events, "played", seat=seat, card=card, uid=uid, slot=i, tokens=z["tokens"])


def general(st: dict, seat: int, command: str, uid: str, cards: list[str], events: list) -> None:
    """ES-ACT-3, ES-AMB-24: a general command needs no card."""
    g = GENERALS[command]
    pay(st, seat, cards, events)
    st["battle"].append(_new_entry(g["id"], seat, uid, "command", True, 0))
    st["units"][uid]["acted_turn"] = st["turn"]
    ev(events, "general", seat=seat, command=command, uid=uid)


def _entry(st: dict, uid: str) -> dict:
    return next(b for b in st["battle"] if b["uid"] == uid and b["kind"] == "command")


def move(st: dict, seat: int, uid: str, path: list[str], events: list) -> int:
    """Carry out the mobility phase along ``path``; returns the mobility N it had."""
    b = _entry(st, uid)
    frm = st["units"][uid]["cell"]
    mp = mobility(st, seat, current_phase(b))
    steps = len(path) if board.terrain_on(st) else _bfs(st, frm, mp)[path[-1]]
    st["units"][uid]["cell"] = path[-1]
    b["moved"] += steps
    b["next"] += 1
    ev(events, "moved", seat=seat, uid=uid, frm=frm, to=path[-1], steps=steps)
    return mp


def skip(st: dict, seat: int, uid: str, events: list) -> None:
    b = _entry(st, uid)
    ev(events, "skipped", seat=seat, uid=uid, phase=b["next"] + 1)
    b["next"] += 1


def heal_unit(st: dict, uid: str, phase: dict, events: list) -> None:
    u = st["units"][uid]
    n = heal_amount(phase, u["wounds"])
    u["wounds"] -= n
    ev(events, "healed", seat=u["seat"], uid=uid, n=n, wounds=u["wounds"])


def heal(st: dict, seat: int, uid: str, events: list) -> None:
    b = _entry(st, uid)
    heal_unit(st, uid, current_phase(b), events)
    b["next"] += 1


def finish_entry(st: dict, entry: dict, events: list) -> None:
    """ES-ACT-7, ES-KW-7, ES-DEF-6, ES-ENG-15: a card leaves the battlefield to its owner's
    discard pile, or to hand with the recall marker; its tokens return to the supply."""
    st["battle"].remove(entry)
    if entry["general"]:
        return
    p = st["players"][entry["seat"]]
    if COMMANDS[entry["card"]]["markers"]["recall"]:
        p["hand"].append(entry["card"])
        ev(events, "card_returned", seat=entry["seat"], card=entry["card"])
    else:
        p["discard"].append(entry["card"])
        ev(events, "card_discarded", seat=entry["seat"], card=entry["card"])


def settle(st: dict, events: list) -> None:
    """After each step of the Action: a command whose unit is gone ends (ES-AMB-32); an
    engagement with no enemy in range is skipped (ES-ENG-2); a command with every phase done
    or skipped leaves the battlefield (ES-ACT-7)."""
    for b in list(in_progress(st, st["active"])):
        if b["uid"] not in st["units"]:
            finish_entry(st, b, events)
            continue
        while True:
            ph = current(b)
            if ph is None:
                finish_entry(st, b, events)
                break
            if ph["kind"] == "engage" and not targets(st, b["uid"], ph):
                ev(events, "skipped", seat=b["seat"], uid=b["uid"], phase=b["next"] + 1)
                b["next"] += 1
                continue
            break


def end_action(st: dict, events: list) -> None:
    """ES-AMB-32: the phases left are skipped and the cards finish normally."""
    for b in list(in_progress(st, st["active"])):
        finish_entry(st, b, events)


def unit_power(st: dict, uid: str) -> int:
    return UNITS[st["units"][uid]["card"]]["power"]
