"""The Kingdom Rush position builder (engine/kr/scenario.py, docs/scenarios.md): positions built
from a real set-up, checked, and played on through the engine's contract (prompts,
legal_actions, apply and the round machine), with the rule outcomes the rules give.

Farrinken Valley, the map of most tests: the road runs A3..J3 eastwards to the exit; with 2
players seat 0 (red) has the sites B2, F2 and J2, seat 1 (blue) A4, E4 and I4."""
from __future__ import annotations

import json
import os
import re

import pytest

from engine.base import IllegalAction
from engine.kr.game import GAME
from engine.kr.scenario import Scenario, ScenarioError
from engine.kr.state import SOLDIERS

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4))
TEAM = ["alleria", "malik"]   # seat 0 Alleria (red), seat 1 Malik (blue)


def of(events: list, kind: str) -> list[dict]:
    return [e.params for e in events if e.kind == kind]


def both_done(st: dict) -> tuple[dict, list]:
    """Every seat says ``done``: the round machine runs to the next decision."""
    events: list = []
    for seat in range(len(st["seats"])):
        if not st["seats"][seat]["done"]:
            st, got = GAME.apply(st, seat, "done")
            events += got
    return st, events


def refused(st: dict, seat: int, action) -> str:
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, seat, action)
    return info.value.code


def sandbox(scenario: str = "farrinken_valley", heroes: list[str] | None = None) -> Scenario:
    return Scenario.sandbox(scenario, heroes or TEAM)


# ---------------------------------------------------------------- the set-up

def test_the_real_set_up_and_the_sandbox_kr_set_4_5_kr_rnd_2():
    """``Scenario()`` is the engine's set-up (round 1 starts in phase 2, KR-RND-2; the initial
    horde on the map; starting towers in hand, KR-SET-4; heroes on their boards, KR-SET-5);
    ``sandbox`` the same with no horde and empty decks."""
    st = Scenario(heroes=TEAM, seed=4).build()
    assert (st["round"], st["phase"]) == (1, 2) and [t["card"] for t in st["trays"].values()] == ["goblin_scouts"]
    assert st["seats"][0]["hand"] == ["archer_1", "archer_1", "mage_1"]
    assert all(h["cell"] is None for h in st["heroes"].values()) and st["decks"]["1"]
    assert [p.key for p in GAME.prompts(st)] == ["kr.prompt.actions"] * 2
    assert st["portals"]["total"] == 1                      # the portal of deck 1
    cleared = Scenario(heroes=TEAM, seed=4).no_hordes()
    assert cleared.state()["trays"] == {} and cleared.build()["decks"] == st["decks"]
    box = sandbox().build()
    assert box["trays"] == {} and box["decks"] == {"1": []} and box["portals"]["total"] == 0
    assert json.loads(json.dumps(box)) == box


def test_the_documented_example_destroys_the_covered_horde_kr_des_1_ret_1():
    """The module docstring and docs/scenarios.md: the Archer Tower covers the last goblin;
    phase 3 destroys the horde (1 crystal, KR-DES-1), phase 5 returns the tower to hand
    (KR-RET-1) and the team is at its purchase (phase 6)."""
    from engine.kr import scenario
    doc = scenario.__doc__.split("::", 1)[1]
    code = "\n".join(line[4:] for line in doc.split("\n\nTower cards")[0].splitlines()[1:])
    with open(os.path.join(ROOT, "docs", "scenarios.md"), encoding="utf-8") as f:
        section = f.read().split("## Kingdom Rush", 1)[1].split("\n## ", 1)[0]
    for source, env in ((code, {"Scenario": Scenario, "GAME": GAME}),
                        (re.search(r"```python\n(.*?)```", section, re.S).group(1), {})):
        exec(compile(source, "example", "exec"), env)
        st, events = env["st"], env["events"]
        assert of(events, "tray_destroyed")[0]["card"] == "goblin_band" and st["trays"] == {}
        assert st["crystals"] == 5 and st["phase"] == 6 and st["seats"][0]["hand"] == ["archer_1"]
        assert st["decks"]["1"] == ["hyena_pack", "minor_rift_a"] and st["portals"]["total"] == 1


