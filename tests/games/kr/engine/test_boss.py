"""The boss of the last scenario, the Time Mage (engine/kr/boss.py): his stages and his four
rules as hordes.json gives them (KR-BOSS-1..3, KR-END-5, KR-ADV-1/12, KR-SPL-8, KR-HACT-7,
KR-HPT-1). Positions are built on rift_citadel's cleared map (kr_phase_fixtures.bare).

rift_citadel's road: A2..G2 east, G3..G6 south, H6 I6 east into J6; J1..J6 south (deck 2);
J6 J7 J8 south, K8 L8 east to the exit. Red sites (seat 0 of 2): B1 F1 F7 H7 L7."""
from __future__ import annotations

import copy
import json

import pytest

from engine.base import Event
from engine.kr import advance, boss, destroy, phases, spawn, towers, view
from engine.kr.content import BOSS_EFFECTS, HORDES
from engine.kr.setup import new_state
from engine.kr.state import copy_state, grid
from tests.games.kr.engine.kr_phase_fixtures import bare, cover_all, kinds, soldier, stand, tile, tray
from tests.games.kr.engine.kr_rules_fixtures import card_where, plain
from tests.games.kr.engine.kr_tower_fixtures import T, build, refused

MAGE = "time_mage_boss"
SPEC = HORDES[MAGE]["boss"]
RULE = {r["effect"]: r for r in SPEC["rules"]}
PLAIN = card_where(plain)
PORTAL = card_where(lambda c, g: True, kind="portal")


def citadel(heroes: list[str] | None = None) -> dict:
    return bare("rift_citadel", heroes or ["alleria", "ignus"])


def tiles_of(st: dict, tid: str) -> list:
    return st["trays"][tid]["cover"]["tiles"]


def of_kind(events: list, kind: str) -> list[dict]:
    return [e.params for e in events if e.kind == kind]


# --- the data --------------------------------------------------------------------------------

def test_KR_BOSS_1_every_boss_effect_of_the_content_has_a_moment_in_the_engine():
    """KR-BOSS-1: a boss's rules are data (hordes.json ``boss.rules``); every effect id the
    content accepts is dispatched by boss.py, and the Time Mage's rules are the four the
    scenario's text names, with his stages and movement."""
    assert set(boss.HOOKS) == set(BOSS_EFFECTS)
    assert set(RULE) == {"shielded_by_portals", "extra_spawn", "damage_near_heroes", "heal_adjacent_trays"}
    assert SPEC["stages"] == 2 and SPEC["move"] == 1
    st, _ = new_state(2, {"scenario": "rift_citadel"}, 1)
    assert st["boss"] == {"card": MAGE, "stage": 1, "stages": 2, "entered": None}
    assert new_state(2, {"scenario": "farrinken_valley"}, 1)[0]["boss"] is None


# --- stages (phase 3) ------------------------------------------------------------------------

def test_KR_BOSS_1_a_covered_stage_is_cleared_and_the_next_stage_begins():
    """KR-BOSS-1 (card text): when every enemy of his card is covered in phase 3 (KR-GEN-7) he
    is not destroyed: his tiles and soldiers leave the card (soldiers back to the supply) and
    stage 2 begins; no crystals, no victory."""
    st = citadel()
    b = tray(st, MAGE, "E2")
    soldier(st, b, (0, 0))
    cover_all(st, b)
    supply, crystals = st["soldiers"], st["crystals"]
    destroy.destroy(st, ev := [])
    assert b in st["trays"] and st["trays"][b]["cell"] == "E2"
    assert st["trays"][b]["cover"] == {"tiles": [], "soldiers": [], "heroes": {}}
    assert st["soldiers"] == supply + 1 and st["crystals"] == crystals
    assert st["boss"]["stage"] == 2 and not st["boss_defeated"] and not st["victory_pending"]
    assert kinds(ev) == ["boss_stage_cleared", "boss_stage_begins"]
    assert of_kind(ev, "boss_stage_cleared")[0]["stage"] == 1
    assert of_kind(ev, "boss_stage_begins")[0] == {"card": MAGE, "tray": b, "cell": "E2", "stage": 2, "stages": 2}
    phases.end_round(st, [])
    assert st["result"] is None and st["phase"] == 1


