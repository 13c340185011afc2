"""The engine contract: purity, JSON states, replays, notation, views, events, timeouts,
concession, results, the bot and playouts."""
import copy
import json
import random

import pytest

from tests.games.clash.engine.clash_helpers import GAME, IllegalAction, make

from engine.base import Event, Prompt, Result
from engine.clash import GAME as G2
from engine.clash.cards import CARDS, COST
from engine.playout import playout
from engine.clash.state import FORT

CONFIGS = [
    (2, {}),
    (2, {"format": "draft"}),
    (2, {"format": "constructed", "champions": True, "pause_phase3": True}),
    (2, {"format": "draft", "champions": True}),
    (1, {"mode": "solo"}),
    (1, {"mode": "solo", "format": "draft"}),
    (1, {"mode": "solo", "format": "draft", "solo_game": "custom", "ai_first": True, "ai_base_mana": 7,
         "ai_abilities": ["VANISH", "RETALIATE"], "champions": True}),
]


def random_playout(seed):
    """A duel of uniformly random legal moves (engine.playout, in place), cut off after 5,000
    moves; the move chooser's seed is the one the old engine/clash/playout.py used."""
    return playout(GAME, 2, seed, rng=random.Random(seed ^ 0xC1A5), stop_after=5000).state


def random_game(seats, options, seed, max_actions=400):
    """Play random legal actions; return (final state, [(seat, notation)], all events)."""
    st = GAME.setup(seats, options, seed)
    rnd = random.Random(seed)
    log, events = [], []
    for _ in range(max_actions):
        if GAME.result(st) is not None:
            break
        ps = GAME.prompts(st)
        seat = rnd.choice(ps).seat
        a = rnd.choice(GAME.legal_actions(st, seat))
        st, ev = GAME.apply(st, seat, a)
        log.append((seat, GAME.format_action(a)))
        events.append((st, ev))
    return st, log, events


def test_game_object_contract():
    """The exported GAME implements every method of engine.base.Game plus concede."""
    assert GAME is G2 and GAME.id == "clash"
    for m in ("options_schema", "setup", "prompts", "legal_actions", "apply", "view", "result", "format_action",
              "parse_action", "bot_action", "timeout_action", "concede"):
        assert callable(getattr(GAME, m))
    st = GAME.setup(2, {}, 1)
    assert all(isinstance(p, Prompt) for p in GAME.prompts(st))
    assert st["schema"] == 1


@pytest.mark.parametrize("seats,options", CONFIGS)
def test_json_roundtrip_replay_and_purity(seats, options):
    """States are JSON values; replaying the formatted log from the seed reproduces the state;
    apply never mutates its input."""
    for seed in (1, 2):
        st, log, _ = random_game(seats, options, seed)
        assert json.loads(json.dumps(st)) == st
        r = GAME.setup(seats, options, seed)
        for seat, text in log:
            before = copy.deepcopy(r)
            r2, ev = GAME.apply(r, seat, GAME.parse_action(text))
            assert r == before  # the input is untouched
            assert all(isinstance(e, Event) for e in ev)
            r = r2
        assert r == st


@pytest.mark.parametrize("seats,options", CONFIGS)
def test_notation_roundtrip_for_every_legal_action(seats, options):
    """format(parse(s)) == s and parse(format(a)) == a for every legal action seen."""
    st = GAME.setup(seats, options, 7)
    rnd = random.Random(7)
    n = 0
    while GAME.result(st) is None and n < 300:
        seat = rnd.choice(GAME.prompts(st)).seat
        legal = GAME.legal_actions(st, seat)
        for a in legal:
            s = GAME.format_action(a)
            assert GAME.parse_action(s) == a and GAME.format_action(GAME.parse_action(s)) == s
        st, _ = GAME.apply(st, seat, rnd.choice(legal))
        n += 1


def test_notation_examples_and_errors():
    """The documented examples parse; parsing is lenient on case/spaces; errors raise
    clash.err.bad_notation."""
    ex = {"play ember_drake top": {"type": "play", "card": "ember_drake", "lane": "top"},
          "play frost_bolt @1.top.1": {"type": "play", "card": "frost_bolt", "target": [1, "top", 1]},
          "play shade_rider on @0.top.2": {"type": "play", "card": "shade_rider", "on": [0, "top", 2]},
          "champion top": {"type": "champion", "lane": "top"},
          "champion on @1.bottom.3": {"type": "champion", "on": [1, "bottom", 3]},
          "end": {"type": "end"}, "go": {"type": "go"}, "deck ember": {"type": "deck", "deck": "ember"},
          "pick frost_bolt": {"type": "pick", "card": "frost_bolt"},
          "build a,b,c,d,e,f,g,h": {"type": "build", "cards": list("abcdefgh")},
          "choose champ_warlord": {"type": "choose", "champion": "champ_warlord"}}
    for text, a in ex.items():
        assert GAME.parse_action(text) == a and GAME.format_action(a) == text
    assert GAME.parse_action("  PLAY   Ember_Drake   TOP ") == ex["play ember_drake top"]
    assert GAME.parse_action("build a, b,c,d,e,f,g,h") == ex["build a,b,c,d,e,f,g,h"]
    for bad in ("", "play", "play x", "fly away", "play x @2.top.1", "play x @1.mid.1", "play x @1.top.0",
                "build a,,b", "end now", "champion", "play x on top", "deck"):
        with pytest.raises(IllegalAction) as e:
            GAME.parse_action(bad)
        assert e.value.code == "clash.err.bad_notation"
    st = GAME.setup(2, {}, 1)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, GAME.prompts(st)[0].seat, "deck of cards please")
    assert e.value.code == "clash.err.bad_notation"