# ---------------------------------------------------------------- the round

def test_phase_6_and_crystals_buy_a_tower_kr_buy_3_kr_rnd_1():
    """``phase(6)`` and ``crystals``: the purchase decision; 2 crystals buy an L1 tower for a
    chosen player (KR-BUY-3), then the next round starts (KR-RND-1)."""
    st = sandbox().phase(6, round=3).crystals(2).build()
    assert [p.key for p in GAME.prompts(st)] == ["kr.prompt.purchase"] * 2
    st, _ = GAME.apply(st, 0, {"type": "propose", "buys": [{"card": "archer_1", "to": 1}]})
    st, events = both_done(st)
    assert st["crystals"] == 0 and st["seats"][1]["hand"].count("archer_1") == 1
    assert (st["round"], st["phase"]) == (4, 2) and of(events, "round_start") == [{"round": 4}]


def test_done_seats_wait_for_the_others_kr_act_5():
    """``done``: that seat takes no further action this phase (KR-ACT-5); only the other is
    asked; a position where everyone is done is refused (nobody would decide)."""
    st = sandbox().hand(0, ["archer_1"]).done(0).build()
    assert [p.seat for p in GAME.prompts(st)] == [1] and GAME.legal_actions(st, 0) == []
    assert refused(st, 0, "done") == "kr.err.already_done"
    with pytest.raises(ScenarioError, match="nobody"):
        sandbox().done(0).done(1).build()


def test_the_next_spawn_is_the_deck_the_scenario_set_kr_spn_1_2_3():
    """``deck``: round 2's phase 1 reveals the top card of spawn deck 1 and puts it on the road
    square in front of it, A3 (KR-SPN-1..3); the rest of the deck waits."""
    st = sandbox().deck(1, ["hyena_pack", "wolf_pack"]).build()
    st, _ = both_done(st)        # phases 3-5, then the purchase
    st, events = both_done(st)   # round 2: phase 1, then phase 2
    assert of(events, "spawn")[0]["card"] == "hyena_pack" and of(events, "spawn")[0]["cell"] == "A3"
    assert st["decks"]["1"] == ["wolf_pack"] and st["round"] == 2


def test_the_kingdom_falls_with_its_last_heart_kr_adv_10_11_end_3():
    """``hearts``: a horde on the last road square enters the Kingdom in phase 4 (KR-ADV-10)
    and takes a heart per uncovered enemy (KR-ADV-11, KR-AMB-24); with one heart left the
    players lose at once (KR-END-3)."""
    st = sandbox().hearts(1).horde("goblin_scouts", "J3").build()
    st, events = both_done(st)
    assert of(events, "horde_reached_kingdom") and st["hearts"] == 0
    assert GAME.result(st).reason == "kingdom_destroyed" and GAME.result(st).winners == []


def test_the_last_portal_destroyed_wins_at_the_end_of_the_round_kr_des_3_end_1_2():
    """``portals``: with 2 portals already destroyed and the last one on the map, fully
    covered, phase 3 destroys it (KR-DES-3); the remaining phases are played and the players
    win at the end of the round (KR-END-1/2)."""
    sc = sandbox().portals(2).horde("minor_rift_a", "E3", name="p").cover_all("p")
    st = sc.build()
    assert st["portals"] == {"total": 3, "destroyed": 2}
    st, events = both_done(st)
    assert of(events, "portal_destroyed")[0]["destroyed"] == 3 and st["victory_pending"] and st["phase"] == 6
    st, _ = both_done(st)
    assert GAME.result(st).winners == [0, 1] and GAME.result(st).reason == "victory_portals"


def test_solo_exclusion_kr_solo_3_5():
    """``exclude``: solo play asks for the colour to exclude first (KR-SOLO-3), never last
    round's (KR-SOLO-5); sites of the excluded colour take no tower."""
    assert [p.key for p in GAME.prompts(Scenario("farrinken_valley", ["malik"]).build())] == ["kr.prompt.exclude"]
    st = Scenario("farrinken_valley", ["malik"]).exclude(None, last="red").build()
    assert [a["colour"] for a in GAME.legal_actions(st, 0)] == ["blue", "green"]
    st = Scenario("farrinken_valley", ["malik"]).exclude("red", last="blue").hand(0, ["archer_1"]).build()
    build = {"type": "build", "card": "archer_1", "site": "F2", "facing": "S", "attacks": [[]]}
    assert refused(st, 0, build) == "kr.err.excluded_colour"


