"""Shared by the Kingdom Rush property tests (test_kr_properties.py, test_kr_log_properties.py):
the drawn case (seed, seats, scenario, difficulty, heroes, share of random moves, cut-off), and
playing a game through the engine contract with a hook after every move."""
from __future__ import annotations

import os
import random
import sys
from collections import Counter
from dataclasses import dataclass

from hypothesis import HealthCheck, example
from hypothesis import strategies as hs

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine.kr import GAME  # noqa: E402
from engine.kr.content import HERO_IDS, SCENARIOS, TOWERS  # noqa: E402
from engine.kr.hordegrid import hero_cells  # noqa: E402
from engine.kr.setup import DIFFICULTIES  # noqa: E402
from engine.kr.state import MAX_CRYSTALS, SOLDIERS, grid  # noqa: E402

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


# --- checks shared by both files -------------------------------------------------------------

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
    elif before["phase"] == 2 and after["phase"] in (3, 4, 6):   # destroyed hordes pay (KR-DES-1, KR-BUY-6);
        assert c >= b, f"{where}: crystals fell from {b} to {c} in phases 3-5"   # 3, 4: a hero's owner is asked
        # (KR-AMB-61) after phase 3's gains: from there to phase 6 nothing changes them (the else)
    else:
        assert c == b, f"{where}: crystals changed from {b} to {c} in phase {before['phase']}"
