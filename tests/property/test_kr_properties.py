"""Property tests (Hypothesis) for Kingdom Rush: Rift in Time (engine/kr): whole games played
through the engine contract (``setup``, ``prompts``, ``legal_actions``, ``bot_action``,
``apply``, ``result``, ``concede``, ``format_action`` / ``parse_action``).

Each example draws a seed, 1-4 seats, a scenario (every scenario of the campaign; the first,
the first with spells, the first with ghosts and the last one are always run as explicit
examples), a difficulty, the heroes (and a solo bench) and the share of moves taken at random
among the listed legal actions (the rest are the bot's). Games are cut off after a drawn
number of moves. Checked at every step, one property per test:

1. covers (KR-DMG-1/2/10, KR-SOL-3/7, KR-HERO-10/14): every tile, soldier and hero-base square
   lies inside its horde card and no square holds two of them;
2. tower cards are conserved (KR-SET-4, KR-BUY-3..5, KR-PASS-1..7, KR-RET-1/2/5, KR-PRT-10,
   KR-SPL-9); the exact law is in ``test_tower_cards_are_conserved``;
3. crystals stay within 0..12 and only change where the rules say (KR-BUY-3/4/6, KR-DES-1);
4. illegal actions raise ``IllegalAction`` and change nothing (KR-ACT-3, KR-ACT-5, KR-PASS-6/7,
   KR-TWR-2, KR-DMG-1, KR-SOLO-3/5); ``apply`` never changes its input;
5. states round-trip through JSON (and the store's packing) and play on identically;
6. replaying the seed and the log (actions, their notation, ``gamehost.review.replay``)
   reproduces the final state and result.

A failure prints the drawn ``Case`` and the move index: that is the reproduction.
"""
from __future__ import annotations

import json
import os
import random
import sys
from collections import Counter
from dataclasses import dataclass

from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as hs

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine.base import IllegalAction  # noqa: E402
from engine.kr import GAME  # noqa: E402
from engine.kr.content import HERO_IDS, SCENARIOS, TOWERS  # noqa: E402
from engine.kr.hordegrid import hero_cells  # noqa: E402
from engine.kr.mapgeo import cell_name  # noqa: E402
from engine.kr.setup import DIFFICULTIES  # noqa: E402
from engine.kr.state import MAX_CRYSTALS, SOLDIERS, geo, grid  # noqa: E402
from gamehost.registry import normalize_options  # noqa: E402
from gamehost.review import position_at, replay as review_replay  # noqa: E402
from gamehost.store import LoggedAction, MatchRow, pack_state, unpack_state  # noqa: E402

SCENARIO_IDS = list(SCENARIOS)
FIRST, LAST = SCENARIO_IDS[0], SCENARIO_IDS[-1]
SPELL = next(s for s in SCENARIO_IDS if SCENARIOS[s]["spells"])
GHOST = next(s for s in SCENARIO_IDS if SCENARIOS[s]["ghosts"])
MIXES = (0.0, 0.5, 1.0)            # share of random listed legal moves; the rest are bot moves
COSTS = {1: 2, 2: 3}               # KR-BUY-3/4

