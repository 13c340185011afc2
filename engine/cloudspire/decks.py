"""The event and relic decks: shuffling them at set-up and drawing relics (CS-RWD-3,
CS-ADJ-1/2a, CS-AMB-44). Playing cards is cards.py."""
from __future__ import annotations

from .. import rng as _rng
from .content import load
from .emit import ev, private
from .types import Events, Seat, State


def events_on(st: State) -> bool:
    return st["options"].get("events", "on") == "on"


def market_on(st: State) -> bool:
    return st["options"].get("faster_market", "off") == "off"


def build_decks(st: State) -> None:
    c = load()
    r = st["rng"]
    if events_on(st):
        deck = list(c["event_order"])
        _rng.shuffle(r, deck)
        st["event"]["deck"] = deck
    if st["options"].get("relics") == "first_game" or st["options"].get("map") == "tutorial":
        rel = list(c["first_game_relics"])
    else:
        rel = list(c["relic_order"])
    if st["options"].get("map") == "tutorial":
        rel = list(c["tutorial"]["relics"])
    else:
        _rng.shuffle(r, rel)
    st["relic_deck"] = rel


def draw_relic(st: State, seat: Seat, events: Events) -> None:
    """CS-RWD-3; relics about events/market are replaced when those are not used (CS-ADJ)."""
    c = load()
    while True:
        if not st["relic_deck"]:
            if not st["relic_discard"]:
                ev(events, "reward_lost", seat=seat, reason="no_relic")
                return
            st["relic_deck"] = st["relic_discard"]
            st["relic_discard"] = []
            _rng.shuffle(st["rng"], st["relic_deck"])
        rid = st["relic_deck"].pop(0)
        tags = c["relics"][rid]["tags"]
        if ("event" in tags and not events_on(st)) or ("market" in tags and not market_on(st)):
            st["relic_discard"].append(rid)
            continue
        break
    st["players"][seat]["relics"].append(rid)
    ev(events, "relic_drawn", seat=seat, count=len(st["players"][seat]["relics"]))
    private(events, seat, "relic_private", seat=seat, relic=rid)
