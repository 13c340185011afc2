"""Which behaviour tests run on PostgreSQL as well (tests/conftest.py ``ON_POSTGRES``): every
name chosen there is a test of that game's behaviour folder, so a renamed test cannot drop out
of the PostgreSQL runs unnoticed; the shared folder runs on both databases whatever its names."""
from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import ON_POSTGRES, on_postgres

TESTS = Path(__file__).resolve().parent


def functions_in(folder: Path) -> set[str]:
    found: set[str] = set()
    for path in folder.glob("test_*.py"):
        found |= set(re.findall(r"^(?:async )?def (test_\w+)\(", path.read_text(encoding="utf-8"), re.MULTILINE))
    return found


def test_every_chosen_game_test_exists():
    for game, names in ON_POSTGRES.items():
        folder = TESTS / "games" / game / "behaviour"
        assert folder.is_dir(), game
        assert not names - functions_in(folder), (game, names - functions_in(folder))


def test_each_game_has_a_whole_game_and_a_restart_on_postgresql():
    for game in ("clash", "cloudspire", "evs", "kr"):
        assert len(ON_POSTGRES.get(game, ())) >= 2, game


def test_the_shared_folder_runs_on_both_and_a_games_other_tests_on_sqlite():
    assert on_postgres(TESTS / "behaviour" / "test_lobby.py", "test_anything")
    play = TESTS / "games" / "clash" / "behaviour" / "test_play.py"
    assert on_postgres(play, "test_two_members_play_a_whole_duel")
    assert not on_postgres(play, "test_autocomplete_offers_only_playable_cards")
    assert not on_postgres(TESTS / "games" / "kr" / "behaviour" / "test_play.py", "test_two_members_play_a_whole_duel")
