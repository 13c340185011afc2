"""Rule-by-rule tests of hero actions and spells for rule IDs the older tests did not name,
and the spec's worked examples as tests of their own: KR-HACT-1, KR-HERO-13, KR-AMB-58,
KR-SPL-11, KR-MAG-5 (example), KR-SPL-10 (example).

farrinken_valley: road A3..J3 eastwards, entry J3, sites on rows 2 and 4 (kr_hero_fixtures)."""
from __future__ import annotations

from tests.games.kr.engine.kr_hero_fixtures import T, act, auto, engage, game, play, refused, stand, tray
from tests.games.kr.engine.kr_rules_fixtures import base_spot, card_where, enemy_cells, plain
from tests.games.kr.engine.kr_spell_fixtures import cast, run, spell_game

from engine.kr.content import HEROES, SHAPES, TOWERS
from engine.kr.heroes import apply_hero
from engine.kr.hordegrid import empty_cover, hero_cells, hero_placements
from engine.kr.phases import damage_hero
from engine.kr.shapes import shape
from engine.kr.state import grid
from engine.kr.towers import pass_tower

PLAIN = card_where(plain)


def ability(figure: str, name: str, path: list | None = None, **kw) -> dict:
    return act(figure, path, act="ability", ability=name, **kw)


# --- KR-HACT-1 --------------------------------------------------------------------------------

def test_KR_HACT_1_one_action_basic_or_ability_or_recover():
    """KR-HACT-1: the hero's one action is exactly one of its basic attack, one face-up ability
    or recover: anything else is refused, recover takes no placements, and the hero card is
    then on the board so no second action follows this round."""
    st = game(["alleria", "malik"])
    t = tray(st, PLAIN, "H3")
    engage(st, "malik", t, base_spot(grid(PLAIN)))
    for bad in ("attack", ["basic", "recover"], "ability_and_basic"):
        refused(apply_hero, st, 1, act("malik", act=bad), reason="malformed")
    free = [c for c in enemy_cells(grid(PLAIN))
            if c not in set(hero_cells(base_spot(grid(PLAIN))))]
    refused(apply_hero, st, 1, act("malik", act="recover", placements=[T(t, free[0])]),
            reason="unused_placements")
    refused(apply_hero, st, 1, act("malik", act="ability", ability="no_such"), reason="no_such_ability")
    play(st, auto(st, act("malik", facing="E", act="basic")))
    assert st["heroes"]["malik"]["activated"]
    refused(apply_hero, st, 1, act("malik", act="recover"), reason="already_activated")


# --- KR-HERO-13 -------------------------------------------------------------------------------

def test_KR_HERO_13_heroes_cannot_affect_bosses():
    """KR-HERO-13 (KR-HACT-5, KR-BOSS-3): a hero may not end its move on a boss (no engaging
    it) and its attacks may not target a boss; a normal horde beside it may be engaged."""
    boss = card_where(lambda c, g: True, kind="boss")
    st = game(["alleria", "malik"])
    b = tray(st, boss, "H3")
    stand(st, "alleria", "I3")
    refused(apply_hero, st, 0, act("alleria", ["H3"], base=[0, 0]), reason="boss")
    refused(apply_hero, st, 0, act("alleria", facing="W", act="basic", placements=[T(b, (1, 1))]),
            reason="boss")
    assert st["trays"][b]["cover"] == {"tiles": [], "soldiers": [], "heroes": {}}
    h = tray(st, PLAIN, "G3")
    stand(st, "malik", "F3")
    play(st, act("malik", ["G3"], base=list(base_spot(grid(PLAIN)))))
    assert st["heroes"]["malik"]["tray"] == h


# --- KR-AMB-58 --------------------------------------------------------------------------------

