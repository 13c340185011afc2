"""Empire vs Steppe, Terrain expansion (ES-TER-1..22): pure rule functions over the
``st["terrain"]`` sub-dict, plus the terrain content (``data/terrain.json``).

The terrain dict (docs/evs/engine.md, "State")::

    terrain = {"cells": {cell: card_id}, "deck": [card ids, top first], "placed": int}

``cells`` holds the terrain cards on the battlefield (at most one per cell, ES-TER-7), ``deck``
the face-down terrain deck with its top card at index 0, ``placed`` the number of cards placed
during setup terrain placement (ES-TER-6; mobility flips do not count). Cells are grid cells
(``"C3"``, engine/evs/grid.py). Where occupancy matters a function takes ``units`` (a mapping
``cell -> seat`` of the occupied cells), or plain cell collections (``enemy_cells``,
``occupied``); it never reads the rest of the state. Every function also accepts the whole game
state in place of the terrain dict (it then uses ``st["terrain"]``), which is how
``engine/evs/board.py`` calls ``height``, ``connected`` and ``can_deploy_on``.

Only ``new_terrain``/``new_deck`` (the shuffle), ``draw``, ``place``, ``flip`` and
``place_flipped`` change anything; every other function is a query and leaves its arguments
untouched. All chance goes through ``engine.rng`` (ES-TER-5).

ES-TER-22: with the Terrain expansion off, the core does not keep terrain and uses height 0
everywhere: every adjacent pair is connected, there is no terrain penalty, no high-ground
modifier and no terrain flip. Nothing here is needed for that; equivalently, every query below
given ``disabled()`` (no cards, empty deck) returns exactly the base-game answer.

Readings decided here (beyond the **Chosen** ambiguities of the rules document):

- ES-TER-12 with two constraints on one card (only a forest printed at +1 or -1 can meet two,
  ES-TER-9/10 and ES-TER-11): the constraints are applied in rule-ID order, each narrowing the
  cells left by the earlier ones; one that would leave no cell is waived for that card.
- ES-TER-12 "at the moment the card is drawn": nothing changes between the draw and the
  placement, so ``placement_cells`` may be called any time before ``place``.
- A terrain card's ``penalty`` (ES-TER-16 "usually", ES-AMB-42 "card text may override") is one
  of ``"usual"`` (the owner's choice of +1 mobility, +1 cost or shake 1), ``"none"`` (no
  penalty) and ``"shake"`` (shake 1 only: mobility or cost cannot be paid instead).
- The one card effect, ``{"kind": "cover", "defence": n}`` (forests): a unit on that cell gets
  +n power when it defends against an attack whose participants all make ranged engagements
  (one melee participant makes it a close fight, and cover is lost). See ``cover_bonus``.
"""
from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Collection, Iterable, Mapping, overload

from .. import rng as rngmod
from ..base import Event, IllegalAction
from . import grid

DATA = os.path.join(os.path.dirname(__file__), "data", "terrain.json")

SETUP_CARDS = 12  # ES-TER-6: placement stops when 12 terrain cards are on the battlefield
MIN_CARDS = 16  # docs/evs/engine.md: at least 16 (12 at setup, more for mobility flips)
HEIGHTS = (-2, -1, 0, 1, 2, 3)  # ES-AMB-39: the heights the text names
PENALTIES = ("usual", "none", "shake")  # ES-TER-16, ES-AMB-42; "shake" defined here
PENALTY_OPTIONS = ("mp", "cost", "shake")  # ES-TER-16 (a), (b), (c)
EFFECT_KINDS = ("cover",)
VANGUARD_HEIGHTS = (-1, 0, 1)  # ES-TER-13
FLIP_RANGE = 2  # ES-TER-15: within range II of the unit
LOCALES = ("en", "zh-CN")

_CARD_KEYS = frozenset({"id", "name", "height", "forest", "penalty", "effect", "text"})
_REQUIRED = _CARD_KEYS - {"effect"}
_EFFECT_KEYS = {"cover": frozenset({"kind", "defence"})}
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


# ---------------------------------------------------------------------------------- content


class ContentError(ValueError):
    """``data/terrain.json`` (or a file given to ``load``) breaks the terrain schema."""


def _check(cond: object, msg: str) -> None:
    if not cond:
        raise ContentError(msg)


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_texts(value: object, where: str) -> None:
    if not (isinstance(value, dict) and set(value) == set(LOCALES)):
        raise ContentError(f"{where}: needs exactly the keys {', '.join(LOCALES)}")
    for loc in LOCALES:
        _check(isinstance(value[loc], str) and value[loc].strip(), f"{where}: empty {loc} text")


