"""The Morale expansion wired into play (ES-MX-8..16, ES-TURN-2/3, ES-END-5, ES-AMB-49..52,
ES-EX-8, ES-EX-9): Rally as a fourth basic action paid from hand, morale cards played from the
morale zone in a turn with Action declared and right after drawing them (an offer to either
player), their modifiers in engagements, defence, costs and mobility, their tokens and heal
effects, and the collapse loss, through GAME.apply / legal_actions with the real morale_rules."""
import pytest

from tests.games.evs.engine.evs_helpers import EMPIRE, STEPPE, IllegalAction, act, kinds, legal, run, scenario

from engine.evs import GAME, engage, morale_rules

CARDS = morale_rules.load()


def mscenario(*, markers=(0, 0), mzones=None, tops=None, **kw):
    """A turn-phase scenario with the Morale expansion on: the markers, each seat's morale zone
    (card ids, or (id, state)), and the top cards of each seat's pile; every morale card stays
    in exactly one pile or zone."""
    st = scenario(options={"morale": "on", **kw.pop("options", {})}, **kw)
    m = st["morale"]
    m["turn"] = {"serial": 3, "active": st["active"], "checked": [False, False]}
    used = set()
    for seat in (0, 1):
        m["seats"][seat]["marker"] = markers[seat]
        zone = []
        for z in (mzones or {}).get(seat, []):
            card, state = (z, "up") if isinstance(z, str) else z
            own = CARDS[card]["faction"] == st["factions"][seat]
            zone.append({"card": card, "side": "own_buff" if own else "enemy_debuff", "state": state, "pile": seat,
                         "played": None if state == "up" else 3})
            used.add(card)
        m["seats"][seat]["zone"] = zone
    for seat in (0, 1):
        top = list((tops or {}).get(seat, []))
        m["piles"][seat] = top + [c for c in m["piles"][seat] if c not in used and c not in top]
    st["track"] = list(markers)
    return st


def zone_states(st, seat):
    return {e["card"]: e["state"] for e in st["morale"]["seats"][seat]["zone"]}


def morale_cards(st):
    m = st["morale"]
    return sorted(m["piles"][0] + m["piles"][1] + [e["card"] for s in m["seats"] for e in s["zone"]])


UNITS = [(EMPIRE, "legionary", "C3"), (EMPIRE, "shield_guard", "C2"), (STEPPE, "lancer", "C4"),
         (STEPPE, "scout", "G6")]


# --- Rally (ES-MX-13..15) -----------------------------------------------------------------------

def test_ES_MX_13_ES_TURN_3_ES_MX_17_rally_is_a_fourth_basic_action():
    """ES-MX-13, ES-TURN-3: with the Morale expansion a turn declares 2 of Deploy, Action, Recall
    and Rally; ES-MX-17: without it Rally does not exist."""
    st = mscenario(units=UNITS, declared=None)
    basics = ("deploy", "action", "recall", "rally")
    assert sorted(legal(st, EMPIRE)) == sorted(f"declare {a} {b}" for a in basics for b in basics if a != b)
    assert GAME.view(st, None)["basics"] == list(basics)
    st = scenario(units=UNITS, declared=None)
    assert "declare rally action" not in legal(st, EMPIRE) and GAME.view(st, None)["basics"] == list(basics[:3])
    with pytest.raises(IllegalAction):
        act(st, EMPIRE, "declare rally action")


