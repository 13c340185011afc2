"""The designed modes (docs/rules/cloudspire.md "Designed modes", CS-DM; CS-SOLO-1/2): options
and seats, caps, sides and turn order, difficulty, the three objectives, the Cloud's gates,
endless, the result, the view's ``designed`` block and conceding. Positions are built with
engine/cloudspire/scenario.py; whole games are played by the engine's bots."""
from __future__ import annotations

import json
import math

import pytest

from engine.base import IllegalAction
from engine.cloudspire import GAME, cards, designed, mapgen, modes, phases
from engine.cloudspire.content import ContentError, load
from engine.cloudspire.hexgeo import neighbours
from engine.cloudspire.market import market_size
from engine.cloudspire.options import normalise
from engine.cloudspire.prep import add_options, mark_options
from engine.cloudspire.scenario import Scenario
from engine.cloudspire.state import friendly, spire_cap, turn_order
from engine.playout import playout


def solo(eid: str, seats: int | None = None, seed: int = 1, **extra) -> Scenario:
    options = {"mode": modes.ENCOUNTERS[eid]["mode"], "encounter": eid, **extra}
    return Scenario(seats=seats or GAME.seat_range(options)[0], seed=seed, options=options)


def gate(st, seat: int) -> str:
    return st["map"]["forts"][str(seat)]["gate"]


def path_next_to(st, h: str) -> str:
    """A free path hex next to ``h`` (where any unit may stand)."""
    return next(n for n in neighbours(h) if st["map"]["hexes"].get(n, {}).get("t") == "p")


def minion_of(st, seat: int) -> str:
    return load()["factions"][st["factions"][seat]]["minions"][0]["id"]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


# ---------------------------------------------------------------- options and seats

def test_options_fill_the_modes_first_encounter_and_lay_out_its_own_map_cs_dm_1():
    """CS-DM-1: "none" is the mode's first encounter; the map is the encounter's (map=random
    whatever was asked); an encounter that turns events off turns them off; ffa and teams
    play no encounter and have no difficulty (their options are those of before the designed
    modes)."""
    o = normalise(2, {"mode": "solo", "map": "guided"})
    assert o["encounter"] == "first_light" and o["map"] == "random" and o["events"] == "off"
    assert normalise(3, {"mode": "coop"})["encounter"] == "shared_skies"
    assert normalise(4, {"mode": "endless"})["encounter"] == "none"
    plain = normalise(2, {"mode": "ffa", "encounter": "three_crowns", "difficulty": "hard"})
    assert "encounter" not in plain and "difficulty" not in plain  # and stored games replay as they were
    assert modes.encounter_ids("solo")[0] == "first_light" and len(modes.encounter_ids("coop")) >= 6


def test_options_refuse_an_encounter_of_the_other_mode_or_the_wrong_seats_cs_dm_1():
    """CS-DM-1: a co-op encounter in solo, the wrong number of seats and an unknown difficulty
    are refused with a catalog key."""
    with pytest.raises(IllegalAction) as e:
        normalise(3, {"mode": "solo", "encounter": "shared_skies"})
    assert e.value.code == "cloudspire.err.bad_option"
    with pytest.raises(IllegalAction) as e:
        normalise(3, {"mode": "solo", "encounter": "first_light"})
    assert e.value.code == "cloudspire.err.designed_seats" and e.value.params == {"low": 2, "high": 2}
    with pytest.raises(IllegalAction):
        normalise(2, {"mode": "endless"})
    with pytest.raises(IllegalAction):
        normalise(2, {"mode": "solo", "difficulty": "brutal"})


