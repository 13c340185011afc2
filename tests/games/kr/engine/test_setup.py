"""Set-up (KR-SET-1..10, KR-RND-2, KR-SOLO-2) and the state's copy (engine/kr/setup.py,
state.py)."""
from __future__ import annotations

import json

import pytest

from engine.base import IllegalAction
from engine.kr.content import HEROES, HORDES, SCENARIOS
from engine.kr.setup import new_state
from engine.kr.state import copy_state, tower_count


@pytest.mark.parametrize("seats,opts", [
    (0, {}), (5, {}),
    (1, {"scenario": "nowhere"}),
    (1, {"difficulty": "nightmare"}),
    (2, {"heroes": ["malik", "malik"]}),
    (2, {"heroes": ["malik", "arthas"]}),
    (2, {"heroes": ["malik"]}),
    (2, {"heroes": ["malik", "ignus"], "bench": ["lilith"]}),
    (1, {"heroes": ["malik"], "bench": ["malik"]}),
])
def test_bad_options_are_rejected(seats, opts):
    with pytest.raises(IllegalAction) as err:
        new_state(seats, opts, 1)
    assert err.value.code == "kr.err.bad_options"


def test_KR_RND_2_round_one_starts_in_phase_2_with_initial_hordes():
    st, events = new_state(2, {"scenario": "hyena_crossing", "heroes": ["malik", "ignus"]}, 1)
    assert (st["round"], st["phase"]) == (1, 2)
    # the goblin_scouts start only from 3 players (min_players)
    assert sorted((t["card"], t["cell"]) for t in st["trays"].values()) == [("hyena_pack", "D2")]
    st3, _ = new_state(3, {"scenario": "hyena_crossing", "heroes": ["malik", "ignus", "lilith"]}, 1)
    assert len(st3["trays"]) == 2
    assert st["trays"]["t1"]["facing"] == "E"       # KR-SPN-4
    assert [e.kind for e in events] == ["setup", "round_start"]


def test_KR_SET_4_5_6_hands_from_supply_heroes_off_map_hearts_crystals():
    sc = SCENARIOS["farrinken_valley"]
    st, _ = new_state(2, {"scenario": "farrinken_valley", "heroes": ["malik", "lilith"],
                          "difficulty": "hard"}, 3)
    assert st["seats"][0]["hand"] == list(HEROES["malik"]["towers"])
    assert st["seats"][1]["hand"] == list(HEROES["lilith"]["towers"])
    assert tower_count(st) == dict(sc["supply"])           # taken out of the supply
    assert st["supply"]["barracks_1"] == sc["supply"]["barracks_1"] - 3
    assert all(h["cell"] is None and h["health"] == h["max"] for h in st["heroes"].values())
    assert all(all(h["abilities"].values()) for h in st["heroes"].values())   # KR-SET-3
    assert st["hearts"] == sc["difficulty"]["hard"]["hearts"]
    assert st["crystals"] == sc["difficulty"]["hard"]["crystals"]
    assert st["soldiers"] == 12


def test_KR_SOLO_2_solo_seat_has_three_colours_and_solo_hand():
    st, _ = new_state(1, {"scenario": "farrinken_valley", "heroes": ["malik"], "bench": ["lilith"]}, 3)
    assert st["seats"][0]["colours"] == ["red", "blue", "green"]
    assert st["options"]["solo"] is True
    sc = SCENARIOS["farrinken_valley"]
    assert st["seats"][0]["hand"] == list(HEROES["malik"]["towers"]) + list(sc["starting_hand"]["solo"])
    assert "lilith" in st["heroes"] and st["solo"]["bench"] == ["lilith"]


def test_KR_SET_7_decks_portals_lower_half_and_player_count_extras():
    for seed in range(20):
        st, _ = new_state(4, {"scenario": "hyena_crossing",
                              "heroes": ["malik", "ignus", "lilith", "magnus"]}, seed)
        for marker, deck in st["decks"].items():
            half = (len(deck) - 1) - (len(deck) - 1) // 2    # hordes in the top half
            assert not any(HORDES[c]["kind"] == "portal" for c in deck[:half])
    assert "hyena_stampede" in st["decks"]["2"] and "shaman_circle" in st["decks"]["1"]
    st2, _ = new_state(2, {"scenario": "hyena_crossing", "heroes": ["malik", "ignus"]}, 1)
    assert "hyena_stampede" not in st2["decks"]["2"]
    assert st2["portals"] == {"total": 2, "destroyed": 0}


def test_fixed_deck_keeps_the_listed_order():
    st, _ = new_state(2, {"scenario": "farrinken_valley", "heroes": ["malik", "ignus"]}, 9)
    d = SCENARIOS["farrinken_valley"]["spawn_decks"][0]
    assert st["decks"]["1"] == list(d["hordes"]) + list(d["portals"])


