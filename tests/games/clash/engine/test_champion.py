"""Champion module: CD-CHA and CD-AMB-10/32/51/57."""
import pytest

from tests.games.clash.engine.clash_helpers import (GAME, IllegalAction, act, ev_of, find, hand, kinds, lane, make, run_phase3, tc)

from engine.clash import champion
from engine.clash.cards import CARDS, CHAMPIONS, COST, STARTER_SET


def champ_game(seed=2, fmt="draft", picks=("champ_warlord", "champ_sentinel")):
    st = GAME.setup(2, {"format": fmt, "champions": True}, seed)
    while st["stage"] in ("draft", "constructed"):
        for p in GAME.prompts(st):
            st, _ = GAME.apply(st, p.seat, GAME.legal_actions(st, p.seat)[0])
    assert st["stage"] == "champion"
    return st


def test_cha_1_2_champions_are_separate_creatures():
    """CD-CHA-1 / CD-CHA-2 / CD-GEN-4: champions are creature cards outside every deck; at least
    4 exist and their printed costs are common among deck cards (so resets happen)."""
    assert len(CHAMPIONS) >= 4
    deck_costs = [CARDS[c]["cost"] for c in STARTER_SET]
    for c in CHAMPIONS:
        card = CARDS[c]
        assert card["type"] == "creature" and card["champion"] and c not in STARTER_SET
        assert deck_costs.count(card["cost"]) >= 1
    # all creature rules apply: it attacks and can be defeated like any creature
    st = make(hands={1: "F(B) c1 c2 c3"}, lanes={"top": ("champ_warlord^", "")},
              champions={0: {"card": "champ_warlord", "state": "in_play"}})
    s, ev = run_phase3(st)
    assert ev_of(ev, "fort_moved")[0]["amount"] == 4


def test_cha_3_fmt_9_module_formats():
    """CD-CHA-3 / CD-FMT-9: the module works with Draft and Constructed (Duel) and Solo Custom
    games, not with Preconstructed."""
    for fmt in ("draft", "constructed"):
        assert GAME.setup(2, {"format": fmt, "champions": True}, 1)["options"]["champions"] is True
    with pytest.raises(IllegalAction):
        GAME.setup(2, {"format": "precon", "champions": True}, 1)


def test_cha_4_secret_simultaneous_choice():
    """CD-CHA-4: after the decks are built each player secretly chooses a champion; both are
    revealed together; the champion is in neither deck nor hand but beside the lanes, ready."""
    st = champ_game()
    ps = GAME.prompts(st)
    assert [(p.seat, p.kind) for p in ps] == [(0, "simultaneous"), (1, "simultaneous")]
    st, ev = GAME.apply(st, 1, "choose champ_sentinel")
    assert ev_of(ev, "champion_chosen") == [{"seat": 1}]
    assert "champ_sentinel" not in repr(ev)
    for viewer in (None, 0):
        v = GAME.view(st, viewer)
        assert v["seats"][1]["champion"] == {"card": None, "state": "hidden", "cost_now": None, "chosen": True}
        assert "champ_sentinel" not in repr(v)
    assert GAME.view(st, 1)["seats"][1]["champion"]["card"] == "champ_sentinel"
    assert GAME.legal_actions(st, 1) == []  # at most one champion
    st, ev = GAME.apply(st, 0, "choose champ_warlord")
    assert ev_of(ev, "champions_revealed")[0]["cards"] == {"0": "champ_warlord", "1": "champ_sentinel"}
    assert st["stage"] == "play"
    for seat in (0, 1):
        assert not any(c.startswith("champ_") for c in st["players"][seat]["hand"])
    assert GAME.view(st, None)["seats"][0]["champion"]["state"] == "ready"


def test_cha_5_summon_always_eligible_extra_to_window():
    """CD-CHA-5 / CD-AMB-10: the champion is summoned like a creature, paying mana, into a lane;
    it counts as in the leftmost four in addition to the four real cards."""
    st = make(hands={0: "F(B) a b c d e"}, mana=9, champions={0: "champ_sentinel"})
    legal = GAME.legal_actions(st, 0)
    assert {"type": "champion", "lane": "top"} in legal
    assert {x["card"] for x in legal if x["type"] == "play"} == {"a", "b", "c", "d"}
    s, ev = act(st, "champion top")
    assert lane(s, "top", 0) == ["champ_sentinel"] and s["players"][0]["mana"] == 5
    assert s["players"][0]["champion"]["state"] == "in_play" and find(s, "champ_sentinel")["ch"] is True
    assert hand(s, 0) == hand(st, 0)


