"""Content validation, map geometry and setup, notation, views, catalog and replay."""
import copy
import json
import os

import pytest

from engine.base import IllegalAction
from engine.cloudspire import GAME, content, mapgen, game as G
from engine.cloudspire.content import load, ContentError, ALLOWANCE
from engine.cloudspire.hexgeo import neighbours, hdist, unkey, disc
from engine.cloudspire.state import turn_order
from tests.games.cloudspire.engine.cs_helpers import random_playout

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4))


def test_component_counts_cs_set_3_4():
    """CS-SET-3, CS-SET-4, CS-SET-5, CS-HERO-1, CS-SPR-1, CS-GEN-4: 4 factions, 60 unit chips
    (3 heroes + 12 minions each), 32 spire chips (4 types), both sides; Brawnen forsaken die."""
    c = load()
    assert list(c["factions"]) == ["brawnen", "grovetenders", "heirs", "narora"]
    for f in c["factions"].values():
        assert sum(m["count"] for m in f["minions"]) == 12 and len(f["heroes"]) == 3
        assert sum(s["count"] for s in f["spires"]) == 8
        for h in f["heroes"]:
            assert {"hp", "atk", "mv", "cap", "terrain", "talents", "reward"} <= set(h["promoted"])
    assert c["factions"]["brawnen"]["dice"]["name"]["zh"] == "遺世骰子"
    st = GAME.setup(2, {}, 1)
    for s in range(2):
        p = st["players"][s]
        assert all(v > 0 for v in p["barracks"].values()) and len(p["spire_bar"]) == 4


def test_rulebook_names_and_numbers_cs_set_19():
    """CS-SET-19, CS-AMB-45, CS-AMB-46, CS-RWD-6, CS-MKT-10: names and numbers the rulebooks give."""
    c = load()
    u = c["units"]
    assert u["awsh"]["name"]["zh"] == "傲世" and u["dywen"]["name"]["zh"] == "戴文"
    assert (u["slinger"]["cp"], u["slinger"]["basic"]["hp"], u["slinger"]["basic"]["reward"]) == (3, 3, 3)
    assert u["warmonger"]["cp"] == 2 and u["warmonger"]["basic"]["reward"] == 2
    assert u["war_briar"]["basic"]["reward"] == 1 and u["treehead_elk"]["basic"]["reward"] == 2
    assert u["dywen"]["basic"]["hp"] == 2 and u["dywen"]["promoted"]["hp"] == 3
    sp = c["spires"]
    assert sp["reetall"]["cost"] == 5 and sp["reetall"]["basic"]["initial"] == ["a", "r"]
    assert sp["reetall"]["name"]["zh"] == "巨木森"
    assert sp["shrubbery"]["basic"]["initial"] == ["a", "f"]
    assert c["market"]["mortar"]["cost"] == 4 and sorted(c["market"]["mortar"]["basic"]["initial"]) == ["a", "a", "r"]
    lm = c["landmarks"]
    assert (lm["scarab"]["hp"], lm["scarab"]["reward"]) == (4, {"source": 4})
    assert lm["source_merchant"]["hp"] == 5 and lm["source_merchant"]["reward"] == {"source": 6}
    assert lm["hydra"]["reward"] == {"relic": 1} and lm["wild_drake"]["hp"] == 5
    assert set(c["first_game_relics"]) == {"secret_vault", "wavelength_jammer", "switcheroo", "tripwire",
                                           "source_inverter", "tribute"}
    assert c["relics"]["tribute"]["name"]["zh"] == "進獻"
    oak = c["factions"]["grovetenders"]["adv_by_id"]["inner_oak"]["levels"][0]
    assert oak["cost"] == 3 and oak["name"]["zh"] == "橡木之心 1-強化"
    assert c["factions"]["brawnen"]["name"]["zh"] == "蠻巨人" and c["factions"]["narora"]["name"]["zh"] == "諾藍族"


def assert_load_rejects(monkeypatch, filename, spoil):
    """Loading fails with ContentError once ``spoil`` has damaged ``filename``'s data."""
    orig = content._read

    def spoiled(name):
        d = orig(name)
        if name == filename:
            spoil(d)
        return d
    monkeypatch.setattr(content, "_read", spoiled)
    content.load.cache_clear()
    try:
        with pytest.raises(ContentError):
            content.load()
    finally:
        monkeypatch.setattr(content, "_read", orig)
        content.load.cache_clear()
        content.load()