@pytest.mark.parametrize("options, people, total", [
    ({"mode": "solo"}, (1, 1), (2, 2)),
    ({"mode": "solo", "encounter": "two_banners"}, (1, 1), (3, 3)),
    ({"mode": "solo", "encounter": "three_crowns"}, (1, 1), (4, 4)),
    ({"mode": "coop", "encounter": "shared_skies"}, (2, 3), (3, 4)),
    ({"mode": "coop", "encounter": "twin_tempest"}, (2, 2), (4, 4)),
    ({"mode": "endless"}, (1, 1), (4, 4)),
    ({"mode": "ffa"}, (2, 4), (2, 4)),
])
def test_seat_ranges_people_and_house_seats_cs_dm_1(options, people, total):
    """CS-DM-1: the lobby seats the people (``people_range``), the host adds one Cloud bot
    per Cloud faction (``house_seats``), and the engine's seat range is both together."""
    assert GAME.people_range(options) == people
    assert GAME.seat_range(options) == total
    house = GAME.house_seats({**options, "difficulty": "hard"}, people[0])
    assert len(house) == total[0] - people[0] == modes.cloud_seats(options)
    assert all(h["bot"] and h["cloud"] and h["level"] == "hard" for h in house)
    if options["mode"] == "solo" and "encounter" not in options:
        assert [h["faction"] for h in house] == ["grovetenders"]
    if options["mode"] == "endless":
        assert [h["faction"] for h in house] == [None, None, None]  # the three the person leaves


def test_teams_are_the_people_then_the_cloud_cs_dm_3():
    """CS-DM-3: seats 0..P-1 are the people, the rest the Cloud; team_seats for a seat count;
    the sides are friendly within (CS-TEAM-4) and enemies across."""
    coop = {"mode": "coop", "encounter": "shared_skies"}
    assert GAME.team_seats(coop, 4) == [[0, 1, 2], [3]]
    assert GAME.team_seats(coop) == [[0, 1], [2]]
    assert GAME.team_seats({"mode": "endless"}, 4) == [[0], [1, 2, 3]]
    assert GAME.team_seats({"mode": "ffa"}) is None and GAME.team_seats({"mode": "teams"}) == [[0, 2], [1, 3]]
    st = GAME.setup(4, coop, 3)
    assert st["designed"]["people"] == [0, 1, 2] and st["designed"]["cloud"] == [3]
    assert modes.is_cloud(st, 4, 3) and not modes.is_cloud(st, 4, 0) and modes.is_cloud(coop, 4, 3)
    assert friendly(st, 0, 2) and not friendly(st, 2, 3)


def test_caps_and_market_chips_per_mode_cs_solo_1_cs_dm_2():
    """CS-SOLO-1, CS-DM-2: solo and endless spire cap 6 and 3 market chips, co-op 5 and 4,
    whatever the number of seats."""
    for options, seats, cap, chips in [({"mode": "solo"}, 2, 6, 3), ({"mode": "solo", "encounter": "three_crowns"}, 4, 6, 3),
                                       ({"mode": "coop"}, 3, 5, 4), ({"mode": "coop"}, 4, 5, 4),
                                       ({"mode": "endless"}, 4, 6, 3)]:
        st = GAME.setup(seats, options, 2)
        assert spire_cap(st) == cap and market_size(st) == chips, options
        assert len(st["market"]["face"]) == chips
        assert GAME.view(st, None)["spire_cap"] == cap


def test_the_people_start_every_phase_of_every_wave_cs_dm_4():
    """CS-DM-4: seat 0 (the first person) is the start player and stays so after a wave."""
    sc = solo("three_crowns").no_landmarks()
    st = sc.build()
    assert st["start"] == 0 and turn_order(st) == [0, 1, 2, 3]
    assert [p.seat for p in GAME.prompts(st)] == [0]
    phases.end_wave(st, [])
    assert st["wave"] == 2 and st["start"] == 0


def test_every_cloud_faction_may_mark_the_one_person_cs_dm_3():
    """CS-DM-3: CS-TEAM-3 does not apply: all three Cloud factions mark the person; the
    person may mark any Cloud gate."""
    st = solo("three_crowns").phase("prep").build()
    assert mark_options(st, 0) == [1, 2, 3]
    for s in (0, 1, 2, 3):
        assert GAME.prompts(st)[0].seat == s
        target = 0 if s else 2
        assert {"type": "mark", "target": target} in GAME.legal_actions(st, s)
        st, _ = GAME.apply(st, s, {"type": "mark", "target": target})
    assert [p["mark"] for p in st["players"]] == [2, 0, 0, 0]


