"""The worked tutorial wave (CS-EX-1..CS-EX-15) on the fixed first-game layout.

Hex positions are this engine's tutorial layout (data/tutorial.json); the tutorial text only
gives relations, and every number it states is checked here.  Known layout deviations
(also in the report): War Briar has two legal moves in Grovetenders turn 4 (the text says
one), Dywen kills the Hydra from 1 hex (text: 2), and in Grovetenders turn 4 the Treehead
Elk's forced move swaps with Dywen (CS-MOV-11), so Dywen steps back to her hex."""
from engine.cloudspire import GAME

B, G = 0, 1


def ev_of(evs, kind):
    return [e for e in evs if e.kind == kind]


def play_cs_ex_1_to_5(d) -> None:
    """The start state, the market, the build and the prep phase of wave 1 (CS-EX-1..5)."""
    st = d.st
    # CS-EX-1 start state (income already applied: CS-EX-2 / CS-INC-3)
    assert st["factions"] == ["brawnen", "grovetenders"] and st["start"] == B
    assert [p["gate"] for p in st["players"]] == [10, 10]
    assert [p["source"] for p in st["players"]] == [5, 5]
    assert "forsaken_die_in_slot" in st["players"][B]["start_items"]
    assert len(st["market"]["face"]) == 3 and "mortar" in st["market"]["face"]
    assert st["market"]["es_face"] == "es11"
    assert st["event"]["deck"] == [] and sorted(st["relic_deck"]) == sorted(
        ["secret_vault", "wavelength_jammer", "switcheroo", "tripwire", "source_inverter", "tribute"])
    # CS-EX-3 market
    evs = d(B, "buy mortar")
    assert d.src(B) == 1 and ev_of(evs, "market_revealed")
    evs = d(G, "buy es")
    assert d.src(G) == 3 and d.st["market"]["es_face"] == "es9"
    assert not any(x.startswith("buy es") for x in d.legal(G))
    # CS-EX-4 build
    assert any(x.startswith("build mortar") for x in d.legal(B))  # could build on a fortress well
    d(B, "end")
    d(G, "es es11 -7,3 0")
    gate_nbrs = ["-6,3", "-7,3", "-6,4"]
    assert sum(d.st["map"]["hexes"][h]["t"] == "p" for h in gate_nbrs) == 1  # fewer path hexes at the gate
    assert d.st["build"]["follow"] is None  # cannot afford a spire on the new wells
    d(G, "adv inner_oak")
    assert d.src(G) == 0 and d.st["players"][G]["adv"]["inner_oak"] == 1
    d(G, "end")
    # CS-EX-5 prep (CS-PREP-12)
    for t in ["add slinger", "join warmonger", "add awsh", "lock"]:
        d(B, t)
    for t in ["add war_briar", "add treehead_elk", "add dywen", "lock"]:
        d(G, t)
    u = d.st["units"]
    assert u["u1"]["type"] == "slinger" and u["u1"]["members"] == ["warmonger"] and u["u1"]["hp"] == 3
    assert d.st["stacks"] == [["u1", "u2"], ["u3", "u4", "u5"]]