SETTINGS = dict(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class Case:
    seed: int
    seats: int
    scenario: str
    difficulty: str
    heroes: tuple[str, ...]        # by seat, then the solo bench (KR-SOLO-6)
    mix: float
    moves: int                     # the game is cut off after this many moves

    @property
    def options(self) -> dict:
        o = {"scenario": self.scenario, "difficulty": self.difficulty}
        for i, hero in enumerate(self.heroes[:self.seats]):
            o[f"hero{i + 1}"] = hero
        if self.seats == 1 and len(self.heroes) > 1:
            o["bench"] = list(self.heroes[1:])
        return o


@hs.composite
def cases(draw) -> Case:
    seats = draw(hs.integers(1, 4))
    heroes = draw(hs.permutations(HERO_IDS))
    bench = draw(hs.integers(0, 3)) if seats == 1 else 0
    return Case(seed=draw(hs.integers(0, 10 ** 6)), seats=seats, scenario=draw(hs.sampled_from(SCENARIO_IDS)),
                difficulty=draw(hs.sampled_from(DIFFICULTIES)), heroes=tuple(heroes[:seats + bench]),
                mix=draw(hs.sampled_from(MIXES)), moves=draw(hs.sampled_from([60, 200, 1000])))


# The required scenarios, always run (first, spells, ghosts, last), with varied seats and mixes.
REQUIRED = [
    Case(11, 2, FIRST, "normal", ("alleria", "lilith"), 0.5, 400),
    Case(12, 3, SPELL, "hard", ("magnus", "ignus", "alleria"), 1.0, 400),
    Case(13, 1, GHOST, "easy", ("malik", "lilith", "ignus"), 0.5, 400),
    Case(14, 4, LAST, "normal", ("ignus", "malik", "magnus", "alleria"), 0.0, 400),
]


def with_required(**extra):
    """The REQUIRED cases as explicit examples (``extra``: the test's other arguments)."""
    def decorate(test):
        for case in reversed(REQUIRED):
            test = example(case=case, **extra)(test)
        return test
    return decorate


# --- playing ----------------------------------------------------------------------------------

def choose(st: dict, rnd: random.Random, mix: float) -> tuple[int, dict]:
    """A prompted seat (any of them: phase 2 and 6 are simultaneous) and its move."""
    prompts = GAME.prompts(st)
    assert prompts, "the game is not over but nobody is asked to act"
    seat = rnd.choice(prompts).seat
    if rnd.random() < mix:
        legal = GAME.legal_actions(st, seat)
        assert legal, f"seat {seat} is prompted but has no legal action"
        return seat, rnd.choice(legal)
    return seat, GAME.bot_action(st, seat)


def play(case: Case, on_step=None, probe=None) -> tuple[dict, list[tuple[int, dict]]]:
    """Play ``case``; ``on_step(before, after, seat, action, index)`` after every move,
    ``probe(state, rnd, index)`` before every move. Returns the last state and the log."""
    st = GAME.setup(case.seats, case.options, case.seed)
    rnd = random.Random(case.seed * 7 + case.seats)
    log: list[tuple[int, dict]] = []
    if on_step:
        on_step(None, st, None, None, -1)
    for index in range(case.moves):
        if GAME.result(st) is not None:
            break
        if probe:
            probe(st, rnd, index)
        seat, action = choose(st, rnd, case.mix)
        new, _events = GAME.apply(st, seat, action)
        log.append((seat, action))
        if on_step:
            on_step(st, new, seat, action, index)
        st = new
    return st, log


# --- 1. covers --------------------------------------------------------------------------------

def check_covers(st: dict, where: str) -> None:
    """KR-DMG-1/2/10, KR-SOL-3, KR-HERO-10/14: inside the card, one coverer per square, nothing
    on an uncoverable area, soldiers on (non-deadly) enemies, hero bases off deadly enemies and
    where their hero is; KR-SOL-7: 12 soldiers in all (supply + trays)."""
    on_trays = 0
    for tid, t in st["trays"].items():
        g = grid(t["card"])
        cover = t["cover"]
        owner: dict[tuple[int, int], str] = {}

        def put(cell, what: str) -> tuple[int, int]:
            assert isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell), \
                f"{where}: {what} on {tid} has a malformed square {cell!r}"
            c, r = cell
            assert g.inside((c, r)), \
                f"{where}: {what} on {tid} ({t['card']}) covers {cell}, outside its {g.width}x{g.height} grid (KR-DMG-1)"
            assert (c, r) not in owner, \
                f"{where}: {what} and {owner[(c, r)]} both cover {cell} of {tid} ({t['card']}) (KR-DMG-2)"
            assert not g.uncoverable & g.bit((c, r)), \
                f"{where}: {what} covers the uncoverable square {cell} of {tid} ({t['card']}) (KR-DMG-10)"
            owner[(c, r)] = what
            return c, r

        for k, tile in enumerate(cover["tiles"]):
            assert tile["cells"], f"{where}: an empty tile on {tid}"
            for cell in tile["cells"]:
                c, r = put(cell, f"tile {k} ({tile['source']}, {tile['damage']})")
                assert not g.resistant(tile["damage"]) & g.bit((c, r)), \
                    f"{where}: {tile['damage']} tile {k} on {tid} covers a resistant enemy at {cell} (KR-DMG-3/4)"
        for cell in cover["soldiers"]:
            c, r = put(cell, "a soldier")
            assert g.enemy_mask & g.bit((c, r)) and not g.deadly & g.bit((c, r)), \
                f"{where}: a soldier on {cell} of {tid} is not on a (non-deadly) enemy (KR-SOL-3)"
        on_trays += len(cover["soldiers"])
        for figure, top_left in cover["heroes"].items():
            for c, r in hero_cells(top_left):
                put([c, r], f"{figure}'s base")
                assert not g.deadly & g.bit((c, r)), f"{where}: {figure}'s base covers a deadly enemy on {tid}"
            h = st["heroes"].get(figure)
            assert h is not None and h["tray"] == tid and h["cell"] == t["cell"], \
                f"{where}: {figure}'s base is on {tid} but the hero is at {h and (h['cell'], h['tray'])}"
    for figure, h in st["heroes"].items():
        if h["tray"] is not None:
            assert h["tray"] in st["trays"] and figure in st["trays"][h["tray"]]["cover"]["heroes"], \
                f"{where}: {figure} is engaged with {h['tray']} but has no base there"
    assert 0 <= st["soldiers"] and st["soldiers"] + on_trays == SOLDIERS, \
        f"{where}: {st['soldiers']} soldiers in the supply + {on_trays} on trays != {SOLDIERS} (KR-SOL-7)"


