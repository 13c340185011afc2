"""A build's placements chosen one piece at a time: what the drill-down menu offers (tower ->
target horde -> placement; docs/kr/engine.md "Actions"), decided here, never by a menu.

A *piece* is one thing a build places: every damage tile of every attack in printed order,
each attack's soldiers after its tiles (from the supply, KR-SOL-1/7; moving a soldier,
KR-SOL-8, is left to notation). A *draft* is a build's card, site and facing with one
decision per piece so far, in piece order: a placement (``{"tray", "cells"}`` for a tile,
``{"tray", "cell"}`` for a soldier) or None (left unplaced).

``st`` is the state or the public view (engine/kr/view.py: the state without ``rng`` and the
decks' order, which building never reads), so a menu computes its options from what its
snapshot carries. Everything is judged against the map as it is now (KR-ACT-3: in
simultaneous play a team-mate's placement may have made an earlier choice illegal):

* ``start_refusal`` -- why the build cannot be started at all (card gone, site taken, done);
* ``replay`` -- the draft's decisions on a copy, each checked like ``towers.play_tower``
  checks it (range KR-TWR-7/8, KR-ICN-10; portal level KR-PRT-4; "+"-linked tiles on one
  tray KR-DMG-9; the tile's orientations KR-DMG-7; no overlap KR-DMG-2; uncoverable,
  resistant KR-DMG-3..5/10; soldiers KR-SOL-2/3/7); a decision no longer legal raises the
  engine's refusal with ``choice`` = its index;
* ``step`` -- the next piece to decide, pieces that fit nowhere skipped (recorded as None):
  the trays it fits on (the suggested one first) and whether it may be left unplaced (only
  when it fits on no tray the compulsory rule counts, KR-AMB-8, KR-DMG-15, KR-SOL-4,
  KR-PRT-7/9);
* ``placement_options`` -- every legal placement of that piece on one tray given the
  decisions so far (never overlapping them, KR-DMG-2), best first by the bot's measure
  (engine/kr/bot.py: enemies newly covered, then enemy squares newly covered);
* ``complete`` -- the whole build with the undecided pieces placed greedily as the bot would
  (the listed suggestion itself when nothing is decided yet), checked by
  ``towers.build_refusal``;
* ``draft_covers`` -- the covers of the trays the draft places on, its decisions added (what
  a menu's picture shows as already chosen).

``draft_text`` / ``parse_draft`` write a draft as ``SITE FACING DECISION...`` (placement
notation, ``-`` for a piece left unplaced) for menus to carry between steps.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.base import IllegalAction

from . import boss as bosses
from . import bot, notation, rounds
from .content import TOWERS
from .hordegrid import (add_soldier, add_tile, covered_mask, fully_covered, placements_beside,
                        soldier_cells_beside, soldier_problem, tile_problem)
from .state import copy_state, geo, grid
from .towers import (build_refusal, check_in_hand, check_site, err, other_target, reach_squares, targets,
                     tile_shapes)

SKIP = "-"


class Piece(NamedTuple):
    attack: int           # index of the attack printed on the card
    kind: str             # "tile" | "soldier"
    number: int           # the tile's index in the attack, or the soldier's (0 = first)
    shape: str            # the tile's shape id ("1x2"), "soldier" for a soldier


def pieces(card: str) -> list[Piece]:
    out = []
    for a, attack in enumerate(TOWERS[card]["attacks"]):
        out += [Piece(a, "tile", i, tile) for i, tile in enumerate(attack["tiles"])]
        out += [Piece(a, "soldier", i, "soldier") for i in range(attack["soldiers"])]
    return out


@dataclass(frozen=True)
class Step:
    """The next piece of a draft to decide."""

    index: int                     # its index in ``pieces(card)``
    piece: Piece
    decisions: tuple               # the draft's decisions, pieces that fit nowhere appended as None
    trays: tuple[str, ...]         # trays it fits on now, the suggested one first
    suggested: str                 # the tray the suggestion would put it on
    skippable: bool                # leaving it unplaced is legal


def as_state(st: dict) -> dict:
    """A state to build on: the view's missing hidden parts as empty (building never reads them)."""
    if "rng" in st:
        return st
    return {**st, "rng": {"s": 0}, "decks": {k: [] for k in st.get("decks") or {}}, "ghost_deck": []}


