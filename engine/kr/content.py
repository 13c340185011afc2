"""Kingdom Rush: Rift in Time content as data: ``data/shapes.json``, ``enemies.json``,
``hordes.json``, ``towers.json``, ``heroes.json``, ``spells.json`` and ``scenarios.json``
(formats: docs/kr/engine.md "Content files"; what had to be authored: docs/rules/kingdom-rush.md
"Content the rulebook does not give").

Loaded once at import and validated by :func:`validate` (which tests also call on altered copies
of the raw JSON); any problem raises :class:`ContentError` (a ``ValueError``) naming the file, the
id and the field. Map and campaign checks live in ``content_checks``.

Exports read-only mappings ``SHAPES``, ``ENEMIES``, ``HORDES``, ``TOWERS``, ``HEROES``, ``SPELLS``,
``SCENARIOS`` (nested dicts are mappingproxies, lists are tuples) and small helpers.
Attacks are normalised: every flag of ``ATTACK_FLAGS`` is present, ``soldiers`` defaults to 0.
"""
from __future__ import annotations

import json
import os
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple

from .content_checks import (DAMAGE, HORDE_KINDS, ICONS, PIONEER_ICONS, ContentError, boolean, cell_xy, choice,
                             fail, horde_counts, ident, integer, keys, pair, refs, road_path, text,
                             validate_scenarios, xy_cell)

__all__ = ["ContentError", "validate", "load_raw", "parse_json", "SHAPES", "ENEMIES", "HORDES", "TOWERS",
           "HEROES", "SPELLS", "SCENARIOS", "tower_family_levels", "tower_upgrades", "scenario_by_number",
           "spawn_path", "deck_cards", "hero_ability", "map_dict", "cell_xy", "xy_cell"]

DATA_DIR = os.path.join(os.path.dirname(__file__), "data")
FILES = {"shapes": "shapes.json", "enemies": "enemies.json", "hordes": "hordes.json", "towers": "towers.json",
         "heroes": "heroes.json", "spells": "spells.json", "scenarios": "scenarios.json"}
FRAME_DIRS = ("F", "FR", "R", "BR", "B", "BL", "L", "FL")
DEFENCES = (None, "physical", "magic", "deadly")                         # KR-GEN-9
AREAS = {"flying": ((1, 2), (2, 1)), "ghost": ((1, 3), (3, 1)),         # KR-GEN-5
         "pioneer": ((5, 1),), "portal_centre": ((1, 1),)}
FAMILIES = ("archer", "mage", "artillery", "barracks")
SLOTS = ((1, None), (2, None), (3, None), (4, "a"), (4, "b"))
ABILITY_KINDS = ("instant", "ongoing", "protection")                     # KR-HACT-7
HERO_IDS = ("alleria", "lilith", "malik", "magnus", "ignus")
ATTACK_FLAGS = ("linked", "free", "precise", "melee", "each", "distinct", "wildcat")
MIN_ENEMIES = 10
# Parameter schemas: "int" 0..9, "shape", "shapes", "damage", "bool", or a tuple of choices.
SPELL_EFFECTS: dict[str, dict[str, str | tuple[str, ...]]] = {      # param -> its kind
    "place_tiles": {"tiles": "shapes", "damage": "damage", "target": ("tray", "portal_or_boss"), "adjacent": "bool",
                    "hero_damage": "int"},
    "chain_tiles": {"tile": "shape", "chain": "shape", "damage": "damage"},
    "soldiers": {"soldiers": "int", "damage": "damage"},
    "upgrade_pass": {"levels": "int"},
}
BOSS_EFFECTS = {"shielded_by_portals": {}, "extra_spawn": {"deck": "int"},
                "damage_near_heroes": {"radius": "int", "damage": "int"}, "heal_adjacent_trays": {"radius": "int"}}
NAMED_SPELLS = ("rain_of_fire", "call_reinforcements", "lightning_bolt", "lightning_strike", "time_gem",
                "hand_of_midas")                                         # KR-SPL-4..9


