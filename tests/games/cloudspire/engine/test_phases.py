"""Wave structure: events, income, market, build, prep, Onslaught structure, rest mode,
wave end, winning, 3-4 players, 2 vs 2 and the game adjustments."""
import pytest

from engine.base import IllegalAction
from engine.cloudspire import GAME, game as G, phases as P, build as B_, combat as C, market as MK
from engine.cloudspire.state import income_for_wave, turn_order, spire_cap
from engine.cloudspire.content import load
from engine.cloudspire.scenario import Scenario
from tests.games.cloudspire.engine.cs_helpers import put_unit, put_spire, put_landmark, make_sandbox, random_playout

B, GR = 0, 1


def drive_to(st, phase, seat_fn=None):
    from engine.cloudspire.bot import timeout_action
    for _ in range(500):
        if st["phase"] == phase:
            return st
        s = G.acting_seats(st)[0]
        st, _ = GAME.apply(st, s, timeout_action(st, s))
    raise AssertionError(phase)


def test_wave_table_and_income_cs_wave_2_inc_1():
    """CS-WAVE-1, CS-WAVE-2, CS-INC-1, CS-ADJ-4, CS-SET-12: 2w+3 Source/CP; gates start at 10."""
    assert [income_for_wave(w) for w in range(1, 7)] == [5, 7, 9, 11, 13, 15]
    st = GAME.setup(2, {}, 3)
    assert [p["source"] for p in st["players"]] == [5, 5]
    assert [p["gate"] for p in st["players"]] == [10, 10] and st["phase"] == "market"


def test_event_phase_skipped_wave_1_and_without_events_cs_evt_1_4():
    """CS-EVT-1, CS-EVT-2, CS-EVT-3, CS-EVT-4, CS-ADJ-1, CS-AMB-27: no event in wave 1; later
    waves draw one card (Event-phase effects at once); none when events are off."""
    st = GAME.setup(2, {"events": "on"}, 4)
    assert st["event"]["current"] is None and len(st["event"]["deck"]) == 29
    evs = []
    P.end_wave(st, evs)
    assert st["wave"] == 2 and (st["event"]["current"] or st["event"]["lasting"])
    assert any(e.kind == "event_drawn" for e in evs) and len(st["event"]["deck"]) == 28
    st = GAME.setup(2, {"events": "off"}, 4)
    assert st["event"]["deck"] == []


def test_market_turns_and_refill_cs_mkt_1_5():
    """CS-MKT-1, CS-MKT-3, CS-MKT-4, CS-MKT-5, CS-MKT-6, CS-AMB-29, CS-SET-15, CS-SET-16:
    players+1 chips and one earthscape; one purchase or pass each, in turn order; refill."""
    st = GAME.setup(3, {}, 5)
    assert len(st["market"]["face"]) == 4 and st["market"]["es_face"]
    order = turn_order(st)
    s0 = G.acting_seats(st)[0]
    assert s0 == order[0]
    st, _ = GAME.apply(st, s0, {"type": "buy", "chip": "es"})
    assert st["market"]["es_face"] and st["market"]["es_bought"]
    s1 = G.acting_seats(st)[0]
    assert s1 == order[1] and {"type": "buy", "chip": "es"} not in GAME.legal_actions(st, s1)
    cheap = min(st["market"]["face"], key=lambda x: MK.chip_cost(st, s1, x))
    st, evs = GAME.apply(st, s1, {"type": "buy", "chip": cheap})
    assert len(st["market"]["face"]) == 4 and cheap in st["players"][s1]["beside"]
    st, _ = GAME.apply(st, G.acting_seats(st)[0], {"type": "pass"})
    assert st["phase"] == "build"


def test_market_refresh_from_wave_2_cs_mkt_2_amb_28():
    """CS-MKT-2, CS-AMB-28: the whole market is discarded and refilled at wave 2."""
    st = make_sandbox()
    face = list(st["market"]["face"])
    MK.refresh(st)
    assert not set(face) & set(st["market"]["face"]) and set(face) <= set(st["market"]["discard"])