# ---------------------------------------------------------------- difficulty

@pytest.mark.parametrize("difficulty", modes.DIFFICULTIES)
def test_difficulty_adjusts_source_cp_and_gates_cs_dm_9(difficulty):
    """CS-DM-9: the encounter's numbers for this difficulty: wave-1 Source of the person and
    the Cloud, both sides' CP, gate health."""
    for eid in ("first_light", "breach_at_dawn"):
        a = modes.ENCOUNTERS[eid]["difficulty"][difficulty]
        st = solo(eid, difficulty=difficulty).build()
        assert st["players"][0]["source"] == 5 + a.get("people_source", 0)
        assert st["players"][1]["source"] == max(0, 5 + a.get("cloud_source", 0) + a.get("cloud_wave_source", 0))
        assert st["players"][1]["gate"] == 10 + a.get("cloud_gate", 0)
        assert st["players"][0]["gate"] == 10 + a.get("people_gate", 0)
        st = solo(eid, difficulty=difficulty).phase("prep").build()
        assert st["players"][0]["cp"] == 5 + a.get("people_cp", 0)
        assert st["players"][1]["cp"] == max(0, 5 + a.get("cloud_cp", 0) + a.get("cloud_wave_cp", 0))


def test_the_cloud_deploys_heroes_only_from_its_wave_cs_dm_9():
    """CS-DM-9: ``cloud_heroes_from``: before that wave the Cloud's stack takes no hero; the
    person's always may."""
    first = modes.adjustments({"mode": "solo", "encounter": "drifting_well"})["cloud_heroes_from"]
    assert first > 1
    heroes = {h["id"] for f in load()["factions"].values() for h in f["heroes"]}
    st = solo("drifting_well").phase("prep").build()
    assert not set(add_options(st, 1)) & heroes and set(add_options(st, 0)) & heroes
    st = solo("drifting_well").wave(int(first)).phase("prep").build()
    assert set(add_options(st, 1)) & heroes


def test_outnumbered_cloud_gains_per_extra_person_cs_dm_10():
    """CS-DM-10: each person beyond the number of Cloud factions gives every Cloud faction
    the data's extra Source and CP each wave."""
    extra = modes.OUTNUMBERED
    three = solo("shared_skies", seats=3).phase("prep").build()
    four = solo("shared_skies", seats=4).phase("prep").build()
    assert four["players"][3]["cp"] - three["players"][2]["cp"] == extra["cp"]
    assert designed.income_bonus(four, 3) - designed.income_bonus(three, 2) == extra["source"]


def test_the_loader_refuses_disordered_or_incomplete_encounters_cs_dm_9():
    """CS-DM-9 (and the data's checks): hard easier than easy, a Cloud faction twice, a missing
    Chinese story are refused with a clear ContentError."""
    good = json.loads(json.dumps(modes.ENCOUNTERS["first_light"]))
    factions = list(load()["faction_order"])
    modes._check_encounter(good, factions)
    bad = json.loads(json.dumps(good))
    bad["difficulty"]["hard"] = {"cloud_wave_cp": -9}
    with pytest.raises(ContentError, match="out of order"):
        modes._check_encounter(bad, factions)
    bad = json.loads(json.dumps(good))
    bad["cloud"] = ["heirs", "heirs"]
    with pytest.raises(ContentError, match="cloud"):
        modes._check_encounter(bad, factions)
    bad = json.loads(json.dumps(good))
    del bad["story"]["zh_hans"]
    with pytest.raises(ContentError, match="Simplified Chinese"):
        modes._check_encounter(bad, factions)


# ---------------------------------------------------------------- objectives

