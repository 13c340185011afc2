"""Kingdom Rush content as data (engine/kr/content.py, data/*.json): the authored content meets the
content brief and the rules (docs/rules/kingdom-rush.md), and the validator rejects broken data.
Broken variants are built in memory from a deep copy of the raw JSON and fed to ``validate``."""
import copy
import re

import pytest

from engine.kr.content import (ENEMIES, HEROES, HORDES, SCENARIOS, SHAPES, SPELLS, TOWERS, ContentError, deck_cards,
                               hero_ability, load_raw, parse_json, scenario_by_number, spawn_path,
                               tower_family_levels, tower_upgrades, validate)
from engine.kr.content_checks import blocked_spawns, cell_xy, has_merge, validate_map

RAW = load_raw()
CJK = re.compile(r"[\u4e00-\u9fff]")


def by_kind(kind):
    return [h for h in HORDES.values() if h["kind"] == kind]


def squares(card):
    return sum(4 if ENEMIES[e["enemy"]]["large"] else 1 for e in card["enemies"])


def attack_size(a):
    return sum(len(SHAPES[t]) for t in a["tiles"]) + a["soldiers"]


def power(tower):
    return sum(attack_size(a) for a in TOWERS[tower]["attacks"])


def campaign():
    return [scenario_by_number(n) for n in range(1, len(SCENARIOS) + 1)]


# ---- the loaded content ---------------------------------------------------------------------------

def test_loaded_content_validates_and_is_read_only():
    """Loaded once at import through the same validate() the tests use; the exports are frozen."""
    assert validate(copy.deepcopy(RAW)).towers.keys() == TOWERS.keys()
    with pytest.raises(TypeError):
        TOWERS["archer_1"]["copies"] = 9
    with pytest.raises(TypeError):
        SCENARIOS["farrinken_valley"]["map"]["road"]["A3"] = "A4"
    assert issubclass(ContentError, ValueError)


def test_KR_DMG_1_shapes_are_polyominoes_with_hero_tiles():
    """KR-DMG-1, KR-DMG-14: every tile shape used by towers, heroes and spells is in shapes.json;
    the library has 1x1..2x2, L/T/S shapes and the heroes' special tiles."""
    for need in ("1x1", "1x2", "1x3", "2x2", "L3", "T4", "S4", "earthquake", "hellfire", "smashing_hammer"):
        assert need in SHAPES
    used = {t for tw in TOWERS.values() for a in tw["attacks"] for t in a["tiles"]}
    for h in HEROES.values():
        used |= set(h["basic"]["tiles"]) | {t for ab in h["abilities"] for a in ab["attacks"] for t in a["tiles"]}
    assert used <= set(SHAPES)
    assert HEROES["malik"]["abilities"][1]["attacks"][0]["tiles"] == ("earthquake",)


def test_KR_GEN_9_enemy_kinds_and_defences():
    """KR-GEN-9, KR-ICN-11, KR-DMG-16: at least 10 kinds incl. goblin 哥布林 and hyena 土狼, orcs, wolves,
    shamans, physical- and magic-resistant, deadly, and at least 2 large (2x2) kinds."""
    normal = [e for e in ENEMIES.values() if not e["boss"]]
    assert len(normal) >= 10
    assert ENEMIES["goblin"]["name"]["zh-CN"] == "哥布林" and ENEMIES["hyena"]["name"]["zh-CN"] == "土狼"
    for kind in ("orc", "wolf", "shaman"):
        assert kind in ENEMIES
    assert {e["defence"] for e in normal} == {None, "physical", "magic", "deadly"}
    assert sum(e["large"] for e in normal) >= 2


def test_KR_GEN_5_horde_cards_counts_and_icons():
    """KR-GEN-5, KR-ICN-1..11: at least 30 horde cards on 5x4 grids; heal, swift and target each used
    at least twice; flying strips, large enemies, resistances and deadly enemies all appear."""
    hordes = by_kind("horde")
    assert len(hordes) >= 30
    assert all(h["size"] == (5, 4) for h in HORDES.values())
    for icon in ("heal", "swift", "target"):
        assert sum(ic["icon"] == icon for h in HORDES.values() for ic in h["icons"]) >= 2
    defences = {ENEMIES[e["enemy"]]["defence"] for h in hordes for e in h["enemies"]}
    assert {"physical", "magic", "deadly"} <= defences
    flying = [h for h in hordes if any(a["area"] == "flying" for a in h["areas"])]
    assert len(flying) >= 2 and all(a["size"] in ((1, 2), (2, 1)) for h in flying for a in h["areas"])
    assert sum(any(ENEMIES[e["enemy"]]["large"] for e in h["enemies"]) for h in hordes) >= 2
    assert all(1 <= h["crystals"] <= 3 for h in hordes if not h["ghost_icon"])