def play_cs_ex_6_to_9(d) -> None:
    """The first two turns of each player in the onslaught (CS-EX-6..9)."""
    # CS-EX-6 Brawnen turn 1 (CS-MOV-14, CS-EXP-8, CS-ATK-10)
    assert d.st["rest"] == [] and not d.st["units_seen"]
    d(B, "next")
    assert d.unit("u1")["pos"] == "5,-2"  # deployed and moved 2 along the path
    assert "mv u2 6,-2" in d.legal(B) and "next" not in d.legal(B)  # Awsh must deploy
    d(B, "mv u2 6,-2")
    evs = d(B, "explore 5,-1")
    peek = ev_of(evs, "peek")[0]
    assert peek.params["type"] == "scarab" and peek.visible_to == B and "private_to" not in peek.params
    d(B, "hide")
    assert GAME.view(d.st, None)["landmarks"] and all(
        "type" not in l for l in GAME.view(d.st, G)["landmarks"] if l["pos"] == "5,-1")
    assert any(l.get("type") == "scarab" for l in GAME.view(d.st, B)["landmarks"])
    assert d.st["turn"]["seat"] == G  # no attacks possible: the turn ended
    # CS-EX-7 Grovetenders turn 1 (CS-MOV-15, CS-EXP-9, CS-RET-11, CS-HERO-10)
    d(G, "next")
    assert d.unit("u3")["pos"] == "-5,4" and d.unit("u4")["pos"] == "-6,4"  # Elk blocked after 1 hex
    d(G, "mv u5 -6,3")
    d(G, "explore -6,2"); d(G, "reveal")
    d(G, "explore -5,3"); d(G, "reveal")
    hp = {l["type"]: l["hp"] for l in d.st["landmarks"].values() if l["revealed"]}
    assert hp == {"bounty_hunter": 4, "hydra": 3}
    d.force(1, 1, 2)
    evs = d(G, "atk u4 -5,3")
    assert ev_of(evs, "roll")[0].params["dice"] == [1, 1, 2]
    assert ev_of(evs, "retaliation")[0].params["damage"] == 2 and d.unit("u4")["hp"] == 2
    evs = d(G, "atk u3 -5,3")
    assert not ev_of(evs, "retaliation") and d.unit("u3")["hp"] == 4
    evs = d(G, "atk u5 -5,3")
    assert ev_of(evs, "landmark_defeated") and len(d.st["players"][G]["relics"]) == 1
    assert d.unit("u5")["up"]["a"] == 1  # Dywen attack 1 -> 2
    # CS-EX-8 Brawnen turn 2 (CS-EXP-10)
    d(B, "next"); d(B, "next")
    assert d.unit("u1")["pos"] == "3,-1"
    d(B, "mv u2 4,-1")
    d(B, "explore 4,0")
    d(B, "hide")
    d(B, "explore 5,-1")
    evs = d(B, "reveal")
    assert ev_of(evs, "revealed")[0].params["hp"] == 4
    evs = d(B, "atk u2 5,-1")
    assert ev_of(evs, "attack")[0].params["damage"] == 2 and not ev_of(evs, "retaliation")
    evs = d(B, "atk u1 5,-1")
    assert ev_of(evs, "damage")[0].params["hp"] == 1
    # CS-EX-9 Grovetenders turn 2 (CS-RET-12)
    d(G, "next"); d(G, "next")
    d(G, "mm u3 -3,2")
    d(G, "mm u4 -4,3")
    d(G, "mv u5 -4,2")
    d(G, "explore -3,3")
    evs = d(G, "reveal")
    assert ev_of(evs, "revealed")[0].params["hp"] == 5
    evs = d(G, "atk u5 -3,3")
    assert ev_of(evs, "damage")[0].params["hp"] == 3 and not ev_of(evs, "retaliation")
    evs = d(G, "atk u3 -3,3")
    assert ev_of(evs, "retaliation")[0].params["damage"] == 2 and d.unit("u3")["hp"] == 2
    evs = d(G, "atk u4 -3,3")
    assert ev_of(evs, "damage")[0].params["hp"] == 1 and not ev_of(evs, "retaliation")


def play_cs_ex_10_to_12(d) -> None:
    """Brawnen turn 3, Grovetenders turn 3 and Brawnen turn 4 (CS-EX-10..12)."""
    # CS-EX-10 Brawnen turn 3 (CS-MOV-16, CS-EXP-11, CS-RET-13, CS-HERO-12)
    d(B, "next"); d(B, "next")
    assert sorted(d.legal(B)) == ["mm u1 1,0", "mm u1 1,1"]  # two full-move, progressing hexes
    d(B, "mm u1 1,0")
    d(B, "next")
    evs = d(B, "explore 0,0")
    assert ev_of(evs, "revealed")[0].params["type"] == "wild_drake"  # Foreboding forces it
    d(B, "next")
    evs = d(B, "atk u2 5,-1")
    assert d.src(B) == 5 and d.unit("u2")["up"]["a"] == 1 and ev_of(evs, "landmark_defeated")
    evs = d(B, "atk u1 0,0")
    assert ev_of(evs, "damage")[0].params["hp"] == 4 and d.unit("u1")["hp"] == 1
    # CS-EX-11 Grovetenders turn 3 (CS-MOV-17, Impale, Engage, free spire)
    d(G, "next"); d(G, "next")
    assert len(d.legal(G)) > 1
    evs = d(G, "mm u3 -1,0")
    assert ev_of(evs, "impale") and [l["hp"] for l in d.st["landmarks"].values() if l["type"] == "wild_drake"] == [3]
    d(G, "mm u4 -2,2")
    d(G, "mv u5 -2,1")
    assert sorted(a for a in d.legal(G) if a.startswith("atk u3") or a.startswith("atk u5")) == ["atk u3 0,0", "atk u5 0,0"]
    evs = d(G, "atk u5 0,0")
    assert ev_of(evs, "damage")[0].params["hp"] == 1 and not ev_of(evs, "retaliation")
    evs = d(G, "atk u3 0,0")
    assert not ev_of(evs, "level_up")
    sp = [s for s in d.st["spires"].values() if s["pos"] == "0,0"][0]
    assert sp["type"] == "shrubbery" and sp["chips"] == ["a", "f"] and sp["owner"] == G
    d(G, "atk u4 -3,3")
    assert d.src(G) == 6
    # CS-EX-12 Brawnen turn 4 (CS-LBO-5, CS-FIRE-8, CS-GRP-4, CS-SPR-10)
    d(B, "build mortar 5,-1 ara")
    assert d.st["players"][B]["lb"] == 1 and d.src(B) == 5  # mercenary spire: no further cost
    assert [s["chips"] for s in d.st["spires"].values() if s["type"] == "mortar"] == [["a", "r", "a"]]
    d(B, "next")
    d(B, "mv u2 3,0")
    assert sorted(d.legal(B)) == ["mm u1 -1,1", "mm u1 0,-1", "mm u1 0,1"]  # all within the Shrubbery's range
    d.force(2)
    evs = d(B, "mm u1 0,-1")
    assert ev_of(evs, "spire_fire")[0].params["dice"] == [2]
    assert d.unit("u1")["type"] == "warmonger" and d.unit("u1")["hp"] == 3 and d.src(G) == 9
    evs = d(B, "explore 3,1")
    assert ev_of(evs, "revealed")[0].params["type"] == "evil_drake"
    d(B, "next")
    assert [a for a in d.legal(B) if a.startswith("atk u2")] == ["atk u2 3,1"]  # Engage
    evs = d(B, "atk u2 3,1")
    assert ev_of(evs, "attack")[0].params["damage"] == 3 and d.unit("u2")["hp"] == 2
    evs = d(B, "atk u1 0,0")
    assert ev_of(evs, "spire_held") and sp["chips"] == ["a", "f"]


