"""From built decks to the first turn: the champion choice if the module is on, then the
deal (CD-SET-2..5), the AI deck (CD-SOLO-4/5, CD-AMB-37) and the coin toss."""
from __future__ import annotations

from engine.rng import randbelow, shuffle

from . import champion, turn
from .state import FORT, GameOver, ev


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