@settings(max_examples=15, **SETTINGS)
@with_required()
@given(case=cases())
def test_covers_stay_inside_their_card_and_never_overlap(case):
    """KR-DMG-1, KR-DMG-2, KR-DMG-10, KR-SOL-3, KR-SOL-7, KR-HERO-10, KR-HERO-14 after every move."""
    def on_step(before, after, seat, action, index):
        check_covers(after, f"move {index} ({seat}: {action and GAME.format_action(action)})")
    play(case, on_step)


# --- 2. tower cards ---------------------------------------------------------------------------

def held(st: dict) -> Counter:
    """Tower cards the players hold: hands, pending slots, building sites and the white-site
    towers waiting in phase 6 for the group to say who takes them (``st["white"]``, KR-WHT-3)."""
    cards = Counter()
    for s in st["seats"]:
        cards.update(s["hand"])
        cards.update(s["pending"])
    for towers in st["sites"].values():
        cards.update(t["card"] for t in towers)
    cards.update(w["card"] for w in st.get("white", []))
    return cards


def census(st: dict) -> Counter:
    """Every tower card the state keeps: the supply + ``held``. Proposals only name cards."""
    assert all(n >= 0 for n in st["supply"].values()), st["supply"]
    total = Counter({c: n for c, n in st["supply"].items() if n})
    total.update(held(st))
    return total


def family_counts(cards: Counter) -> Counter:
    out = Counter()
    for c, n in cards.items():
        out[TOWERS[c]["family"]] += n
    return out


def levels(cards: Counter) -> int:
    return sum(TOWERS[c]["level"] * n for c, n in cards.items())


def check_card_flow(before: dict, after: dict, action: dict, where: str) -> None:
    """How a move may change the cards held (see ``test_tower_cards_are_conserved``)."""
    if after["phase"] == "over":
        return
    assert after["phase"] == 6 or not after.get("white"), \
        f"{where}: white-site towers still wait for a taker in phase {after['phase']} (KR-WHT-3)"
    hb, ha = held(before), held(after)
    if before["phase"] == 2 and after["phase"] == 2:
        assert before["round"] == after["round"]
        assert family_counts(ha) == family_counts(hb), f"{where}: a phase-2 move changed the cards per family"
        rise = levels(ha) - levels(hb)
        if action["type"] == "pass":      # KR-PASS-2/4: one level up, or unchanged
            assert rise in (0, 1), f"{where}: a pass raised the levels held by {rise}"
        elif action["type"] == "spell":   # Hand of Midas: up to two levels (KR-SPL-9, KR-AMB-33)
            assert rise in (0, 1, 2), f"{where}: a spell raised the levels held by {rise}"
        else:                             # build / hero / done: cards only move hand -> site
            assert ha == hb, f"{where}: {action['type']} changed the cards held"
        for s_b, s_a in zip(before["seats"], after["seats"]):
            assert Counter(s_b["pending"]) <= Counter(s_a["pending"]), f"{where}: a pending card left its slot"
    elif before["phase"] == 2 and after["phase"] == 6:       # phases 3-5 ran (KR-RET-1/2/5)
        down = Counter(t["card"] for towers in before["sites"].values() for t in towers if t["face_down"])
        assert ha == hb - down, f"{where}: phase 5 returned {ha - (hb - down)} / lost {(hb - down) - ha}"
        assert not after["sites"] and all(not s["pending"] for s in after["seats"]), \
            f"{where}: phase 5 left towers on sites or in pending slots (KR-RET-1/2)"
    elif before["phase"] == 6 and after["phase"] != 6:       # the purchase (KR-BUY-2..5)
        p = before["proposals"][0] if before["proposals"] else None
        bought = Counter(c for c, _ in p["buys"]) if p else Counter()
        assert ha == hb + bought, f"{where}: bought {ha - hb}, the proposal was {bought}"
    else:                                                    # phase 6 talk, the solo exclusion
        assert ha == hb, f"{where}: cards changed from phase {before['phase']} to {after['phase']}"