def start_refusal(st: dict, seat: int, card: str, site: str, facing: str) -> IllegalAction | None:
    """Why ``seat`` cannot start building ``card`` on ``site`` facing ``facing`` now, or None."""
    try:
        rounds.check_may_act(st, seat, "phase2")
        check_in_hand(st, seat, card)
        check_site(st, seat, card, site)
        if facing not in notation.FACINGS:
            raise err("bad_facing", f"facing must be one of {notation.FACINGS}", facing=facing)
    except IllegalAction as e:
        return e
    return None


# --- replaying a draft -------------------------------------------------------------------------

class _Board:
    """A copy of the map with a draft's decisions on it, and per attack what the engine
    fixes at its start."""

    def __init__(self, st: dict, card: str, site: str, facing: str):
        self.st = copy_state(as_state(st))
        self.card, self.site, self.facing = card, site, facing
        self.level, self.damage = TOWERS[card]["level"], TOWERS[card]["damage"]
        self.pieces = pieces(card)
        # the tower has a non-portal possible target, judged before its placements (KR-PRT-7)
        self.others = other_target(self.st, card, site, facing)
        self.tile_trays: dict[int, set[str]] = {}  # attack -> trays its tiles went to (KR-DMG-9)

    def attack(self, a: int) -> dict:
        return TOWERS[self.card]["attacks"][a]

    def allowed(self, a: int) -> list[str]:
        """Targets of attack ``a`` within the tower's level (KR-TWR-7/8, KR-ICN-10, KR-PRT-4)."""
        return [tid for tid in dict.fromkeys(targets(self.st, self.site, self.facing, self.attack(a)))
                if self.portal(tid) is None or self.portal(tid) <= self.level]

    def portal(self, tid: str) -> int | None:
        g = grid(self.st["trays"][tid]["card"])
        return g.portal_level if g.kind == "portal" else None

    def taken(self, tid: str) -> int:
        t = self.st["trays"][tid]
        return covered_mask(grid(t["card"]), t["cover"])

    def shapes(self, tid: str, piece: Piece) -> tuple:
        attack = self.attack(piece.attack)
        return tile_shapes(self.st, tid, attack["tiles"][piece.number], self.facing, attack)

    def fits(self, tid: str, piece: Piece) -> list[tuple]:
        """Legal placements of ``piece`` on ``tid`` as cell tuples (KR-DMG-1..11, KR-SOL-2/3)."""
        g = grid(self.st["trays"][tid]["card"])
        if piece.kind == "soldier":
            if self.st["soldiers"] < 1:
                return []
            return [(c,) for c in soldier_cells_beside(g, self.taken(tid), self.damage)]
        return [p.cells for p in placements_beside(g, self.taken(tid), self.shapes(tid, piece), self.damage)]

    def begin(self, a: int) -> None:
        """The start of attack ``a``: no tile of it placed yet (KR-DMG-9)."""
        self.tile_trays.setdefault(a, set())

    def trays_for(self, piece: Piece) -> list[str]:
        """Trays ``piece`` may go on now ("+"-linked tiles: the tray the others went to)."""
        self.begin(piece.attack)
        trays = self.allowed(piece.attack)
        linked = self.tile_trays[piece.attack]
        if piece.kind == "tile" and self.attack(piece.attack)["linked"] and linked:
            trays = [t for t in trays if t in linked]
        return [tid for tid in trays if self.fits(tid, piece)]

    def compulsory(self, piece: Piece, tid: str) -> bool:
        """Whether a fit on ``tid`` obliges the piece to be placed (towers._compulsory)."""
        if self.portal(tid) is None or (piece.kind == "tile" and self.attack(piece.attack)["linked"]
                                        and self.tile_trays[piece.attack]):
            return True
        t = self.st["trays"][tid]
        return not self.others and not fully_covered(grid(t["card"]), t["cover"])

    def place(self, index: int, p: Any) -> None:
        """Decision ``index`` on the copy, refused as ``towers.play_tower`` would refuse it."""
        piece = self.pieces[index]
        self.begin(piece.attack)
        if p is None:
            return
        if not isinstance(p, dict) or not isinstance(p.get("tray"), str):
            raise err("malformed", f"not a placement: {p!r}", placement=str(p), choice=index)
        tid = p["tray"]
        if tid not in self.st["trays"]:
            raise err("no_such_tray", f"no tray {tid!r}", tray=tid, choice=index)
        if tid not in self.allowed(piece.attack):
            reached = reach_squares(self.st, self.site, self.facing, self.attack(piece.attack))
            if self.portal(tid) is not None and self.portal(tid) > self.level:
                raise err("portal_level", f"an L{self.level} tower cannot attack an L{self.portal(tid)} portal",
                          tray=tid, level=self.level, portal=self.portal(tid), choice=index)
            here = self.st["trays"][tid]["cell"]
            if here in reached and bosses.shielded(self.st, tid):
                raise err("boss_shielded", f"{tid} is shielded while a portal is on the map", tray=tid, choice=index)
            refusal = "under_flying" if here in reached else "out_of_range"
            raise err(refusal, f"{tid} cannot be attacked from {self.site}", tray=tid,
                      cell=self.st["trays"][tid]["cell"], choice=index)
        t = self.st["trays"][tid]
        g = grid(t["card"])
        if piece.kind == "tile":
            linked = self.tile_trays[piece.attack]
            if self.attack(piece.attack)["linked"] and linked and tid not in linked:
                raise err("linked", "tiles joined by '+' go on one single tray", trays=sorted(linked | {tid}),
                          choice=index)
            cells = p.get("cells")
            given = cells or []
            reason = tile_problem(g, t["cover"], given, self.damage, self.shapes(tid, piece))
            if reason:
                raise err(reason, f"{piece.shape} cannot go on {cells} of {tid}: {reason}", tray=tid,
                          cells=cells, tile=piece.number, choice=index)
            t["cover"] = add_tile(g, t["cover"], given, self.damage, source=self.card)
            linked.add(tid)
            return
        if self.st["soldiers"] < 1:
            raise err("no_soldiers", "every soldier is already on a tray (KR-SOL-7)", choice=index)
        cell = p["cell"]          # (a soldier's decision without one fails here, as below before)
        reason = soldier_problem(g, t["cover"], cell, self.damage)
        if reason:
            raise err(reason, f"a soldier cannot stand on {cell} of {tid}: {reason}", tray=tid, cell=cell,
                      choice=index)
        t["cover"] = add_soldier(g, t["cover"], cell, self.damage)
        self.st["soldiers"] -= 1

    def gain(self, tid: str, cells: tuple) -> tuple[int, int]:
        """(enemies newly covered, enemy squares newly covered) by ``cells`` on ``tid``."""
        g = grid(self.st["trays"][tid]["card"])
        before, after = self.taken(tid), self.taken(tid) | g.inside_mask(cells)
        whole = sum(1 for e in g.enemies if e.mask & after == e.mask) - sum(
            1 for e in g.enemies if e.mask & before == e.mask)
        return whole, bin(g.enemy_mask & after).count("1") - bin(g.enemy_mask & before).count("1")

    def best(self, piece: Piece, trays: list[str]) -> tuple[tuple, str, tuple] | None:
        """The suggestion's choice for ``piece``: the placement newly covering the most
        enemies, then enemy squares, then on the tray nearest the Kingdom; portals only when
        the tower has no other target (KR-PRT-7/8)."""
        self.begin(piece.attack)
        if self.others:
            trays = [tid for tid in trays if self.portal(tid) is None]
        found = None
        for tid in trays:
            distance = geo(self.st).distance(self.st["trays"][tid]["cell"])
            for cells in self.fits(tid, piece):
                score = self.gain(tid, cells) + (-distance,)
                if found is None or score > found[0]:
                    found = (score, tid, cells)
        return found


