"""The engine contract: JSON states, replays, purity, notation of every legal action, prompts,
timeouts, concession, continue, and random-legal playouts that finish."""
import copy
import json
import random

import pytest

from tests.games.evs.engine.evs_helpers import EMPIRE, STEPPE, IllegalAction, scenario

from engine.base import Event, Prompt, Result
from engine.evs import GAME, EvsGame
from engine.playout import playout, random_seat

CONFIGS = [{}, {"advanced": "on"}, {"hands": "pick"}, {"terrain": "on"}, {"morale": "on"},
           {"terrain": "on", "morale": "on", "advanced": "on"}]


def random_playout(seed, options=None, max_actions=20000):
    """Uniformly random legal moves by a randomly chosen prompted seat (engine.playout, in
    place), cut off after ``max_actions`` moves; the chooser's seed is the old
    engine/evs/playout.py's."""
    rnd = random.Random(seed ^ 0xE5)
    return playout(GAME, 2, seed, options=options, rng=rnd, pick_seat=random_seat(rnd), stop_after=max_actions).state


def random_game(options, seed, max_actions=3000):
    st = GAME.setup(2, options, seed)
    rnd = random.Random(seed)
    log = []
    for _ in range(max_actions):
        if GAME.result(st) is not None:
            break
        ps = GAME.prompts(st)
        seat = rnd.choice(ps).seat
        a = rnd.choice(GAME.legal_actions(st, seat))
        st, _ = GAME.apply(st, seat, a)
        log.append((seat, GAME.format_action(a)))
    return st, log


def test_game_object_contract():
    """GAME implements every method of engine.base.Game plus concede."""
    assert isinstance(GAME, EvsGame) and GAME.id == "evs" and (GAME.min_seats, GAME.max_seats) == (2, 2)
    for m in ("options_schema", "seat_range", "setup", "prompts", "legal_actions", "apply", "view", "result",
              "format_action", "parse_action", "bot_action", "timeout_action", "concede", "action_info",
              "log_text", "log_hidden", "continue_action"):
        assert callable(getattr(GAME, m))
    sch = GAME.options_schema()
    assert {k: v["default"] for k, v in sch.items()} == {"advanced": "off", "hands": "standard", "factions": "random",
                                                        "terrain": "off", "morale": "off"}
    st = GAME.setup(2, {}, 1)
    assert all(isinstance(p, Prompt) for p in GAME.prompts(st)) and st["schema"] == 1


@pytest.mark.parametrize("options", CONFIGS)
def test_json_roundtrip_replay_and_purity(options):
    """States are JSON values; replaying the log from the seed reproduces the state; apply never
    mutates its input and returns Events."""
    st, log = random_game(options, 11, max_actions=400)
    assert json.loads(json.dumps(st)) == st
    r = GAME.setup(2, options, 11)
    for seat, text in log:
        before = copy.deepcopy(r)
        r2, ev = GAME.apply(r, seat, GAME.parse_action(text))
        assert r == before and all(isinstance(e, Event) for e in ev)
        r = r2
    assert r == st


@pytest.mark.parametrize("options", CONFIGS[:3])
def test_notation_round_trip_of_every_legal_action_and_prompts(options):
    """format(parse(s)) == s and parse(format(a)) == a for every legal action seen; every prompted
    seat has a legal action and only prompted seats have any."""
    st = GAME.setup(2, options, 5)
    rnd = random.Random(5)
    for _ in range(250):
        if GAME.result(st):
            break
        ps = GAME.prompts(st)
        assert ps
        for seat in (0, 1):
            legal = GAME.legal_actions(st, seat)
            assert bool(legal) == (seat in {p.seat for p in ps})
            for a in legal:
                text = GAME.format_action(a)
                assert GAME.parse_action(text) == a and GAME.format_action(GAME.parse_action(text)) == text
        seat = rnd.choice(ps).seat
        st, _ = GAME.apply(st, seat, rnd.choice(GAME.legal_actions(st, seat)))


@pytest.mark.parametrize("options", CONFIGS)
def test_timeouts_bot_and_continue_are_legal(options):
    """timeout_action, bot_action and continue_action always give legal moves (decision table
    defaults: standard set, random first vanguard unit then pass, Deploy + Action, done, no
    defence); a game of timeouts and bots finishes."""
    st = GAME.setup(2, options, 3)
    rnd = random.Random(3)
    for _ in range(3000):
        if GAME.result(st):
            break
        seat = GAME.prompts(st)[0].seat
        legal = GAME.legal_actions(st, seat)
        for f in (GAME.timeout_action, GAME.bot_action):
            assert f(st, seat) in legal
        c = GAME.continue_action(st, seat)
        assert c is None or c in legal
        a = GAME.timeout_action(st, seat) if rnd.random() < 0.3 else GAME.bot_action(st, seat)
        st, _ = GAME.apply(st, seat, a)
    assert GAME.result(st) is not None


def test_illegal_actions_change_nothing():
    """apply raises IllegalAction for an illegal or malformed move and leaves the state alone."""
    st = scenario(units=[(EMPIRE, "legionary", "C3"), (STEPPE, "lancer", "F3")], declared=None)
    before = copy.deepcopy(st)
    for bad in ("done", "play advance u1 pay testudo", {"type": "declare"}, {"type": "zap"}, None, 7,
                "declare deploy deploy", "nodefend"):
        with pytest.raises(IllegalAction):
            GAME.apply(st, EMPIRE, bad)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, STEPPE, "declare deploy action")
    assert e.value.code == "evs.err.not_your_turn" and e.value.legal == []
    assert st == before


def test_concede_and_result():
    st = GAME.setup(2, {}, 1)
    st2, ev = GAME.concede(st, 0, "timeout")
    assert GAME.result(st2) == Result(winners=[1], placements=[[1], [0]], reason="timeout",
                                      figures={"turns": 0, "track": [0, 0], "units": [0, 0]})
    assert ev[0].kind == "game_over"
    with pytest.raises(IllegalAction):
        GAME.concede(st2, 1, "resigned")
    with pytest.raises(IllegalAction):
        GAME.apply(st2, 1, "pass")


@pytest.mark.parametrize("options", [c for c in CONFIGS if c.get("morale") != "on"])
def test_random_legal_playouts_finish(options):
    """Random legal play finishes (ES-END: every damage shakes, the markers only move forward in
    the base game)."""
    for seed in range(3):
        st = random_playout(seed, options, max_actions=20000)
        assert st["result"] is not None, (options, seed)


@pytest.mark.parametrize("options", [c for c in CONFIGS if c.get("morale") == "on"])
def test_random_legal_playouts_with_morale_keep_going(options):
    """ES-END-5, ES-MX-16: with the Morale expansion reaching the collapse square no longer loses
    and random players Rally away most debuffs (every payment is a legal action of its own), so
    random games mostly end by annihilation, after thousands of turns; they play on without
    error, and some end within the cap."""
    for seed in range(3):
        st = random_playout(seed, options, max_actions=4000)
        assert st["result"] is not None or (st["phase"] == "turn" and st["turn"] > 100)
    st = random_playout(19, {"morale": "on"}, max_actions=20000)  # a seed that ends within the cap (content-dependent)
    assert st["result"] is not None and st["result"]["reason"] == "annihilated"


