"""Helpers for the Cloudspire engine tests: the notation driver, and the older in-place
placing helpers (new tests build positions with engine.cloudspire.scenario.Scenario)."""
from engine import rng
from engine.cloudspire import GAME
from engine.cloudspire.content import load
from engine.cloudspire.bot import bot_action
from engine.cloudspire.scenario import Scenario, place_landmark, place_spire, place_unit
from engine.playout import playout


def random_playout(seed, seats=2, options=None, check=False, max_actions=20000, policy=None):
    """A whole game (engine.playout) in which every seat plays ``policy``, by default the
    default bot ``bot_action``; the final state. ``check=True``: every move through
    ``GAME.apply``, which checks it against ``legal_actions`` (else in place, unchecked). A
    game undecided after ``max_actions`` moves raises ``engine.playout.MoveCapReached``."""
    return playout(GAME, seats, seed, options=options, policy=policy or bot_action, max_moves=max_actions,
                   inplace=not check).state


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
        faces_list = load()["dice"]["spire_die"]["faces"]
        rng.force(self.st["rng"], *[faces_list.index(f) for f in faces])

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


def make_sandbox():
    """A tutorial-layout game jumped straight into the Onslaught of wave 1 with nothing on
    the board (Scenario.sandbox())."""
    return Scenario.sandbox().build()


def put_unit(st, owner, utype, pos, hp=None, members=(), side="basic", up=None):
    return place_unit(st, owner, utype, pos, health=hp, group=members, side=side, up=up)


def put_spire(st, owner, stype, pos, chips):
    return place_spire(st, owner, stype, pos, chips)


def put_landmark(st, ltype, pos, revealed=True):
    return place_landmark(st, ltype, pos, revealed=revealed)
