"""The just-drawn morale offer comes "immediately" (ES-MX-8 (a), ES-AMB-49): when a shake in
the opponent's move makes a player draw, they may play the card before that move goes on (its
next terrain penalty, its mobility flip, the attack it leads to and so the defence they would
choose), not once the whole move has resolved. Through GAME.apply / legal_actions / prompts
with the real terrain_rules and morale_rules."""
from tests.games.evs.engine.evs_helpers import EMPIRE, STEPPE, act, kinds, legal, run, scenario

from engine.evs import GAME, engage, terrain_rules

FORD, BOG = "terrain_shallow_ford", "terrain_reed_bog"  # the owner's choice / shake 1 only


def charging(cells, *, steppe_marker=2, top="stp_spent_quivers", deck=()):
    """The Steppe's turn (Action declared): its Lancer on C3 has Lance Charge (mobility 3, then
    a melee engagement) on the battlefield, an Empire Legionary waits on C6; terrain on
    ``cells``; the Steppe's marker one square short of the draw square 3; the Empire's pile
    (the one it draws from) starts with ``top``."""
    st = scenario(options={"terrain": "on", "morale": "on"}, active=STEPPE, track=(0, steppe_marker),
                  units=[(STEPPE, "lancer", "C3"), (EMPIRE, "legionary", "C6")],
                  zones={STEPPE: ["lance_charge"]}, hands={STEPPE: ["ride", "scatter", "war_drums"],
                                                            EMPIRE: ["advance"]})
    st["pending"] = None
    st["terrain"] = {"cells": dict(cells), "deck": list(deck), "placed": 12}
    m = st["morale"]
    m["turn"] = {"serial": 3, "active": STEPPE, "checked": [False, False]}
    m["seats"][STEPPE]["marker"] = steppe_marker
    m["piles"][EMPIRE] = [top] + [c for c in m["piles"][EMPIRE] if c != top]
    st, _ = act(st, STEPPE, "play lance_charge u1 pay ride+scatter")
    return st


def test_ES_MX_8_a_the_drawn_card_is_offered_before_the_movers_next_penalty():
    """ES-MX-8 (a) "immediately after drawing": the Lancer charges through two fords; the
    Steppe pays the first with a shake (2 -> 3, a draw square): the Empire draws Spent Quivers
    and is asked at once (a reaction prompt), while the Steppe's second penalty waits; it
    plays the card, the Steppe's penalty decision comes back unchanged, and the charge's
    attack then has -1 power: the card took effect before the attack and its defence."""
    st = charging({"C4": FORD, "C5": FORD})
    st, _ = act(st, STEPPE, "move u1 C4-C5")
    assert sorted(legal(st, STEPPE)) == ["penalty cost pay war_drums", "penalty mp", "penalty shake"]
    waiting = st["pending"]
    st, events = act(st, STEPPE, "penalty shake")
    assert ("morale_draw", EMPIRE) in [(e.kind, e.params.get("seat")) for e in events]
    assert st["pending"] == {"kind": "morale", "seat": EMPIRE, "cards": ["stp_spent_quivers"]}
    prompt = GAME.prompts(st)[0]
    assert (prompt.seat, prompt.kind, prompt.key) == (EMPIRE, "reaction", "evs.prompt.morale")
    assert legal(st, STEPPE) == [] and sorted(legal(st, EMPIRE)) == ["morale stp_spent_quivers", "nomorale"]
    assert st["suspended"] == [{**waiting, "cells": ["C5"]}]
    assert GAME.timeout_action(st, EMPIRE) == {"type": "nomorale"}
    declined, _ = run(st, (EMPIRE, "nomorale"), (STEPPE, "penalty mp"))
    st, events = act(st, EMPIRE, "morale stp_spent_quivers")
    assert "morale_play" in kinds(events) and "suspended" not in st
    assert st["pending"]["kind"] == "penalty" and st["pending"]["cells"] == ["C5"]
    assert GAME.prompts(st)[0].seat == STEPPE and legal(st, EMPIRE) == []
    st, _ = act(st, STEPPE, "penalty mp")
    assert st["pending"] is None and st["units"]["u1"]["cell"] == "C5"
    power = engage.attack_power(declined, "u2", ["u1"])[0]  # Lance Charge with its charge bonus
    assert engage.attack_power(st, "u2", ["u1"])[0] == power - 1  # Spent Quivers: -1
    st, events = act(st, STEPPE, "attack u2 with u1")
    assert [e.params["power"] for e in events if e.kind == "attack"] == [power - 1]
    assert GAME.prompts(st)[0].key == "evs.prompt.defend"  # the Empire chooses its defence after


def test_ES_MX_8_a_declining_takes_the_move_up_again():
    """ES-MX-8 (a): ``nomorale`` (the timeout) keeps the card face-up in the zone and gives the
    decision back to the mover."""
    st = charging({"C4": FORD, "C5": FORD})
    st, _ = run(st, (STEPPE, "move u1 C4-C5"), (STEPPE, "penalty shake"))
    st, _ = act(st, EMPIRE, "nomorale")
    assert st["pending"]["kind"] == "penalty" and st["pending"]["seat"] == STEPPE and "suspended" not in st
    assert [e["state"] for e in st["morale"]["seats"][EMPIRE]["zone"]] == ["up"]


def test_ES_MX_8_a_ES_TER_16_a_forced_shake_waits_for_the_offer():
    """ES-MX-8 (a), ES-TER-16: two reed bogs (shake 1 only, paid without asking): the first shake
    draws, so the offer comes before the second bog's shake, which is paid when the Empire
    has answered; then the mobility flip is asked."""
    st = charging({"C4": BOG, "C5": BOG}, deck=[t for t in terrain_rules.load() if t not in (BOG,)][:2])
    st, events = act(st, STEPPE, "move u1 C4-C5")
    assert [e.params["cell"] for e in events if e.kind == "terrain_penalty"] == ["C4"]
    assert st["pending"]["kind"] == "morale" and st["pending"]["seat"] == EMPIRE
    st, events = act(st, EMPIRE, "nomorale")
    assert [e.params["cell"] for e in events if e.kind == "terrain_penalty"] == ["C5"]
    assert st["pending"] == {"kind": "flip", "seat": STEPPE, "uid": "u1"}


def test_ES_MX_8_a_a_flip_waits_too():
    """ES-MX-8 (a), ES-TER-15: a draw made by the last penalty comes before the mover's
    mobility flip decision, which is then taken up again."""
    st = charging({"C4": FORD}, deck=[t for t in terrain_rules.load() if t not in (FORD,)][:2])
    st, _ = run(st, (STEPPE, "move u1 C4-C5"), (STEPPE, "penalty shake"))
    assert st["pending"]["kind"] == "morale" and st["suspended"] == [{"kind": "flip", "seat": STEPPE, "uid": "u1"}]
    st, _ = act(st, EMPIRE, "morale stp_spent_quivers")
    assert st["pending"] == {"kind": "flip", "seat": STEPPE, "uid": "u1"}