def test_KR_GEN_6_enemies_inside_and_apart():
    """KR-GEN-6, KR-ICN-11: enemies (large ones 2x2) lie inside the grid and never overlap each other
    or an uncoverable area; icons sit inside, outside areas."""
    for h in HORDES.values():
        w, ht = h["size"]
        seen = set()
        for e in h["enemies"]:
            n = 2 if ENEMIES[e["enemy"]]["large"] else 1
            cells = {(e["at"][0] + dc, e["at"][1] + dr) for dc in range(n) for dr in range(n)}
            assert all(0 <= c < w and 0 <= r < ht for c, r in cells) and not cells & seen, h["id"]
            seen |= cells
        area = {(a["at"][0] + dc, a["at"][1] + dr) for a in h["areas"]
                for dc in range(a["size"][0]) for dr in range(a["size"][1])}
        assert not area & seen and all(ic["at"] not in area for ic in h["icons"]), h["id"]


def test_KR_PRT_3_portals_show_a_level_at_the_centre():
    """KR-PRT-1, KR-PRT-3, KR-PRT-4: portal cards carry a level and one portal_centre square at the
    grid's centre(-ish) square, which no enemy occupies."""
    portals = by_kind("portal")
    assert len(portals) >= 4 and {p["portal_level"] for p in portals} >= {1, 2, 3}
    for p in portals:
        (centre,) = [a for a in p["areas"] if a["area"] == "portal_centre"]
        assert centre["at"] == (2, 1) and centre["size"] == (1, 1)
        assert p["crystals"] >= 1


def test_KR_ICN_12_ghost_deck_and_ghost_icons():
    """KR-ICN-12, KR-ICN-13: 6 ghost-deck cards with 2 crystals on the back; hordes with a ghost icon
    have a 1x3 ghost area and 0 crystals."""
    ghosts = by_kind("ghost")
    assert len(ghosts) == 6 and all(g["crystals"] == 2 for g in ghosts)
    haunted = [h for h in HORDES.values() if h["ghost_icon"]]
    assert len(haunted) >= 2
    for h in haunted:
        (area,) = [a for a in h["areas"] if a["area"] == "ghost"]
        assert area["size"] in ((1, 3), (3, 1)) and h["crystals"] == 0


def test_KR_ICN_15_pioneer_hordes():
    """KR-ICN-15, KR-ICN-17: a pioneer horde has a 1x5 strip on the bottom row and 3 different icons."""
    pioneers = [h for h in HORDES.values() if h["pioneer_icons"]]
    assert len(pioneers) >= 2
    for h in pioneers:
        (strip,) = [a for a in h["areas"] if a["area"] == "pioneer"]
        assert strip["at"] == (0, 3) and strip["size"] == (5, 1)
        assert len(set(h["pioneer_icons"])) == 3
        assert all(e["at"][1] < 3 for e in h["enemies"])


def test_KR_BOSS_1_boss_card_with_rules():
    """KR-BOSS-1..3: a boss health card with stages, movement and a rule set as data and text."""
    (boss,) = by_kind("boss")
    b = boss["boss"]
    assert b["stages"] >= 2 and b["move"] == 1
    assert b["text"]["en"] and CJK.search(b["text"]["zh-CN"])
    effects = {r["effect"] for r in b["rules"]}
    assert {"shielded_by_portals", "damage_near_heroes"} <= effects
    assert all(ENEMIES[e["enemy"]]["boss"] for e in boss["enemies"])


# ---- towers -----------------------------------------------------------------------------------------

TABLE = {"archer": ["弓兵塔", "射手", "神射手", "游侠", "火枪手"],
         "mage": ["法师塔", "术士塔", "巫师塔", "奥术巫师", "魔术法师"],
         "artillery": ["矮人火炮", "进阶火炮", "榴弹炮", "大贝莎", "特斯拉"],
         "barracks": ["民兵", "步兵", "骑士", "神圣秩序", "蛮族大殿"]}


def test_KR_TWR_1_twenty_tower_cards_named_as_in_the_rules():
    """KR-TWR-1: 4 families x L1, L2, L3, L4a, L4b, named as in the rules' table; supply copies."""
    assert len(TOWERS) == 20
    for fam, names in TABLE.items():
        ids = tower_family_levels(fam)
        assert [TOWERS[t]["name"]["zh-CN"] for t in ids] == names
        assert [(TOWERS[t]["level"], TOWERS[t]["variant"]) for t in ids] == [
            (1, None), (2, None), (3, None), (4, "a"), (4, "b")]
        assert all(TOWERS[t]["copies"] >= 1 for t in ids)


def test_KR_PASS_2_upgrades_and_KR_AMB_13_two_L4s():
    """KR-PASS-2, KR-AMB-13: passing goes one level up in the family; an L3 has two L4 choices."""
    assert tower_upgrades("barracks_1") == ("barracks_2",)
    assert tower_upgrades("mage_3") == ("mage_4a", "mage_4b")
    assert tower_upgrades("artillery_4b") == ()


