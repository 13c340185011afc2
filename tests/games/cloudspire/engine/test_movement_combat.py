"""Movement, spires firing, attacks, damage, retaliation, groups, heroes and rewards."""
import pytest

from engine.cloudspire import GAME, combat as C, phases as P, movement as M, game as G
from engine.cloudspire.scenario import Scenario
from tests.games.cloudspire.engine.cs_helpers import put_unit, put_spire, put_landmark, make_sandbox

B, GR = 0, 1


def opts(st, uid):
    mode, o, dist, d0 = M.minion_options(st, st["units"][uid])
    return mode, sorted(o)


def test_minion_must_use_full_move_and_progress_cs_mov_6_9():
    """CS-MOV-6, CS-MOV-9, CS-AMB-16, CS-MOV-8, CS-MAP-11: exact-length paths that end closer."""
    sc = Scenario.sandbox().unit(B, "slinger", "5,-2", name="u")
    st = sc.build()
    mode, o = opts(st, sc["u"])
    assert mode == "progress" and o == ["3,-1"]
    dist = M.mark_distances(st, GR, 0)
    assert dist["3,-1"] < dist["5,-2"]


def test_owner_chooses_among_progress_hexes_cs_mov_16():
    """CS-MOV-16, CS-MOV-9: several full-move progressing hexes are all offered."""
    st = make_sandbox()
    u = put_unit(st, B, "slinger", "3,-1")
    assert opts(st, u) == ("progress", ["1,0", "1,1"])


def test_blocking_and_partial_move_cs_mov_10():
    """CS-MOV-10, CS-MOV-4, CS-GEN-6: other units block; the minion uses as much move as it can."""
    sc = Scenario.sandbox().unit(B, "warmonger", (3, -1)).unit(B, "slinger", (5, -2), name="u")
    assert opts(sc.build(), sc["u"]) == ("progress", ["4,-1"])


def test_sidestep_when_no_progress_cs_mov_12():
    """CS-MOV-12, CS-AMB-17, CS-AMB-18: no progress possible -> stay or equal-distance hexes."""
    st = make_sandbox()
    put_unit(st, GR, "war_briar", "4,-1")  # enemy blocks the only corridor
    u = put_unit(st, B, "slinger", "5,-2")
    mode, o = opts(st, u)
    assert mode == "sidestep" and "" in o
    dist = M.mark_distances(st, GR, 0)
    assert all(dist[h] == dist["5,-2"] for h in o if h)


def test_swap_with_friendly_hero_cs_mov_11():
    """CS-MOV-11, CS-AMB-19: a minion may pass a friendly hero, which takes the hex it left."""
    sc = Scenario.sandbox().unit(B, "awsh", "4,-1", name="hero").unit(B, "slinger", "5,-2", name="u")
    st, hero, u = sc.build(), sc["hero"], sc["u"]
    mode, o, dist, d0 = M.minion_options(st, st["units"][u])
    assert "3,-1" in o
    M.apply_minion_path(st, st["units"][u], o["3,-1"])
    assert st["units"][u]["pos"] == "3,-1" and st["units"][hero]["pos"] == "5,-2"


def test_no_swap_into_the_gate_when_deploying_cs_mov_11():
    """CS-MOV-11 puts the swapped hero on the hex the minion just left; for a minion deploying
    from the stack that hex is its gate, where no unit may stand (CS-MOV-4, CS-AMB-22), so
    the swap is not legal (CS-AMB-19): the friendly hero on the gate's only exit blocks, and
    the minion stays in the stack (CS-AMB-21) rather than sending the hero anywhere."""
    st = make_sandbox()
    u = put_unit(st, B, "slinger", None)
    hero = put_unit(st, B, "awsh", "6,-2")  # the only exit of Brawnen's gate 7,-2
    assert M.minion_paths(st, st["units"][u]) == {1: {}, 2: {}}
    assert opts(st, u) == ("sidestep", [""])
    with pytest.raises(AssertionError):
        M.apply_minion_path(st, st["units"][u], ["6,-2"])
    assert st["units"][hero]["pos"] == "6,-2"


