"""Building Kingdom Rush positions for tests and puzzles (docs/scenarios.md, section "Kingdom
Rush"), without writing the state dict by hand.

A :class:`Scenario` starts from a real set-up (``setup.new_state``: the scenario's map,
shuffled spawn decks, initial hordes, hearts, crystals, supply and starting hands, each
hero on its board) in round 1, phase 2. Each call then changes that state at once, in the
order written, through the engine's own helpers (``state.new_tray``, ``hordegrid.add_tile``
/ ``add_soldier`` / ``add_hero``, ``spells.check_choice``) and checks what it is given (an
unknown card, a square that is not road or a site of this game, a tile that does not fit
raise :class:`ScenarioError`); ``build()`` checks the whole position and returns a copy::

    sc = (Scenario.sandbox("farrinken_valley", ["alleria", "malik"])   # no horde, empty decks
          .horde("goblin_band", "F3", name="g")                        # facing E, towards the exit
          .cover_all("g", leave=[(1, 0)])                              # one goblin left uncovered
          .hand(0, ["archer_1"])
          .hero("malik", "G3", facing="W")
          .deck(1, ["hyena_pack", "minor_rift_a"]))                    # the next two cards of deck 1
    st = sc.build()
    st, _ = GAME.apply(st, 0, {"type": "build", "card": "archer_1", "site": "F2", "facing": "S",
                               "attacks": [[{"tray": sc["g"], "cells": [[1, 0], [1, 1]]}]]})
    st, _ = GAME.apply(st, 0, "done")
    st, events = GAME.apply(st, 1, "done")   # phases 3-5: the horde is destroyed (KR-DES-1)

Tower cards come out of the supply and go back to it (``hand``, ``pending``, ``tower``), and
soldiers out of the soldier supply (``soldier``), so the counts stay those of a real game.
``sc[name]`` gives the tray id (``t3``) of a horde placed with ``name=``.

Chance: in play the engine draws no random number; what is left to chance is the order of
the spawn decks (the next horde cards, KR-SPN-2) and of the ghost deck (KR-ICN-14), which
:meth:`Scenario.deck` and :meth:`Scenario.ghost_deck` set (top first). The portals still to
destroy (KR-DES-3) are counted again at ``build()``: destroyed + on the map + in the decks.
"""
from __future__ import annotations

import copy
from typing import Any, Iterable, Sequence

from engine.base import IllegalAction

from . import boss as bosses
from . import rounds, setup, spells
from .content import HERO_IDS, HORDES, SCENARIOS, TOWERS
from .hordegrid import (IllegalPlacement, add_hero, add_soldier, add_tile, covered_mask, hero_placements,
                        remove_hero)
from .phases import leave_tray
from .shapes import FACINGS
from .state import MAX_CRYSTALS, SOLDIERS, geo, grid, is_flying, new_tray, trays_at

DAMAGE = ("physical", "magic", "true")
DECISION_PHASES = (2, 6)


class ScenarioError(ValueError):
    """A scenario that describes no legal position; the message names the problem."""