def test_build_options_costs_cs_bld_3_5():
    """CS-BLD-1, CS-BLD-2, CS-BLD-3, CS-BLD-4, CS-BLD-5, CS-AMB-13, CS-AMB-14, CS-SPR-2,
    CS-SPR-3, CS-SPR-4: construct on an uncovered well in influence with chosen chip order;
    upgrades go to the bottom and cost the chip count (fortification 2)."""
    st = make_sandbox()
    st["players"][B]["source"] = 20
    evs = []
    B_.construct(st, B, "catapult", "basic", "8,-3", "ra", evs)
    s = next(iter(st["spires"].values()))
    assert s["chips"] == ["r", "a"] and st["players"][B]["source"] == 15
    assert B_.upgrade_cost(s, "afa") == 3 + 2 + 5
    B_.upgrade(st, B, "8,-3", "af", evs)
    assert s["chips"] == ["r", "a", "a", "f"] and st["players"][B]["source"] == 10
    assert B_.upgrade_room(s) == 1
    assert B_.upgrade_legal(st, B, "8,-3", "aa") == "spire_full"
    s["chips"] = ["r"]  # damaged: upgrading repairs up to initial + capacity
    assert B_.upgrade_room(s) == 4
    assert B_.construct_legal(st, B, "catapult", "basic", "0,0", "ar") == "bad_well"


def test_influence_cs_inf_1_4():
    """CS-INF-1, CS-INF-2, CS-INF-3, CS-INF-4, CS-INF-5, CS-MAP-7, CS-MAP-8: groups adjacent to
    the gate, with your spire, or adjacent to one; fortress wells always; covered wells none."""
    st = make_sandbox()
    wells = B_.buildable_wells(st, B)
    assert "8,-3" in wells and "7,-1" in wells and "5,-1" in wells and "0,0" not in wells
    put_spire(st, B, "catapult", "4,0", "ar")
    wells = B_.buildable_wells(st, B)
    assert "0,0" in wells and "3,1" in wells  # centre and isle 3 are adjacent to isle 2
    put_landmark(st, "scarab", "0,0")
    assert "0,0" not in B_.buildable_wells(st, B)


def test_spire_cap_cs_bld_8_mp_2():
    """CS-BLD-8, CS-MP-2, CS-TEAM-1: 6 / 5 / 4 spires."""
    assert spire_cap({"seats": 2}) == 6 and spire_cap({"seats": 3}) == 5 and spire_cap({"seats": 4}) == 4
    st = make_sandbox()
    for h in ["1,2", "2,2", "2,3", "3,3", "0,3", "1,3"]:
        put_spire(st, B, "catapult", h, "ar")
    st["players"][B]["source"] = 20
    assert B_.construct_legal(st, B, "catapult", "basic", "8,-3", "ar") == "spire_cap"


def test_advancement_progressive_cs_bld_7():
    """CS-BLD-7, CS-WIN-2: advancements in order; each peg counts for fortress power."""
    st = make_sandbox()
    st["players"][GR]["source"] = 20
    B_.advance(st, GR, "inner_oak", [])
    B_.advance(st, GR, "inner_oak", [])
    assert st["players"][GR]["adv"]["inner_oak"] == 2 and st["players"][GR]["source"] == 12
    from engine.cloudspire.scoring import fortress_power
    assert fortress_power(st, GR) == 12


def test_earthscape_placement_cs_bld_6_amb_30():
    """CS-BLD-6, CS-AMB-30, CS-MKT-4: an earthscape lies on isle hexes in influence, covering
    no well, unit or landmark, and becomes its own hex group."""
    st = make_sandbox()
    st["players"][GR]["beside"].append("es11")
    pl = B_.earthscape_placements(st, GR, "es11")
    assert ("-7,3", 0) in pl
    for h, rot in pl:
        for x in B_.earthscape_cells("es11", h, rot):
            assert st["map"]["hexes"][x]["g"].startswith("isle") and not st["map"]["hexes"][x]["w"]
    wells = B_.place_earthscape(st, GR, "es11", "-7,3", 0, [])
    assert sorted(wells) == ["-6,1", "-7,2"] and st["map"]["hexes"]["-7,2"]["g"] == "es11"