def test_KR_BOSS_1_a_partly_covered_stage_goes_on():
    """KR-BOSS-1, KR-GEN-7: one enemy left uncovered, nothing happens to him in phase 3."""
    st = citadel()
    b = tray(st, MAGE, "E2")
    cover_all(st, b, skip=(grid(MAGE).enemies[0].cells[0],))
    before = copy.deepcopy(st["trays"][b])
    destroy.destroy(st, ev := [])
    assert st["trays"][b] == before and st["boss"]["stage"] == 1 and ev == []


def test_KR_BOSS_1_KR_END_2_the_last_stage_covered_defeats_him_and_wins_at_the_round_end():
    """KR-BOSS-1 (victory kind ``boss``), KR-DES-3, KR-END-2: covering stage 1 and then stage 2
    defeats him: his tray is removed like a destroyed horde, the victory is pending, and the
    team wins when the round ends (``victory_boss``), not before."""
    st = citadel()
    b = tray(st, MAGE, "E2")
    cover_all(st, b)
    destroy.destroy(st, [])
    assert st["boss"]["stage"] == 2
    cover_all(st, b)
    soldier(st, b, (1, 0))
    supply = st["soldiers"]
    destroy.destroy(st, ev := [])
    assert b not in st["trays"] and st["boss_defeated"] and st["victory_pending"]
    assert st["soldiers"] == supply + 1
    assert kinds(ev) == ["boss_defeated", "tray_destroyed", "victory_pending"]
    assert of_kind(ev, "boss_defeated")[0]["stage"] == 2
    assert st["result"] is None
    phases.end_round(st, ev := [])
    assert st["result"] == {"outcome": "victory", "reason": "boss"}
    assert kinds(ev)[-1] == "game_over"


def test_KR_BOSS_1_stages_and_victory_through_the_game_contract():
    """KR-BOSS-1, KR-END-2: the Game's result names the boss victory."""
    from engine.kr.game import GAME
    st = citadel()
    b = tray(st, MAGE, "E2")
    st["boss"]["stage"] = 2
    cover_all(st, b)
    destroy.destroy(st, [])
    phases.end_round(st, [])
    result = GAME.result(st)
    assert result is not None and result.reason == "victory_boss"


# --- Chrono Shield (towers) ------------------------------------------------------------------

def archer_game() -> tuple[dict, str]:
    st = citadel()
    st["seats"][0]["hand"] = ["archer_1", "archer_1"]
    b = tray(st, MAGE, "F2")                 # archer_1 on F1 facing S reaches E2, F2, G2
    return st, b


def test_KR_BOSS_3_chrono_shield_no_tower_targets_him_while_a_portal_is_on_the_map():
    """KR-BOSS-3 (Chrono Shield): with a portal on the map his tray is not a legal tower target
    (not listed, not compulsory, refused with kr.err.boss_shielded); portals still in a spawn
    deck do not shield him; once the last portal on the map is gone towers may attack him."""
    st, b = archer_game()
    attack = towers.TOWERS["archer_1"]["attacks"][0]
    st["decks"]["2"] = [PORTAL]                       # in a deck: no shield
    assert b in towers.targets(st, "F1", "S", attack)
    p = tray(st, PORTAL, "A2")                        # on the map, out of range: shield
    assert boss.shielded(st, b)
    assert towers.targets(st, "F1", "S", attack) == []
    assert towers.legal_placements(st, 0, "archer_1", "F1", "S", 0) == {}
    del st["trays"][p]
    cells = towers.legal_placements(st, 0, "archer_1", "F1", "S", 0)[b]["tiles"][0][0]
    p = tray(st, PORTAL, "A2")
    refused(towers.play_tower, st, 0, build("archer_1", "F1", "S", [T(b, *cells)]), reason="boss_shielded")
    towers.play_tower(st, 0, build("archer_1", "F1", "S", []), ev := [])   # nothing compulsory
    assert kinds(ev) == ["tower_built"] and tiles_of(st, b) == []
    del st["trays"][p]
    assert not boss.shielded(st, b)
    st["sites"] = {}
    towers.play_tower(st, 0, build("archer_1", "F1", "S", [T(b, *cells)]), ev := [])
    assert kinds(ev) == ["tower_built", "tile_placed"] and len(tiles_of(st, b)) == 1