@settings(max_examples=15, **SETTINGS)
@with_required()
@given(case=cases())
def test_tower_cards_are_conserved(case):
    """The conservation law: for every tower card id ``c``, at every moment,
    ``supply[c] + copies of c in all hands + in all pending slots + on all sites + among the
    white-site towers waiting for a taker (``st["white"]``, phase 6 only, KR-WHT-3) ==
    scenario["supply"][c]`` (the state keeps tower cards nowhere else; proposals only name
    them). It holds per id, not only per family and level, because every move takes a card
    from one place and puts it in another: the starting hands come out of the supply (KR-SET-4),
    a purchase moves supply -> hand (KR-BUY-3..5), a build moves hand -> site, a pass moves the
    card hand -> pending slot, or, when upgraded, puts the passed card back in the supply and
    takes its upgrade (same family, one level up; Hand of Midas: up to two) out of it into the
    pending slot (KR-PASS-2/4, KR-SPL-9, KR-AMB-14/33), phase 5 moves site and pending cards to
    hands (a white site's, with more than one player, to the waiting list; the end of phase 6
    hands those out) and face-down towers back to the supply (KR-RET-1/2/5/6, KR-PRT-10,
    KR-WHT-3).

    Per move (``check_card_flow``), for the cards the players hold (hands + pending + sites):
    a phase-2 move keeps the count per family; a pass raises the sum of their levels by 0 or 1,
    a spell by 0..2, any other phase-2 move changes nothing held; the end of phase 2 removes
    exactly the face-down towers; the end of phase 6 adds exactly the standing proposal's
    purchases; nothing else changes them; white-site towers wait only during phase 6. Pending cards never leave their slot in phase 2 (KR-PASS-6)."""
    initial = Counter({c: n for c, n in SCENARIOS[case.scenario]["supply"].items() if n})

    def on_step(before, after, seat, action, index):
        where = f"move {index} ({seat}: {action and GAME.format_action(action)})"
        got = census(after)
        assert got == initial, f"{where}: tower cards {dict(got - initial)} appeared, {dict(initial - got)} vanished"
        if before is not None:
            check_card_flow(before, after, action, where)
    play(case, on_step)


# --- 3. crystals ------------------------------------------------------------------------------

def check_crystals(before: dict | None, after: dict, where: str) -> None:
    c = after["crystals"]
    assert type(c) is int and 0 <= c <= MAX_CRYSTALS == 12, f"{where}: {c!r} crystals (KR-BUY-6)"
    if before is None or after["phase"] == "over":
        return
    b = before["crystals"]
    if before["phase"] == 6 and after["phase"] != 6:         # the purchase: L1 2, L2 3 (KR-BUY-3/4)
        p = before["proposals"][0] if before["proposals"] else None
        cost = sum(COSTS[TOWERS[card]["level"]] for card, _ in p["buys"]) if p else 0
        assert cost <= b and c == b - cost, f"{where}: {b} -> {c} crystals for a purchase costing {cost}"
    elif before["phase"] == 2 and after["phase"] == 6:       # destroyed hordes pay (KR-DES-1, KR-BUY-6)
        assert c >= b, f"{where}: crystals fell from {b} to {c} in phases 3-5"
    else:
        assert c == b, f"{where}: crystals changed from {b} to {c} in phase {before['phase']}"


@settings(max_examples=15, **SETTINGS)
@with_required()
@given(case=cases())
def test_crystals_stay_between_0_and_12(case):
    """KR-BUY-6 (the pool holds at most 12; KR-AMB-56: crystals beyond are lost): 0 <= crystals
    <= 12 after every move. They only rise when phase 3 destroys hordes (KR-DES-1) and only fall
    by the price of the bought cards when phase 6 ends (2 per L1, 3 per L2, KR-BUY-3/4/5)."""
    def on_step(before, after, seat, action, index):
        check_crystals(before, after, f"move {index} ({seat}: {action and GAME.format_action(action)})")
    play(case, on_step)


# --- 4. illegal actions -----------------------------------------------------------------------

MALFORMED = ["", "   ", "build", "build archer_1", "build archer_1 C2", "build archer_1 C2 Q",
             "build archer_1 C2 N t1:zz9", "build archer_1 C2 N t1:a1+", "build archer_1 C2 N tx:a1",
             "pass", "pass archer_1", "pass archer_1 to", "pass archer_1 to 5", "pass archer_1 to 0",
             "pass archer_1 2", "hero", "hero alleria", "hero alleria face Q basic", "hero alleria face N fly",
             "hero alleria face N basic choice {", "spell", "spell rain_of_fire t1:", "propose",
             "propose archer_1", "propose archer_1>5", "exclude", "exclude red blue", "done now",
             "approve it", "object 2", "t1:a1", "bulid archer_1 C2 N", "{}", "done done"]