# ---------------------------------------------------------------- towers and cards

def test_built_towers_go_back_in_phase_5_kr_ret_1_ret_5_prt_10():
    """``tower``: towers built this round; in phase 5 the built one returns to its builder's
    hand (KR-RET-1), the face-down one to the supply (KR-RET-5, KR-PRT-10). A soldier tower
    stacks on a site (KR-SOL-10); another build on a taken site is refused (KR-TWR-3)."""
    sc = (sandbox().tower("F2", "archer_1", facing="S").tower("F2", "barracks_1")
          .tower("E4", "mage_1", face_down=True).hand(0, ["archer_2"]))
    st = sc.build()
    supply = dict(st["supply"])
    assert [t["card"] for t in st["sites"]["F2"]] == ["archer_1", "barracks_1"] and st["sites"]["E4"][0]["seat"] == 1
    build = {"type": "build", "card": "archer_2", "site": "F2", "facing": "S", "attacks": [[]]}
    assert refused(st, 0, build) == "kr.err.site_taken"
    st, events = both_done(st)
    assert sorted(st["seats"][0]["hand"]) == ["archer_1", "archer_2", "barracks_1"]
    assert st["supply"]["mage_1"] == supply["mage_1"] + 1 and "mage_1" not in st["seats"][1]["hand"]
    assert of(events, "tower_destroyed") == [{"card": "mage_1", "cell": "E4", "seat": 1}]


def test_pending_towers_come_in_hand_in_phase_5_kr_pass_6_ret_2():
    """``pending``: a tower passed this round cannot be built (KR-PASS-6) and is in hand after
    phase 5 (KR-RET-2); hand and pending cards come out of the supply."""
    before = sandbox().build()["supply"]["archer_2"]
    st = sandbox().hand(0, []).pending(0, ["archer_2"]).build()
    assert st["supply"]["archer_2"] == before - 1
    build = {"type": "build", "card": "archer_2", "site": "F2", "facing": "S", "attacks": [[]]}
    assert refused(st, 0, build) == "kr.err.not_in_hand"
    st, _ = both_done(st)
    assert st["seats"][0]["hand"] == ["archer_2"] and st["seats"][0]["pending"] == []


def test_an_empty_supply_passes_the_tower_unchanged_kr_pass_2_4():
    """``supply``: with no Marksmen (L2) left, a passed Archer Tower cannot be upgraded and is
    passed as it is (KR-PASS-4); with one left it is upgraded (KR-PASS-2)."""
    for left, got in ((0, "archer_1"), (1, "archer_2")):
        st = sandbox().hand(0, ["archer_1"]).supply({"archer_2": left}).build()
        st, _ = GAME.apply(st, 0, {"type": "pass", "card": "archer_1", "to": 1, "variant": None})
        assert st["seats"][1]["pending"] == [got]


def test_spells_chosen_and_used_kr_spl_2_4():
    """``spells``: Rain of Fire places a 1x2 and a 1x1 tile on one horde (KR-SPL-4) and is
    then used; a spell already used is refused (once per game, KR-SPL-2)."""
    cast = {"type": "spell", "spell": "rain_of_fire",
            "placements": [{"tray": "t1", "cells": [[1, 0], [1, 1]]}, {"tray": "t1", "cells": [[3, 0]]}]}
    st = sandbox("ogre_ford").horde("goblin_band", "D3").spells(["rain_of_fire", "call_reinforcements"]).build()
    st, events = GAME.apply(st, 0, cast)
    assert len(of(events, "tile_placed")) == 2 and st["spells"]["used"] == ["rain_of_fire"]
    st = (sandbox("ogre_ford").horde("goblin_band", "D3")
          .spells(["rain_of_fire", "call_reinforcements"], used=["rain_of_fire"]).build())
    assert refused(st, 0, cast) == "kr.err.spell_used"