def test_KR_BOSS_3_chrono_shield_falls_when_the_last_portal_is_destroyed():
    """KR-BOSS-3 (Chrono Shield), KR-PRT-14: the phase 3 that destroys the last portal on the
    map lowers the shield (``boss_shield_down``); the view tells whether he is shielded."""
    st = citadel()
    b = tray(st, MAGE, "E2")
    p = tray(st, PORTAL, "J3")
    assert view.view(st)["boss"]["shielded"] is True
    cover_all(st, p)
    destroy.destroy(st, ev := [])
    assert p not in st["trays"] and not boss.shielded(st, b)
    assert of_kind(ev, "boss_shield_down") == [{"card": MAGE, "tray": b, "rule": RULE["shielded_by_portals"]["id"]}]
    assert view.view(st)["boss"]["shielded"] is False


def test_KR_BOSS_3_chrono_shield_rises_again_when_a_portal_spawns():
    """KR-BOSS-3 (Chrono Shield): a portal revealed in phase 1 while he is on the map shields
    him again (``boss_shield_up``); a phase 1 that brings no portal says nothing."""
    st = citadel()
    b = tray(st, MAGE, "E2")
    st["boss"]["entered"] = st["round"] = 7
    st["decks"]["1"], st["decks"]["2"] = [PLAIN], []
    spawn.summon(st, ev := [])
    assert not boss.shielded(st, b) and of_kind(ev, "boss_shield_up") == []
    st["decks"]["1"] = [PORTAL]
    st["round"] = 8
    spawn.summon(st, ev := [])
    assert boss.shielded(st, b)
    assert of_kind(ev, "boss_shield_up") == [{"card": MAGE, "tray": b, "rule": RULE["shielded_by_portals"]["id"]}]


def test_KR_SPL_8_time_gem_still_hits_the_shielded_boss():
    """KR-SPL-8, KR-BOSS-3: Chrono Shield stops towers only; Time Gem may still target his
    health card while a portal is on the map."""
    from kr_spell_fixtures import cast, run, spell_game
    st = spell_game(spells=["time_gem"])
    b = tray(st, MAGE, "D2")
    tray(st, PORTAL, "J3")
    stand(st, "alleria", "A2")
    assert boss.shielded(st, b)
    ev = run(st, 0, cast("time_gem", T(b, (0, 0), (0, 1)), hero="alleria"))
    assert "tile_placed" in kinds(ev) and len(tiles_of(st, b)) == 1


# --- Rift Call (phase 1) -------------------------------------------------------------------------