NOT_ACTIONS = [None, 7, 2.5, [], {}, {"type": 5}, {"type": "fly"}, {"kind": "done"}, ["done"]]
WORDS = ["build", "pass", "hero", "spell", "done", "propose", "approve", "object", "exclude", "to", "face",
         "path", "engage", "basic", "ability", "recover", "none", "archer_1", "mage_2", "barracks_1",
         "artillery_3", "N", "E", "S", "W", "1", "2", "5", "C2", "D4", "t1:a1+b1", "t2:s:b2", "t1#0:a1",
         "red", "blue", "/", "archer_1>1", "alleria", "rain_of_fire", "a", "b"]


def placements_of(action: dict) -> list[dict]:
    if action.get("type") == "build":
        return [p for group in action.get("attacks", []) for p in group]
    return list(action.get("placements") or [])


def _off_card(st: dict, action: dict, rnd: random.Random) -> dict | None:
    """``action`` with one placement (or the hero base) moved off its horde card (KR-DMG-1)."""
    a = json.loads(json.dumps(action))
    spots = [p for p in placements_of(a) if isinstance(p, dict) and p.get("tray") in st["trays"]]
    if a.get("type") == "hero" and a.get("base") is not None and a.get("path"):
        spots.append(None)
    if not spots:
        return None
    p = rnd.choice(spots)
    if p is None:                                       # the hero base, end square's tray
        trays = [t for t in st["trays"].values() if t["cell"] == a["path"][-1]]
        w, h = (grid(trays[0]["card"]).width, grid(trays[0]["card"]).height) if trays else (5, 4)
        a["base"] = [w - 1, h - 1] if rnd.random() < 0.5 else [-1, 0]
        return a
    g = grid(st["trays"][p["tray"]]["card"])
    dc, dr = rnd.choice([(g.width, 0), (0, g.height), (-g.width, 0), (0, -g.height)])
    if "cells" in p:
        p["cells"] = [[c + dc, r + dr] for c, r in p["cells"]]
    else:
        p["cell"] = [p["cell"][0] + dc, p["cell"][1] + dr]
    return a