# ---------------------------------------------------------------- hordes and covers

def test_tiles_stay_until_a_heal_icon_removes_them_kr_dmg_13_icn_2():
    """``tile``: tiles placed earlier stay on a tray (KR-DMG-13); a visible heal icon removes
    them all before the tray moves (KR-ICN-2), while a covered icon does nothing (KR-ICN-1)."""
    def advanced(cover_icon: bool) -> dict:
        sc = sandbox().horde("orc_warband", "C3", name="o").tile("o", [[3, 0]]).tile("o", [[3, 1]], "physical")
        if cover_icon:
            sc.tile("o", [[1, 1]])
        return both_done(sc.build())[0]
    healed, kept = advanced(False), advanced(True)
    assert healed["trays"]["t1"]["cell"] == "D3" and healed["trays"]["t1"]["cover"]["tiles"] == []
    assert len(kept["trays"]["t1"]["cover"]["tiles"]) == 3


def test_a_soldier_stops_its_tray_and_falls_kr_sol_5_6_adv_5():
    """``soldier``: a soldier from the supply (KR-SOL-7) stops its tray from advancing
    (KR-SOL-6, KR-ADV-5) and the tray's damage removes it to the supply (KR-SOL-5)."""
    st = sandbox().horde("goblin_band", "C3", name="g").soldier("g", (1, 0)).build()
    assert st["soldiers"] == SOLDIERS - 1
    st, events = both_done(st)
    assert st["trays"]["t1"]["cell"] == "C3" and st["trays"]["t1"]["cover"]["soldiers"] == []
    assert st["soldiers"] == SOLDIERS and of(events, "tray_blocked")


def test_a_flying_horde_lies_on_top_kr_icn_10():
    """``horde``: a flying horde may lie on another tray (on top, KR-ICN-10), which then cannot
    be attacked: the towers' suggestions target only the top tray; a walking one may not."""
    sc = sandbox().horde("goblin_band", "F3", name="low").horde("bat_swarm", "F3", name="top").hand(0, ["archer_1"])
    st = sc.build()
    assert (st["trays"][sc["low"]]["layer"], st["trays"][sc["top"]]["layer"]) == (0, 1)
    trays = {p["tray"] for a in GAME.legal_actions(st, 0) if a["type"] == "build" for att in a["attacks"] for p in att}
    assert trays == {sc["top"]}
    with pytest.raises(ScenarioError, match="KR-ICN-10"):
        sandbox().horde("goblin_band", "F3").horde("hyena_pack", "F3")


def test_the_ghost_deck_spawns_where_a_ghost_horde_fell_kr_icn_14_set_8():
    """``ghost_deck``: a destroyed ghost-icon horde brings the ghost deck's top card onto its
    square (KR-ICN-14, KR-SET-8)."""
    st = (sandbox("haunted_marsh").ghost_deck(["ghost_knight", "ghost_mist"])
          .horde("haunted_column", "C3", name="h").cover_all("h").build())
    st, events = both_done(st)
    assert of(events, "ghost_spawn")[0]["card"] == "ghost_knight" and st["ghost_deck"] == ["ghost_mist"]


def test_a_boss_enters_at_a_stage_kr_boss_1_hero_13():
    """``horde`` with the boss card: he is on the map from this round at the stage given
    (KR-BOSS-1); a hero never ends a move on him (KR-HERO-13)."""
    sc = sandbox("rift_citadel").phase(2, round=7).horde("time_mage_boss", "E2", stage=2, name="b")
    st = sc.build()
    assert st["boss"] == {"card": "time_mage_boss", "stage": 2, "stages": 2, "entered": 7}
    with pytest.raises(ScenarioError, match="KR-HERO-13"):
        sc.hero("malik", "E2")


# ---------------------------------------------------------------- heroes

