"""A greedy rule-based bot. It looks only at public information and its own cards, and
picks among the legal actions with simple priorities:

- setup: the standard hand; vanguard: every unit, strongest first, close to the enemy;
- declaration: Recall when the hand is short of command cards and the discard pile is not,
  otherwise Deploy then Action;
- Deploy: deploy units towards the enemy, dispatch every card it can, clear dead cards, stage
  useful cards (always face-down: face-up, ES-DEP-7, only shows them to the opponent) while
  keeping a few command cards in hand to pay costs;
- Action: reveal, start the command with the best expected gain for each unit, move towards
  targets (away after a hit-and-run), attack when the damage is above 0 (or the attack
  shakes), heal, skip what is useless, then end;
- defence: defend when it saves the unit from destruction (or prevents all damage and the
  hand can spare it), with the cheapest such defence.
- Terrain: move along the paths with the fewest terrain penalties; pay a penalty with a spare
  mobility point when it can, else with a card while the hand can spare one, else shake 1;
  never flip.
- Morale: declare Rally when 2 or more of its own debuffs lie in the opponent's zone (and it
  can pay), removing the active ones first; in its own turns with Action declared, play its
  cards: instant effects when they do something (steady, heal, tokens, shake), lasting
  effects at once (they last through the opponent's next turn), one-turn power effects just
  before an attack; a just-drawn offer: the instant effects only.
- Variety (engine/evs/bot_variety.py): the bot stays a pure function of (state, seat), but
  each decision draws from a stream seeded by the state's RNG, the seat and the position, to
  choose among options it scores as (nearly) equal: which unit (of nearly equal strength) and
  which cell in vanguard deployment and Deploy, which command starts first, which payment,
  which of nearly equal targets and paths, and where to place terrain. Games from different
  seeds therefore differ even with the standard hands.
"""
from __future__ import annotations

import random

from . import action, actions, board, engage, grid, track
from .board import expansion
from .bot_variety import pick, pick_min, pick_tuple, rng_for
from .content import COMMANDS, GENERAL_IDS, GENERALS, UNITS, executes, spec
from .keywords import charge_bonus, reach
from .state import basic, hand_commands, hand_units, units_of

RESERVE = 3  # command cards kept in hand for paying costs


# --- card values -----------------------------------------------------------------------------

def _alive_cards(st: dict, seat: int) -> list[str]:
    return [st["units"][u]["card"] for u in units_of(st, seat)] + hand_units(st, seat)


def card_value(st: dict, seat: int, card: str) -> float:
    """How much the bot wants to keep a command card (low: pay with it first)."""
    s = COMMANDS[card]
    if s["unit"] is not None and not any(executes(card, u) for u in _alive_cards(st, seat)):
        return 0.0
    v = s["power"] + sum(p.get("attack", 0) + p.get("morale", 0) + p.get("defence", 0) for p in s["phases"])
    return 1.0 + v + (0.5 if s["markers"]["recall"] else 0.0)


def _pay_cost(st: dict, seat: int, pay: list[str]) -> float:
    return sum(card_value(st, seat, c) for c in pay)


def _cheapest(st: dict, seat: int, options: list[dict], rng: random.Random) -> dict:
    return pick_min(rng, options, lambda a: _pay_cost(st, seat, a.get("pay", [])))


# --- geometry --------------------------------------------------------------------------------

def _enemy_cells(st: dict, seat: int) -> list[str]:
    return [st["units"][u]["cell"] for u in units_of(st, 1 - seat)]


def _walking(st: dict, cells: list[str]):
    """With terrain, steps along connected cells (ignoring units) to the nearest of ``cells``,
    so units go round cliffs instead of waiting below them; Manhattan distance without."""
    if not board.terrain_on(st) or not cells:
        return lambda c: _nearest(c, cells)
    dist = {c: 0 for c in cells}
    todo = list(cells)
    for c in todo:
        for n in grid.NEIGHBOURS[c]:
            if n not in dist and board.connected(st, c, n):
                dist[n] = dist[c] + 1
                todo.append(n)
    return lambda c: dist.get(c, 50 + _nearest(c, cells))


