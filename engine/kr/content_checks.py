"""Validation helpers for engine/kr/content.py, and the checks of scenario maps and of the campaign
(docs/kr/engine.md "Scenario maps", docs/rules/kingdom-rush.md "Content the rulebook does not give").

Every problem raises :class:`ContentError` (a ``ValueError``) naming the file, the id and the field.
"""
from __future__ import annotations

import re
from typing import Any

from engine.content_checks import (ID_RE, LANGS, ContentError, boolean, choice, fail, ident, integer,  # noqa: F401
                                   keys, pair, refs, text)

CELL_RE = re.compile(r"^([A-Z])([1-9][0-9]?)$")
DAMAGE = ("physical", "magic", "true")
PLAYER_COLOURS = ("red", "blue", "green", "yellow")     # 2 players use the first 2, ... (KR-AMB-3)
COLOURS = PLAYER_COLOURS + ("white",)                   # white sites: KR-WHT
SIDES = ("N", "E", "S", "W")
STEPS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
PIONEER_ICONS = ("axe", "pick", "saw")                  # KR-ICN-15
SHUFFLES = ("fixed", "shuffle", "portals_lower_half", "portals_bottom")
VICTORIES = ("portals", "survive", "boss")              # KR-END-1, KR-END-6, KR-BOSS-1
DIFFICULTIES = ("easy", "normal", "hard")
MAX_MAP = (12, 10)
SITE_REACH = 2           # a site must be within 2 squares of the road (double arrows, KR-AMB-5)
SPELLS_FROM, WHITE_FROM = 4, 5                          # KR-SET-9, KR-SPL-1, KR-WHT-1
MIN_SCENARIOS, MIN_BRANCHED, MIN_TWO_EXITS = 8, 3, 2
ICONS = ("heal", "swift", "target")                                      # KR-ICN-2..4
HORDE_KINDS = ("horde", "portal", "ghost", "boss")
GHOST_CARDS, MIN_HORDES, MIN_ICON_USES = 6, 30, 2                        # KR-ICN-12, the content brief


def horde_counts(out: dict, enemies: dict) -> None:
    """hordes.json as a whole: the card counts the campaign needs (KR-ICN-12, content brief)."""
    by_kind = {k: [h for h in out.values() if h["kind"] == k] for k in HORDE_KINDS}
    if len(by_kind["horde"]) < MIN_HORDES:
        fail("hordes.json", f"needs at least {MIN_HORDES} horde cards")
    if len(by_kind["ghost"]) != GHOST_CARDS:
        fail("hordes.json", f"the ghost deck has exactly {GHOST_CARDS} cards (KR-ICN-12)")
    for icon in ICONS:
        n = sum(ic["icon"] == icon for h in out.values() for ic in h["icons"])
        if n < MIN_ICON_USES:
            fail("hordes.json", f"the {icon!r} icon is used {n} time(s), at least {MIN_ICON_USES} wanted")
    hordes = by_kind["horde"]
    needs = {
        "portal cards": len(by_kind["portal"]) >= 2, "a boss card": len(by_kind["boss"]) >= 1,
        "2 flying hordes": sum(any(a["area"] == "flying" for a in h["areas"]) for h in hordes) >= 2,
        "2 hordes with large enemies": sum(any(enemies[e["enemy"]]["large"] for e in h["enemies"])
                                           for h in hordes) >= 2,
        "2 hordes with deadly enemies": sum(any(enemies[e["enemy"]]["defence"] == "deadly" for e in h["enemies"])
                                            for h in hordes) >= 2,
        "2 hordes with a ghost icon": sum(h["ghost_icon"] for h in hordes) >= 2,
        "2 pioneer hordes": sum(h["pioneer_icons"] is not None for h in hordes) >= 2,
    }
    for what, ok in needs.items():
        if not ok:
            fail("hordes.json", f"needs {what}")


# ---- map squares ---------------------------------------------------------------------------------

def cell_xy(name: str) -> tuple[int, int]:
    """``"A1"`` -> ``(0, 0)``; ``(x, y)`` with x the column index and y = row - 1."""
    m = CELL_RE.match(name) if isinstance(name, str) else None
    if not m:
        raise ValueError(f"bad square name {name!r}")
    return ord(m.group(1)) - ord("A"), int(m.group(2)) - 1