def test_KR_AMB_58_hero_attacks_use_the_printed_damage_type_bases_are_true():
    """KR-AMB-58: a hero's tiles carry the damage type printed for that attack (Malik's basic
    attack, Magnus's Mirage, Ignus's basic attack); an engaged base deals true damage, so it
    may cover a physical-resistant enemy."""
    st = game(["alleria", "malik"])
    t = tray(st, PLAIN, "H3")
    engage(st, "malik", t, base_spot(grid(PLAIN)))
    play(st, auto(st, act("malik", facing="E", act="basic")))
    assert {x["damage"] for x in st["trays"][t]["cover"]["tiles"]} == {HEROES["malik"]["basic"]["damage"]}

    st = game(["alleria", "ignus"])
    t = tray(st, PLAIN, "H3")
    engage(st, "ignus", t, base_spot(grid(PLAIN)))
    play(st, auto(st, act("ignus", facing="E", act="basic")))
    assert {x["damage"] for x in st["trays"][t]["cover"]["tiles"]} == {HEROES["ignus"]["basic"]["damage"]}

    st = game(["magnus", "malik"])
    t = tray(st, PLAIN, "G3")
    stand(st, "magnus", "H3")
    play(st, auto(st, ability("magnus", "mirage")))
    mirage = next(a for a in HEROES["magnus"]["abilities"] if a["id"] == "mirage")
    assert {x["damage"] for x in st["trays"][t]["cover"]["tiles"]} == {mirage["damage"]} == {"magic"}

    armoured = card_where(lambda c, g: any(e.defence == "physical" and not e.large for e in g.enemies)
                          and not g.icons and not g.deadly and not g.uncoverable)
    g = grid(armoured)
    st = game(["alleria", "malik"])
    t = tray(st, armoured, "H3")
    stand(st, "malik", "I3")
    spot = next(s for s in _bases(g) if set(hero_cells(s)) & set(enemy_cells(g, "physical")))
    play(st, act("malik", ["H3"], base=list(spot)))
    assert st["trays"][t]["cover"]["heroes"] == {"malik": list(spot)}


def _bases(g) -> list:
    return [tuple(s) for s in hero_placements(g, empty_cover())]


# --- spells -----------------------------------------------------------------------------------

def test_KR_SPL_11_spell_tiles_are_any_tile_of_the_shape_in_any_orientation():
    """KR-SPL-11 (KR-AMB-19): a spell has no tile set of its own: Rain of Fire's 1x2 is a plain
    two-square tile of the shape shown, placed lying either way on the card."""
    assert len(SHAPES["1x2"]) == 2
    for cells in (((1, 0), (2, 0)), ((0, 1), (0, 2))):
        st = spell_game(spells=["rain_of_fire"])
        t = tray(st, PLAIN, "D2")
        one = next(c for c in enemy_cells(grid(PLAIN)) if c not in cells)
        run(st, 0, cast("rain_of_fire", T(t, *cells), T(t, one)))
        placed = [shape(x["cells"]) for x in st["trays"][t]["cover"]["tiles"]]
        assert shape(cells) in placed and len(placed) == 2


# --- worked examples ------------------------------------------------------------------------

def test_KR_MAG_5_example_magnus_copies_cant_touch_this_and_is_protected_himself():
    """KR-MAG-5 (worked example; KR-MAG-4, KR-AMB-44): Magnus copies Malik's Can't Touch This:
    Magnus, not Malik, gains protection until the end of the round, though the text says
    "Malik"; Malik's own ability stays face up; Magnus's Knowledge is Power is used."""
    st = game(["magnus", "malik"])
    stand(st, "magnus", "H3")
    stand(st, "malik", "F3")
    play(st, ability("magnus", "knowledge_is_power", choice={"copy": "cant_touch_this"}))
    assert st["heroes"]["magnus"]["protected"] is True
    assert st["heroes"]["malik"]["protected"] is False
    assert st["heroes"]["malik"]["abilities"]["cant_touch_this"] is True
    assert st["heroes"]["magnus"]["abilities"]["knowledge_is_power"] is False
    hp = st["heroes"]["magnus"]["health"]
    assert damage_hero(st, "magnus", 1, [], "test") == 0 and st["heroes"]["magnus"]["health"] == hp


def test_KR_SPL_10_example_hand_of_midas_turns_an_l1_archer_into_the_l3():
    """KR-SPL-10 (worked example; KR-SPL-9): Hand of Midas on an L1 Archer Tower gives the
    recipient the L3 Sharpshooter, not the L2 Marksmen; a plain pass gives the L2."""
    st = spell_game(spells=["hand_of_midas"], hands=(["archer_1", "archer_1"], []))
    run(st, 0, cast("hand_of_midas", **{"pass": {"card": "archer_1", "to": 1, "variant": None}}))
    assert st["seats"][1]["pending"] == ["archer_3"]
    pass_tower(st, 0, {"type": "pass", "card": "archer_1", "to": 1}, [])
    assert st["seats"][1]["pending"] == ["archer_3", "archer_2"]
    assert [TOWERS[c]["level"] for c in st["seats"][1]["pending"]] == [3, 2]
    assert {TOWERS[c]["family"] for c in st["seats"][1]["pending"]} == {"archer"}