def test_cha_6_amb_32_amb_51_discount():
    """CD-CHA-6 / CD-AMB-32 / CD-AMB-51: the cost drops by 1 per creature card on the board
    (both sides; a Possess stack counts 2), never below 0."""
    st = make(lanes={"top": ("a shade_rider>b", "c")}, champions={0: "champ_sentinel"})
    assert champion.cost_now(st, 0) == COST["champ_sentinel"] - 4
    st = make(lanes={"top": ("a b c", "d e f")}, champions={0: "champ_sentinel"})
    assert champion.cost_now(st, 0) == 0


def test_cha_9_example_and_cha_7_8():
    """CD-CHA-9 / CD-CHA-7 / CD-CHA-8: a cost-6 champion with 2 A and 3 B creatures costs 1; when
    defeated it is exhausted (not returned, cannot be summoned); when B plays a card costing 6
    it is ready again."""
    ch = "champ_leviathan"
    assert COST[ch] == 6
    st = make(hands={0: "F(B) a b c"}, lanes={"top": ("a b", "c d e")}, mana=1, champions={0: ch})
    s, _ = act(st, "champion bottom")
    assert s["players"][0]["mana"] == 0
    killer = tc(20, 20, name="t_killer20")
    st = make(hands={0: "F(B) a b c", 1: "F(B) oak_colossus x y"}, lanes={"bottom": (f"{ch}^", killer)}, tp=1,
              champions={0: {"card": ch, "state": "in_play"}}, mana=9)
    s, ev = run_phase3(st)
    assert s["players"][0]["champion"]["state"] == "exhausted" and ev_of(ev, "champion_exhausted")
    assert hand(s, 0) == ["F(B)", "a", "b", "c"] and lane(s, "bottom", 0) == []
    # the exhausted champion cannot be summoned on A's next turn (CD-CHA-7)
    s = make(hands={0: "F(B) a b c", 1: "F(B) oak_colossus x y"}, champions={0: {"card": ch, "state": "exhausted"}},
             mana=9)
    assert not [x for x in GAME.legal_actions(s, 0) if x["type"] == "champion"]
    with pytest.raises(IllegalAction) as e:
        act(s, "champion top")
    assert e.value.code == "clash.err.champion_unavailable"
    s = make(hands={0: "F(B) a b c", 1: "F(B) oak_colossus x y"}, champions={0: {"card": ch, "state": "exhausted"}},
             tp=1, mana=9)
    s2, ev = act(s, "play oak_colossus top")  # B plays a card costing 6
    assert s2["players"][0]["champion"]["state"] == "ready" and ev_of(ev, "champion_reset")


def test_amb_57_own_card_resets_and_earlier_plays_do_not():
    """CD-AMB-57 / CD-CHA-8: the owner's own card of the same cost resets it; cards played
    before it was exhausted do not count."""
    ch = {"card": "champ_sentinel", "state": "exhausted"}  # printed cost 4
    four = tc(1, 1, cost=4, name="t_cost4")
    st = make(hands={0: f"F(B) {four} a b"}, mana=9, champions={0: ch})
    s, _ = act(st, f"play {four} top")
    assert s["players"][0]["champion"]["state"] == "ready"
    from clash_helpers import tchamp
    weak = tchamp(1, 1, cost=4, name="tch_weak4")
    st = make(hands={0: f"F(B) {four} frost_bolt a b"}, lanes={"top": (f"{weak}^", "")}, mana=9,
              champions={0: {"card": weak, "state": "in_play"}})
    s, _ = act(st, f"play {four} top")  # played while the champion is in play
    s, ev = act(s, "play frost_bolt @0.top.1")
    assert s["players"][0]["champion"]["state"] == "exhausted" and not ev_of(ev, "champion_reset")


def test_amb_10_summon_in_phase_3_pause_never_on_opponent_turn():
    """CD-AMB-10: the champion may be summoned in phase 2 or, when the player asked for pauses,
    between phase-3 activations; never during the opponent's turn."""
    a = tc(1, 9, name="t_a_small")
    st = make(hands={0: "F(B) a b c"}, lanes={"top": (f"{a} {a}", "")}, mana=9, champions={0: "champ_phoenix"},
              options={"pause_phase3": True})
    s, ev = act(st, "end")
    assert s["pause"] and GAME.prompts(s)[0].key == "clash.prompt.attack_pause"
    s, ev = act(s, "go")
    assert kinds(ev).count("activation") == 1 and s["pause"]  # paused again before the 2nd
    s, ev = act(s, "champion bottom")
    assert lane(s, "bottom", 0) == ["champ_phoenix"] and s["turn_player"] == 1
    assert kinds(ev).count("activation") == 1  # the remaining activation ran after the summon
    st = make(hands={0: "F(B) a b c"}, mana=9, tp=1, champions={0: "champ_phoenix"})
    assert GAME.legal_actions(st, 0) == []
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, 0, "champion top")
    assert e.value.code == "clash.err.not_your_turn"