def test_a_persons_gate_broken_loses_at_once_cs_dm_5_cs_dm_15():
    """CS-DM-5: a Cloud minion breaks the person's gate: the Cloud wins at once; CS-DM-15:
    placements [[Cloud], [people]], figures per seat plus the mode's."""
    sc = solo("first_light").no_landmarks().phase("onslaught", seat=1, step="attack")
    st0 = sc.state()
    sc.unit(1, minion_of(st0, 1), at=path_next_to(st0, gate(st0, 0)), name="m").player(0, gate=1)
    st, events = GAME.apply(sc.build(), 1, {"type": "atk", "unit": sc["m"], "at": gate(st0, 0)})
    r = GAME.result(st)
    assert r.winners == [1] and r.placements == [[1], [0]] and r.reason == "gate_broken"
    f = r.figures
    assert f["mode"] == "solo" and f["encounter"] == "first_light" and f["difficulty"] == "normal"
    assert f["objective"] == {"kind": "survive", "status": "failed", "reason": "gate_broken"}
    assert f["waves_survived"] == 0 and f["0"]["gate"] == 0 and set(f["1"]) >= {"power", "source", "spires"}
    assert kinds(events)[-3:] == ["gate_broken", "objective_failed", "game_over"]


def test_survive_is_met_when_the_last_wave_ends_cs_dm_5():
    """CS-DM-5: a wave before the last tells the progress; the last one ends the game won."""
    st = solo("first_light").no_landmarks().build()
    events: list = []
    phases.end_wave(st, events)
    p = next(e.params for e in events if e.kind == "objective_progress")
    assert p == {"kind": "survive", "wave": 1, "progress": 1, "target": 3} and st["phase"] != "over"
    st = solo("first_light").no_landmarks().wave(3).build()
    events = []
    phases.end_wave(st, events)
    r = GAME.result(st)
    assert r.winners == [0] and r.placements == [[0], [1]] and r.reason == "objective_met"
    assert r.figures["objective"]["reason"] == "survived" and r.figures["waves_survived"] == 3
    assert "objective_met" in kinds(events)


def test_break_gate_wins_at_once_or_fails_at_its_deadline_cs_dm_6():
    """CS-DM-6: breaking a Cloud gate wins at once; no gate broken by the deadline wave
    loses."""
    sc = solo("breach_at_dawn").no_landmarks().phase("onslaught", seat=0, step="attack")
    st0 = sc.state()
    sc.unit(0, minion_of(st0, 0), at=path_next_to(st0, gate(st0, 1)), name="m").player(1, gate=1)
    st, _ = GAME.apply(sc.build(), 0, {"type": "atk", "unit": sc["m"], "at": gate(st0, 1)})
    r = GAME.result(st)
    assert r.winners == [0] and r.figures["objective"] == {"kind": "break_gate", "status": "met",
                                                           "reason": "cloud_gate_broken"}
    deadline = modes.ENCOUNTERS["breach_at_dawn"]["objective"]["by"]
    st = solo("breach_at_dawn").no_landmarks().wave(deadline).build()
    phases.end_wave(st, [])
    r = GAME.result(st)
    assert r.winners == [1] and r.figures["objective"]["reason"] == "deadline"


def test_a_broken_cloud_gate_is_looted_and_rebuilt_when_it_is_not_the_objective_cs_dm_8():
    """CS-DM-8: in survive the game goes on; the gate is looted and rebuilt to 5 health at
    the start of the next wave."""
    sc = solo("first_light").no_landmarks().phase("onslaught", seat=0, step="attack")
    st0 = sc.state()
    sc.unit(0, minion_of(st0, 0), at=path_next_to(st0, gate(st0, 1)), name="m").player(1, gate=1, source=4)
    st, events = GAME.apply(sc.build(), 0, {"type": "atk", "unit": sc["m"], "at": gate(st0, 1)})
    assert st["phase"] != "over" and st["players"][1]["broken"] and st["designed"]["breaches"] == 1
    assert "looted" in kinds(events) and st["players"][1]["source"] == 0
    st["wave"] = 2
    events = []
    designed.start_wave(st, events)
    assert st["players"][1]["gate"] == designed.REBUILT_GATE and not st["players"][1]["broken"]
    assert ("gate_repaired", {"seat": 1, "gate": 5}) in [(e.kind, e.params) for e in events]