def test_KR_BOSS_1_rift_call_spawns_one_extra_card_from_deck_2_every_round_after_his_entry():
    """KR-BOSS-1 (Rift Call): he enters in round 6 from spawn 1 before that deck's card (no
    extra card that round); from round 7 on, after both decks, one more card of deck 2 is
    revealed and spawned like deck 2's own (next free square of its road); an empty deck 2
    gives nothing, as an empty deck does (KR-AMB-29)."""
    st = citadel()
    st["decks"]["1"] = [PLAIN] * 4
    st["decks"]["2"] = ["ogre_escort", "assassins", "witch_coven", "plague_flock"]
    st["round"] = 5
    spawn.summon(st, ev := [])
    assert of_kind(ev, "boss_entered") == [] and boss.boss_tray(st) is None
    assert len(st["decks"]["2"]) == 3
    st["trays"] = {}
    st["round"] = 6
    spawn.summon(st, ev := [])
    b = boss.boss_tray(st)
    assert st["trays"][b]["cell"] == "A2" and st["boss"]["entered"] == 6
    assert kinds(ev) == ["spawn", "boss_entered", "spawn", "spawn"]
    assert [e["card"] for e in of_kind(ev, "spawn")] == [MAGE, PLAIN, "assassins"]
    st["round"] = 7
    spawn.summon(st, ev := [])
    assert kinds(ev) == ["spawn", "spawn", "boss_extra_spawn", "spawn"]
    assert of_kind(ev, "boss_extra_spawn") == [{"card": MAGE, "rule": RULE["extra_spawn"]["id"], "marker": 2,
                                                "left": 1}]
    assert [(e["card"], e["marker"], e["cell"]) for e in of_kind(ev, "spawn")] == [
        (PLAIN, 1, "C2"), ("witch_coven", 2, "J2"), ("plague_flock", 2, "J3")]
    assert st["decks"]["2"] == []
    st["round"] = 8
    spawn.summon(st, ev := [])
    assert kinds(ev) == ["spawn", "boss_extra_spawn"]
    assert of_kind(ev, "boss_extra_spawn")[0]["left"] == 0
    st["round"] = 9                                  # the empty deck is told once, not every round
    spawn.summon(st, ev := [])
    assert "boss_extra_spawn" not in kinds(ev)


def test_KR_BOSS_1_rift_call_stops_when_he_is_off_the_map():
    """KR-BOSS-1 (Rift Call): only while he is on the map (after his defeat no extra card)."""
    st = citadel()
    st["boss"]["entered"] = 6
    st["round"] = 7
    st["decks"]["2"] = [PLAIN, PLAIN]
    spawn.summon(st, ev := [])
    assert "boss_extra_spawn" not in kinds(ev) and st["decks"]["2"] == [PLAIN]


# --- movement and Time Warp (phase 4) ------------------------------------------------------------

def test_KR_BOSS_2_KR_ADV_1_he_moves_one_square_and_soldiers_never_stop_him():
    """KR-BOSS-2, KR-ADV-1 (card text): his tile moves ``move`` (1) square in phase 4, never
    swift; soldiers on his card cover squares but never stop him (they stay on it); a tray in
    front stops him like any tray (KR-ADV-7)."""
    st = citadel()
    b = tray(st, MAGE, "C2")
    soldier(st, b, (1, 0))
    supply = st["soldiers"]
    advance.advance(st, ev := [])
    assert st["trays"][b]["cell"] == "D2" and "tray_blocked" not in kinds(ev)
    assert st["trays"][b]["cover"]["soldiers"] == [[1, 0]] and st["soldiers"] == supply
    ahead = tray(st, PLAIN, "F2")
    soldier(st, ahead, grid(PLAIN).enemies[0].cells[0])     # the horde ahead is held by a soldier
    advance.advance(st, [])
    assert st["trays"][b]["cell"] == "E2"
    soldier(st, ahead, grid(PLAIN).enemies[0].cells[0])
    advance.advance(st, [])
    assert st["trays"][b]["cell"] == "E2" and st["trays"][ahead]["cell"] == "F2"   # stopped by it


