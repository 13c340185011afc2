"""Rule-by-rule tests of set-up, phase 2 (towers, the action list), phase 5 (return) and the
solo rules, for rule IDs the older tests did not name: KR-SET-2, KR-SOLO-1/4, KR-AMB-51,
KR-ACT-4, KR-GEN-8, KR-TWR-4/9/10, KR-DMG-8, KR-PASS-3, KR-RET-4/6/7, KR-WHT-3.

farrinken_valley, 2 players: road A3..J3 eastwards; seat 0 is red (sites B2 F2 J2), seat 1
blue (A4 E4 I4); a tower on F2 facing S reaches E3, F3 and G3 with its F/FL/FR arrows.
twin_gates has the white sites E5 and I5."""
from __future__ import annotations

import pytest
from tests.games.kr.engine.kr_hero_fixtures import act, auto
from tests.games.kr.engine.kr_hero_fixtures import game as hero_game
from tests.games.kr.engine.kr_hero_fixtures import play as hero_play
from tests.games.kr.engine.kr_phase_fixtures import engage, soldier, tray
from tests.games.kr.engine.kr_rules_fixtures import base_spot, card_where, enemy_cells, plain
from tests.games.kr.engine.kr_spell_fixtures import cast, spell_game
from tests.games.kr.engine.kr_tower_fixtures import S, T, build, fill, game, refused

from engine.base import IllegalAction
from engine.kr import GAME, returns
from engine.kr.buying import buy
from engine.kr.content import HEROES, SCENARIOS, TOWERS
from engine.kr.spells import apply_spell, suggest_spell_actions
from engine.kr.state import grid, tower_count
from engine.kr.towers import legal_placements, pass_tower, play_tower

PLAIN = card_where(plain)


def play(st: dict, seat: int, action: dict) -> list:
    events: list = []
    play_tower(st, seat, action, events)
    return events


# --- set-up -----------------------------------------------------------------------------------

def test_KR_SET_2_limited_tower_supply_and_unlimited_tiles():
    """KR-SET-2: the tower supply is exactly the scenario's list (cards in the starting hands
    are taken out of it, nothing is created); damage tiles are not counted anywhere - the same
    tile shape can be placed again and again."""
    for scenario in ("farrinken_valley", "twin_gates"):
        st = GAME.setup(2, {"scenario": scenario}, 4)
        assert tower_count(st) == dict(SCENARIOS[scenario]["supply"])
        assert sum(st["supply"].values()) == sum(SCENARIOS[scenario]["supply"].values()) - sum(
            len(s["hand"]) for s in st["seats"])
        assert not any("tile" in k for k in st)
    st = game(hands=(["artillery_1"] * 6, []))
    e = enemy_cells(grid(PLAIN))
    for _ in range(6):                     # 12 tiles of one shape: no tile supply runs out
        st["trays"] = {}
        t = bare_tray(st, "F3")
        play(st, 0, build("artillery_1", "F2", "S", [T(t, e[0]), T(t, e[1])]))
        assert taken(st, t) == {e[0], e[1]}
        st["sites"] = {}
    assert st["seats"][0]["hand"] == []


def bare_tray(st: dict, cell: str) -> str:
    return tray(st, PLAIN, cell)


def taken(st: dict, tid: str) -> set:
    return {tuple(c) for t in st["trays"][tid]["cover"]["tiles"] for c in t["cells"]}


def test_KR_SOLO_1_solo_set_up_with_difficulty_and_its_resources():
    """KR-SOLO-1 (KR-SET-10): one player plays alone: the chosen difficulty's starting hearts
    and crystals, 3 site colours (KR-SOLO-2), the solo starting hand; a multiplayer game is not
    solo."""
    sc = SCENARIOS["farrinken_valley"]
    for diff, res in sc["difficulty"].items():
        st = GAME.setup(1, {"scenario": "farrinken_valley", "difficulty": diff}, 2)
        assert st["options"]["solo"] and len(st["seats"]) == 1
        assert st["hearts"] == res["hearts"] and st["crystals"] == min(12, res["crystals"])
        assert len(st["seats"][0]["colours"]) == 3
        hero = st["seats"][0]["hero"]
        want = list(HEROES[hero]["towers"]) + list(sc["starting_hand"]["each"]) + list(sc["starting_hand"]["solo"])
        assert sorted(st["seats"][0]["hand"]) == sorted(want)
    st = GAME.setup(2, {"scenario": "farrinken_valley"}, 2)
    assert not st["options"]["solo"] and all(len(s["colours"]) == 1 for s in st["seats"])