def test_illegal_actions_change_nothing():
    """Illegal actions raise IllegalAction with a code, the English message and the legal
    list, and leave the state unchanged."""
    st = make(hands={0: "F(B) a b c d e"}, mana=2)
    before = copy.deepcopy(st)
    cases = [(1, "end", "clash.err.not_your_turn"), (0, "play e top", "clash.err.not_in_window"),
             (0, "play zzz top", "clash.err.unknown_card"), (0, "play fire_bolt top", "clash.err.not_in_hand"),
             (0, "deck ember", "clash.err.wrong_stage"), (0, "go", "clash.err.not_paused"),
             (0, "champion top", "clash.err.no_champion"), (0, {"type": "fly"}, "clash.err.bad_action"),
             (0, "play a on @1.top.1", "clash.err.not_possess"), (0, 42, "clash.err.bad_action")]
    for seat, action, code in cases:
        with pytest.raises(IllegalAction) as e:
            GAME.apply(st, seat, action)
        assert e.value.code == code, (action, e.value.code)
        assert e.value.message
        assert st == before
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, 0, "play a on @1.top.1")
    assert "play a top" in e.value.legal and "end" in e.value.legal


def _public_ids(st):
    ids = set()
    for lane in st["lanes"]:
        for side in lane:
            for c in side:
                ids.add(c["card"])
                if c["host"]:
                    ids.add(c["host"])
    if st.get("ai"):
        ids.update(st["ai"]["discard"])
    for p in st["players"]:
        if p.get("champion") and st["stage"] != "champion":
            ids.add(p["champion"]["card"])
    if st["stage"] == "draft":
        ids.update(st["setup"]["revealed"])
        for lst in st["setup"]["picked"]:
            ids.update(lst)
    return ids


def _hidden_ids(st, viewer):
    """Card ids the viewer must not learn: other hands, the AI deck, the draft pile, hidden
    constructed decks and unrevealed champions."""
    hidden = set()
    for seat, p in enumerate(st["players"]):
        if seat != viewer:
            hidden.update(c for c in p["hand"] if c != FORT)
    if st.get("ai"):
        hidden.update(st["ai"]["deck"])
    s = st.get("setup") or {}
    if st["stage"] == "draft":
        hidden.update(s["pile"])
    if st["stage"] == "constructed":
        for seat, b in enumerate(s["built"]):
            if b and seat != viewer:
                hidden.update(b)
    if st["stage"] == "champion":
        for seat, c in enumerate(s["champion_pick"]):
            if c and seat != viewer:
                hidden.add(c)
    if viewer is not None and viewer < len(st["players"]):
        hidden -= set(st["players"][viewer]["hand"])
    return hidden - _public_ids(st)


@pytest.mark.parametrize("seats,options", CONFIGS)
def test_views_never_leak_hidden_cards(seats, options):
    """CD-HAND-1 and "Information and decisions": the public view and an opponent's view never
    contain another player's hand cards, a hidden constructed deck, an unrevealed champion,
    the draft pile order or the AI deck order."""
    for seed in (3, 4):
        st = GAME.setup(seats, options, seed)
        rnd = random.Random(seed)
        for _ in range(250):
            for viewer in (None, 0, 1):
                text = json.dumps(GAME.view(st, viewer))
                for cid in _hidden_ids(st, viewer):
                    assert f'"{cid}"' not in text, (viewer, cid, st["stage"])
            if GAME.result(st) is not None:
                break
            seat = rnd.choice(GAME.prompts(st)).seat
            st, _ = GAME.apply(st, seat, rnd.choice(GAME.legal_actions(st, seat)))
        v = GAME.view(st, None)
        assert v["game"] == "clash" and set(v["seats"][0]) >= {"seat", "is_ai", "hand_size", "fort_pos", "fort_side",
                                                                "health", "mana", "hand", "champion", "deck"}


REVEALING = {"card_played": ("card",), "summoned": ("card",), "ai_reveal": ("card",), "draft_reveal": ("cards",),
             "draft_pick": ("card",), "draft_ai_cards": ("cards",), "ai_discard": ("card",),
             "champions_revealed": ("cards",), "possessed": ("card", "host"), "draft_done": ("picked",)}


