"""Suggested complete actions and a simple team-mate bot (docs/kr/engine.md "Actions":
``legal_actions`` lists, for each decision a player can start, one complete action with the
best placements by the bot's measure).

Builds (KR-TWR-2..10, KR-DMG-1..15, KR-SOL-1..8, KR-PRT-4..9, KR-AMB-8): for each card in hand
x own free site x facing whose attacks reach a target, the attacks are filled greedily, tile by
tile: the placement that newly covers the most enemies (then the most enemy squares, then the
tray nearest the Kingdom) is taken, as long as any tile fits; soldiers the same way, from the
supply only. Portals are only aimed at when the tower has no other possible target
(``towers.other_target``, KR-PRT-7/8), and never above the tower's level (KR-PRT-4); the bot's own portal builds
(``portal_suggestions``) aim at the portals in reach first. A build's value: 8 per enemy newly
covered, 1 per enemy square; on a portal 8 more per enemy and 40 when it closes the portal,
less 8 per level of the tower lost (KR-PRT-5/10). Of the facings of one card on one site,
those that would reach the same trays with the same tile orientations are filled once. Every
suggestion is checked by ``towers.build_refusal`` on a copy (compulsory placement included)
and dropped if refused.

The bot (``choose``), phase 2, one action at a time: a pass that upgrades a card towards the
level a portal on the map needs (engine/kr/bot_plan.py); else the build worth most if it
covers at least one whole enemy (portal builds included); else the spell cast covering the
most enemies; else a pass upgrading a card that has nothing worth attacking; else any build
worth something; else its first suggested hero action; else ``done``. Phase 6: proposes (when
there is no proposal and it has not made its one proposal of the phase yet) the purchase of
``bot_plan.purchase_plan`` (L2 first, the damage type the map needs), and otherwise is done
(which approves the current proposal, KR-BUY-2); a solo exclusion takes the default colour
(KR-SOLO-3..5).
"""
from __future__ import annotations

import functools
from collections.abc import Collection
from typing import Any

from engine.base import IllegalAction

from . import bot_plan, rounds
from .content import TOWERS
from .hero_suggest import score
from .hordegrid import covered_mask, gains_beside, masked_placements, soldier_cells_beside
from .shapes import FACINGS
from .state import Discard, copy_state, geo, grid, trays_by_cell
from .towers import (build_refusal, check_site, is_soldier_tower, other_target, targets, tile_shapes,
                     upgrade_options)


def _covered(g: Any, taken: int) -> tuple[int, int]:
    """(enemies fully covered, enemy squares covered) under the mask ``taken``."""
    return (sum(1 for e in g.enemies if e.mask & taken == e.mask), bin(g.enemy_mask & taken).count("1"))


class _Look:
    """What the suggestions of one listing ask of its state, which none of them changes,
    each worked out once: the trays an attack reaches (by the content's attack, kept for
    the process), the seat's sites by kind of tower, the trays' covered masks."""

    def __init__(self, st: dict) -> None:
        self.st = st
        self.on = trays_by_cell(st)
        self.found: dict[tuple[str, str, int], list[str]] = {}
        self.sites: dict[tuple[int, bool], list[str]] = {}
        self.masks: dict[str, int] = {}

    def targets(self, site: str, facing: str, attack: Any) -> list[str]:
        key = (site, facing, id(attack))
        got = self.found.get(key)
        if got is None:
            got = self.found[key] = targets(self.st, site, facing, attack, self.on)
        return got

    def own_sites(self, seat: int, card: str) -> list[str]:
        key = (seat, is_soldier_tower(card))       # check_site's only question about the card
        if key not in self.sites:
            self.sites[key] = own_sites(self.st, seat, card)
        return self.sites[key]

    def mask(self, tid: str) -> int:
        if tid not in self.masks:
            self.masks[tid] = covered_mask(grid(self.st["trays"][tid]["card"]), self.st["trays"][tid]["cover"])
        return self.masks[tid]


