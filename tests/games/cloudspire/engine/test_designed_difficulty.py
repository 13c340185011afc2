"""The designed modes' difficulty (CS-DM-9, CS-DM-12, CS-DM-13; docs/cloudspire/difficulty.md,
tools/cloudspire/difficulty.py; measured like the Kingdom Rush campaign's,
tests/games/kr/engine/test_difficulty.py): seeded games with the strong bot (``GAME.bot_action``)
in every seat, the people's and the Cloud's. The first encounters are won at normal, the
campaigns get harder encounter by encounter, the last ones are clearly harder with ordered
difficulties, and endless runs last longer on easier difficulties.

Measured over 200 games per encounter and difficulty (docs/cloudspire/difficulty.md), normal:
solo 1-6 won 94, 88, 78, 72, 53, 39%; co-op 94, 80, 81, 67, 61, 42%; endless waves
survived 6.1 (easy), 5.2 (normal), 3.7 (hard)."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), *[".."] * 4))

from engine.cloudspire import modes  # noqa: E402
from tools.cloudspire.difficulty import people_counts, play  # noqa: E402

MAX_MOVES, MAX_SECONDS = 20_000, 300.0


def games(eid: str, difficulty: str, seeds) -> list[dict]:
    """The seeded games of ``eid`` (the fewest people it seats) or of endless ("endless")."""
    people = 1 if eid == "endless" else people_counts(eid, [])[0]
    return [play((eid, people, difficulty, seed, MAX_MOVES, MAX_SECONDS)) for seed in seeds]


def won(eid: str, difficulty: str, seeds) -> int:
    """How many of the seeded games of ``eid`` the people win (objective met); a game cut
    off counts as lost."""
    return sum(g["won"] for g in games(eid, difficulty, seeds))


def test_the_first_solo_encounter_is_won_at_normal_cs_dm_9():
    """CS-DM-9: the strong bot wins the first solo encounter in at least 16 of 20 seeded games
    at normal (docs/cloudspire/difficulty.md: 94% of 200 measured)."""
    assert won(modes.encounter_ids("solo")[0], "normal", range(20)) >= 16


def test_the_first_coop_encounter_is_won_at_normal_cs_dm_9():
    """CS-DM-9: two strong bots win the first co-op encounter in at least 16 of 20 seeded
    games at normal (docs/cloudspire/difficulty.md: 94% of 200 measured)."""
    assert won(modes.encounter_ids("coop")[0], "normal", range(20)) >= 16


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["solo", "coop"])
def test_the_campaign_gets_harder_at_normal_cs_dm_9(mode):
    """CS-DM-9, the designed curve: over 30 seeds at normal no encounter is won in more than 4
    games more than the one before it (noise of 30 games, about 2.5 standard errors of a
    difference), and the last is won in at least 12 games fewer than the first
    (docs/cloudspire/difficulty.md, 200 games: solo 94, 88, 78, 72, 53, 39%; co-op 94, 80, 81,
    67, 61, 42%)."""
    wins = [won(eid, "normal", range(30)) for eid in modes.encounter_ids(mode)]
    assert all(later <= before + 4 for before, later in zip(wins, wins[1:])), wins
    assert wins[0] - wins[-1] >= 12, wins


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["solo", "coop"])
def test_the_last_encounter_is_clearly_harder_and_its_difficulties_are_ordered_cs_dm_9(mode):
    """CS-DM-9: over 30 seeds the last encounter at normal is won at least 25 points less
    often than the first, and easy >= normal >= hard with hard at least 20 points below easy
    (docs/cloudspire/difficulty.md, 200 games: solo first 94%, last 70/39/16%; co-op first 94%,
    last 64/42/8%)."""
    first, last = modes.encounter_ids(mode)[0], modes.encounter_ids(mode)[-1]
    seeds = range(30)
    f, easy, normal, hard = (won(first, "normal", seeds), won(last, "easy", seeds), won(last, "normal", seeds),
                             won(last, "hard", seeds))
    assert f - normal >= 8 and easy >= normal >= hard and easy - hard >= 6, (f, easy, normal, hard)


@pytest.mark.slow
def test_endless_runs_last_longer_on_easier_difficulties_cs_dm_12():
    """CS-DM-12, CS-DM-13: the waves survived by the strong bot over 20 seeds, on average:
    easy >= normal >= hard, hard at least a wave below easy (docs/cloudspire/difficulty.md,
    200 runs each: 6.1, 5.2, 3.7)."""
    def mean(difficulty: str) -> float:
        runs = games("endless", difficulty, range(20))
        return sum(g["waves"] for g in runs) / len(runs)
    easy, normal, hard = mean("easy"), mean("normal"), mean("hard")
    assert easy >= normal >= hard and easy - hard >= 1, (easy, normal, hard)
