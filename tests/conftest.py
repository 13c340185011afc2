"""Fixtures for the behaviour tests, which drive the real bot through SimCord: no network, no token.

Behaviour tests live in any folder named ``behaviour`` (the shared ones in tests/behaviour, each
game's in tests/games/<id>/behaviour). The bot keeps its matches at ``db_url``: a fresh SQLite
file, or a fresh PostgreSQL database (tests/support/databases.py): every one runs on both
databases, but those in ``SQLITE_ONLY`` (with why). Every test there is marked ``behaviour``; the
ones that walk a game for hundreds of moves through Discord are also marked ``slow``, so that
``pytest -m "not slow"`` keeps the short behaviour tests and ``pytest -m "not slow and not
behaviour"`` (``scripts/test.sh --quick``) runs none of them."""
from pathlib import Path

import pytest
import pytest_asyncio
import simcord.actors
import simcord.interactions

from gamehost.service import MatchService
from tests.support.bot import World, close_bot, make_bot
from tests.support.databases import BACKENDS, fresh_database


# Behaviour tests that cannot run on PostgreSQL under SimCord, and why (each is covered on
# PostgreSQL at the service level with real processes instead).
SQLITE_ONLY = {
    # SimCord moves its virtual clock on (about 4 s a command) while the bot waits on asyncpg's
    # socket, so the token bucket refills between every two commands; the shared bucket across
    # processes is tested in tests/service/test_cross_processes.py
    "test_a_person_sending_commands_too_fast_is_refused_and_nothing_changes",
}


def on_postgres(path: Path, name: str) -> bool:
    """The bot of this behaviour test runs on PostgreSQL too: every one but ``SQLITE_ONLY``."""
    return name not in SQLITE_ONLY


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "matches.sqlite3")


def pytest_generate_tests(metafunc):
    """A test whose bot keeps its matches at ``db_url`` runs on both databases (but those in
    ``SQLITE_ONLY``)."""
    if "bot_backend" not in metafunc.fixturenames:
        return
    if on_postgres(Path(str(metafunc.definition.fspath)), metafunc.definition.originalname):
        metafunc.parametrize("bot_backend", BACKENDS, indirect=True)


@pytest.fixture
def bot_backend(request):
    """The database the bot under test keeps its matches in (``sqlite`` unless parametrised)."""
    return getattr(request, "param", "sqlite")


@pytest_asyncio.fixture
async def db_url(bot_backend, tmp_path):
    """The bot's DATABASE_URL: a fresh SQLite file or a fresh PostgreSQL database, dropped after."""
    async with fresh_database(bot_backend, str(tmp_path)) as url:
        yield url


@pytest.fixture(autouse=True)
def one_process_news(request, monkeypatch):
    """A behaviour test's bot is one process, so no other process's commits need following:
    the PostgreSQL LISTEN connection (gamehost/match_news.py) is not opened, because SimCord
    does not settle while it is (the bot's start times out). MatchNews itself is tested with
    real processes (tests/service/test_cross_processes.py)."""
    if "db_url" in request.fixturenames:
        async def alone(_service) -> None:
            return None
        monkeypatch.setattr(MatchService, "follow_other_processes", alone)


@pytest_asyncio.fixture
async def simcord_bot(db_url):
    """The bot under test; its database is closed after the test even when the test fails
    (SimCord's shutdown leaves the bot open, and an open aiosqlite connection's thread
    kept a failed run from exiting)."""
    bot = make_bot(db_url)
    yield bot
    await close_bot(bot)


@pytest.fixture
def world(simcord_env, simcord_bot):
    return World(simcord_env, simcord_bot)


@pytest.fixture
def locales(monkeypatch):
    """user id -> the Discord locale their interactions carry (SimCord sends en-US for all)."""
    by_user: dict[int, str] = {}
    original = simcord.interactions.base_payload

    def base_payload(backend, **kwargs):
        record, payload = original(backend, **kwargs)
        payload["locale"] = by_user.get(kwargs["user_id"], "en-US")
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)
    monkeypatch.setattr(simcord.actors._interactions, "base_payload", base_payload)
    return by_user


# Game walks: a whole game, a whole wave, or play until a rare situation (hundreds of moves).
# (Measured: the clash walks take about a second; the cloudspire ones play up to 1,400 moves.)
SLOW = {
    "test_two_members_play_a_whole_duel",
    "test_solo_game_against_the_rulebook_ai",
    "test_two_players_play_a_full_wave_through_commands",
    "test_a_landmark_peek_reaches_only_the_explorer",
    "test_absent_players_spires_fire_by_their_standing_policy",
    "test_manual_spire_policy_prompts_the_owner_with_a_deadline",
    "test_four_players_breach_a_gate_and_it_is_repaired",
    "test_the_bot_restarts_mid_wave_and_play_goes_on",
    "test_peek_with_closed_dms_stays_private",
    "test_a_bot_takes_a_seat_and_plays_its_own_turns",
    "test_hidden_stack_is_secret_in_the_log",
}


def pytest_collection_modifyitems(config, items):
    """Mark the tests of every ``behaviour`` folder."""
    for item in items:
        if "behaviour" not in Path(str(item.fspath)).parent.parts:
            continue
        item.add_marker(pytest.mark.behaviour)
        if getattr(item, "originalname", item.name) in SLOW:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(params=BACKENDS)
def backend(request):
    """``sqlite`` or ``postgresql``: a test using it (or ``store_url``) runs on each."""
    return request.param


@pytest_asyncio.fixture
async def store_url(backend, tmp_path):
    """A fresh, empty database of each backend (tests/support/databases.py)."""
    async with fresh_database(backend, str(tmp_path)) as url:
        yield url
