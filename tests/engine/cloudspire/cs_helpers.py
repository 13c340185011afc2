"""Helpers for the Cloudspire engine tests (sandbox states, notation driver)."""
import pytest

from engine import rng
from engine.cloudspire import GAME


class Driver:
    """Applies notation through the public contract and keeps the events."""

    def __init__(self, st):
        self.st = st
        self.events = []

    def __call__(self, seat, text):
        action = GAME.parse_action(text)
        self.st, evs = GAME.apply(self.st, seat, action)
        self.events += evs
        return evs

    def force(self, *faces):
        """Fix the next spire attack dice by face value (blank=0, 1, 2)."""
        from engine.cloudspire.content import load
        faces_list = load()["dice"]["spire_die"]["faces"]
        rng.force(self.st["rng"], *[faces_list.index(f) if f != 2 else len(faces_list) - 1 for f in faces])

    def unit(self, uid):
        return self.st["units"].get(uid)

    def at(self, h):
        for u in self.st["units"].values():
            if u["pos"] == h:
                return u
        return None

    def legal(self, seat):
        return [GAME.format_action(a) for a in GAME.legal_actions(self.st, seat)]

    def src(self, seat):
        return self.st["players"][seat]["source"]




from engine.cloudspire import game as G, phases as P
from engine.cloudspire.state import unit_maxhp


def make_sandbox(seats=2, options=None, clear_landmarks=True):
    """A tutorial-layout game jumped straight into the Onslaught of wave 1 with nothing on
    the board; tests place units, spires and landmarks by hand."""
    opts = {"map": "tutorial", "events": "off"}
    opts.update(options or {})
    st = G.setup(2, opts, 11)
    st["phase"] = "onslaught"
    st["market"]["turn"] = 0
    for s in range(2):
        st["players"][s]["mark"] = 1 - s
        st["players"][s]["source"] = 0
    if clear_landmarks:
        st["landmarks"] = {}
    st["units_seen"] = True
    P.begin_turn(st, 0, [])
    return st


def put_unit(st, owner, utype, pos, hp=None, members=(), side="basic", up=None):
    from engine.cloudspire.content import load
    from engine.cloudspire.state import new_id
    d = load()["units"][utype]
    uid = new_id(st, "u")
    u = {"id": uid, "type": utype, "owner": owner, "kind": d["kind"], "side": side, "pos": pos,
         "up": dict(up or {"a": 0, "f": 0, "r": 0}), "members": list(members), "eq": []}
    u["hp"] = unit_maxhp(u) if hp is None else hp
    st["units"][uid] = u
    if pos is None:
        st["stacks"][owner].append(uid)
    return uid


def put_spire(st, owner, stype, pos, chips):
    from engine.cloudspire.state import new_id
    sid = new_id(st, "s")
    st["spires"][sid] = {"id": sid, "type": stype, "side": "basic", "owner": owner, "pos": pos,
                         "chips": list(chips), "base": 2}
    return sid


def put_landmark(st, ltype, pos, revealed=True):
    from engine.cloudspire.content import load
    from engine.cloudspire.state import new_id
    lid = new_id(st, "l")
    st["landmarks"][lid] = {"id": lid, "type": ltype, "pos": pos, "revealed": revealed,
                            "hp": load()["landmarks"][ltype]["hp"] if revealed else 0, "known": []}
    return lid
