"""Empire vs Steppe, playing morale cards (ES-MX-8..11, ES-AMB-49/50) and Rally (ES-MX-13..15,
ES-AMB-51): when a card may be played, what it does at once, and removing one's debuffs from
the opponent's zone. Part of the morale rules (engine/evs/morale_rules.py re-exports it; the
effects' meaning is in that module's docstring)."""
from __future__ import annotations

from engine.base import Event, IllegalAction
from engine.evs.morale_cards import card
from engine.evs.morale_shakes import _move_back, debuffs_against, faction_seat, shake


# ---------------------------------------------------------------- playing cards

def _entry(morale: dict, seat: int, card_id: str) -> dict | None:
    for entry in morale["seats"][seat]["zone"]:
        if entry["card"] == card_id:
            return entry
    return None


def conditions_met(morale: dict, seat: int, card_id: str) -> bool:
    """The card's own play conditions, for ``seat`` playing it (ES-MX-8: "in both cases")."""
    data = card(card_id)
    for cond in data.get("conditions", []):
        if cond["type"] == "own_turn":
            if morale["turn"]["active"] != seat:
                return False
            continue
        whose = faction_seat(morale, data["faction"]) if cond["whose"] == "faction" else seat
        marker = morale["seats"][whose]["marker"]
        if cond["type"] == "marker_at_least" and marker < cond["n"]:
            return False
        if cond["type"] == "marker_at_most" and marker > cond["n"]:
            return False
    return True


def _timing_ok(morale: dict, seat: int, card_id: str, declared_action: bool, just_drawn: str | None) -> bool:
    # ES-MX-8 (a): right after drawing it; (b): any moment of the own turn with Action declared.
    drawn = morale.get("just_drawn")
    if just_drawn == card_id and drawn and drawn["seat"] == seat and card_id in drawn["cards"]:
        return True
    return bool(declared_action) and morale["turn"]["active"] == seat


def playable(morale: dict, seat: int, *, declared_action: bool, just_drawn: str | None = None) -> list[str]:
    """The morale cards ``seat`` may play now, in zone order (ES-MX-8, ES-AMB-49/50): face-up
    cards of its own zone (tapped and flipped ones cannot be played, ES-MX-10/11) whose
    conditions hold, if either ``seat`` is the active player and declared Action this turn
    (``declared_action``; ignored for the other seat: never at other times of the
    opponent's turn), or the card is ``just_drawn`` (a card id the last shake drew for
    ``seat``, still in ``morale["just_drawn"]``)."""
    if not morale["expansion"]:
        return []
    return [e["card"] for e in morale["seats"][seat]["zone"]
            if e["state"] == "up" and _timing_ok(morale, seat, e["card"], declared_action, just_drawn)
            and conditions_met(morale, seat, e["card"])]


