"""Empire vs Steppe, the morale track at setup, at each turn start and under shakes (ES-MOR,
ES-MX-3..7, ES-MX-12, ES-MX-16, ES-END-5): markers move, draws are due, the collapse check is
made. Part of the morale rules (engine/evs/morale_rules.py re-exports it; the ``st["morale"]``
layout is in that module's docstring)."""
from __future__ import annotations

from engine.base import Event
from engine.evs.morale_cards import (BASE_ACTIONS, COLLAPSE_DEBUFFS, DEFAULT_TRACK, FACTIONS, LOSS_REASON, _check,
                                     _default, card, validate_track)
from engine.rng import shuffle


# ---------------------------------------------------------------- setup and turns

def basic_actions(expansion: bool) -> tuple[str, ...]:
    """The basic actions a turn chooses 2 of (ES-TURN-3): Rally is the fourth with the Morale
    expansion (ES-MX-13) and absent without it (ES-MX-17)."""
    return BASE_ACTIONS + ("rally",) if expansion else BASE_ACTIONS


def setup(rng: dict, factions: list[str], *, expansion: bool = True, tracks: list[dict] | None = None) -> dict:
    """The morale sub-dict at setup: each marker on its start square (ES-MOR-1/4, ES-SET-1
    step 1) and, with the expansion, the two shuffled piles (ES-MX-3: each seat's pile holds
    its own faction's buffs and the opponent's debuffs; seat 0's pile is shuffled first).
    ``tracks``: per seat, e.g. from factions.json; default ES-AMB-34 (0..12, 3/6/9)."""
    _check(sorted(factions) == sorted(FACTIONS), f"factions must be {FACTIONS} in some order")
    tracks = [validate_track(t) for t in (tracks or [DEFAULT_TRACK, DEFAULT_TRACK])]
    _check(len(tracks) == 2, "one track per seat")
    cards = _default()
    piles: list[list[str]] = [[], []]
    if expansion:
        for s in (0, 1):
            mine, theirs = factions[s], factions[1 - s]
            piles[s] = [c["id"] for c in cards.values() if (c["faction"], c["kind"]) in
                        ((mine, "buff"), (theirs, "debuff"))]
            shuffle(rng, piles[s])
    return {
        "expansion": bool(expansion),
        "factions": list(factions),
        "seats": [{"marker": tracks[s]["start"], "track": tracks[s], "zone": []} for s in (0, 1)],
        "piles": piles,
        "turn": {"serial": 0, "active": None, "checked": [False, False]},
        "just_drawn": None,
    }


def start_turn(morale: dict, seat: int, events: list | None = None) -> None:
    """Start of ``seat``'s turn (ES-TURN-2): a new turn serial, the per-turn collapse-check
    flags of both seats cleared (ES-AMB-52), the just-drawn offer dropped, and ``seat``'s
    tapped ongoing cards untapped (ES-MX-12), which ends their effects."""
    turn = morale["turn"]
    turn["serial"] += 1
    turn["active"] = seat
    turn["checked"] = [False, False]
    morale["just_drawn"] = None
    for entry in morale["seats"][seat]["zone"]:
        if entry["state"] == "tapped":
            entry["state"] = "up"
            entry["played"] = None
            if events is not None:
                events.append(Event("morale_untap", {"seat": seat, "card": entry["card"]}))


# ---------------------------------------------------------------- shakes and draws

def faction_seat(morale: dict, faction: str) -> int:
    return morale["factions"].index(faction)


def debuffs_against(morale: dict, seat: int) -> list[str]:
    """``seat``'s own faction's debuffs in the opponent's morale zone, whatever their state
    (ES-MX-14, ES-MX-16)."""
    return [e["card"] for e in morale["seats"][1 - seat]["zone"] if e["side"] == "enemy_debuff"]


def draw_squares_crossed(track: dict, start: int, n: int) -> list[int]:
    """The draw squares in (start, min(start + n, collapse)] (ES-MX-5, ES-AMB-47)."""
    end = min(start + n, track["collapse"])
    return [d for d in track["draw"] if start < d <= end]


def _move_back(morale: dict, seat: int, n: int) -> tuple[int, int]:
    side = morale["seats"][seat]
    start = side["marker"]
    side["marker"] = max(0, start - n)
    return start, side["marker"]