def test_KR_DMG_16_archer_tower_tile_keeps_its_orientation():
    """KR-DMG-16: the L1 Archer Tower places one two-square tile without the free-rotation icon."""
    (a,) = TOWERS["archer_1"]["attacks"]
    assert a["tiles"] == ("1x2",) and not a["free"] and a["arrows"]


def test_tower_family_identities():
    """Rules table: archers have the longest range and precise attacks from L3; mages deal magic
    damage with the biggest tiles; artillery places several tiles per attack; barracks place
    soldiers; every attack needs arrows or is precise (KR-TWR-7, KR-TWR-8)."""
    def reach(t):
        return max((ar["reach"] for a in TOWERS[t]["attacks"] for ar in a["arrows"]), default=0)
    for lv in range(4):
        ids = {f: tower_family_levels(f)[lv] for f in TABLE}
        assert reach(ids["archer"]) >= max(reach(t) for t in ids.values())
        biggest = {f: max(len(SHAPES[x]) for a in TOWERS[t]["attacks"] for x in a["tiles"])
                   for f, t in ids.items() if f != "barracks"}
        assert biggest["mage"] == max(biggest.values())
    for t in tower_family_levels("archer"):
        assert any(a["precise"] for a in TOWERS[t]["attacks"]) == (TOWERS[t]["level"] >= 3)
    assert all(TOWERS[t]["damage"] == "magic" for t in tower_family_levels("mage"))
    for t in tower_family_levels("artillery"):
        assert all(len(a["tiles"]) >= 2 for a in TOWERS[t]["attacks"])
    for t in tower_family_levels("barracks"):
        assert any(a["soldiers"] for a in TOWERS[t]["attacks"])
    assert all(TOWERS[t]["damage"] == "physical" for f in ("archer", "barracks") for t in tower_family_levels(f)[:3])
    assert all(a["arrows"] or a["precise"] for t in TOWERS.values() for a in t["attacks"])


def test_tower_power_rises_with_level():
    """Sensible progression: each level covers more squares than the one below; copies shrink."""
    for fam in TABLE:
        l1, l2, l3, l4a, l4b = tower_family_levels(fam)
        assert power(l1) < power(l2) < power(l3) < min(power(l4a), power(l4b)), fam
        assert TOWERS[l1]["copies"] >= TOWERS[l2]["copies"] >= TOWERS[l3]["copies"] >= TOWERS[l4a]["copies"]


# ---- heroes and spells ------------------------------------------------------------------------------

ABILITIES = {"alleria": ["疾风迅击", "野性呼唤", "你也会流血吗?"],
             "lilith": ["地狱之轮", "收割者之获", "神圣混沌", "复活"],
             "malik": ["该抡起锤子了!", "地震", "粉碎之锤", "禁止触碰"],
             "magnus": ["魔术戏法", "幻影", "知识就是力量"],
             "ignus": ["地狱烈火", "爆焰冲击", "火浪奔涌", "烧起来吧!"]}


def test_KR_SET_4_five_heroes_with_boards():
    """KR-SET-3, KR-SET-4, KR-HACT-2: the five heroes with health, movement, a basic attack of their
    range (ranged ones have arrows), and a starting set of level-1 towers."""
    names = {"alleria": "艾莉瑞雅·迅风", "lilith": "莉莉丝", "malik": "马利克·愤怒之锤",
             "magnus": "马格纳斯·灾祸魔导", "ignus": "炎之魔神"}
    assert {h: HEROES[h]["name"]["zh-CN"] for h in HEROES} == names
    ranges = {"alleria": "ranged", "lilith": "melee", "malik": "melee", "magnus": "ranged", "ignus": "melee"}
    for hid, h in HEROES.items():
        assert h["range"] == ranges[hid] and h["health"] >= 4 and h["move"] >= 2
        assert bool(h["basic"]["arrows"]) == (h["range"] == "ranged") or hid == "lilith"
        assert h["basic"]["damage"] in ("physical", "magic", "true")
        assert h["towers"] and all(TOWERS[t]["level"] == 1 for t in h["towers"])
    assert HEROES["lilith"]["basic"]["melee"] and HEROES["lilith"]["basic"]["arrows"]     # KR-AMB-45


def test_KR_ALL_1_only_alleria_has_a_wildcat():
    """KR-ALL-1..2, KR-AMB-34: the wildcat moves 2 and has a 2x2 base; Call of the Wild targets it."""
    assert [h for h in HEROES if HEROES[h]["wildcat"]] == ["alleria"]
    assert HEROES["alleria"]["wildcat"]["move"] == 2 and HEROES["alleria"]["wildcat"]["base"] == (2, 2)
    _, cotw = hero_ability("call_of_the_wild")
    assert cotw["attacks"][0]["wildcat"] and len(cotw["attacks"][0]["pattern"]) == 4