def _check_effect(effect: object, where: str) -> None:
    if effect is None:
        return
    if not isinstance(effect, dict):
        raise ContentError(f"{where}: effect must be an object or null")
    kind = effect.get("kind")
    if kind not in EFFECT_KINDS:
        raise ContentError(f"{where}: unknown effect kind {kind!r}")
    _check(set(effect) == _EFFECT_KEYS[kind], f"{where}: effect {kind} needs exactly {sorted(_EFFECT_KEYS[kind])}")
    if kind == "cover":
        _check(_is_int(effect["defence"]) and 1 <= effect["defence"] <= 2, f"{where}: cover defence must be 1 or 2")


def validate(data: Any) -> Mapping[str, Mapping[str, Any]]:
    """Check parsed ``terrain.json`` content and return ``{card_id: card}`` (read-only), in file
    order. Fails (``ContentError``) on any unknown key or value: top level exactly
    ``{"terrain": [card, ...]}`` with at least 16 cards; a card has exactly ``id`` (snake case,
    unique), ``name`` and ``text`` (``{"en", "zh-CN"}``), ``height`` (one of -2..+3, ES-AMB-39),
    ``forest`` (bool), ``penalty`` (``"usual" | "none" | "shake"``) and optionally ``effect``
    (null or ``{"kind": "cover", "defence": 1 | 2}``)."""
    _check(isinstance(data, dict) and set(data) == {"terrain"}, 'top level must be exactly {"terrain": [...]}')
    cards = data["terrain"]
    _check(isinstance(cards, list), "terrain must be a list")
    _check(len(cards) >= MIN_CARDS, f"at least {MIN_CARDS} terrain cards are needed, got {len(cards)}")
    out: dict[str, Mapping[str, Any]] = {}
    for i, card in enumerate(cards):
        where = f"terrain[{i}]"
        _check(isinstance(card, dict), f"{where}: must be an object")
        unknown = set(card) - _CARD_KEYS
        _check(not unknown, f"{where}: unknown keys {sorted(unknown)}")
        missing = _REQUIRED - set(card)
        _check(not missing, f"{where}: missing keys {sorted(missing)}")
        cid = card["id"]
        _check(isinstance(cid, str) and _ID.match(cid), f"{where}: bad id {cid!r}")
        where = f"terrain {cid}"
        _check(cid not in out, f"{where}: duplicate id")
        _check_texts(card["name"], f"{where}: name")
        _check_texts(card["text"], f"{where}: text")
        _check(_is_int(card["height"]) and card["height"] in HEIGHTS, f"{where}: height must be one of {HEIGHTS}")
        _check(isinstance(card["forest"], bool), f"{where}: forest must be true or false")
        _check(card["penalty"] in PENALTIES, f"{where}: penalty must be one of {PENALTIES}")
        _check_effect(card.get("effect"), where)
        frozen = dict(card)
        frozen["effect"] = MappingProxyType(dict(card["effect"])) if card.get("effect") else None
        frozen["name"] = MappingProxyType(dict(card["name"]))
        frozen["text"] = MappingProxyType(dict(card["text"]))
        out[cid] = MappingProxyType(frozen)
    return MappingProxyType(out)


@lru_cache(maxsize=1)
def _load_default() -> Mapping[str, Mapping[str, Any]]:
    with open(DATA, encoding="utf-8") as f:
        return validate(json.load(f))


def load(path: str | os.PathLike | None = None) -> Mapping[str, Mapping[str, Any]]:
    """The terrain cards ``{card_id: card}`` (read-only). Without ``path``: the game's
    ``data/terrain.json``, cached. With ``path``: that file, validated, not cached. Raises
    ``ContentError`` on a bad file (see ``validate``)."""
    if path is None:
        return _load_default()
    with open(path, encoding="utf-8") as f:
        try:
            data = json.load(f)
        except json.JSONDecodeError as exc:
            raise ContentError(f"{path}: not JSON ({exc})") from exc
    return validate(data)


def card(card_id: str) -> Mapping[str, Any]:
    """One terrain card; an unknown id raises ``IllegalAction("evs.err.terrain_unknown")``."""
    cards = load()
    if card_id not in cards:
        raise IllegalAction("evs.err.terrain_unknown", f"there is no terrain card {card_id}", card=card_id)
    return cards[card_id]


