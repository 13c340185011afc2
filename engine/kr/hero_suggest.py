"""A few complete legal hero actions for a seat (the bot, timeouts, ``legal_actions``).

For the seat's hero (if it may be activated): the basic attack from every square it can stop
on with the best base, once per facing that reaches trays (facings that would place alike are
tried once; of the squares from which no tray is in reach, only the first), each face-up
ability from its square and from the best attack square, recover when hurt or with a face-down ability (KR-HACT-8), and a plain move
onto the tray where the base covers most; for the wildcat its best engagements; in solo an
unused bench hero's best entry. Placements are chosen greedily (``hero_attacks`` auto mode),
and every action is replayed through ``heroes.resolve_hero`` on a copy before it is offered,
so each one is legal on the state given. Ranked by enemies newly covered (then trays fully
covered), at most ``limit``.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.base import IllegalAction
from engine.jsoncopy import deep_copy

from .content import HEROES
from .hero_attacks import reach_trays, wildcat_of
from .hero_moves import paths_from, room, stop_problem
from .hordegrid import covered_mask
from .state import WILDCAT, Discard, copy_state, geo, grid, tower_cells, trays_at, trays_by_cell
from .hero_activation import resolve_hero
from .towers import named_shapes

FACINGS = ("N", "E", "S", "W")
DEFAULT_CHOICE: dict[str, dict] = {"cant_touch_this": {"basic": True}}


def score(st: dict) -> tuple[int, int]:
    """(trays fully covered, enemies covered) over the map, portals and bosses left out."""
    full = enemies = 0
    for t in st["trays"].values():
        f, e = _tray_score(t)
        full += f
        enemies += e
    return full, enemies


def _tray_score(t: dict) -> tuple[int, int]:
    """``score`` of one tray."""
    g = grid(t["card"])
    if g.kind in ("portal", "boss"):
        return 0, 0
    taken = covered_mask(g, t["cover"])     # covered_enemies and fully_covered, one mask
    return int(g.enemy_mask & taken == g.enemy_mask), sum(1 for e in g.enemies if e.mask & taken == e.mask)


class _Scores:
    """``score`` of ``st`` and of states made from a copy of it: a tray holding the card and
    the cover it holds on ``st`` keeps its score there, the others are scored again."""

    def __init__(self, st: dict) -> None:
        self.known = {tid: (t["card"], t["cover"], _tray_score(t)) for tid, t in st["trays"].items()}
        self.before = (sum(k[2][0] for k in self.known.values()), sum(k[2][1] for k in self.known.values()))

    def of(self, work: dict) -> tuple[int, int]:
        full = enemies = 0
        for tid, t in work["trays"].items():
            k = self.known.get(tid)
            c = t["cover"]
            if k is not None and k[0] == t["card"] and k[1]["tiles"] == c["tiles"] and (
                    k[1]["soldiers"] == c["soldiers"] and k[1]["heroes"] == c["heroes"]):
                f, e = k[2]
            else:
                f, e = _tray_score(t)
            full += f
            enemies += e
        return full, enemies


def _try(st: dict, seat: int, action: dict) -> tuple[tuple[int, int], dict] | None:
    """The completed action and its gain, or None when illegal."""
    got = _auto(st, seat, action)
    if got is None or not _replays(st, seat, got[2]):
        return None
    return got[0], got[1]


def _auto(st: dict, seat: int, action: dict, scores: _Scores | None = None
          ) -> tuple[tuple[int, int], dict, dict] | None:
    """(gain, completed action in full, completed action as resolved) with the placements
    chosen greedily, or None when refused; ``scores``: ``_Scores(st)`` when known."""
    work = copy_state(st)
    try:
        done = resolve_hero(work, seat, deep_copy(action), Discard(), auto=True)
    except IllegalAction:
        return None
    scores = scores or _Scores(st)
    before, after = scores.before, scores.of(work)
    return (after[0] - before[0], after[1] - before[1]), full(done, st["heroes"][done["figure"]]["facing"]), done


def _replays(st: dict, seat: int, done: dict) -> bool:
    """The completed action, placements given, is accepted as a player's action would be."""
    try:
        resolve_hero(copy_state(st), seat, deep_copy(done), Discard())
    except IllegalAction:
        return False
    return True