def _build_turn(seat):
    """The sandbox board in the Build phase with only ``seat`` still building."""
    return Scenario.sandbox().phase("build", seat=seat)


def test_earthscape_may_not_cut_a_gate_off_its_paths_cs_amb_30():
    """CS-AMB-30 (added after play-testing), CS-BLD-6, CS-MOV-6: an earthscape may not be
    placed so that a fortress gate loses its last path connection to the other gates. The
    tutorial's es11 in front of the Grovetenders' gate covers one of its two path hexes and is
    allowed; turned so that it covers the other one too, it cuts the gate off: that placement
    is absent from the legal actions and refused by apply with a catalog key, also when
    apply's legality check is skipped."""
    import copy
    from engine.base import IllegalAction
    from engine.cloudspire import mapgen
    st = _build_turn(GR).player(GR, beside=["es11"]).build()
    keep = {"type": "es", "earthscape": "es11", "at": "-7,3", "rot": 0}
    cut = {"type": "es", "earthscape": "es11", "at": "-7,3", "rot": 2}
    assert B_.earthscape_fits(st, GR, "es11", "-7,3", 2)  # fine by every other placement rule
    laid = copy.deepcopy(st)
    for h, (t, w) in B_.earthscape_cells("es11", "-7,3", 2).items():
        laid["map"]["hexes"][h] = {"t": t, "w": w, "g": "es11"}
    assert mapgen.gates_connected(st["map"]) and not mapgen.gates_connected(laid["map"])
    legal = GAME.legal_actions(st, GR)
    assert keep in legal and cut not in legal
    assert ("-7,3", 2) not in B_.earthscape_placements(st, GR, "es11")
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, GR, cut)
    assert e.value.code == "cloudspire.err.es_cuts_path" and e.value.params["at"] == "-7,3"
    with pytest.raises(IllegalAction) as e:
        G.apply_inplace(copy.deepcopy(st), GR, cut, check=False)
    assert e.value.code == "cloudspire.err.es_cuts_path"
    assert st["players"][GR]["beside"] == ["es11"] and "es11" not in {c["g"] for c in st["map"]["hexes"].values()}
    after, _ = GAME.apply(st, GR, keep)
    assert after["map"]["hexes"]["-7,3"]["g"] == "es11" and after["map"]["hexes"]["-7,3"]["t"] != "p"
    assert mapgen.gates_connected(after["map"])


def test_bots_place_earthscapes_only_where_paths_stay_cs_amb_30():
    """CS-AMB-30: both bots take their earthscape placement from the legal ones. Here the
    first fitting placement in the bots' order (es11 at 6,-4 turned 3) would cut the Brawnen
    gate's only path; they choose another one and the gates stay joined."""
    from engine.cloudspire import mapgen
    from engine.cloudspire.bot import bot_action, strong_bot_action
    st = (_build_turn(B).player(B, beside=["es11"])
          .landmark("hydra", "7,-3").landmark("hydra", "5,-4")  # rule out the two placements that sort before it
          .build())
    assert B_.earthscape_fits(st, B, "es11", "6,-4", 3) and B_.earthscape_cuts_path(st, "es11", "6,-4", 3)
    legal = GAME.legal_actions(st, B)
    for bot in (bot_action, strong_bot_action):
        a = bot(st, B)
        assert a["type"] == "es" and a in legal and (a["at"], a["rot"]) != ("6,-4", 3)
        after, _ = GAME.apply(st, B, a)
        assert mapgen.gates_connected(after["map"])


def test_limited_build_options_cs_lbo_1_4():
    """CS-LBO-1, CS-LBO-2, CS-LBO-3, CS-LBO-4, CS-AMB-31, CS-ONS-3: up to 2 per Onslaught at the
    start of your turn, spires only; pegs removed at wave end."""
    st = Scenario.sandbox().unit(GR, "war_briar").player(B, source=20).build()
    legal = GAME.legal_actions(st, B)
    assert any(a["type"] == "build" for a in legal) and not any(a["type"] in ("adv", "es") for a in legal)
    st, _ = GAME.apply(st, B, {"type": "build", "spire": "catapult", "side": "basic", "at": "8,-3", "order": "ar"})
    st, _ = GAME.apply(st, B, {"type": "up", "at": "8,-3", "chips": "a"})
    assert st["players"][B]["lb"] == 2
    assert not any(a["type"] in ("build", "up") for a in GAME.legal_actions(st, B))