def test_KR_SOLO_4_KR_AMB_51_universal_sites_are_the_white_sites():
    """KR-SOLO-4, KR-AMB-51: the solo player may always build on white (universal) sites: white
    cannot be excluded, and whichever colour is excluded the white site takes a tower."""
    for excluded in ("red", "blue", "green"):
        st = game("twin_gates", heroes=["alleria"], hands=(["archer_1", "archer_1"],))
        st["solo"]["excluded"] = excluded
        play(st, 0, build("archer_1", "E5", "N", []))
        assert st["sites"]["E5"][0]["card"] == "archer_1"
    st = GAME.setup(1, {"scenario": "twin_gates"}, 1)
    assert "white" not in st["seats"][0]["colours"]
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, 0, {"type": "exclude", "colour": "white"})
    assert info.value.code == "kr.err.bad_colour"


# --- phase 2 ----------------------------------------------------------------------------------

def test_KR_ACT_4_the_phase_2_actions_are_build_pass_hero_and_spell():
    """KR-ACT-4: in phase 2 a player may build a tower, pass a tower, play the hero card or
    (from campaign 4) cast a spell - each accepted by the game - and nothing else."""
    st = spell_game("rift_citadel", hands=(["archer_1", "mage_1"], ["mage_1"]))
    bare_tray(st, "D2")
    legal = {a["type"] for a in GAME.legal_actions(st, 0)}
    assert legal <= {"build", "pass", "hero", "spell", "done"}
    assert {"pass", "hero", "spell"} <= legal
    s1, _ = GAME.apply(st, 0, build("archer_1", "B1", "N", []))     # facing off the map: no target
    assert s1["sites"]["B1"][0]["card"] == "archer_1"
    s2, _ = GAME.apply(st, 0, {"type": "pass", "card": "archer_1", "to": 1})
    assert s2["seats"][1]["pending"] == ["archer_2"]
    hero = next(a for a in GAME.legal_actions(st, 0) if a["type"] == "hero")
    s3, _ = GAME.apply(st, 0, hero)
    assert s3["heroes"][st["seats"][0]["hero"]]["activated"]
    spell = next(a for a in GAME.legal_actions(st, 0) if a["type"] == "spell")
    s4, _ = GAME.apply(st, 0, spell)
    assert s4["spells"]["used"] == [spell["spell"]]
    hand = ["archer_1"]
    early = game("farrinken_valley", hands=(["archer_1"], []))          # campaign 1: no spells
    with pytest.raises(IllegalAction) as info:
        GAME.apply(early, 0, cast("rain_of_fire"))
    assert info.value.code == "kr.err.spell_unavailable"
    for bad in ({"type": "move_tower", "card": hand[0]}, {"type": "buy", "card": "archer_1"}):
        with pytest.raises(IllegalAction):
            GAME.apply(st, 0, bad)


def test_KR_GEN_8_attacks_come_from_towers_spells_and_heroes():
    """KR-GEN-8: tiles and soldiers reach a horde only through a tower being built, a spell or
    a hero action; each placement is recorded with that source."""
    st = game(hands=(["archer_1", "barracks_1"], []))
    t = bare_tray(st, "F3")
    ev = play(st, 0, build("barracks_1", "F2", "S", [S(t, c) for c in enemy_cells(grid(PLAIN))[:2]]))
    assert [e.params["source"] for e in ev if e.kind == "soldier_placed"] == ["barracks_1"] * 2
    st = spell_game(spells=["rain_of_fire"])
    t = bare_tray(st, "D2")
    events: list = []
    action = next(a for a in suggest_spell_actions(st, 0) if a["spell"] == "rain_of_fire")
    apply_spell(st, 0, action, events)
    assert {x["source"] for x in st["trays"][t]["cover"]["tiles"]} and all(
        "rain_of_fire" in str(x["source"]) for x in st["trays"][t]["cover"]["tiles"])
    st = hero_game()
    t = bare_tray(st, "H3")
    engage(st, "malik", t, base_spot(grid(PLAIN)))
    hero_play(st, auto(st, act("malik", facing="E", act="basic")))
    assert st["trays"][t]["cover"]["tiles"] and all(
        "malik" in str(x["source"]) for x in st["trays"][t]["cover"]["tiles"])