def test_enemy_hero_is_not_swapped_cs_mov_10():
    """CS-MOV-10: enemy heroes block like any unit."""
    st = make_sandbox()
    put_unit(st, GR, "dywen", "4,-1")
    u = put_unit(st, B, "slinger", "5,-2")
    assert opts(st, u)[0] == "sidestep"


def test_group_moves_with_top_stats_cs_mov_7_grp_1():
    """CS-MOV-7, CS-GRP-1, CS-PREP-7: a group uses the top minion's move."""
    st = make_sandbox()
    u = put_unit(st, B, "slinger", "5,-2", members=["warmonger"])
    assert opts(st, u) == ("progress", ["3,-1"])  # move 2, not Warmonger's 3


def test_deploy_from_gate_costs_one_cs_mov_3():
    """CS-MOV-3, CS-AMB-20, CS-AMB-21, CS-PREP-10: stack units enter from the gate hex."""
    st = make_sandbox()
    u = put_unit(st, B, "slinger", None)
    assert opts(st, u) == ("progress", ["5,-2"])
    put_unit(st, GR, "war_briar", "6,-2")  # blocks the only exit
    mode, o = opts(st, u)
    assert mode == "sidestep" and o == [""]


def test_lead_minion_is_closest_to_mark_cs_mov_1():
    """CS-MOV-1, CS-MOV-2, CS-AMB-20: the lead minion is the unmoved one closest to the mark."""
    st = make_sandbox()
    far = put_unit(st, B, "slinger", "5,-2")
    near = put_unit(st, B, "bruiser", "3,-1")
    put_unit(st, B, "warmonger", None)
    cands = P.lead_candidates(st, B)
    assert [u["id"] for u in cands] == [near]


def test_hero_moves_freely_and_never_enters_gates_cs_mov_5():
    """CS-MOV-5, CS-MOV-4, CS-MAP-10, CS-AMB-22, CS-MAP-5: heroes move within allowance,
    never into gates, fortress wells or occupied hexes."""
    st = make_sandbox()
    h = put_unit(st, B, "awsh", "6,-2")
    dests = M.hero_destinations(st, st["units"][h])
    assert "7,-2" not in dests and "8,-3" not in dests and "7,-1" not in dests
    assert "6,-3" in dests  # forest within Awsh's forest allowance
    assert all(st["map"]["hexes"][x]["t"] in "plf" for x in dests)


def test_minion_moves_into_spire_range_cs_mov_13():
    """CS-MOV-13: the minion must progress even into an enemy spire's range."""
    st = make_sandbox()
    put_spire(st, GR, "shrubbery", "0,0", "af")
    u = put_unit(st, B, "slinger", "3,-1")
    assert opts(st, u) == ("progress", ["1,0", "1,1"])


def test_spire_fire_targets_and_policies_cs_fire_1_2_3():
    """CS-FIRE-1, CS-FIRE-2, CS-FIRE-3, CS-AMB-32, CS-FIRE-5: only the active player's units
    in range; the owner's standing policy chooses."""
    sc = (Scenario.sandbox()
          .spire(GR, "reetall", "0,0", "ar", name="s")  # range 2
          .unit(B, "slinger", "1,0", health=3, name="a")
          .unit(B, "awsh", "2,0", health=1, name="b")
          .landmark("scarab", "1,1", revealed=True)
          .unit(GR, "war_briar", "-1,0"))
    st, s, a, b = sc.build(), sc["s"], sc["a"], sc["b"]
    t = C.spire_targets(st, st["spires"][s], B)
    assert sorted(t) == sorted([a, b])
    assert C.choose_spire_target(st, st["spires"][s], t) == b  # lowest_health
    st["players"][GR]["policy"]["spire"] = "heroes_first"
    assert C.choose_spire_target(st, st["spires"][s], t) == b
    st["players"][GR]["policy"]["spire"] = "nearest_gate"
    assert C.choose_spire_target(st, st["spires"][s], t) == a
    st["units"][b]["hp"] = 3
    st["players"][GR]["policy"]["spire"] = "heroes_first"
    assert C.choose_spire_target(st, st["spires"][s], t) == b


def test_spire_with_no_attack_chips_does_not_fire_cs_amb_32():
    """CS-AMB-32, CS-SPR-3: attack = number of attack chips."""
    st = make_sandbox()
    s = put_spire(st, GR, "reetall", "0,0", "rf")
    put_unit(st, B, "slinger", "1,0")
    assert C.spire_targets(st, st["spires"][s], B) == []