def test_ES_MX_14_ES_MX_15_ES_EX_8_ES_AMB_51_rally_pays_3_then_2_then_1():
    """ES-EX-8, ES-MX-14, ES-MX-15, ES-AMB-51: the Steppe zone holds 3 Empire debuffs; in one Rally
    the Empire pays 3 command cards from hand to return one to the bottom of the pile it came
    from (the Steppe's side), then 2, then 1: 6 cards; the Rally then ends by itself."""
    debuffs = ["emp_supply_shortage", "emp_rigid_orders", "emp_mutiny"]
    st = mscenario(units=UNITS, mzones={STEPPE: debuffs}, declared=None)
    before = morale_cards(st)
    st, _ = act(st, EMPIRE, "declare rally deploy")
    assert GAME.prompts(st)[0].key == "evs.prompt.rally"
    rallies = [a for a in GAME.legal_actions(st, EMPIRE) if a["type"] == "rally"]
    assert len(rallies) == 3 * 120 and {len(a["pay"]) for a in rallies} == {3}  # 3 targets x C(10, 3)
    with pytest.raises(IllegalAction) as e:
        act(st, EMPIRE, "rally emp_mutiny pay advance+testudo")
    assert e.value.code == "evs.err.bad_payment"
    st, events = act(st, EMPIRE, "rally emp_mutiny pay advance+aimed_bolt+testudo")
    assert st["morale"]["piles"][STEPPE][-1] == "emp_mutiny" and "morale_rally" in kinds(events)
    assert {len(a["pay"]) for a in GAME.legal_actions(st, EMPIRE) if a["type"] == "rally"} == {2}
    st, _ = act(st, EMPIRE, "rally emp_rigid_orders pay cataphract_charge+crossbow_volley")
    st, _ = act(st, EMPIRE, "rally emp_supply_shortage pay forward_strike")
    assert zone_states(st, STEPPE) == {} and len(st["players"][EMPIRE]["discard"]) == 6
    assert len(st["players"][EMPIRE]["hand"]) == 4 and GAME.prompts(st)[0].key == "evs.prompt.deploy"
    assert morale_cards(st) == before


def test_rally_notation_and_redaction():
    """Rally's notation round-trips; the cards it pays are never shown to others (ES-GEN-9)."""
    assert GAME.format_action(GAME.parse_action("rally emp_mutiny pay testudo+advance")) == \
        "rally emp_mutiny pay advance+testudo"
    st = mscenario(units=UNITS)
    assert GAME.log_text(st, EMPIRE, STEPPE, "rally emp_mutiny pay advance+testudo") == "rally emp_mutiny pay ?+?"


# --- playing morale cards (ES-MX-8..12) ---------------------------------------------------------

def test_ES_MX_8_ES_AMB_49_play_in_a_turn_with_action_declared():
    """ES-MX-8 (b), ES-AMB-49: the active player may play face-up cards of their own morale zone at
    any of their decisions of a turn for which they declared Action, also during the other basic
    action; not in a turn without Action, and the other player never (outside the offer)."""
    zones = {EMPIRE: ["emp_drilled_ranks"], STEPPE: ["stp_battle_cries"]}
    st = mscenario(units=UNITS, mzones=zones, declared=("deploy", "action"))
    assert "morale emp_drilled_ranks" in legal(st, EMPIRE) and legal(st, STEPPE) == []
    st2 = mscenario(units=UNITS, mzones=zones, declared=("deploy", "recall"))
    assert "morale emp_drilled_ranks" not in legal(st2, EMPIRE)
    with pytest.raises(IllegalAction) as e:
        act(st2, EMPIRE, "morale emp_drilled_ranks")
    assert e.value.code == "evs.err.cannot_play_morale"
    with pytest.raises(IllegalAction):
        act(st, STEPPE, "morale stp_battle_cries")


