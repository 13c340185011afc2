"""The designed modes' difficulty (CS-DM-9, CS-DM-12; measured like the Kingdom Rush campaign's,
tests/games/kr/engine/test_difficulty.py): seeded games with the strong bot in the people's
seats and GAME.bot_action in the Cloud's. The first encounters are won at normal, the last
ones are clearly harder and their difficulties are ordered; endless runs last longer on easier
difficulties."""
from __future__ import annotations

import pytest

from engine.cloudspire import GAME, modes
from engine.cloudspire.bot import strong_bot_action
from engine.playout import playout


def won(eid: str, difficulty: str, seeds, seats: int | None = None) -> int:
    """How many of the seeded games of ``eid`` the people win."""
    options = {"mode": modes.ENCOUNTERS[eid]["mode"], "encounter": eid, "difficulty": difficulty}
    seats = seats or GAME.seat_range(options)[0]
    people = GAME.team_seats(options, seats)[0]
    policy = [strong_bot_action if s in people else GAME.bot_action for s in range(seats)]
    wins = 0
    for seed in seeds:
        r = GAME.result(playout(GAME, seats, seed, options=options, policy=policy).state)
        wins += r.figures["objective"]["status"] == "met"
    return wins


def test_the_first_solo_encounter_is_won_at_normal_cs_dm_9():
    """CS-DM-9: the strong bot wins the first solo encounter in at least 16 of 20 seeded games
    at normal (measured: 29 of 30)."""
    assert won(modes.encounter_ids("solo")[0], "normal", range(20)) >= 16


@pytest.mark.slow
def test_the_first_coop_encounter_is_won_at_normal_cs_dm_9():
    """CS-DM-9: two strong bots win the first co-op encounter in at least 16 of 20 seeded
    games at normal (measured: 29 of 30)."""
    assert won(modes.encounter_ids("coop")[0], "normal", range(20)) >= 16


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["solo", "coop"])
def test_the_last_encounter_is_clearly_harder_and_its_difficulties_are_ordered_cs_dm_9(mode):
    """CS-DM-9: over 30 seeds the last encounter at normal is won at least 25 points less
    often than the first, and easy >= normal >= hard with hard below easy (measured, solo:
    first 97%, last 67/40/17%; co-op: first 97%, last 40/27/10%)."""
    first, last = modes.encounter_ids(mode)[0], modes.encounter_ids(mode)[-1]
    seeds = range(30)
    f, easy, normal, hard = (won(first, "normal", seeds), won(last, "easy", seeds), won(last, "normal", seeds),
                             won(last, "hard", seeds))
    assert f - normal >= 8 and easy >= normal >= hard and easy > hard, (f, easy, normal, hard)


@pytest.mark.slow
def test_endless_runs_last_longer_on_easier_difficulties_cs_dm_12():
    """CS-DM-12, CS-DM-13: the waves survived by the strong bot over 12 seeds, on average:
    easy >= normal >= hard, hard clearly below easy (measured over 20 seeds: 6.1, 5.3, 3.8)."""
    def mean(difficulty: str) -> float:
        runs = [GAME.result(playout(GAME, 4, seed, options={"mode": "endless", "difficulty": difficulty},
                                    policy=GAME.bot_action).state).figures["waves_survived"] for seed in range(12)]
        return sum(runs) / len(runs)
    easy, normal, hard = mean("easy"), mean("normal"), mean("hard")
    assert easy >= normal >= hard and easy - hard >= 1, (easy, normal, hard)
