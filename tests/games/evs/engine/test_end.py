"""The morale track (ES-MOR), end of game (ES-END) and faction effects (ES-FAC)."""
from tests.games.evs.engine.evs_helpers import EMPIRE, STEPPE, act, kinds, legal, run, scenario, shakes

from engine.evs import GAME, faction, track
from engine.evs.content import FACTIONS


def duel(track_=(0, 0), steppe_units=(("lancer", "D3", 1), ("scout", "G6")), steppe_hand=()):
    units = [(EMPIRE, "legionary", "C3"), (EMPIRE, "shield_guard", "E3")]
    units += [(STEPPE, c, cell, *w) for c, cell, *w in steppe_units]
    st = scenario(units=units, zones={EMPIRE: [{"card": "legion_thrust", "tokens": 1}]}, track=track_,
                  hands={EMPIRE: ["advance", "testudo", "shield_wall"], STEPPE: list(steppe_hand)})
    st, _ = run(st, (EMPIRE, "play legion_thrust u1 pay advance"), (EMPIRE, "general attack u2 pay testudo"))
    return st


def test_ES_MOR_1_ES_MOR_4_ES_AMB_34_track_layout():
    """ES-MOR-1, ES-MOR-4, ES-AMB-34: one marker per player, squares 0..12, start 0, collapse 12,
    draw squares 3/6/9 (used by the Morale expansion only)."""
    st = GAME.setup(2, {}, 1)
    assert st["track"] == [0, 0]
    for f in FACTIONS.values():
        assert f["track"] == {"length": 12, "start": 0, "collapse": 12, "draw": [3, 6, 9]}


def test_ES_MOR_2_ES_MOR_3_shake_moves_forward_never_beyond_collapse():
    """ES-MOR-2, ES-MOR-3: a shake N (forced here by damage) moves the marker N squares toward
    higher numbers, never beyond the collapse square."""
    st = scenario(track=(4, 0))
    events = []
    track.shake(st, EMPIRE, 3, events)
    assert st["track"] == [7, 0] and kinds(events) == ["shake"]
    track.shake(st, EMPIRE, 0, events)
    assert st["track"] == [7, 0]
    try:
        track.shake(st, EMPIRE, 20, events)
    except Exception:
        pass
    assert st["track"] == [12, 0]


def test_ES_MOR_5_ES_END_2_ES_END_3_collapse_ends_at_once():
    """ES-MOR-5, ES-END-2, ES-END-3: reaching the collapse square loses at once, even in the middle
    of an attack: nothing after that shake happens."""
    st = duel(track_=(0, 10))
    st, events = act(st, EMPIRE, "attack u3 with u1+u2")  # destroys the Lancer: shake 3 -> 12
    r = GAME.result(st)
    assert r.winners == [EMPIRE] and r.placements == [[EMPIRE], [STEPPE]] and r.reason == "collapse"
    assert kinds(events)[-2:] == ["shake", "game_over"] and st["track"][STEPPE] == 12
    assert GAME.prompts(st) == [] and GAME.legal_actions(st, EMPIRE) == []


def test_ES_END_1_ES_AMB_37_annihilation_with_units_in_hand():
    """ES-END-1, ES-AMB-37: losing every unit on the battlefield loses the game, even with unit
    cards in hand; it is checked before the shake of the same damage (ES-END-4)."""
    st = duel(track_=(0, 11), steppe_units=(("lancer", "D3", 1),), steppe_hand=("horse_archer",))
    st, events = act(st, EMPIRE, "attack u3 with u1+u2")
    assert GAME.result(st).reason == "annihilated" and st["track"][STEPPE] == 11  # no shake came first


def test_ES_END_4_first_loss_in_resolution_order():
    """ES-END-4, ES-ENG-11: when both players would lose in one resolution, the first reached
    decides: the attacker's morale effect (step 7) comes before the defence card's morale icons."""
    st = scenario(units=[(STEPPE, "khan_guard", "C3"), (EMPIRE, "halberdier", "C4"), (EMPIRE, "legionary", "G1")],
                  active=STEPPE, track=(10, 11),
                  zones={STEPPE: [{"card": "khan_wrath", "revealed": True, "revealed_turn": 1}], EMPIRE: ["halberd_brace"]},
                  hands={STEPPE: ["ride", "scatter"], EMPIRE: ["advance"]})
    st, _ = run(st, (STEPPE, "play khan_wrath u1 pay ride+scatter"), (STEPPE, "skip u1"), (STEPPE, "attack u2 with u1"))
    st, events = act(st, EMPIRE, "defend u2 halberd_brace pay advance")
    assert GAME.result(st).winners == [STEPPE] and st["track"] == [12, 11]