def test_prep_selection_and_stack_rules_cs_prep_3_8():
    """CS-PREP-1, CS-PREP-2, CS-PREP-3, CS-PREP-4, CS-PREP-5, CS-PREP-6, CS-PREP-7, CS-PREP-8,
    CS-PREP-9, CS-AMB-34: CP limit, only the starting hero in wave 1, minions consecutive with
    heroes above or below, groups ordered by move."""
    st = drive_to(GAME.setup(2, {"events": "off"}, 9), "prep")
    s = G.acting_seats(st)[0]
    f = st["factions"][s]
    assert st["players"][s]["cp"] == 5 and st["players"][1 - s]["mark"] == s
    adds = {a["unit"] for a in GAME.legal_actions(st, s) if a["type"] == "add"}
    from engine.cloudspire.content import load
    heroes = [h["id"] for h in load()["factions"][f]["heroes"]]
    start = [h["id"] for h in load()["factions"][f]["heroes"] if h["start"]][0]
    assert start in adds and not (set(heroes) - {start}) & adds
    mins = sorted((m for m in load()["factions"][f]["minions"] if m["cp"] <= 2), key=lambda m: m["cp"])
    st, _ = GAME.apply(st, s, {"type": "add", "unit": mins[0]["id"]})
    st, _ = GAME.apply(st, s, {"type": "add", "unit": start})
    assert not any(a["type"] == "add" and load()["units"][a["unit"]]["kind"] == "minion"
                   for a in GAME.legal_actions(st, s))  # hero below: no more minions
    st, _ = GAME.apply(st, s, {"type": "undo"})
    st, _ = GAME.apply(st, s, {"type": "lock"})
    assert st["prep"]["locked"] == [s]


def test_prep_visibility_cs_prep_11_amb_33():
    """CS-PREP-11, CS-AMB-33, CS-PREP-9: later players see earlier locked stacks during Prep;
    the public and the earlier player see only the top; stacks sit on the gate."""
    st = drive_to(GAME.setup(2, {"events": "off"}, 9), "prep")
    first = G.acting_seats(st)[0]
    st, _ = GAME.apply(st, first, {"type": "autostack"})
    second = G.acting_seats(st)[0]
    assert "earlier" in GAME.view(st, second)["prep"] and str(first) in GAME.view(st, second)["prep"]["earlier"]
    assert "earlier" not in GAME.view(st, None)["prep"] and GAME.view(st, first)["prep"]["earlier"] == {}


def test_faster_prep_is_simultaneous_cs_adj_2():
    """CS-ADJ-2, CS-ADJ-3, CS-AMB-33: faster game: simultaneous build and prep, no market,
    no events, 3 waves."""
    st = GAME.setup(2, {"faster_market": "on", "faster_build": "on", "faster_prep": "on", "faster_short": "on"}, 2)
    assert st["options"]["events"] == "off" and st["phase"] == "build"
    assert sorted(G.acting_seats(st)) == [0, 1]
    assert all(p.kind == "simultaneous" for p in GAME.prompts(st))
    st = drive_to(st, "prep")
    assert sorted(G.acting_seats(st)) == [0, 1]
    assert P.last_wave(st) == 3
    fin = random_playout(2, 2, options={"faster_market": "on", "faster_short": "on"})
    assert fin["wave"] <= 3


def test_longer_game_option_cs_adj_4():
    """CS-ADJ-4: waves 5+ with 2w+3."""
    st = GAME.setup(2, {"waves": 6}, 1)
    assert P.last_wave(st) == 6
    assert "waves" in GAME.options_schema() and 6 in GAME.options_schema()["waves"]["choices"]


