"""Content loading and validation: every rulebook name/number lives in ``data/*.json``.

``load()`` is cached; it validates component counts (60 unit chips, 32 spire chips, 19
landmarks, 20 market chips, 29 events, 15 relics, 8 isles, 8 earthscapes) and cross
references, raising ``ContentError`` on any inconsistency.
"""
from __future__ import annotations

import json
import os
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Mapping

from .hexgeo import DIRS

DATA = os.path.join(os.path.dirname(__file__), "data")
TERRAINS = ("p", "l", "f", "m", "w")  # path < plains < forest < mountain < lake (CS-MAP-4)
ALLOWANCE: Mapping[str, int] = MappingProxyType({"none": 0, "plains": 1, "forest": 2, "mountain": 3, "lake": 4})
TALENTS_WITH_VALUE = frozenset({"range", "move"})


class ContentError(ValueError):
    pass


def _read(name: str) -> Any:
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return json.load(f)


def _check(cond: object, msg: str) -> None:
    if not cond:
        raise ContentError(msg)


def _check_name(obj: dict, where: str) -> None:
    n = obj.get("name")
    _check(isinstance(n, dict) and n.get("en") and n.get("zh") and n.get("zh_hans"),
           f"{where}: name needs en, zh (rulebook, Traditional) and zh_hans (Simplified)")


def _check_talents(talents: list[str], known: set[str], where: str) -> None:
    for t in talents:
        base = t.split(":")[0]
        _check(base in known, f"{where}: unknown talent {t}")
        if base in TALENTS_WITH_VALUE:
            _check(":" in t and int(t.split(":")[1]) > 0, f"{where}: talent {t} needs a value")


def _check_stats(s: dict, known: set[str], where: str, hero: bool = False) -> None:
    for k in ("hp", "atk", "mv", "terrain", "talents", "reward"):
        _check(k in s, f"{where}: missing {k}")
    _check(s["hp"] >= 1 and s["atk"] >= 0 and s["mv"] >= 1, f"{where}: bad stats")
    _check(s["terrain"] in ALLOWANCE, f"{where}: bad terrain {s['terrain']}")
    if hero:
        _check(s.get("cap", 0) >= 1, f"{where}: hero needs level cap")
    _check_talents(s["talents"], known, where)


def _check_spire_side(s: dict, known: set[str], where: str) -> None:
    _check(all(c in "arf" for c in s["initial"]) and s["initial"], f"{where}: bad initial chips")
    _check(s["cap"] >= 0 and s["reward"] >= 0, f"{where}: bad cap/reward")
    _check_talents(s["talents"], known, where)


@lru_cache(maxsize=1)
def load() -> dict[str, Any]:
    c: dict[str, Any] = {}
    talents = _read("talents.json")["talents"]
    c["talents"] = talents
    known = set(talents)
    dice = _read("dice.json")
    _check(sorted(set(dice["spire_die"]["faces"])) == [0, 1, 2], "spire die faces must include blank, 1, 2")
    c["dice"] = dice
    units: dict[str, dict] = {}
    spires: dict[str, dict] = {}
    _load_factions(c, known, units, spires)
    _load_market(c, known, units, spires)
    c["units"], c["spires"] = units, spires
    _load_landmarks(c, known)
    _load_events_and_relics(c)
    _load_map(c)
    c["tutorial"] = _read("tutorial.json")
    return c


