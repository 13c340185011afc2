"""Which behaviour tests run on PostgreSQL as well (tests/conftest.py): all of them but those in
``SQLITE_ONLY``, and every name there is a behaviour test that exists, so a renamed test cannot
stay off PostgreSQL unnoticed."""
from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import SQLITE_ONLY, on_postgres

TESTS = Path(__file__).resolve().parent


def behaviour_tests() -> set[str]:
    found: set[str] = set()
    for path in TESTS.rglob("behaviour/test_*.py"):
        found |= set(re.findall(r"^(?:async )?def (test_\w+)\(", path.read_text(encoding="utf-8"), re.MULTILINE))
    return found


def test_every_sqlite_only_name_is_a_behaviour_test():
    assert SQLITE_ONLY and not SQLITE_ONLY - behaviour_tests(), SQLITE_ONLY - behaviour_tests()


def test_shared_and_game_behaviour_tests_run_on_both_databases():
    assert on_postgres(TESTS / "behaviour" / "test_lobby.py", "test_anything")
    play = TESTS / "games" / "clash" / "behaviour" / "test_play.py"
    assert on_postgres(play, "test_two_members_play_a_whole_duel")
    assert on_postgres(play, "test_autocomplete_offers_only_playable_cards")
    assert not on_postgres(TESTS / "behaviour" / "test_limits.py", next(iter(SQLITE_ONLY)))
