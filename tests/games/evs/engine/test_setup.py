"""Setup (ES-SET), the secret pick (ES-AMB-3), first player and factions (ES-AMB-2/4), the
player areas (ES-GEN-5..7)."""
import pytest

from tests.games.evs.engine.evs_helpers import GAME, IllegalAction, legal

from engine.evs.content import FACTIONS, UNITS, pool


def test_ES_SET_1_ES_AMB_1_setup_order_standard_hands():
    """ES-SET-1, ES-AMB-1: boards and markers, hands, first player, then vanguard deployment."""
    st, events = GAME.setup_with_events(2, {}, 5)
    assert [e.kind for e in events] == ["factions", "first_player", "vanguard_start"]
    assert st["phase"] == "vanguard" and st["track"] == [0, 0]
    assert "terrain" not in st and "morale" not in st  # the expansions' steps only when on


def test_ES_SET_1_expansion_steps_when_on():
    """ES-SET-1 steps 4 and 5: terrain placement (phase ``terrain``) before vanguard deployment,
    and the morale piles, only with the expansions."""
    st = GAME.setup(2, {"terrain": "on", "morale": "on"}, 5)
    assert st["phase"] == "terrain" and st["pending"]["kind"] == "terrain"
    assert st["morale"]["expansion"] is True
    second = 1 - st["first"]
    assert GAME.prompts(st)[0].seat == second  # ES-SET-3: the second player places terrain first


def test_ES_SET_2_standard_hands():
    """ES-SET-2: each hand is exactly 5 unit cards and 10 command cards of the own faction."""
    st = GAME.setup(2, {}, 3)
    for seat in (0, 1):
        hand = st["players"][seat]["hand"]
        f = st["factions"][seat]
        assert sum(c in UNITS for c in hand) == 5 and len(hand) == 15
        assert hand == FACTIONS[f]["standard"]["units"] + FACTIONS[f]["standard"]["commands"]


def test_ES_SET_3_ES_AMB_4_first_player_is_random_and_second_deploys_first():
    """ES-SET-3, ES-AMB-4: a coin flip decides the first player; the second player acts first in
    vanguard deployment; the first player takes the first turn."""
    firsts = {GAME.setup(2, {}, seed)["first"] for seed in range(20)}
    assert firsts == {0, 1}
    st = GAME.setup(2, {}, 3)
    assert st["vanguard"]["to_move"] == 1 - st["first"]


def test_ES_AMB_2_factions_random_or_agreed():
    """ES-AMB-2: factions are assigned at random unless the players agree (option)."""
    seen = {tuple(GAME.setup(2, {}, seed)["factions"]) for seed in range(20)}
    assert seen == {("empire", "steppe"), ("steppe", "empire")}
    assert GAME.setup(2, {"factions": "steppe_empire"}, 1)["factions"] == ["steppe", "empire"]


def test_ES_SET_4_ES_GEN_5_areas_start_empty():
    """ES-SET-4, ES-GEN-5: each player has a hand, a command zone and a discard pile; zones and
    discard piles start empty."""
    st = GAME.setup(2, {}, 3)
    for p in st["players"]:
        assert p["zone"] == [] and p["discard"] == [] and p["units_lost"] == []


def test_ES_GEN_6_hand_holds_everything_not_elsewhere():
    """ES-GEN-6: every card of a player is in exactly one of hand, zone, discard, battlefield,
    removed (here at the start: all in hand)."""
    st = GAME.setup(2, {}, 3)
    for seat in (0, 1):
        assert len(st["players"][seat]["hand"]) == 15


def test_ES_AMB_3_secret_pick():
    """ES-AMB-3: with hands "pick", each player secretly and simultaneously picks 5 units and
    10 commands from the faction pool; a dead card (naming an unchosen unit) may be picked."""
    st = GAME.setup(2, {"hands": "pick", "factions": "empire_steppe"}, 1)
    assert st["phase"] == "select"
    assert {p.seat for p in GAME.prompts(st)} == {0, 1} and GAME.prompts(st)[0].kind == "simultaneous"
    units, commands = pool("empire")
    for u in units[4:]:
        st, _ = GAME.apply(st, 0, f"pick {u}")
    assert f"pick {units[0]}" not in legal(st, 0)  # 5 units already
    st, _ = GAME.apply(st, 0, f"unpick {units[8]}")
    st, _ = GAME.apply(st, 0, f"pick {units[0]}")
    for c in commands[-10:]:  # includes ballista_shot although the ballista may be unchosen
        st, _ = GAME.apply(st, 0, f"pick {c}")
    assert st["players"][0]["pick"]["done"] and st["phase"] == "select"
    assert GAME.legal_actions(st, 0) == []
    assert GAME.view(st, 1)["players"][0]["pick"]["cards"] is None  # secret
    assert GAME.view(st, None)["players"][0]["pick"] == {"done": True, "count": 15, "cards": None}
    st, _ = GAME.apply(st, 1, GAME.timeout_action(st, 1))  # timeout default: the standard set
    assert st["phase"] == "vanguard"
    assert sorted(st["players"][0]["hand"]) == sorted([units[0]] + units[4:8] + commands[-10:])
    assert st["players"][1]["hand"] == FACTIONS["steppe"]["standard"]["units"] + FACTIONS["steppe"]["standard"]["commands"]


def test_ES_AMB_3_pick_refuses_other_factions_cards():
    """ES-GEN-1, ES-AMB-3: only the own faction's pool can be picked."""
    st = GAME.setup(2, {"hands": "pick", "factions": "empire_steppe"}, 1)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, 0, "pick horse_archer")
    assert e.value.code == "evs.err.unknown_card"


def test_options_validation():
    """Options: unknown names and values are refused; 2 seats only (ES-GEN-1)."""
    with pytest.raises(IllegalAction):
        GAME.setup(2, {"fog": "on"}, 1)
    with pytest.raises(IllegalAction):
        GAME.setup(2, {"advanced": "maybe"}, 1)
    with pytest.raises(IllegalAction):
        GAME.setup(3, {}, 1)
    assert GAME.seat_range({}) == (2, 2)
    assert GAME.setup(2, {"advanced": True}, 1)["options"]["advanced"] == "on"
