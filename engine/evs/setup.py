"""Setup (ES-SET, ES-AMB-1..4): factions, hands (the standard 5 + 10 or a secret
simultaneous pick from the faction pool), the first player, then vanguard deployment.

Order (ES-SET-1): lay out boards and markers, prepare hands, decide the first player at
random (after the picks, so they cannot depend on it), [terrain placement and morale piles:
the expansions' steps, see docs/evs/engine.md], vanguard deployment (vanguard.py).
"""
from __future__ import annotations

from engine.rng import new_rng, randbelow

from . import options as options_mod
from . import board, placement, track, vanguard
from .content import FACTIONS, UNITS, pool
from .state import SCHEMA, ev

HAND_UNITS = 5
HAND_COMMANDS = 10
STANDARD = "standard"


def new_state(seats: int, options: dict | None, seed: int) -> tuple[dict, list]:
    opts = options_mod.normalize(seats, options)
    rng = new_rng(seed)
    order = {"empire_steppe": 0, "steppe_empire": 1}.get(opts["factions"])
    if order is None:
        order = randbelow(rng, 2)  # ES-AMB-2: at random when the players do not agree
    factions = ["empire", "steppe"] if order == 0 else ["steppe", "empire"]
    st: dict = {
        "schema": SCHEMA, "game": "evs", "options": opts, "rng": rng, "phase": "select", "turn": 0,
        "active": 0, "first": None, "factions": factions, "result": None,
        "players": [{"hand": [], "zone": [], "discard": [], "units_lost": [], "pick": None} for _ in range(2)],
        "units": {}, "next_uid": 1,
        "track": [FACTIONS[f]["track"]["start"] for f in factions],  # ES-SET-1.1, ES-MOR-4
        "vanguard": None, "turn_state": None, "battle": [], "pending": None,
    }
    events: list = []
    ev(events, "factions", factions=list(factions))
    if opts["hands"] == "standard":
        for seat in (0, 1):
            s = FACTIONS[factions[seat]]["standard"]
            st["players"][seat]["hand"] = list(s["units"]) + list(s["commands"])
        _hands_ready(st, events)
    else:
        for seat in (0, 1):
            st["players"][seat]["pick"] = {"cards": [], "done": False}
    return st, events


def _hands_ready(st: dict, events: list) -> None:
    st["first"] = randbelow(st["rng"], 2)  # ES-SET-3, ES-AMB-4: a coin flip
    ev(events, "first_player", seat=st["first"])
    if board.terrain_on(st):  # ES-SET-1 step 4 (the deck now, placement below)
        placement.start(st, events)
        track.setup_morale(st)  # ES-SET-1 step 5
        return
    track.setup_morale(st)  # ES-SET-1 step 5
    vanguard.start(st, events)


# --- the secret pick (ES-AMB-3) ------------------------------------------------------------

def counts(cards: list[str]) -> tuple[int, int]:
    n_units = sum(1 for c in cards if c in UNITS)
    return n_units, len(cards) - n_units


def pick_actions(st: dict, seat: int) -> list[dict]:
    p = st["players"][seat]["pick"]
    if st["phase"] != "select" or p is None or p["done"]:
        return []
    units, commands = pool(st["factions"][seat])
    nu, nc = counts(p["cards"])
    out = [{"type": "pick", "card": STANDARD}]
    out += [{"type": "pick", "card": u} for u in units if u not in p["cards"] and nu < HAND_UNITS]
    out += [{"type": "pick", "card": c} for c in commands if c not in p["cards"] and nc < HAND_COMMANDS]
    out += [{"type": "unpick", "card": c} for c in p["cards"]]
    return out


def pick(st: dict, seat: int, card: str, events: list) -> None:
    p = st["players"][seat]["pick"]
    if card == STANDARD:
        s = FACTIONS[st["factions"][seat]]["standard"]
        p["cards"] = list(s["units"]) + list(s["commands"])
    else:
        p["cards"].append(card)
    if counts(p["cards"]) == (HAND_UNITS, HAND_COMMANDS):
        p["done"] = True
        ev(events, "picked", seat=seat)  # public: only that the pick is complete
        ev(events, "picked_cards", visible_to=seat, seat=seat, cards=list(p["cards"]))
    if all(pl["pick"]["done"] for pl in st["players"]):
        for pl in st["players"]:
            units, commands = pool(st["factions"][st["players"].index(pl)])
            order = units + commands
            pl["hand"] = sorted(pl["pick"]["cards"], key=order.index)
            pl["pick"] = None
        _hands_ready(st, events)


def unpick(st: dict, seat: int, card: str, events: list) -> None:
    st["players"][seat]["pick"]["cards"].remove(card)