def test_KR_HPT_1_KR_HACT_7_time_warp_hurts_heroes_next_to_him_after_he_moves():
    """KR-HPT-1 (boss effects), Time Warp: after he moves, each hero on a square adjacent to his
    new square (diagonals too, KR-GEN-3) takes 1 damage; a hero next to where he was is not
    hurt; a protected hero takes none (KR-HACT-7); heroes on their boards are not on a square."""
    st = citadel(["alleria", "ignus", "malik"])
    b = tray(st, MAGE, "G3")
    stand(st, "alleria", "H5")      # next to G4 (diagonal), not to G3
    stand(st, "ignus", "F2")        # next to G3, not to G4
    stand(st, "malik", "F4")        # next to G4, protected
    st["heroes"]["malik"]["protected"] = True
    health = {f: h["health"] for f, h in st["heroes"].items()}
    advance.advance(st, ev := [])
    assert st["trays"][b]["cell"] == "G4"
    assert st["heroes"]["alleria"]["health"] == health["alleria"] - 1
    assert st["heroes"]["ignus"]["health"] == health["ignus"]
    assert st["heroes"]["malik"]["health"] == health["malik"]
    rule = RULE["damage_near_heroes"]["id"]
    assert kinds(ev) == ["tray_moved", "hero_damaged", "hero_protected"]
    assert of_kind(ev, "hero_damaged")[0]["cause"] == rule
    assert of_kind(ev, "hero_protected") == [{"figure": "malik", "cause": rule}]


def test_KR_HPT_1_time_warp_also_when_a_tray_in_front_kept_him_still():
    """KR-HPT-1, Time Warp read like the target icon (KR-AMB-25): resolved after his movement
    step even when he could not move; the wildcat counts as a hero."""
    st = citadel(["alleria", "ignus"])
    b = tray(st, MAGE, "D2")
    t = tray(st, PLAIN, "E2")
    soldier(st, t, (0, 0))
    stand(st, "wildcat", "C1")
    advance.advance(st, ev := [])
    assert st["trays"][b]["cell"] == "D2"
    assert st["heroes"]["wildcat"]["knocked_out"] and "hero_knocked_out" in kinds(ev)


# --- Rewind (end of a stage) ---------------------------------------------------------------------

def test_KR_BOSS_1_rewind_clears_the_tiles_of_the_trays_next_to_him_when_a_stage_ends():
    """KR-BOSS-1 (Rewind): when a stage ends, every damage tile on the trays on squares adjacent
    to his (diagonals too, portals included) is removed; soldiers stay; trays two squares away
    keep theirs; a tray fully covered in the same phase 3 is destroyed all the same (coverage
    is read once, KR-AMB-2)."""
    st = citadel()
    b = tray(st, MAGE, "G5")
    near_n = tray(st, PLAIN, "G4")
    near_s = tray(st, PORTAL, "G6")
    near_diag = tray(st, PLAIN, "H6")
    far = tray(st, PLAIN, "I6")
    doomed = tray(st, PLAIN, "G3")                         # two squares away anyway
    for tid in (near_n, near_s, near_diag, far):
        st["trays"][tid]["cover"]["tiles"] = [tile([grid(st["trays"][tid]["card"]).enemies[0].cells[0]])]
    soldier(st, near_n, grid(PLAIN).enemies[1].cells[0])
    cover_all(st, doomed)
    cover_all(st, b)
    destroy.destroy(st, ev := [])
    assert doomed not in st["trays"]
    assert tiles_of(st, near_n) == tiles_of(st, near_s) == tiles_of(st, near_diag) == []
    assert st["trays"][near_n]["cover"]["soldiers"] == [list(grid(PLAIN).enemies[1].cells[0])]
    assert len(tiles_of(st, far)) == 1
    assert kinds(ev) == ["tray_destroyed", "boss_stage_cleared", "boss_heal_trays", "boss_stage_begins"]
    assert of_kind(ev, "boss_heal_trays") == [{"card": MAGE, "rule": RULE["heal_adjacent_trays"]["id"],
                                               "cell": "G5", "trays": [near_n, near_s, near_diag]}]


def test_KR_BOSS_1_rewind_also_when_the_last_stage_ends():
    """KR-BOSS-1 (Rewind, "when a stage ends"): the last stage ends too, with his defeat, so the
    trays next to him lose their tiles before his tray leaves the map."""
    st = citadel()
    b = tray(st, MAGE, "G5")
    t = tray(st, PLAIN, "G4")
    st["trays"][t]["cover"]["tiles"] = [tile([grid(PLAIN).enemies[0].cells[0]])]
    st["boss"]["stage"] = 2
    cover_all(st, b)
    destroy.destroy(st, ev := [])
    assert b not in st["trays"] and tiles_of(st, t) == []
    assert kinds(ev) == ["boss_defeated", "boss_heal_trays", "tray_destroyed", "victory_pending"]