def shake(morale: dict, rng: dict | None, seat: int, n: int, events: list, *, active_seat: int) -> str | None:
    """``seat`` shakes ``n`` (ES-MOR-2/3), forced or chosen alike. Returns ``"morale_collapse"``
    when ``seat`` loses (the core ends the game at once, ES-END-3/5), else None.

    Base game: the marker moves n forward, capped at the collapse square; reaching it loses
    (ES-MOR-5, ES-END-2). Expansion (ES-AMB-47/48/52):

    1. If the marker is below collapse, it moves the full distance first, capped at collapse,
       and one draw is due per draw square in (start, end] (ES-MX-5); the collapse square
       never draws by being reached. If it is already on collapse, it does not move and
       exactly one draw is due, whatever n is (ES-MX-7).
    2. For each draw due: at the first draw due from ``seat``'s shakes this turn, the collapse
       check counts ``seat``'s debuffs in the opponent's zone before anything is placed,
       even if the pile is empty; 3 or more loses at once (ES-MX-16). Then the opponent takes
       the top card of the pile on their side, shows it and places it face-up in their zone,
       and ``seat``'s marker moves back by its value (ES-MX-6, ES-AMB-46); an empty pile
       means no draw and no move back.

    n <= 0 is no shake. ``active_seat``: whose turn it is; it must be the seat start_turn
    opened the turn for (the per-turn flags belong to that turn). ``rng`` is not used
    (the piles were shuffled at setup, drawing takes the top card); it is taken so that
    every call that may draw has the same shape. The cards drawn are recorded in
    ``morale["just_drawn"]`` (replacing the previous shake's record) so the core can offer
    them once the shake has resolved (ES-MX-8a: all draws of one shake come first,
    ES-AMB-47, then the drawer may play any of them)."""
    if n <= 0:
        return None
    if morale["turn"]["active"] != active_seat:
        raise ValueError(f"shake during seat {active_seat}'s turn, but start_turn opened "
                         f"seat {morale['turn']['active']}'s")
    side = morale["seats"][seat]
    track = side["track"]
    collapse = track["collapse"]
    start = side["marker"]
    if not morale["expansion"]:
        side["marker"] = min(start + n, collapse)
        events.append(Event("morale_shake", {"seat": seat, "n": n, "start": start, "end": side["marker"]}))
        if side["marker"] >= collapse:
            events.append(Event("morale_broken", {"seat": seat}))
            return LOSS_REASON
        return None
    if start >= collapse:
        due = 1
        events.append(Event("morale_shake_at_collapse", {"seat": seat, "n": n}))
    else:
        due = len(draw_squares_crossed(track, start, n))
        side["marker"] = min(start + n, collapse)
        events.append(Event("morale_shake", {"seat": seat, "n": n, "start": start, "end": side["marker"]}))
    drawer = 1 - seat
    morale["just_drawn"] = None
    for _ in range(due):
        if not morale["turn"]["checked"][seat]:
            morale["turn"]["checked"][seat] = True
            count = len(debuffs_against(morale, seat))
            if count >= COLLAPSE_DEBUFFS:
                events.append(Event("morale_collapse", {"seat": seat, "debuffs": count}))
                return LOSS_REASON
            events.append(Event("morale_collapse_check", {"seat": seat, "debuffs": count}))
        pile = morale["piles"][drawer]
        if not pile:
            events.append(Event("morale_pile_empty", {"seat": drawer, "shaken": seat}))
            continue
        card_id = pile.pop(0)
        data = card(card_id)
        own = data["faction"] == morale["factions"][drawer]
        morale["seats"][drawer]["zone"].append({"card": card_id, "side": "own_buff" if own else "enemy_debuff",
                                                "state": "up", "pile": drawer, "played": None})
        if morale["just_drawn"] is None:
            morale["just_drawn"] = {"seat": drawer, "cards": []}
        morale["just_drawn"]["cards"].append(card_id)
        events.append(Event("morale_draw", {"seat": drawer, "card": card_id, "shaken": seat}))
        before, after = _move_back(morale, seat, data["value"])
        events.append(Event("morale_back", {"seat": seat, "card": card_id, "value": data["value"],
                                            "start": before, "end": after}))
    return None


# ---------------------------------------------------------------- state-level helpers

def markers(morale: dict) -> list[int]:
    """Both markers by seat, e.g. to mirror them into the core's ``st["track"]``."""
    return [side["marker"] for side in morale["seats"]]


def shake_state(st: dict, seat: int, n: int, events: list) -> int | None:
    """The shake of the whole game state, for the core's plug point (engine/evs/track.py):
    ``shake(st["morale"], st["rng"], seat, n, events, active_seat=st["active"])``, then both
    markers mirrored into ``st["track"]``; returns the seat that loses by morale collapse
    (always the shaken one) or None. Nothing but ``st["morale"]``, ``st["track"]`` and the
    events is touched."""
    reason = shake(st["morale"], st["rng"], seat, n, events, active_seat=st["active"])
    st["track"] = markers(st["morale"])
    return seat if reason else None