def test_KR_HACT_7_abilities_as_in_the_appendix():
    """KR-ALL/LIL/MAL/MAG/IGN, KR-HACT-7, KR-AMB-36: the listed abilities (3 or 4 per hero) with a kind,
    en + zh text; protection abilities are Earthquake and Can't Touch This."""
    for hid, names in ABILITIES.items():
        assert [a["name"]["zh-CN"] for a in HEROES[hid]["abilities"]] == names
    kinds = {a["id"]: a["kind"] for h in HEROES.values() for a in h["abilities"]}
    assert {a for a, k in kinds.items() if k == "protection"} == {"earthquake", "cant_touch_this"}
    assert kinds["resurrection"] == "ongoing"


def test_KR_IGN_3_flame_burst_is_designed():
    """KR-IGN-3, KR-AMB-39: Flame Burst's lost text is authored and marked as designed; it starts
    like the surviving fragment ("when Ignus uses this...")."""
    hero, fb = hero_ability("flame_burst")
    assert hero == "ignus" and fb["designed"] and fb["attacks"]
    assert fb["text"]["zh-CN"].startswith("炎之魔神使用这个")
    assert [a["id"] for h in HEROES.values() for a in h["abilities"] if a["designed"]] == ["flame_burst"]


def test_KR_SPL_4_the_six_spells():
    """KR-SPL-4..9, KR-AMB-30: six spells with their energy and an engine effect; only Time Gem may
    target portals or bosses (KR-SPL-3)."""
    energy = {"rain_of_fire": 1, "call_reinforcements": 1, "lightning_bolt": 1, "lightning_strike": 1,
              "time_gem": 2, "hand_of_midas": 2}
    assert {s: SPELLS[s]["energy"] for s in energy} == energy
    assert SPELLS["rain_of_fire"]["params"]["damage"] == "magic"          # "spell damage", KR-AMB-30
    assert SPELLS["lightning_strike"]["params"]["adjacent"] is True          # KR-AMB-31
    assert [s for s in SPELLS.values() if s["params"].get("target") == "portal_or_boss"] == [SPELLS["time_gem"]]
    assert SPELLS["hand_of_midas"]["params"]["levels"] == 2                 # KR-SPL-10


# ---- the campaign -----------------------------------------------------------------------------------

def test_KR_SET_1_campaign_features():
    """KR-SET-1, KR-SET-9, KR-WHT-1, KR-ICN-12..19, KR-BOSS: at least 8 scenarios; at least three maps
    with merging roads and two with two exits; spells only from scenario 4, white sites only from
    scenario 5; ghosts, pioneers and a final boss fight appear."""
    camp = campaign()
    assert len(camp) >= 8
    assert sum(has_merge(s["map"]) for s in camp) >= 3
    assert sum(len(s["map"]["exits"]) == 2 for s in camp) >= 2
    assert all((s["spells"] is not None) == (s["number"] >= 4) for s in camp)
    whites = [s["number"] for s in camp if any(st["colour"] == "white" for st in s["map"]["sites"])]
    assert whites and min(whites) >= 5
    assert any(s["ghosts"] for s in camp) and any(s["map"].get("pioneer_cards") for s in camp)
    assert camp[-1]["boss"] and camp[-1]["victory"]["kind"] == "boss"
    assert {s["victory"]["kind"] for s in camp} == {"portals", "survive", "boss"}


def test_KR_SET_1_scenario_one_teaches_the_basics():
    """Scenario 1: one straight road, one spawn, one exit, weak hordes, a single level-1 portal."""
    s = scenario_by_number(1)
    path = spawn_path(s["id"], 1)
    assert len(s["map"]["spawns"]) == 1 and set(s["map"]["road"]) == set(path)
    assert len({cell_xy(c)[1] for c in path}) == 1
    hordes, portals = deck_cards(s["id"], 1, 2)
    assert all(squares(HORDES[h]) <= 5 for h in hordes) and len(portals) == 1
    assert HORDES[portals[0]]["portal_level"] == 1


def test_KR_SET_1_difficulty_rises():
    """Rising difficulty: per-round pressure (mean threat of a spawned card x spawn points, the boss's
    extra spawn counting as one) never falls, and Kingdom hearts on normal never rise."""
    def threat(h):
        card = HORDES[h]
        t = sum((4 if ENEMIES[e["enemy"]]["large"] else 1) * (1.5 if ENEMIES[e["enemy"]]["defence"] else 1)
                for e in card["enemies"])
        return t + 0.5 * len(card["icons"]) + any(a["area"] == "flying" for a in card["areas"])
    pressure = []
    for s in campaign():
        cards = [h for d in s["spawn_decks"] for h in d["hordes"]] + [i["horde"] for i in s["initial"]]
        spawns = len(s["map"]["spawns"]) + (1 if s["boss"] else 0)
        pressure.append(sum(map(threat, cards)) / len(cards) * spawns)
    assert pressure == sorted(pressure) and pressure[-1] > 3 * pressure[0]
    hearts = [s["difficulty"]["normal"]["hearts"] for s in campaign()]
    assert hearts == sorted(hearts, reverse=True)