def test_ES_MX_9_ES_MX_10_ES_MX_11_ES_MX_12_ES_TURN_2_flip_tap_untap():
    """ES-MX-9: cards take effect in the order played; ES-MX-10: a once card is flipped and stays;
    ES-MX-11: an ongoing card is tapped; ES-MX-12, ES-TURN-2: it untaps at the start of its
    holder's next turn."""
    st = mscenario(units=UNITS, markers=(5, 0), mzones={EMPIRE: ["emp_eagle_raised", "emp_drilled_ranks"]},
                   declared=("action", "deploy"))
    st, ev1 = act(st, EMPIRE, "morale emp_eagle_raised")
    st, ev2 = act(st, EMPIRE, "morale emp_drilled_ranks")
    assert kinds(ev1)[:2] == ["morale_play", "morale_steady"] and st["track"] == [3, 0]
    assert zone_states(st, EMPIRE) == {"emp_eagle_raised": "flipped", "emp_drilled_ranks": "tapped"}
    assert "morale emp_eagle_raised" not in legal(st, EMPIRE)
    st, _ = run(st, (EMPIRE, "done"), (EMPIRE, "done"))  # the Steppe's turn: still tapped
    assert st["active"] == STEPPE and zone_states(st, EMPIRE)["emp_drilled_ranks"] == "tapped"
    st, _ = run(st, (STEPPE, "declare deploy recall"), (STEPPE, "done"))
    assert st["active"] == EMPIRE and zone_states(st, EMPIRE) == {"emp_eagle_raised": "flipped",
                                                                  "emp_drilled_ranks": "up"}


def test_ES_MX_11_ES_ENG_3_engage_and_morale_effect_modifiers():
    """ES-ENG-3, ES-MX-11: a played engage buff adds once to the attacking side's power, a
    morale-effect buff to its summed morale effect, while the card is tapped."""
    st = mscenario(units=UNITS, mzones={EMPIRE: ["emp_drilled_ranks"]}, zones={EMPIRE: ["legion_thrust"]},
                   hands={EMPIRE: ["advance"], STEPPE: []})
    st, _ = run(st, (EMPIRE, "play legion_thrust u1 pay advance"), (EMPIRE, "morale emp_drilled_ranks"))
    st, events = act(st, EMPIRE, "attack u3 with u1")
    assert next(e for e in events if e.kind == "attack").params["power"] == 2 + 1 + 1 + 1  # power, icon, phalanx, +1
    units = [(STEPPE, "lancer", "C3"), (EMPIRE, "shield_guard", "C4"), (EMPIRE, "legionary", "G6")]
    st = mscenario(units=units, active=STEPPE, mzones={STEPPE: [("stp_battle_cries", "tapped")]},
                   zones={STEPPE: ["swift_volley"]}, hands={STEPPE: ["ride"], EMPIRE: []})
    st, _ = act(st, STEPPE, "play swift_volley u1 pay ride")
    assert engage.attack_power(st, "u2", ["u1"]) == (2, 1)


def test_ES_MX_11_ES_ENG_7_defend_modifier_and_ES_AMB_50_once_modifier_to_turn_end():
    """ES-ENG-7, ES-MX-11: a tapped defend buff adds to the defender's power of the faction's units;
    ES-AMB-50: a once modifier lasts to the end of the turn it was played in."""
    units = [(STEPPE, "lancer", "C3"), (EMPIRE, "legionary", "C4"), (EMPIRE, "crossbowman", "G6")]
    st = mscenario(units=units, active=STEPPE, mzones={EMPIRE: [("emp_closed_ranks", "tapped")],
                                                       STEPPE: ["stp_fierce_charge"]},
                   zones={STEPPE: ["swift_volley"]}, hands={STEPPE: ["ride", "scatter"], EMPIRE: []})
    st, _ = act(st, STEPPE, "play swift_volley u1 pay ride")
    assert engage.defender_power(st, "u2", ["u1"]) == 2 + 1
    st, _ = act(st, STEPPE, "morale stp_fierce_charge")
    assert engage.attack_power(st, "u2", ["u1"])[0] == 2 + 2
    st, _ = run(st, (STEPPE, "attack u2 with u1"), (STEPPE, "done"))
    assert st["active"] == EMPIRE and zone_states(st, STEPPE)["stp_fierce_charge"] == "flipped"
    assert morale_rules.power_modifier(st["morale"], STEPPE, "engage") == 0


