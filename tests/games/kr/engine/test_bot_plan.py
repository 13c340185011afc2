"""The bot's longer view (engine/kr/bot_plan.py, engine/kr/bot.py ``choose``): passing towers
to upgrade them (KR-PASS-1..5) towards the level a portal needs (KR-PRT-4), aiming at portals
(KR-PRT-5/7/14), buying for the damage types the map needs (KR-BUY-2..5, KR-DMG-3/4) and
casting spells."""
from engine.kr import GAME, bot, bot_plan
from engine.kr.content import TOWERS
from engine.kr.hordegrid import covered_mask
from engine.kr.state import geo, grid
from tests.games.kr.engine.kr_phase_fixtures import tray
from tests.games.kr.engine.kr_rules_fixtures import card_where
from tests.games.kr.engine.kr_spell_fixtures import spell_game
from tests.games.kr.engine.kr_tower_fixtures import game


def portal(level: int) -> str:
    return card_where(lambda cid, g: g.portal_level == level, kind="portal")


def portal_in_reach(st: dict, card: str, level: int) -> tuple[str, str]:
    """A road square and a site from which ``card`` reaches it with some facing."""
    g = geo(st)
    for site in g.sites_for(len(st["seats"])):
        for cell in sorted(g.road):
            st2 = {**st, "trays": {}}
            tid = tray(st2, portal(level), cell)
            if any(tid in bot.targets(st2, site.cell, f, a) for f in "NESW" for a in TOWERS[card]["attacks"]):
                return cell, site.cell
    raise LookupError("no square in reach")


def test_KR_PASS_2_KR_PRT_4_a_portal_above_every_team_card_makes_the_bot_pass_for_an_upgrade():
    """Rift B (level 2) on the map, only level-1 cards in the team: seat 0 passes its card
    to a team-mate (KR-PASS-1), who receives the level-2 card (KR-PASS-2)."""
    st = game("twin_gates", hands=(["archer_1"], ["mage_1"]))
    tray(st, portal(2), sorted(geo(st).road)[0])
    assert bot_plan.portal_level_needed(st) == 2
    action = GAME.bot_action(st, 0)
    assert action["type"] == "pass" and action["card"] == "archer_1" and action["to"] == 1
    after, _ = GAME.apply(st, 0, action)
    assert after["seats"][1]["pending"] == ["archer_2"]


def test_KR_PASS_1_a_card_with_nothing_to_attack_is_passed_to_be_upgraded():
    """No tray on the map: rather than keep an idle card, the bot upgrades it by passing."""
    st = game("farrinken_valley", hands=(["archer_1"], []))
    action = GAME.bot_action(st, 0)
    assert action == {"type": "pass", "card": "archer_1", "to": 1, "variant": None}


def test_KR_SOLO_9_solo_passes_go_to_ones_own_pending_slot():
    st = game("farrinken_valley", heroes=["alleria"], hands=(["archer_1"],), solo=True)
    st, _ = GAME.apply(st, 0, GAME.bot_action(st, 0))       # the excluded colour first (KR-SOLO-3)
    action = GAME.bot_action(st, 0)
    assert action["type"] == "pass" and action["to"] == 0


def test_KR_PASS_4_a_card_at_the_level_cap_is_not_passed_for_nothing():
    """Scenario 1 caps towers at level 2: an idle archer_2 cannot be upgraded, so it stays."""
    st = game("farrinken_valley", hands=(["archer_2"], []))
    assert bot_plan.idle_pass(st, 0, {}) is None
    assert GAME.bot_action(st, 0)["type"] != "pass"


def test_KR_PRT_5_KR_PRT_14_the_bot_aims_at_a_portal_it_can_close():
    """A level-2 mage in reach of Rift A (level 2): the portal build puts its tile on the
    portal, and its value counts the tower turned face down (KR-PRT-5/10)."""
    st = game("twin_gates", hands=(["mage_2"], []))
    cell, site = portal_in_reach(st, "mage_2", 2)
    tid = tray(st, portal(2), cell)
    got = bot.portal_suggestions(st, 0)
    assert got, "a portal build is suggested"
    value, action = max(got, key=lambda b: b[0])
    assert any(p["tray"] == tid for attack in action["attacks"] for p in attack)
    after, _ = GAME.apply(st, 0, action)
    assert after["sites"][action["site"]][0]["face_down"] is True


def test_KR_PRT_7_a_portal_build_is_worth_more_when_it_closes_the_portal():
    st = game("twin_gates", hands=(["mage_2"], []))
    cell, _site = portal_in_reach(st, "mage_2", 2)
    tid = tray(st, portal(2), cell)
    open_value = max(v for v, _ in bot.portal_suggestions(st, 0))
    g = grid(st["trays"][tid]["card"])
    # cover every portal enemy but one: the next tile closes it
    last = g.enemies[-1]
    st["trays"][tid]["cover"]["tiles"] = [{"cells": [list(c)], "damage": "true", "source": "test"}
                                          for e in g.enemies[:-1] for c in e.cells]
    assert covered_mask(g, st["trays"][tid]["cover"]) & last.mask == 0
    closing = [v for v, a in bot.portal_suggestions(st, 0)
               if any(p["tray"] == tid and any(tuple(c) in last.cells for c in p["cells"])
                      for attack in a["attacks"] for p in attack)]
    assert closing and max(closing) > open_value + bot.PORTAL_CLOSED // 2


def test_KR_BUY_4_KR_DMG_3_purchases_follow_the_damage_type_the_map_needs():
    """Brigands (physical-resistant) on the map and a team of physical towers: the first
    tower bought is a mage (magic), L2 before L1 (KR-BUY-4)."""
    st = game("twin_gates", hands=(["archer_1"], ["artillery_1"]))
    brigands = card_where(lambda cid, g: sum(e.defence == "physical" for e in g.enemies) >= 2)
    tray(st, brigands, sorted(geo(st).road)[0])
    st["crystals"] = 3
    plan = bot_plan.purchase_plan(st)
    assert plan and plan[0]["card"] == "mage_2"


def test_KR_BUY_5_magic_resistant_enemies_ask_for_physical_towers():
    """Seat 0 holds one tower of each physical family, so buying by family alone would give it
    a mage; shamans (magic-resistant) on the map ask for physical damage instead."""
    st = game("twin_gates", hands=(["archer_1", "artillery_1", "barracks_1"], ["mage_1", "mage_1", "mage_1"]))
    shamans = card_where(lambda cid, g: sum(e.defence == "magic" for e in g.enemies) >= 2)
    tray(st, shamans, sorted(geo(st).road)[0])
    st["crystals"] = 3
    plan = bot_plan.purchase_plan(st)
    assert plan and TOWERS[plan[0]["card"]]["damage"] == "physical"


def test_KR_SPL_4_the_bot_casts_a_spell_when_no_tower_covers_an_enemy():
    st = spell_game("rift_citadel", spells=["rain_of_fire"], hands=([], []))
    plain = card_where(lambda cid, g: not g.icons and all(e.defence is None and not e.large for e in g.enemies))
    tray(st, plain, sorted(geo(st).road)[0])
    action = GAME.bot_action(st, 0)
    assert action["type"] == "spell" and action["spell"] == "rain_of_fire"
