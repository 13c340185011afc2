"""The difficulty curve (docs/kr/difficulty.md, tools/kr/difficulty.py): bot teams win the first
scenario at normal difficulty, the last one is clearly harder and its difficulties are
ordered; bot teams against teams choosing uniformly among the listed legal actions
(``GAME.legal_actions``, 6 actions per seat and phase at most)."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), *[".."] * 4))

from tools.kr.difficulty import play  # noqa: E402


def games(scenario: str, seats: int, team: str, seeds) -> list[dict]:
    return [play((scenario, seats, "normal", seed, team, 4000, 60.0)) for seed in seeds]


@pytest.mark.parametrize("seats", [1, 4])
def test_bot_teams_win_scenario_1_at_normal(seats):
    """KR-END-1: at least 8 of 10 seeded games won (docs/kr/difficulty.md: 100% measured)."""
    assert sum(g["won"] for g in games("farrinken_valley", seats, "bot", range(10))) >= 8


LATER = ("twin_gates", "haunted_marsh", "pioneer_pass", "rift_citadel")


def wins(games_: list[dict]) -> int:
    return sum(g["won"] for g in games_)


@pytest.mark.slow
def test_the_bot_beats_random_play_clearly_in_the_later_scenarios():
    """Solo, scenarios 5-8 at normal difficulty, seeds 0-2: the bot wins at least twice as
    many games as random play (uniform among the listed legal actions) and keeps more Kingdom
    hearts (docs/kr/difficulty.md)."""
    bots = [g for sid in LATER for g in games(sid, 1, "bot", range(3))]
    rand = [g for sid in LATER for g in games(sid, 1, "random", range(3))]
    assert wins(bots) >= 2 * max(1, wins(rand)) and wins(bots) >= len(bots) * 2 // 3
    assert sum(g["hearts"] for g in bots) > sum(g["hearts"] for g in rand)


def curve(scenario: str, difficulty: str) -> float:
    """A bot team's win rate over 1-4 players, seeds 0-2."""
    got = [play((scenario, seats, difficulty, seed, "bot", 4000, 60.0)) for seats in (1, 2, 3, 4) for seed in range(3)]
    return wins(got) / len(got)


@pytest.mark.slow
def test_the_last_scenario_is_clearly_harder_and_the_difficulties_are_ordered():
    """The campaign's curve (docs/kr/difficulty.md; the waves of horde decks per spawn point,
    docs/kr/engine.md "Waves"): at normal difficulty the first scenario is won in at least 80%
    of the games at every player count and the last one in at most 75%, 25 points fewer;
    in the last scenario easy >= normal >= hard, hard strictly below easy."""
    first, last = curve("farrinken_valley", "normal"), curve("rift_citadel", "normal")
    assert first >= 0.8 and last <= 0.75 and first - last >= 0.25, (first, last)
    easy, hard = curve("rift_citadel", "easy"), curve("rift_citadel", "hard")
    assert easy >= last >= hard and easy > hard, (easy, last, hard)