def test_ES_KW_13_ES_GEN_9_mobility_and_cost_modifiers():
    """ES-KW-13: a mobility modifier changes N of each mobility effect (4 steps for Scout Ahead with
    Swift Horses); ES-GEN-9: a cost modifier changes what a command costs (Supply Shortage: the
    Empire pays 1 more for every command)."""
    units = [(STEPPE, "scout", "A1"), (EMPIRE, "legionary", "G6")]
    st = mscenario(units=units, active=STEPPE, mzones={STEPPE: [("stp_swift_horses", "tapped")]},
                   zones={STEPPE: ["scout_ahead"]})
    st, _ = act(st, STEPPE, "play scout_ahead u1")
    assert "move u1 E1" in legal(st, STEPPE) and "move u1 F1" not in legal(st, STEPPE)
    st = mscenario(units=UNITS, mzones={STEPPE: [("emp_supply_shortage", "tapped")]},
                   zones={EMPIRE: ["legion_thrust"]}, hands={EMPIRE: ["advance", "testudo"]})
    plays = [a for a in GAME.legal_actions(st, EMPIRE) if a["type"] in ("play", "general")]
    assert plays and all(len(a["pay"]) == 2 for a in plays)
    with pytest.raises(IllegalAction):
        act(st, EMPIRE, "play legion_thrust u1 pay advance")


def test_morale_tokens_and_heal_effects_are_chosen():
    """The instant effects' targets (morale_rules "apply" directives): a tokens gain goes on the
    command-zone card its faction's player chooses (``token SLOT``); a tokens loss comes off a
    card of the opponent with tokens (chosen at once when only one has any); a heal mends one
    of the player's wounded units (``heal UID``)."""
    st = mscenario(units=UNITS, mzones={EMPIRE: ["emp_supply_train", "stp_stragglers", "emp_field_surgeons"]},
                   zones={EMPIRE: ["advance", "legion_thrust"], STEPPE: ["ride", {"card": "scatter", "tokens": 2}]},
                   declared=("action", "deploy"))
    st, _ = act(st, EMPIRE, "morale emp_supply_train")
    assert st["pending"]["kind"] == "tokens" and sorted(legal(st, EMPIRE)) == ["token 0", "token 1"]
    assert GAME.prompts(st)[0].key == "evs.prompt.tokens"
    st, events = act(st, EMPIRE, "token 1")
    assert st["players"][EMPIRE]["zone"][1]["tokens"] == 1 and "tokens_changed" in kinds(events)
    st, _ = act(st, EMPIRE, "morale stp_stragglers")  # a Steppe debuff: -1 token, on the only card with tokens
    assert st["pending"] is None and st["players"][STEPPE]["zone"][1]["tokens"] == 1
    st["units"]["u1"]["wounds"] = 1
    st["units"]["u2"]["wounds"] = 2
    st, _ = act(st, EMPIRE, "morale emp_field_surgeons")
    assert sorted(legal(st, EMPIRE)) == ["heal u1", "heal u2"]
    st, _ = act(st, EMPIRE, "heal u2")
    assert st["units"]["u2"]["wounds"] == 1 and st["pending"] is None


