"""Turn structure (ES-TURN, ES-AMB-10) and the Recall action (ES-REC).

A turn: the active player declares 2 different basic actions and their order (with the
Morale expansion Rally is a fourth one, ES-MX-13); each is carried out in full (``done`` ends
Deploy, Action and Rally; Recall has no decision and runs at once); after the second the turn
ends: the other player's defence cards leave the battlefield (ES-DEF-6) and the other player's
turn begins.
"""
from __future__ import annotations

from . import action, track
from .state import ALL_BASICS, BASICS, basic, ev


def start_game(st: dict, events: list) -> None:
    """After vanguard deployment: the first player's first turn (ES-TURN-1)."""
    st["phase"] = "turn"
    st["turn"] = 1
    st["active"] = st["first"]
    st["turn_state"] = {"declared": None, "index": 0}
    ev(events, "turn_start", seat=st["active"], turn=1)
    track.start_turn(st, events)


def basics(st: dict) -> tuple[str, ...]:
    """The basic actions a turn chooses 2 of: Deploy, Action, Recall (ES-TURN-3), and Rally
    with the Morale expansion (ES-MX-13, ES-MX-17)."""
    return ALL_BASICS if track.morale_on(st) else BASICS


def declare_options(st: dict | None = None) -> list[dict]:
    """Every ordered pair of 2 different basic actions (ES-TURN-3/4, ES-MX-13)."""
    bs = basics(st) if st is not None else BASICS
    return [{"type": "declare", "first": a, "second": b} for a in bs for b in bs if a != b]


def declare(st: dict, seat: int, first: str, second: str, events: list) -> None:
    st["turn_state"] = {"declared": [first, second], "index": 0}
    ev(events, "declared", seat=seat, first=first, second=second)
    _enter(st, events)


def _enter(st: dict, events: list) -> None:
    """Start the current basic action; Recall runs at once and moves on."""
    while st["phase"] == "turn" and basic(st) == "recall":
        recall(st, st["active"], events)
        _advance(st, events)


def _advance(st: dict, events: list) -> None:
    ts = st["turn_state"]
    ts["index"] += 1
    if ts["index"] >= 2:
        end_turn(st, events)
    else:
        _enter(st, events)


def done(st: dict, events: list) -> None:
    """End the current Deploy, Action or Rally (ES-ACT-9; ES-AMB-32: remaining phases are
    skipped)."""
    b = basic(st)
    if b == "action":
        action.end_action(st, events)
    ev(events, "basic_done", seat=st["active"], basic=b)
    _advance(st, events)


def recall(st: dict, seat: int, events: list) -> None:
    """ES-REC-1/2: the discard pile as it is now goes back to hand, once."""
    p = st["players"][seat]
    cards = list(p["discard"])
    p["hand"].extend(cards)
    p["discard"] = []
    ev(events, "recalled", seat=seat, n=len(cards))
    ev(events, "recalled_cards", visible_to=seat, seat=seat, cards=cards)


def end_turn(st: dict, events: list) -> None:
    """ES-TURN-6, ES-DEF-6: defence cards (and general defences) leave the battlefield."""
    for entry in [b for b in st["battle"]]:
        action.finish_entry(st, entry, events)
    ev(events, "turn_end", seat=st["active"], turn=st["turn"])
    st["turn"] += 1
    st["active"] = 1 - st["active"]
    st["turn_state"] = {"declared": None, "index": 0}
    ev(events, "turn_start", seat=st["active"], turn=st["turn"])
    track.start_turn(st, events)
