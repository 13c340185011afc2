"""Modes, formats and setup: CD-GEN-2..7, CD-FMT, CD-SET, CD-AMB-4..8, CD-AMB-56, and the
content-data validation."""
import copy
import json
import os

import pytest

from tests.games.clash.engine.clash_helpers import GAME, IllegalAction, act, ev_of, lane, make, tc, tchamp

from engine.clash import cards
from engine.clash.cards import CARDS, CHAMPIONS, DECKS, STARTER, CardDataError, validate_bundle
from engine.clash.draft import build_problem, buildable_cards


def finish_decks(st, picks=None):
    while st["stage"] in ("deck_choice", "draft", "constructed"):
        for p in GAME.prompts(st):
            st, _ = GAME.apply(st, p.seat, GAME.legal_actions(st, p.seat)[0])
    return st


def test_gen_2_modes_and_seats():
    """CD-GEN-2 / CD-FMT-1: Solo (1 seat) and Duel (2 seats); 3-4 player modes are out of scope."""
    sch = GAME.options_schema()
    assert sch["mode"]["choices"] == ["duel", "solo"] and sch["format"]["choices"] == ["precon", "draft", "constructed"]
    assert GAME.min_seats == 1 and GAME.max_seats == 2
    assert GAME.setup(2, {}, 1)["mode"] == "duel" and GAME.setup(1, {}, 1)["mode"] == "solo"
    for seats, o in ((3, {}), (1, {"mode": "duel"}), (2, {"mode": "solo"})):
        with pytest.raises(IllegalAction) as e:
            GAME.setup(seats, o, 1)
        assert e.value.code == "clash.err.bad_options"


def test_gen_3_set_1_two_lanes_no_limit():
    """CD-GEN-3 / CD-SET-1: two lanes (top, bottom) with sides for each player and no limit on
    creatures per lane."""
    st = finish_decks(GAME.setup(2, {}, 3))
    v = GAME.view(st, None)
    assert list(v["lanes"]) == ["top", "bottom"] and v["lanes"]["top"] == [[], []]
    letters = " ".join("abcdefgh")
    s = make(hands={0: "F(B) " + letters + " x y z"}, mana=30)
    for c in "abcdefgh":
        s, _ = act(s, f"play {c} top")
    assert len(lane(s, "top", 0)) == 8


def test_gen_4_gen_5_card_types_and_fields():
    """CD-GEN-4 / CD-GEN-5: creature and spell cards with a cost; creatures have HP, AV and
    abilities; the fort card and bridges are not content cards."""
    for cid in STARTER:
        c = CARDS[cid]
        assert c["type"] in ("creature", "spell") and isinstance(c["cost"], int) and c["cost"] >= 0
        assert c["name"]["en"] and c["name"]["zh"]
        if c["type"] == "creature":
            assert c["hp"] >= 1 and c["av"] >= 0 and isinstance(c["abilities"], list)
        else:
            assert c["effect"]


def test_gen_6_gen_7_sides_and_turn_player():
    """CD-GEN-6 / CD-GEN-7: creatures stand on their controller's side and never cross; the
    turn player is the one prompted."""
    st = make(hands={0: "F(B) a b c"}, mana=5)
    s, _ = act(st, "play a bottom")
    assert [c["side"] for c in s["lanes"][1][0]] == [0]
    assert [p.seat for p in GAME.prompts(s)] == [0] and GAME.legal_actions(s, 1) == []


def test_fmt_3_amb_4_eight_distinct_cards_hand_of_nine():
    """CD-FMT-3 / CD-AMB-4: a deck is exactly 8 different cards; the hand is 9 with the fort."""
    for d, lst in DECKS.items():
        assert len(lst) == 8 and len(set(lst)) == 8
    assert len(STARTER) == 32 and len(set(STARTER)) == 32
    st = finish_decks(GAME.setup(2, {}, 8))
    assert all(len(p["hand"]) == 9 for p in st["players"])


