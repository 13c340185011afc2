"""The Terrain expansion's follow-ups of a move (ES-TER-15, ES-TER-16, ES-KW-13/14,
ES-AMB-42, ES-AMB-43): after a mobility phase has moved a unit along its step path (the move's
notation with ``terrain: on``), each step into a terrain cell costs a penalty chosen by the
unit's owner, then the owner may make a mobility flip. Nothing here is used with ``terrain:
off`` (ES-TER-22).

The decisions wait in ``st["pending"]`` (the mover is the active player):

- ``{"kind": "penalty", "seat", "uid", "cells": [...], "spare": n}``: the terrain cells the
  path entered whose penalty is still to pay, in path order (``cells[0]`` is asked now), and
  the mobility points the mobility effect has left. The points the declared path needs are
  reserved first, so ``"mp"`` (spend 1 extra mobility point) is open only while ``spare`` is at
  least 1; ``"cost"`` (pay 1 extra command card from hand, ES-GEN-9; the Morale cost modifier
  does not apply) while the hand holds a command card; ``"shake"`` (shake 1) always, so a move
  is never blocked (``terrain_rules.penalty_options``; a card's own penalty text may narrow or
  remove the choice). Answers: ``penalty mp``, ``penalty cost pay CARD``, ``penalty shake``.
  A step whose only option is shake 1 is paid at once, without asking (but when that shake
  made the opponent draw a morale card, the offer comes before the next step, ES-MX-8a).
- ``{"kind": "flip", "seat", "uid"}``: after the penalties, when a flip is possible (a card
  in the terrain deck and a cell for it, checked before revealing, ES-AMB-43): ``flip`` or
  ``noflip`` (optional; the timeout default is ``noflip``).
- ``{"kind": "terrain", "seat", "card", "uid", "flip": true}``: the revealed card waits for its
  cell: ``place CARD CELL`` (the setup verb), a cell within range II of the unit, not adjacent
  to an enemy unit, without terrain card or unit; with one such cell only it is placed at once.
"""
from __future__ import annotations

from . import action, board, track
from .board import expansion
from .state import ev, hand_commands

OPTION_ORDER = ("mp", "cost", "shake")


def _others(st: dict, uid: str) -> tuple[str, list[str], list[str]]:
    """The unit's cell, the enemy units' cells and every unit's cell."""
    u = st["units"][uid]
    enemy = [v["cell"] for v in st["units"].values() if v["seat"] != u["seat"]]
    occupied = [v["cell"] for v in st["units"].values()]
    return u["cell"], enemy, occupied


# --- the terrain penalty (ES-TER-16, ES-AMB-42) ------------------------------------------------

def start(st: dict, seat: int, uid: str, path: list[str], mp: int, events: list) -> None:
    """After ``move``: every step of ``path`` into a cell with a terrain card (that carries a
    penalty) costs one; ``mp`` is the mobility effect's N."""
    cells = [c for c in path if board.penalty_options(st, c, 0, False)]
    st["pending"] = {"kind": "penalty", "seat": seat, "uid": uid, "cells": cells, "spare": mp - len(path)}
    _advance(st, events)


def options(st: dict) -> list[str]:
    p = st["pending"]
    return board.penalty_options(st, p["cells"][0], p["spare"], bool(hand_commands(st, p["seat"])))


def penalty_actions(st: dict) -> list[dict]:
    out: list[dict] = []
    for o in options(st):
        if o == "cost":
            out += [{"type": "penalty", "option": "cost", "pay": [c]}
                    for c in sorted(set(hand_commands(st, st["pending"]["seat"])))]
        else:
            out.append({"type": "penalty", "option": o, "pay": []})
    return out


def pay_penalty(st: dict, seat: int, option: str, pay: list[str], events: list) -> None:
    p = st["pending"]
    cell = p["cells"].pop(0)
    ev(events, "terrain_penalty", seat=seat, uid=p["uid"], cell=cell, option=option)
    if option == "mp":
        p["spare"] -= 1
    elif option == "cost":
        action.pay(st, seat, pay, events)
    else:
        track.shake(st, seat, 1, events, cause="terrain")  # ES-MOR-3: a chosen shake
    _advance(st, events)


def _advance(st: dict, events: list) -> None:
    p = st["pending"]
    while p["cells"]:
        if options(st) != ["shake"]:
            return  # the owner chooses
        _shake_only(st, events)  # may end the game (state.GameOver)
        if st.get("offers") and p["cells"]:
            return  # ES-MX-8a: the drawer may play the drawn card first (engine/evs/actions.py)
    _offer_flip(st, p["seat"], p["uid"])


def forced(st: dict) -> bool:
    """A penalty decision left waiting at a step whose only option is shake 1 (``_advance``
    stopped there for a morale offer): ``advance`` pays it without asking."""
    p = st["pending"]
    return p["kind"] == "penalty" and bool(p["cells"]) and options(st) == ["shake"]


def advance(st: dict, events: list) -> None:
    """Go on with a penalty decision taken up again after a morale offer."""
    _advance(st, events)


def _shake_only(st: dict, events: list) -> None:
    """A step whose only penalty is shake 1 (a ``"shake"`` card, or nothing else affordable)."""
    p = st["pending"]
    cell = p["cells"].pop(0)
    ev(events, "terrain_penalty", seat=p["seat"], uid=p["uid"], cell=cell, option="shake")
    track.shake(st, p["seat"], 1, events, cause="terrain")


# --- the mobility flip (ES-TER-15, ES-KW-14, ES-AMB-43) ----------------------------------------

def _offer_flip(st: dict, seat: int, uid: str) -> None:
    if uid in st["units"] and board.can_flip(st, *_others(st, uid)):
        st["pending"] = {"kind": "flip", "seat": seat, "uid": uid}
    else:
        st["pending"] = None


def flip_actions(st: dict) -> list[dict]:
    return [{"type": "flip"}, {"type": "noflip"}]


def flip(st: dict, seat: int, events: list) -> None:
    """Reveal the top card of the terrain deck; it waits for its cell (or goes to the only one)."""
    uid = st["pending"]["uid"]
    card = expansion("terrain_rules").flip(st)
    ev(events, "terrain_revealed", seat=seat, uid=uid, card=card)
    st["pending"] = {"kind": "terrain", "seat": seat, "card": card, "uid": uid, "flip": True}
    cells = place_cells(st)
    if len(cells) == 1:
        place(st, seat, card, cells[0], events)


def no_flip(st: dict, seat: int, events: list) -> None:
    st["pending"] = None


def place_cells(st: dict) -> list[str]:
    return board.flip_cells(st, *_others(st, st["pending"]["uid"]))


def place_actions(st: dict) -> list[dict]:
    card = st["pending"]["card"]
    return [{"type": "place", "card": card, "cell": c} for c in place_cells(st)]


def place(st: dict, seat: int, card: str, cell: str, events: list) -> None:
    uid = st["pending"]["uid"]
    events.append(expansion("terrain_rules").place_flipped(st, card, cell, *_others(st, uid)))
    st["pending"] = None