class Content(NamedTuple):
    shapes: dict
    enemies: dict
    hordes: dict
    towers: dict
    heroes: dict
    spells: dict
    scenarios: dict


def _params(where: str, params: object, schema: dict, shapes: Mapping) -> dict:
    params = keys(where, params, schema)
    for k, kind in schema.items():
        v, w = params[k], f"{where}.{k}"
        if kind == "int":
            integer(w, v, 0, 9)
        elif kind == "bool":
            boolean(w, v)
        elif kind == "damage":
            choice(w, v, DAMAGE)
        elif kind == "shape":
            choice(w, v, shapes)
        elif kind == "shapes":
            if not refs(w, v, shapes, "shape"):
                fail(w, "needs at least one shape")
        else:
            choice(w, v, kind)
    return dict(params)


def _by_id(fn: str, raw: object, top: str) -> list[tuple[str, str, dict]]:
    """(where, id, entry) for every entry of a file's list, rejecting duplicates."""
    raw = keys(fn, raw, {"version", top}, {"comment"})
    integer(f"{fn}.version", raw["version"], 1, 1)
    if not isinstance(raw[top], list):
        fail(fn, f"'{top}' must be a list")
    out, seen = [], set()
    for i, e in enumerate(raw[top]):
        ident(f"{fn}[{i}].id", e.get("id") if isinstance(e, dict) else None)
        if e["id"] in seen:
            fail(f"{fn} {e['id']!r}", "duplicate id")
        seen.add(e["id"])
        out.append((f"{fn} {e['id']!r}", e["id"], e))
    return out


def validate_shapes(raw: object) -> dict[str, tuple]:
    raw = keys("shapes.json", raw, {"version", "shapes"}, {"comment"})
    if not isinstance(raw["shapes"], dict) or not raw["shapes"]:
        fail("shapes.json", "'shapes' must map shape ids to cell lists")
    out = {}
    for sid, cells in raw["shapes"].items():
        where = f"shapes.json {sid!r}"
        if not isinstance(sid, str) or not sid.replace("_", "").isalnum() or not sid.isascii():
            fail(where, "bad shape id")
        if not isinstance(cells, list) or not cells:
            fail(where, "must list at least one cell")
        pts = [pair(f"{where}[{i}]", c, 0, 5) for i, c in enumerate(cells)]
        if len(set(pts)) != len(pts):
            fail(where, "repeats a cell")
        if min(x for x, _ in pts) or min(y for _, y in pts):
            fail(where, "cells must start at column 0 and row 0")
        todo, seen = [pts[0]], {pts[0]}
        while todo:
            x, y = todo.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in set(pts) - seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(pts):
            fail(where, "cells must be orthogonally connected (a polyomino)")
        out[sid] = tuple(sorted(pts, key=lambda p: (p[1], p[0])))
    return out


def validate_enemies(raw: object) -> dict[str, dict]:
    out = {}
    for where, eid, e in _by_id("enemies.json", raw, "enemies"):
        keys(where, e, {"id", "name", "large", "defence"}, {"boss"})
        out[eid] = {"id": eid, "name": text(f"{where}.name", e["name"]), "large": boolean(f"{where}.large", e["large"]),
                    "defence": choice(f"{where}.defence", e["defence"], DEFENCES),
                    "boss": boolean(f"{where}.boss", e.get("boss", False))}
    normal = [e for e in out.values() if not e["boss"]]
    if len(normal) < MIN_ENEMIES or sum(e["large"] for e in normal) < 2:
        fail("enemies.json", f"needs at least {MIN_ENEMIES} enemy kinds, 2 of them large")
    for d in DEFENCES[1:]:
        if not any(e["defence"] == d for e in normal):
            fail("enemies.json", f"no enemy with defence {d!r}")
    for named in ("goblin", "hyena"):
        if named not in out:
            fail("enemies.json", f"the rules name the {named} (KR-DMG-16)")
    return out