def _ranged_reach(st: dict, seat: int, unit_card: str) -> int:
    """The longest ranged engagement among the seat's own command cards (zone and hand) the
    unit can execute; 0 if none."""
    cards = [e["card"] for e in st["players"][seat]["zone"]] + hand_commands(st, seat)
    return max((p.get("reach", 1) for c in cards if executes(c, unit_card)
                for p in COMMANDS[c]["phases"] if p["kind"] == "engage" and p["range"] == "ranged"), default=0)


def _nearest(cell: str, cells: list[str]) -> int:
    return min((grid.distance(cell, c) for c in cells), default=99)


def _defence_now(st: dict, target: str) -> int:
    return max(0, engage.defender_power(st, target, []))


# --- decisions -------------------------------------------------------------------------------

def choose(st: dict, seat: int) -> dict:
    legal = actions.legal_actions(st, seat)
    if len(legal) == 1:
        return legal[0]
    if st["phase"] == "select":
        return {"type": "pick", "card": "standard"}
    rng = rng_for(st, seat)  # a pure function of (state, seat): see bot_variety
    if st["phase"] == "terrain":
        return rng.choice(legal)  # ES-TER-6: any legal cell (the bot does not plan terrain)
    if st["phase"] == "vanguard":
        return _vanguard(st, seat, legal, rng)
    p = st["pending"]
    if p is not None:
        kind = p["kind"]
        if kind == "defence":
            return _defend(st, seat, legal, rng)
        if kind == "penalty":
            return _penalty(st, seat, legal, rng)
        if kind == "flip":
            return {"type": "noflip"}
        if kind == "terrain":
            return rng.choice(legal)
        if kind == "morale":
            return _morale_card(st, seat, legal, offer=True) or {"type": "nomorale"}
        if kind == "tokens":
            return _tokens(st, seat, legal)
        return pick(rng, legal, lambda a: st["units"][a["uid"]]["wounds"])  # heal: the most wounded
    b = basic(st)
    if b is None:
        return _declare(st, seat)
    if b == "deploy":
        return _morale_card(st, seat, legal) or _deploy(st, seat, legal, rng)
    if b == "rally":
        return _morale_card(st, seat, legal) or _rally(st, seat, legal, rng)
    return _action(st, seat, legal, rng)


# --- the expansions --------------------------------------------------------------------------

