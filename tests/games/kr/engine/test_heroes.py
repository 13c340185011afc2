"""Hero activation: movement, engagement, basic attacks, recover, activation limits, the
wildcat, refusals and suggestions (KR-HERO-1..14, KR-HACT-1..8, KR-HPT-4..8, KR-ALL-1..5,
KR-AMB-15..18, KR-AMB-34/35/47/54, KR-PRT-11, KR-SOLO-7, KR-AMB-49/50)."""
from __future__ import annotations

import copy
import random

from engine.kr.heroes import apply_hero, suggest_hero_actions
from engine.kr.phases import damage_hero
from engine.kr.state import copy_state
from tests.games.kr.engine.kr_hero_fixtures import T, act, engage, fill, game, play, refused, stand, tiles_on, tray


def test_enter_from_board_via_entry_square():
    """KR-HERO-7, KR-SET-5: the first move lands on the entry square J3."""
    st = game()
    refused(apply_hero, st, 0, act("alleria", ["I3"]), reason="bad_path")
    play(st, act("alleria", ["J3", "I3"]))
    assert st["heroes"]["alleria"]["cell"] == "I3" and st["heroes"]["alleria"]["activated"]


def test_eight_directions_and_distance():
    """KR-HERO-4/5, KR-AMB-16: king moves through road squares and sites, within the points."""
    st = game()
    stand(st, "alleria", "E3")
    play(copy_state(st), act("alleria", ["F2", "G3", "H2"]))       # diagonal via sites
    refused(apply_hero, st, 0, act("alleria", ["F2", "G3", "H3", "I3"]), reason="too_far")
    refused(apply_hero, st, 0, act("alleria", ["G3"]), reason="bad_path")          # not adjacent
    refused(apply_hero, st, 0, act("alleria", ["E2"]), reason="bad_path")          # not road nor site


def test_not_ending_on_towers_or_portals_but_passing():
    """KR-HERO-6, KR-PRT-11: towers and portals may be passed, never ended on."""
    st = game()
    stand(st, "alleria", "I3")
    st["sites"]["H2"] = [{"card": "archer_1", "seat": 0, "facing": "S", "face_down": False}]
    tray(st, "minor_rift_a", "G3")
    refused(apply_hero, st, 0, act("alleria", ["H2"]), reason="cannot_stop_there")
    refused(apply_hero, st, 0, act("alleria", ["H3", "G3"]), reason="portal")
    play(st, act("alleria", ["H2", "G3", "F3"]))
    assert st["heroes"]["alleria"]["cell"] == "F3"


def test_engagement_base_rules():
    """KR-HERO-9..11/14, KR-AMB-54: a 2x2 base is required, inside, no overlap, no deadly."""
    st = game()
    stand(st, "alleria", "I3")
    t = tray(st, "shadow_ambush", "H3")
    refused(apply_hero, st, 0, act("alleria", ["H3"]), reason="base_required")
    refused(apply_hero, st, 0, act("alleria", ["H3"], base=[4, 0]), reason="outside")
    refused(apply_hero, st, 0, act("alleria", ["H3"], base=[1, 0]), reason="deadly")
    engage(st, "malik", t, (0, 1))
    refused(apply_hero, st, 0, act("alleria", ["H3"], base=[1, 1]), reason="overlap")
    play(st, act("alleria", ["H3"], base=[3, 1]))
    assert st["trays"][t]["cover"]["heroes"] == {"malik": [0, 1], "alleria": [3, 1]}
    assert st["heroes"]["alleria"]["tray"] == t


def test_no_room_on_tray():
    """KR-HERO-10: without room for the base the hero cannot end there."""
    st = game()
    stand(st, "alleria", "I3")
    t = tray(st, "goblin_scouts", "H3")
    fill(st, t, keep=((0, 0), (1, 1)))
    refused(apply_hero, st, 0, act("alleria", ["H3"], base=[0, 0]), reason="no_room_on_tray")


def test_leaving_tray_uncovers():
    """KR-HERO-12: a hero moving off its tray stops covering."""
    st = game()
    t = tray(st, "goblin_scouts", "H3")
    engage(st, "malik", t, (1, 1))
    play(st, act("malik", ["G3", "F2"]))
    assert st["trays"][t]["cover"]["heroes"] == {} and st["heroes"]["malik"]["tray"] is None


def test_melee_only_on_engaged_tray():
    """KR-HACT-3: Malik's melee tile goes only on his own tray, compulsorily."""
    st = game()
    t, other = tray(st, "goblin_scouts", "H3"), tray(st, "goblin_scouts", "G3")
    engage(st, "malik", t, (0, 0))
    refused(apply_hero, st, 1, act("malik", facing="E", act="basic", placements=[T(other, (0, 0), (1, 0), (2, 0))]),
            reason="out_of_range")
    refused(apply_hero, st, 1, act("malik", facing="E", act="basic", placements=[]), reason="must_place")
    play(st, act("malik", facing="E", act="basic", placements=[T(t, (2, 1), (3, 1), (4, 1))]))
    assert tiles_on(st, t) == [[[2, 1], [3, 1], [4, 1]]]