class _Work:
    """Covers of the trays as the suggested placements change them (never the state's)."""

    def __init__(self, st: dict, look: _Look) -> None:
        self.st = st
        self.look = look
        self.masks: dict[str, int] = {}
        self.soldiers = st["soldiers"]

    def grid(self, tid: str) -> Any:
        return grid(self.st["trays"][tid]["card"])

    def mask(self, tid: str) -> int:
        if tid not in self.masks:
            self.masks[tid] = self.look.mask(tid)
        return self.masks[tid]

    def cover(self, tid: str) -> dict:
        """A cover standing for the current mask (1x1 pseudo-tiles), for the listing functions."""
        g, m = self.grid(tid), self.mask(tid)
        cells = [[c, r] for r in range(g.height) for c in range(g.width) if m & g.bit((c, r))]
        return {"tiles": [{"cells": [c], "damage": "true", "source": ""} for c in cells],
                "soldiers": [], "heroes": {}}


def _portal(g: Any, level: int) -> str:
    """"ok" for a horde, "portal" for an attackable portal, "no" above the tower's level."""
    if g.kind != "portal":
        return "ok"
    return "portal" if g.portal_level is not None and g.portal_level <= level else "no"


def _best_tile(w: _Work, trays: list[str], facing: str, attack: dict, damage: str,
               free: list[int], prefer: Collection[str] = ()) -> tuple[tuple, int, str, tuple] | None:
    """The best next tile: on a ``prefer`` tray if any fits, then as ``_best_on`` ranks,
    then the tray nearest the Kingdom."""
    g_dist = geo(w.st)
    best = None
    for tid in trays:
        card = w.st["trays"][tid]["card"]
        for i in free:
            got = _best_on(card, w.mask(tid), tile_shapes(w.st, tid, attack["tiles"][i], facing, attack), damage)
            if got is not None:
                score = (tid in prefer,) + got[0] + (-g_dist.distance(w.st["trays"][tid]["cell"]),)
                if best is None or score > best[0]:
                    best = (score, i, tid, got[1])
    return best


@functools.lru_cache(maxsize=16384)
def _best_on(card: str, taken: int, shapes: tuple, damage: str) -> tuple[tuple[int, int], tuple] | None:
    """The first placement of a tile (``shapes``) on horde ``card`` with ``taken`` covered
    that newly covers the most enemies, then the most enemy squares: ((gains), cells)."""
    g = grid(card)
    gain = gains_beside(g, taken)
    best = None
    for p, added in masked_placements(g, taken, shapes, damage):
        score = gain(added)
        if best is None or score > best[0]:
            best = (score, p.cells)
    return best


def _fill_attack(w: _Work, card: str, facing: str, attack: dict, allowed: list[str],
                 portals: bool = False, others: bool = False) -> tuple[list, int]:
    """Greedy placements for one attack; returns them and their value (8 per enemy newly
    covered, 1 per enemy square newly covered). ``portals``: portals in reach first, then
    hordes with the tiles left; otherwise hordes only, and portals too when the tower has
    no other possible target (``others`` False, KR-PRT-7/8)."""
    level, damage = TOWERS[card]["level"], TOWERS[card]["damage"]
    kinds = {tid: _portal(w.grid(tid), level) for tid in allowed}
    trays = [tid for tid in allowed if kinds[tid] != "no"]
    prefer = frozenset(tid for tid in trays if kinds[tid] == "portal") if portals else frozenset()
    all_tiles = list(range(len(attack["tiles"])))
    if others and not portals:                            # KR-PRT-7: portals are not compulsory
        trays = [tid for tid in trays if kinds[tid] == "ok"]
    placed: list = []
    gained = 0
    free = list(all_tiles)
    while free:
        best = _best_tile(w, trays, facing, attack, damage, free, prefer)
        if best is None:
            break
        score, i, tid, cells = best
        free.remove(i)
        gained += 8 * score[0] + score[1]
        w.masks[tid] = w.mask(tid) | w.grid(tid).mask(cells)
        placed.append({"tray": tid, "cells": [list(c) for c in cells]})
        if attack["linked"]:                              # KR-DMG-9: the other tiles on this tray
            trays = [tid]
    for _ in range(attack["soldiers"]):
        if w.soldiers < 1:
            break
        options = [(8 * (_covered(w.grid(t), w.mask(t) | w.grid(t).bit(cell))[0] - _covered(w.grid(t), w.mask(t))[0]) + 1,
                    t, cell) for t in trays for cell in soldier_cells_beside(w.grid(t), w.mask(t), damage)]
        if not options:
            break
        n, tid, cell = max(options, key=lambda o: (o[1] in prefer, o[0]))
        gained += n
        w.soldiers -= 1
        w.masks[tid] = w.mask(tid) | w.grid(tid).bit(cell)
        placed.append({"tray": tid, "cell": list(cell)})
    return placed, gained


