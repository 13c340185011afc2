"""Game setup: the initial state for each mode and format (CD-SET-1, CD-FMT-4..8,
CD-SOLO-4/5, CD-AMB-6/8/38). The deal and the start of play are :mod:`engine.clash.deal`."""
from __future__ import annotations

from engine.rng import new_rng, randbelow, shuffle

from . import draft, options
from .abilities import mask_of
from .cards import STARTER
from .state import SCHEMA, ev


def new_state(seats: int, given: dict | None, seed: int) -> tuple[dict, list]:
    """The state at the start of deck building, and its (raw) events."""
    o = options.normalize(seats, given)
    events: list = []
    solo = options.solo_config(o)
    st = {
        "schema": SCHEMA, "game": "clash", "mode": o["mode"], "format": o["format"], "options": o,
        "rng": new_rng(seed), "stage": None, "turn": 0, "turn_player": 0, "first_player": None,
        "phase": None, "pause": False, "acts": 0, "pause_at": -1, "next_uid": 1,
        "players": [{"hand": [], "side": "bastion", "mana": 0, "deck": None, "champion": None} for _ in range(2)],
        "lanes": [[[], []], [[], []]],  # CD-SET-1: two bridges, two lanes
        "ai": None, "ai_extra": mask_of(solo["abilities"]) if solo else 0, "solo": solo,
        "setup": None, "result": None,
    }
    rng = st["rng"]
    fmt = o["format"]
    if fmt == "precon":
        if o["mode"] == "duel":
            first = randbelow(rng, 2)  # CD-AMB-8: random first picker
            order = [first, 1 - first]
        else:
            order = [0]
        st["stage"] = "deck_choice"
        st["setup"] = {"order": order, "decks": [None, None]}
        ev(events, "deck_choice_started", order=order)
    elif fmt == "draft":
        pile = list(STARTER)  # house rule in Duel / CD-AMB-38 in Solo: the 32 starter cards
        shuffle(rng, pile)
        if o["mode"] == "duel":
            a = randbelow(rng, 2)  # CD-AMB-6
            rounds = 4
        else:
            a = 0
            rounds = 8
        st["stage"] = "draft"
        st["setup"] = {"pile": pile, "revealed": [], "round": 0, "rounds": rounds, "A": a, "seq": [],
                       "picked": [[], []]}
        ev(events, "draft_started", player_a=a, rounds=rounds)
        draft.next_round(st, events)
    else:
        st["stage"] = "constructed"
        st["setup"] = {"built": [None, None]}
        ev(events, "constructed_started")
    return st, events