def test_manual_spire_policy_prompts_owner_cs_fire_1():
    """CS-FIRE-1 (owner chooses), Information and decisions: a 'manual' policy yields a
    reaction prompt to the spire owner during the other player's turn; timeout picks one."""
    st = (Scenario.sandbox().player(GR, policy={"spire": "manual"})
          .spire(GR, "reetall", "0,0", "ar").unit(B, "slinger", "1,0").unit(B, "bruiser", "1,-1")
          .turn(step="c").build())
    st, _ = GAME.apply(st, B, {"type": "next"})
    pr = GAME.prompts(st)
    assert pr[0].seat == GR and pr[0].kind == "reaction" and pr[0].key == "cloudspire.prompt.fire"
    act = GAME.timeout_action(st, GR)
    assert act in GAME.legal_actions(st, GR)
    st, evs = GAME.apply(st, GR, act)
    assert any(e.kind == "spire_fire" for e in evs)


def test_spire_kill_reward_no_level_up_cs_fire_4_7():
    """CS-FIRE-4, CS-FIRE-6, CS-FIRE-7, CS-GRP-2, CS-GRP-3, CS-RET-6, CS-AMB-6: dice total as
    damage, leftover lost, next group member activates, owner rewarded, no retaliation."""
    sc = (Scenario.sandbox().spire(GR, "reetall", "0,0", "aar", name="s")
          .unit(B, "slinger", "1,0", health=1, group=["warmonger"], name="u")
          .spire_dice(2, 2))
    st, s, u = sc.build(), sc["s"], sc["u"]
    evs = []
    C.fire_spire(st, s, u, evs)
    assert st["units"][u]["type"] == "warmonger" and st["units"][u]["hp"] == 3
    assert st["players"][GR]["source"] == 3
    assert not any(e.kind == "retaliation" for e in evs)


def test_minion_must_attack_hero_may_not_cs_atk_3_4():
    """CS-ATK-1, CS-ATK-2, CS-ATK-3, CS-ATK-4: minions with a target must attack; heroes choose."""
    st = make_sandbox()
    m = put_unit(st, B, "warmonger", "1,0")
    h = put_unit(st, B, "awsh", "2,0")
    put_unit(st, GR, "war_briar", "1,1")
    put_unit(st, GR, "dywen", None)
    st["turn"]["step"] = "attack"
    legal = G.legal_actions(st, B)
    assert {"type": "next"} not in legal
    st, _ = GAME.apply(st, B, {"type": "atk", "unit": m, "at": "1,1"})
    assert {"type": "next"} in GAME.legal_actions(st, B)


def test_range_talent_attacks_and_retaliates_at_range_cs_atk_7():
    """CS-ATK-7, CS-RET-1, CS-RET-2, CS-AMB-5: '# Range' attacks and retaliates at range;
    out-of-range attacks do not use up retaliation."""
    st = make_sandbox()
    sl = put_unit(st, B, "slinger", "1,0")
    far = put_unit(st, GR, "dywen", "-1,0", up={"a": 0, "f": 0, "r": 0})
    near = put_unit(st, GR, "war_briar", "0,1")
    assert "-1,0" in C.unit_targets(st, st["units"][sl])
    st["turn"]["seat"] = GR
    evs = []
    C.do_attack(st, far, "1,0", evs)  # Dywen from 2 hexes: the Slinger has 2 Range -> retaliates
    assert any(e.kind == "retaliation" for e in evs)
    evs = []
    C.do_attack(st, near, "1,0", evs)  # already retaliated this turn
    assert not any(e.kind == "retaliation" for e in evs)


def test_retaliation_rules_cs_ret_1_3_5():
    """CS-RET-1, CS-RET-3, CS-RET-5, CS-GEN-7: once per turn, reset each turn; not an attack."""
    st = make_sandbox()
    t = put_unit(st, GR, "war_briar", "1,1")
    a1 = put_unit(st, B, "bruiser", "1,0")
    a2 = put_unit(st, B, "warmonger", "2,0")
    evs = []
    C.do_attack(st, a1, "1,1", evs)
    assert st["units"][a1]["hp"] == 3 and any(e.kind == "retaliation" for e in evs)
    evs = []
    C.do_attack(st, a2, "1,1", evs)
    assert not any(e.kind == "retaliation" for e in evs)
    assert t not in st["turn"]["attacked"]  # retaliation did not use the target's attack
    P.begin_turn(st, GR, [])
    assert st["turn"]["retaliated"] == []