def test_ES_MX_8_a_ES_AMB_49_just_drawn_offer_to_the_other_player():
    """ES-MX-8 (a), ES-AMB-49, decision #12: a player may play a card right after drawing it, also
    in the opponent's turn: the Steppe's attack is repelled (Steadfast shakes the Steppe 2 -> 3),
    the Empire draws Spent Quivers and is asked at once (a reaction prompt, timeout: don't play);
    played, the Steppe's attacks get -1 for the rest of the turn."""
    units = [(STEPPE, "scout", "C3"), (STEPPE, "lancer", "E3"), (EMPIRE, "shield_guard", "C4"),
             (EMPIRE, "legionary", "E4")]
    st = mscenario(units=units, active=STEPPE, markers=(0, 2), tops={EMPIRE: ["stp_spent_quivers"]},
                   zones={STEPPE: ["swift_volley"]}, hands={STEPPE: ["ride", "scatter"], EMPIRE: []})
    st, _ = act(st, STEPPE, "general attack u1 pay ride")
    st, events = act(st, STEPPE, "attack u3 with u1")
    assert "morale_draw" in kinds(events)
    assert st["pending"] == {"kind": "morale", "seat": EMPIRE, "cards": ["stp_spent_quivers"]}
    p = GAME.prompts(st)[0]
    assert (p.seat, p.kind, p.key) == (EMPIRE, "reaction", "evs.prompt.morale")
    assert sorted(legal(st, EMPIRE)) == ["morale stp_spent_quivers", "nomorale"] and legal(st, STEPPE) == []
    assert GAME.timeout_action(st, EMPIRE) == {"type": "nomorale"} == GAME.continue_action(st, EMPIRE)
    kept, _ = act(st, EMPIRE, "nomorale")
    assert kept["pending"] is None and zone_states(kept, EMPIRE) == {"stp_spent_quivers": "up"}
    assert "morale stp_spent_quivers" not in legal(kept, EMPIRE)
    st, _ = act(st, EMPIRE, "morale stp_spent_quivers")
    assert zone_states(st, EMPIRE) == {"stp_spent_quivers": "tapped"} and st["active"] == STEPPE
    st, _ = act(st, STEPPE, "play swift_volley u2 pay scatter")
    assert engage.attack_power(st, "u4", ["u2"])[0] == 2 - 1


def test_ES_MX_8_the_active_player_with_action_is_not_asked():
    """ES-MX-8, ES-AMB-49: a card the active player draws in a turn with Action declared is not
    offered separately: it is playable at their next decision anyway."""
    st = mscenario(units=UNITS, markers=(0, 2), tops={EMPIRE: ["emp_drilled_ranks"]}, zones={EMPIRE: ["legion_thrust"]},
                   hands={EMPIRE: ["advance"], STEPPE: []})
    st, _ = act(st, EMPIRE, "play legion_thrust u1 pay advance")
    st, events = act(st, EMPIRE, "attack u3 with u1")  # 3 against 2: a wound, the Steppe shakes 2 -> 3
    assert "morale_draw" in kinds(events) and st["pending"] is None
    assert "morale emp_drilled_ranks" in legal(st, EMPIRE)


def test_a_shake_debuff_played_shakes_its_faction():
    """A once debuff with a shake (Mutiny, played by the Steppe) shakes the Empire, with its draws."""
    st = mscenario(units=UNITS, active=STEPPE, markers=(2, 0), mzones={STEPPE: ["emp_mutiny"]},
                   declared=("action", "deploy"))
    st, events = act(st, STEPPE, "morale emp_mutiny")
    assert [e.kind for e in events][:2] == ["morale_play", "morale_shake"] and "morale_draw" in kinds(events)
    drawn = next(e.params["card"] for e in events if e.kind == "morale_draw")
    assert st["track"][EMPIRE] == max(0, 3 - CARDS[drawn]["value"])
    assert zone_states(st, STEPPE)["emp_mutiny"] == "flipped"
    assert st["pending"] is None  # the Steppe, active with Action declared, is not asked


# --- collapse (ES-MX-16, ES-END-5) --------------------------------------------------------------