def _ids_in(x):
    if isinstance(x, str):
        return {x} if x in CARDS else set()
    if isinstance(x, dict):
        return set().union(*(_ids_in(v) for v in x.values())) if x else set()
    if isinstance(x, list):
        return set().union(*(_ids_in(v) for v in x)) if x else set()
    return set()


@pytest.mark.parametrize("seats,options", CONFIGS)
def test_events_never_reveal_hidden_hand_cards(seats, options):
    """Event params name only cards that are public (played, on the board, revealed, returned
    from the board). Every Clash event is public: ``visible_to`` is None (engine.base.Event)
    and no event carries an ad hoc ``private_to`` parameter."""
    for seed in (5, 6):
        st = GAME.setup(seats, options, seed)
        public = set(_public_ids(st))
        rnd = random.Random(seed)
        for _ in range(300):
            if GAME.result(st) is not None:
                break
            seat = rnd.choice(GAME.prompts(st)).seat
            st, evs = GAME.apply(st, seat, rnd.choice(GAME.legal_actions(st, seat)))
            for e in evs:
                assert e.visible_to is None and e.public and "private_to" not in e.params, e
                for key in REVEALING.get(e.kind, ()):
                    public |= _ids_in(e.params.get(key))
                leaked = _ids_in(e.params) - public
                assert not leaked, (e.kind, leaked)
            public |= _public_ids(st)


def test_timeout_defaults():
    """Timeout defaults ("Information and decisions"): end phase 2 and never play a card;
    resume a paused phase 3; draft: highest cost, ties by reveal order; deck choice,
    constructed deck and champion: random legal choices."""
    st = make(hands={0: "F(B) a b c"}, mana=9)
    assert GAME.timeout_action(st, 0) == {"type": "end"}
    st = GAME.setup(2, {"format": "draft"}, 3)
    seat = GAME.prompts(st)[0].seat
    rev = st["setup"]["revealed"]
    a = GAME.timeout_action(st, seat)
    best = max(COST[c] for c in rev)
    assert a == {"type": "pick", "card": next(c for c in rev if COST[c] == best)}
    st = GAME.setup(2, {}, 3)
    seat = GAME.prompts(st)[0].seat
    assert GAME.timeout_action(st, seat) in GAME.legal_actions(st, seat)
    st = GAME.setup(2, {"format": "constructed", "champions": True}, 3)
    a = GAME.timeout_action(st, 0)
    assert a["type"] == "build" and len(a["cards"]) == 8
    st, _ = GAME.apply(st, 0, a)
    st, _ = GAME.apply(st, 1, GAME.timeout_action(st, 1))
    assert st["stage"] == "champion"
    a = GAME.timeout_action(st, 1)
    assert a in GAME.legal_actions(st, 1)
    with pytest.raises(IllegalAction):
        GAME.timeout_action(make(tp=0), 1)


def test_concede_and_result():
    """concede records a resignation or timeout; result() is the single source of truth."""
    st = make()
    assert GAME.result(st) is None
    s, ev = GAME.concede(st, 0, "timeout")
    r = GAME.result(s)
    assert isinstance(r, Result) and r.winners == [1] and r.placements == [[1], [0]] and r.reason == "timeout"
    assert ev[0].kind == "game_over" and GAME.view(s, None)["result"] == {"winners": [1], "reason": "timeout"}
    assert GAME.result(st) is None  # pure
    with pytest.raises(IllegalAction):
        GAME.concede(s, 1, "resigned")
    solo = make(mode="solo", ai_deck=["x0"])
    s, _ = GAME.concede(solo, 0, "resigned")
    assert GAME.result(s).winners == [1]
    with pytest.raises(IllegalAction):
        GAME.concede(solo, 1, "resigned")


def test_bot_beats_random_player():
    """The bot wins at least 80% of Duels against a uniformly random legal player over a fixed
    set of seeds (both seats)."""
    wins = 0
    n = 40
    for seed in range(n):
        bot_seat = seed % 2
        st = GAME.setup(2, {}, 1000 + seed)
        rnd = random.Random(seed)
        while GAME.result(st) is None:
            seat = GAME.prompts(st)[0].seat
            a = GAME.bot_action(st, seat) if seat == bot_seat else rnd.choice(GAME.legal_actions(st, seat))
            st, _ = GAME.apply(st, seat, a)
        wins += GAME.result(st).winners == [bot_seat]
    assert wins / n >= 0.8, wins


def test_bot_handles_every_stage():
    """bot_action returns a legal action in every stage and mode."""
    for seats, options in CONFIGS:
        st = GAME.setup(seats, options, 11)
        for _ in range(60):
            if GAME.result(st) is not None:
                break
            p = GAME.prompts(st)[0]
            a = GAME.bot_action(st, p.seat)
            if a["type"] != "build":
                assert a in GAME.legal_actions(st, p.seat)
            st, _ = GAME.apply(st, p.seat, a)


def test_random_playouts_finish():
    """engine.playout plays random legal actions to the end, at every seed tried (its speed is
    a bench figure, clash.playouts_per_s, not a test)."""
    for seed in range(100):
        assert random_playout(seed)["result"] is not None
