"""The heroes' skills and special abilities (KR-ALL-5..8, KR-LIL-1..5, KR-MAL-1..5, KR-MAG-1..5,
KR-IGN-1/2/4/5, KR-HACT-6/7, KR-AMB-35/37/38/40..45/58; Flame Burst designed, KR-AMB-39)."""
from __future__ import annotations

from engine.kr.destroy import destroy
from engine.kr.heroes import apply_hero
from tests.games.kr.engine.kr_hero_fixtures import T, act, auto, cover_all, engage, game, play, refused, stand, tiles_on, tray


def ability(figure: str, name: str, path: list | None = None, **kw) -> dict:
    return act(figure, path, act="ability", ability=name, **kw)


def used(st: dict, figure: str, name: str) -> bool:
    return st["heroes"][figure]["abilities"][name] is False


# --- skills (basic attacks) -------------------------------------------------------------------

def test_malik_shockwave_extra_tiles_per_empty_square():
    """KR-MAL-1, KR-AMB-41: 2 empty squares covered -> up to 2 extra 1x1 on adjacent trays."""
    st = game()
    t, left = tray(st, "goblin_scouts", "H3"), tray(st, "goblin_scouts", "G3")
    engage(st, "malik", t, (0, 0))
    basic = [T(t, (2, 1), (3, 1), (4, 1))]
    refused(apply_hero, st, 1, act("malik", facing="E", act="basic", placements=basic + [
        T(left, (1, 1), attack="extra"), T(left, (2, 1), attack="extra"), T(left, (2, 2), attack="extra")]),
        reason="too_many")
    play(st, act("malik", facing="E", act="basic", placements=basic + [
        T(left, (1, 1), attack="extra"), T(left, (2, 1), attack="extra")]))
    assert len(tiles_on(st, left)) == 2


def test_ignus_spreading_fire_exactly_two():
    """KR-IGN-1, KR-AMB-38: exactly 2 enemies under the tile -> one 1x1 per adjacent tray."""
    st = game(["alleria", "ignus"])
    t, a, b = tray(st, "goblin_scouts", "H3"), tray(st, "goblin_scouts", "G3"), tray(st, "goblin_scouts", "I3")
    engage(st, "ignus", t, (0, 2))
    basic = [T(t, (1, 1), (2, 1))]
    refused(apply_hero, st, 1, act("ignus", facing="E", act="basic", placements=basic + [
        T(a, (1, 1), attack="extra"), T(a, (2, 1), attack="extra")]), reason="too_many")
    play(st, act("ignus", facing="E", act="basic", placements=basic + [
        T(a, (1, 1), attack="extra"), T(b, (2, 2), attack="extra")]))
    assert tiles_on(st, a) == [[[1, 1]]] and tiles_on(st, b) == [[[2, 2]]]


def test_magnus_ley_lines_only_on_a_site():
    """KR-MAG-1: an extra 1x2 on the target tray when attacking from a building site."""
    st = game(["magnus", "ignus"])
    t = tray(st, "goblin_mob", "H3")
    stand(st, "magnus", "H2")
    done = auto(st, act("magnus", facing="S", act="basic"))
    assert [p.get("attack", 0) for p in done["placements"]] == [0, "extra"]
    play(st, done)
    assert len(tiles_on(st, t)) == 2
    st2 = game(["magnus", "ignus"])
    t2 = tray(st2, "goblin_mob", "G3")
    stand(st2, "magnus", "H3")
    refused(apply_hero, st2, 0, act("magnus", facing="W", act="basic", placements=[
        T(t2, (0, 0), (1, 0)), T(t2, (3, 0), (4, 0), attack="extra")]), reason="unused_placements")


def test_lilith_dark_blessing_heals_and_refreshes():
    """KR-LIL-1, KR-AMB-45: a tile in her square, then a nearby hero heals 1 and refreshes."""
    st = game(["lilith", "malik"])
    t = tray(st, "goblin_scouts", "H3")
    engage(st, "lilith", t, (3, 0))
    stand(st, "malik", "I3")
    st["heroes"]["malik"].update(health=5)
    st["heroes"]["malik"]["abilities"]["earthquake"] = False
    play(st, act("lilith", facing="E", act="basic", placements=[T(t, (1, 1))], choice={"heal": "malik"}))
    assert st["heroes"]["malik"]["health"] == 6 and st["heroes"]["malik"]["abilities"]["earthquake"]
    stand(st, "malik", "C3")


def test_lilith_heal_target_must_be_near():
    st = game(["lilith", "malik"])
    stand(st, "lilith", "H3")
    stand(st, "malik", "C3")
    refused(apply_hero, st, 0, act("lilith", facing="E", act="basic", choice={"heal": "malik"}), reason="not_adjacent")