def _count(value: Any, lo: int, hi: int | None, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        raise ScenarioError(f"{what} is {lo} to {'any' if hi is None else hi}, not {value!r}")
    return value


class Scenario:
    """A position under construction; every method but ``build``, ``state`` and ``[name]``
    returns the scenario, so calls chain."""

    def __init__(self, scenario: str = "farrinken_valley", heroes: Sequence[str] | None = None, *, seed: int = 1,
                 difficulty: str = "normal", bench: Sequence[str] = ()) -> None:
        chosen = list(heroes) if heroes is not None else list(HERO_IDS[:2])
        opts = {"scenario": scenario, "difficulty": difficulty, "heroes": chosen, "bench": list(bench)}
        self._st: dict = setup.new_state(len(chosen), opts, seed)[0]   # IllegalAction for bad options
        self._names: dict[str, str] = {}

    @classmethod
    def sandbox(cls, scenario: str = "farrinken_valley", heroes: Sequence[str] | None = None,
                seed: int = 1) -> Scenario:
        """The scenario's set-up with no horde on the map and every spawn deck empty."""
        sc = cls(scenario, heroes, seed=seed).no_hordes()
        for marker in sc._st["decks"]:
            sc._st["decks"][marker] = []
        return sc

    # -- looking things up -------------------------------------------------------------------

    def __getitem__(self, name: str) -> str:
        """The tray id given to the horde placed with ``name=``."""
        return self._names[name]

    def state(self) -> dict:
        """The state built so far, to look at (change it through the scenario)."""
        return self._st

    def _seat(self, seat: Any) -> int:
        n = len(self._st["seats"])
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ScenarioError(f"no seat {seat!r} in a {n}-seat game")
        return seat

    def _tray(self, tray: str) -> str:
        tid = self._names.get(tray, tray)
        if tid not in self._st["trays"]:
            raise ScenarioError(f"no horde tray {tray!r} (a tray id or a name given to horde())")
        return tid

    # -- the round -----------------------------------------------------------------------------

    def phase(self, phase: int, round: int | None = None) -> Scenario:
        """The players' decision of phase 2 (play cards, KR-ACT-2) or 6 (spend crystals,
        KR-BUY-2), in ``round``; no seat is done yet. The other phases run by themselves
        (KR-RND-1); in phase 6 the towers are back in hand (KR-RET-1)."""
        st = self._st
        if phase not in DECISION_PHASES:
            raise ScenarioError(f"the players decide in phase 2 or 6 only (the others run by themselves, "
                                f"KR-RND-1), not {phase!r}")
        if round is not None:
            st["round"] = _count(round, 1, None, "the round")
        st["phase"] = phase
        st["proposals"] = []
        for s in st["seats"]:
            s["done"] = False
            if phase == 6:
                s["proposed"] = False
        return self

    def done(self, seat: int) -> Scenario:
        """``seat`` has finished this phase (KR-ACT-5); the others are still deciding."""
        self._st["seats"][self._seat(seat)]["done"] = True
        return self

    def exclude(self, colour: str | None, last: str | None = None) -> Scenario:
        """Solo: the colour excluded this round (None: still to choose, KR-SOLO-3) and last
        round's (which may not be chosen again, KR-SOLO-5)."""
        st = self._st
        if not st["options"]["solo"]:
            raise ScenarioError("exclude: only in solo play (KR-SOLO-3)")
        colours = st["seats"][0]["colours"]
        for c in (colour, last):
            if c is not None and c not in colours:
                raise ScenarioError(f"exclude: {c!r} is not one of {colours}")
        if colour is not None and colour == last:
            raise ScenarioError(f"exclude: {colour} was excluded last round (KR-SOLO-5)")
        st["solo"]["excluded"], st["solo"]["last_excluded"] = colour, last
        return self

    def hearts(self, n: int) -> Scenario:
        """The Kingdom's hearts (KR-SET-6); none left has lost the game (KR-END-3)."""
        self._st["hearts"] = _count(n, 1, None, "hearts")
        return self

    def crystals(self, n: int) -> Scenario:
        """The team's crystals (KR-BUY-1, at most 12, KR-BUY-6)."""
        self._st["crystals"] = _count(n, 0, MAX_CRYSTALS, "crystals")
        return self

    # -- tower cards ---------------------------------------------------------------------------

    def _tower_card(self, card: Any, what: str) -> str:
        if not isinstance(card, str) or card not in TOWERS:
            raise ScenarioError(f"{what}: unknown tower card {card!r}")
        return card

    def _from_supply(self, seat: int, key: str, cards: Sequence[str], what: str) -> None:
        """Seat's ``hand`` or ``pending`` slot replaced: its cards back to the supply, ``cards`` out of it."""
        st = self._st
        supply = dict(st["supply"])
        for c in st["seats"][seat][key]:
            supply[c] = supply.get(c, 0) + 1
        for c in cards:
            self._tower_card(c, what)
            if supply.get(c, 0) < 1:
                raise ScenarioError(f"{what}: the supply has no {c} left (KR-SET-2, KR-PASS-4)")
            supply[c] -= 1
        st["supply"] = supply
        st["seats"][seat][key] = list(cards)

    def hand(self, seat: int, cards: Sequence[str]) -> Scenario:
        """``seat``'s hand of tower cards (KR-ACT-2), taken from the supply."""
        self._from_supply(self._seat(seat), "hand", cards, f"seat {seat}'s hand")
        return self

    def pending(self, seat: int, cards: Sequence[str]) -> Scenario:
        """``seat``'s pending-tower slot: passed to it this round, in hand in phase 5 (KR-PASS-6)."""
        self._from_supply(self._seat(seat), "pending", cards, f"seat {seat}'s pending slot")
        return self

    def supply(self, counts: dict[str, int]) -> Scenario:
        """How many copies of each named tower card are left in the supply (KR-SET-2)."""
        for card, n in counts.items():
            self._tower_card(card, "supply")
            self._st["supply"][card] = _count(n, 0, None, f"supply of {card}")
        return self

    def tower(self, site: str, card: str, *, seat: int | None = None, facing: str = "N",
              face_down: bool = False) -> Scenario:
        """A tower built this round on ``site`` (it attacked when built and stays until phase
        5, KR-TWR-5/10), by ``seat`` (default: the seat of the site's colour), taken from the
        supply; ``face_down``: it attacked a portal (KR-PRT-5)."""
        st = self._st
        what = f"tower on {site}"
        self._tower_card(card, what)
        sites = {s.cell: s for s in geo(st).sites_for(len(st["seats"]))}
        if site not in sites:
            raise ScenarioError(f"{what}: {site!r} is not a building site in this game (KR-TWR-2, KR-SOLO-2)")
        colour = sites[site].colour
        if seat is None:
            owners = [i for i, s in enumerate(st["seats"]) if colour in s["colours"]]
            if not owners:
                raise ScenarioError(f"{what}: name the seat that built on this {colour} site")
            seat = owners[0]
        self._seat(seat)
        if colour != "white" and colour not in st["seats"][seat]["colours"]:
            raise ScenarioError(f"{what}: a {colour} site is not seat {seat}'s (KR-TWR-2/3)")
        if st["options"]["solo"] and colour == st["solo"]["excluded"]:
            raise ScenarioError(f"{what}: {colour} sites are excluded this round (KR-SOLO-3)")
        if any(h["cell"] == site for h in st["heroes"].values()):
            raise ScenarioError(f"{what}: a hero stands on {site} (KR-TWR-3)")
        here = st["sites"].get(site, [])
        if len(here) >= 2 or (here and not _soldier_tower(card) and not _soldier_tower(here[0]["card"])):
            raise ScenarioError(f"{what}: {site} already holds {[t['card'] for t in here]} (KR-SOL-9/10)")
        if TOWERS[card]["level"] > SCENARIOS[st["scenario"]]["level_cap"]:
            raise ScenarioError(f"{what}: {card} is above this scenario's level cap (KR-PASS-5)")
        if facing not in FACINGS:
            raise ScenarioError(f"{what}: facing is one of {FACINGS}, not {facing!r}")
        if st["supply"].get(card, 0) < 1:
            raise ScenarioError(f"{what}: the supply has no {card} left (KR-SET-2)")
        st["supply"][card] -= 1
        st["sites"][site] = here + [{"card": card, "seat": seat, "facing": facing, "face_down": bool(face_down)}]
        return self

    def spells(self, available: Sequence[str], used: Sequence[str] = ()) -> Scenario:
        """The team's spells (KR-SPL-1, checked against the scenario) and those already cast
        (once per game, KR-SPL-2)."""
        try:
            ids = spells.check_choice(self._st, list(available))
        except IllegalAction as e:
            raise ScenarioError(f"spells: {e.message}") from None
        if any(u not in ids for u in used):
            raise ScenarioError(f"spells: the spells used must be among {ids}")
        self._st["spells"] = {"available": ids, "used": list(used)}
        return self

    # -- hordes --------------------------------------------------------------------------------

    def no_hordes(self) -> Scenario:
        """Take every horde tray off the map (the scenario's initial hordes too); heroes on
        them stay on their squares, soldiers go back to the supply."""
        st = self._st
        for t in st["trays"].values():
            st["soldiers"] += len(t["cover"]["soldiers"])
        st["trays"] = {}
        st["next_tray"] = 1
        for h in st["heroes"].values():
            h["tray"] = None
        return self

    def horde(self, card: str, cell: str, *, name: str | None = None, stage: int | None = None) -> Scenario:
        """A horde card in a tray on road square ``cell`` (KR-GEN-4), facing the nearest exit
        (KR-SPN-4); onto another tray only if it flies (on top, KR-ICN-10). A boss card is
        recorded as entered this round, at ``stage`` (default 1)."""
        st = self._st
        what = f"horde on {cell}"
        if not isinstance(card, str) or card not in HORDES:
            raise ScenarioError(f"{what}: unknown horde card {card!r}")
        if not isinstance(cell, str) or not geo(st).is_road(cell):
            raise ScenarioError(f"{what}: {cell!r} is not a road square (KR-GEN-2/4)")
        here = trays_at(st, cell)
        if here and not is_flying(card):
            raise ScenarioError(f"{what}: {cell} already holds a tray; only a flying horde goes on top "
                                f"(KR-ADV-7, KR-ICN-10)")
        standing = [f for f, h in st["heroes"].items() if h["cell"] == cell and h["tray"] is None]
        if standing:
            raise ScenarioError(f"{what}: {standing[0]} stands on {cell}; place the horde first, then the hero "
                                f"engages it (KR-HERO-9, KR-SPN-7)")
        if name is not None and name in self._names:
            raise ScenarioError(f"the name {name!r} is already used")
        if bosses.is_boss(card):
            b = bosses.record(st, card)
            b["entered"] = st["round"]
            b["stage"] = _count(1 if stage is None else stage, 1, b["stages"], "the boss stage")
        elif stage is not None:
            raise ScenarioError(f"{what}: only a boss has stages")
        tid = new_tray(st, card, cell, layer=len(here))
        if name is not None:
            self._names[name] = tid
        return self

    def _cover(self, tid: str, change: Any, what: str) -> None:
        t = self._st["trays"][tid]
        try:
            t["cover"] = change(grid(t["card"]), t["cover"])
        except IllegalPlacement as e:
            raise ScenarioError(f"{what}: {e.reason} (KR-DMG-1..4, KR-DMG-10, KR-SOL-3, KR-HERO-10)") from None

    def tile(self, tray: str, cells: Iterable[Sequence[int]], damage: str = "true") -> Scenario:
        """A damage tile already on a tray (KR-DMG-13): ``cells`` are card squares ``[c, r]``."""
        tid = self._tray(tray)
        if damage not in DAMAGE:
            raise ScenarioError(f"tile: damage is one of {DAMAGE}, not {damage!r}")
        cells = [list(c) for c in cells]
        self._cover(tid, lambda g, cover: add_tile(g, cover, cells, damage, "scenario"), f"tile on {tid}")
        return self

    def soldier(self, tray: str, cell: Sequence[int], damage: str = "physical") -> Scenario:
        """A soldier from the supply on a tray's enemy square (KR-SOL-2/3, KR-SOL-7)."""
        tid = self._tray(tray)
        if damage not in DAMAGE:
            raise ScenarioError(f"soldier: damage is one of {DAMAGE}, not {damage!r}")
        if self._st["soldiers"] < 1:
            raise ScenarioError("soldier: every soldier is already on a tray (KR-SOL-7)")
        self._cover(tid, lambda g, cover: add_soldier(g, cover, cell, damage), f"soldier on {tid}")
        self._st["soldiers"] -= 1
        return self

    def cover_all(self, tray: str, leave: Iterable[Sequence[int]] = ()) -> Scenario:
        """1x1 true-damage tiles on every enemy square of a tray not yet covered, but those in
        ``leave``: a fully covered horde is destroyed in phase 3 (KR-DES-1, KR-GEN-7)."""
        tid = self._tray(tray)
        t = self._st["trays"][tid]
        g = grid(t["card"])
        kept = {tuple(c) for c in leave}
        taken = covered_mask(g, t["cover"])
        for enemy in g.enemies:
            for cell in enemy.cells:
                if cell not in kept and not taken & g.bit(cell):
                    self.tile(tid, [cell])
        return self

    def deck(self, marker: int, cards: Sequence[str]) -> Scenario:
        """Spawn deck ``marker``: exactly these cards, top first (the next hordes, KR-SPN-2)."""
        st = self._st
        if str(marker) not in st["decks"]:
            raise ScenarioError(f"deck: no spawn marker {marker!r}; this map has {sorted(st['decks'])}")
        for c in cards:
            if c not in HORDES or HORDES[c]["kind"] not in ("horde", "portal"):
                raise ScenarioError(f"deck {marker}: {c!r} is not a horde or portal card (KR-SET-7)")
        st["decks"][str(marker)] = list(cards)
        return self

    def ghost_deck(self, cards: Sequence[str]) -> Scenario:
        """The ghost deck, top first (KR-SET-8, KR-ICN-14)."""
        for c in cards:
            if c not in HORDES or HORDES[c]["kind"] != "ghost":
                raise ScenarioError(f"ghost deck: {c!r} is not a ghost card (KR-ICN-12)")
        self._st["ghost_deck"] = list(cards)
        return self

    def portals(self, destroyed: int) -> Scenario:
        """Portals destroyed so far (KR-DES-3); the total is counted at ``build()``."""
        self._st["portals"]["destroyed"] = _count(destroyed, 0, None, "portals destroyed")
        return self

    # -- heroes --------------------------------------------------------------------------------

    def hero(self, figure: str, cell: str | None = None, *, base: Sequence[int] | None = None,
             facing: str | None = None, health: int | None = None, used: Sequence[str] = (),
             activated: bool = False, protected: bool = False, knocked_out: bool = False,
             revived: bool = False) -> Scenario:
        """A hero (or the wildcat) on road square or site ``cell``, or on its hero board (None,
        KR-SET-5). On a horde it engages the top tray with its 2x2 base at ``base`` (default
        the first legal one, KR-HERO-9/10). ``used``: abilities face down (KR-HACT-6);
        ``activated``: its card is played this round (KR-HERO-1); ``protected`` (KR-HPT-8);
        ``knocked_out`` (on its board at 0 hearts, KR-HPT-4); ``revived`` at the start of this
        round (on its board, full health, no action, KR-HPT-5/6)."""
        st = self._st
        h = st["heroes"].get(figure) if isinstance(figure, str) else None
        if h is None:
            raise ScenarioError(f"hero: no figure {figure!r} in this game; there are {sorted(st['heroes'])}")
        if (knocked_out or revived) and cell is not None:
            raise ScenarioError(f"hero: a knocked-out or revived {figure} is on its hero board (KR-HPT-4/5)")
        if facing is not None and facing not in FACINGS:
            raise ScenarioError(f"hero: facing is one of {FACINGS}, not {facing!r}")
        for a in used:
            if a not in h["abilities"]:
                raise ScenarioError(f"hero: {figure} has no ability {a!r}; it has {sorted(h['abilities'])}")
        hearts = 0 if knocked_out else (h["max"] if health is None or revived else
                                        _count(health, 1, h["max"], f"{figure}'s health"))
        old = h["tray"]
        if cell is None:
            leave_tray(st, figure)
            h["cell"] = None
        else:
            self._stand(figure, cell, base)        # checks first, then engages the tray on ``cell``
            if old is not None and old != h["tray"] and old in st["trays"]:
                st["trays"][old]["cover"] = remove_hero(st["trays"][old]["cover"], figure)
        h.update(facing=facing or h["facing"], activated=bool(activated or revived), protected=bool(protected),
                 knocked_out=bool(knocked_out), revived=bool(revived), health=hearts)
        for a in used:
            h["abilities"][a] = False
        return self

    def _stand(self, figure: str, cell: str, base: Sequence[int] | None) -> None:
        st = self._st
        what = f"hero {figure} on {cell}"
        if cell not in geo(st).hero_squares:
            raise ScenarioError(f"{what}: not a road square or building site (KR-HERO-5)")
        if st["sites"].get(cell):
            raise ScenarioError(f"{what}: a tower stands there (KR-HERO-6)")
        here = trays_at(st, cell)
        if not here:
            if base is not None:
                raise ScenarioError(f"{what}: there is no horde to engage")
            st["heroes"][figure].update(cell=cell, tray=None)
            return
        tid = here[0]
        t = st["trays"][tid]
        if HORDES[t["card"]]["kind"] in ("portal", "boss"):
            raise ScenarioError(f"{what}: heroes never end a move on a portal or boss (KR-PRT-11, KR-HERO-13)")
        if base is None:
            spots = hero_placements(grid(t["card"]), t["cover"], figure)
            if not spots:
                raise ScenarioError(f"{what}: no room for its base on {tid} (KR-HERO-10)")
            base = spots[0]
        top_left = list(base)
        self._cover(tid, lambda g, cover: add_hero(g, cover, figure, top_left), what)
        st["heroes"][figure].update(cell=cell, tray=tid)

    # -- the result ----------------------------------------------------------------------------

    def build(self) -> dict:
        """A copy of the position, checked (:func:`check`), with the portals counted again;
        the scenario can go on and build again."""
        st = self._st
        on_map = sum(1 for t in st["trays"].values() if HORDES[t["card"]]["kind"] == "portal")
        in_decks = sum(1 for d in st["decks"].values() for c in d if HORDES[c]["kind"] == "portal")
        st["portals"]["total"] = st["portals"]["destroyed"] + on_map + in_decks
        check(st)
        return copy.deepcopy(st)


def _soldier_tower(card: str) -> bool:
    return TOWERS[card]["family"] == "barracks"


# ---------------------------------------------------------------- invariants

def check(st: dict) -> None:
    """The invariants of a position waiting for the players, or :class:`ScenarioError` naming
    the first broken one: phase 2 or 6 with someone to decide, trays on road squares (stacked
    only under flying ones), heroes where they may stand and engaged with the tray on their
    square, towers only in phase 2 and stacked only with a soldier tower, the soldiers and
    crystals within their supplies, hearts left."""
    if st["phase"] not in DECISION_PHASES or st.get("result") is not None:
        raise ScenarioError(f"the game is not waiting for the players (phase {st['phase']!r})")
    if not rounds.waiting(st):
        raise ScenarioError("every seat is done: nobody is left to decide (KR-ACT-5)")
    g = geo(st)
    on_trays = 0
    for tid, t in st["trays"].items():
        if not g.is_road(t["cell"]):
            raise ScenarioError(f"{tid} is not on a road square (KR-GEN-4)")
        below = trays_at(st, t["cell"])[1:]
        if below and tid not in below and not is_flying(t["card"]):
            raise ScenarioError(f"{tid} lies on another tray without flying (KR-ADV-7, KR-ICN-10)")
        on_trays += len(t["cover"]["soldiers"])
    if st["soldiers"] < 0 or st["soldiers"] + on_trays != SOLDIERS:
        raise ScenarioError(f"{st['soldiers']} soldiers in the supply and {on_trays} on trays: not {SOLDIERS} (KR-SOL-7)")
    _check_heroes(st)
    for site, towers in st["sites"].items():
        if towers and st["phase"] != 2:
            raise ScenarioError(f"a tower stands on {site} in phase {st['phase']}: towers go back in phase 5 (KR-RET-1)")
        if len(towers) > 2 or (len(towers) == 2 and not any(_soldier_tower(t["card"]) for t in towers)):
            raise ScenarioError(f"{site} holds {[t['card'] for t in towers]} (KR-SOL-9/10)")
    if any(n < 0 for n in st["supply"].values()):
        raise ScenarioError("a tower card's supply is below 0 (KR-SET-2)")
    if not 0 <= st["crystals"] <= MAX_CRYSTALS or st["hearts"] < 1:
        raise ScenarioError("crystals are 0 to 12 (KR-BUY-6) and the Kingdom has a heart left (KR-END-3)")


def _check_heroes(st: dict) -> None:
    g = geo(st)
    for figure, h in st["heroes"].items():
        engaged = [tid for tid, t in st["trays"].items() if figure in t["cover"]["heroes"]]
        if engaged != ([h["tray"]] if h["tray"] is not None else []):
            raise ScenarioError(f"{figure}'s tray {h['tray']!r} and the bases on trays {engaged} disagree")
        if h["cell"] is None:
            continue
        if h["cell"] not in g.hero_squares:
            raise ScenarioError(f"{figure} stands on {h['cell']}, not a road square or site (KR-HERO-5)")
        if st["sites"].get(h["cell"]):
            raise ScenarioError(f"{figure} stands on a tower's site (KR-HERO-6)")
        here = trays_at(st, h["cell"])
        if here and h["tray"] not in here:
            raise ScenarioError(f"{figure} stands on a horde without engaging it (KR-HERO-9)")
        if h["tray"] is not None and st["trays"][h["tray"]]["cell"] != h["cell"]:
            raise ScenarioError(f"{figure} engages {h['tray']}, which is not on its square")
        if h["knocked_out"] or not 1 <= h["health"] <= h["max"]:
            raise ScenarioError(f"{figure} is on the map with {h['health']} hearts (KR-HPT-4)")