def test_onslaught_turn_structure_cs_ons_1_4():
    """CS-ONS-1, CS-ONS-2, CS-ONS-3, CS-ONS-4, CS-GEN-2: rounds of turns clockwise from the start
    player; each turn steps start, movement, fire, exploration, attack; players without units
    still take turns."""
    st = make_sandbox()
    put_unit(st, GR, "war_briar", None)
    assert st["turn"]["seat"] == B and st["turn"]["step"] == "start"
    st, _ = GAME.apply(st, B, {"type": "next"})
    assert st["turn"]["seat"] == GR  # nothing to do: the turn still happened
    assert G.prompts(st)[0].key == "cloudspire.prompt.start"


def test_rest_mode_cs_rest_1_3():
    """CS-REST-1, CS-REST-2, CS-REST-3, CS-AMB-4: when only one side has units in play its
    heroes become inactive; minions still act."""
    sc = Scenario.sandbox().unit(GR, "dywen", "1,1", name="h").unit(GR, "war_briar", "-1,0").turn(seat=GR)
    st, h = sc.build(), sc["h"]
    assert st["rest"] == [GR]
    from engine.cloudspire.explore import inactive
    assert inactive(st, st["units"][h])
    st["turn"]["step"] = "attack"
    assert not any(a["unit"] == h for a in G.legal_actions(st, GR) if a["type"] in ("atk", "mv"))


def test_wave_ends_when_no_minions_cs_end_1_3():
    """CS-END-1, CS-END-2, CS-END-3, CS-END-4, CS-END-5, CS-AMB-1, CS-AMB-2, CS-AMB-3,
    CS-AMB-48, CS-HERO-9, CS-RWD-5: the Onslaught ends at once when no minion is left anywhere; heroes
    on the map stay, heroes in stacks return beside the barracks; housekeeping."""
    sc = (Scenario.sandbox().unit(B, "awsh", "1,0", health=2, name="h").unit(GR, "dywen")
          .unit(GR, "sellsword", "1,1", health=1).player(B, lb=2).turn(step="attack"))
    st, h = sc.build(), sc["h"]
    st, evs = GAME.apply(st, B, {"type": "atk", "unit": h, "at": "1,1"})
    kinds = [e.kind for e in evs]
    assert "reward" in kinds and "level_up" in kinds and "wave_ended" in kinds
    assert st["wave"] == 2 and st["units"][h]["pos"] == "1,0" and st["units"][h]["hp"] == 2
    assert "dywen" in st["players"][GR]["beside"] and st["stacks"] == [[], []]
    assert st["players"][B]["lb"] == 0 and st["start"] == GR


WHOLE_WAVE_RELICS = sorted(r for r, d in load()["relics"].items() if d["whole_wave"])


def test_whole_wave_relics_in_the_data_cs_end_4():
    """CS-END-4 (step 2): the relics whose effect lasts the whole wave are flagged in the data."""
    assert WHOLE_WAVE_RELICS == ["war_horn", "wavelength_jammer"]


@pytest.mark.parametrize("rid", WHOLE_WAVE_RELICS)
def test_whole_wave_relic_in_effect_until_wave_end_and_not_reshuffled_cs_end_4_2(rid):
    """CS-END-4.2, CS-AMB-27, CS-RWD-3: a used whole-wave relic stays in effect (in its own
    place, neither deck nor discard pile) until the end of the wave, then is discarded. When
    the relic deck runs out mid-wave, the engine reshuffles the discard pile (as CS-AMB-29 does
    for market supplies); that reshuffle cannot deal a relic still in effect."""
    from engine.cloudspire.cards import draw_relic
    st = make_sandbox()
    put_unit(st, GR, "war_briar", None)  # a minion left, so the wave goes on
    st["players"][B]["relics"] = [rid]
    st["relic_deck"], st["relic_discard"] = [], ["secret_vault"]
    eff = load()["relics"][rid]["effect"]
    st, _ = GAME.apply(st, B, {"type": "relic", "relic": rid, "args": []})
    assert st["wave"] == 1 and eff in st["players"][B]["relic_effects"]
    evs = []
    draw_relic(st, GR, evs)  # the deck is empty: the discard pile is reshuffled
    draw_relic(st, GR, evs)  # and empty again: nothing left to draw
    assert st["players"][GR]["relics"] == ["secret_vault"]
    assert [e.params["reason"] for e in evs if e.kind == "reward_lost"] == ["no_relic"]
    assert rid not in st["relic_discard"] + st["relic_deck"]
    assert st["players"][B]["relics_in_effect"] == [rid] and eff in st["players"][B]["relic_effects"]
    v = GAME.view(st, None)
    assert v["relics_in_effect"] == [{"seat": B, "relic": rid}] and eff in v["players"][B]["relic_effects"]
    P.end_wave(st, [])
    assert st["relic_discard"] == [rid] and st["players"][B]["relics_in_effect"] == []
    assert st["players"][B]["relic_effects"] == [] and GAME.view(st, None)["relics_in_effect"] == []
    draw_relic(st, GR, [])  # after the wave it is an ordinary discarded card again
    assert st["players"][GR]["relics"] == ["secret_vault", rid]