def validate_attack(where: str, a: object, shapes: Mapping, owner: str) -> dict:
    """One attack of a tower card (owner "tower") or a hero ("hero")."""
    hero_keys = ("melee", "each", "distinct", "wildcat", "pattern") if owner == "hero" else ()
    a = keys(where, a, {"tiles", "arrows"}, ("soldiers", "linked", "free", "precise") + hero_keys)
    out: dict[str, Any] = {"tiles": refs(f"{where}.tiles", a["tiles"], shapes, "shape"),
                           "soldiers": integer(f"{where}.soldiers", a.get("soldiers", 0), 0, 9)}
    for f in ATTACK_FLAGS:
        out[f] = boolean(f"{where}.{f}", a.get(f, False))
    if not out["tiles"] and not out["soldiers"]:
        fail(where, "an attack places at least one tile or soldier (KR-TWR-4)")
    if not isinstance(a["arrows"], list):
        fail(f"{where}.arrows", "must be a list")
    out["arrows"] = []
    for i, ar in enumerate(a["arrows"]):
        ar = keys(f"{where}.arrows[{i}]", ar, {"dir", "reach"})
        choice(f"{where}.arrows[{i}].dir", ar["dir"], FRAME_DIRS)
        integer(f"{where}.arrows[{i}].reach", ar["reach"], 1, 2)
        out["arrows"].append({"dir": ar["dir"], "reach": ar["reach"]})
    if len({ar["dir"] for ar in out["arrows"]}) != len(out["arrows"]):
        fail(f"{where}.arrows", "repeats a direction")
    if out["precise"] and out["arrows"]:
        fail(where, "a precise attack reaches every road square and shows no arrows (KR-TWR-8)")
    if not (out["arrows"] or out["precise"] or out["melee"] or out["wildcat"]):
        fail(where, "an attack needs range arrows, 'precise', 'melee' or 'wildcat' to have a target")
    if out["linked"] and out["distinct"]:
        fail(where, "'linked' (one tray, KR-DMG-9) and 'distinct' (different trays) exclude each other")
    if out["distinct"] and len(out["tiles"]) < 2:
        fail(where, "'distinct' needs at least 2 tiles")
    if "pattern" in a:
        pat = a["pattern"]
        if not isinstance(pat, list) or len(pat) != len(out["tiles"]) or set(out["tiles"]) != {"1x1"}:
            fail(f"{where}.pattern", "gives one position per tile, for 1x1 tiles only")
        pts = [pair(f"{where}.pattern[{i}]", p, 0, 5) for i, p in enumerate(pat)]
        if len(set(pts)) != len(pts):
            fail(f"{where}.pattern", "repeats a position")
        out["pattern"] = pts
    return out