def test_KR_RND_2_every_scenario_starts_with_hordes_on_the_map():
    """KR-RND-2: phase 1 is skipped in round 1, so each scenario puts initial hordes on the road;
    KR-SET-6, KR-SET-10: hearts and crystals per difficulty; KR-BUY-6: at most 12 crystals."""
    for s in campaign():
        assert s["initial"] and all(i["cell"] in s["map"]["road"] for i in s["initial"])
        assert {"easy", "normal", "hard"} <= set(s["difficulty"])
        assert all(0 <= d["crystals"] <= 12 for d in s["difficulty"].values())


def test_KR_PRT_4_portals_attackable_under_the_level_cap():
    """KR-PRT-4, KR-PASS-5: every portal's level is within the scenario's tower level cap, and the
    supply holds every level up to the cap."""
    for s in campaign():
        for d in s["spawn_decks"]:
            assert all(HORDES[p]["portal_level"] <= s["level_cap"] for p in d["portals"])
        levels = {TOWERS[t]["level"] for t, n in s["supply"].items() if n}
        assert levels == set(range(1, s["level_cap"] + 1))


def test_KR_SOLO_2_site_colours_per_player_count():
    """KR-SOLO-2, KR-GEN-10, KR-AMB-3: solo uses 3 colours, n players use n colours, each with at
    least 2 sites; sites are off the road."""
    for s in campaign():
        m = s["map"]
        for p in (1, 2, 3, 4):
            colours = [st["colour"] for st in m["sites"] if p in st["players"] and st["colour"] != "white"]
            assert len(set(colours)) == (3 if p == 1 else p)
            assert min(colours.count(c) for c in set(colours)) >= 2
        assert not {st["cell"] for st in m["sites"]} & set(m["road"])


def test_KR_ADV_3_roads_reach_an_exit():
    """KR-ADV-3, KR-ADV-10: from every spawn the road walks square by square (touching) to a last
    square whose successor is an exit; several exits name the hero entry square (KR-HERO-7)."""
    for s in campaign():
        m = s["map"]
        for sp in m["spawns"]:
            path = spawn_path(s["id"], sp["marker"])
            assert path[0] == sp["cell"] and m["road"][path[-1]] in m["exits"]
            for a, b in zip(path, path[1:]):
                (ax, ay), (bx, by) = cell_xy(a), cell_xy(b)
                assert abs(ax - bx) + abs(ay - by) == 1
        if len(m["exits"]) > 1:
            assert m["road"][m["entry"]] in m["exits"]


def test_KR_ICN_16_pioneer_scenario_can_open_its_roads():
    """KR-ICN-16, KR-ICN-18: pioneer cards block spawn points; pioneer hordes in the open decks show
    their icons, so every blocked road can open."""
    (s,) = [s for s in campaign() if s["map"].get("pioneer_cards")]
    blocked = {k for p in s["map"]["pioneer_cards"] for k in blocked_spawns(s["map"], p["cell"])}
    assert blocked == {2, 3}
    open_cards = [h for d in s["spawn_decks"] if d["marker"] not in blocked for h in d["hordes"]]
    icons = {i for h in open_cards for i in (HORDES[h]["pioneer_icons"] or ())}
    assert {p["icon"] for p in s["map"]["pioneer_cards"]} <= icons
    assert sum(bool(HORDES[h]["pioneer_icons"]) for h in open_cards) >= len(blocked)


def test_KR_SPL_1_spells_unlocked_before_use():
    """KR-SPL-1, KR-AMB-32: a scenario allows only spells unlocked by winning earlier scenarios;
    every scenario after the first is unlocked by an earlier one."""
    unlocked, reached = set(), {scenario_by_number(1)["id"]}
    for s in campaign():
        assert s["id"] in reached
        assert set((s["spells"] or {}).get("allowed", ())) <= unlocked
        unlocked |= set(s["unlocks"]["spells"])
        reached |= set(s["unlocks"]["scenarios"])
    assert unlocked == set(SPELLS)


def test_deck_extras_join_with_more_players():
    """Decks grow with 3 and 4 players ('extra'), never with 1 or 2."""
    s = scenario_by_number(1)["id"]
    assert deck_cards(s, 1, 1) == deck_cards(s, 1, 2)
    assert len(deck_cards(s, 1, 4)[0]) == len(deck_cards(s, 1, 3)[0]) + 1 == len(deck_cards(s, 1, 2)[0]) + 2