# --- state, view, narration ------------------------------------------------------------------------

def test_KR_BOSS_1_a_state_with_the_boss_survives_json_and_copies_apart():
    """KR-BOSS-1: the stage lives in ``st["boss"]`` (plain JSON); copy_state copies it apart;
    the view shows his stage, tray and shield."""
    st = citadel()
    b = tray(st, MAGE, "E2")
    st["boss"].update(stage=2, entered=6)
    cover_all(st, b)
    back = json.loads(json.dumps(st))
    assert back == st
    c = copy_state(st)
    c["boss"]["stage"] = 1
    assert st["boss"]["stage"] == 2
    v = json.loads(json.dumps(view.view(st)))
    assert v["boss"] == {"card": MAGE, "stage": 2, "stages": 2, "entered": 6, "tray": b, "shielded": False,
                         "defeated": False}
    destroy.destroy(back, ev := [])
    assert "boss_defeated" in kinds(ev) and view.view(back)["boss"]["defeated"] is True


def test_KR_BOSS_1_a_state_without_the_boss_record_still_plays():
    """KR-BOSS-1: a state saved before ``st["boss"]`` existed (or a boss put on another map)
    gets its record made when a stage ends."""
    st = citadel()
    del st["boss"]
    b = tray(st, MAGE, "E2")
    assert view.view(st)["boss"]["stage"] == 1
    cover_all(st, b)
    destroy.destroy(st, [])
    assert st["boss"]["stage"] == 2 and b in st["trays"]


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_KR_BOSS_1_boss_events_are_narrated(locale):
    """KR-BOSS-1: every boss event has words in both languages, with names for ids."""
    from cogs.kr.words import Board, narrate_event
    st = citadel()
    b = tray(st, MAGE, "E2")
    board = Board(view.view(st), ["Ann", "Bo"])
    events = [Event("boss_entered", {"card": MAGE, "tray": b, "cell": "E2", "stage": 1, "stages": 2,
                                     "rules": [r["id"] for r in SPEC["rules"]]}),
              Event("boss_extra_spawn", {"card": MAGE, "rule": "rift_call", "marker": 2, "left": 3}),
              Event("boss_extra_spawn", {"card": MAGE, "rule": "rift_call", "marker": 2, "left": 0}),
              Event("boss_stage_cleared", {"card": MAGE, "tray": b, "cell": "E2", "stage": 1, "stages": 2}),
              Event("boss_stage_begins", {"card": MAGE, "tray": b, "cell": "E2", "stage": 2, "stages": 2}),
              Event("boss_defeated", {"card": MAGE, "tray": b, "cell": "E2", "stage": 2, "stages": 2}),
              Event("boss_heal_trays", {"card": MAGE, "rule": "rewind", "cell": "E2", "trays": ["t2"]}),
              Event("boss_shield_down", {"card": MAGE, "tray": b, "rule": "chrono_shield"}),
              Event("hero_damaged", {"figure": "alleria", "damage": 1, "health": 5, "cause": "time_warp"})]
    name = HORDES[MAGE]["name"]["en" if locale == "en" else "zh-CN"]
    lines = [narrate_event(board, e, locale) for e in events]
    for line in lines:
        assert "kr.ev." not in line and "{" not in line and "time_mage_boss" not in line, line
    assert name in lines[0] and "2" in lines[1]
    rule_names = {r["id"]: r["name"]["en" if locale == "en" else "zh-CN"] for r in SPEC["rules"]}
    assert all(n in lines[0] for n in rule_names.values())
    assert rule_names["time_warp"] in lines[-1]
    assert lines[1] != lines[2]