def _penalty(st: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """ES-TER-16: a spare mobility point, else a card the hand can spare, else shake 1."""
    by = {a["option"]: a for a in legal}
    if "mp" in by:
        return by["mp"]
    costs = [a for a in legal if a["option"] == "cost"]
    if costs and len(hand_commands(st, seat)) > RESERVE:
        return _cheapest(st, seat, costs, rng)
    return by.get("shake") or _cheapest(st, seat, costs, rng)


def _penalties(st: dict, path: list[str]) -> int:
    """How many terrain penalties a step path costs (ES-TER-16)."""
    return sum(1 for c in path if board.penalty_options(st, c, 0, False)) if board.terrain_on(st) else 0


def _rally_targets(st: dict, seat: int) -> list[str]:
    return expansion("morale_rules").rally_targets(st["morale"], seat) if track.morale_on(st) else []


def _rally(st: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """ES-MX-14/15: remove debuffs while 2 or more remain (or 1, with cards to spare); the active
    (tapped) ones first, then the face-up ones, with the cheapest cards."""
    rallies = [a for a in legal if a["type"] == "rally"]
    n = len(_rally_targets(st, seat))
    if rallies and (n >= 2 or len(hand_commands(st, seat)) > RESERVE + n):
        zone = {e["card"]: e["state"] for e in st["morale"]["seats"][1 - seat]["zone"]}
        rank = {"tapped": 0, "up": 1, "flipped": 2}
        best = min(rank[zone[a["card"]]] for a in rallies)
        return _cheapest(st, seat, [a for a in rallies if rank[zone[a["card"]]] == best], rng)
    return {"type": "done"}


ONE_TURN = ("power", "morale_effect", "mobility", "cost")


def _morale_card(st: dict, seat: int, legal: list[dict], *, offer: bool = False,
                 attacking: bool = False) -> dict | None:
    """A morale card worth playing now (ES-MX-8), or None."""
    plays = [a for a in legal if a["type"] == "morale"]
    if not plays:
        return None
    mr = expansion("morale_rules")
    mine = st["factions"][seat]
    for a in plays:
        c = mr.card(a["card"])
        kind, n = c["effect"]["type"], c["effect"]["n"]
        if kind == "steady":
            if st["track"][seat] >= 2:
                return a
        elif kind == "heal":
            if any(u["wounds"] for u in st["units"].values() if u["seat"] == seat):
                return a
        elif kind == "tokens":
            owner = seat if c["faction"] == mine else 1 - seat
            zone = st["players"][owner]["zone"]
            if (n > 0 and zone) or (n < 0 and any(e["tokens"] for e in zone)):
                return a
        elif kind == "shake":
            return a
        elif offer:
            continue  # lasting and one-turn modifiers wait for the own turn
        elif c["duration"] == "ongoing" or attacking:
            return a
    return None


def _tokens(st: dict, seat: int, legal: list[dict]) -> dict:
    p = st["pending"]
    zone = st["players"][p["owner"]]["zone"]
    if p["n"] > 0:  # the most valuable own card
        return max(legal, key=lambda a: card_value(st, seat, zone[a["slot"]]["card"]))
    return max(legal, key=lambda a: zone[a["slot"]]["tokens"])  # the opponent's best-stocked card


def _strength(unit: str) -> int:
    return UNITS[unit]["hp"] + UNITS[unit]["power"]


def _vanguard(st: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """ES-VAN: every unit, the strongest first (or one nearly as strong), as close to the enemy
    as it may go and fairly central; ties at random."""
    places = [a for a in legal if a["type"] == "vanguard"]
    if not places:
        return {"type": "pass"}
    enemy = _enemy_cells(st, seat)
    unit = pick(rng, sorted({a["unit"] for a in places}), _strength, tol=1)

    def score(a: dict) -> float:
        c = a["cell"]
        centre = abs(grid.col(c) - 3) + abs(grid.row(c) - 2.5)
        return -_nearest(c, enemy) - 0.2 * centre if enemy else -centre

    return pick(rng, [a for a in places if a["unit"] == unit], score, tol=0.6 if enemy else 1.0)


def _usable_actions(st: dict, seat: int) -> int:
    """Zone cards with the action marker that one of the bot's units could execute."""
    return sum(1 for e in st["players"][seat]["zone"]
               if COMMANDS[e["card"]]["markers"]["action"] and action.eligible(st, seat, e["card"]))


def _declare(st: dict, seat: int) -> dict:
    p = st["players"][seat]
    hc = len(hand_commands(st, seat))
    debuffs = len(_rally_targets(st, seat))
    if debuffs >= 2 and hc >= debuffs:  # ES-MX-16: 3 of them and the next draw collapses
        return {"type": "declare", "first": "rally", "second": "action"}
    if hc <= RESERVE and len(p["discard"]) >= 2:
        second = "action" if _usable_actions(st, seat) else "deploy"
        return {"type": "declare", "first": "recall", "second": second}
    return {"type": "declare", "first": "deploy", "second": "action"}


def _deploy(st: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    by = {t: [a for a in legal if a["type"] == t] for t in ("deploy", "stage", "clear", "dispatch")}
    by["stage"] = [a for a in by["stage"] if not a.get("face_up")]  # ES-DEP-7: face-up only tells the opponent
    enemy = _enemy_cells(st, seat)
    if by["deploy"]:  # ES-DEP-2: a strong unit, close to the enemy
        unit = pick(rng, sorted({a["unit"] for a in by["deploy"]}), _strength, tol=1)
        return pick_min(rng, [a for a in by["deploy"] if a["unit"] == unit], lambda a: _nearest(a["cell"], enemy))
    if by["dispatch"]:
        return by["dispatch"][0]
    dead = [a for a in by["clear"] if card_value(st, seat, a["card"]) == 0.0]
    if dead:
        return dead[0]
    zone = st["players"][seat]["zone"]
    n_units = len(units_of(st, seat))
    n_action = sum(1 for e in zone if COMMANDS[e["card"]]["markers"]["action"])
    n_defence = len(zone) - n_action
    hc = len(hand_commands(st, seat))
    if not _usable_actions(st, seat) and hc >= 2:  # never sit without a playable command
        usable = [a for a in by["stage"] if COMMANDS[a["card"]]["markers"]["action"]
                  and card_value(st, seat, a["card"]) > 0 and COMMANDS[a["card"]]["cost"] <= hc - 1]
        if usable:
            return pick(rng, usable, lambda a: card_value(st, seat, a["card"]))
    if hc - 1 >= RESERVE:
        wanted = []
        for a in by["stage"]:
            s = COMMANDS[a["card"]]
            if card_value(st, seat, a["card"]) == 0.0:
                continue
            if s["markers"]["action"] and n_action < n_units + 1:
                wanted.append(a)
            elif s["markers"]["defence"] and n_defence < 2:
                wanted.append(a)
        if wanted:
            return pick(rng, wanted, lambda a: card_value(st, seat, a["card"]))
    return {"type": "done"}


def _best_target_gain(st: dict, seat: int, uid: str, card: str, tokens: int) -> float:
    """Expected gain of starting ``card`` with ``uid`` now (rough: moves then one engagement)."""
    s = spec(card)
    u = st["units"][uid]
    cells = [u["cell"]]
    mp = 0
    gain = 0.0
    enemies = units_of(st, 1 - seat)
    for ph in s["phases"]:
        if ph["kind"] == "move":
            mp += ph["mp"]
        elif ph["kind"] == "heal":
            gain += min(ph["n"], u["wounds"]) * 1.5
        elif ph["kind"] == "engage":
            if mp:
                cells = [u["cell"]] + [p[-1] for p in action.move_paths(st, uid, mp)]
            best = 0.0
            for t in enemies:
                tc = st["units"][t]["cell"]
                if not any(1 <= grid.distance(c, tc) <= reach(ph) for c in cells):
                    continue
                power = (0 if card in GENERAL_IDS else s["power"]) + ph.get("attack", 0) + tokens
                power += charge_bonus(ph, mp)
                dmg = power - _defence_now(st, t)
                left = UNITS[st["units"][t]["card"]]["hp"] - st["units"][t]["wounds"]
                val = max(0, min(dmg, left)) * 2 + ph.get("morale", 0) * 1.5 + (6 if dmg >= left else 0)
                best = max(best, val)
            return gain + best
    if mp and enemies and gain == 0.0:
        enemy = _enemy_cells(st, seat)
        d = _walking(st, enemy)(u["cell"])
        if d < 50:
            return 0.4 + 0.25 * (min(d, 12) - 3) if d > 2 else 0.0  # approach; the farther, the more
        r = _ranged_reach(st, seat, u["card"])  # cut off by cliffs: only a ranged attack gets there
        d = _nearest(u["cell"], enemy)
        return 0.4 + 0.25 * (d - r) if r and d > r else 0.0
    return gain


START_TOL = 0.3  # starts scored this close to the best are taken at random (which unit acts first)
ATTACK_TOL = 0.5  # attacks scored this close to the best: a target at random


def _action(st: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    by: dict[str, list[dict]] = {}
    for a in legal:
        by.setdefault(a["type"], []).append(a)
    if "morale" in by:
        attacking = "attack" in by and _best_attack(st, seat, by["attack"], rng) is not None
        card = _morale_card(st, seat, legal, attacking=attacking)
        if card is not None:
            return card
    if "reveal" in by:
        return by["reveal"][0]
    starts = by.get("play", []) + by.get("general", [])
    if starts:
        scored: dict[tuple, tuple[float, list[dict]]] = {}  # (card, unit) -> best score, its actions
        gains: dict[tuple, float] = {}
        for a in starts:
            card = a["card"] if a["type"] == "play" else GENERALS[a["command"]]["id"]
            key = (card, a["uid"])
            if key not in gains:
                tokens = 0
                if a["type"] == "play":
                    tokens = next(e["tokens"] for e in st["players"][seat]["zone"] if e["card"] == card)
                gains[key] = _best_target_gain(st, seat, a["uid"], card, tokens)
            g = gains[key] - _pay_cost(st, seat, a["pay"]) * 0.25
            best_g, acts = scored.get(key, (g, []))
            scored[key] = (max(best_g, g), acts + [a])
        best_gain = max(g for g, _ in scored.values())
        if best_gain > 0.3:
            near = [k for k, (g, _) in scored.items() if g > 0.3 and g >= best_gain - START_TOL]
            return _cheapest(st, seat, scored[near[rng.randrange(len(near))]][1], rng)
    moves = by.get("move", [])
    if moves:
        return _move(st, seat, moves, by.get("skip", []), rng)
    if "attack" in by:
        best_attack = _best_attack(st, seat, by["attack"], rng)
        if best_attack is not None:
            return best_attack
    if "heal" in by:
        for a in by["heal"]:
            if st["units"][a["uid"]]["wounds"]:
                return a
    if "skip" in by:
        return by["skip"][0]
    return {"type": "done"}


def _move(st: dict, seat: int, moves: list[dict], skips: list[dict], rng: random.Random) -> dict:
    uid = moves[0]["uid"]
    entry = next(b for b in action.in_progress(st, seat) if b["uid"] == uid)
    ps = action.phases(entry)
    later = [p for p in ps[entry["next"] + 1:] if p["kind"] == "engage"]
    earlier = [p for p in ps[:entry["next"]] if p["kind"] == "engage"]
    mine = [a for a in moves if a["uid"] == uid]
    enemy = _enemy_cells(st, seat)
    here = st["units"][uid]["cell"]
    pen = {id(a): _penalties(st, a["path"]) for a in mine}
    if not later:
        if earlier:  # hit and run: away from the enemy
            return pick_tuple(rng, mine, lambda a: (_nearest(a["path"][-1], enemy), -pen[id(a)]))
        walk = _walking(st, enemy)
        best = pick_tuple(rng, mine, lambda a: (-walk(a["path"][-1]), -pen[id(a)]))
        if walk(best["path"][-1]) < walk(here):
            return best
        return next(a for a in skips if a["uid"] == uid)
    ph = later[0]
    r = reach(ph)

    walk = _walking(st, enemy) if r == 1 else (lambda c: _nearest(c, enemy))

    def score(a: dict) -> tuple:
        dest = a["path"][-1]
        d = _nearest(dest, enemy)
        in_range = 1 <= d <= r
        # ranged units keep their distance; melee units walk round what they cannot climb
        return (in_range, -abs(walk(dest) - r) if not in_range else d, -pen[id(a)])

    best = pick_tuple(rng, mine, score)
    here_ok = 1 <= _nearest(here, enemy) <= r
    if here_ok and not ph.get("charge") and not score(best)[0] > here_ok:
        return next(a for a in skips if a["uid"] == uid)
    return best


def _best_attack(st: dict, seat: int, attacks: list[dict], rng: random.Random) -> dict | None:
    """The attack (ES-ENG) with the best expected damage, kill and shake, or None when none
    deals damage or shakes; attacks nearly as good as the best are taken at random."""
    scored = []
    for a in attacks:
        power, morale = engage.attack_power(st, a["target"], a["with"])
        t = st["units"][a["target"]]
        left = UNITS[t["card"]]["hp"] - t["wounds"]
        dmg = power - max(0, engage.defender_power(st, a["target"], a["with"]))
        score = max(0, min(dmg, left)) * 2 + morale * 1.5 + (6 if dmg >= left else 0) - 0.3 * len(a["with"])
        if (dmg > 0 or morale > 0) and score > 0.0:
            scored.append((score, a))
    if not scored:
        return None
    return pick(rng, scored, lambda x: x[0], tol=ATTACK_TOL)[1]


def _defend(st: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    p = st["pending"]
    t = p["target"]
    u = st["units"][t]
    left = UNITS[u["card"]]["hp"] - u["wounds"]
    power, _ = engage.attack_power(st, t, p["attackers"])
    raw = engage.defender_power(st, t, p["attackers"])
    base = max(0, raw)
    mods = raw - UNITS[u["card"]]["power"]  # terrain, cover and morale modifiers
    if power - base <= 0:
        return {"type": "nodefend"}
    options = []
    for a in legal:
        if a["type"] != "defend":
            continue
        if a["card"] == "general":
            d = base + 1
        else:
            e = next(z for z in st["players"][seat]["zone"] if z["card"] == a["card"])
            ph = next(x for x in COMMANDS[a["card"]]["phases"] if x["kind"] == "defend")
            d = max(0, COMMANDS[a["card"]]["power"] + ph["defence"] + e["tokens"] + mods)
        options.append((power - d, a))
    kills = power - base >= left
    saving = [(dmg, a) for dmg, a in options if dmg < left] if kills else []
    if saving:
        lowest = min(dmg for dmg, _ in saving)
        return _cheapest(st, seat, [a for dmg, a in saving if dmg == lowest], rng)
    spare = len(hand_commands(st, seat)) > RESERVE + 1
    blocking = [a for dmg, a in options if dmg <= 0]
    if spare and blocking:
        return _cheapest(st, seat, blocking, rng)
    return {"type": "nodefend"}