def test_ES_END_5_morale_expansion_replaces_collapse_rule():
    """ES-END-5: with the Morale expansion every shake goes through morale_rules (draws move the
    marker back); ES-END-1 still applies."""
    st = GAME.setup(2, {"morale": "on", "factions": "empire_steppe"}, 1)
    assert st["morale"]["expansion"] is True and st["track"] == [0, 0]


def test_ES_END_6_ES_AMB_38_no_draw_no_turn_limit():
    """ES-END-6, ES-AMB-38: no draw, no turn limit, no score: a result is always one winner and one
    loser, and a very long game goes on."""
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "F3")], turn=999, declared=None)
    assert GAME.result(st) is None and legal(st, EMPIRE)
    st, _ = GAME.concede(st, STEPPE, "resigned")
    r = GAME.result(st)
    assert r.winners == [EMPIRE] and r.placements == [[EMPIRE], [STEPPE]] and r.reason == "resigned"


def test_ES_FAC_1_ES_TURN_5_steadfast_on_the_opponents_turn():
    """ES-FAC-1, ES-TURN-5, ES-AMB-36: a faction effect is mandatory whenever its condition is met,
    on either player's turn: the Empire's Steadfast shakes the Steppe attacker during the Steppe's
    own turn when its attack deals no damage."""
    st = scenario(units=[(STEPPE, "horse_archer", "C3"), (EMPIRE, "shield_guard", "C5"), (EMPIRE, "legionary", "G1")],
                  active=STEPPE, zones={STEPPE: ["swift_volley"]}, hands={STEPPE: ["ride"], EMPIRE: []})
    st, _ = act(st, STEPPE, "play swift_volley u1 pay ride")
    st, events = act(st, STEPPE, "attack u2 with u1")  # 2 against 3
    assert [e.params for e in events if e.kind == "faction_effect"] == [{"seat": EMPIRE, "effect": "steadfast"}]
    assert shakes(events) == [(STEPPE, 1)]


def test_ES_FAC_2_ES_AMB_35_general_card_effects_immediate():
    """ES-FAC-2, ES-AMB-35: the faction card is the general card; a triggered effect is carried
    out immediately (Steppe: Plunder heals the attackers, Terror shakes the enemy 1 more, right
    after step 7 of the attack that destroyed the target)."""
    st = scenario(units=[(STEPPE, "lancer", "C3", 2), (EMPIRE, "crossbowman", "C4", 2), (EMPIRE, "legionary", "G1")],
                  active=STEPPE, zones={STEPPE: ["wolf_pounce"]}, hands={STEPPE: ["ride"], EMPIRE: []})
    st["units"]["u1"]["card"] = "wolf_rider"
    st, _ = run(st, (STEPPE, "play wolf_pounce u1 pay ride"), (STEPPE, "skip u1"))
    st, events = act(st, STEPPE, "attack u2 with u1")
    assert [e.params["effect"] for e in events if e.kind == "faction_effect"] == ["plunder", "terror"]
    assert st["units"]["u1"]["wounds"] == 1
    assert shakes(events) == [(EMPIRE, 3), (EMPIRE, 1)]


def test_ES_FAC_3_active_player_effects_first():
    """ES-FAC-3, ES-AMB-36: simultaneous triggers resolve the active player's effects first, each
    player's own in data order. (The authored triggers of the two factions never coincide, so the
    order is checked on a resolution in which both conditions are given.)"""
    st = scenario(units=[(STEPPE, "lancer", "C3"), (EMPIRE, "legionary", "C4")], active=EMPIRE)
    events = []
    faction.after_attack(st, {"attacker": STEPPE, "defender": EMPIRE, "damage": 0, "destroyed": True,
                              "participants": ["u1"]}, events)
    assert [e.params["effect"] for e in events if e.kind == "faction_effect"] == ["steadfast", "plunder", "terror"]
    st = scenario(units=[(STEPPE, "lancer", "C3"), (EMPIRE, "legionary", "C4")], active=STEPPE)
    events = []
    faction.after_attack(st, {"attacker": STEPPE, "defender": EMPIRE, "damage": 0, "destroyed": True,
                              "participants": ["u1"]}, events)
    assert [e.params["effect"] for e in events if e.kind == "faction_effect"] == ["plunder", "terror", "steadfast"]