def test_ranged_not_on_engaged_tray_and_facing():
    """KR-HACT-4, KR-HERO-8, KR-AMB-18: arrows from the facing, never the engaged tray."""
    st = game()
    own, ahead = tray(st, "goblin_scouts", "H3"), tray(st, "goblin_scouts", "F3")
    engage(st, "alleria", own, (3, 0))
    refused(apply_hero, st, 0, act("alleria", facing="W", act="basic", placements=[T(own, (1, 1), (2, 1))]),
            reason="out_of_range")
    refused(apply_hero, st, 0, act("alleria", facing="E", act="basic", placements=[T(ahead, (1, 1), (2, 1))]),
            reason="out_of_range")
    # facing W the tile 1x2 keeps the hero's frame: W vs the tray's E top edge = half turn
    play(st, act("alleria", facing="W", act="basic", placements=[T(ahead, (1, 1), (2, 1))]))
    assert tiles_on(st, ahead) == [[[1, 1], [2, 1]]]


def test_act_then_move_and_move_then_act():
    """KR-HERO-3, KR-AMB-15: either order; acting first from the engaged tray, then moving."""
    st = game()
    t = tray(st, "goblin_scouts", "H3")
    engage(st, "malik", t, (0, 0))
    play(st, act("malik", ["G3"], order="act_first", facing="E", act="basic",
                 placements=[T(t, (2, 1), (3, 1), (4, 1))]))
    assert st["heroes"]["malik"]["cell"] == "G3" and tiles_on(st, t)
    assert st["trays"][t]["cover"]["heroes"] == {}
    st2 = game()
    t2 = tray(st2, "goblin_scouts", "H3")
    stand(st2, "malik", "I3")
    play(st2, act("malik", ["H3"], facing="E", base=[0, 0], act="basic", placements=[T(t2, (2, 1), (3, 1), (4, 1))]))
    assert st2["trays"][t2]["cover"]["heroes"] == {"malik": [0, 0]}


def test_never_split_and_format():
    """KR-AMB-15: one path in one order; an unknown order or key is refused."""
    st = game()
    refused(apply_hero, st, 0, act("alleria", ["J3"], order="split"), reason="malformed")
    refused(apply_hero, st, 0, {**act("alleria", ["J3"]), "path2": ["I3"]}, reason="malformed")


def test_once_per_round_knocked_out_revived():
    """KR-HERO-1/2, KR-HPT-4/6."""
    st = game()
    play(st, act("alleria", ["J3"]))
    refused(apply_hero, st, 0, act("alleria", ["I3"]), reason="already_activated")
    refused(apply_hero, st, 0, act("malik", ["J3"]), reason="not_your_hero")
    st["heroes"]["malik"]["knocked_out"] = True
    refused(apply_hero, st, 1, act("malik", ["J3"]), reason="knocked_out")
    st["heroes"]["malik"].update(knocked_out=False, revived=True)
    refused(apply_hero, st, 1, act("malik", ["J3"]), reason="revived_this_round")


def test_recover_off_the_map():
    """KR-HACT-8, KR-AMB-47: full health and every ability face up, also from the board."""
    st = game()
    h = st["heroes"]["malik"]
    h["health"] = 2
    h["abilities"]["earthquake"] = False
    play(st, act("malik", act="recover"))
    assert h is not st["heroes"]["malik"] or True
    assert st["heroes"]["malik"]["health"] == 8 and all(st["heroes"]["malik"]["abilities"].values())
    assert st["heroes"]["malik"]["cell"] is None


def test_portal_never_targeted():
    """KR-HACT-5, KR-PRT-11."""
    st = game()
    p = tray(st, "minor_rift_a", "G3")
    stand(st, "alleria", "H3")
    refused(apply_hero, st, 0, act("alleria", facing="W", act="basic", placements=[T(p, (0, 1), (1, 1))]),
            reason="portal")
    play(st, act("alleria", facing="W", act="basic"))     # nothing else in range: nothing placed


def test_wildcat_first_move_and_activation():
    """KR-ALL-1/2/4, KR-AMB-34: placed in Alleria's square on her first move, then moves 2."""
    st = game()
    play(st, act("alleria", ["J3", "I3"]))
    assert st["heroes"]["wildcat"]["cell"] == "I3"
    t = tray(st, "goblin_scouts", "G3")
    refused(apply_hero, st, 0, act("wildcat", ["H3", "G3"], base=[0, 0], act="basic"), reason="no_action")
    refused(apply_hero, st, 0, act("wildcat", ["H3", "G3", "F3"]), reason="too_far")
    play(st, act("wildcat", ["H3", "G3"], base=[1, 1]))
    assert st["trays"][t]["cover"]["heroes"] == {"wildcat": [1, 1]}
    refused(apply_hero, st, 0, act("wildcat", ["H3"]), reason="already_activated")