def test_no_attack_stat_no_retaliation_cs_ret_4():
    """CS-RET-4, CS-AMB-36: the Scarab (no attack) never retaliates; landmarks never act."""
    st = make_sandbox()
    put_landmark(st, "scarab", "1,1")
    a = put_unit(st, B, "bruiser", "1,0")
    evs = []
    C.do_attack(st, a, "1,1", evs)
    assert st["units"][a]["hp"] == 4 and not any(e.kind == "retaliation" for e in evs)


def test_endless_retaliation_and_tough_cs_ret_10():
    """CS-RET-10, CS-RET-11: roll until blank or 2; Tough caps retaliation taken at 2."""
    sc = (Scenario.sandbox().landmark("hydra", "1,1", revealed=True)
          .unit(B, "bruiser", "1,0", name="a").unit(GR, "treehead_elk", "2,0", name="e")
          .spire_dice(1, 1, 0)      # the first retaliation: 1+1+0
          .dice([2, 2, 3, 5]))      # the second, as raw draws: faces 1,1,1,2 = 5 -> Tough -> 2
    st, a, e = sc.build(), sc["a"], sc["e"]
    evs = []
    C.do_attack(st, a, "1,1", evs)
    assert st["units"][a]["hp"] == 2  # 1+1+0
    st["turn"]["retaliated"] = []
    evs = []
    C.do_attack(st, e, "1,1", evs)
    assert st["units"][e]["hp"] == 2


def test_gate_attack_and_gate_retaliation_cs_atk_8():
    """CS-ATK-8, CS-RET-8, CS-AMB-7, CS-DMG-3, CS-WIN-1: the gate loses health, always hits
    back for 1 (even when broken); breaking it ends a 2-player game."""
    sc = Scenario.sandbox().player(GR, gate=2).unit(B, "bonebreaker", "-6,4", name="a")  # siege: 3 damage
    st, a = sc.build(), sc["a"]
    evs = []
    C.do_attack(st, a, "-7,4", evs)
    assert st["players"][GR]["gate"] == 0
    assert st["units"][a]["hp"] == 3
    assert st["result"]["winners"] == [B] and st["phase"] == "over"
    r = GAME.result(st)
    assert r.winners == [B] and r.reason == "gate_broken"


def test_gate_retaliation_kill_rewards_owner_cs_amb_7():
    """CS-AMB-7, CS-RET-9: the gate owner collects the reward, no level-up."""
    st = make_sandbox()
    a = put_unit(st, B, "warmonger", "-6,4", hp=1)
    C.do_attack(st, a, "-7,4", [])
    assert a not in st["units"] and st["players"][GR]["source"] == 2


def test_spire_damage_chip_rules_cs_spr_7_8():
    """CS-SPR-7, CS-SPR-8, CS-SPR-9, CS-SPR-10, CS-RWD-4: one chip per attack; fortification
    bottom needs 2+; destroyed spire -> barracks, reward, killer hero levels up."""
    sc = Scenario.sandbox().spire(GR, "shrubbery", "0,0", "af", name="s").unit(B, "warmonger", "1,0", name="w")
    st, s, w = sc.build(), sc["s"], sc["w"]
    assert st["players"][GR]["spire_bar"]["shrubbery"] == 1  # built from the spire barracks
    evs = []
    C.do_attack(st, w, "0,0", evs)
    assert st["spires"][s]["chips"] == ["a", "f"] and not any(e.kind == "retaliation" for e in evs)
    h = put_unit(st, B, "grimjaw", "1,-1")  # attack 2
    C.do_attack(st, h, "0,0", [])
    assert st["spires"][s]["chips"] == ["a"]
    st["turn"]["attacked"] = []
    h2 = put_unit(st, B, "awsh", "0,-1")
    C.do_attack(st, h2, "0,0", [])
    assert s not in st["spires"] and st["players"][GR]["spire_bar"]["shrubbery"] == 2
    assert st["players"][B]["source"] == 2 and st["units"][h2]["up"]["a"] == 1