def test_card_data_validation_errors():
    """CD-FMT-3 / CD-AUR-1 / CD-GEN-5: bad content data fails at load time with a clear error."""
    base = os.path.join(os.path.dirname(cards.__file__), "data")
    docs = [json.load(open(os.path.join(base, f), encoding="utf-8"))
            for f in ("cards.json", "decks.json", "champions.json", "difficulty.json")]
    assert validate_bundle(*docs)["decks"] == DECKS

    def broken(mut, match):
        d = copy.deepcopy(docs)
        mut(d)
        with pytest.raises(CardDataError, match=match):
            validate_bundle(*d)
    broken(lambda d: d[1]["decks"][0]["cards"].__setitem__(1, d[1]["decks"][0]["cards"][0]), "8 different")
    broken(lambda d: d[0]["cards"][0].__setitem__("hp", 0), "'hp'")
    broken(lambda d: d[0]["cards"][0].__setitem__("abilities", ["LASERS"]), "abilities")
    broken(lambda d: next(c for c in d[0]["cards"] if c["id"] == "grove_keeper").__setitem__("aura", []), "Aura")
    broken(lambda d: next(c for c in d[0]["cards"] if c["id"] == "fire_bolt").__setitem__("effect", [{"op": "nuke"}]),
           "unknown operation")
    broken(lambda d: d[3]["options"].__setitem__("ai_first", -1), "ai_first")
    broken(lambda d: d[1]["decks"].pop(), "4 preconstructed")


def test_fmt_4_amb_8_precon_choice_random_first_picker():
    """CD-FMT-4 / CD-AMB-8 / CD-SET-2: a random player picks first; the other picks from the
    remaining 3; the decks differ."""
    firsts = set()
    for seed in range(12):
        st = GAME.setup(2, {}, seed)
        first = GAME.prompts(st)[0].seat
        firsts.add(first)
        st, ev = GAME.apply(st, first, "deck ember")
        assert ev_of(ev, "deck_chosen") == [{"seat": first, "deck": "ember"}]
        assert [a["deck"] for a in GAME.legal_actions(st, 1 - first)] == ["tide", "grove", "shade"]
        with pytest.raises(IllegalAction) as e:
            GAME.apply(st, 1 - first, "deck ember")
        assert e.value.code == "clash.err.deck_taken"
        with pytest.raises(IllegalAction) as e:
            GAME.apply(st, 1 - first, "deck lava")
        assert e.value.code == "clash.err.unknown_deck"
        st, _ = GAME.apply(st, 1 - first, "deck shade")
        assert sorted(st["players"][first]["hand"][1:]) == sorted(DECKS["ember"])
        assert sorted(st["players"][1 - first]["hand"][1:]) == sorted(DECKS["shade"])
        assert GAME.view(st, None)["seats"][first]["deck"] == "ember"
    assert firsts == {0, 1}


def test_fmt_5_to_7_draft_amb_5_6_7():
    """CD-FMT-5 / CD-FMT-6 / CD-FMT-7 / CD-AMB-5 / CD-AMB-6 / CD-AMB-7: the common pile holds
    each creature/spell card once (house rule: the 32 starter cards); each round reveals 4,
    A takes 1, B 2, A the last; roles swap every round; 4 rounds give 8 each; player A is
    drawn at random, separately from the coin toss."""
    a_players = set()
    for seed in range(10):
        st = GAME.setup(2, {"format": "draft"}, seed)
        s = st["setup"]
        assert sorted(s["pile"] + s["revealed"]) == sorted(STARTER)
        A = s["A"]
        a_players.add(A)
        pattern = []
        while st["stage"] == "draft":
            p = GAME.prompts(st)[0]
            pattern.append(p.seat)
            st, ev = GAME.apply(st, p.seat, GAME.legal_actions(st, p.seat)[0])
        B = 1 - A
        assert pattern == [A, B, B, A, B, A, A, B, A, B, B, A, B, A, A, B]
        assert all(len(p["hand"]) == 9 for p in st["players"])
        used = st["players"][0]["hand"][1:] + st["players"][1]["hand"][1:]
        assert len(set(used)) == 16
    assert a_players == {0, 1}


def test_draft_view_public_picks_hidden_pile():
    """CD-FMT-6 and "Information and decisions": picks and revealed cards are public, the pile
    order is not."""
    st = GAME.setup(2, {"format": "draft"}, 4)
    pile = list(st["setup"]["pile"])
    v = GAME.view(st, None)
    assert v["draft"]["revealed"] == st["setup"]["revealed"] and v["draft"]["pile_size"] == 28
    for c in pile:
        assert f"'{c}'" not in repr(v)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, GAME.prompts(st)[0].seat, "pick " + pile[0])
    assert e.value.code == "clash.err.not_revealed"