# --- Alleria ----------------------------------------------------------------------------------

def test_swift_strike_lets_another_hero_act_again():
    """KR-ALL-6, KR-HERO-1: tiles, then a hero on the map moves 1 and attacks (even if it acted)."""
    st = game()
    t = tray(st, "goblin_mob", "H3")
    stand(st, "alleria", "J3")
    stand(st, "malik", "I3")
    st["heroes"]["malik"]["activated"] = True
    done = auto(st, ability("alleria", "swift_strike", facing="W",
                            choice={"hero": "malik", "path": ["H3"], "base": [0, 1], "facing": "E"}))
    play(st, done)
    assert st["heroes"]["malik"]["tray"] == t and len(tiles_on(st, t)) == 3 and used(st, "alleria", "swift_strike")
    refused(apply_hero, game(), 0, ability("alleria", "swift_strike", choice={"hero": "malik"}), reason="not_on_map")


def test_call_of_the_wild_diamond_on_wildcat_tray():
    """KR-ALL-7: four 1x1 tiles as a diamond on the wildcat's tray; every one that fits."""
    st = game()
    t = tray(st, "goblin_scouts", "E3")
    engage(st, "wildcat", t, (3, 2))
    stand(st, "alleria", "H3")
    diamond = [T(t, (1, 0)), T(t, (0, 1)), T(t, (2, 1)), T(t, (1, 2))]
    refused(apply_hero, st, 0, ability("alleria", "call_of_the_wild", placements=diamond[:3]), reason="must_place")
    refused(apply_hero, st, 0, ability("alleria", "call_of_the_wild",
                                       placements=diamond[:3] + [T(t, (0, 3))]), reason="bad_position")
    play(st, ability("alleria", "call_of_the_wild", placements=diamond))
    assert len(tiles_on(st, t)) == 4


def test_do_you_bleed_too_wildcat_part():
    """KR-ALL-8: the 1x3 in range plus two 1x1 on the wildcat's tray."""
    st = game()
    cat, front = tray(st, "goblin_mob", "C3"), tray(st, "goblin_mob", "G3")
    engage(st, "wildcat", cat, (3, 2))
    stand(st, "alleria", "H3")
    done = auto(st, ability("alleria", "do_you_bleed_too", facing="W"))
    play(st, done)
    assert len(tiles_on(st, cat)) == 2 and len(tiles_on(st, front)) == 1


# --- Lilith -----------------------------------------------------------------------------------

def test_infernal_wheel_every_adjacent_tray():
    """KR-LIL-2: one 1x2 on every adjacent tray, compulsory."""
    st = game(["lilith", "malik"])
    a, b = tray(st, "goblin_scouts", "G3"), tray(st, "goblin_scouts", "I3")
    stand(st, "lilith", "H3")
    refused(apply_hero, st, 0, ability("lilith", "infernal_wheel", placements=[T(a, (1, 1), (2, 1))]),
            reason="must_place")
    play(st, ability("lilith", "infernal_wheel", placements=[T(a, (1, 1), (2, 1)), T(b, (2, 1), (2, 2))]))
    assert tiles_on(st, a) and tiles_on(st, b)


def test_reapers_harvest_one_tile_per_side():
    """KR-LIL-3: each tile touches a different side of her base."""
    st = game(["lilith", "malik"])
    t = tray(st, "goblin_mob", "H3")
    engage(st, "lilith", t, (1, 1))
    refused(apply_hero, st, 0, ability("lilith", "reapers_harvest", placements=[T(t, (4, 3))]), reason="bad_position")
    play(st, auto(st, ability("lilith", "reapers_harvest")))
    assert len(tiles_on(st, t)) == 4


def test_divine_chaos_linked_with_soldiers():
    """KR-LIL-4: a 1x1, a 1x2 and 2 soldiers on one adjacent tray."""
    st = game(["lilith", "malik"])
    a, b = tray(st, "goblin_mob", "G3"), tray(st, "goblin_mob", "I3")
    stand(st, "lilith", "H3")
    refused(apply_hero, st, 0, ability("lilith", "divine_chaos", placements=[T(a, (0, 0)), T(b, (0, 0), (1, 0))]),
            reason="linked")
    play(st, auto(st, ability("lilith", "divine_chaos")))
    covers = [st["trays"][x]["cover"] for x in (a, b)]
    assert sorted((len(c["tiles"]), len(c["soldiers"])) for c in covers) == [(0, 0), (2, 2)]