def play(morale: dict, seat: int, card_id: str, events: list, *, declared_action: bool | None = None,
         just_drawn: str | None = None) -> dict:
    """``seat`` plays ``card_id`` from its morale zone; it takes effect at once, in play order
    (ES-MX-9), then a once card is flipped (ES-MX-10), an ongoing one tapped (ES-MX-11).

    Checks: the card is in ``seat``'s zone, face-up, its conditions hold; the timing
    (ES-MX-8) too when ``declared_action`` is given (with ``just_drawn`` as for
    ``playable``); None means the caller checked it with ``playable``.

    Returns ``{"lost": reason | None, "loser": seat | None, "apply": directive | None}``:
    ``lost``/``loser`` when the card's shake made its faction's seat lose (ES-MX-16; the core
    ends the game at once, ES-END-3), ``apply`` what the core must
    do for a tokens or heal effect: ``{"type": "tokens"|"heal", "seat": the faction's seat,
    "n": N, "chooser": seat}`` (see the module docstring)."""
    entry = _entry(morale, seat, card_id)
    if entry is None or not morale["expansion"]:
        raise IllegalAction("evs.err.morale_not_in_zone", f"{card_id} is not in your morale zone", card=card_id)
    if entry["state"] != "up":
        raise IllegalAction("evs.err.morale_card_used", f"{card_id} is {entry['state']}", card=card_id)
    if declared_action is not None and not _timing_ok(morale, seat, card_id, declared_action, just_drawn):
        raise IllegalAction("evs.err.morale_timing", "morale cards can be played only right after drawing "
                            "them or in your own turn with Action declared", card=card_id)
    if not conditions_met(morale, seat, card_id):
        raise IllegalAction("evs.err.morale_condition", f"{card_id}'s conditions are not met", card=card_id)
    data = card(card_id)
    effect = data["effect"]
    target = faction_seat(morale, data["faction"])
    events.append(Event("morale_play", {"seat": seat, "card": card_id}))
    drawn = morale.get("just_drawn")
    if drawn and drawn["seat"] == seat and card_id in drawn["cards"]:
        drawn["cards"].remove(card_id)
    result: dict = {"lost": None, "loser": None, "apply": None}
    kind, n = effect["type"], effect["n"]
    if kind == "steady":
        start, end = _move_back(morale, target, n)
        events.append(Event("morale_steady", {"seat": target, "n": n, "start": start, "end": end}))
    elif kind == "shake":
        result["lost"] = shake(morale, None, target, n, events, active_seat=morale["turn"]["active"])
        result["loser"] = target if result["lost"] else None
    elif kind == "tokens":
        chooser = target if n > 0 else seat
        result["apply"] = {"type": "tokens", "seat": target, "n": n, "chooser": chooser}
        if n > 0:
            events.append(Event("morale_tokens_gain", {"seat": target, "n": n}))
        else:
            events.append(Event("morale_tokens_loss", {"seat": target, "n": -n, "by": seat}))
    elif kind == "heal":
        result["apply"] = {"type": "heal", "seat": target, "n": n, "chooser": target}
        events.append(Event("morale_heal", {"seat": target, "n": n}))
    # ES-MX-10/11: flipped or tapped after it takes effect (a card Rally removed meanwhile
    # cannot be, since Rally is the core's own basic action, never inside an effect)
    entry["state"] = "flipped" if data["duration"] == "once" else "tapped"
    entry["played"] = morale["turn"]["serial"]
    return result


# ---------------------------------------------------------------- Rally

def rally_targets(morale: dict, seat: int) -> list[str]:
    """The cards one Rally operation of ``seat`` may remove: its own faction's debuffs in the
    opponent's zone, face-up, tapped or flipped (ES-MX-14, ES-AMB-50)."""
    return debuffs_against(morale, seat) if morale["expansion"] else []


def rally_cost(morale: dict, seat: int) -> int:
    """The cost of the next Rally operation: the number of those debuffs now (ES-MX-14)."""
    return len(rally_targets(morale, seat))


def rally_costs(morale: dict, seat: int) -> list[int]:
    """The successive costs of removing all of them in one Rally, recalculated after each
    removal (ES-MX-15, ES-EX-8): [k, k-1, ..., 1]; the total to remove j is the sum of the
    first j. Empty when there is nothing to remove."""
    k = rally_cost(morale, seat)
    return list(range(k, 0, -1))


def rally_remove(morale: dict, seat: int, card_id: str, events: list, *, paid: int | None = None) -> int:
    """One Rally operation (ES-MX-14): ``card_id``, one of ``rally_targets``, goes to the bottom
    of the pile it was drawn from, the pile on the opponent's side (ES-AMB-51), leaving its
    state behind. The core has already made ``seat`` pay ``rally_cost`` command cards from hand
    (ES-GEN-9) and passes that count as ``paid``; a different count is refused. Returns the
    cost of this operation. A removed active card stops having effect."""
    if card_id not in rally_targets(morale, seat):
        raise IllegalAction("evs.err.morale_rally_target", f"{card_id} is not one of your debuffs in the "
                            "opponent's morale zone", legal=rally_targets(morale, seat), card=card_id)
    cost = rally_cost(morale, seat)
    if paid is not None and paid != cost:
        raise IllegalAction("evs.err.morale_rally_cost", f"this Rally costs {cost}, not {paid}",
                            cost=cost, paid=paid)
    zone = morale["seats"][1 - seat]["zone"]
    entry = _entry(morale, 1 - seat, card_id)
    if entry is None:                   # rally_targets are cards of that zone
        raise ValueError(f"{card_id} is not in seat {1 - seat}'s morale zone")
    zone.remove(entry)
    morale["piles"][entry["pile"]].append(card_id)
    drawn = morale.get("just_drawn")
    if drawn and card_id in drawn["cards"]:
        drawn["cards"].remove(card_id)
    events.append(Event("morale_rally", {"seat": seat, "card": card_id, "cost": cost}))
    return cost