def placement(piece: Piece, tid: str, cells: tuple) -> dict:
    if piece.kind == "soldier":
        return {"tray": tid, "cell": list(cells[0])}
    return {"tray": tid, "cells": [list(c) for c in cells]}


def replay(st: dict, card: str, site: str, facing: str, decisions: list | tuple) -> _Board:
    """The draft's decisions on a copy of the map (see the module docstring)."""
    board = _Board(st, card, site, facing)
    if len(decisions) > len(board.pieces):
        raise err("too_many", f"{card} places {len(board.pieces)} piece(s)", choice=len(board.pieces))
    for index, p in enumerate(decisions):
        board.place(index, p)
    return board


def step(st: dict, seat: int, card: str, site: str, facing: str, decisions: list | tuple) -> Step | None:
    """The next piece to decide, or None when every piece is decided; raises IllegalAction
    (``start_refusal``'s or ``replay``'s)."""
    refusal = start_refusal(st, seat, card, site, facing)
    if refusal is not None:
        raise refusal
    board = replay(st, card, site, facing, decisions)
    decided = list(decisions)
    while len(decided) < len(board.pieces):
        piece = board.pieces[len(decided)]
        trays = board.trays_for(piece)
        if not trays:
            decided.append(None)
            continue
        best = board.best(piece, trays)
        suggested = best[1] if best else trays[0]
        return Step(len(decided), piece, tuple(decided), tuple([suggested] + [t for t in trays if t != suggested]),
                    suggested, not any(board.compulsory(piece, tid) for tid in trays))
    return None