PORTAL_ENEMY = 8        # a portal enemy covered counts twice: the cover stays (KR-RET-7), the portal must fall
PORTAL_CLOSED = 40      # the portal is fully covered: destroyed in phase 3 (KR-PRT-14)
TOWER_LOST = 8          # per level of the tower turned face down by attacking a portal (KR-PRT-5/10)


def suggest_build(st: dict, seat: int, card: str, site: str, facing: str, portals: bool = False,
                  look: _Look | None = None) -> tuple[int, dict] | None:
    """(value of the placements, a complete legal build) or None when no attack reaches a
    target or the suggestion is refused. ``portals``: aim at the portals in reach first
    (None when the build would place nothing on a portal). ``look``: the listing's."""
    look = look or _Look(st)
    w = _Work(st, look)
    attacks, total, reached = [], 0, False
    others = not portals and other_target(st, card, site, facing,
                                          lambda attack: look.targets(site, facing, attack))   # KR-PRT-7
    for attack in TOWERS[card]["attacks"]:
        allowed = look.targets(site, facing, attack)
        reached |= bool(allowed)
        placed, gained = _fill_attack(w, card, facing, attack, allowed, portals, others)
        attacks.append(placed)
        total += gained
    if not reached:
        return None
    bonus = _portal_value(st, w, TOWERS[card]["level"])
    if portals and bonus is None:
        return None
    action = {"type": "build", "card": card, "site": site, "facing": facing, "attacks": attacks}
    if build_refusal(st, seat, action, None if portals else others) is not None:
        return None
    return total + (bonus or 0), action


def _portal_value(st: dict, w: _Work, level: int) -> int | None:
    """What attacking portals adds to a build's value (the constants above), or None when
    it places nothing on a portal."""
    value, touched = 0, False
    for tid, mask in w.masks.items():
        g = w.grid(tid)
        before = w.look.mask(tid)
        if g.kind != "portal" or mask == before:
            continue
        touched = True
        value += PORTAL_ENEMY * (_covered(g, mask)[0] - _covered(g, before)[0])
        if g.enemy_mask & mask == g.enemy_mask:
            value += PORTAL_CLOSED
    return value - TOWER_LOST * level if touched else None


def portal_suggestions(st: dict, seat: int) -> list[tuple[int, dict]]:
    """Builds aiming at the portals on the map first, for the cards of a level that may
    attack one (KR-PRT-4)."""
    levels = [grid(t["card"]).portal_level for t in st["trays"].values() if grid(t["card"]).kind == "portal"]
    if not levels:
        return []
    out = []
    look = _Look(st)
    for card in sorted(set(st["seats"][seat]["hand"])):
        if TOWERS[card]["level"] < min(lv for lv in levels if lv is not None):
            continue
        for site in look.own_sites(seat, card):
            for facing in distinct_facings(st, card, site, look):
                got = suggest_build(st, seat, card, site, facing, portals=True, look=look)
                if got is not None:
                    out.append(got)
    return out


def own_sites(st: dict, seat: int, card: str) -> list[str]:
    """The sites ``seat`` may build ``card`` on now (KR-TWR-2/3, KR-SOL-9..11, KR-SOLO-3/4)."""
    out = []
    colours = st["seats"][seat]["colours"]
    for s in geo(st).sites_for(len(st["seats"])):
        if s.colour != "white" and s.colour not in colours:
            continue                            # check_site's not_your_site, without making the error
        try:
            out.append(check_site(st, seat, card, s.cell))
        except IllegalAction:
            pass
    return sorted(out)


def facing_key(st: dict, card: str, site: str, facing: str, look: _Look | None = None) -> tuple:
    """What a build's placements depend on besides the covers: the trays each attack
    reaches and the orientations its tiles may take there. Two facings with the same key
    give the same suggestion but for the facing."""
    look = look or _Look(st)
    key = []
    for attack in TOWERS[card]["attacks"]:
        found = look.targets(site, facing, attack)
        key.append((tuple(found), tuple(tile_shapes(st, tid, tile, facing, attack)
                                        for tid in found for tile in attack["tiles"])))
    return tuple(key)


def distinct_facings(st: dict, card: str, site: str, look: _Look | None = None) -> list[str]:
    """The facings of ``card`` on ``site`` that reach a tray, the first of each
    ``facing_key`` only."""
    look = look or _Look(st)
    seen: set = set()
    out = []
    for facing in FACINGS:
        key = facing_key(st, card, site, facing, look)
        if key not in seen and any(found for found, _shapes in key):
            seen.add(key)
            out.append(facing)
    return out


