"""Engagement and defence (ES-ENG, ES-DEF, ES-AMB-21/25..31/33): a declared attack opens
the defence window (a prompt to the defender; none when no defence is possible), then
steps 5-7 resolve: defender's power, damage and the step-6 shake, combat effects attacker
first, then the faction effects and the destroyed unit's defence card."""
from __future__ import annotations

from itertools import combinations

from . import action, board, faction, track
from .content import COMMANDS, GENERALS, UNITS, executes, spec
from .keywords import charge_bonus, phalanx_bonus
from .state import acted, adjacent_units, battle_entry, ev, hand_commands, lose, units_of


def _allies_adjacent(st: dict, uid: str) -> int:
    u = st["units"][uid]
    return len(adjacent_units(st, u["cell"], u["seat"]))


def participant_power(st: dict, entry: dict, target: str) -> int:
    """ES-ENG-3: command power (a card's, 0 for a general command) + attack icons + tokens
    (ES-KW-6) + modifiers (charge, phalanx, high ground ES-TER-20). Never the unit's own
    base power."""
    ph = action.current_phase(entry)
    s = spec(entry["card"])
    power = (0 if entry["general"] else s["power"]) + ph.get("attack", 0) + entry["tokens"]
    power += charge_bonus(ph, entry["moved"]) + phalanx_bonus(ph, _allies_adjacent(st, entry["uid"]))
    if board.height(st, st["units"][entry["uid"]]["cell"]) > board.height(st, st["units"][target]["cell"]):
        power += 1
    return power


def defend_phase(entry: dict) -> dict:
    return next(p for p in spec(entry["card"])["phases"] if p["kind"] == "defend")


def defender_power(st: dict, target: str, attackers: list[str]) -> int:
    """ES-ENG-7: a defence card's power + defence icons + tokens + modifiers; otherwise the
    unit's base power + modifiers (a general defence adds its defence icons, ES-AMB-21/24);
    -1 when attacked from below (ES-TER-21); + the forest cover when every participant makes a
    ranged engagement (terrain_rules.cover_bonus); + the defending faction's morale-card
    ``defend`` modifier (morale_rules.power_modifier). The caller floors it at 0 (ES-ENG-14)."""
    u = st["units"][target]
    d = battle_entry(st, target, "defence")
    if d is None:
        power = UNITS[u["card"]]["power"]
    elif d["general"]:
        power = UNITS[u["card"]]["power"] + defend_phase(d)["defence"]
    else:
        ph = defend_phase(d)
        power = COMMANDS[d["card"]]["power"] + ph["defence"] + d["tokens"] + phalanx_bonus(ph, _allies_adjacent(st, target))
    h = board.height(st, u["cell"])
    if any(board.height(st, st["units"][a]["cell"]) < h for a in attackers):
        power -= 1
    if attackers and board.terrain_on(st):
        power += board.cover_bonus(st, u["cell"], [action.current_phase(_command(st, a))["range"] for a in attackers])
    return power + track.modifier(st, u["seat"], "defend")


def attack_power(st: dict, target: str, attackers: list[str]) -> tuple[int, int]:
    """ES-ENG-4, ES-ENG-14: the summed power (never below 0) and the summed morale effect
    (never below 0), each with the attacking faction's morale-card modifiers added once
    (morale_rules.power_modifier ``engage``, morale_effect_modifier)."""
    entries = [_command(st, a) for a in attackers]
    power = sum(participant_power(st, e, target) for e in entries)
    morale = sum(action.current_phase(e).get("morale", 0) for e in entries)
    if entries:
        seat = entries[0]["seat"]
        power += track.modifier(st, seat, "engage")
        morale += track.modifier(st, seat, "morale_effect")
    return max(0, power), max(0, morale)


def _command(st: dict, uid: str) -> dict:
    return next(b for b in st["battle"] if b["uid"] == uid and b["kind"] == "command")


# --- declaration and the defence window -----------------------------------------------------

def declare(st: dict, seat: int, target: str, attackers: list[str], events: list) -> None:
    """ES-ENG-5/6: the attack is locked in; the defender may answer (ES-DEF-2)."""
    st["pending"] = {"kind": "defence", "seat": 1 - seat, "target": target, "attackers": list(attackers)}
    power, morale = attack_power(st, target, attackers)
    ev(events, "attack", seat=seat, target=target, attackers=list(attackers), power=power, morale=morale)
    if not defence_options(st):
        resolve(st, events)