def test_every_name_and_text_has_en_and_zh():
    """Every named thing has an English and a Simplified Chinese name (the Chinese one in CJK)."""
    found = []

    def walk(o, path):
        if hasattr(o, "items"):
            for k, v in o.items():
                if k in ("name", "text", "intro"):
                    found.append(path)
                    assert set(v) == {"en", "zh-CN"}, path
                    assert v["en"].strip() and CJK.search(v["zh-CN"]), path
                else:
                    walk(v, f"{path}.{k}")
        elif isinstance(o, tuple):
            for i, v in enumerate(o):
                walk(v, f"{path}[{i}]")
    for label, m in (("enemies", ENEMIES), ("hordes", HORDES), ("towers", TOWERS), ("heroes", HEROES),
                     ("spells", SPELLS), ("scenarios", SCENARIOS)):
        walk(m, label)
    assert len(found) > 150


# ---- the validator rejects broken data -------------------------------------------------------------

def find(raw, file, eid):
    return next(e for e in raw[file][file] if e["id"] == eid)


def scen(raw, sid="farrinken_valley"):
    return find(raw, "scenarios", sid)


def drop_icons(raw, icon, keep=1):
    for h in raw["hordes"]["hordes"]:
        kept = []
        for ic in h["icons"]:
            if ic["icon"] != icon or keep > 0:
                kept.append(ic)
                keep -= ic["icon"] == icon
        h["icons"] = kept


def set_road(raw, sid, sq, nxt):
    scen(raw, sid)["map"]["road"][sq] = nxt