def _area_ok(kind: str, at: tuple[int, int], size: tuple[int, int], w: int, h: int) -> bool:
    if kind == "pioneer":                   # the bottom row, full width (KR-ICN-15)
        return at == (0, h - 1) and size == (w, 1)
    if kind == "portal_centre":             # the centre(-ish) square (KR-PRT-3)
        return at[0] in ((w - 1) // 2, w // 2) and at[1] in ((h - 1) // 2, h // 2)
    return True


Place = Callable[[str, object, tuple[int, int], str], tuple[int, int]]


def validate_hordes(raw: object, enemies: dict, shapes: Mapping) -> dict[str, dict]:
    out = {}
    for where, hid, h in _by_id("hordes.json", raw, "hordes"):
        kind = choice(f"{where}.kind", h.get("kind"), HORDE_KINDS)
        optional = {"portal": ("portal_level",), "boss": ("boss",), "horde": ("pioneer_icons",)}.get(kind, ())
        keys(where, h, {"id", "name", "kind", "size", "enemies", "icons", "areas", "crystals", "ghost_icon"}, optional)
        w, ht = pair(f"{where}.size", h["size"], 1, 7)
        place = _placer(w, ht)
        card_enemies = _horde_enemies(where, h, kind, enemies, place)
        for k in ("areas", "icons"):
            if not isinstance(h[k], list):
                fail(f"{where}.{k}", "must be a list")
        areas = _horde_areas(where, h, w, ht, place)
        icons = _horde_icons(where, h, w, ht, areas)
        card = {"id": hid, "name": text(f"{where}.name", h["name"]), "kind": kind, "size": (w, ht),
                "enemies": card_enemies, "icons": icons, "areas": areas,
                "crystals": integer(f"{where}.crystals", h["crystals"], 0, 3),
                "ghost_icon": boolean(f"{where}.ghost_icon", h["ghost_icon"]),
                "pioneer_icons": h.get("pioneer_icons"), "portal_level": h.get("portal_level"),
                "boss": _boss_spec(f"{where}.boss", h["boss"], shapes) if kind == "boss" else None}
        _check_horde_card(where, h, card)
        out[hid] = card
    horde_counts(out, enemies)
    return out


def _placer(w: int, ht: int) -> Place:
    """``place(where, at, size, what)``: a thing's square on a ``w`` x ``ht`` card, failing
    when it leaves the grid or overlaps what was placed before."""
    filled: dict[tuple[int, int], str] = {}

    def place(wh: str, at: object, size: tuple[int, int], what: str) -> tuple[int, int]:
        c, r = pair(f"{wh}.at", at, 0, 6)
        if c + size[0] > w or r + size[1] > ht:
            fail(wh, f"{what} at {[c, r]} size {list(size)} leaves the {w}x{ht} grid")
        for dc in range(size[0]):
            for dr in range(size[1]):
                if (c + dc, r + dr) in filled:
                    fail(wh, f"{what} overlaps {filled[(c + dc, r + dr)]} at {[c + dc, r + dr]}")
                filled[(c + dc, r + dr)] = what
        return c, r
    return place


def _horde_enemies(where: str, h: dict, kind: str, enemies: dict, place: Place) -> list[dict]:
    """The card's enemies: known ones, bosses on boss cards only, each on its own squares."""
    card_enemies = []
    if not isinstance(h["enemies"], list) or not h["enemies"]:
        fail(f"{where}.enemies", "a card shows at least one enemy")
    for i, e in enumerate(h["enemies"]):
        we = f"{where}.enemies[{i}]"
        keys(we, e, {"enemy", "at"})
        kind_e = enemies.get(e["enemy"])
        if kind_e is None:
            fail(f"{we}.enemy", f"unknown enemy {e['enemy']!r}")
        if kind_e["boss"] != (kind == "boss"):
            fail(f"{we}.enemy", "boss enemies appear on boss cards only, and only they do")
        at = place(we, e["at"], (2, 2) if kind_e["large"] else (1, 1), f"enemy {e['enemy']}")
        card_enemies.append({"enemy": e["enemy"], "at": at})
    return card_enemies


def _horde_areas(where: str, h: dict, w: int, ht: int, place: Place) -> list[dict]:
    """The card's areas, each of its kind's sizes and in its kind's place."""
    areas = []
    for i, a in enumerate(h["areas"]):
        wa = f"{where}.areas[{i}]"
        keys(wa, a, {"area", "at", "size"})
        akind = choice(f"{wa}.area", a["area"], AREAS)
        size = pair(f"{wa}.size", a["size"], 1, 7)
        if size not in AREAS[akind] and not (akind == "pioneer" and size == (w, 1)):
            fail(f"{wa}.size", f"a {akind} area is {[list(s) for s in AREAS[akind]]}")
        at = place(wa, a["at"], size, f"{akind} area")
        if not _area_ok(akind, at, size, w, ht):
            fail(f"{wa}.at", f"a {akind} area is not in its place on the card")
        areas.append({"area": akind, "at": at, "size": size})
    return areas


def _horde_icons(where: str, h: dict, w: int, ht: int, areas: list[dict]) -> list[dict]:
    """The card's icons, each on its own square of the card outside the areas (KR-ICN-1)."""
    icons: list[dict] = []
    uncoverable = {(a["at"][0] + dc, a["at"][1] + dr) for a in areas
                   for dc in range(a["size"][0]) for dr in range(a["size"][1])}
    for i, ic in enumerate(h["icons"]):
        wi = f"{where}.icons[{i}]"
        keys(wi, ic, {"icon", "at"})
        at = pair(f"{wi}.at", ic["at"], 0, 6)
        if not (at[0] < w and at[1] < ht) or at in uncoverable or at in [x["at"] for x in icons]:
            fail(wi, f"icon square {list(at)} is outside, in an uncoverable area or shared (KR-ICN-1)")
        icons.append({"icon": choice(f"{wi}.icon", ic["icon"], ICONS), "at": at})
    return icons


def _check_horde_card(where: str, h: dict, card: dict) -> None:
    """The rules between a card's kind, areas, crystals and icons (KR-PRT-3, KR-ICN-12..15)."""
    kind = card["kind"]
    count = {k: sum(a["area"] == k for a in card["areas"]) for k in AREAS}
    if count["flying"] > 1 or count["ghost"] > 1 or count["pioneer"] > 1:
        fail(f"{where}.areas", "at most one flying, ghost and pioneer area each")
    if (kind == "portal") != (count["portal_centre"] == 1) or count["portal_centre"] > 1:
        fail(f"{where}.areas", "a portal has exactly one portal_centre area, other cards none (KR-PRT-3)")
    if kind == "portal":
        integer(f"{where}.portal_level", h.get("portal_level"), 1, 4)
    if card["ghost_icon"] != (count["ghost"] == 1) or (card["ghost_icon"] and card["crystals"]):
        fail(where, "a ghost-icon horde has a ghost area and 0 crystals, other cards neither (KR-ICN-12..13)")
    if kind == "ghost" and (card["crystals"] != 2 or count["ghost"] or count["pioneer"]):
        fail(where, "a ghost-deck card pays 2 crystals and has no ghost or pioneer area (KR-ICN-12)")
    if kind == "horde" and not card["ghost_icon"] and not card["crystals"]:
        fail(f"{where}.crystals", "an ordinary horde pays at least 1 crystal")
    if (card["pioneer_icons"] is not None) != (count["pioneer"] == 1):
        fail(where, "a pioneer strip goes with 'pioneer_icons' and vice versa (KR-ICN-15)")
    if card["pioneer_icons"] is not None:
        pi = card["pioneer_icons"]
        if not isinstance(pi, list) or len(pi) != 3 or len(set(pi)) != 3 or not set(pi) <= set(PIONEER_ICONS):
            fail(f"{where}.pioneer_icons", f"3 different icons of {list(PIONEER_ICONS)}")


def _boss_spec(where: str, b: object, shapes: Mapping) -> dict:
    b = keys(where, b, {"stages", "move", "text", "rules"})
    integer(f"{where}.stages", b["stages"], 1, 5)
    integer(f"{where}.move", b["move"], 1, 2)
    text(f"{where}.text", b["text"])
    if not isinstance(b["rules"], list) or not b["rules"]:
        fail(f"{where}.rules", "a boss has at least one rule (KR-BOSS-1)")
    for i, r in enumerate(b["rules"]):
        wr = f"{where}.rules[{i}]"
        keys(wr, r, {"id", "effect", "params", "name", "text"})
        ident(f"{wr}.id", r["id"])
        _params(f"{wr}.params", r["params"], BOSS_EFFECTS[choice(f"{wr}.effect", r["effect"], BOSS_EFFECTS)], shapes)
        text(f"{wr}.name", r["name"])
        text(f"{wr}.text", r["text"])
    return b


def validate_towers(raw: object, shapes: Mapping) -> dict[str, dict]:
    out = {}
    for where, tid, t in _by_id("towers.json", raw, "towers"):
        keys(where, t, {"id", "name", "family", "level", "variant", "damage", "copies", "attacks"})
        if not isinstance(t["attacks"], list) or not t["attacks"]:
            fail(f"{where}.attacks", "every tower card shows at least one attack (KR-TWR-4)")
        out[tid] = {"id": tid, "name": text(f"{where}.name", t["name"]),
                    "family": choice(f"{where}.family", t["family"], FAMILIES),
                    "level": integer(f"{where}.level", t["level"], 1, 4),
                    "variant": choice(f"{where}.variant", t["variant"], ("a", "b") if t["level"] == 4 else (None,)),
                    "damage": choice(f"{where}.damage", t["damage"], DAMAGE),
                    "copies": integer(f"{where}.copies", t["copies"], 1, 9),
                    "attacks": [validate_attack(f"{where}.attacks[{i}]", a, shapes, "tower")
                                for i, a in enumerate(t["attacks"])]}
    for fam in FAMILIES:
        got = sorted(((t["level"], t["variant"] or "") for t in out.values() if t["family"] == fam))
        if got != [(lv, v or "") for lv, v in SLOTS]:
            fail("towers.json", f"family {fam!r} needs exactly L1, L2, L3, L4a, L4b, got {got}")
    if len(out) != len(FAMILIES) * len(SLOTS):
        fail("towers.json", "exactly 20 tower cards")
    return out


def validate_heroes(raw: object, shapes: Mapping, towers: dict) -> dict[str, dict]:
    out, ability_ids = {}, set()
    for where, hid, h in _by_id("heroes.json", raw, "heroes"):
        keys(where, h, {"id", "name", "health", "move", "range", "basic", "skill", "towers", "abilities"}, {"wildcat"})
        rng = choice(f"{where}.range", h["range"], ("melee", "ranged"))
        basic_raw = dict(h["basic"]) if isinstance(h["basic"], dict) else fail(f"{where}.basic", "must be an object")
        damage = choice(f"{where}.basic.damage", basic_raw.pop("damage", None), DAMAGE)
        basic = dict(validate_attack(f"{where}.basic", basic_raw, shapes, "hero"), damage=damage)
        if (rng == "ranged" and not basic["arrows"]) or (rng == "melee") != basic["melee"]:
            fail(f"{where}.basic", "a ranged basic attack has arrows, a melee one is 'melee' (KR-HACT-2..4, "
                                   "KR-AMB-45)")
        keys(f"{where}.skill", h["skill"], {"name", "text", "params"})
        wildcat = None
        if "wildcat" in h:
            keys(f"{where}.wildcat", h["wildcat"], {"name", "move", "health", "base"})
            wildcat = {"name": text(f"{where}.wildcat.name", h["wildcat"]["name"]),
                       "move": integer(f"{where}.wildcat.move", h["wildcat"]["move"], 1, 4),
                       "health": integer(f"{where}.wildcat.health", h["wildcat"]["health"], 1, 4),
                       "base": pair(f"{where}.wildcat.base", h["wildcat"]["base"], 1, 2)}
        start = refs(f"{where}.towers", h["towers"], towers, "tower")
        if not 1 <= len(start) <= 5 or any(towers[t]["level"] != 1 for t in start):
            fail(f"{where}.towers", "the starting set is 1 to 5 level-1 towers (KR-SET-4)")
        abilities = []
        if not isinstance(h["abilities"], list) or len(h["abilities"]) < 3:
            fail(f"{where}.abilities", "at least 3 abilities (KR-AMB-36)")
        for i, a in enumerate(h["abilities"]):
            wa = f"{where}.abilities[{i}]"
            keys(wa, a, {"id", "name", "kind", "damage", "attacks", "text"}, {"params", "designed"})
            aid = ident(f"{wa}.id", a["id"])
            if aid in ability_ids:
                fail(f"{wa}.id", f"duplicate ability id {aid!r}")
            ability_ids.add(aid)
            if not isinstance(a["attacks"], list):
                fail(f"{wa}.attacks", "must be a list")
            attacks = [validate_attack(f"{wa}.attacks[{j}]", x, shapes, "hero") for j, x in enumerate(a["attacks"])]
            if attacks and a["damage"] is None:
                fail(f"{wa}.damage", "an ability that places tiles or soldiers states its damage type")
            if any(x["wildcat"] for x in attacks) and wildcat is None:
                fail(f"{wa}.attacks", "targets the wildcat, but the hero has none (KR-ALL-7)")
            params = a.get("params", {})
            if not isinstance(params, dict):
                fail(f"{wa}.params", "must be an object")
            abilities.append({"id": aid, "name": text(f"{wa}.name", a["name"]),
                              "kind": choice(f"{wa}.kind", a["kind"], ABILITY_KINDS),
                              "damage": choice(f"{wa}.damage", a["damage"], (None,) + DAMAGE), "attacks": attacks,
                              "params": params, "designed": boolean(f"{wa}.designed", a.get("designed", False)),
                              "text": text(f"{wa}.text", a["text"])})
        out[hid] = {"id": hid, "name": text(f"{where}.name", h["name"]),
                    "health": integer(f"{where}.health", h["health"], 1, 12),
                    "move": integer(f"{where}.move", h["move"], 1, 6), "range": rng, "basic": basic,
                    "skill": {"name": text(f"{where}.skill.name", h["skill"]["name"]),
                              "text": text(f"{where}.skill.text", h["skill"]["text"]), "params": h["skill"]["params"]},
                    "wildcat": wildcat, "towers": start, "abilities": abilities}
    if tuple(out) != HERO_IDS:
        fail("heroes.json", f"the five heroes of the rules, in order {list(HERO_IDS)}")
    return out


def validate_spells(raw: object, shapes: Mapping) -> dict[str, dict]:
    out = {}
    for where, sid, s in _by_id("spells.json", raw, "spells"):
        keys(where, s, {"id", "name", "energy", "effect", "params", "text"})
        effect = choice(f"{where}.effect", s["effect"], SPELL_EFFECTS)
        out[sid] = {"id": sid, "name": text(f"{where}.name", s["name"]),
                    "energy": integer(f"{where}.energy", s["energy"], 1, 2), "effect": effect,
                    "params": _params(f"{where}.params", s["params"], SPELL_EFFECTS[effect], shapes),
                    "text": text(f"{where}.text", s["text"])}
    for named in NAMED_SPELLS:
        if named not in out:
            fail("spells.json", f"missing the spell {named!r} (KR-SPL-4..9)")
    return out


def validate(raw: dict) -> Content:
    """Validate the raw JSON of every file (``{"shapes": <shapes.json object>, ...}``)."""
    keys("content", raw, FILES)
    shapes = validate_shapes(raw["shapes"])
    enemies = validate_enemies(raw["enemies"])
    hordes = validate_hordes(raw["hordes"], enemies, shapes)
    towers = validate_towers(raw["towers"], shapes)
    heroes = validate_heroes(raw["heroes"], shapes, towers)
    spells = validate_spells(raw["spells"], shapes)
    c = {"hordes": hordes, "towers": towers, "heroes": heroes, "spells": spells}
    keys("scenarios.json", raw["scenarios"], {"version", "scenarios"}, {"comment"})
    scenarios = validate_scenarios(raw["scenarios"]["scenarios"], c)
    return Content(shapes, enemies, hordes, towers, heroes, spells, scenarios)


def parse_json(data: str, fn: str) -> Any:
    """JSON text to objects, rejecting duplicate keys (a duplicated road square would be a split)."""
    def pairs(items: list) -> dict:
        out: dict = {}
        for k, v in items:
            if k in out:
                fail(fn, f"duplicate key {k!r}")
            out[k] = v
        return out
    try:
        return json.loads(data, object_pairs_hook=pairs)
    except json.JSONDecodeError as e:
        fail(fn, f"bad JSON: {e}")


def load_raw(data_dir: str = DATA_DIR) -> dict:
    raw = {}
    for key, fn in FILES.items():
        with open(os.path.join(data_dir, fn), encoding="utf-8") as f:
            raw[key] = parse_json(f.read(), fn)
    return raw


def _freeze(o: Any) -> Any:
    if isinstance(o, dict):
        return MappingProxyType({k: _freeze(v) for k, v in o.items()})
    if isinstance(o, (list, tuple)):
        return tuple(_freeze(v) for v in o)
    return o


_C = validate(load_raw())
SHAPES: Mapping[str, tuple] = _freeze(_C.shapes)
ENEMIES: Mapping[str, Mapping] = _freeze(_C.enemies)
HORDES: Mapping[str, Mapping] = _freeze(_C.hordes)
TOWERS: Mapping[str, Mapping] = _freeze(_C.towers)
HEROES: Mapping[str, Mapping] = _freeze(_C.heroes)
SPELLS: Mapping[str, Mapping] = _freeze(_C.spells)
SCENARIOS: Mapping[str, Mapping] = _freeze(_C.scenarios)
del _C


def _thaw(o: Any) -> Any:
    if isinstance(o, Mapping):
        return {k: _thaw(v) for k, v in o.items()}
    if isinstance(o, tuple):
        return [_thaw(v) for v in o]
    return o


def map_dict(scenario: str) -> dict:
    """A scenario's map as a fresh plain dict in the JSON shape (lists, not tuples), for parsers
    that want docs/kr/engine.md's format."""
    return _thaw(SCENARIOS[scenario]["map"])


@lru_cache(maxsize=None)         # the content is frozen: kept per family, and per tower below
def tower_family_levels(family: str) -> tuple[str, ...]:
    """The family's five tower ids in the order L1, L2, L3, L4a, L4b."""
    by_slot = {(t["level"], t["variant"]): t["id"] for t in TOWERS.values() if t["family"] == family}
    if not by_slot:
        raise KeyError(family)
    return tuple(by_slot[s] for s in SLOTS)


@lru_cache(maxsize=None)
def tower_upgrades(tower: str) -> tuple[str, ...]:
    """The cards one level up in the same family (two for an L3, none for an L4; KR-PASS-2, KR-AMB-13)."""
    t = TOWERS[tower]
    return tuple(i for i in tower_family_levels(t["family"]) if TOWERS[i]["level"] == t["level"] + 1)


def scenario_by_number(number: int) -> Mapping:
    for s in SCENARIOS.values():
        if s["number"] == number:
            return s
    raise KeyError(number)


def spawn_path(scenario: str, marker: int) -> tuple[str, ...]:
    """Road squares from spawn point ``marker`` to the last square before its exit."""
    m = SCENARIOS[scenario]["map"]
    return tuple(road_path(dict(m["road"]), m["spawns"][marker - 1]["cell"]))


def deck_cards(scenario: str, marker: int, players: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(horde cards, portal cards) of a spawn deck for a player count: the 'extra' cards join with
    3 players ("3") and 4 players ("3" and "4")."""
    d = SCENARIOS[scenario]["spawn_decks"][marker - 1]
    extra = d.get("extra", {})
    more = [h for n in ("3", "4") if players >= int(n) for h in extra.get(n, ())]
    return tuple(d["hordes"]) + tuple(more), tuple(d["portals"])


def hero_ability(ability: str) -> tuple[str, Mapping]:
    """(hero id, ability) for an ability id."""
    for h in HEROES.values():
        for a in h["abilities"]:
            if a["id"] == ability:
                return h["id"], a
    raise KeyError(ability)