def play_cs_ex_13_to_15(d) -> None:
    """Grovetenders turn 4, Brawnen turn 5 and Grovetenders turn 5, which ends the wave
    (CS-EX-13..15)."""
    # CS-EX-13 Grovetenders turn 4
    d(G, "build reetall -7,2 ar")
    assert d.src(G) == 4 and d.st["players"][G]["lb"] == 1
    d(G, "next"); d(G, "next")
    assert "mm u3 0,1" in d.legal(G)
    d(G, "mm u3 0,1")
    assert d.unit("u4")["pos"] == "-1,1"  # Treehead Elk as far forward as possible
    d(G, "mv u5 -2,1")
    evs = d(G, "atk u5 0,-1")
    assert ev_of(evs, "damage")[0].params["hp"] == 1 and not ev_of(evs, "retaliation")
    # CS-EX-14 Brawnen turn 5 (CS-HERO-11, CS-HERO-13, CS-RET-14)
    d(B, "next")
    d(B, "mv u2 1,1")
    assert d.unit("u1")["pos"] == "-2,0"  # Warmonger's only legal move, next to Dywen
    assert [a for a in d.legal(B) if a.startswith("atk u1")] == ["atk u1 -2,1"]
    evs = d(B, "atk u2 0,1")
    assert d.src(B) == 6 and d.unit("u2")["side"] == "promoted" and d.unit("u2")["hp"] == 3
    assert d.unit("u2")["up"]["a"] == 0
    evs = d(B, "atk u1 -2,1")
    assert d.src(G) == 6
    dy = d.unit("u5")
    assert dy["side"] == "promoted" and dy["hp"] == 2 and dy["up"]["a"] == 0
    assert d.st["rest"] == []
    # CS-EX-15 Grovetenders turn 5 (CS-END-6)
    d(G, "next"); d(G, "next")
    assert d.unit("u4")["pos"] == "1,0"  # only legal move, next to Awsh
    d(G, "mv u5 -4,1")
    assert d.st["map"]["hexes"]["-4,1"]["t"] == "l"
    evs = d(G, "atk u5 -6,2")
    assert ev_of(evs, "damage")[0].params["hp"] == 3
    evs = d(G, "atk u4 1,1")
    end = ev_of(evs, "wave_ended")[0].params
    assert end["source"] == [8, 6] and end["gates"] == [10, 10] and end["relics"] == [0, 1]
    assert d.unit("u2")["up"]["a"] == 1  # Awsh levelled on his promoted side
    assert d.st["wave"] == 2 and d.st["start"] == G  # start player passed (CS-END-4)
    assert [p["lb"] for p in d.st["players"]] == [0, 0]


def test_tutorial_wave_cs_ex(driver):
    """CS-EX-1, CS-EX-2, CS-EX-3, CS-EX-4, CS-EX-5, CS-EX-6, CS-EX-7, CS-EX-8, CS-EX-9,
    CS-EX-10, CS-EX-11, CS-EX-12, CS-EX-13, CS-EX-14, CS-EX-15, CS-SET-19, CS-INC-3, CS-MKT-10,
    CS-BLD-9, CS-PREP-12, CS-MOV-14, CS-MOV-15, CS-MOV-16, CS-MOV-17, CS-EXP-8, CS-EXP-9,
    CS-EXP-10, CS-EXP-11, CS-ATK-10, CS-RET-11, CS-RET-12, CS-RET-13, CS-RET-14, CS-HERO-10,
    CS-HERO-11, CS-HERO-12, CS-HERO-13, CS-FIRE-8, CS-GRP-4, CS-LBO-5, CS-RWD-6, CS-SPR-10,
    CS-INF-5, CS-END-6, CS-REST-3, CS-ATK-5 (Engage), CS-MKT-8 (Mortar built free)."""
    d = driver(GAME.setup(2, {"map": "tutorial", "events": "off"}, 7))
    play_cs_ex_1_to_5(d)
    play_cs_ex_6_to_9(d)
    play_cs_ex_10_to_12(d)
    play_cs_ex_13_to_15(d)