def test_wildcat_summon_by_basic_attack():
    """KR-ALL-3/5, KR-AMB-35: a knocked-out wildcat returns to Alleria's square and cannot be
    activated that round; any damage knocks it out."""
    st = game()
    stand(st, "wildcat", "C3")
    damage_hero(st, "wildcat", 1, [], "test")
    assert st["heroes"]["wildcat"]["knocked_out"] and st["heroes"]["wildcat"]["cell"] is None
    stand(st, "alleria", "H3")
    play(st, act("alleria", facing="W", act="basic", choice={"summon": True}))
    w = st["heroes"]["wildcat"]
    assert w["cell"] == "H3" and not w["knocked_out"] and w["activated"]
    refused(apply_hero, st, 0, act("wildcat", ["G3"]), reason="already_activated")


def test_protection_blocks_damage():
    """KR-HPT-8, KR-HACT-7: a protected hero takes no damage."""
    st = game()
    stand(st, "malik", "E3")
    play(st, act("malik", act="ability", ability="cant_touch_this"))
    assert damage_hero(st, "malik", 3, [], "test") == 0 and st["heroes"]["malik"]["health"] == 8


def test_bench_hero_solo():
    """KR-SOLO-6..8, KR-AMB-49/50: placed anywhere it may stop, basic attack, once."""
    st = game(["malik"], bench=["ignus", "lilith"])
    t = tray(st, "goblin_scouts", "C3")
    play(st, act("ignus", ["C3"], base=[0, 0], facing="E", act="basic", placements=[T(t, (1, 2), (2, 2))]), seat=0)
    assert st["heroes"]["ignus"]["cell"] == "C3" and "ignus" not in st["solo"]["bench"]
    refused(apply_hero, st, 0, act("lilith", ["E3"], act="basic"), reason="bench_limit")


def test_refusal_leaves_state_unchanged():
    """KR-ACT-3: atomic; a late illegal part undoes the earlier ones."""
    st = game()
    t = tray(st, "goblin_scouts", "H3")
    stand(st, "malik", "I3")
    before = copy.deepcopy(st)
    refused(apply_hero, st, 1, act("malik", ["H3"], base=[0, 0], facing="E", act="basic",
                                   placements=[T(t, (2, 1), (3, 1), (4, 1)), T(t, (0, 3))]),
            reason="too_many")
    assert st == before


def test_suggestions_are_legal_random_positions():
    """Every suggestion passes apply_hero (seeded positions, all heroes)."""
    rnd = random.Random(5)
    cards = ["goblin_scouts", "orc_patrol", "goblin_mob", "shadow_ambush", "ogre_brute", "minor_rift_a", "bat_swarm"]
    pairs = [["alleria", "malik"], ["lilith", "ignus"], ["magnus", "alleria"], ["ignus", "magnus"]]
    roads = [f"{c}3" for c in "ABCDEFGHIJ"]
    total = 0
    for n in range(12):
        st = game(pairs[n % 4])
        for cell in rnd.sample(roads, 4):
            tray(st, rnd.choice(cards), cell)
        for figure in list(st["heroes"]):
            if rnd.random() < 0.6:
                stand(st, figure, rnd.choice(roads + ["B2", "D2", "F4"]))
                if st["heroes"][figure]["cell"] in {t["cell"] for t in st["trays"].values()}:
                    stand(st, figure, None)
            st["heroes"][figure]["health"] = max(1, st["heroes"][figure]["health"] - rnd.randint(0, 2))
        for seat in range(2):
            for a in suggest_hero_actions(st, seat):
                play(copy_state(st), a, seat)
                total += 1
    assert total > 50


def test_KR_SOLO_8_bench_hero_leaves_at_the_end_of_its_round_its_tiles_stay():
    """KR-SOLO-8: at the end of the round the bench hero is removed from the game (off the map,
    never called again); the tiles it placed stay on their tray."""
    from engine.kr.phases import end_round
    st = game(["malik"], bench=["ignus", "lilith"])
    t = tray(st, "goblin_scouts", "C3")
    play(st, act("ignus", ["C3"], base=[0, 0], facing="E", act="basic", placements=[T(t, (1, 2), (2, 2))]), seat=0)
    tiles = list(st["trays"][t]["cover"]["tiles"])
    events = []
    end_round(st, events)
    assert st["heroes"]["ignus"]["cell"] is None and st["heroes"]["ignus"]["out"]
    assert "ignus" not in st["trays"][t]["cover"]["heroes"]
    assert st["trays"][t]["cover"]["tiles"] == tiles
    assert "bench_hero_left" in [e.kind for e in events]


def test_KR_HPT_6_revived_hero_cannot_act_that_round_but_can_the_next():
    """KR-HPT-5/6, KR-HERO-2: revival at the start of phase 2 marks the hero revived; it is
    refused as revived_this_round; after the round it acts normally."""
    from engine.kr.phases import end_round, knock_out, start_phase2
    st = game()
    knock_out(st, "malik", [])
    start_phase2(st, [])
    assert st["heroes"]["malik"]["revived"]
    refused(apply_hero, st, 1, act("malik", act="recover"), reason="revived_this_round")
    end_round(st, [])
    assert not st["heroes"]["malik"]["revived"]