def signed(h: int) -> str:
    """A height as printed on the terrain markers: "+2", "0", "-1"."""
    return f"{h:+d}" if h else "0"


def card_view(card_id: str) -> dict:
    """ES-TER-1: what a terrain card shows, for views and renderers. The terrain markers on
    both ends (its height and whether it is a forest) stay visible when a unit lies across it,
    so a view shows them for every terrain cell whether or not a unit is there. The name is
    also the catalog key ``evs.terrain.<card_id>`` (locales/evs/terrain.json)."""
    c = card(card_id)
    return {"id": card_id, "height": c["height"], "marker": signed(c["height"]), "forest": c["forest"],
            "penalty": c["penalty"], "effect": dict(c["effect"]) if c["effect"] else None,
            "name": dict(c["name"]), "text": dict(c["text"]), "name_key": f"evs.terrain.{card_id}"}


# ------------------------------------------------------------------------------ the dict


@overload
def _of(terrain: dict) -> dict: ...
@overload
def _of(terrain: Mapping) -> Mapping: ...
def _of(terrain: Mapping) -> Mapping:
    """Every function takes the terrain dict or, as the core's ``engine/evs/board.py`` passes
    it, the whole game state (whose ``st["terrain"]`` is then used; ``None`` there reads as no
    terrain, ES-TER-22)."""
    if "cells" in terrain or "terrain" not in terrain:
        return terrain
    return terrain["terrain"] if terrain["terrain"] is not None else disabled()


def disabled() -> dict:
    """An empty terrain dict (no cards, empty deck): every query then gives the base-game answer
    (ES-TER-22)."""
    return {"cells": {}, "deck": [], "placed": 0}


def new_deck(rng: dict) -> list[str]:
    """ES-TER-5: all terrain cards, shuffled through ``engine.rng``; index 0 is the top."""
    deck = list(load())
    rngmod.shuffle(rng, deck)
    return deck


def new_terrain(rng: dict) -> dict:
    """ES-TER-5: the terrain dict at the start of setup: no card placed, the shuffled deck."""
    return {"cells": {}, "deck": new_deck(rng), "placed": 0}


# ------------------------------------------------------------------- heights, connectivity


@lru_cache(maxsize=1)
def _heights() -> Mapping[str, int]:
    return MappingProxyType({cid: c["height"] for cid, c in load().items()})


def height(terrain: Mapping, cell: str) -> int:
    """ES-TER-2, ES-AMB-39: the height of the terrain card on ``cell``, 0 if it has none."""
    terrain = _of(terrain)
    card_id = terrain["cells"].get(cell)
    if card_id is None:
        return 0
    h = _heights().get(card_id)
    return h if h is not None else card(card_id)["height"]


def connected(terrain: Mapping, a: str, b: str) -> bool:
    """ES-TER-3: ``a`` and ``b`` are adjacent (ES-GEN-3) and their heights differ by at most 1.
    A cell is not "connected" to itself (not adjacent). Symmetric."""
    terrain = _of(terrain)
    if b not in grid.NEIGHBOURS[a]:
        return False
    cells = terrain["cells"]
    if a not in cells and b not in cells:
        return True
    return abs(height(terrain, a) - height(terrain, b)) <= 1


def plane_connected(terrain: Mapping, cell: str) -> bool:
    """ES-TER-4, ES-AMB-39: a path of connected adjacent steps leads from ``cell`` to a cell of
    height 0 (the battlefield plane; a height-0 cell is on it)."""
    terrain = _of(terrain)
    seen, todo = {cell}, [cell]
    while todo:
        at = todo.pop()
        if height(terrain, at) == 0:
            return True
        for nxt in grid.neighbours(at):
            if nxt not in seen and connected(terrain, at, nxt):
                seen.add(nxt)
                todo.append(nxt)
    return False


# --------------------------------------------------------------------------- placement


def placement_done(terrain: Mapping) -> bool:
    """ES-TER-6, ES-AMB-40: setup placement is over when 12 cards have been placed, or earlier
    when the deck is empty. Ask it before each ``draw`` (after a draw of the last card the deck
    is empty while that card still has to be placed)."""
    terrain = _of(terrain)
    return terrain["placed"] >= SETUP_CARDS or not terrain["deck"]