class _Offers:
    """The actions offered for one state, ranked as ``_try`` would rank them, with the costly
    replay (``_replays``) done only for the actions that may be returned: an action offered
    twice is resolved once, and the replay is asked for lazily, from the best ranked down.

    The outcome is the one of checking every offer at once: an offer is kept when it replays
    and no earlier offer that replays is the same action but for its facing; the kept ones
    are ranked by gain, then the order they were offered in."""

    def __init__(self, st: dict, seat: int) -> None:
        self.st, self.seat = st, seat
        self.on, self.towers = trays_by_cell(st), tower_cells(st)     # for the queries on ``st``
        self.scores = _Scores(st)
        self.tried: dict[tuple[int, str], tuple | None] = {}
        self.replayed: dict[tuple[int, str], bool] = {}
        self.offers: list[tuple[tuple[int, int], int, dict, tuple[int, str]]] = []

    def attempt(self, by: int, action: dict) -> tuple[tuple[int, str], tuple | None]:
        """(its key, ``_auto``), once per distinct action (the state does not change)."""
        key = (by, repr(action))
        if key not in self.tried:
            self.tried[key] = _auto(self.st, by, action, self.scores)
        return key, self.tried[key]

    def legal(self, key: tuple[int, str]) -> bool:
        if key not in self.replayed:
            got = self.tried[key]
            self.replayed[key] = got is not None and _replays(self.st, key[0], got[2])
        return self.replayed[key]

    def offer(self, action: dict) -> None:
        key, got = self.attempt(self.seat, action)
        if got is not None:
            self.offers.append((got[0], len(self.offers), got[1], key))

    def best(self, limit: int) -> list[dict]:
        same = [{**o[2], "facing": None} for o in self.offers]
        out: list[dict] = []
        for gain, n, action, key in sorted(self.offers, key=lambda o: (o[0], -o[1]), reverse=True):
            if len(out) >= limit:
                break
            if any(same[m] == same[n] and self.legal(self.offers[m][3]) for m in range(n)):
                continue
            if self.legal(key):
                out.append(action)
        return out


def full(action: dict, facing: str) -> dict:
    """Every key of the hero action format, defaults filled in (docs/kr/engine.md); no facing
    given means the figure's current ``facing``."""
    return {"type": "hero", "figure": action["figure"], "order": action.get("order") or "move_first",
            "path": list(action.get("path") or []), "facing": action.get("facing") or facing, "base": action.get("base"),
            "act": action.get("act"), "ability": action.get("ability"),
            "placements": list(action.get("placements") or []), "choice": action.get("choice") or {}}




def _stops(st: dict, figure: str, moves: int, offers: _Offers) -> list[tuple[list[str], Any]]:
    """(path, base) for staying and for every square the figure may stop on, the base covering
    the most enemies on a tray (KR-HERO-9..14)."""
    out: list[tuple[list[str], Any]] = [([], None)] if st["heroes"][figure]["cell"] is not None else []
    for cell, path in sorted(paths_from(st, figure, moves).items()):
        if stop_problem(st, cell, offers.on, offers.towers):
            continue
        spots = room(st, figure, cell, offers.on)
        if spots is None:
            out.append((path, None))
        elif spots:
            out.append((path, list(_best_base(st, figure, cell, spots))))
    return out


def _best_base(st: dict, figure: str, cell: str, spots: list) -> tuple[int, int]:
    t = st["trays"][trays_at(st, cell)[0]]
    g = grid(t["card"])

    def covers(spot: tuple[int, int]) -> int:
        mask = g.mask([(spot[0] + dc, spot[1] + dr) for dc in (0, 1) for dr in (0, 1)]) or 0
        return bin(mask & g.enemy_mask).count("1")
    return max(spots, key=covers)


def suggest_hero_actions(st: dict, seat: int, limit: int = 8) -> list[dict]:
    """A few complete legal hero actions for ``seat`` (module docstring)."""
    if st.get("phase") != 2:
        return []
    offers = _Offers(st, seat)
    offer = offers.offer
    hero = st["seats"][seat]["hero"]
    h = st["heroes"][hero]
    if not (h["activated"] or h["knocked_out"] or h.get("revived")):
        _hero_actions(st, hero, offers)
    w = wildcat_of(st, hero)
    if w is not None and st["heroes"][w]["cell"] is not None and not st["heroes"][w]["activated"]:
        for path, base in _stops(st, w, HEROES[hero]["wildcat"]["move"], offers):
            if base is not None:
                offer({"type": "hero", "figure": WILDCAT, "path": path, "base": base})
    if st["options"].get("solo") and not any(e.get("kind") == "bench" for e in st["effects"]):
        for bench in st["solo"]["bench"][:1]:
            _bench_actions(st, bench, offers)
    return offers.best(limit)