def test_resurrection_effect_read_by_destroy():
    """KR-LIL-5, KR-AMB-43: the tray destroyed in phase 3 heals and protects her first."""
    st = game(["lilith", "malik"])
    t = tray(st, "goblin_scouts", "H3")
    engage(st, "lilith", t, (3, 0))
    st["heroes"]["lilith"]["health"] = 2
    play(st, auto(st, ability("lilith", "resurrection", facing="E")))
    assert {"kind": "resurrection", "figure": "lilith"} in st["effects"]
    cover_all(st, t)
    destroy(st, [])
    assert st["heroes"]["lilith"]["health"] == 5 and st["heroes"]["lilith"]["protected"]


# --- Malik ------------------------------------------------------------------------------------

def test_hammer_time_refresh_then_second_action():
    """KR-MAL-2, KR-AMB-42: refresh, then another ability (never Hammer Time itself)."""
    st = game()
    t = tray(st, "goblin_mob", "H3")
    engage(st, "malik", t, (0, 1))
    st["heroes"]["malik"]["abilities"]["earthquake"] = False
    refused(apply_hero, st, 1, ability("malik", "hammer_time", choice={"then": {"act": "ability",
                                                                               "ability": "hammer_time"}}),
            reason="not_allowed")
    done = auto(st, ability("malik", "hammer_time", facing="E", choice={
        "hero": "malik", "refresh": "earthquake", "then": {"act": "ability", "ability": "earthquake"}}))
    play(st, done)
    m = st["heroes"]["malik"]
    assert m["protected"] and not m["abilities"]["earthquake"] and not m["abilities"]["hammer_time"]


def test_earthquake_protects_every_hero_in_his_square():
    """KR-MAL-3, KR-HERO-14."""
    st = game()
    t = tray(st, "goblin_mob", "H3")
    engage(st, "malik", t, (0, 2))
    engage(st, "alleria", t, (3, 2))
    play(st, auto(st, ability("malik", "earthquake", facing="E")))
    assert st["heroes"]["alleria"]["protected"] and st["heroes"]["malik"]["protected"] and tiles_on(st, t)


def test_smashing_hammer_extras_per_enemy_square():
    """KR-MAL-4: one optional extra 1x1 per enemy square under the tile."""
    st = game()
    t, side = tray(st, "goblin_mob", "H3"), tray(st, "goblin_mob", "G3")
    engage(st, "malik", t, (3, 2))
    hammer = T(t, (0, 0), (1, 0), (2, 0), (1, 1), (1, 2))       # goblins on (0,0) (1,0) (1,2)
    refused(apply_hero, st, 1, ability("malik", "smashing_hammer", facing="E", placements=[hammer] + [
        T(side, (c, 0), attack="extra") for c in range(4)]), reason="too_many")
    play(st, ability("malik", "smashing_hammer", facing="E", placements=[hammer] + [
        T(side, (c, 0), attack="extra") for c in range(3)]))
    assert len(tiles_on(st, side)) == 3


def test_cant_touch_this_with_basic_attack():
    """KR-MAL-5."""
    st = game()
    t = tray(st, "goblin_scouts", "H3")
    engage(st, "malik", t, (0, 0))
    play(st, ability("malik", "cant_touch_this", facing="E", choice={"basic": True},
                     placements=[T(t, (2, 1), (3, 1), (4, 1))]))
    assert st["heroes"]["malik"]["protected"] and tiles_on(st, t)


# --- Magnus -----------------------------------------------------------------------------------

def test_magic_trick_moves_a_hero_who_attacks():
    """KR-MAG-2, KR-AMB-37: any hero to any stop square, its basic attack, then 3 linked 1x1."""
    st = game(["magnus", "malik"])
    t = tray(st, "goblin_mob", "G3")
    stand(st, "magnus", "H3")
    st["heroes"]["malik"]["activated"] = True
    done = auto(st, ability("magnus", "magic_trick", facing="W",
                            choice={"hero": "malik", "to": "G3", "base": [0, 1], "facing": "E"}))
    play(st, done)
    assert st["heroes"]["malik"]["tray"] == t and len(tiles_on(st, t)) == 4
    st["heroes"]["malik"]["knocked_out"] = True


def test_mirage_soldiers_and_tiles_on_one_adjacent_tray():
    """KR-MAG-3: magic damage; magic-resistant enemies are refused."""
    st = game(["magnus", "malik"])
    t = tray(st, "goblin_mob", "G3")
    stand(st, "magnus", "H3")
    play(st, auto(st, ability("magnus", "mirage")))
    c = st["trays"][t]["cover"]
    assert len(c["tiles"]) == 2 and len(c["soldiers"]) == 2 and c["tiles"][0]["damage"] == "magic"