def xy_cell(x: int, y: int) -> str:
    return f"{chr(ord('A') + x)}{y + 1}"


def _square(where: str, name: object, w: int, h: int) -> tuple[int, int]:
    try:
        x, y = cell_xy(name)   # type: ignore[arg-type]
    except ValueError:
        fail(where, f"bad square name {name!r}")
    if not (0 <= x < w and 0 <= y < h):
        fail(where, f"square {name} is outside the {w}x{h} map")
    return x, y


def road_path(road: dict[str, str], start: str) -> list[str]:
    """The road squares from ``start`` to the last square before an exit (the map is validated)."""
    path = [start]
    while road.get(path[-1]) in road:
        path.append(road[path[-1]])
    return path


def validate_map(where: str, m: object) -> dict:
    """docs/kr/engine.md "Scenario maps": squares inside, successors touching, no cycle, every path
    ends at an exit on its side, merges but no splits (a JSON object has one value per key; the
    loader rejects duplicate keys), spawns on the road, sites off the road and near it, colours."""
    m = keys(where, m, {"size", "road", "exits", "spawns", "sites"}, {"entry", "pioneer_cards"})
    w, h = pair(f"{where}.size", m["size"], 1, max(MAX_MAP))
    if w > MAX_MAP[0] or h > MAX_MAP[1]:
        fail(f"{where}.size", f"at most {MAX_MAP[0]}x{MAX_MAP[1]}")
    exits = m["exits"]
    if not isinstance(exits, dict) or not exits:
        fail(f"{where}.exits", "must map at least one exit id to its side")
    for e, spec in exits.items():
        ident(f"{where}.exits", e)
        keys(f"{where}.exits.{e}", spec, {"side"})
        choice(f"{where}.exits.{e}.side", spec["side"], SIDES)
    road = m["road"]
    if not isinstance(road, dict) or not road:
        fail(f"{where}.road", "must map road squares to their successors")
    used = set()
    for sq, nxt in road.items():
        wr = f"{where}.road.{sq}"
        x, y = _square(wr, sq, w, h)
        if nxt in exits:
            side = exits[nxt]["side"]
            dx, dy = STEPS[side]
            if 0 <= x + dx < w and 0 <= y + dy < h:
                fail(wr, f"leads to exit {nxt!r} but is not on the map's {side} edge")
            used.add(nxt)
            continue
        if nxt not in road:
            fail(wr, f"successor {nxt!r} is neither a road square nor an exit")
        nx, ny = cell_xy(nxt)
        if abs(nx - x) + abs(ny - y) != 1:
            fail(wr, f"successor {nxt} does not touch it (orthogonally adjacent)")
    if used != set(exits):
        fail(f"{where}.exits", f"exit(s) {sorted(set(exits) - used)} reached by no road")
    for sq in road:                       # no cycles: every walk ends at an exit
        seen = set()
        cur = sq
        while cur in road:
            if cur in seen:
                fail(f"{where}.road", f"the road from {sq} loops through {cur}")
            seen.add(cur)
            cur = road[cur]
    spawns = m["spawns"]
    if not isinstance(spawns, list) or not spawns:
        fail(f"{where}.spawns", "must list at least one spawn point")
    paths: dict[int, list[str]] = {}
    for i, s in enumerate(spawns):
        ws = f"{where}.spawns[{i}]"
        keys(ws, s, {"marker", "cell"})
        if integer(f"{ws}.marker", s["marker"], 1, 9) != i + 1:
            fail(f"{ws}.marker", "spawn markers are numbered 1, 2, ... in order (KR-SPN-1)")
        if s["cell"] not in road:
            fail(f"{ws}.cell", f"{s['cell']!r} is not a road square (KR-SPN-3)")
        if any(s["cell"] == p[0] for p in paths.values()):
            fail(f"{ws}.cell", f"two spawn points on {s['cell']}")
        paths[s["marker"]] = road_path(road, s["cell"])
    on_paths = {sq for p in paths.values() for sq in p}
    for sq in road:
        if sq not in on_paths:
            fail(f"{where}.road.{sq}", "is on no spawn point's path")
    if "entry" in m:
        if road.get(m["entry"]) not in exits:
            fail(f"{where}.entry", f"{m['entry']!r} is not a last road square before an exit (KR-HERO-7)")
    elif len(exits) > 1:
        fail(where, "a map with several exits names the hero 'entry' square (KR-HERO-7)")
    _sites(where, m["sites"], w, h, road)
    for i, p in enumerate(m.get("pioneer_cards", [])):
        wp = f"{where}.pioneer_cards[{i}]"
        keys(wp, p, {"icon", "cell"})
        choice(f"{wp}.icon", p["icon"], PIONEER_ICONS)
        if p["icon"] in [q["icon"] for q in m["pioneer_cards"][:i]]:
            fail(f"{wp}.icon", f"two pioneer cards show {p['icon']!r}")
        if len(blocked_spawns(m, p["cell"])) != 1 or p["cell"] in [q["cell"] for q in m["pioneer_cards"][:i]]:
            fail(f"{wp}.cell", f"{p['cell']!r} must lie on the road of exactly one spawn point, before any "
                               f"merge, and hold one card (KR-ICN-15, KR-ICN-18)")
    return m