def test_content_validation_rejects_bad_data(monkeypatch):
    """Content is validated at load time (CS-MAP-6 well counts, component counts)."""
    def one_well(d):
        d["isles"][1]["wells"] = d["isles"][1]["wells"][:1]
    assert_load_rejects(monkeypatch, "isles.json", one_well)


def test_every_name_has_english_and_simplified_chinese(monkeypatch):
    """Content names carry en, the rulebook's Traditional zh and Simplified zh_hans; a name
    without zh_hans is rejected at load time."""
    c = load()
    for table in ("units", "spires", "market", "landmarks", "events", "relics", "earthscapes", "isles"):
        for ident, entry in c[table].items():
            assert entry["name"]["en"] and entry["name"]["zh_hans"], (table, ident)
    assert c["factions"]["brawnen"]["name"]["zh_hans"] == "蛮巨人"        # 蠻巨人 in the rulebook
    assert content.name_of("bone_pit")["zh_hans"] == "骨坑"               # advancements too
    assert_load_rejects(monkeypatch, "relics.json", lambda d: d["relics"][0]["name"].pop("zh_hans"))


def test_terrain_allowance_cs_map_4_5():
    """CS-MAP-4, CS-MAP-5, CS-AMB-23: path < plains < forest < mountain < lake."""
    assert ALLOWANCE == {"none": 0, "plains": 1, "forest": 2, "mountain": 3, "lake": 4}
    assert list(content.TERRAINS) == ["p", "l", "f", "m", "w"]
    from engine.cloudspire.movement import enterable
    st = GAME.setup(2, {"map": "tutorial", "events": "off"}, 1)
    assert enterable(st, "6,-2", 0) and not enterable(st, "6,-3", 0) and enterable(st, "6,-3", 2)


def test_hex_geometry_cs_map_1_3_9():
    """CS-MAP-1, CS-MAP-2, CS-MAP-3, CS-MAP-9, CS-AMB-15, CS-SPR-5, CS-SPR-6: one lattice, six
    neighbours, range counted through hexes (fortress hexes included) but never sky."""
    assert len(set(neighbours("0,0"))) == 6 and hdist("0,0", "3,-1") == 3
    from engine.cloudspire.combat import range_dist
    st = GAME.setup(2, {"map": "tutorial", "events": "off"}, 1)
    assert range_dist(st, "6,-2", "8,-3", 5) == 2  # through the gate hex
    st["map"]["hexes"].pop("1,0")
    assert range_dist(st, "2,0", "0,0", 2) is None  # the sky gap forces a detour
    assert range_dist(st, "2,0", "0,0", 3) == 3


def test_centre_isle_and_wells_cs_map_6_set_6():
    """CS-MAP-6, CS-SET-6, CS-SET-7: centre isle 1 with one path-ringed well; others 2 wells;
    7 of 8 isles used, one back in the box."""
    c = load()
    centre = c["isles"]["isle1"]
    assert centre["centre"] and centre["wells"] == [[0, 0]] and centre["number"] == 1
    st = GAME.setup(2, {}, 5)
    used = {s["isle"] for s in st["map"]["slots"]}
    assert len(used) == 7 and st["spare_isle"] not in used and st["map"]["slots"][0]["isle"] == "isle1"


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_setup_is_legal_cs_set_8_14(seats):
    """CS-SET-1, CS-SET-2, CS-SET-8, CS-SET-9, CS-SET-12, CS-SET-13, CS-SET-14, CS-SET-17,
    CS-SET-18, CS-AMB-25, CS-AMB-26: fortress gates touch their isle on 3 edges (one path), no
    overlaps, swamp landmarks on the isle well nearest each gate, others on the isle wells."""
    for seed in range(4):
        st = GAME.setup(seats, {}, seed)
        m = st["map"]
        assert len(set(st["factions"])) == seats
        cells = set()
        for s in m["slots"]:
            c = set(mapgen.isle_cells(s["isle"], s["slot"], s["rot"]))
            assert not cells & c
            cells |= c
            assert mapgen.rotation_legal(s["isle"], s["slot"], s["rot"])
        for seat, f in m["forts"].items():
            own = {f["gate"], *f["wells"], *f["body"]}
            assert not own & cells
            isle_n = [n for n in neighbours(f["gate"]) if n in cells]
            assert len(isle_n) >= 3 and any(m["hexes"][n]["t"] == "p" for n in isle_n)
        isle_wells = {h for h, c in m["hexes"].items() if c["w"] and "fortwell" not in c}
        assert {l["pos"] for l in st["landmarks"].values()} == isle_wells
        assert all(not l["revealed"] for l in st["landmarks"].values())
        assert "ancient_traxxyr" not in [l["type"] for l in st["landmarks"].values()]
        for seat in range(seats):
            g = m["forts"][str(seat)]["gate"]
            near = min(hdist(g, w) for w in isle_wells)
            assert any(load()["landmarks"][l["type"]]["back"] == "swamp" and hdist(g, l["pos"]) == near
                       for l in st["landmarks"].values())
        assert len(st["relic_deck"]) == 15 and mapgen.gates_connected(m)
    if seats == 2:
        a, b = [next(s["slot"] for s in st["map"]["slots"] if st["map"]["forts"][str(x)]["gate"] in
                     {n for h in mapgen.isle_cells(s["isle"], s["slot"], s["rot"]) for n in neighbours(h)}
                     and s["slot"]) for x in range(2)]
        assert not mapgen.slots_adjacent(a, b)