def test_knowledge_is_power_reads_magnus():
    """KR-MAG-4/5, KR-AMB-44: copying Can't Touch This protects Magnus, not Malik."""
    st = game(["magnus", "malik"])
    stand(st, "magnus", "H3")
    refused(apply_hero, st, 0, ability("magnus", "knowledge_is_power", choice={"copy": "knowledge_is_power"}),
            reason="cannot_copy")
    refused(apply_hero, st, 0, ability("magnus", "knowledge_is_power", choice={"copy": "hellfire"}),
            reason="cannot_copy")
    play(st, ability("magnus", "knowledge_is_power", choice={"copy": "cant_touch_this"}))
    assert st["heroes"]["magnus"]["protected"] and not st["heroes"]["malik"]["protected"]
    assert used(st, "magnus", "knowledge_is_power") and st["heroes"]["malik"]["abilities"]["cant_touch_this"]


# --- Ignus ------------------------------------------------------------------------------------

def test_hellfire_extras_when_three_enemies():
    """KR-IGN-2: exactly 3 enemies under the tile -> two extra 1x1 on one adjacent tray."""
    st = game(["alleria", "ignus"])
    t, side, other = tray(st, "goblin_mob", "H3"), tray(st, "goblin_mob", "G3"), tray(st, "goblin_mob", "I3")
    engage(st, "ignus", t, (0, 0))
    fire = T(t, (2, 0), (2, 2), (3, 0), (3, 1), (3, 2))          # facing N: goblins (3,0) (2,2) (3,2)
    refused(apply_hero, st, 1, ability("ignus", "hellfire", facing="N", placements=[
        fire, T(side, (0, 0), attack="extra"), T(other, (0, 0), attack="extra")]), reason="linked")
    play(st, ability("ignus", "hellfire", facing="N", placements=[
        fire, T(side, (0, 0), attack="extra"), T(side, (1, 0), attack="extra")]))
    assert len(tiles_on(st, side)) == 2


def test_flame_burst_designed():
    """KR-AMB-39 (designed): 2x2 on his tray, 1x1 on each adjacent tray, then 1 damage."""
    st = game(["alleria", "ignus"])
    t, side = tray(st, "goblin_mob", "H3"), tray(st, "goblin_mob", "G3")
    engage(st, "ignus", t, (3, 2))
    play(st, auto(st, ability("ignus", "flame_burst")))
    assert len(tiles_on(st, t)) == 1 and len(tiles_on(st, side)) == 1 and st["heroes"]["ignus"]["health"] == 7


def test_surging_flames_extra_move():
    """KR-IGN-4, KR-AMB-40: up to 4 extra squares, one 1x1 per distinct tray entered, heal 2."""
    st = game(["alleria", "ignus"])
    a, b = tray(st, "goblin_mob", "I3"), tray(st, "goblin_mob", "H3")
    stand(st, "ignus", "J3")
    st["heroes"]["ignus"]["health"] = 4
    refused(apply_hero, st, 1, ability("ignus", "surging_flames", choice={"path": ["I3", "H3", "G3"]},
                                       placements=[T(a, (0, 0))]), reason="must_place")
    play(st, ability("ignus", "surging_flames", ["F3"], order="act_first", choice={"path": ["I3", "H3", "G3"]},
                     placements=[T(a, (0, 0)), T(b, (0, 0))]))
    h = st["heroes"]["ignus"]
    assert h["cell"] == "F3" and h["health"] == 6 and tiles_on(st, a) and tiles_on(st, b)


def test_burn_it_up_two_different_adjacent_trays():
    """KR-IGN-5: one 3x1 on each of 2 different adjacent trays."""
    st = game(["alleria", "ignus"])
    a, b = tray(st, "goblin_mob", "G3"), tray(st, "goblin_mob", "I3")
    stand(st, "ignus", "H3")
    refused(apply_hero, st, 1, ability("ignus", "burn_it_up", placements=[T(a, (0, 1), (0, 2), (0, 3)),
                                                                          T(a, (4, 1), (4, 2), (4, 3))]),
            reason="distinct")
    play(st, auto(st, ability("ignus", "burn_it_up")))
    assert len(tiles_on(st, a)) == 1 and len(tiles_on(st, b)) == 1


def test_face_down_ability_refused():
    """KR-HACT-6."""
    st = game(["alleria", "ignus"])
    st["heroes"]["ignus"]["abilities"]["burn_it_up"] = False
    refused(apply_hero, st, 1, ability("ignus", "burn_it_up"), reason="ability_used")
    refused(apply_hero, st, 1, ability("ignus", "mirage"), reason="no_such_ability")
