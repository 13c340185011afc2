import pytest

from gamehost import registry
from gamehost.service import MatchService
from gamehost.store import Store


class FakeClock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        return self.now


@pytest.fixture(autouse=True)
def race_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "race", registry.GamePlugin("race", "tests.support.toy"))


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
async def store(store_url):
    s = Store(store_url)
    await s.open()
    yield s
    await s.close()


@pytest.fixture
def service(store, clock):
    return MatchService(store, clock, live_seconds=600, async_seconds=86400)