def test_guided_setup_order_and_constraints_cs_set_10_11():
    """CS-SET-10, CS-SET-11, CS-AMB-24: the second player reveals first, the start player's isle
    is not adjacent; every choice is validated; 3-4 players go counter-clockwise."""
    st = GAME.setup(2, {"map": "guided"}, 6)
    order = turn_order(st)
    assert G.acting_seats(st) == [order[1]] and GAME.prompts(st)[0].key == "cloudspire.prompt.setup_isle"
    first = GAME.legal_actions(st, order[1])[0]
    st, _ = GAME.apply(st, order[1], first)
    with pytest.raises(IllegalAction):
        GAME.apply(st, order[1], {"type": "fort", "gate": "0,0", "orient": 0})
    st, _ = GAME.apply(st, order[1], GAME.legal_actions(st, order[1])[0])
    assert G.acting_seats(st) == [order[0]]
    for a in GAME.legal_actions(st, order[0]):
        assert not mapgen.slots_adjacent(a["slot"], first["slot"])
    for _ in range(20):
        if st["phase"] != "setup":
            break
        s = G.acting_seats(st)[0]
        st, _ = GAME.apply(st, s, GAME.legal_actions(st, s)[-1])
    assert st["phase"] == "market" and all(s["revealed"] for s in st["map"]["slots"])
    st4 = GAME.setup(4, {"map": "guided"}, 6)
    o4 = turn_order(st4)
    assert G.acting_seats(st4) == [o4[-1]]
    st4, _ = GAME.apply(st4, o4[-1], GAME.legal_actions(st4, o4[-1])[0])
    st4, _ = GAME.apply(st4, o4[-1], GAME.legal_actions(st4, o4[-1])[0])
    assert G.acting_seats(st4) == [o4[-2]] and len({a["slot"] for a in GAME.legal_actions(st4, o4[-2])}) <= 2


def test_faction_pick_cs_set_2():
    """CS-SET-2: in turn order each player picks an untaken faction."""
    st = GAME.setup(3, {"factions": "pick"}, 2)
    order = turn_order(st)
    st, _ = GAME.apply(st, order[0], {"type": "pick", "faction": "narora"})
    assert {"type": "pick", "faction": "narora"} not in GAME.legal_actions(st, order[1])
    st, _ = GAME.apply(st, order[1], {"type": "pick", "faction": "heirs"})
    st, _ = GAME.apply(st, order[2], {"type": "pick", "faction": "brawnen"})
    assert st["phase"] == "market"


def test_notation_round_trip():
    """Every legal action formats and parses back to itself."""
    st = GAME.setup(2, {}, 3)
    from engine.cloudspire.bot import bot_action
    n = 0
    while st["phase"] != "over" and n < 150:
        s = G.acting_seats(st)[0]
        for a in GAME.legal_actions(st, s)[:40]:
            assert GAME.parse_action(GAME.format_action(a)) == a
        st, _ = GAME.apply(st, s, bot_action(st, s))
        n += 1
    with pytest.raises(IllegalAction):
        GAME.parse_action("fly u1 somewhere")