def placement_seat(terrain: Mapping, first: int) -> int:
    """ES-TER-6, ES-SET-3: the seat that draws and places the next card. Players alternate,
    starting with the second player (the seat that is not ``first``)."""
    terrain = _of(terrain)
    second = 1 - first
    return second if terrain["placed"] % 2 == 0 else first


def draw(terrain: dict) -> str:
    """ES-TER-6: the placing player draws the top card of the deck (removed from the deck; the
    core keeps it as the pending card until ``place``). Refused when placement is over."""
    terrain = _of(terrain)
    if terrain["placed"] >= SETUP_CARDS:
        raise IllegalAction("evs.err.terrain_placement_over", "terrain placement is over",
                            placed=terrain["placed"])
    if not terrain["deck"]:
        raise IllegalAction("evs.err.terrain_deck_empty", "the terrain deck is empty")
    return terrain["deck"].pop(0)


def _isolated(terrain: Mapping, card_height: int) -> list[str]:
    """Cells holding a card of ``card_height`` not connected to the plane (ES-TER-8..10)."""
    return [c for c, cid in terrain["cells"].items()
            if card(cid)["height"] == card_height and not plane_connected(terrain, c)]


def _lone_forests(terrain: Mapping) -> list[str]:
    """Cells holding a forest card with no forest card adjacent (ES-TER-11)."""
    cells = terrain["cells"]
    forests = {c for c, cid in cells.items() if card(cid)["forest"]}
    return [c for c in forests if not any(n in forests for n in grid.neighbours(c))]


def constraints(terrain: Mapping, card_id: str) -> list[tuple[str, list[str]]]:
    """ES-TER-8..11: the placement constraints that bind ``card_id`` now, in rule-ID order, each
    as ``(rule id, the cells holding the cards it must be placed next to)``. A +2 card goes next
    to a +3 card not connected to the plane (ES-TER-8), a +1 card next to such a +2 (ES-TER-9),
    a -1 card next to such a -2 (ES-TER-10), a forest card next to a lone forest card
    (ES-TER-11). With several such cards, adjacency to any one of them is enough (ES-AMB-40)."""
    terrain = _of(terrain)
    c = card(card_id)
    out: list[tuple[str, list[str]]] = []
    for rule, drawn, anchor in (("ES-TER-8", 2, 3), ("ES-TER-9", 1, 2), ("ES-TER-10", -1, -2)):
        if c["height"] == drawn:
            anchors = _isolated(terrain, anchor)
            if anchors:
                out.append((rule, sorted(anchors, key=grid.CELLS.index)))
    if c["forest"]:
        lone = _lone_forests(terrain)
        if lone:
            out.append(("ES-TER-11", sorted(lone, key=grid.CELLS.index)))
    return out


def placement_cells(terrain: Mapping, card_id: str, units: Mapping[str, int] | None = None) -> list[str]:
    """ES-TER-7..12: the cells on which the drawn ``card_id`` may be placed at setup, in grid
    order. A cell qualifies when it holds no terrain card (ES-TER-7) and no unit (``units``:
    ``cell -> seat``; at setup there are none yet, ES-SET-1). The constraints of
    ``constraints`` then narrow the cells in rule-ID order; one that no cell left can meet is
    waived for this card (ES-TER-12, ES-AMB-40). Never empty while a free cell exists, so a
    drawn card is always placed (ES-AMB-40)."""
    terrain = _of(terrain)
    units = units or {}
    cells = [c for c in grid.CELLS if c not in terrain["cells"] and c not in units]
    for _rule, anchors in constraints(terrain, card_id):
        near = set().union(*(grid.neighbours(a) for a in anchors))
        narrowed = [c for c in cells if c in near]
        if narrowed:
            cells = narrowed
    return cells


def place(terrain: dict, card_id: str, cell: str, units: Mapping[str, int] | None = None) -> Event:
    """ES-TER-6..12: put the drawn ``card_id`` face-up on ``cell`` during setup placement and
    count it. ``cell`` must be one of ``placement_cells(terrain, card_id, units)``, else
    ``IllegalAction("evs.err.terrain_cell", legal=["place <card> <cell>", ...])``. Returns the
    public event ``terrain_placed`` (``card``, ``cell``, ``height`` as printed)."""
    terrain = _of(terrain)
    if terrain["placed"] >= SETUP_CARDS:
        raise IllegalAction("evs.err.terrain_placement_over", "terrain placement is over",
                            placed=terrain["placed"])
    legal = placement_cells(terrain, card_id, units)
    if cell not in legal:
        raise IllegalAction("evs.err.terrain_cell", f"{card_id} cannot be placed on {cell}",
                            legal=[f"place {card_id} {c}" for c in legal], cell=cell)
    terrain["cells"][cell] = card_id
    terrain["placed"] += 1
    return Event("terrain_placed", {"card": card_id, "cell": cell, "height": signed(card(card_id)["height"])})