def test_KR_TWR_4_every_tower_card_shows_at_least_one_attack():
    """KR-TWR-4: every tower card has at least one attack placing tiles or soldiers; a build
    must give one placement list per printed attack."""
    for tid, card in TOWERS.items():
        assert card["attacks"], tid
        assert all(a["tiles"] or a["soldiers"] for a in card["attacks"]), tid
    st = game(hands=(["archer_1"], []))
    refused(play_tower, st, 0, {"type": "build", "card": "archer_1", "site": "F2", "facing": "S", "attacks": []},
            reason="malformed")


def test_KR_TWR_9_a_towers_damage_type_goes_with_its_tiles():
    """KR-TWR-9 (KR-TWR-1, KR-GEN-9): the card's damage type (its arrow colour) is the type of
    every tile it places: physical, magic or true."""
    for card in ("archer_1", "mage_1", "artillery_4b"):
        st = game("twin_gates", hands=([card], []))
        t = bare_tray(st, "D3")                       # D4 facing N: forward is D3
        if len(TOWERS[card]["attacks"][0]["tiles"]) > 1:
            fill(st, t, keep=(enemy_cells(grid(PLAIN))[0],))   # room for one 1x1 only
        lp = legal_placements(st, 0, card, "D4", "N", 0)
        cells = next(p for tiles in lp[t]["tiles"] for p in tiles)
        ev = play(st, 0, build(card, "D4", "N", [T(t, *cells)]))
        placed = [e.params["damage"] for e in ev if e.kind == "tile_placed"]
        assert placed == [TOWERS[card]["damage"]]
        assert [x["damage"] for x in st["trays"][t]["cover"]["tiles"] if x["source"] == card] == placed
    assert {TOWERS[c]["damage"] for c in ("archer_1", "mage_1", "artillery_4b")} == {"physical", "magic", "true"}


def test_KR_TWR_10_a_built_tower_stays_put_until_phase_5():
    """KR-TWR-10 (KR-PASS-7): once built the card leaves the hand and sits on its site; it
    cannot be built again, passed or moved this round; phase 5 gives it back."""
    st = game(hands=(["archer_1"], []))
    play(st, 0, build("archer_1", "F2", "S", []))
    assert st["seats"][0]["hand"] == [] and st["sites"]["F2"][0]["card"] == "archer_1"
    refused(play_tower, st, 0, build("archer_1", "B2", "S", []), reason="not_in_hand")
    refused(pass_tower, st, 0, {"type": "pass", "card": "archer_1", "to": 1}, reason="not_in_hand")
    st["seats"][0]["hand"] = ["archer_1"]
    refused(play_tower, st, 0, build("archer_1", "F2", "E", []), reason="site_taken")
    st["seats"][0]["hand"] = []
    returns.return_cards(st, [])
    assert st["sites"] == {} and st["seats"][0]["hand"] == ["archer_1"]


def test_KR_DMG_8_several_tiles_may_be_spread_over_the_trays_in_range():
    """KR-DMG-8: an attack with several arrows and tiles may put each tile on any tray in
    range: both 1x1 tiles of the artillery on one tray, or one on each of two trays."""
    st = game(hands=(["artillery_1", "artillery_1"], []))
    a, b = bare_tray(st, "E3"), bare_tray(st, "G3")
    assert {a, b} <= set(legal_placements(st, 0, "artillery_1", "F2", "S", 0))
    e = enemy_cells(grid(PLAIN))
    play(st, 0, build("artillery_1", "F2", "S", [T(a, e[0]), T(b, e[0])]))
    assert taken(st, a) == {e[0]} and taken(st, b) == {e[0]}
    st = game(hands=(["artillery_1"], []))
    a, b = bare_tray(st, "E3"), bare_tray(st, "G3")
    play(st, 0, build("artillery_1", "F2", "S", [T(a, e[0]), T(a, e[1])]))
    assert taken(st, a) == {e[0], e[1]} and taken(st, b) == set()