def _load_factions(c: dict[str, Any], known: set[str], units: dict[str, dict], spires: dict[str, dict]) -> None:
    """factions.json: the four factions, their heroes, minions and spires (into ``units`` and
    ``spires``), advancements and fortresses."""
    facs = _read("factions.json")["factions"]
    _check([f["id"] for f in facs] == ["brawnen", "grovetenders", "heirs", "narora"], "four factions")
    n_unit_chips, n_spire_chips = 0, 0
    for f in facs:
        _check_name(f, f["id"])
        n_unit_chips += _load_faction_units(f, known, units)
        _check(len(f["spires"]) == 4, f"{f['id']}: 4 spire types")
        for s in f["spires"]:
            _check_name(s, s["id"])
            for side in ("basic", "promoted"):
                _check_spire_side(s[side], known, f"{s['id']}.{side}")
            spires[s["id"]] = dict(s, faction=f["id"], merc=False)
            n_spire_chips += s["count"]
        _check(sum(1 for s in f["spires"] if not s["requires"]) == 2, f"{f['id']}: two starting spire types")
        f["adv_by_id"] = _advancements(f)
        fort = f["fortress"]
        _check(fort["gate"] == [0, 0] and 1 <= len(fort["wells"]) <= 2, f"{f['id']}: fortress geometry")
    _check(n_unit_chips == 60, f"60 unit chips, got {n_unit_chips}")
    _check(n_spire_chips == 32, f"32 spire chips, got {n_spire_chips}")
    c["factions"] = {f["id"]: f for f in facs}
    c["faction_order"] = [f["id"] for f in facs]


def _load_faction_units(f: dict, known: set[str], units: dict[str, dict]) -> int:
    """A faction's 3 heroes (one starting) and 6 minion types into ``units``; its unit chips."""
    _check(len(f["heroes"]) == 3 and sum(h["start"] for h in f["heroes"]) == 1, f"{f['id']}: 3 heroes, 1 starting")
    for h in f["heroes"]:
        _check_name(h, h["id"])
        _check(h["cp"] == 0 if h["start"] else h["cp"] > 0, f"{h['id']}: starting hero costs 0 CP")
        for side in ("basic", "promoted"):
            _check_stats(h[side], known, f"{h['id']}.{side}", hero=True)
        units[h["id"]] = dict(h, kind="hero", faction=f["id"])
    chips = 3
    _check(len(f["minions"]) == 6, f"{f['id']}: 6 minion types")
    for m in f["minions"]:
        _check_name(m, m["id"])
        for side in ("basic", "promoted"):
            _check_stats(m[side], known, f"{m['id']}.{side}")
        units[m["id"]] = dict(m, kind="minion", faction=f["id"])
        chips += m["count"]
    return chips


def _advancements(f: dict) -> dict[str, dict]:
    """A faction's advancements by id: 3 levels each, with costs and known effects."""
    advs = {}
    for a in f["advancements"]:
        _check_name(a, a["id"])
        _check(len(a["levels"]) == 3, f"{a['id']}: 3 levels")
        for lv in a["levels"]:
            _check(lv["cost"] > 0, "advancement cost")
            eff = lv["effect"]
            kind = eff.split(":")[0]
            _check(kind in ("income", "cap", "cp", "market_discount", "lb", "unlock", "promoted_spires"), f"bad effect {eff}")
            if kind == "unlock":
                _check(any(s["requires"] == eff.split(":")[1] for s in f["spires"]), f"unlock {eff}")
        advs[a["id"]] = a
    return advs


def _load_market(c: dict[str, Any], known: set[str], units: dict[str, dict], spires: dict[str, dict]) -> None:
    """market.json: 20 chips; mercenary spires and units join ``spires`` and ``units``."""
    chips = _read("market.json")["chips"]
    _check(len(chips) == 20, "20 market chips")
    for m in chips:
        _check_name(m, m["id"])
        _check(m["type"] in ("equipment", "merc_spire", "mercenary", "merc_hero") and m["cost"] >= 0, m["id"])
        if m["type"] == "merc_spire":
            _check_spire_side(m["basic"], known, m["id"])
            spires[m["id"]] = {"id": m["id"], "name": m["name"], "cost": 0, "basic": m["basic"],
                               "promoted": m["basic"], "faction": None, "merc": True, "requires": None}
        elif m["type"] in ("mercenary", "merc_hero"):
            for side in ("basic", "promoted"):
                _check_stats(m[side], known, m["id"], hero=m["type"] == "merc_hero")
            units[m["id"]] = dict(m, kind="hero" if m["type"] == "merc_hero" else "minion", faction=None, cp=0)
        else:
            _check_talents(m["talents"], known, m["id"])
    _check({m["type"] for m in chips} == {"equipment", "merc_spire", "mercenary", "merc_hero"}, "market types")
    c["market"] = {m["id"]: m for m in chips}
    c["market_order"] = [m["id"] for m in chips]