def _sites(where: str, sites: object, w: int, h: int, road: dict) -> None:
    if not isinstance(sites, list) or not sites:
        fail(f"{where}.sites", "must list the building sites")
    road_xy = [cell_xy(sq) for sq in road]
    taken: set[str] = set()
    for i, s in enumerate(sites):
        ws = f"{where}.sites[{i}]"
        keys(ws, s, {"cell", "colour", "players"})
        x, y = _square(f"{ws}.cell", s["cell"], w, h)
        if s["cell"] in taken:
            fail(f"{ws}.cell", f"two sites on {s['cell']}")
        taken.add(s["cell"])
        if s["cell"] in road:
            fail(f"{ws}.cell", f"{s['cell']} is a road square (KR-GEN-2)")
        if min(max(abs(x - rx), abs(y - ry)) for rx, ry in road_xy) > SITE_REACH:
            fail(f"{ws}.cell", f"{s['cell']} is more than {SITE_REACH} squares from the road")
        choice(f"{ws}.colour", s["colour"], COLOURS)
        ps = s["players"]
        if not isinstance(ps, list) or not ps or ps != sorted(set(ps)):
            fail(f"{ws}.players", "must list distinct player counts in increasing order")
        for p in ps:
            integer(f"{ws}.players", p, 1, 4)
    for p in (1, 2, 3, 4):
        want = PLAYER_COLOURS[:3 if p == 1 else p]        # solo uses 3 colours (KR-SOLO-2)
        got = [s["colour"] for s in sites if p in s["players"] and s["colour"] != "white"]
        if set(got) != set(want):
            fail(f"{where}.sites", f"{p} player(s) use colours {sorted(set(got))}, want {list(want)}")
        for c in want:
            if got.count(c) < 2:
                fail(f"{where}.sites", f"{p} player(s): colour {c} has fewer than 2 sites")


def blocked_spawns(m: dict, cell: str) -> list[int]:
    """Markers whose road passes ``cell``: a pioneer card there cuts them off (KR-ICN-15)."""
    return [s["marker"] for s in m["spawns"] if cell in road_path(m["road"], s["cell"])]


def has_merge(m: dict) -> bool:
    """A branching map (KR-ICN-19): some square is the successor of two road squares."""
    nxt = [v for v in m["road"].values() if v in m["road"]]
    return len(nxt) != len(set(nxt))


# ---- scenarios and the campaign ------------------------------------------------------------------

SCENARIO_KEYS = ("id", "number", "name", "intro", "map", "spawn_decks", "initial", "difficulty", "level_cap",
                 "supply", "starting_hand", "victory", "spells", "ghosts", "boss", "unlocks")


def validate_scenarios(raw: object, c: dict) -> dict[str, dict]:
    """scenarios.json against the validated hordes, towers, heroes and spells in ``c``."""
    if not isinstance(raw, list):
        fail("scenarios.json", "'scenarios' must be a list")
    out: dict[str, dict] = {}
    for i, s in enumerate(raw):
        where = f"scenarios.json[{i}]"
        keys(where, s, SCENARIO_KEYS)
        sid = ident(f"{where}.id", s["id"])
        where = f"scenarios.json {sid!r}"
        if sid in out:
            fail(where, "duplicate id")
        out[sid] = _scenario(where, s, c)
    _campaign(out, c)
    return out