def corruptions(st: dict, rnd: random.Random) -> list[tuple[str, object, object, bool]]:
    """``(label, seat, action, strict)``: moves the state must refuse (``strict``), or that
    are garbage and must be refused or be legal (never crash, never change the state)."""
    n = len(st["seats"])
    prompts = GAME.prompts(st)
    waiting = sorted({p.seat for p in prompts})
    idle = [s for s in range(n) if s not in waiting]
    out: list[tuple[str, object, object, bool]] = []
    seat = rnd.choice(waiting)
    legal = GAME.legal_actions(st, seat)
    some = rnd.choice(legal)
    out.append(("seat_out_of_range", rnd.choice([n, 4, -1, 99, True, "0", None]), some, True))
    for other in idle:                         # KR-ACT-5: a seat that is done takes no action
        out.append(("seat_not_prompted", other, some, True))
        out.append(("done_again", other, "done", True))
    out.append(("malformed_notation", seat, rnd.choice(MALFORMED), True))
    out.append(("not_an_action", seat, rnd.choice(NOT_ACTIONS), True))
    out.append(("garbage_text", seat, " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(1, 6))), False))
    hand = st["seats"][seat]["hand"]
    exclusion = st["options"].get("solo") and st["solo"]["excluded"] is None and st["phase"] in (1, 2)
    sites = {s.cell: s for s in geo(st).sites_for(n)}
    if exclusion:                              # KR-SOLO-3/5: nothing before the colour is chosen
        out.append(("before_exclusion", seat, {"type": "done"}, True))
        out.append(("bad_colour", seat, {"type": "exclude", "colour": rnd.choice(["purple", "yellow", None])}, True))
        if st["solo"]["last_excluded"]:
            out.append(("same_colour", seat, {"type": "exclude", "colour": st["solo"]["last_excluded"]}, True))
    else:
        out.append(("exclude_not_due", seat, {"type": "exclude", "colour": "red"}, True))
    if st["phase"] == 2 and not exclusion:
        card_moves = [a for a in legal if a["type"] in ("build", "pass")]
        missing = [c for c in TOWERS if c not in hand]
        pending = [c for c in st["seats"][seat]["pending"] if c not in hand]
        if missing:                            # KR-PASS-6/7, KR-ACT-2: only cards in hand
            bad = rnd.choice(pending or missing)
            if card_moves:
                a = dict(rnd.choice(card_moves), card=bad)
            else:
                a = {"type": "pass", "card": bad, "to": (seat + 1) % n, "variant": None}
            out.append(("card_not_in_hand", seat, a, True))
        builds = [a for a in legal if a["type"] == "build"]
        if builds:                             # KR-TWR-2: a building site of this game
            a = rnd.choice(builds)
            w, h = map_size(st)
            squares = [cell_name(x, y) for x in range(w) for y in range(h)]
            not_sites = [c for c in squares if c not in sites] + ["Z99", "a1", "", None, 3]
            out.append(("not_a_site", seat, dict(a, site=rnd.choice(not_sites)), True))
            colours = st["seats"][seat]["colours"]
            foreign = [c for c, s in sites.items() if s.colour != "white" and s.colour not in colours]
            if foreign:
                out.append(("other_colour_site", seat, dict(a, site=rnd.choice(foreign)), True))
            out.append(("bad_facing", seat, dict(a, facing=rnd.choice(["Q", "n", None, 0])), True))
        placed = [a for a in legal if a["type"] in ("build", "spell", "hero") and _off_card(st, a, rnd)]
        if placed:
            a = rnd.choice(placed)
            out.append(("off_card", seat, _off_card(st, a, rnd), True))
            b = json.loads(json.dumps(a))
            spots = placements_of(b)
            if spots and isinstance(spots[0], dict):
                spots[0]["tray"] = rnd.choice(["t999", "t0", "x", None])
                out.append(("no_such_tray", seat, b, True))
        out.append(("phase6_in_phase2", seat, rnd.choice([{"type": "approve"}, {"type": "object"},
                                                          {"type": "propose", "buys": [{"card": "archer_1", "to": 0}]}]),
                    True))
    if st["phase"] == 6:
        card = hand[0] if hand else "archer_1"
        site = next(iter(sites))
        out.append(("phase2_in_phase6", seat, rnd.choice([
            {"type": "build", "card": card, "site": site, "facing": "N", "attacks": [[]]},
            {"type": "pass", "card": card, "to": (seat + 1) % n, "variant": None}]), True))
        p = st["proposals"][0] if st["proposals"] else None
        if p is None:
            out.append(("no_proposal", seat, rnd.choice([{"type": "approve"}, {"type": "object"}]), True))
        elif seat in p["approved"]:
            out.append(("already_approved", seat, {"type": "approve"}, True))
        if st["seats"][seat].get("proposed"):
            out.append(("already_proposed", seat, {"type": "propose", "buys": [{"card": "archer_1", "to": seat}]}, True))
        out.append(("unaffordable", seat, {"type": "propose", "buys": [{"card": "archer_1", "to": 0}] * 7}, True))
    return out


def map_size(st: dict) -> tuple[int, int]:
    return tuple(SCENARIOS[st["scenario"]]["map"]["size"])


def check_refused(st: dict, label: str, seat, action, strict: bool, where: str) -> None:
    """``action`` must be refused (``strict``), or be refused or accepted into a state that
    keeps the invariants; either way ``st`` is unchanged."""
    snapshot = json.dumps(st, sort_keys=True)
    try:
        new, _ = GAME.apply(st, seat, action)
    except IllegalAction as e:
        assert e.code.startswith("kr.err."), f"{where}: {label} {action!r}: code {e.code!r}"
    else:
        assert not strict, f"{where}: {label}: seat {seat!r} {action!r} was accepted (KR-ACT-3)"
        event(f"kr illegal: {label} (accepted)")
        what = f"{where}: {label} {action!r} was accepted"
        check_covers(new, what)
        initial = Counter({c: n for c, n in SCENARIOS[st["scenario"]]["supply"].items() if n})
        assert census(new) == initial, f"{what}: tower cards not conserved"
        check_crystals(None, new, what)
    assert json.dumps(st, sort_keys=True) == snapshot, f"{where}: {label} {action!r} changed the state"


def perturbed(st: dict, seat: int, rnd: random.Random) -> list[tuple[str, object, object, bool]]:
    """Listed moves changed a little: refused, or accepted into a state that keeps the
    invariants (``check_refused``); a placement given twice or a pass to the wrong seat is
    always refused (KR-DMG-2, KR-PASS-1, KR-SOLO-9)."""
    out: list[tuple[str, object, object, bool]] = []
    legal = [a for a in GAME.legal_actions(st, seat) if a["type"] in ("build", "spell", "hero", "pass")]
    if not legal:
        return out
    a = json.loads(json.dumps(rnd.choice(legal)))
    spots = [q for q in placements_of(a) if isinstance(q, dict)]
    if spots:
        b = json.loads(json.dumps(a))
        q = rnd.choice([q for q in placements_of(b) if isinstance(q, dict)])
        dc, dr = rnd.choice([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1)])
        if "cells" in q:
            q["cells"] = [[c + dc, r + dr] for c, r in q["cells"]]
        elif "cell" in q:
            q["cell"] = [q["cell"][0] + dc, q["cell"][1] + dr]
        out.append(("shifted_placement", seat, b, False))
        b = json.loads(json.dumps(a))
        q = rnd.choice([q for q in placements_of(b) if isinstance(q, dict)])
        q["tray"] = rnd.choice(sorted(st["trays"]))
        out.append(("other_tray", seat, b, False))
        b = json.loads(json.dumps(a))
        group = b["attacks"][0] if b["type"] == "build" and b["attacks"][0] else b.get("placements")
        if group:
            group.pop(rnd.randrange(len(group)))
            out.append(("dropped_placement", seat, b, False))
        b = json.loads(json.dumps(a))
        group = next((g for g in (b["attacks"] if b["type"] == "build" else [b.get("placements")]) if g), None)
        if group and isinstance(group[0], dict) and ("cells" in group[0] or "cell" in group[0]):
            group.append(json.loads(json.dumps(group[0])))
            out.append(("placement_twice", seat, b, True))
    if a["type"] in ("build", "hero"):
        out.append(("other_facing", seat, dict(a, facing=rnd.choice(["N", "E", "S", "W"])), False))
    if a["type"] == "hero" and a.get("base") is not None:
        c, r = a["base"]
        out.append(("shifted_base", seat, dict(a, base=[c + rnd.choice([-1, 1]), r]), False))
    if a["type"] == "pass":
        n = len(st["seats"])
        out.append(("pass_to_wrong_seat", seat, dict(a, to=seat if n > 1 else 1), True))
    return out


@settings(max_examples=12, **SETTINGS)
@with_required()
@given(case=cases())
def test_illegal_actions_raise_and_change_nothing(case):
    """KR-ACT-3 (one atomic action, checked against the map as it is): at random moments a
    corrupted or ill-timed action -- a seat out of range or not asked (KR-ACT-5, ``done``
    again), a card not in hand or only pending (KR-PASS-6/7), a square that is not a building
    site here or another colour's site (KR-TWR-2, KR-SOL-11), a bad facing, a placement off
    its horde card (KR-DMG-1) or on no tray, a malformed notation string, a non-action, a
    phase-6 move in phase 2 and vice versa, a second proposal or approval, an unaffordable
    purchase (KR-BUY-3..6), a move before / an exclusion outside the solo colour choice
    (KR-SOLO-3/5) -- raises IllegalAction (code ``kr.err.*``) and leaves the state unchanged
    (compared as JSON). Random word salad must be refused or legal, never crash. Every legal
    move leaves its input state unchanged too, and once the game is over every move is
    refused."""
    stale: list[tuple[int, dict]] = []

    def probe(st, rnd, index):
        where = f"move {index} (phase {st['phase']})"
        if rnd.random() < 0.35:
            options = corruptions(st, rnd)
            for label, seat, action, strict in rnd.sample(options, min(3, len(options))):
                event(f"kr illegal: {label}")
                check_refused(st, label, seat, action, strict, where)
        waiting = [p.seat for p in GAME.prompts(st)]
        if st["phase"] == 2 and rnd.random() < 0.35:
            options = perturbed(st, rnd.choice(waiting), rnd)
            for label, seat, action, strict in rnd.sample(options, min(2, len(options))):
                event(f"kr illegal: {label}")
                check_refused(st, label, seat, action, strict, where)
        # a move listed a few moves ago, arriving late (simultaneous play, KR-ACT-3)
        old = [(seat, a) for seat, a in stale if seat in waiting and a["type"] != "done"]
        if old and rnd.random() < 0.5:
            event("kr illegal: stale")
            seat, action = rnd.choice(old)
            check_refused(st, "stale", seat, action, False, where)
        if st["phase"] == 2:
            seat = rnd.choice(waiting)
            stale.extend((seat, a) for a in GAME.legal_actions(st, seat)[:12])
            del stale[:-40]

    def on_step(before, after, seat, action, index):
        if before is not None:
            assert json.loads(snapshot[0]) == before, f"move {index}: apply changed its input state"
        snapshot[0] = json.dumps(after)

    snapshot = [""]
    st, log = play(case, on_step, probe)
    if GAME.result(st) is not None:
        for seat in range(len(st["seats"])):
            check_refused(st, "game_over", seat, "done", True, "after the end")
        try:
            GAME.concede(st, 0, "resigned")
        except IllegalAction as e:
            assert e.code == "kr.err.game_over"
        else:
            raise AssertionError("a finished game accepted a concession")


# --- 5. JSON round trip -----------------------------------------------------------------------

@settings(max_examples=8, **SETTINGS)
@with_required()
@given(case=cases())
def test_state_round_trips_through_json_and_plays_on_identically(case):
    """``json.loads(json.dumps(state)) == state`` after every move, and a game whose state goes
    through JSON (the store's ``pack_state`` / ``unpack_state``) after every move stays equal to
    the game that never leaves memory: same prompts, legal actions, bot choices, states, events
    and result."""
    a = GAME.setup(case.seats, case.options, case.seed)
    b = unpack_state(pack_state(a))
    rnd = random.Random(case.seed)
    for index in range(case.moves):
        assert json.loads(json.dumps(a)) == a, f"move {index}: the state does not round-trip through JSON"
        assert b == a, f"move {index}: the stored game drifted from the one in memory"
        if GAME.result(a) is not None:
            break
        prompts = GAME.prompts(a)
        assert GAME.prompts(b) == prompts, f"move {index}: prompts differ"
        seat = rnd.choice(prompts).seat
        if rnd.random() < case.mix:
            legal = GAME.legal_actions(a, seat)
            assert GAME.legal_actions(b, seat) == legal, f"move {index}: legal actions differ"
            action = rnd.choice(legal)
        else:
            action = GAME.bot_action(a, seat)
            assert GAME.bot_action(b, seat) == action, f"move {index}: the bot chose differently"
        a, events_a = GAME.apply(a, seat, action)
        b, events_b = GAME.apply(b, seat, json.loads(json.dumps(action)))
        assert events_b == events_a, f"move {index}: events differ"
        b = unpack_state(pack_state(b))
    assert GAME.result(b) == GAME.result(a)


# --- 6. replay from the log -------------------------------------------------------------------

def match_row(case: Case, options: dict, state: dict) -> MatchRow:
    seats = [{"user_id": 1000 + i, "name": f"p{i + 1}", "bot": False} for i in range(case.seats)]
    return MatchRow(id=1, guild_id=None, channel_id=1, game="kr", status="active", creator_id=1000,
                    options=options, seats=seats, seed=case.seed, state=state, version=len(seats),
                    pace="live", timeout_policy="auto", decision_seconds=60, deadline_at=None, reminded=False,
                    board_message_id=None, locale="en", result=None, created_at=0.0, updated_at=0.0)


@settings(max_examples=12, **SETTINGS)
@with_required(concede=True)
@given(case=cases(), concede=hs.booleans())
def test_replay_from_the_log_reproduces_the_game(case, concede):
    """Deterministic replays (DESIGN; the service stores only seed, options and the log):
    ``setup(seats, options, seed)`` plus the logged ``(seat, action)`` pairs, the same pairs
    with each action written in notation and parsed back (``format_action`` is canonical:
    ``format_action(parse_action(text)) == text``), and ``gamehost.review.replay`` /
    ``position_at`` on the service's log (options normalised as the service stores them,
    ``kind`` action / concede entries) all reproduce the final state and result. A game cut
    off early may end with a concession, which the log replays too."""
    st, log = play(case, None)
    conceded = None
    if concede and GAME.result(st) is None:
        conceded = len(log) % case.seats
        st, _ = GAME.concede(st, conceded, "resigned")
        assert GAME.result(st).reason == "resigned" and GAME.result(st).winners == []
    result = GAME.result(st)

    again = GAME.setup(case.seats, case.options, case.seed)
    texts = []
    for seat, action in log:
        text = GAME.format_action(action)
        assert GAME.format_action(GAME.parse_action(text)) == text, f"{text!r} is not canonical"
        texts.append((seat, text))
        again, _ = GAME.apply(again, seat, action)
    if conceded is not None:
        again, _ = GAME.concede(again, conceded, "resigned")
    assert again == st and GAME.result(again) == result, "replaying the actions gave another game"

    options = normalize_options("kr", case.options)
    from_text = GAME.setup(case.seats, options, case.seed)
    assert from_text == GAME.setup(case.seats, case.options, case.seed), "normalised options set up another game"
    for seat, text in texts:
        from_text, _ = GAME.apply(from_text, seat, GAME.parse_action(text))
    if conceded is not None:
        from_text, _ = GAME.concede(from_text, conceded, "resigned")
    assert from_text == st, "replaying the notation gave another game"

    entries = [LoggedAction(i + 1, seat, None, "action", text, 0.0) for i, (seat, text) in enumerate(texts)]
    if conceded is not None:
        entries.append(LoggedAction(len(entries) + 1, conceded, None, "concede", "resign", 0.0))
    row = match_row(case, options, st)
    replayed = review_replay(row, entries)
    assert replayed == st and GAME.result(replayed) == result, "gamehost.review.replay gave another game"
    if entries:                                     # from a stored snapshot half-way
        half = len(entries) // 2
        snap = review_replay(row, entries[:half])
        at, step = position_at(row, entries, entries, len(entries), [(entries[half - 1].seq, snap)] if half else [])
        assert at.state == st and step is not None and step.entry == entries[-1]