def test_fortress_power_and_ties_cs_win_2_3():
    """CS-WIN-2, CS-WIN-3, CS-WIN-4: gate + pegs; ties by gate, Source, spires, else shared."""
    from engine.cloudspire.scoring import finish
    st = make_sandbox()
    st["players"][B]["gate"], st["players"][GR]["gate"] = 6, 5
    st["players"][B]["adv"]["bone_pit"] = 3; st["players"][B]["adv"]["war_camp"] = 2
    st["players"][GR]["adv"]["inner_oak"] = 3; st["players"][GR]["adv"]["thicket"] = 2
    finish(st, "fortress_power")
    assert st["result"]["winners"] == [B] and st["result"]["figures"]["0"]["power"] == 11
    st["players"][GR]["gate"] = 6
    st["players"][GR]["source"] = 3
    finish(st, "fortress_power")
    assert st["result"]["winners"] == [GR]
    st["players"][B]["source"] = 3
    finish(st, "fortress_power")
    assert st["result"]["winners"] == [B, GR]


def test_three_players_break_loot_remark_cs_mp_3_7():
    """CS-MP-1, CS-MP-3, CS-MP-4, CS-MP-5, CS-MP-6, CS-MP-7, CS-MP-8, CS-AMB-37, CS-AMB-39,
    CS-AMB-47: a broken gate loots, re-marks and can no longer be attacked; the game ends
    when one gate stands."""
    st = random_playout(1, 3)
    a, b, c = 0, 1, 2
    sc = Scenario(seats=3, seed=1, options={})
    board = sc.state()
    gate_b = board["map"]["forts"][str(b)]["gate"]
    from engine.cloudspire.hexgeo import neighbours
    spot = next(n for n in neighbours(gate_b) if n in board["map"]["hexes"] and board["map"]["hexes"][n]["t"] != "x")
    minion = load()["factions"][board["factions"][a]]["minions"][0]["id"]
    for s in range(3):
        sc.player(s, mark=b if s != b else a)
    sc.player(b, source=7, gate=1).player(a, source=18).phase("onslaught")
    sc.clear(spot).unit(a, minion, spot, name="u").unit(c, "sellsword")
    st2, u = sc.build(), sc["u"]
    p = st2["players"]
    C.do_attack(st2, u, gate_b, [])
    assert p[b]["broken"] and p[b]["source"] == 0 and p[a]["source"] == 20
    assert p[c]["mark"] != b and p[a]["mark"] != b
    assert not C.valid_target(st2, a, ("gate", b))
    assert st2["phase"] == "onslaught"
    p[c]["gate"] = 0; p[c]["broken"] = True
    p[b]["broken"] = False; p[b]["gate"] = 1
    C.do_attack(st2, u, gate_b, [])
    assert st2["result"]["winners"] == [a] and st2["result"]["reason"] == "last_gate"


def test_gate_repair_cs_mp_9_11():
    """CS-MP-9, CS-MP-10, CS-MP-11, CS-INC-2, CS-AMB-38: sacrifice highest levels first, then
    2 Source per health, up to 3."""
    st = GAME.setup(3, {}, 2)
    s = 0
    p = st["players"][s]
    f = st["factions"][s]
    ids = list(p["adv"])
    p["adv"][ids[0]], p["adv"][ids[2]] = 1, 2
    p["gate"], p["broken"], p["source"] = 0, True, 10
    P.repair_gate(st, s, [])
    assert p["gate"] == 3 and sum(p["adv"].values()) == 0 and p["source"] == 10 and not p["broken"]
    p["adv"][ids[0]] = 1
    p["gate"], p["broken"] = 0, True
    P.repair_gate(st, s, [])
    assert p["gate"] == 3 and p["source"] == 6
    p["gate"], p["broken"], p["source"] = 0, True, 1
    P.repair_gate(st, s, [])
    assert p["gate"] == 0 and p["broken"]
    from engine.cloudspire.scoring import fortress_power
    assert fortress_power(st, s) == 0