def test_hero_fortification_absorbs_one_point_cs_dmg_2():
    """CS-DMG-1, CS-DMG-2, CS-HERO-6, CS-AMB-9: one fortification chip absorbs 1 point."""
    st = make_sandbox()
    h = put_unit(st, B, "grimjaw", "1,0", up={"a": 0, "f": 2, "r": 0})
    C.damage_unit(st, st["units"][h], 3)
    assert st["units"][h]["hp"] == 3 and st["units"][h]["up"]["f"] == 1


def test_non_attack_damage_no_retaliation_cs_dmg_4():
    """CS-DMG-4, CS-RET-7, CS-AMB-8: Impale is not an attack; its owner collects the reward."""
    st = make_sandbox()
    wb = put_unit(st, GR, "war_briar", "1,1")
    v = put_unit(st, B, "slinger", "1,0", hp=1)
    evs = []
    P.after_move(st, st["units"][wb], evs)
    assert v not in st["units"] and st["players"][GR]["source"] == 3
    assert not any(e.kind == "retaliation" for e in evs)


def test_toxic_fumes_landmark_damage_no_reward_cs_amb_8():
    """CS-AMB-8, CS-EXP-6, CS-AMB-35: revealed Toxic Fumes hurts; face-down talents are inactive."""
    st = make_sandbox()
    put_landmark(st, "scarab", "1,1", revealed=False)
    u = put_unit(st, B, "bruiser", "1,0")
    P.after_move(st, st["units"][u], [])
    assert st["units"][u]["hp"] == 4
    for l in st["landmarks"].values():
        l["revealed"], l["hp"] = True, 4
    P.after_move(st, st["units"][u], [])
    assert st["units"][u]["hp"] == 3 and st["players"][GR]["source"] == 0


def test_level_up_promotion_cs_hero_2_5():
    """CS-HERO-2, CS-HERO-3, CS-HERO-4, CS-HERO-5, CS-HERO-7, CS-AMB-10, CS-AMB-11, CS-AMB-12."""
    st = make_sandbox()
    h = put_unit(st, B, "awsh", "1,0")
    u = st["units"][h]
    C.level_up(st, h, [])
    assert u["up"]["a"] == 1
    assert C.levelup_options(st, u) == ["flip", "none"]
    u["hp"] = 1
    C.level_up(st, h, [])
    assert u["side"] == "promoted" and u["up"]["a"] == 0 and u["hp"] == 2
    C.level_up(st, h, []); C.level_up(st, h, [])
    assert u["up"]["a"] == 2
    C.level_up(st, h, [])
    assert u["up"]["a"] == 2 and u["hp"] <= 4
    d = put_unit(st, B, "boneseer", "2,0")
    assert "r" in C.levelup_options(st, st["units"][d])  # range only with a '# Range' talent
    assert "r" not in C.levelup_options(st, st["units"][put_unit(st, B, "grimjaw", "1,-1")])


def test_manual_level_up_prompt_cs_ret_9():
    """CS-RET-9, CS-AMB-11: an off-turn level-up asks the owner when their policy is manual."""
    sc = (Scenario.sandbox().player(GR, policy={"levelup": "manual"})
          .unit(GR, "dywen", "1,1", name="dy").unit(B, "warmonger", "1,0", health=1, name="w")
          .unit(B, "bruiser")  # in the stack: the wave goes on
          .turn(step="attack"))
    st, dy, w = sc.build(), sc["dy"], sc["w"]
    st, evs = GAME.apply(st, B, {"type": "atk", "unit": w, "at": "1,1"})
    pr = GAME.prompts(st)[0]
    assert pr.seat == GR and pr.key == "cloudspire.prompt.levelup"
    st, _ = GAME.apply(st, GR, {"type": "lvl", "unit": dy, "choice": "r"})
    assert st["units"][dy]["up"]["r"] == 1