def test_an_engaged_hero_holds_its_tray_and_is_hurt_kr_hero_9_12_adv_5():
    """``hero`` on a horde: it engages the tray with its 2x2 base (KR-HERO-9); the tray does
    not advance and hurts it (KR-ADV-5, KR-HERO-12)."""
    sc = sandbox().horde("goblin_band", "D3", name="g").hero("malik", "D3", base=(1, 1))
    st = sc.build()
    assert st["trays"][sc["g"]]["cover"]["heroes"] == {"malik": [1, 1]} and st["heroes"]["malik"]["tray"] == sc["g"]
    st, events = both_done(st)
    assert st["trays"][sc["g"]]["cell"] == "D3"
    assert of(events, "hero_damaged") == [{"figure": "malik", "damage": 1, "health": 7, "cause": "blocking"}]
    with pytest.raises(ScenarioError):                  # refused before anything changes
        sc.hero("malik", "A1")
    assert sc.state()["heroes"]["malik"]["tray"] == sc["g"]
    sc.horde("hyena_pack", "F3", name="h").hero("malik", "F3")   # moved: the first tray is free again
    moved = sc.build()
    assert moved["trays"][sc["g"]]["cover"]["heroes"] == {} and moved["heroes"]["malik"]["tray"] == sc["h"]


def test_a_hero_at_one_heart_is_knocked_out_and_revived_kr_des_2_hpt_4_5_6():
    """``hero(health=1)`` on a covered horde: destroyed in phase 3, the tray hurts him for 1
    (KR-DES-2): knocked out to his board (KR-HPT-4); revived at the start of the next phase 2
    at full health, unable to act that round (KR-HPT-5/6). ``revived`` builds that state."""
    st = sandbox().horde("goblin_band", "D3", name="g").hero("malik", "D3", health=1).cover_all("g").build()
    st, events = both_done(st)
    assert of(events, "hero_knocked_out") == [{"figure": "malik"}] and st["heroes"]["malik"]["cell"] is None
    st, events = both_done(st)
    assert of(events, "hero_revived") == [{"figure": "malik", "health": 8}]
    made = sandbox().hero("malik", revived=True).build()
    for key in ("health", "activated", "revived", "cell", "knocked_out"):
        assert made["heroes"]["malik"][key] == st["heroes"]["malik"][key], key
    assert refused(made, 1, {"type": "hero", "figure": "malik", "act": "recover"}) == "kr.err.revived_this_round"


def test_recover_restores_health_and_abilities_kr_hact_6_8():
    """``hero(health=, used=)``: a used ability is face down (KR-HACT-6) and not offered;
    recover brings the hearts back to maximum and every ability face up (KR-HACT-8)."""
    st = sandbox().horde("goblin_band", "C3").hero("malik", "D3", health=3, used=["earthquake"]).build()
    assert st["heroes"]["malik"]["abilities"]["earthquake"] is False
    offered = {a.get("ability") for a in GAME.legal_actions(st, 1) if a["type"] == "hero"}
    assert "earthquake" not in offered
    st, events = GAME.apply(st, 1, {"type": "hero", "figure": "malik", "act": "recover"})
    assert st["heroes"]["malik"]["health"] == 8 and all(st["heroes"]["malik"]["abilities"].values())


# ---------------------------------------------------------------- what is refused