# --------------------------------------------------------------------- deployment limits


def can_stand_vanguard(terrain: Mapping, cell: str) -> bool:
    """ES-TER-13, ES-VAN-6: in vanguard deployment a unit may go on a terrain card only if its
    height is -1, 0 or +1 (a cell without terrain, height 0, is fine). The other vanguard
    conditions (ES-VAN-1..5) are the core's."""
    terrain = _of(terrain)
    return height(terrain, cell) in VANGUARD_HEIGHTS


def can_deploy(terrain: Mapping, cell: str) -> bool:
    """ES-TER-14, ES-DEP-2: in the Deploy action a unit may not be placed on a cell that has a
    terrain card (whatever its height). The other Deploy conditions are the core's."""
    terrain = _of(terrain)
    return cell not in terrain["cells"]


def can_deploy_on(terrain: Mapping, cell: str, vanguard: bool) -> bool:
    """The call ``engine/evs/board.py`` makes: ``can_stand_vanguard`` in vanguard deployment
    (ES-TER-13), ``can_deploy`` in the Deploy action (ES-TER-14)."""
    return can_stand_vanguard(terrain, cell) if vanguard else can_deploy(terrain, cell)


# ------------------------------------------------------------------------------ movement


def step_allowed(terrain: Mapping, a: str, b: str) -> bool:
    """ES-TER-17, ES-AMB-41, ES-KW-13: one movement step from ``a`` to ``b`` must be between
    connected cells (adjacent, height difference at most 1). Climbing to +2/+3 or descending to
    -2 step by step is allowed. Emptiness of ``b`` and mobility points are the core's."""
    terrain = _of(terrain)
    return connected(terrain, a, b)


def penalty_applies(terrain: Mapping, cell: str) -> bool:
    """ES-TER-16, ES-AMB-42: entering ``cell`` triggers a terrain penalty (it holds a terrain
    card whose ``penalty`` is not ``"none"``). Leaving a terrain cell never does."""
    terrain = _of(terrain)
    card_id = terrain["cells"].get(cell)
    return card_id is not None and card(card_id)["penalty"] != "none"


def penalty_options(terrain: Mapping, cell: str, mp_left: int, can_pay: bool) -> list[str]:
    """ES-TER-16, ES-AMB-42: the terrain-penalty options the moving unit's owner chooses
    exactly one of when the unit steps into ``cell``; ``[]`` means no penalty.

    ``mp_left``: the unit's mobility points still unspent after paying the 1 point for this
    step; ``can_pay``: whether the owner can pay 1 extra command cost (holds a command card in
    hand, ES-GEN-9). For a ``"usual"`` card: ``"mp"`` (spend 1 more mobility point) if
    ``mp_left >= 1``, ``"cost"`` (pay 1 more) if ``can_pay``, and ``"shake"`` (shake 1),
    always, so a move is never blocked by the penalty. The card's ``penalty`` overrides:
    ``"none"`` gives ``[]``, ``"shake"`` gives ``["shake"]``."""
    terrain = _of(terrain)
    card_id = terrain["cells"].get(cell)
    if card_id is None:
        return []
    kind = card(card_id)["penalty"]
    if kind == "none":
        return []
    if kind == "shake":
        return ["shake"]
    out = []
    if mp_left >= 1:
        out.append("mp")
    if can_pay:
        out.append("cost")
    out.append("shake")
    return out


# -------------------------------------------------------------------------------- combat


def melee_allowed(terrain: Mapping, attacker_cell: str, target_cell: str) -> bool:
    """ES-TER-18, ES-KW-9: a melee target must be adjacent and its cell connected to the
    attacker's."""
    terrain = _of(terrain)
    return connected(terrain, attacker_cell, target_cell)


def ranged_allowed(terrain: Mapping, attacker_cell: str, target_cell: str) -> bool:
    """ES-TER-19, ES-KW-10, ES-AMB-45: terrain never forbids a ranged attack (connectivity and
    line of sight are ignored); only the range (distance 1..N) is checked, by the core."""
    return True


