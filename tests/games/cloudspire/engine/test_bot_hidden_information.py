"""The bots decide only from what a person in their seat may see (CS-DM-10; the table "What is
public and what is private" of docs/rules/cloudspire.md): over many positions of bot games
(standard, 2 vs 2, simultaneous prep, solo, co-op, endless), scrambling everything hidden from
the deciding seat (face-down landmarks it did not explore and the landmark pile, other seats'
relic hands, their deployment stacks below the top and group members, their stacks under
construction it may not look at, the order of every deck and pile, the RNG's future) never
changes the move the strong bot, the default bot or the timeout default choose."""
from __future__ import annotations

import copy
import random

import pytest

from engine.cloudspire import GAME
from engine.cloudspire.bot import bot_action, strong_bot_action, timeout_action
from engine.cloudspire.content import load
from engine.playout import playout

CONFIGS = [
    (2, {}), (3, {}), (4, {"mode": "teams"}), (3, {"faster_prep": "on"}),
    (2, {"mode": "solo", "encounter": "drifting_well"}), (4, {"mode": "solo", "encounter": "three_crowns"}),
    (4, {"mode": "coop", "encounter": "shared_skies"}), (4, {"mode": "endless"}),
]


def _visible_prep(st, seat: int, other: int) -> bool:
    """CS-AMB-33: a locked stack of a seat earlier in the Prep order, unless prep is simultaneous."""
    pr = st["prep"]
    if st["options"].get("faster_prep") == "on" or seat not in pr["order"]:
        return False
    return other in pr["order"][:pr["order"].index(seat)] and other in pr["locked"]


def scramble(st, seat: int, rnd: random.Random):
    """A copy of ``st`` with everything hidden from ``seat`` changed."""
    c = load()
    s = copy.deepcopy(st)
    hidden = [l for l in s["landmarks"].values() if not l["revealed"] and seat not in l["known"]]
    types = [l["type"] for l in hidden] + list(s["landmark_pile"])
    rnd.shuffle(types)
    for l, t in zip(hidden, types):
        l["type"] = t
    s["landmark_pile"] = types[len(hidden):]
    relics = sorted(c["relics"])
    for p in s["players"]:
        if p["seat"] != seat:
            p["relics"] = [rnd.choice(relics) for _ in p["relics"]]
    for o, ids in enumerate(s["stacks"]):
        if o != seat and len(ids) > 2:
            rest = ids[1:]
            rnd.shuffle(rest)
            s["stacks"][o] = ids[:1] + rest
    for u in s["units"].values():
        if u["owner"] != seat and u.get("members") and s["factions"][u["owner"]]:
            kinds = [m["id"] for m in c["factions"][s["factions"][u["owner"]]]["minions"]]
            u["members"] = [rnd.choice(kinds) for _ in u["members"]]
    if s.get("prep") and s["phase"] == "prep":
        for o, entries in s["prep"]["stacks"].items():
            if int(o) != seat and not _visible_prep(s, seat, int(o)) and len(entries) > 1:
                rnd.shuffle(entries)
    for deck in (s["event"]["deck"], s["relic_deck"], s["market"].get("supply", []), s["market"].get("es_pile", [])):
        rnd.shuffle(deck)
    s["rng"]["s"] = rnd.getrandbits(63)
    return s


def positions(seats: int, options: dict, seed: int, every: int = 7):
    """(state, seat) pairs along a strong-bot game: every ``every``-th position, each prompted seat."""
    out = []

    def watch(state, _seat, _action, moves):
        if moves % every == 0 and state["phase"] != "over":
            out.extend((copy.deepcopy(state), p.seat) for p in GAME.prompts(state))
    playout(GAME, seats, seed, options=options, policy=GAME.bot_action, watch=watch, stop_after=900)
    return out


@pytest.mark.parametrize("seats, options", CONFIGS, ids=[f"{n}p-{o}" for n, o in CONFIGS])
def test_bot_moves_ignore_what_the_seat_may_not_see_cs_dm_10(seats, options):
    """CS-DM-10: the bots' moves are the same when the hidden parts of other seats (and the
    decks' order, the dice to come) are scrambled, at every sampled position."""
    rnd = random.Random(seats * 100 + len(options))
    checked = 0
    for st, seat in positions(seats, options, seed=seats + 3):
        moves = [f(st, seat) for f in (strong_bot_action, bot_action, timeout_action)]
        for _ in range(2):
            other = scramble(st, seat, rnd)
            assert [f(other, seat) for f in (strong_bot_action, bot_action, timeout_action)] == moves, \
                (st["phase"], seat)
            checked += 1
    assert checked >= 20