def test_the_protected_well_starts_uncovered_and_is_named_by_the_layout_cs_dm_7():
    """CS-DM-7: "centre" is 0,0; "people_side" the isle well nearest the first person's gate;
    its landmark is back in the pile."""
    st = solo("drifting_well").build()
    assert st["designed"]["objective"]["well"] == "0,0"
    assert not [l for l in st["landmarks"].values() if l["pos"] == "0,0"]
    st = solo("sundered_spire").build()
    well = st["designed"]["objective"]["well"]
    assert well == mapgen.nearest_wells(st["map"], gate(st, 0))[0]
    assert not [l for l in st["landmarks"].values() if l["pos"] == well]


def test_a_cloud_spire_on_the_well_takes_it_after_any_move_cs_dm_7():
    """CS-DM-7: a Cloud spire standing on the well: the next move ends the game."""
    sc = solo("drifting_well").no_landmarks().phase("build")
    sc.spire(1, load()["factions"][sc.state()["factions"][1]]["spires"][0]["id"], at="0,0")
    st, events = GAME.apply(sc.build(), 0, {"type": "end"})
    r = GAME.result(st)
    assert r.winners == [1] and r.figures["objective"]["reason"] == "well_taken"
    assert "objective_failed" in kinds(events)


def test_cloud_units_take_the_well_only_after_two_rounds_on_it_cs_dm_7():
    """CS-DM-7: a Cloud unit on the well at the end of a round threatens it; at the end of
    the next round still there, the well is taken; a round without one clears the threat."""
    sc = solo("drifting_well").no_landmarks().phase("onslaught", seat=1, step="attack")
    sc.unit(1, minion_of(sc.state(), 1), at="0,0", name="m").unit(0, minion_of(sc.state(), 0), at="3,3")
    st = sc.build()
    events: list = []
    assert not designed.well_taken(st, events, round_end=False)
    assert not designed.well_taken(st, events, round_end=True)
    assert kinds(events) == ["well_threatened"] and events[0].params == {"seat": 1, "well": "0,0"}
    assert GAME.view(st, 0)["designed"]["objective"]["held"] == 1
    calm = json.loads(json.dumps(st))
    calm["units"][sc["m"]]["pos"] = "1,0"
    assert not designed.well_taken(calm, [], round_end=True) and calm["designed"]["objective"]["held"] == 0
    # through the rules: the Cloud's turn ends the round (CS-DM-4) with the minion still there
    st, events = GAME.apply(st, 1, {"type": "next"})
    r = GAME.result(st)
    assert r is not None and r.winners == [1] and r.figures["objective"]["reason"] == "well_taken"


def test_the_well_held_through_the_last_wave_wins_cs_dm_7():
    """CS-DM-7: the last wave ends with the well not taken: the people win."""
    last = modes.ENCOUNTERS["drifting_well"]["waves"]
    st = solo("drifting_well").no_landmarks().wave(last).build()
    phases.end_wave(st, [])
    r = GAME.result(st)
    assert r.winners == [0] and r.figures["objective"]["reason"] == "well_held"


def test_conceding_concedes_for_the_people_cs_dm_16():
    """CS-DM-16: one person of a co-op team concedes: the Cloud wins, the objective failed."""
    st = GAME.setup(3, {"mode": "coop", "encounter": "shared_skies"}, 4)
    st, _ = GAME.concede(st, 1, "resigned")
    r = GAME.result(st)
    assert r.winners == [2] and r.placements == [[2], [0, 1]]
    assert r.figures["objective"] == {"kind": "survive", "status": "failed", "reason": "conceded"}


# ---------------------------------------------------------------- endless