def _hero_actions(st: dict, hero: str, offers: _Offers) -> None:
    offer = offers.offer
    h = st["heroes"][hero]
    if h["health"] < h["max"] or not all(h["abilities"].values()):
        offer({"type": "hero", "figure": hero, "path": [], "act": "recover"})
    stops = _stops(st, hero, HEROES[hero]["move"], offers)
    best: list[tuple[tuple[int, int], list, Any, str, tuple]] = []
    idle = False
    for path, base in stops:
        facings = distinct_facings(st, hero, path[-1] if path else h["cell"], offers.on)
        if not facings:                 # nothing to attack from there: one such stop is enough
            if idle:
                continue
            idle, facings = True, [h["facing"]]
        for facing in facings:
            action = {"type": "hero", "figure": hero, "order": "move_first", "path": path, "facing": facing,
                      "base": base, "act": "basic", "choice": _skill_choice(st, hero)}
            key, got = offers.attempt(hero_seat(st, hero), action)
            if got is not None:
                best.append((got[0], path, base, facing, key))
                offer(action)
    best.sort(key=lambda b: b[0], reverse=True)     # stable: the first offered among equals
    top: list[tuple[list, Any, str]] = []
    for _, p, b, f, key in best:                    # the best that replays
        if len(top) == 1:
            break
        if offers.legal(key):
            top.append((p, b, f))
    places = [([], None, h["facing"])] + top
    for ability, up in h["abilities"].items():
        if not up:
            continue
        for path, base, facing in places:
            if not path and h["cell"] is None:
                continue
            offer({"type": "hero", "figure": hero, "order": "move_first", "path": path, "facing": facing,
                   "base": base, "act": "ability", "ability": ability, "choice": _ability_choice(st, hero, ability)})
    tray_stops = [(p, b) for p, b in stops if b is not None]
    if tray_stops:
        offer({"type": "hero", "figure": hero, "path": tray_stops[0][0], "base": tray_stops[0][1]})


def distinct_facings(st: dict, hero: str, cell: str | None, on: Mapping[str, list[str]] | None = None
                     ) -> list[str]:
    """The facings for a basic attack from ``cell``, the first of those reaching the same
    trays with the same tile orientations only (the others would place the same); none when
    no facing reaches a tray. ``on``: ``trays_by_cell(st)`` when known."""
    if cell is None:
        return list(FACINGS)
    basic = HEROES[hero]["basic"]
    on = trays_by_cell(st) if on is None else on
    g = geo(st)
    seen: set = set()
    out = []
    for facing in FACINGS:
        found = reach_trays(st, g.reach(cell, facing, basic["arrows"]) if basic["arrows"] else (), on)[0]
        if basic["melee"]:          # the tray under the hero after the move, whatever the facing
            found = found + [t for t in on.get(cell, [])[:1] if t not in found]
        if not found:
            continue
        key = (tuple(found), tuple(named_shapes(tile, facing, st["trays"][tid]["facing"], bool(basic["free"]))
                                   for tid in found for tile in basic["tiles"]))
        if key not in seen:
            seen.add(key)
            out.append(facing)
    return out


def hero_seat(st: dict, figure: str) -> int:
    return st["heroes"][figure]["seat"]


def _skill_choice(st: dict, hero: str) -> dict:
    if wildcat_of(st, hero) and st["heroes"][WILDCAT]["knocked_out"]:
        return {"summon": True}
    return {}


def _ability_choice(st: dict, hero: str, ability: str) -> dict:
    if ability == "magic_trick":
        cell = st["heroes"][hero]["cell"]
        tid = st["heroes"][hero]["tray"]
        base = st["trays"][tid]["cover"]["heroes"].get(hero) if tid in st["trays"] else None
        return {"hero": hero, "to": cell or geo(st).entry, "base": base}
    if ability == "hammer_time":
        return {"then": {"act": "basic"}}
    return dict(DEFAULT_CHOICE.get(ability, {}))


def _bench_actions(st: dict, bench: str, offers: _Offers) -> None:
    offer = offers.offer
    g = geo(st)
    for cell in sorted(g.hero_squares):
        if stop_problem(st, cell, offers.on, offers.towers):
            continue
        spots = room(st, bench, cell, offers.on)
        if not spots:
            continue
        base = list(_best_base(st, bench, cell, spots))
        for facing in FACINGS:
            offer({"type": "hero", "figure": bench, "path": [cell], "facing": facing, "base": base, "act": "basic"})