def _scenario(where: str, s: dict, c: dict) -> dict:
    hordes, towers = c["hordes"], c["towers"]
    number = integer(f"{where}.number", s["number"], 1, 30)
    text(f"{where}.name", s["name"])
    text(f"{where}.intro", s["intro"])
    m = validate_map(f"{where}.map", s["map"])
    cap = integer(f"{where}.level_cap", s["level_cap"], 1, 4)
    markers = [sp["marker"] for sp in m["spawns"]]
    decks = s["spawn_decks"]
    if not isinstance(decks, list) or [d.get("marker") if isinstance(d, dict) else None for d in decks] != markers:
        fail(f"{where}.spawn_decks", f"one deck per spawn marker, in order {markers} (KR-SET-7)")
    cards: list[str] = []

    def kind_refs(w: str, ids: object, kind: str) -> list[str]:
        got = refs(w, ids, [h for h, card in hordes.items() if card["kind"] == kind], f"{kind} card")
        for j, h in enumerate(got):
            if h in cards:
                fail(f"{w}[{j}]", f"card {h!r} is used twice in this scenario")
            cards.append(h)
        return got

    deck_cards: dict[int, list[str]] = {}
    for d in decks:
        wd = f"{where}.spawn_decks[{d['marker'] - 1}]"
        keys(wd, d, {"marker", "hordes", "portals", "shuffle"}, {"extra"})
        deck_cards[d["marker"]] = kind_refs(f"{wd}.hordes", d["hordes"], "horde")
        for j, p in enumerate(kind_refs(f"{wd}.portals", d["portals"], "portal")):
            if hordes[p]["portal_level"] > cap:
                fail(f"{wd}.portals[{j}]", f"portal level {hordes[p]['portal_level']} is above the level cap "
                                            f"{cap}: no tower could attack it (KR-PRT-4)")
        choice(f"{wd}.shuffle", d["shuffle"], SHUFFLES)
        extra = d.get("extra", {})
        keys(f"{wd}.extra", extra, (), ("3", "4"))
        for n, ids in extra.items():
            deck_cards[d["marker"]] += kind_refs(f"{wd}.extra.{n}", ids, "horde")
    if not isinstance(s["initial"], list):
        fail(f"{where}.initial", "must list the hordes on the map at the start (KR-RND-2)")
    spots = set()
    for j, ini in enumerate(s["initial"]):
        wi = f"{where}.initial[{j}]"
        keys(wi, ini, {"horde", "cell"}, {"min_players"})
        if ini["horde"] not in [h for h, card in hordes.items() if card["kind"] == "horde"] or ini["horde"] in cards:
            fail(f"{wi}.horde", f"{ini['horde']!r} is not an unused horde card")
        cards.append(ini["horde"])
        if ini["cell"] not in m["road"] or ini["cell"] in spots:
            fail(f"{wi}.cell", f"{ini['cell']!r} is not a free road square")
        spots.add(ini["cell"])
        if "min_players" in ini:
            integer(f"{wi}.min_players", ini["min_players"], 2, 4)
    _difficulty(f"{where}.difficulty", s["difficulty"], len(markers))
    _supply(where, s, towers, c["heroes"], cap)
    v = s["victory"]
    kind = choice(f"{where}.victory.kind", v.get("kind") if isinstance(v, dict) else None, VICTORIES)
    keys(f"{where}.victory", v, {"kind"}, {"rounds"} if kind == "survive" else ())
    portals = [p for d in decks for p in d["portals"]]
    if kind == "survive":
        integer(f"{where}.victory.rounds", v.get("rounds"), 2, 30)
    if kind == "portals" and not portals:
        fail(f"{where}.victory", "'portals' victory needs portals in the spawn decks (KR-PRT-2)")
    sp = s["spells"]
    if sp is not None:
        if number < SPELLS_FROM:
            fail(f"{where}.spells", f"spells are used from scenario {SPELLS_FROM} (KR-SET-9)")
        keys(f"{where}.spells", sp, {"allowed", "energy"})
        allowed = refs(f"{where}.spells.allowed", sp["allowed"], c["spells"], "spell")
        if not allowed:
            fail(f"{where}.spells.allowed", "empty (use null for no spells)")
        integer(f"{where}.spells.energy", sp["energy"], min(c["spells"][x]["energy"] for x in allowed), 8)
    ghost_cards = [h for h in cards if hordes[h]["ghost_icon"]]
    if boolean(f"{where}.ghosts", s["ghosts"]) != bool(ghost_cards):
        fail(f"{where}.ghosts", "true exactly when a horde card with a ghost icon is used (KR-SET-8, KR-ICN-12)")
    _pioneers(where, m, deck_cards, hordes)
    _boss(where, s["boss"], kind, markers, hordes)
    if number < WHITE_FROM and any(st["colour"] == "white" for st in m["sites"]):
        fail(f"{where}.map.sites", f"white sites appear from scenario {WHITE_FROM} (KR-WHT-1)")
    keys(f"{where}.unlocks", s["unlocks"], {"scenarios", "spells"})
    for k in ("scenarios", "spells"):
        if not isinstance(s["unlocks"][k], list):
            fail(f"{where}.unlocks.{k}", "must be a list of ids")
    return s