def test_illegal_actions_raise_with_codes():
    """IllegalAction carries a catalog key and a few legal notations."""
    st = GAME.setup(2, {}, 3)
    s = G.acting_seats(st)[0]
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, 1 - s, {"type": "pass"})
    assert e.value.code == "cloudspire.err.not_your_turn"
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, s, {"type": "end"})
    assert e.value.code == "cloudspire.err.wrong_step" and e.value.legal


def test_apply_does_not_mutate_and_replay_is_exact():
    """apply returns a new state; replaying the log from the seed reproduces the state."""
    st0 = GAME.setup(2, {}, 12)
    snap = json.dumps(st0, sort_keys=True)
    from engine.cloudspire.bot import bot_action
    st = st0
    log = []  # the host keeps the log; the state carries no copy of it
    for _ in range(120):
        if st["phase"] == "over":
            break
        s = G.acting_seats(st)[0]
        action = bot_action(st, s)
        log.append((s, GAME.format_action(action)))
        st, _ = GAME.apply(st, s, action)
    assert json.dumps(st0, sort_keys=True) == snap
    assert "log" not in st
    rep = GAME.setup(2, {}, 12)
    for seat, text in log:
        rep, _ = GAME.apply(rep, seat, GAME.parse_action(text))
    assert json.dumps(rep, sort_keys=True) == json.dumps(st, sort_keys=True)
    assert json.loads(json.dumps(st)) == st and st["schema"] == 1


def test_public_view_hides_private_information_cs_exp_7():
    """CS-EXP-2, CS-EXP-7, CS-PREP-11, Information and decisions: unrevealed landmark
    identities only for explorers, stack entries below the top only for the owner."""
    st = random_playout(3, 2, max_actions=20000)
    st = GAME.setup(2, {"map": "tutorial", "events": "off"}, 7)
    from engine.cloudspire.bot import timeout_action
    while st["phase"] != "onslaught":
        s = G.acting_seats(st)[0]
        st, _ = GAME.apply(st, s, timeout_action(st, s))
    pub = json.dumps(GAME.view(st, None))
    for l in st["landmarks"].values():
        assert not l["revealed"]
    for t in ("scarab", "hydra", "wild_drake", "portal", "evil_drake"):
        assert t not in pub
    v = GAME.view(st, None)
    for sd in v["stacks"]:
        assert "entries" not in sd and (sd["top"] is None or "members" not in sd["top"])
    own = GAME.view(st, 0)["stacks"][0]
    assert own["entries"] is not None


@pytest.mark.slow  # a long walk; the full suite runs it, the quick one does not
def test_options_schema_and_catalog_keys():
    """options_schema shape; every catalog key the engine emits has en and zh-CN."""
    sch = GAME.options_schema()
    assert all({"choices", "default"} <= set(v) <= {"choices", "default", "headline", "when"}
               and v["default"] in v["choices"] for v in sch.values())
    assert all(name in sch and set(values) <= set(sch[name]["choices"])
               for v in sch.values() for name, values in (v.get("when") or {}).items())
    with open(os.path.join(ROOT, "locales", "cloudspire", "core.json"), encoding="utf-8") as f:
        cat = json.load(f)
    assert all(set(v) == {"en", "zh-CN"} and v["en"] and v["zh-CN"] for v in cat.values())
    keys = set()
    for seats, opts in [(2, {}), (3, {}), (4, {"mode": "teams"}), (2, {"events": "on"})]:
        for seed in range(3):
            st = GAME.setup(seats, opts, seed)
            from engine.cloudspire.bot import bot_action
            while st["phase"] != "over":
                s = G.acting_seats(st)[0]
                for p in GAME.prompts(st):
                    keys.add(p.key)
                st, evs = GAME.apply(st, s, bot_action(st, s))
                keys |= {f"cloudspire.ev.{e.kind}" for e in evs}
            keys.add(f"cloudspire.result.{GAME.result(st).reason}")
    missing = sorted(k for k in keys if k not in cat)
    assert not missing
    import re
    src = ""
    d = os.path.join(ROOT, "engine", "cloudspire")
    for fn in os.listdir(d):
        if fn.endswith(".py"):
            src += open(os.path.join(d, fn), encoding="utf-8").read()
    for code in set(re.findall(r'illegal\("([a-z_]+)"', src)) | set(re.findall(r'return "([a-z_]+)"\n', open(os.path.join(d, "build.py")).read())):
        assert f"cloudspire.err.{code}" in cat, code
