"""Deck building stages: preconstructed deck choice (CD-FMT-4, CD-AMB-8), draft
(CD-FMT-5..7, CD-SOLO-5, CD-AMB-5..7) and constructed (CD-FMT-3/8).

House rule: Duel draft requires a standalone expansion (CD-FMT-5) but none exists, so the
Duel draft uses the 32 starter cards, as the Solo draft does (CD-AMB-38).
"""
from __future__ import annotations

from .cards import CARDS, COST, DECK_IDS, DECKS, STARTER_SET
from .deal import after_decks
from .state import ev


# --- preconstructed -----------------------------------------------------------------------

def deck_chooser(st: dict) -> int | None:
    s = st["setup"]
    n = sum(d is not None for d in s["decks"])
    return s["order"][n] if n < len(s["order"]) else None


def remaining_decks(st: dict) -> list[str]:
    taken = {d for d in st["setup"]["decks"] if d is not None}
    return [d for d in DECKS if d not in taken]  # CD-AMB-8: the decks must differ


def choose_deck(st: dict, seat: int, deck: str, events: list) -> None:
    s = st["setup"]
    s["decks"][seat] = deck
    st["players"][seat]["deck"] = deck
    ev(events, "deck_chosen", seat=seat, deck=deck)
    if deck_chooser(st) is None:
        if st["mode"] == "duel":
            decks = [list(DECKS[s["decks"][0]]), list(DECKS[s["decks"][1]])]
        else:
            decks = [list(DECKS[deck]), precon_ai_deck(deck)]
        after_decks(st, decks, events)


def precon_ai_deck(player_deck: str) -> list[str]:
    """The other 3 preconstructed decks make the AI deck (CD-FMT-4, CD-SOLO-4)."""
    return [c for d in DECK_IDS if d != player_deck for c in DECKS[d]]


# --- draft ----------------------------------------------------------------------------------

def next_round(st: dict, events: list) -> None:
    """Reveal the top 4 (CD-FMT-6a); A1-B2-A1, roles swapped every round (CD-FMT-7,
    CD-AMB-5). Solo: the player takes 1 of the 4 (CD-SOLO-5)."""
    s = st["setup"]
    s["round"] += 1
    s["revealed"] = s["pile"][:4]
    del s["pile"][:4]
    if st["mode"] == "duel":
        first = s["A"] if s["round"] % 2 == 1 else 1 - s["A"]
        s["seq"] = [first, 1 - first, 1 - first, first]
    else:
        s["seq"] = [0]
    ev(events, "draft_reveal", round=s["round"], cards=list(s["revealed"]), picker=s["seq"][0])


def picker(st: dict) -> int | None:
    s = st["setup"]
    return s["seq"][0] if s["seq"] else None


def pick(st: dict, seat: int, card: str, events: list) -> None:
    s = st["setup"]
    s["revealed"].remove(card)
    s["picked"][seat].append(card)
    s["seq"].pop(0)
    ev(events, "draft_pick", seat=seat, card=card, round=s["round"])
    if st["mode"] == "solo":
        ai_gets = list(s["revealed"])
        s["picked"][1].extend(ai_gets)
        s["revealed"] = []
        ev(events, "draft_ai_cards", seat=1, cards=ai_gets)
    if s["seq"]:
        return
    if s["round"] < s["rounds"]:
        next_round(st, events)
        return
    ev(events, "draft_done", picked=[list(x) for x in s["picked"]])
    after_decks(st, [list(s["picked"][0]), list(s["picked"][1])], events)


def auto_pick(st: dict) -> str:
    """Timeout default: the highest-cost revealed card, ties by reveal order."""
    rev = st["setup"]["revealed"]
    return max(rev, key=lambda c: (COST[c], -rev.index(c)))


# --- constructed ------------------------------------------------------------------------------

def buildable_cards() -> list[str]:
    """The cards a constructed deck may hold, in card-data order (CD-FMT-3/8): the starter
    cards only, so never a champion (CD-CHA-2/4: champions are chosen, not built with) nor a
    card registered beside the starter set. What a deck builder offers; ``build_problem``
    refuses anything else."""
    return [c for c in CARDS if c in STARTER_SET]


def build_problem(cards: object) -> str | None:
    """Why a submitted constructed deck is illegal, or None (CD-FMT-3/8)."""
    if not isinstance(cards, list) or len(cards) != 8:
        return "count"
    if len(set(cards)) != 8:
        return "duplicate"
    for c in cards:
        if c not in STARTER_SET:
            return "unknown"
    return None


def build(st: dict, seat: int, cards: list, events: list) -> None:
    s = st["setup"]
    s["built"][seat] = list(cards)
    ev(events, "deck_submitted", seat=seat)
    if all(b is not None for b in s["built"]):
        ev(events, "decks_ready")
        after_decks(st, [list(s["built"][0]), list(s["built"][1])], events)