def build_suggestions(st: dict, seat: int) -> list[tuple[int, dict]]:
    """Every suggested build for ``seat``: card (each distinct card once) x site x facing,
    facings that would place alike tried once (``distinct_facings``)."""
    out = []
    look = _Look(st)
    for card in sorted(set(st["seats"][seat]["hand"])):
        for site in look.own_sites(seat, card):
            for facing in distinct_facings(st, card, site, look):
                got = suggest_build(st, seat, card, site, facing, look=look)
                if got is not None:
                    out.append(got)
    return out


def pass_actions(st: dict, seat: int) -> list[dict]:
    """Every pass: card x receiving seat (solo: oneself, KR-SOLO-9) x L4 variant when two are
    available (KR-PASS-1..5, KR-AMB-13)."""
    out = []
    solo = bool(st["options"].get("solo"))
    to_seats = [seat] if solo else [s for s in range(len(st["seats"])) if s != seat]
    for card in sorted(set(st["seats"][seat]["hand"])):
        ups = upgrade_options(st, card)
        variants = sorted({TOWERS[u]["variant"] for u in ups}) if len(ups) > 1 else [None]
        for to in to_seats:
            for v in variants:
                out.append({"type": "pass", "card": card, "to": to, "variant": v})
    return out


buyable = bot_plan.buyable
purchase_plan = bot_plan.purchase_plan


def proposal(st: dict) -> dict | None:
    """The bot's phase-6 proposal: its purchase list and who takes the white-site towers
    (``bot_plan.white_takes``), or None when there is nothing to propose."""
    buys, takes = purchase_plan(st), bot_plan.white_takes(st)
    if not buys and not takes:
        return None
    return {"type": "propose", "buys": buys, **({"takes": takes} if takes else {})}


def hero_suggestions(st: dict, seat: int) -> list[dict]:
    mod = optional("heroes")
    return list(mod.suggest_hero_actions(st, seat)) if mod is not None else []


def spell_suggestions(st: dict, seat: int) -> list[dict]:
    mod = optional("spells")
    return list(mod.suggest_spell_actions(st, seat)) if mod is not None else []


def optional(name: str) -> Any:
    """``engine.kr.heroes`` / ``engine.kr.spells`` when they exist (written separately)."""
    import importlib
    try:
        return importlib.import_module(f"engine.kr.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"engine.kr.{name}":
            raise
        return None


def choose(st: dict, seat: int) -> dict:
    """The bot's action for ``seat`` (see the module docstring)."""
    if rounds.exclusion_due(st):
        return {"type": "exclude", "colour": rounds.default_colour(st)}
    if st["phase"] == 6:
        if rounds.proposal(st) is None and rounds.may_propose(st, seat):
            suggested = proposal(st)
            if suggested is not None:
                return suggested
        return {"type": "done"}
    builds = build_suggestions(st, seat) + portal_suggestions(st, seat)
    best: dict[str, tuple[int, dict]] = {}
    for value, action in builds:
        if value > best.get(action["card"], (-1, None))[0]:
            best[action["card"]] = (value, action)
    upgrade = bot_plan.portal_pass(st, seat, best)
    if upgrade is not None:
        return upgrade
    worth = [b for b in best.values() if b[0] >= bot_plan.WHOLE_ENEMY]
    if worth:
        return max(worth, key=lambda b: b[0])[1]
    spell = _best_spell(st, seat)
    if spell is not None:
        return spell
    upgrade = bot_plan.idle_pass(st, seat, best)
    if upgrade is not None:
        return upgrade
    rest = [b for b in best.values() if b[0] > 0]
    if rest:
        return max(rest, key=lambda b: b[0])[1]
    heroes = hero_suggestions(st, seat)
    if heroes:
        return heroes[0]
    return {"type": "done"}


def _best_spell(st: dict, seat: int) -> dict | None:
    """The listed spell cast covering the most enemies, if it covers at least one."""
    mod = optional("spells")
    if mod is None:
        return None
    before = score(st)
    best = None
    for action in mod.suggest_spell_actions(st, seat):
        work = copy_state(st)
        try:
            mod.apply_spell(work, seat, action, Discard())
        except IllegalAction:
            continue
        gain = score(work)[1] - before[1]
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, action)
    return best[1] if best else None