@pytest.mark.parametrize("call,message", [
    (lambda sc: sc.horde("dragon", "C3"), "unknown horde card"),
    (lambda sc: sc.horde("goblin_band", "C2"), "not a road square"),
    (lambda sc: sc.horde("goblin_band", "C3", name="a").horde("hyena_pack", "E3", name="a"), "already used"),
    (lambda sc: sc.horde("goblin_band", "C3", stage=2), "only a boss"),
    (lambda sc: sc.hero("malik", "C3").horde("goblin_band", "C3"), "stands on C3"),
    (lambda sc: sc.tile("t9", [[0, 0]]), "no horde tray"),
    (lambda sc: sc.horde("brigand_gang", "C3", name="b").tile("b", [[1, 0]], "physical"), "resistant"),
    (lambda sc: sc.horde("goblin_band", "C3", name="g").tile("g", [[1, 0]]).tile("g", [[1, 0]]), "overlap"),
    (lambda sc: sc.horde("goblin_band", "C3", name="g").tile("g", [[5, 0]]), "outside"),
    (lambda sc: sc.horde("goblin_band", "C3", name="g").soldier("g", (0, 0)), "no_enemy"),
    (lambda sc: sc.horde("goblin_band", "C3", name="g").tile("g", [[0, 0]], "fire"), "damage is one of"),
    (lambda sc: sc.hand(0, ["catapult"]), "unknown tower card"),
    (lambda sc: sc.hand(0, ["archer_4a"]), "supply has no archer_4a"),
    (lambda sc: sc.tower("D2", "archer_1"), "not a building site in this game"),
    (lambda sc: sc.tower("E4", "archer_1", seat=0), "not seat 0's"),
    (lambda sc: sc.tower("F2", "archer_1").tower("F2", "mage_1"), "KR-SOL-9/10"),
    (lambda sc: sc.tower("F2", "archer_3"), "level cap"),
    (lambda sc: sc.hero("malik", "F2").tower("F2", "archer_1"), "hero stands"),
    (lambda sc: sc.tower("F2", "archer_1").hero("malik", "F2"), "KR-HERO-6"),
    (lambda sc: sc.hero("malik", "A1"), "not a road square or building site"),
    (lambda sc: sc.hero("magnus", "C3"), "no figure"),
    (lambda sc: sc.hero("malik", "C3", knocked_out=True), "hero board"),
    (lambda sc: sc.hero("malik", "C3", used=["fireball"]), "no ability"),
    (lambda sc: sc.hero("malik", "C3", health=9), "health"),
    (lambda sc: sc.hero("malik", "C3", base=(0, 0)), "no horde to engage"),
    (lambda sc: sc.horde("minor_rift_a", "C3").hero("malik", "C3"), "KR-PRT-11"),
    (lambda sc: sc.phase(4), "phase 2 or 6"),
    (lambda sc: sc.crystals(13), "crystals"),
    (lambda sc: sc.hearts(0), "hearts"),
    (lambda sc: sc.deck(2, ["goblin_band"]), "no spawn marker"),
    (lambda sc: sc.deck(1, ["ghost_mist"]), "not a horde or portal"),
    (lambda sc: sc.ghost_deck(["goblin_band"]), "not a ghost"),
    (lambda sc: sc.spells(["rain_of_fire"]), "no spells"),
    (lambda sc: sc.exclude("red"), "only in solo"),
    (lambda sc: sc.done(2), "no seat 2"),
])
def test_mistakes_are_refused(call, message):
    with pytest.raises(ScenarioError, match=message):
        call(sandbox())


def test_soldiers_and_phase_6_towers_are_checked_at_build_kr_sol_7_ret_1():
    """Every soldier already on a tray leaves none to place (KR-SOL-7); a tower built this
    round cannot still stand in phase 6, after phase 5 (KR-RET-1)."""
    sc = sandbox().horde("goblin_mob", "C3", name="m").horde("goblin_band", "E3", name="b")
    for cell in [(0, 0), (1, 0), (3, 0), (4, 0), (1, 2), (2, 2), (3, 2)]:
        sc.soldier("m", cell)
    for cell in [(1, 0), (3, 0), (1, 2), (2, 2)]:
        sc.soldier("b", cell)
    sc.horde("goblin_scouts", "G3", name="s").soldier("s", (1, 1))
    with pytest.raises(ScenarioError, match="KR-SOL-7"):
        sc.soldier("s", (2, 1))
    with pytest.raises(ScenarioError, match="KR-RET-1"):
        sandbox().tower("F2", "archer_1").phase(6).build()


def test_bad_options_are_the_engines_refusal_kr_set_1():
    """The scenario and heroes are checked as for a new match (KR-SET-1)."""
    for kwargs in ({"scenario": "nowhere"}, {"heroes": ["malik", "malik"]}, {"difficulty": "nightmare"}):
        with pytest.raises(IllegalAction) as info:
            Scenario(**kwargs)
        assert info.value.code == "kr.err.bad_options"


def test_build_gives_a_fresh_copy():
    sc = sandbox().horde("goblin_band", "C3", name="g")
    first = sc.build()
    first["trays"][sc["g"]]["cell"] = "D3"
    assert sc.build()["trays"][sc["g"]]["cell"] == "C3" and sc.build() == sc.build()