def test_defeated_hero_removed_minion_to_barracks_cs_hero_8_rwd_4():
    """CS-HERO-8, CS-RWD-1, CS-RWD-2, CS-RWD-4, CS-AMB-43: heroes leave the game (equipment
    discarded), faction minions return to the barracks, mercenaries are discarded."""
    sc = (Scenario.sandbox()
          .unit(GR, "dywen", "1,1", health=1, equipment=["longbow"], name="h")
          .unit(GR, "war_briar", "0,1", health=1, name="m")  # out of the barracks (2 -> 1)
          .unit(GR, "sellsword", "-1,1", health=1, name="merc")
          .player(B, source=19))
    st, h, m, merc = sc.build(), sc["h"], sc["m"], sc["merc"]
    assert st["players"][GR]["barracks"]["war_briar"] == 1
    for uid in (h, m, merc):
        C.defeat_unit(st, st["units"][uid], B, None, [])
    assert "dywen" in st["players"][GR]["removed_heroes"] and "longbow" in st["market"]["discard"]
    assert st["players"][GR]["barracks"]["war_briar"] == 2 and "sellsword" in st["market"]["discard"]
    assert st["players"][B]["source"] == 20  # capped (CS-GEN-3)


def test_relic_reward_private_cs_rwd_3_amb_44():
    """CS-RWD-3, CS-AMB-44: a relic reward is drawn and held privately."""
    st = make_sandbox()
    l = put_landmark(st, "hydra", "1,1")
    evs = []
    C.defeat_landmark(st, st["landmarks"][l], B, None, evs)
    assert len(st["players"][B]["relics"]) == 1
    priv = [e for e in evs if e.visible_to == B]
    assert priv and "relic" not in GAME.view(st, GR)["players"][B]
    assert GAME.view(st, B)["players"][B]["relics"] == st["players"][B]["relics"]


def test_free_spire_reward_cs_amb_41():
    """CS-AMB-41, CS-RWD-6: the Wild Drake gives a free spire on its well (no influence needed)."""
    st = make_sandbox()
    l = put_landmark(st, "wild_drake", "0,0")
    C.defeat_landmark(st, st["landmarks"][l], GR, None, [])
    sp = list(st["spires"].values())
    assert sp and sp[0]["pos"] == "0,0" and sp[0]["owner"] == GR and st["players"][GR]["source"] == 0


def test_engage_forces_targets_cs_atk_5():
    """CS-ATK-5, CS-ATK-6, CS-ATK-9: Engage binds heroes and minions; damage = attack stat +
    upgrades + talents; damage first, then retaliation, then defeats and rewards."""
    st = make_sandbox()
    put_landmark(st, "evil_drake", "1,1")
    put_unit(st, GR, "war_briar", "0,1")
    h = put_unit(st, B, "awsh", "1,0", up={"a": 1, "f": 0, "r": 0})
    assert C.unit_targets(st, st["units"][h]) == ["1,1"]
    evs = []
    C.do_attack(st, h, "1,1", evs)
    kinds = [e.kind for e in evs]
    assert evs[0].params["damage"] == 3 and kinds.index("damage") < kinds.index("retaliation")


def test_exploration_rules_cs_exp_1_5():
    """CS-EXP-1, CS-EXP-2, CS-EXP-3, CS-EXP-4, CS-EXP-5, CS-EXP-6, CS-EXP-7: explore face-down
    landmarks adjacent to your units, once per turn each; reveal or put back; health on reveal;
    Foreboding forces the reveal; face-down landmarks are not targets and block."""
    st = make_sandbox()
    u = put_unit(st, B, "bruiser", "1,0")
    put_unit(st, GR, "war_briar", None)
    a = put_landmark(st, "bounty_hunter", "1,1", revealed=False)
    b = put_landmark(st, "evil_drake", "3,1", revealed=False)
    st["turn"]["step"] = "explore"
    assert [x["at"] for x in GAME.legal_actions(st, B) if x["type"] == "explore"] == ["1,1"]
    assert "1,1" not in C.unit_targets(st, st["units"][u])
    st, evs = GAME.apply(st, B, {"type": "explore", "at": "1,1"})
    assert GAME.legal_actions(st, B) == [{"type": "reveal"}, {"type": "hide"}]
    st, _ = GAME.apply(st, B, {"type": "hide"})
    assert B in st["landmarks"][a]["known"] and GR not in st["landmarks"][a]["known"]
    assert st["turn"]["seat"] == GR  # explored once this turn, nothing to attack: turn over
    st["turn"]["explored"] = []
    from engine.cloudspire import explore as X
    X.explore(st, B, "1,1", [])
    X.reveal(st, st["landmarks"][a], B, [])
    st["turn"]["peek"] = None
    assert st["landmarks"][a]["hp"] == 4
    st["units"][u]["pos"] = "2,0"
    X.explore(st, B, "3,1", [])
    assert st["landmarks"][b]["revealed"] and st["turn"]["peek"] is None


