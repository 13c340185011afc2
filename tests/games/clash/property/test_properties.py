"""Property tests for the Clash of Decks engine (Hypothesis).

Random sequences of legal and illegal actions, in every mode and format, must keep the
invariants: cards are conserved across hands, board and AI zones; each fort card stays in
its hand; mana is never negative; health matches the hand; no creature on the board has
lethal damage; illegal actions raise IllegalAction and change nothing; states round-trip
through JSON; the public view never names a hidden card.
"""
import json
import os
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine.base import IllegalAction  # noqa: E402
from engine.clash import GAME, board  # noqa: E402
from engine.clash.cards import CARDS, STARTER  # noqa: E402
from engine.clash.state import FORT  # noqa: E402

CONFIGS = [
    (2, {}),
    (2, {"format": "draft"}),
    (2, {"format": "constructed", "champions": True, "pause_phase3": True}),
    (1, {"mode": "solo"}),
    (1, {"mode": "solo", "format": "draft", "solo_game": "custom", "ai_base_mana": 8,
         "ai_abilities": ["FRENZY", "VANISH", "RETALIATE", "SWEEP"], "champions": True}),
]

CARD_IDS = sorted(STARTER) + ["champ_warlord", "nonexistent_card"]
GARBAGE = hs.one_of(
    hs.builds(lambda c, l: f"play {c} {l}", hs.sampled_from(CARD_IDS), hs.sampled_from(["top", "bottom", "middle"])),
    hs.builds(lambda c, s, l, p: f"play {c} @{s}.{l}.{p}", hs.sampled_from(CARD_IDS), hs.integers(0, 1),
              hs.sampled_from(["top", "bottom"]), hs.integers(1, 5)),
    hs.builds(lambda c, s, p: f"play {c} on @{s}.top.{p}", hs.sampled_from(CARD_IDS), hs.integers(0, 1),
              hs.integers(1, 4)),
    hs.sampled_from(["end", "go", "champion top", "deck ember", "deck lava", "pick fire_bolt", "choose champ_phoenix",
                     "build a,b", "", "jump", {"type": "end", "x": 1}, {"type": "play"}, None, 7]),
    hs.text(max_size=12),
)


def card_total(st):
    n = 0
    for p in st["players"]:
        n += sum(1 for c in p["hand"] if c != FORT)
    for lane in st["lanes"]:
        for side in lane:
            for c in side:
                n += 0 if c["ch"] else 1
                if c["host"] is not None:
                    n += 0 if c["hch"] else 1
    if st.get("ai"):
        n += len(st["ai"]["deck"]) + len(st["ai"]["discard"])
    return n


def check_invariants(st):
    assert json.loads(json.dumps(st)) == st
    if st["stage"] != "play" and st["stage"] != "finished":
        return
    finished = st["result"] is not None
    expected = 16 if st["mode"] == "duel" else 32
    total = card_total(st)
    assert total == expected or (finished and total == expected - 1), (total, expected)
    view = GAME.view(st, None)
    uids = set()
    for seat, p in enumerate(st["players"]):
        assert p["mana"] >= 0
        if st["mode"] == "solo" and seat == 1:
            assert p["hand"] == []
            assert view["seats"][1]["health"] == len(st["ai"]["deck"])
            if not finished:
                assert st["ai"]["deck"]
            continue
        assert p["hand"].count(FORT) == 1
        h = p["hand"]
        assert view["seats"][seat]["health"] == len(h) - 1 - h.index(FORT)
        assert view["seats"][seat]["fort_pos"] == h.index(FORT) + 1
        if not finished:
            assert h[-1] != FORT and len(h) >= 2  # CD-HAND-6/7 never left pending
    for li in (0, 1):
        for side in (0, 1):
            for c in st["lanes"][li][side]:
                assert c["uid"] not in uids
                uids.add(c["uid"])
                assert c["side"] == side
                if not finished:
                    assert c["dmg"] < board.hp(c)
    if st["turn_player"] is not None and not finished:
        other = 1 - st["turn_player"]
        assert st["players"][other]["mana"] == 0


