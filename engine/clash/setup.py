"""Game setup: the initial state for each mode and format, and the start of play
(CD-SET-1..6, CD-FMT-4, CD-SOLO-4/5, CD-AMB-6/8/37/38)."""
from __future__ import annotations

from . import champion, options as opts, turn
from .abilities import mask_of
from .cards import DECK_IDS, DECKS, STARTER
from engine.rng import new_rng, randbelow, shuffle
from .state import FORT, SCHEMA, GameOver, ev


def new_state(seats: int, options: dict | None, seed: int) -> tuple[dict, list]:
    o = opts.normalize(seats, options)
    events: list = []
    solo = opts.solo_config(o)
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
        from . import draft
        draft.next_round(st, events)
    else:
        st["stage"] = "constructed"
        st["setup"] = {"built": [None, None]}
        ev(events, "constructed_started")
    return st, events


def after_decks(st: dict, decks: list, events: list) -> None:
    """Decks are built: run the champion choice if the module is on, else start."""
    st["setup"] = {"decks": decks}
    if champion.enabled(st):
        st["stage"] = "champion"
        st["setup"]["champion_pick"] = [None, None]
        ev(events, "champion_choice_started")
        return
    start_play(st, events)


def start_play(st: dict, events: list) -> None:
    """Hands (CD-SET-2..4), the AI deck (CD-SOLO-4/5) and the first player (CD-SET-5)."""
    rng = st["rng"]
    decks = st["setup"]["decks"]
    if st["mode"] == "duel":
        for seat in (0, 1):
            cards = list(decks[seat])
            shuffle(rng, cards)  # CD-SET-3: keep the shuffled order
            st["players"][seat]["hand"] = [FORT] + cards  # CD-SET-4
        first = randbelow(rng, 2)  # CD-SET-5: the coin
        ev(events, "coin_toss", first_player=first)
    else:
        cards = list(decks[0])
        shuffle(rng, cards)
        st["players"][0]["hand"] = [FORT] + cards
        ai_cards = list(decks[1])
        shuffle(rng, ai_cards)
        st["ai"] = {"deck": ai_cards, "discard": [], "side": "bastion"}  # CD-AMB-37
        first = 1 if st["solo"]["ai_first"] else 0  # CD-SOLO-4/5, CD-CUS-6c
    for seat in (0, 1):
        ev(events, "hand_dealt", seat=seat, size=len(st["players"][seat]["hand"]))
    st["first_player"] = first
    st["stage"] = "play"
    st["setup"] = None
    try:
        turn.begin_turn(st, first, events)
    except GameOver:
        pass  # the AI's opening turn can only end the game in contrived states


def precon_ai_deck(player_deck: str) -> list[str]:
    """The other 3 preconstructed decks make the AI deck (CD-FMT-4, CD-SOLO-4)."""
    return [c for d in DECK_IDS if d != player_deck for c in DECKS[d]]