def _difficulty(where: str, d: object, markers: int) -> None:
    if not isinstance(d, dict) or not set(DIFFICULTIES) <= set(d):
        fail(where, f"needs at least {list(DIFFICULTIES)} (KR-SET-10)")
    for name, spec in d.items():
        ident(where, name)
        keys(f"{where}.{name}", spec, {"hearts", "crystals"}, {"waves"})
        integer(f"{where}.{name}.hearts", spec["hearts"], 1, 40)
        integer(f"{where}.{name}.crystals", spec["crystals"], 0, 12)          # KR-BUY-6
        waves = spec.get("waves", {})                  # decks per spawn point by player count
        keys(f"{where}.{name}.waves", waves, (), ("1", "2", "3", "4"))
        for n, count in waves.items():                # one number, or one per spawn marker
            if isinstance(count, list) and len(count) != markers:
                fail(f"{where}.{name}.waves.{n}", f"one number, or one per spawn marker ({markers})")
            for j, c in enumerate(count if isinstance(count, list) else [count]):
                integer(f"{where}.{name}.waves.{n}[{j}]", c, 1, 6)
    hearts = [d[n]["hearts"] for n in DIFFICULTIES]
    if hearts != sorted(hearts, reverse=True):
        fail(where, "Kingdom hearts must not rise from easy to hard")


def _supply(where: str, s: dict, towers: dict, heroes: dict, cap: int) -> None:
    sup = s["supply"]
    if not isinstance(sup, dict):
        fail(f"{where}.supply", "must map tower ids to copies")
    for t, n in sup.items():
        if t not in towers:
            fail(f"{where}.supply.{t}", "unknown tower")
        integer(f"{where}.supply.{t}", n, 0, towers[t]["copies"])
        if towers[t]["level"] > cap and n:
            fail(f"{where}.supply.{t}", f"level {towers[t]['level']} is above the level cap {cap} (KR-PASS-5)")
    for fam in sorted({t["family"] for t in towers.values()}):
        for lv in range(1, cap + 1):
            if not any(sup.get(t, 0) for t, d in towers.items() if d["family"] == fam and d["level"] == lv):
                fail(f"{where}.supply", f"no {fam} tower of level {lv} (the cap is {cap})")
    hand = s["starting_hand"]
    keys(f"{where}.starting_hand", hand, {"each", "solo"})
    for k in ("each", "solo"):
        for j, t in enumerate(refs(f"{where}.starting_hand.{k}", hand[k], sup, "supplied tower")):
            if towers[t]["level"] > cap:
                fail(f"{where}.starting_hand.{k}[{j}]", "above the level cap")
    for t in sup:      # the starting hands come out of the supply (4 players, or solo)
        per = sorted((h["towers"].count(t) for h in heroes.values()), reverse=True)
        need = max(sum(per[:4]) + 4 * hand["each"].count(t), per[0] + hand["each"].count(t) + hand["solo"].count(t))
        if need > sup[t]:
            fail(f"{where}.supply.{t}", f"{sup[t]} copies cannot cover the starting hands ({need}, KR-SET-4)")
    for h in heroes.values():
        for t in h["towers"]:
            if t not in sup:
                fail(f"{where}.supply", f"hero {h['id']!r} starts with {t!r}, which is not supplied")


