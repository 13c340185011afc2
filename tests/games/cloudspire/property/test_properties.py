"""Property tests: random full games (bots mixed with random legal moves) for 2, 3, 4 players
and 2 vs 2 end without error and keep the invariants; the public view never leaks."""
import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st_

from engine.cloudspire import GAME, game as G
from engine.cloudspire.bot import bot_action
from engine.cloudspire.state import spire_cap, occupancy

OPTION_SETS = [{}, {"events": "off"}, {"faster_market": "on", "faster_build": "on", "faster_prep": "on"},
               {"faster_short": "on"}, {"relics": "first_game", "spire_policy": "heroes_first"},
               {"spire_policy": "manual", "levelup_policy": "manual"}]


def check_invariants(st):
    cap = spire_cap(st)
    for p in st["players"]:
        assert 0 <= p["source"] <= p["cap"]
        assert p["gate"] >= 0
        assert sum(1 for s in st["spires"].values() if s["owner"] == p["seat"]) <= cap
    for u in st["units"].values():
        assert u["hp"] >= 1
    placed = [u["pos"] for u in st["units"].values() if u["pos"] is not None]
    placed += [s["pos"] for s in st["spires"].values()] + [l["pos"] for l in st["landmarks"].values()]
    assert len(placed) == len(set(placed))
    for k, v in st["supply"].items():
        assert v >= 0


def check_public_view(st):
    v = GAME.view(st, None)
    txt = json.dumps(v)
    for l in st["landmarks"].values():
        if not l["revealed"]:
            assert f'"{l["type"]}"' not in txt
    for s, ids in enumerate(st["stacks"]):
        for uid in ids[1:]:
            assert f'"{uid}"' not in txt
        for uid in ids[:1]:
            members = st["units"][uid].get("members") or []
            assert "members" not in (v["stacks"][s]["top"] or {})
    for sd in v["stacks"]:
        assert "entries" not in sd
    assert "relics" not in json.dumps(v["players"]) .replace("relic_count", "").replace("relic_effects", "")


def play(seed, seats, options, mix):
    rnd = random.Random(seed)
    st = GAME.setup(seats, options, seed)
    n = 0
    while st["phase"] != "over":
        seat = G.acting_seats(st)[0]
        if rnd.random() < mix:
            legal = GAME.legal_actions(st, seat)
            a = rnd.choice(legal)
        else:
            a = bot_action(st, seat)
        G.apply_inplace(st, seat, a, check=True)
        n += 1
        if n % 7 == 0:
            check_invariants(st)
            check_public_view(st)
        assert n < 20000
    check_invariants(st)
    assert GAME.result(st) is not None
    assert json.loads(json.dumps(st)) == st
    return st


SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(max_examples=6, **SETTINGS)
@given(seed=st_.integers(0, 10 ** 6), opt=st_.sampled_from(OPTION_SETS), mix=st_.sampled_from([0.0, 0.15]))
def test_two_player_games_end_cleanly(seed, opt, mix):
    play(seed, 2, opt, mix)


@settings(max_examples=3, **SETTINGS)
@given(seed=st_.integers(0, 10 ** 6), opt=st_.sampled_from(OPTION_SETS), mix=st_.sampled_from([0.0, 0.1]))
def test_three_player_games_end_cleanly(seed, opt, mix):
    play(seed, 3, opt, mix)


@settings(max_examples=3, **SETTINGS)
@given(seed=st_.integers(0, 10 ** 6), opt=st_.sampled_from(OPTION_SETS), mix=st_.sampled_from([0.0, 0.1]))
def test_four_player_games_end_cleanly(seed, opt, mix):
    play(seed, 4, opt, mix)


@settings(max_examples=3, **SETTINGS)
@given(seed=st_.integers(0, 10 ** 6), mix=st_.sampled_from([0.0, 0.1]))
def test_two_vs_two_games_end_cleanly(seed, mix):
    """CS-TEAM-5, CS-TEAM-6: team games end with a team result."""
    st = play(seed, 4, {"mode": "teams"}, mix)
    w = GAME.result(st).winners
    assert w in ([0, 2], [1, 3], [0, 1, 2, 3])


@settings(max_examples=3, **SETTINGS)
@given(seed=st_.integers(0, 10 ** 6))
def test_guided_setup_games(seed):
    """CS-SET-10, CS-SET-11: random legal guided setups play through."""
    play(seed, 2 + seed % 3, {"map": "guided", "factions": "pick"}, 0.0)


@settings(max_examples=4, **SETTINGS)
@given(seed=st_.integers(0, 10 ** 6), seats=st_.sampled_from([2, 3, 4]))
def test_timeout_defaults_are_legal(seed, seats):
    """timeout_action always returns a legal action (the spec's default policies)."""
    from engine.cloudspire.bot import timeout_action
    st = GAME.setup(seats, {}, seed)
    n = 0
    while st["phase"] != "over" and n < 3000:
        seat = G.acting_seats(st)[0]
        a = timeout_action(st, seat)
        G.apply_inplace(st, seat, a, check=True)
        n += 1


DESIGNED = [(2, {"mode": "solo"}), (3, {"mode": "solo", "encounter": "sundered_spire", "difficulty": "hard"}),
            (4, {"mode": "solo", "encounter": "three_crowns", "factions": "pick"}),
            (3, {"mode": "coop", "encounter": "well_of_aun", "difficulty": "easy"}),
            (4, {"mode": "coop", "encounter": "roots_lightning"}), (4, {"mode": "endless", "difficulty": "hard"})]


@settings(max_examples=6, **SETTINGS)
@given(seed=st_.integers(0, 10 ** 6), case=st_.sampled_from(DESIGNED), mix=st_.sampled_from([0.0, 0.15]))
def test_designed_games_end_cleanly_with_a_side_winning(seed, case, mix):
    """CS-DM-5, CS-DM-15: solo, co-op and endless games (bots mixed with random legal moves)
    keep the invariants (the mode's spire cap, CS-DM-2), never leak into the public view, and
    end with the people or the Cloud winning, the objective's outcome in the figures."""
    seats, options = case
    st = play(seed, seats, options, mix)
    r = GAME.result(st)
    people, cloud = GAME.team_seats(options, seats)
    assert r.winners in (people, cloud)
    assert r.figures["objective"]["status"] == ("met" if r.winners == people else "failed")
    assert GAME.view(st, None)["designed"]["objective"]["status"] == r.figures["objective"]["status"]
