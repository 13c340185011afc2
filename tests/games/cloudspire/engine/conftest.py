import pytest

from tests.games.cloudspire.engine.cs_helpers import Driver, make_sandbox


@pytest.fixture
def driver():
    return Driver


@pytest.fixture
def sandbox():
    return make_sandbox