def test_ES_MX_16_ES_END_5_ES_EX_9_collapse_by_debuffs():
    """ES-EX-9, ES-MX-16, ES-END-5: the Steppe zone holds 3 Empire debuffs; a Steppe attack wounds
    an Empire unit and the Empire's marker passes a draw square: the Empire loses by collapse."""
    units = [(STEPPE, "lancer", "C3"), (EMPIRE, "legionary", "C4", 1), (EMPIRE, "crossbowman", "G6")]
    debuffs = ["emp_supply_shortage", "emp_rigid_orders", "emp_mutiny"]
    st = mscenario(units=units, active=STEPPE, markers=(2, 0), mzones={STEPPE: debuffs},
                   zones={STEPPE: ["lance_charge"]}, hands={STEPPE: ["ride", "scatter"], EMPIRE: []})
    st, _ = run(st, (STEPPE, "play lance_charge u1 pay ride+scatter"), (STEPPE, "skip u1"))
    st, events = act(st, STEPPE, "attack u2 with u1")
    assert GAME.result(st).reason == "collapse" and GAME.result(st).winners == [STEPPE]
    assert "morale_collapse" in kinds(events)


def test_ES_EX_9_ES_AMB_52_a_third_debuff_drawn_mid_turn_gives_time_to_rally():
    """ES-EX-9, ES-AMB-52: with 2 Empire debuffs in the Steppe zone the check passes; the card then
    drawn may be a third debuff; later draws that turn make no check, and the Empire can Rally."""
    units = [(STEPPE, "lancer", "C3"), (STEPPE, "scout", "D4"), (EMPIRE, "legionary", "C4"),
             (EMPIRE, "crossbowman", "G6")]
    st = mscenario(units=units, active=STEPPE, markers=(2, 0), mzones={STEPPE: ["emp_supply_shortage", "emp_mutiny"]},
                   tops={STEPPE: ["emp_rigid_orders", "emp_low_spirits"]}, zones={STEPPE: ["lance_charge"]},
                   hands={STEPPE: ["ride", "scatter", "swift_volley"], EMPIRE: []})
    st, _ = run(st, (STEPPE, "play lance_charge u1 pay ride+scatter"), (STEPPE, "skip u1"))
    st, events = act(st, STEPPE, "attack u3 with u1")  # 3 against 2: a wound, the Empire 2 -> 3
    assert "morale_collapse_check" in kinds(events) and "morale_collapse" not in kinds(events)
    assert GAME.result(st) is None and len(morale_rules.debuffs_against(st["morale"], EMPIRE)) == 3
    st["morale"]["seats"][EMPIRE]["marker"] = st["track"][EMPIRE] = 5
    st, events = act(st, STEPPE, "morale emp_mutiny")  # the Empire shakes 1 more: 5 -> 6, a draw
    assert "morale_draw" in kinds(events) and "morale_collapse_check" not in kinds(events)  # checked once a turn
    assert GAME.result(st) is None


def test_ES_END_5_reaching_the_collapse_square_does_not_lose():
    """ES-END-5, ES-MX-7: with the Morale expansion the marker on the collapse square alone does not
    end the game."""
    st = mscenario(units=UNITS, markers=(0, 11), zones={EMPIRE: ["legion_thrust"]}, hands={EMPIRE: ["advance"],
                                                                                           STEPPE: []})
    st, _ = run(st, (EMPIRE, "play legion_thrust u1 pay advance"), (EMPIRE, "attack u3 with u1"))
    assert st["track"][STEPPE] == 12 and GAME.result(st) is None


def test_morale_view_fields():
    """View: each seat's morale zone split into own buffs and enemy debuffs with their states, the
    modifiers in force and the next Rally cost; a pending offer names its cards."""
    st = mscenario(units=UNITS, mzones={EMPIRE: [("emp_drilled_ranks", "tapped")],
                                        STEPPE: ["emp_mutiny", ("stp_battle_cries", "tapped")]})
    v = GAME.view(st, None)["morale"]["seats"]
    assert v[EMPIRE]["own_buff"] == [{"card": "emp_drilled_ranks", "state": "tapped"}]
    assert v[EMPIRE]["modifiers"]["engage"] == 1 and v[STEPPE]["modifiers"]["morale_effect"] == 1
    assert v[EMPIRE]["rally_cost"] == 1 and v[STEPPE]["rally_cost"] == 0