BROKEN = [
    # cross-references
    ("unknown horde in a deck", lambda r: scen(r)["spawn_decks"][0]["hordes"].append("nope"),
     r"'farrinken_valley'.spawn_decks\[0\].hordes\[5\]: unknown horde card 'nope'"),
    ("portal listed as a horde", lambda r: scen(r)["spawn_decks"][0]["hordes"].append("rift_a"), "unknown horde card"),
    ("card used twice", lambda r: scen(r)["spawn_decks"][0]["hordes"].append("goblin_band"), "used twice"),
    ("unknown tower shape", lambda r: find(r, "towers", "archer_1")["attacks"][0]["tiles"].append("9x9"),
     r"towers.json 'archer_1'.attacks\[0\].tiles\[1\]: unknown shape"),
    ("unknown enemy", lambda r: find(r, "hordes", "goblin_band")["enemies"][0].update(enemy="dragon"),
     "unknown enemy 'dragon'"),
    ("hero starts with an unknown tower", lambda r: find(r, "heroes", "malik")["towers"].append("catapult"),
     r"heroes.json 'malik'.towers\[3\]: unknown tower"),
    ("unknown unlocked scenario", lambda r: scen(r)["unlocks"]["scenarios"].append("atlantis"), "unknown scenario"),
    ("boss card unknown", lambda r: scen(r, "rift_citadel")["boss"].update(card="goblin_band"), "unknown boss card"),
    # towers (KR-TWR-1)
    ("family misses L4b", lambda r: r["towers"]["towers"].remove(find(r, "towers", "archer_4b")),
     "family 'archer' needs exactly L1, L2, L3, L4a, L4b"),
    ("two L2 archers", lambda r: find(r, "towers", "archer_3").update(level=2), "family 'archer'"),
    ("tower without attacks", lambda r: find(r, "towers", "mage_1").update(attacks=[]), "at least one attack"),
    ("precise attack with arrows", lambda r: find(r, "towers", "archer_3")["attacks"][1].update(
        arrows=[{"dir": "F", "reach": 1}]), "precise"),
    ("bad arrow direction", lambda r: find(r, "towers", "mage_1")["attacks"][0]["arrows"].append(
        {"dir": "UP", "reach": 1}), r"arrows\[3\].dir"),
    # horde cards (KR-GEN-5, KR-GEN-6, KR-ICN)
    ("enemy outside the grid", lambda r: find(r, "hordes", "goblin_band")["enemies"][0].update(at=[5, 0]),
     "leaves the 5x4 grid"),
    ("large enemy sticks out", lambda r: find(r, "hordes", "ogre_brute")["enemies"][0].update(at=[4, 0]),
     "'ogre_brute'.enemies\\[0\\].*leaves the"),
    ("enemies overlap", lambda r: find(r, "hordes", "goblin_band")["enemies"][1].update(at=[1, 0]), "overlaps"),
    ("large enemy overlaps", lambda r: find(r, "hordes", "ogre_brute")["enemies"][1].update(at=[2, 1]), "overlaps"),
    ("area over an enemy", lambda r: find(r, "hordes", "bat_swarm")["areas"][0].update(at=[1, 0]),
     "flying area overlaps enemy"),
    ("area outside", lambda r: find(r, "hordes", "bat_swarm")["areas"][0].update(at=[4, 3]), "leaves the"),
    ("flying strip 1x3", lambda r: find(r, "hordes", "bat_swarm")["areas"][0].update(size=[1, 3]), "size"),
    ("icon on an area", lambda r: find(r, "hordes", "bat_swarm")["icons"].append({"icon": "heal", "at": [4, 0]}),
     "uncoverable"),
    ("heal used once", lambda r: drop_icons(r, "heal"), "'heal' icon is used 1 time"),
    ("portal centre off centre", lambda r: find(r, "hordes", "rift_a")["areas"][0].update(at=[0, 3]),
     "portal_centre area is not in its place"),
    ("portal without a level", lambda r: find(r, "hordes", "rift_a").pop("portal_level"), "portal_level"),
    ("ghost-icon horde pays crystals", lambda r: find(r, "hordes", "haunted_column").update(crystals=1),
     "ghost-icon horde"),
    ("ghost card pays 3", lambda r: find(r, "hordes", "ghost_mist").update(crystals=3), "ghost-deck card"),
    ("5 ghost cards", lambda r: r["hordes"]["hordes"].remove(find(r, "hordes", "ghost_mist")), "exactly 6"),
    ("pioneer strip off the bottom", lambda r: find(r, "hordes", "goblin_pioneers")["areas"][0].update(at=[0, 2]),
     "overlaps|not in its place"),
    ("pioneer icons repeat", lambda r: find(r, "hordes", "goblin_pioneers").update(pioneer_icons=["axe"] * 3),
     "3 different icons"),
    ("too few hordes", lambda r: r["hordes"].update(hordes=[h for h in r["hordes"]["hordes"] if h["kind"] != "horde"
                                                            or h["ghost_icon"] or h["id"].startswith("g")]),
     "at least 30 horde cards"),
    # names (every name has en and zh-CN)
    ("missing Chinese name", lambda r: find(r, "enemies", "orc")["name"].pop("zh-CN"), r"'orc'.name: missing key"),
    ("empty English text", lambda r: find(r, "spells", "time_gem")["text"].update(en=" "), r"'time_gem'.text.en"),
    ("shape not connected", lambda r: r["shapes"]["shapes"].update(gap=[[0, 0], [2, 0]]), "polyomino"),
    ("duplicate id", lambda r: r["enemies"]["enemies"].append(dict(find(r, "enemies", "orc"))), "duplicate id"),
    # heroes and spells
    ("wildcat ability without wildcat", lambda r: find(r, "heroes", "lilith")["abilities"][0]["attacks"][0].update(
        wildcat=True), "wildcat"),
    ("ability kind", lambda r: find(r, "heroes", "malik")["abilities"][0].update(kind="passive"), "kind"),
    ("spell params", lambda r: find(r, "spells", "hand_of_midas")["params"].update(levels="two"), "levels"),
    ("spell effect", lambda r: find(r, "spells", "time_gem").update(effect="teleport"), "effect"),
    # maps (docs/kr/engine.md "Scenario maps")
    ("road square outside", lambda r: set_road(r, "farrinken_valley", "K3", "exit"), "outside the 10x5 map"),
    ("successor not touching", lambda r: set_road(r, "farrinken_valley", "A3", "C3"), "does not touch"),
    ("diagonal successor", lambda r: set_road(r, "farrinken_valley", "A3", "B2"), "neither a road square"),
    ("cycle", lambda r: scen(r, "hyena_crossing")["map"]["road"].update(
        {"E2": "E3", "E3": "F3", "F3": "F2", "F2": "E2"}), "loops"),
    ("dead end", lambda r: set_road(r, "farrinken_valley", "J3", "J4"), "neither a road square nor an exit"),
    ("exit not on its edge", lambda r: set_road(r, "farrinken_valley", "E3", "exit"), "not on the map's E edge"),
    ("unknown exit", lambda r: set_road(r, "farrinken_valley", "J3", "exit9"), "neither a road square"),
    ("spawn off the road", lambda r: scen(r)["map"]["spawns"][0].update(cell="A2"), "not a road square"),
    ("road square on no path", lambda r: set_road(r, "farrinken_valley", "J4", "J3"), "on no spawn point's path"),
    ("site on the road", lambda r: scen(r)["map"]["sites"][0].update(cell="C3"), "is a road square"),
    ("site outside", lambda r: scen(r)["map"]["sites"][0].update(cell="L2"), "outside the 10x5 map"),
    ("site far from the road", lambda r: scen(r, "ogre_ford")["map"]["sites"][0].update(cell="A8"),
     "more than 2 squares"),
    ("bad colour", lambda r: scen(r)["map"]["sites"][0].update(colour="purple"), "'purple' is not one of"),
    ("two sites on a square", lambda r: scen(r)["map"]["sites"][1].update(cell=scen(r)["map"]["sites"][0]["cell"]),
     "two sites on"),
    ("solo with 4 colours", lambda r: scen(r)["map"]["sites"].append({"cell": "A5", "colour": "yellow",
                                                                       "players": [1]}), "1 player"),
    ("two exits without entry", lambda r: scen(r, "twin_gates")["map"].pop("entry"), "entry"),
    ("pioneer card off the road", lambda r: scen(r, "pioneer_pass")["map"]["pioneer_cards"][0].update(cell="A1"),
     "exactly one spawn point"),
    ("pioneer card blocks the pioneers' deck",
     lambda r: scen(r, "pioneer_pass")["map"]["pioneer_cards"][0].update(cell="A2"), "open spawn points"),
    ("pioneer card after a merge", lambda r: scen(r, "pioneer_pass")["map"]["pioneer_cards"][0].update(cell="K5"),
     "exactly one spawn point"),
    ("map too big", lambda r: scen(r)["map"].update(size=[12, 11]), "at most 12x10"),
    # scenarios and the campaign
    ("portal above the level cap", lambda r: scen(r)["spawn_decks"][0].update(portals=["greater_rift_a"]),
     "above the level cap"),
    ("initial horde off the road", lambda r: scen(r)["initial"][0].update(cell="A1"), "not a free road square"),
    ("deck per spawn", lambda r: scen(r, "hyena_crossing")["spawn_decks"].pop(), "one deck per spawn marker"),
    ("bad shuffle", lambda r: scen(r)["spawn_decks"][0].update(shuffle="riffle"), "shuffle"),
    ("hard has more hearts", lambda r: scen(r)["difficulty"]["hard"].update(hearts=30), "must not rise"),
    ("missing difficulty", lambda r: scen(r)["difficulty"].pop("hard"), "needs at least"),
    ("supply above copies", lambda r: scen(r)["supply"].update(archer_1=7), r"supply.archer_1"),
    ("supply above the cap", lambda r: scen(r)["supply"].update(archer_3=1), "above the level cap"),
    ("supply too small for hands", lambda r: scen(r)["supply"].update(mage_1=3), "starting hands"),
    ("spells before scenario 4", lambda r: scen(r).update(spells={"allowed": ["time_gem"], "energy": 2}),
     "from scenario 4"),
    ("spell not yet unlocked", lambda r: scen(r, "ogre_ford")["spells"]["allowed"].append("hand_of_midas"),
     "not unlocked by an earlier scenario"),
    ("white site before 5", lambda r: scen(r)["map"]["sites"].append({"cell": "A5", "colour": "white",
                                                                       "players": [1, 2, 3, 4]}), "white sites"),
    ("ghosts flag without ghost hordes", lambda r: scen(r).update(ghosts=True), "ghost icon"),
    ("portal victory without portals", lambda r: scen(r)["spawn_decks"][0].update(portals=[]), "needs portals"),
    ("survive without rounds", lambda r: scen(r, "ogre_ford")["victory"].pop("rounds"), "rounds"),
    ("final scenario without boss", lambda r: scen(r, "rift_citadel").update(boss=None), "needs a boss"),
    ("unreachable scenario", lambda r: scen(r, "goblin_woods")["unlocks"].update(scenarios=[]),
     "'ogre_ford': is unlocked by no earlier scenario"),
    ("too few scenarios", lambda r: r["scenarios"].update(scenarios=r["scenarios"]["scenarios"][:7]),
     "at least 8 scenarios|boss fight"),
    ("numbering gap", lambda r: scen(r, "rift_citadel").update(number=9), "without gaps"),
    ("scenario 1 bends", lambda r: scen(r)["map"]["road"].update({"J3": "J4", "J4": "exit"}), "straight road"),
]


@pytest.mark.parametrize("label,mutate,message", BROKEN, ids=[b[0] for b in BROKEN])
def test_validator_rejects_broken_content(label, mutate, message):
    """Each broken variant of the raw JSON is rejected with a ContentError (a ValueError) naming the
    file, id and field."""
    raw = copy.deepcopy(RAW)
    mutate(raw)
    with pytest.raises(ValueError, match=message):
        validate(raw)


def test_validator_rejects_a_split_road():
    """docs/kr/engine.md: roads merge but never split; a square listed twice in 'road' (two successors)
    is rejected when the JSON is read."""
    text_ = '{"road": {"A1": "B1", "A1": "A2"}}'
    with pytest.raises(ContentError, match="scenarios.json: duplicate key 'A1'"):
        parse_json(text_, "scenarios.json")


def test_validator_accepts_a_merge():
    """Merging roads (KR-ICN-19): two road squares may share a successor."""
    m = copy.deepcopy(RAW["scenarios"]["scenarios"][0]["map"])
    m["road"].update({"A5": "B5", "B5": "B4", "B4": "B3"})
    m["spawns"].append({"marker": 2, "cell": "A5"})
    assert validate_map("test", m) is m and has_merge(m)