def test_upgrade_supply_is_finite_cs_amb_42():
    """CS-AMB-42: upgrade chip supplies are finite (18/14/12); exhausted gains are lost."""
    st = make_sandbox()
    assert st["supply"] == {"a": 18, "r": 14, "f": 12}
    h = put_unit(st, B, "awsh", "1,0")
    st["supply"]["a"] = 0
    st["supply"]["f"] = 0
    assert C.levelup_options(st, st["units"][h]) == ["none"]


def test_rng_and_forced_dice_cs_gen_8():
    """CS-GEN-8: all randomness comes from the seeded RNG in the state; forced values for tests."""
    a, b = GAME.setup(2, {}, 99), GAME.setup(2, {}, 99)
    assert a == b and GAME.setup(2, {}, 98) != a
    from engine import rng
    rng.force(a["rng"], 5)
    assert C.roll_spire_die(a) == 2


def test_source_capacity_cs_gen_3():
    """CS-GEN-3, CS-RWD-2: Source stays within 0..capacity; excess is lost."""
    from engine.cloudspire.state import gain_source
    st = make_sandbox()
    st["players"][B]["source"] = 18
    assert gain_source(st, B, 5) == 2 and st["players"][B]["source"] == 20
    st["players"][B]["cap"] = 25
    gain_source(st, B, 5)
    assert st["players"][B]["source"] == 25


def test_event_card_effects_override_cs_gen_1():
    """CS-GEN-1, CS-EVT-3: an event card's effect overrides the normal rule (here income)."""
    st = make_sandbox()
    from engine.cloudspire.content import load
    ev = next(e for e in load()["events"].values() if e["effect"] == "income_bonus")
    st["event"]["current"] = ev["id"]
    before = st["players"][B]["source"]
    P.income(st, [])
    assert st["players"][B]["source"] - before == 5 + ev["value"]


def test_mercenaries_and_equipment_cs_mkt_7_9():
    """CS-MKT-6, CS-MKT-7, CS-MKT-8, CS-MKT-9: purchases sit beside the barracks;
    mercenaries are selected at 0 CP; equipment goes under a hero in the stack and gives its
    talent; mercenary spires cost nothing to build and count toward the cap (CS-BLD-8)."""
    st = GAME.setup(2, {"events": "off"}, 21)
    from engine.cloudspire.bot import timeout_action
    while st["phase"] != "prep":
        s = G.acting_seats(st)[0]
        st, _ = GAME.apply(st, s, timeout_action(st, s))
    s = G.acting_seats(st)[0]
    st["players"][s]["beside"] += ["sellsword", "longbow", "ballista"]
    cp = st["players"][s]["cp"]
    st, _ = GAME.apply(st, s, {"type": "add", "unit": "sellsword"})
    from engine.cloudspire.prep import cp_spent
    assert cp_spent(st, s) == 0
    from engine.cloudspire.content import load
    start = [h["id"] for h in load()["factions"][st["factions"][s]]["heroes"] if h["start"]][0]
    st, _ = GAME.apply(st, s, {"type": "add", "unit": start})
    st, _ = GAME.apply(st, s, {"type": "equip", "item": "longbow", "hero": start})
    st, _ = GAME.apply(st, s, {"type": "lock"})
    o = G.acting_seats(st)[0]
    st, _ = GAME.apply(st, o, {"type": "autostack"})
    hero = next(u for u in st["units"].values() if u["type"] == start)
    from engine.cloudspire.state import unit_range
    assert hero["eq"] == ["longbow"] and unit_range(hero) >= 2
    assert ("ballista", "basic", 0) in B_choices(st, s)


def B_choices(st, s):
    from engine.cloudspire import build
    return build.spire_choices(st, s)
