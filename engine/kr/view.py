"""The public view (docs/kr/engine.md "The public view"; rules "Information and decisions").

Kingdom Rush is co-operative and open: the view is the state without ``rng``, each spawn deck
replaced by ``{"count": n, "top_crystals": c}`` (the crystals on the back of its top card, None
for an empty deck) and the ghost deck by ``{"count": n}``. Hands, pending slots and everything
on the map are public; the same view is given to every viewer, seat or spectator. ``boss`` is
``boss.public``: None without a boss, else ``{"card", "stage", "stages", "entered", "tray",
"shielded", "defeated"}``. ``displacement`` (a displaced hero's owner is being asked where it
goes, engine/kr/displacement.py) is ``{"figure", "seat", "cell", "squares", "cause"}`` without
the state the phase replays from (it holds the decks), or absent.
"""
from __future__ import annotations

from engine.jsoncopy import deep_copy

from . import boss as bosses
from . import displacement
from .content import HORDES


def view(st: dict, viewer: int | None = None) -> dict:
    """The state as anyone may see it (``viewer`` is ignored: nothing is private)."""
    out = {k: deep_copy(v) for k, v in st.items() if k not in ("rng", "decks", "ghost_deck", "displacement")}
    out["decks"] = {marker: {"count": len(deck), "top_crystals": HORDES[deck[0]]["crystals"] if deck else None}
                    for marker, deck in st["decks"].items()}
    out["ghost_deck"] = {"count": len(st["ghost_deck"])}
    out["boss"] = bosses.public(st)
    if displacement.pending(st) is not None:
        out["displacement"] = displacement.public(st)
    return out