def test_KR_PASS_3_passing_is_the_only_upgrade():
    """KR-PASS-3: a built tower comes back unchanged in phase 5, an L3 cannot be bought, and
    passing gives the next level."""
    st = game("twin_gates", hands=(["archer_1", "archer_1"], []))
    play(st, 0, build("archer_1", "B1", "S", []))
    returns.return_cards(st, [])
    assert sorted(st["seats"][0]["hand"]) == ["archer_1", "archer_1"]
    st["crystals"] = 12
    with pytest.raises(IllegalAction) as info:
        buy(st, [{"card": "archer_3", "to": 0}], [])
    assert info.value.code == "kr.err.not_buyable"
    st["phase"] = 2
    pass_tower(st, 0, {"type": "pass", "card": "archer_1", "to": 1}, [])
    assert st["seats"][1]["pending"] == ["archer_2"]


# --- phase 5 ----------------------------------------------------------------------------------

def test_KR_RET_4_there_is_no_hand_limit():
    """KR-RET-4: every returned and pending card goes into hand, however many there are."""
    st = game(hands=(["archer_1"] * 5 + ["mage_1"] * 5 + ["artillery_1"] * 5, []))
    st["seats"][0]["pending"] = ["barracks_1"] * 5 + ["mage_2"] * 4
    play(st, 0, build("archer_1", "F2", "S", []))
    returns.return_cards(st, [])
    assert len(st["seats"][0]["hand"]) == 15 + 9 and st["seats"][0]["pending"] == []


def test_KR_RET_7_tiles_soldiers_and_heroes_stay_on_the_map():
    """KR-RET-7: phase 5 takes back cards only; tiles, soldiers and engaged heroes stay."""
    st = game(hands=(["archer_1"], []))
    t = bare_tray(st, "E3")
    engage(st, "alleria", t, base_spot(grid(PLAIN)))
    base = {(x + dc, y + dr) for x, y in [base_spot(grid(PLAIN))] for dc in (0, 1) for dr in (0, 1)}
    free = [c for c in enemy_cells(grid(PLAIN)) if c not in base]
    soldier(st, t, free[0])
    st["trays"][t]["cover"]["tiles"].append({"cells": [list(free[1])], "damage": "true", "source": "test"})
    st["sites"]["F2"] = [{"card": "archer_1", "seat": 0, "facing": "S", "face_down": False}]
    before_trays = {k: dict(v) for k, v in st["trays"].items()}
    before_hero = dict(st["heroes"]["alleria"])
    returns.return_cards(st, [])
    assert st["trays"] == before_trays
    h = st["heroes"]["alleria"]
    assert (h["cell"], h["tray"], h["health"]) == (before_hero["cell"], before_hero["tray"], before_hero["health"])


def to_phase_6(st: dict, *moves: tuple) -> dict:
    """Play ``moves`` (seat, action), then every seat says done: phases 3-5 run."""
    for seat, action in moves:
        st, _ = GAME.apply(st, seat, action)
    for seat in range(len(st["seats"])):
        st, _ = GAME.apply(st, seat, {"type": "done"})
    assert st["phase"] == 6
    return st


def test_KR_RET_6_KR_WHT_3_white_site_towers_default_to_their_builders():
    """KR-RET-6, KR-WHT-3 (decision-table default): each tower on a white site goes back to the
    player who built it, so the two towers of one white site may go to two different players."""
    st = game("twin_gates", hands=(["archer_1"], ["barracks_1"]))
    st = to_phase_6(st, (0, build("archer_1", "E5", "N", [])), (1, build("barracks_1", "E5", "N", [])))
    assert st["white"] == [{"card": "archer_1", "site": "E5", "builder": 0},
                           {"card": "barracks_1", "site": "E5", "builder": 1}]
    assert [p.key for p in GAME.prompts(st)] == ["kr.prompt.purchase_white"] * 2
    st, events = GAME.apply(st, 0, {"type": "done"})
    st, events = GAME.apply(st, 1, {"type": "done"})         # nobody proposed: the default
    assert "archer_1" in st["seats"][0]["hand"] and "barracks_1" in st["seats"][1]["hand"]
    assert st["white"] == []
    assert [e.kind for e in events].count("white_tower_to_builder") == 2


