"""Bot strength and legality: the bots take any seat, play whole games legally, and beat a
uniformly random legal player by a wide margin.

Every game is seeded (engine seed and the random player's ``random.Random``), so the counts
below are deterministic; the thresholds still leave a statistical margin so that small,
behaviour-preserving engine changes that reshuffle the dice do not make the test flaky.
Measured on 300 games per bot (150 per seating): ``bot_action`` wins about 81% against a
uniformly random player, ``strong_bot_action`` about 97%.
"""
import copy
import random

import pytest

from engine.cloudspire import game as G
from engine.cloudspire.bot import bot_action, strong_bot_action, timeout_action
from engine.cloudspire import GAME
from engine.playout import play, uniform_policy
from tests.games.cloudspire.engine.cs_helpers import random_playout

GAMES_PER_SEATING = 15


def _vs_random(bot, seeds):
    """Wins of ``bot`` against a uniform random player, over both seatings (CS-WIN-1/2)."""
    wins = 0
    for bot_seat in (0, 1):
        for seed in seeds:
            st = G.setup(2, {}, seed)
            pols = [None, None]
            pols[bot_seat] = bot
            pols[1 - bot_seat] = uniform_policy(GAME, random.Random(seed * 7 + bot_seat))
            st = play(GAME, st, pols, max_moves=50000).state
            assert st["phase"] == "over"
            wins += st["result"]["winners"] == [bot_seat]
    return wins


@pytest.mark.slow  # many whole games; the full suite runs it, the quick one does not
def test_strong_bot_beats_a_random_player_cs_win_1_2():
    """CS-WIN-1, CS-WIN-2: the strong bot breaks the gate or out-builds fortress power against
    a uniformly random legal player in at least 85% of seeded games (both seatings).
    Expected rate ~97%, so 26/30 is more than 3 standard deviations below it."""
    n = 2 * GAMES_PER_SEATING
    wins = _vs_random(strong_bot_action, range(100, 100 + GAMES_PER_SEATING))
    assert wins >= 26, f"strong bot won only {wins}/{n} against random"


@pytest.mark.slow  # many whole games; the full suite runs it, the quick one does not
def test_default_bot_beats_a_random_player():
    """The default bot (``bot_action``, what a bot seat plays) still wins clearly more than half
    of its games against random (expected ~81%; 18/30 is about 3 sd below)."""
    wins = _vs_random(bot_action, range(200, 200 + GAMES_PER_SEATING))
    assert wins >= 18, f"default bot won only {wins}/{2 * GAMES_PER_SEATING} against random"


@pytest.mark.slow  # many whole games; the full suite runs it, the quick one does not
def test_strong_bot_beats_the_default_bot():
    """Head to head (both seatings) the strong bot wins most games (measured ~76% of 100)."""
    wins = 0
    seeds = range(300, 310)
    for strong_seat in (0, 1):
        for seed in seeds:
            pols = [bot_action, bot_action]
            pols[strong_seat] = strong_bot_action
            st = play(GAME, G.setup(2, {}, seed), pols).state
            wins += st["result"]["winners"] == [strong_seat]
    assert wins >= 12, f"strong bot won only {wins}/20 against the default bot"


@pytest.mark.parametrize("seats,options", [
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"mode": "teams"}),
    (3, {"factions": "pick", "map": "guided"}),
    (2, {"map": "tutorial", "faster_market": "on", "faster_build": "on", "faster_prep": "on"}),
])
@pytest.mark.parametrize("bot", [strong_bot_action, bot_action], ids=["strong", "default"])
def test_bots_play_every_format_legally_to_the_end_cs_mp_1_team_1(bot, seats, options):
    """CS-MP-1, CS-TEAM-1: in 2-4 player free-for-all and 2 vs 2 games every bot action is in
    ``legal_actions`` (apply checks it) and the game reaches a result."""
    st = random_playout(7, seats, options=options, check=True, policy=bot)
    assert st["phase"] == "over" and st["result"]["winners"]


def test_bot_is_deterministic_and_does_not_mutate_the_state():
    st = G.setup(2, {}, 11)
    pols = [strong_bot_action, timeout_action]
    for _ in range(400):
        if st["phase"] == "over":
            break
        seat = G.acting_seats(st)[0]
        before = copy.deepcopy(st)
        a = pols[seat](st, seat)
        assert st == before
        assert pols[seat](copy.deepcopy(st), seat) == a
        G.apply_inplace(st, seat, a, check=True)


def test_strong_bot_stack_only_uses_minions_that_can_leave_the_gate_cs_mov_3():
    """CS-MOV-3, CS-PREP-8: a minion on top of the stack that cannot leave the gate holds back
    every unit below it, so the bot only selects minions with a route to its mark."""
    from engine.cloudspire.hexgeo import neighbours
    from engine.cloudspire.movement import enterable, mark_distances, INF
    from engine.cloudspire.state import gate_hex, unit_allow
    checked = 0
    for seed in range(20, 26):
        st = G.setup(2, {}, seed)
        while st["phase"] != "onslaught":
            seat = G.acting_seats(st)[0]
            G.apply_inplace(st, seat, strong_bot_action(st, seat), check=True)
        for seat in range(2):
            for uid in st["stacks"][seat]:
                u = st["units"][uid]
                if u["kind"] != "minion":
                    continue
                allow = unit_allow(u)
                dist = mark_distances(st, st["players"][seat]["mark"], allow)
                g = gate_hex(st, seat)
                assert any(dist.get(n, INF) < INF for n in neighbours(g) if enterable(st, n, allow))
                checked += 1
    assert checked