def placement_options(st: dict, card: str, site: str, facing: str, decisions: list | tuple,
                      tray: str) -> list[dict]:
    """Every legal placement on ``tray`` of the piece after ``decisions``, the suggested
    (best) one first (see the module docstring); empty when it fits there no more."""
    board = replay(st, card, site, facing, decisions)
    if len(decisions) >= len(board.pieces):
        return []
    piece = board.pieces[len(decisions)]
    if tray not in board.trays_for(piece):
        return []
    fits = board.fits(tray, piece)
    ranked = sorted(range(len(fits)), key=lambda k: tuple(-x for x in board.gain(tray, fits[k])))
    return [placement(piece, tray, fits[k]) for k in ranked]


def draft_covers(st: dict, card: str, site: str, facing: str, decisions: list | tuple) -> dict[str, dict]:
    """The covers of the trays the draft places on, its decisions added (to picture them)."""
    board = replay(st, card, site, facing, decisions)
    return {tid: board.st["trays"][tid]["cover"] for tid in {p["tray"] for p in decisions if p is not None}}


def build_action(card: str, site: str, facing: str, decisions: list | tuple) -> dict:
    """The build action of a complete draft (pieces left unplaced dropped)."""
    attacks: list[list] = [[] for _ in TOWERS[card]["attacks"]]
    for piece, p in zip(pieces(card), decisions):
        if p is not None:
            attacks[piece.attack].append(p)
    return {"type": "build", "card": card, "site": site, "facing": facing, "attacks": attacks}


def complete(st: dict, seat: int, card: str, site: str, facing: str, decisions: list | tuple) -> dict:
    """The whole build: the draft's decisions, every undecided piece placed as the suggestion
    would place it; raises IllegalAction when the draft or the result is refused."""
    refusal = start_refusal(st, seat, card, site, facing)
    if refusal is not None:
        raise refusal
    if not decisions:
        found = bot.suggest_build(as_state(st), seat, card, site, facing)
        if found is not None:
            return found[1]
    board = replay(st, card, site, facing, decisions)
    decided = list(decisions) + [None] * (len(board.pieces) - len(decisions))
    _fill(board, decided, len(decisions))
    action = build_action(card, site, facing, decided)
    refusal = build_refusal(as_state(st), seat, action)
    if refusal is not None:
        raise refusal
    return action


def _fill(board: _Board, decided: list, first: int) -> None:
    """Greedy placements for the pieces from index ``first`` on, attack by attack: the best
    tile of the attack still free, while any fits; then its soldiers (engine/kr/bot.py)."""
    attacks = sorted({p.attack for p in board.pieces[first:]})
    for a in attacks:
        free = [i for i in range(first, len(board.pieces)) if board.pieces[i].attack == a]
        tiles = [i for i in free if board.pieces[i].kind == "tile"]
        while tiles:
            found = None
            for i in tiles:
                trays = board.trays_for(board.pieces[i])
                best = board.best(board.pieces[i], trays) if trays else None
                if best is not None and (found is None or best[0] > found[0]):
                    found = (best[0], i, best[1], best[2])
            if found is None:
                break
            _score, i, tid, cells = found
            decided[i] = placement(board.pieces[i], tid, cells)
            board.place(i, decided[i])
            tiles.remove(i)
        for i in (i for i in free if board.pieces[i].kind == "soldier"):
            trays = board.trays_for(board.pieces[i])
            best = board.best(board.pieces[i], trays) if trays else None
            if best is None:
                break
            decided[i] = placement(board.pieces[i], best[1], best[2])
            board.place(i, decided[i])


# --- drafts as text ----------------------------------------------------------------------------

def decision_text(p: dict | None) -> str:
    """A decision in placement notation (``t3:b2+c2``, ``t3:s:b2``), ``-`` when left unplaced."""
    if p is None:
        return SKIP
    return notation.format_placement(p)


def draft_text(site: str, facing: str, decisions: list | tuple) -> str:
    return " ".join([site, facing] + [decision_text(p) for p in decisions])


def parse_draft(card: str, text: str) -> tuple[str, str, list]:
    """(site, facing, decisions) of ``draft_text``; IllegalAction when it does not read."""
    words = text.split()
    if len(words) < 2 or len(words) - 2 > len(pieces(card)):
        raise notation.bad(text, "SITE FACING [placement or - per piece]")
    decisions = [None if w == SKIP else notation.parse_placement(text, w) for w in words[2:]]
    return words[0].upper(), words[1].upper(), decisions