def _pioneers(where: str, m: dict, deck_cards: dict, hordes: dict) -> None:
    cards = m.get("pioneer_cards", [])
    blocked = {k for p in cards for k in blocked_spawns(m, p["cell"])}
    open_pioneers = [h for k, ids in deck_cards.items() if k not in blocked for h in ids if hordes[h]["pioneer_icons"]]
    if len(open_pioneers) < len(cards):
        fail(f"{where}.spawn_decks", f"{len(cards)} pioneer card(s) need as many pioneer hordes in the decks of "
                                     f"open spawn points (KR-ICN-16)")
    icons = {i for h in open_pioneers for i in hordes[h]["pioneer_icons"]}
    for p in cards:
        if p["icon"] not in icons:
            fail(f"{where}.map.pioneer_cards", f"no pioneer horde shows the {p['icon']!r} icon")


def _boss(where: str, b: object, victory: str, markers: list[int], hordes: dict) -> None:
    if b is None:
        if victory == "boss":
            fail(f"{where}.boss", "a 'boss' victory needs a boss (KR-BOSS-1)")
        return
    b = keys(f"{where}.boss", b, {"card", "spawn", "round"})
    if hordes.get(b["card"], {}).get("kind") != "boss":
        fail(f"{where}.boss.card", f"unknown boss card {b['card']!r}")
    choice(f"{where}.boss.spawn", b["spawn"], markers)
    integer(f"{where}.boss.round", b["round"], 1, 30)
    for r in hordes[b["card"]]["boss"]["rules"]:
        if "deck" in r["params"] and r["params"]["deck"] not in markers:
            fail(f"{where}.boss", f"boss rule {r['id']!r} draws from deck {r['params']['deck']}, not in this map")


def _campaign(scen: dict[str, dict], c: dict) -> None:
    """KR-SET-1 and the content brief: a campaign of rising scenarios with the features spread out."""
    by_number = sorted(scen.values(), key=lambda s: s["number"])
    if [s["number"] for s in by_number] != list(range(1, len(by_number) + 1)):
        fail("scenarios.json", "scenario numbers must be 1, 2, ... without gaps")
    if len(by_number) < MIN_SCENARIOS:
        fail("scenarios.json", f"needs at least {MIN_SCENARIOS} scenarios")
    unlocked_spells: set[str] = set()
    reached = {by_number[0]["id"]}
    for s in by_number:
        where = f"scenarios.json {s['id']!r}"
        if s["id"] not in reached:
            fail(where, "is unlocked by no earlier scenario")
        for sp in (s["spells"] or {}).get("allowed", []):
            if sp not in unlocked_spells:
                fail(f"{where}.spells.allowed", f"{sp!r} is not unlocked by an earlier scenario")
        for j, u in enumerate(refs(f"{where}.unlocks.scenarios", s["unlocks"]["scenarios"], scen, "scenario")):
            if scen[u]["number"] <= s["number"]:
                fail(f"{where}.unlocks.scenarios[{j}]", "unlocks only later scenarios")
            reached.add(u)
        unlocked_spells.update(refs(f"{where}.unlocks.spells", s["unlocks"]["spells"], c["spells"], "spell"))
    first, last = by_number[0], by_number[-1]
    m = first["map"]
    xs = {cell_xy(sq)[0] for sq in m["road"]}
    ys = {cell_xy(sq)[1] for sq in m["road"]}
    if len(m["spawns"]) != 1 or len(m["exits"]) != 1 or (len(xs) > 1 and len(ys) > 1):
        fail(f"scenarios.json {first['id']!r}.map", "scenario 1 teaches the basics: one straight road")
    if last["boss"] is None or last["victory"]["kind"] != "boss":
        fail(f"scenarios.json {last['id']!r}", "the final scenario is a boss fight (KR-BOSS)")
    needs = [
        (sum(has_merge(s["map"]) for s in by_number) >= MIN_BRANCHED, f"{MIN_BRANCHED} maps with merging roads"),
        (sum(len(s["map"]["exits"]) > 1 for s in by_number) >= MIN_TWO_EXITS, f"{MIN_TWO_EXITS} maps with two exits"),
        (any(s["spells"] for s in by_number), "a scenario with spells"),
        (any(st["colour"] == "white" for s in by_number for st in s["map"]["sites"]), "white sites"),
        (any(s["ghosts"] for s in by_number), "a scenario with ghosts"),
        (any(s["map"].get("pioneer_cards") for s in by_number), "a scenario with pioneer cards"),
        (any(s["victory"]["kind"] == "survive" for s in by_number), "a 'survive' scenario"),
    ]
    for ok, what in needs:
        if not ok:
            fail("scenarios.json", f"the campaign needs {what}")