def test_endless_seats_the_other_three_factions_as_the_cloud_cs_dm_11():
    """CS-DM-11: dealt or picked, the person plays one faction and the Cloud the other three
    in faction order; only the person picks."""
    st = GAME.setup(4, {"mode": "endless"}, 5)
    assert sorted(st["factions"]) == sorted(load()["faction_order"])
    assert [f for f in load()["faction_order"] if f != st["factions"][0]] == st["factions"][1:]
    st = GAME.setup(4, {"mode": "endless", "factions": "pick"}, 5)
    assert st["phase"] == "faction" and [p.seat for p in GAME.prompts(st)] == [0]
    assert len(GAME.legal_actions(st, 0)) == 4
    st, _ = GAME.apply(st, 0, {"type": "pick", "faction": "heirs"})
    assert st["factions"] == ["heirs", "brawnen", "grovetenders", "narora"] and st["phase"] == "market"


def test_endless_escalates_every_wave_cs_dm_12():
    """CS-DM-12 over waves 2-8: the Cloud's Source and CP bonus as the formula says (on top of
    CS-ADJ-4's 2w+3), the person's gate mends, free chips from ``upgrades_from``, harsh events
    from ``harsh_from``, each wave announced."""
    a = modes.adjustments({"mode": "endless"})
    for w in range(2, 9):
        sc = Scenario(seats=4, seed=7, options={"mode": "endless"}).no_landmarks().wave(w)
        sc.spire(1, load()["factions"][sc.state()["factions"][1]]["spires"][0]["id"],
                 at=path_next_to(sc.state(), gate(sc.state(), 1)))
        sc.player(0, gate=5)
        st = sc.build()
        chips = len(next(s for s in st["spires"].values() if s["owner"] == 1)["chips"])
        events: list = []
        designed.start_wave(st, events)
        e = next(x.params for x in events if x.kind == "endless_wave")
        source = int(a["base_source"]) + math.floor(a["step_source"] * (w - 1))
        cp = int(a["base_cp"]) + math.floor(a["step_cp"] * (w - 1))
        assert e["wave"] == w and e["level"] == w - 1 and e["source"] == source and e["cp"] == cp
        assert e["harsh"] == (w >= a["harsh_from"])
        upgraded = w >= a["upgrades_from"] and (w - a["upgrades_from"]) % a["upgrade_every"] == 0
        assert len(next(s for s in st["spires"].values() if s["owner"] == 1)["chips"]) == chips + upgraded
        assert st["players"][0]["gate"] == min(10, 5 + int(a["people_regen"]))
        assert designed.income_bonus(st, 1) == source and designed.cp_bonus(st, 1) == cp
        prep = Scenario(seats=4, seed=7, options={"mode": "endless"}).wave(w).phase("prep").build()
        assert prep["players"][2]["cp"] == max(0, 2 * w + 3 + cp) and prep["players"][0]["cp"] == 2 * w + 3


def test_endless_draws_only_harsh_events_from_its_wave_cs_dm_12():
    """CS-DM-12: from ``harsh_from`` on, every event drawn is a harsh one."""
    a = modes.adjustments({"mode": "endless"})
    harsh = set(modes.ENDLESS["harsh_events"])
    st = Scenario(seats=4, seed=3, options={"mode": "endless"}).wave(int(a["harsh_from"])).build()
    drawn = []
    for _ in range(40):
        cards.end_of_wave_cards(st)  # the wave's card goes to the discard pile (CS-END-4.4)
        cards.event_phase(st, [])
        drawn.append(st["event"]["current"] or st["event"]["lasting"][-1])
    assert set(drawn) <= harsh and len(set(drawn)) > 3


def test_endless_ends_when_the_gate_breaks_or_at_its_cap_cs_dm_13():
    """CS-DM-13: a whole endless game ends with the person's gate broken (the Cloud wins, the
    score is the waves completed); completing the cap's wave is a win."""
    waves: list[int] = []

    def watch(state, seat, action, moves):
        waves.append(state["designed"]["waves_survived"])
    st = playout(GAME, 4, 2, options={"mode": "endless"}, policy=GAME.bot_action, watch=watch).state
    r = GAME.result(st)
    assert r.winners == [1, 2, 3] and r.reason == "gate_broken" and r.placements == [[1, 2, 3], [0]]
    assert r.figures["objective"]["reason"] == "run_over" and r.figures["waves_survived"] == max(waves)
    assert st["wave"] == r.figures["waves_survived"] + 1 and r.figures["waves_survived"] >= 2
    cap = modes.ENDLESS["cap"]
    st = Scenario(seats=4, seed=2, options={"mode": "endless"}).no_landmarks().wave(cap).build()
    phases.end_wave(st, [])
    r = GAME.result(st)
    assert r.winners == [0] and r.figures["objective"]["reason"] == "endless_cap" and r.figures["waves_survived"] == cap