def defence_options(st: dict) -> list[dict]:
    """ES-DEF-2/3/5/7: a defence on the declared target only, from the command zone (defence
    marker, matching name, revealed in an earlier turn if it has the reveal marker) or the
    general defence, if the target has not executed a command this turn and has no defence."""
    p = st["pending"]
    d, t = p["seat"], p["target"]
    if acted(st, t) or battle_entry(st, t, "defence") is not None:
        return []
    card = st["units"][t]["card"]
    hand = sorted(hand_commands(st, d))
    out = []
    for e in st["players"][d]["zone"]:
        s = COMMANDS[e["card"]]
        if s["markers"]["defence"] and action.reveal_ok(st, e) and executes(e["card"], card):
            cost = action.cost_of(st, d, e["card"])
            if len(hand) >= cost:
                out += [{"type": "defend", "uid": t, "card": e["card"], "pay": list(c)}
                        for c in combinations(hand, cost)]
    g = GENERALS["defend"]
    cost = action.cost_of(st, d, g["id"])
    if executes(g["id"], card) and len(hand) >= cost:
        out += [{"type": "defend", "uid": t, "card": "general", "pay": list(c)} for c in combinations(hand, cost)]
    return out


def defend(st: dict, seat: int, card: str, cards: list[str], events: list) -> None:
    """ES-DEF-4/7: the defence is on the battlefield with the target at once and counts as the
    target's command this turn; its non-combat phases resolve now."""
    t = st["pending"]["target"]
    action.pay(st, seat, cards, events)
    if card == "general":
        entry = {"card": GENERALS["defend"]["id"], "seat": seat, "uid": t, "kind": "defence", "general": True,
                 "tokens": 0, "next": 0, "moved": 0}
    else:
        zone = st["players"][seat]["zone"]
        i = [e["card"] for e in zone].index(card)
        z = zone.pop(i)
        entry = {"card": card, "seat": seat, "uid": t, "kind": "defence", "general": False, "tokens": z["tokens"],
                 "next": 0, "moved": 0}
    st["battle"].append(entry)
    st["units"][t]["acted_turn"] = st["turn"]
    ev(events, "defended", seat=seat, uid=t, card=card)
    for ph in spec(entry["card"])["phases"]:
        if ph["kind"] == "heal":
            action.heal_unit(st, t, ph, events)
    resolve(st, events)


def no_defence(st: dict, seat: int, events: list) -> None:
    ev(events, "no_defence", seat=seat, uid=st["pending"]["target"])
    resolve(st, events)


# --- resolution -----------------------------------------------------------------------------

def resolve(st: dict, events: list) -> None:
    """Steps 5-7 (ES-ENG-7..15) of the pending attack."""
    p = st["pending"]
    target, attackers = p["target"], p["attackers"]
    aseat, tseat = 1 - p["seat"], p["seat"]
    power, morale = attack_power(st, target, attackers)
    defence = max(0, defender_power(st, target, attackers))  # ES-ENG-14
    d_entry = battle_entry(st, target, "defence")
    for a in attackers:  # ES-ENG-13: each engagement takes part in exactly 1 attack
        _command(st, a)["next"] += 1
    st["pending"] = None
    damage = power - defence
    u = st["units"][target]
    destroyed = False
    ev(events, "combat", seat=aseat, target=target, power=power, defence=defence, damage=max(0, damage))
    if damage > 0:  # ES-ENG-8/9
        u["wounds"] += damage
        destroyed = u["wounds"] >= UNITS[u["card"]]["hp"]  # ES-AMB-28
        ev(events, "wounded", seat=tseat, uid=target, n=damage, wounds=u["wounds"])
        if destroyed:  # ES-ENG-15, ES-AMB-33: removed from the game
            del st["units"][target]
            st["players"][tseat]["units_lost"].append(u["card"])
            ev(events, "destroyed", seat=tseat, uid=target, unit=u["card"])
            if not units_of(st, tseat):  # ES-END-1
                lose(st, tseat, "annihilated", events)
        track.shake(st, tseat, 3 if destroyed else 1, events, cause="damage")  # ES-ENG-10
    # step 7 (ES-ENG-11, ES-AMB-30): attacker's combat effects, then the defender's
    track.shake(st, tseat, morale, events, cause="morale")
    if d_entry is not None:
        track.shake(st, aseat, defend_phase(d_entry)["morale"], events, cause="defence")
    faction.after_attack(st, {"attacker": aseat, "defender": tseat, "damage": damage, "destroyed": destroyed,
                              "participants": list(attackers)}, events)
    if destroyed and d_entry is not None and d_entry in st["battle"]:
        action.finish_entry(st, d_entry, events)
    action.settle(st, events)