def hidden_ids(st):
    hidden = set()
    for p in st["players"]:
        hidden.update(c for c in p["hand"] if c != FORT)
    if st.get("ai"):
        hidden.update(st["ai"]["deck"])
    if st["stage"] == "draft":
        hidden.update(st["setup"]["pile"])
    if st["stage"] == "constructed":
        for b in st["setup"]["built"]:
            hidden.update(b or [])
    if st["stage"] == "champion":
        hidden.update(c for c in st["setup"]["champion_pick"] if c)
    public = set()
    for lane in st["lanes"]:
        for side in lane:
            for c in side:
                public.update(x for x in (c["card"], c["host"]) if x)
    if st.get("ai"):
        public.update(st["ai"]["discard"])
    if st["stage"] == "draft":
        public.update(st["setup"]["revealed"])
        for lst in st["setup"]["picked"]:
            public.update(lst)
    for p in st["players"]:
        if p.get("champion"):
            public.add(p["champion"]["card"])
    return hidden - public


@settings(max_examples=100, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(hs.data())
def test_random_legal_and_illegal_sequences_keep_invariants(data):
    cfg = data.draw(hs.integers(0, len(CONFIGS) - 1))
    seats, options = CONFIGS[cfg]
    seed = data.draw(hs.integers(0, 10_000))
    st = GAME.setup(seats, options, seed)
    check_invariants(st)
    for _ in range(data.draw(hs.integers(5, 120))):
        if GAME.result(st) is not None:
            break
        prompts = GAME.prompts(st)
        assert prompts
        seat = data.draw(hs.sampled_from([p.seat for p in prompts]))
        if data.draw(hs.booleans()) and data.draw(hs.booleans()):
            bad = data.draw(GARBAGE)
            wrong_seat = data.draw(hs.sampled_from([0, 1]))
            snapshot = json.dumps(st, sort_keys=True)
            try:
                st2, _ = GAME.apply(st, wrong_seat, bad)
            except IllegalAction as e:
                assert e.code.startswith("clash.err.")
                assert json.dumps(st, sort_keys=True) == snapshot
            else:
                # a garbage action can be legal by chance; it must then be a legal action
                assert json.dumps(st, sort_keys=True) == snapshot
                st = st2
                check_invariants(st)
            continue
        legal = GAME.legal_actions(st, seat)
        assert legal
        a = data.draw(hs.sampled_from(legal))
        st, _ = GAME.apply(st, seat, a)
        check_invariants(st)


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(hs.integers(0, len(CONFIGS) - 1), hs.integers(0, 10_000), hs.lists(hs.integers(0, 10_000), min_size=20, max_size=150))
def test_public_view_contains_no_hidden_card_ids(cfg, seed, choices):
    seats, options = CONFIGS[cfg]
    st = GAME.setup(seats, options, seed)
    for k in choices:
        text = json.dumps(GAME.view(st, None))
        for cid in hidden_ids(st):
            assert f'"{cid}"' not in text, cid
        if GAME.result(st) is not None:
            break
        prompts = GAME.prompts(st)
        seat = prompts[k % len(prompts)].seat
        legal = GAME.legal_actions(st, seat)
        st, _ = GAME.apply(st, seat, legal[k % len(legal)])


@settings(max_examples=60, deadline=None, database=None)
@given(hs.integers(0, 10_000), hs.lists(hs.integers(0, 10_000), min_size=10, max_size=80))
def test_state_round_trips_and_replays(seed, choices):
    st = GAME.setup(2, {}, seed)
    log = []
    for k in choices:
        if GAME.result(st) is not None:
            break
        seat = GAME.prompts(st)[0].seat
        legal = GAME.legal_actions(st, seat)
        a = legal[k % len(legal)]
        log.append((seat, GAME.format_action(a)))
        st, _ = GAME.apply(json.loads(json.dumps(st)), seat, a)
    again = GAME.setup(2, {}, seed)
    for seat, text in log:
        again, _ = GAME.apply(again, seat, text)
    assert again == st
    assert all(c in CARDS for c in STARTER)