# ---------------------------------------------------------------- the view

def test_the_designed_block_is_public_and_the_same_for_every_viewer_cs_dm_14():
    """CS-DM-14: the objective, waves, sides (and endless's level) are in every view alike,
    and nothing of a seat's hidden plans is in it."""
    for options, seats in [({"mode": "solo", "encounter": "sundered_spire"}, 3),
                           ({"mode": "coop", "encounter": "lantern_bridge"}, 3), ({"mode": "endless"}, 4)]:
        st = playout(GAME, seats, 1, options=options, policy=GAME.bot_action, stop_after=120).state
        blocks = [GAME.view(st, v)["designed"] for v in [None, *range(seats)]]
        assert all(b == blocks[0] for b in blocks)
        b = blocks[0]
        assert set(b) >= {"mode", "encounter", "difficulty", "objective", "wave", "last_wave", "cloud", "people"}
        assert set(b["objective"]) >= {"kind", "target", "progress", "status"}
        assert b["people"] + b["cloud"] == list(range(seats)) and b["wave"] == st["wave"]
        assert ("endless_level" in b) == (options["mode"] == "endless")
        text = json.dumps(b)
        assert "stack" not in text and "relic" not in text and "known" not in text


# ---------------------------------------------------------------- whole games

CASES = [(eid, n) for eid in modes.ENCOUNTERS
         for n in range(*(lambda r: (r[0], r[1] + 1))(GAME.seat_range({"mode": modes.ENCOUNTERS[eid]["mode"],
                                                                         "encounter": eid})))]


@pytest.mark.parametrize("eid, seats", CASES)
def test_every_encounter_plays_to_a_result_with_bots_in_every_seat_cs_dm_5(eid, seats):
    """CS-DM-5..8, 15: seeded games of every encounter and seat count, the strong bot in every
    seat (the Cloud's as GAME.bot_action chooses), end with one side winning."""
    options = {"mode": modes.ENCOUNTERS[eid]["mode"], "encounter": eid}
    for seed in (11, 12):
        st = playout(GAME, seats, seed, options=options, policy=GAME.bot_action).state
        r = GAME.result(st)
        people, cloud = GAME.team_seats(options, seats)
        assert r.winners in (people, cloud) and sorted(r.placements, key=len) in ([people, cloud], [cloud, people])
        assert r.figures["objective"]["status"] == ("met" if r.winners == people else "failed")
        assert r.figures["encounter"] == eid and 0 <= r.figures["waves_survived"] <= modes.ENCOUNTERS[eid]["waves"]


def test_a_simple_encounter_bot_plays_the_cloud_and_the_strong_bot_the_people_cs_dm_10(monkeypatch):
    """CS-DM-10: an encounter whose ``bot`` is "simple" has its Cloud seats played by the
    default bot; people's seats (a person's timeout bot) always by the strong one."""
    from engine.cloudspire.bot import bot_action, strong_bot_action
    monkeypatch.setitem(modes.ENCOUNTERS["first_light"], "bot", "simple")
    assert modes.bot_level({"mode": "solo"}) == "simple" and modes.bot_level({"mode": "endless"}) == "strong"
    seen = set()

    def check(state, seat, action, moves):
        for p in GAME.prompts(state) if state["phase"] != "over" else []:
            want = bot_action(state, p.seat) if p.seat == 1 else strong_bot_action(state, p.seat)
            assert GAME.bot_action(state, p.seat) == want
            seen.add(p.seat)
    playout(GAME, 2, 3, options={"mode": "solo"}, policy=GAME.bot_action, stop_after=150, watch=check)
    assert seen == {0, 1}
