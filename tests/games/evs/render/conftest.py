"""Every render test draws the battlefield afresh (render/evs/grid.py caches it per terrain
layout), so the text recorder sees its labels."""
import pytest

from render.evs import clear_cache


@pytest.fixture(autouse=True)
def _fresh_battlefield():
    clear_cache()
    yield