def test_KR_WHT_3_the_group_decides_who_takes_a_white_site_tower():
    """KR-WHT-3, KR-RET-6: a tower on a white site may be taken by any player, the players
    deciding together (decision table: "who takes each tower from a white site", default the
    builder): phase 5 keeps it aside and the phase-6 proposal names who takes it; approved by
    everyone, seat 1 takes seat 0's archer."""
    st = game("twin_gates", hands=(["archer_1"], []))
    st = to_phase_6(st, (0, build("archer_1", "E5", "N", [])))
    assert "archer_1" not in st["seats"][0]["hand"]
    take = {"type": "propose", "buys": [], "takes": [{"site": "E5", "card": "archer_1", "to": 1}]}
    assert take in GAME.legal_actions(st, 0) and take in GAME.legal_actions(st, 1)
    st, _ = GAME.apply(st, 0, GAME.parse_action("propose E5:archer_1>2"))
    assert GAME.format_action(take) == "propose E5:archer_1>2"
    st, _ = GAME.apply(st, 1, {"type": "approve"})
    st, _ = GAME.apply(st, 0, {"type": "done"})
    st, events = GAME.apply(st, 1, {"type": "done"})
    assert "archer_1" in st["seats"][1]["hand"] and "archer_1" not in st["seats"][0]["hand"]
    assert [e.kind for e in events if e.kind.startswith("white_tower")] == ["white_tower_taken"]


def test_KR_WHT_3_an_objected_take_leaves_the_tower_to_its_builder():
    st = game("twin_gates", hands=(["archer_1"], []))
    st = to_phase_6(st, (0, build("archer_1", "E5", "N", [])))
    st, _ = GAME.apply(st, 1, GAME.parse_action("propose E5:archer_1>2"))
    st, _ = GAME.apply(st, 0, {"type": "object"})
    for seat in (0, 1):
        st, _ = GAME.apply(st, seat, {"type": "done"})
    assert "archer_1" in st["seats"][0]["hand"] and "archer_1" not in st["seats"][1]["hand"]


@pytest.mark.parametrize("takes, reason", [([("I5", "archer_1", 1)], "no_white_tower"),
                                           ([("E5", "mage_1", 1)], "no_white_tower"),
                                           ([("E5", "archer_1", 1), ("E5", "archer_1", 0)], "white_tower_twice"),
                                           ([("E5", "archer_1", 8)], "bad_seat")])
def test_KR_WHT_3_a_take_must_name_a_waiting_white_site_tower_and_a_seat(takes, reason):
    st = game("twin_gates", hands=(["archer_1"], []))
    st = to_phase_6(st, (0, build("archer_1", "E5", "N", [])))
    action = {"type": "propose", "buys": [], "takes": [{"site": s, "card": c, "to": to} for s, c, to in takes]}
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, 1, action)
    assert info.value.code == f"kr.err.{reason}"


def test_KR_WHT_3_KR_SOLO_1_in_solo_a_white_site_tower_returns_at_once():
    """Solo: one player, nothing to decide: phase 5 hands it back (no waiting list)."""
    st = game("twin_gates", heroes=["alleria"], hands=(["archer_1"],), solo=True)
    st["sites"]["E5"] = [{"card": "archer_1", "seat": 0, "facing": "N", "face_down": False}]
    st["seats"][0]["hand"] = []
    returns.return_cards(st, [])
    assert st["seats"][0]["hand"] == ["archer_1"] and not st.get("white")


def test_KR_WHT_3_the_bot_gives_a_white_site_tower_to_the_team_mate_with_fewest_cards():
    st = game("twin_gates", hands=(["archer_1", "mage_1", "artillery_1"], []))
    st = to_phase_6(st, (0, build("archer_1", "E5", "N", [])))
    action = GAME.bot_action(st, 0)
    assert action["type"] == "propose" and action["takes"] == [{"site": "E5", "card": "archer_1", "to": 1}]