def test_fmt_8_constructed_simultaneous_and_validated():
    """CD-FMT-8 / CD-FMT-3: each player privately and simultaneously submits 8 different cards
    from the starter cards; bad decks are rejected; a hidden deck is never shown."""
    st = GAME.setup(2, {"format": "constructed"}, 5)
    assert [(p.seat, p.kind) for p in GAME.prompts(st)] == [(0, "simultaneous"), (1, "simultaneous")]
    mine = STARTER[:8]
    for bad, why in ((STARTER[:7], "count"), (STARTER[:7] + STARTER[:1], "duplicate"),
                     (STARTER[:7] + ["champ_warlord"], "unknown")):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(st, 1, {"type": "build", "cards": bad})
        assert e.value.code == "clash.err.bad_build" and e.value.params["why"] == why
    st, ev = GAME.apply(st, 1, "build " + ",".join(mine))
    assert ev_of(ev, "deck_submitted") == [{"seat": 1}] and mine[0] not in repr(ev)
    for viewer in (None, 0):
        assert mine[3] not in repr(GAME.view(st, viewer))
    assert GAME.view(st, 1)["constructed"]["mine"] == mine
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, 1, "build " + ",".join(mine))
    assert e.value.code == "clash.err.already_submitted"
    st, _ = GAME.apply(st, 0, "build " + ",".join(mine))  # both may use the same cards
    assert st["stage"] == "play"
    assert sorted(st["players"][0]["hand"][1:]) == sorted(mine)


def test_fmt_8_cha_buildable_cards_leave_champions_out():
    """CD-FMT-3/8, CD-CHA: the cards a constructed deck may hold (what /clash build offers) are
    the 32 starter cards in card-data order, never a champion (data or registered) nor a card
    registered beside the starter set, and every one of them passes the engine's check."""
    champion, extra = tchamp(3, 3, name="tch_not_buildable"), tc(1, 1, name="t_not_buildable")
    offered = buildable_cards()
    assert sorted(offered) == sorted(STARTER) and offered == [c for c in CARDS if c in set(STARTER)]
    assert not any(CARDS[c]["champion"] for c in offered) and champion not in offered and extra not in offered
    assert all(c not in offered for c in CHAMPIONS)
    for i in range(0, len(offered), 8):
        assert build_problem(offered[i:i + 8]) is None
    assert build_problem(offered[:7] + [champion]) == "unknown"


def test_set_3_4_shuffled_deck_fort_leftmost():
    """CD-SET-3 / CD-SET-4: each deck is shuffled and taken into hand in that order; the fort
    card is at position 1 Bastion side up, d = 8."""
    orders = set()
    for seed in range(6):
        st = finish_decks(GAME.setup(2, {}, seed))
        for p in st["players"]:
            assert p["hand"][0] == "FORT" and p["side"] == "bastion" and len(p["hand"]) == 9
        orders.add(tuple(st["players"][0]["hand"]))
    assert len(orders) > 1


def test_set_5_coin_toss():
    """CD-SET-5: a coin toss decides the first player (both outcomes occur; forced RNG works)."""
    seen = set()
    for seed in range(16):
        st = finish_decks(GAME.setup(2, {}, seed))
        seen.add(st["first_player"])
        assert st["turn_player"] == st["first_player"]
    assert seen == {0, 1}


def test_set_6_amb_56_hand_never_reordered():
    """CD-SET-6 / CD-AMB-56: there is no action that reorders a hand; the order only changes
    as the rules move cards."""
    st = finish_decks(GAME.setup(2, {}, 2))
    tp = st["turn_player"]
    verbs = {a["type"] for a in GAME.legal_actions(st, tp)}
    assert verbs <= {"play", "end", "champion"}
    before = [c for c in st["players"][1 - tp]["hand"]]
    s, _ = act(st, "end")
    assert s["players"][1 - tp]["hand"] == before


def test_options_schema_shape():
    """CD-FMT-1: options name -> {choices, default}; mode, format, champions and the custom
    difficulty options."""
    sch = GAME.options_schema()
    for name in ("mode", "format", "champions", "solo_game", "ai_modifier", "ai_base_mana", "ai_first",
                 "ai_defence", "ai_abilities", "level", "pause_phase3"):
        assert "choices" in sch[name] and "default" in sch[name]
    assert sch["ai_abilities"]["multiple"] is True