def _load_landmarks(c: dict[str, Any], known: set[str]) -> None:
    lm = _read("landmarks.json")
    _check(len(lm["landmarks"]) == 19, "19 landmarks")
    for l in lm["landmarks"]:
        _check_name(l, l["id"])
        _check(l["back"] in lm["backs"] and l["kind"] in ("minion", "structure", "inert"), l["id"])
        _check((l["hp"] > 0) == (l["kind"] != "inert"), f"{l['id']}: health vs kind")
        _check_talents(l["talents"], known, l["id"])
    swamps = [l for l in lm["landmarks"] if l["back"] == "swamp"]
    _check(len(swamps) >= 4, "at least 4 swamp landmarks")
    c["landmarks"] = {l["id"]: l for l in lm["landmarks"]}
    c["landmark_order"] = [l["id"] for l in lm["landmarks"]]
    c["landmark_backs"] = lm["backs"]
    c["set_aside"] = lm["set_aside"]


def _load_events_and_relics(c: dict[str, Any]) -> None:
    ev = _read("events.json")["events"]
    _check(len(ev) == 29, "29 events")
    for e in ev:
        _check_name(e, e["id"])
    c["events"] = {e["id"]: e for e in ev}
    c["event_order"] = [e["id"] for e in ev]
    rel = _read("relics.json")
    _check(len(rel["relics"]) == 15, "15 relics")
    for r in rel["relics"]:
        _check_name(r, r["id"])
    c["relics"] = {r["id"]: r for r in rel["relics"]}
    c["relic_order"] = [r["id"] for r in rel["relics"]]
    _check(len(rel["first_game"]) == 6 and all(r in c["relics"] for r in rel["first_game"]), "6 first-game relics")
    c["first_game_relics"] = rel["first_game"]


def _load_map(c: dict[str, Any]) -> None:
    """isles.json (8 isles, 1 centre, wells on their hexes) and earthscapes.json."""
    isles = _read("isles.json")
    _check(len(isles["isles"]) == 8 and sum(i["centre"] for i in isles["isles"]) == 1, "8 isles, 1 centre")
    for i in isles["isles"]:
        _check_name(i, i["id"])
        cells = {(q, r): t for q, r, t in i["hexes"]}
        _check(all(t in TERRAINS for t in cells.values()), f"{i['id']}: terrain")
        _check(all(tuple(w) in cells for w in i["wells"]), f"{i['id']}: wells on hexes")
        _check(len(i["wells"]) == (1 if i["centre"] else 2), f"{i['id']}: well count")
        if i["centre"]:
            _check(i["wells"] == [[0, 0]], "centre well in its central hex")
            _check(all(cells.get(d) == "p" for d in DIRS), "centre well surrounded by path")
    c["isles"] = {i["id"]: i for i in isles["isles"]}
    c["isle_order"] = [i["id"] for i in isles["isles"]]
    c["ring_offset"] = tuple(isles["ring_offset"])
    c["isle_radius"] = isles["radius"]
    es = _read("earthscapes.json")["earthscapes"]
    _check(len(es) == 8 and any(e["number"] == 11 for e in es), "8 earthscapes incl. #11")
    for e in es:
        _check_name(e, e["id"])
    c["earthscapes"] = {e["id"]: e for e in es}
    c["earthscape_order"] = [e["id"] for e in es]


NAMED_TABLES = ("units", "spires", "market", "landmarks", "earthscapes", "relics", "events", "factions", "isles")


@lru_cache(maxsize=None)
def name_of(ident: str) -> dict | None:
    """The ``{"en", "zh", "zh_hans"}`` name of any content id (unit, spire, market chip,
    landmark, earthscape, relic, event, faction, isle or advancement), or None."""
    c = load()
    for table in NAMED_TABLES:
        entry = c[table].get(ident)
        if isinstance(entry, dict) and "name" in entry:
            return entry["name"]
    for faction in c["factions"].values():
        for adv in faction.get("advancements", []):
            if adv["id"] == ident:
                return adv["name"]
    return None