def test_KR_SET_8_ghost_deck_and_wildcat():
    st, _ = new_state(2, {"scenario": "haunted_marsh", "heroes": ["alleria", "ignus"]}, 5)
    assert sorted(st["ghost_deck"]) == sorted(h for h, c in HORDES.items() if c["kind"] == "ghost")
    assert len(st["ghost_deck"]) == 6
    assert st["heroes"]["wildcat"]["kind"] == "wildcat" and st["heroes"]["wildcat"]["cell"] is None
    st2, _ = new_state(2, {"scenario": "farrinken_valley", "heroes": ["malik", "ignus"]}, 5)
    assert st2["ghost_deck"] == [] and "wildcat" not in st2["heroes"]


def test_setup_is_deterministic_json_and_copy_is_independent():
    opts = {"scenario": "pioneer_pass", "heroes": ["malik", "ignus", "lilith"]}
    a, _ = new_state(3, opts, 42)
    b, _ = new_state(3, opts, 42)
    assert a == b
    assert json.loads(json.dumps(a)) == a
    c = copy_state(a)
    assert c == a
    c["seats"][0]["hand"].append("x")
    c["trays"]["t1"]["cover"]["tiles"].append({})
    c["decks"]["1"].pop()
    c["heroes"]["malik"]["abilities"]["earthquake"] = False
    assert a == b


def test_KR_SET_9_KR_SPL_1_the_team_chooses_its_spells_as_a_game_option():
    """The ``spells`` option (``a+b`` or a list) becomes the team's spells; without it the
    scenario's allowed spells are taken while energy lasts."""
    from engine.kr import GAME
    from engine.kr.spells import team_spells
    st = GAME.setup(2, {"scenario": "rift_citadel", "spells": "time_gem+rain_of_fire"}, 1)
    assert team_spells(st)["available"] == ["time_gem", "rain_of_fire"]
    st = GAME.setup(2, {"scenario": "rift_citadel", "spells": ["lightning_bolt"]}, 1)
    assert team_spells(st)["available"] == ["lightning_bolt"]


@pytest.mark.parametrize("scenario, spells, reason", [
    ("farrinken_valley", "time_gem", "no_spells"),              # KR-SET-9: spells from scenario 4
    ("rift_citadel", "time_gem+time_gem", "duplicate_spell"),
    ("rift_citadel", "no_such", "no_such_spell"),
])
def test_KR_SPL_1_a_spell_choice_the_scenario_does_not_allow_is_refused(scenario, spells, reason):
    from engine.base import IllegalAction
    from engine.kr import GAME
    with pytest.raises(IllegalAction) as info:
        GAME.setup(2, {"scenario": scenario, "spells": spells}, 1)
    assert info.value.code == f"kr.err.{reason}"


def test_KR_SPL_1_spells_beyond_the_scenarios_energy_are_refused():
    from engine.base import IllegalAction
    from engine.kr import GAME
    from engine.kr.content import SCENARIOS, SPELLS
    sp = SCENARIOS["rift_citadel"]["spells"]
    every = list(sp["allowed"])
    assert sum(SPELLS[s]["energy"] for s in every) > sp["energy"]
    with pytest.raises(IllegalAction) as info:
        GAME.setup(2, {"scenario": "rift_citadel", "spells": every}, 1)
    assert info.value.code == "kr.err.too_much_energy"


def test_KR_SPN_2_waves_give_each_spawn_point_several_decks_by_player_count():
    """docs/kr/engine.md "Waves" (designed Campaign Book): a spawn point with ``n`` decks holds
    its hordes ``n`` times (its portals once) and brings ``n`` hordes per round, each deck
    revealing its top card (KR-SPN-2), the next going to the next free square (KR-SPN-5)."""
    from engine.kr import spawn
    from engine.kr.content import deck_cards
    from engine.kr.setup import waves
    sc = SCENARIOS["rift_citadel"]
    assert waves(sc, "normal", 2) == {"1": 4, "2": 3} and waves(sc, "normal", 1) == {"1": 2, "2": 2}
    assert waves(SCENARIOS["farrinken_valley"], "normal", 4) == {"1": 1}
    st, _ = new_state(2, {"scenario": "rift_citadel", "difficulty": "normal", "heroes": ["alleria", "malik"]}, 5)
    for marker, n in st["waves"].items():
        hordes, portals = deck_cards("rift_citadel", int(marker), 2)
        assert sorted(st["decks"][marker]) == sorted(list(hordes) * n + list(portals))
    st["trays"] = {}
    before = {m: len(d) for m, d in st["decks"].items()}
    st["round"] = 2
    spawn.summon(st, events := [])
    spawned = [e.params["marker"] for e in events if e.kind == "spawn"]
    assert spawned == [1] * 4 + [2] * 3
    assert {m: before[m] - len(d) for m, d in st["decks"].items()} == {"1": 4, "2": 3}


def test_a_waves_list_needs_one_number_per_spawn_marker():
    import copy
    from engine.kr.content import ContentError, load_raw, validate
    raw = copy.deepcopy(load_raw())
    sc = next(s for s in raw["scenarios"]["scenarios"] if s["id"] == "rift_citadel")
    sc["difficulty"]["normal"]["waves"] = {"2": [3, 4, 5]}
    with pytest.raises(ContentError):
        validate(raw)