def test_team_play_cs_team_1_6():
    """CS-TEAM-1, CS-TEAM-2, CS-TEAM-3, CS-TEAM-4, CS-TEAM-5, CS-TEAM-6, CS-AMB-40, CS-GEN-5:
    alternating teams, friendly teammates, distinct marks, a broken gate ends the game."""
    st = GAME.setup(4, {"mode": "teams"}, 3)
    assert st["teams"] == [0, 1, 0, 1]
    from engine.cloudspire.state import friendly
    assert friendly(st, 0, 2) and not friendly(st, 0, 1)
    order = turn_order(st)
    assert all(st["teams"][order[i]] != st["teams"][order[i + 1]] for i in range(3))
    st = drive_to(st, "prep")
    seen = {}
    while st["phase"] == "prep" and st["prep"]["step"] == "mark":
        s = G.acting_seats(st)[0]
        opts = [a["target"] for a in GAME.legal_actions(st, s)]
        mate = [m for m in range(4) if m != s and friendly(st, s, m)][0]
        if mate in seen:
            assert seen[mate] not in opts
        assert all(not friendly(st, s, o) for o in opts)
        seen[s] = opts[0]
        st, _ = GAME.apply(st, s, {"type": "mark", "target": opts[0]})
    fin = random_playout(5, 4, options={"mode": "teams"})
    assert fin["result"]["winners"] in ([0, 2], [1, 3], [0, 1, 2, 3])
    with pytest.raises(IllegalAction):
        GAME.setup(3, {"mode": "teams"}, 1)


def test_solo_modes_not_offered_cs_solo_1_3():
    """CS-SOLO-1, CS-SOLO-2, CS-SOLO-3: no solo/co-op/endless without campaign content."""
    assert GAME.min_seats == 2
    with pytest.raises(IllegalAction) as e:
        GAME.setup(1, {}, 1)
    assert e.value.code == "cloudspire.err.bad_seats"


def test_concede_cs_win_1():
    """CS-WIN-1 (result source of truth): conceding in 2 players gives the other the win."""
    st = GAME.setup(2, {}, 1)
    st2, evs = GAME.concede(st, 0, "resign")
    assert GAME.result(st2).winners == [1] and GAME.result(st) is None


def test_concede_in_three_players_autoplays_the_seat():
    """A conceding player in a 3-player game counts as broken and is played by defaults."""
    st = GAME.setup(3, {}, 4)
    s = G.acting_seats(st)[0]
    other = [x for x in range(3) if x != s][0]
    st, _ = GAME.concede(st, other, "left")
    assert st["players"][other]["broken"] and other not in G.acting_seats(st)
    from engine.cloudspire.bot import bot_action
    for _ in range(300):
        if st["phase"] == "over":
            break
        x = G.acting_seats(st)[0]
        assert x != other
        st, _ = GAME.apply(st, x, bot_action(st, x))


def test_the_last_one_standing_wins_and_who_gave_up_first_places_last():
    """CS-WIN-1: in a 3-4 player game that ends because all but one seat conceded, the others
    are placed in reverse order of conceding (a tournament scores places: 3/2/1/0)."""
    st = GAME.setup(4, {}, 3)
    for seat in (1, 3, 0):
        st, _ = GAME.concede(st, seat, "resign")
    result = GAME.result(st)
    assert result.winners == [2] and result.placements == [[2], [0], [3], [1]]
    teams = GAME.setup(4, {"mode": "teams"}, 3)
    teams, _ = GAME.concede(teams, 1, "resign")
    assert GAME.result(teams).placements == [[0, 2], [1, 3]], "a team game: the losing team shares a place"
