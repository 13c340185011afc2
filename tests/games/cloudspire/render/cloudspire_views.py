"""Sample Cloudspire states and views for the renderer tests and the sample-PNG tool.

Every sample is produced by the real engine (``engine.cloudspire``) from a fixed seed and a
deterministic policy, so the views have exactly the shape of ``docs/cloudspire/view.md``:

* ``opening``      -- 2 players, wave 1 market, nothing built yet;
* ``prep``         -- 2 players in the Prep phase with a locked deployment stack;
* ``onslaught``    -- 2 players, mid-onslaught: many units (groups, upgrades, equipment),
                      spires, earthscapes, revealed / explored / face-down landmarks;
* ``peek``         -- 2 players, a landmark being explored (the active seat peeks at it);
* ``four_player``  -- 4 players free-for-all, mid-onslaught;
* ``crowded``      -- 4 players late in the game: an onslaught with nine or more units on
                      the map (the phone-width checks need a crowded map);
* ``teams``        -- 2 vs 2, mid-onslaught;
* ``finished``     -- a 2-player game played to the end;
* ``guided``       -- guided map setup, isles still face down.

``state(name)`` returns a fresh deep copy of the engine state, ``view(name, viewer=None)``
the view for a seat (``None`` = the public view).
"""

from __future__ import annotations

import copy
import random
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.cloudspire.bot import bot_action as basic_bot_action  # noqa: E402 - samples are cut at fixed counts
from engine.cloudspire import GAME  # noqa: E402
from engine.cloudspire import game as G  # noqa: E402

EQUIPMENT = {"longbow", "plate_armor", "swift_boots", "war_hammer", "spiked_shield"}

NAMES_2 = ["Alice", "Bob"]
NAMES_4 = ["Alice", "Bob", "Chen Wei", "Dana"]
NAMES_CJK = ["雲嶺戰記玩家", "🐉 Drake 🐉"]
NAMES_4_ODD = ["李小龍", "👾👾👾", "Zoë Ångström-Łukasiewicz the Magnificent", ""]


def _rich_policy(rng: random.Random):
    """A policy that produces busy boards: buys and places earthscapes, builds and
    upgrades spires, groups minions, explores landmarks and sometimes keeps them hidden.
    Anything else is the engine's own bot."""

    def act(st, seat):
        if st["pending"]:
            return basic_bot_action(st, seat)
        legal = G.legal_actions(st, seat)
        by = {}
        for a in legal:
            by.setdefault(a["type"], []).append(a)
        ph = st["phase"]
        if ph == "market":
            es = [a for a in by.get("buy", []) if a.get("chip") == "es"]
            if es and rng.random() < 0.5:
                return es[0]
            eq = [a for a in by.get("buy", []) if a.get("chip") in EQUIPMENT]
            if eq and rng.random() < 0.7:
                return eq[0]
        if ph == "build":
            if "es" in by:
                return rng.choice(by["es"])
            if "build" in by and rng.random() < 0.5:
                return rng.choice(by["build"])
            if "up" in by and rng.random() < 0.4:
                return rng.choice(by["up"])
        if ph == "prep" and st["prep"]["step"] == "stack":
            if "equip" in by:
                return by["equip"][0]
            if "join" in by and rng.random() < 0.6:
                return rng.choice(by["join"])
            if "add" in by and rng.random() < 0.9:
                return rng.choice(by["add"])
            if "lock" in by:
                return by["lock"][0]
        if ph == "onslaught":
            if "hide" in by and rng.random() < 0.5:
                return by["hide"][0]
            if "explore" in by and rng.random() < 0.5:
                return rng.choice(by["explore"])
        return basic_bot_action(st, seat)

    return act


def _play(seats: int, seed: int, options: dict, stop, rich: bool = True,
          max_actions: int = 5000) -> dict:
    """Play from ``setup`` until ``stop(state, n_actions)`` is true (checked after every
    action) or the game is over."""
    st = GAME.setup(seats, options, seed)
    policy = _rich_policy(random.Random(seed)) if rich else (lambda s, seat: basic_bot_action(s, seat))
    n = 0
    while st["phase"] != "over" and not stop(st, n) and n < max_actions:
        seat = G.acting_seats(st)[0]
        G.apply_inplace(st, seat, policy(st, seat), check=False)
        n += 1
    return st


def _after(n_actions: int):
    return lambda st, n: n >= n_actions


def _make_opening():
    return GAME.setup(2, {}, 1)


def _make_prep():
    def stop(st, n):
        p = st.get("prep")
        return st["phase"] == "prep" and st["wave"] == 2 and p and p["step"] == "stack" and p["locked"]
    return _play(2, 6, {}, stop)


def _in_onslaught_with_stack(seat: int, height: int):
    """Cut a game by its situation, not an action count, so a data or rules change that
    alters the sample games still yields the situation a test needs."""
    return lambda st, n: st["phase"] == "onslaught" and len(st["stacks"][seat]) >= height


def _busy_onslaught(st, n):
    if st["phase"] != "onslaught":
        return False
    view = GAME.view(st, None)
    return (len(view["units"]) >= 6 and len(view["spires"]) >= 6 and bool(view["map"]["earthscapes"])
            and any(u["grouped"] for u in view["units"]) and any(len(s) >= 2 for s in st["stacks"]))


def _make_onslaught():
    return _play(2, 0, {}, _busy_onslaught)


def _make_peek():
    def stop(st, n):
        t = st.get("turn") or {}
        return st["phase"] == "onslaught" and st["wave"] >= 2 and bool(t.get("peek"))
    return _play(2, 6, {}, stop)


def _make_four_player():
    return _play(4, 11, {}, lambda st, n: n >= 300 and _in_onslaught_with_stack(0, 2)(st, n))


def _make_crowded():
    def stop(st, n):
        return (st["phase"] == "onslaught" and st["wave"] >= 3
                and sum(1 for u in st["units"].values() if u["pos"]) >= 9)
    return _play(4, 20, {}, stop)


def _make_teams():
    return _play(4, 1, {"mode": "teams"}, lambda st, n: n >= 300 and _in_onslaught_with_stack(1, 2)(st, n))


def _make_finished():
    return _play(2, 14, {}, lambda st, n: False)


def _make_guided():
    return _play(2, 5, {"map": "guided"}, _after(3), rich=False)


MAKERS = {
    "opening": _make_opening,
    "prep": _make_prep,
    "onslaught": _make_onslaught,
    "peek": _make_peek,
    "four_player": _make_four_player,
    "crowded": _make_crowded,
    "teams": _make_teams,
    "finished": _make_finished,
    "guided": _make_guided,
}

#: sample name -> seat names used for the board
SEAT_NAMES = {
    "opening": NAMES_2,
    "prep": NAMES_2,
    "onslaught": NAMES_2,
    "peek": NAMES_2,
    "four_player": NAMES_4,
    "crowded": NAMES_4,
    "teams": NAMES_4,
    "finished": NAMES_2,
    "guided": NAMES_2,
}


@lru_cache(maxsize=None)
def _state(name: str) -> dict:
    return MAKERS[name]()


def state(name: str) -> dict:
    """A fresh copy of the sample's engine state."""
    return copy.deepcopy(_state(name))


def view(name: str, viewer: int | None = None) -> dict:
    """The sample's view for ``viewer`` (``None`` = public)."""
    return GAME.view(state(name), viewer)


def view_of(st: dict, viewer: int | None = None) -> dict:
    return GAME.view(st, viewer)