def attack_bonus(terrain: Mapping, attacker_cell: str, target_cell: str) -> int:
    """ES-TER-20, ES-AMB-44: +1 power to an attacking unit whose cell is higher than the
    target's (melee or ranged); in a joint attack, call it for each participant."""
    terrain = _of(terrain)
    return 1 if height(terrain, attacker_cell) > height(terrain, target_cell) else 0


def defence_malus(terrain: Mapping, attacker_cells: Iterable[str], target_cell: str) -> int:
    """ES-TER-21, ES-AMB-44 (literal reading (a)): -1 to the defender's power, once, if at least
    one participant of the attack is on a lower cell than the target; else 0."""
    terrain = _of(terrain)
    h = height(terrain, target_cell)
    return -1 if any(height(terrain, a) < h for a in attacker_cells) else 0


def cover_bonus(terrain: Mapping, target_cell: str, ranges: Iterable[str]) -> int:
    """Card effect ``cover`` (forests; defined by this content, ES-KW-15 style): +n to the
    defender's power when the target's cell holds a cover card and every participant of the
    attack makes a ranged engagement (``ranges``: ``"melee"``/``"ranged"`` per participant);
    0 otherwise, including for an attack with any melee participant."""
    terrain = _of(terrain)
    card_id = terrain["cells"].get(target_cell)
    ranges = list(ranges)
    if card_id is None or not ranges or any(r != "ranged" for r in ranges):
        return 0
    effect = card(card_id)["effect"]
    return effect["defence"] if effect and effect["kind"] == "cover" else 0


# ------------------------------------------------------------------------- mobility flip


def flip_cells(terrain: Mapping, unit_cell: str, enemy_cells: Collection[str], occupied: Collection[str]) -> list[str]:
    """ES-TER-15, ES-AMB-43, ES-KW-14: the cells the card revealed by a mobility flip may be
    placed on, in grid order: within range II of the moved unit (``unit_cell``, where its
    movement ended), not adjacent to any enemy unit (``enemy_cells``), holding no terrain card
    and no unit (``occupied``: every unit's cell; enemy cells and ``unit_cell`` count as
    occupied anyway). The setup constraints ES-TER-8..11 do not apply."""
    terrain = _of(terrain)
    blocked = set(occupied) | set(enemy_cells) | {unit_cell}
    near_enemy = set().union(*(grid.neighbours(e) for e in enemy_cells)) if enemy_cells else set()
    return [c for c in grid.within(unit_cell, FLIP_RANGE)
            if c not in terrain["cells"] and c not in blocked and c not in near_enemy]


def can_flip(terrain: Mapping, unit_cell: str, enemy_cells: Collection[str], occupied: Collection[str]) -> bool:
    """ES-TER-15, ES-AMB-43: a mobility flip may be made (checked before revealing): the deck is
    not empty and ``flip_cells`` is not empty."""
    terrain = _of(terrain)
    return bool(terrain["deck"]) and bool(flip_cells(terrain, unit_cell, enemy_cells, occupied))


def flip(terrain: dict) -> str:
    """ES-TER-15: reveal (remove and return) the top card of the terrain deck. Call only after
    ``can_flip``; an empty deck raises ``IllegalAction("evs.err.terrain_deck_empty")``."""
    terrain = _of(terrain)
    if not terrain["deck"]:
        raise IllegalAction("evs.err.terrain_deck_empty", "the terrain deck is empty")
    return terrain["deck"].pop(0)


def place_flipped(terrain: dict, card_id: str, cell: str, unit_cell: str, enemy_cells: Collection[str],
                  occupied: Collection[str]) -> Event:
    """ES-TER-15: put the flipped ``card_id`` face-up on ``cell``, which must be one of
    ``flip_cells(terrain, unit_cell, enemy_cells, occupied)`` (else
    ``IllegalAction("evs.err.terrain_flip_cell")``). Does not change ``placed``. Returns the
    public event ``terrain_flipped`` (``card``, ``cell``, ``height``)."""
    terrain = _of(terrain)
    legal = flip_cells(terrain, unit_cell, enemy_cells, occupied)
    if cell not in legal:
        raise IllegalAction("evs.err.terrain_flip_cell", f"{card_id} cannot be placed on {cell}",
                            legal=[f"place {card_id} {c}" for c in legal], cell=cell)
    terrain["cells"][cell] = card_id
    return Event("terrain_flipped", {"card": card_id, "cell": cell, "height": signed(card(card_id)["height"])})
