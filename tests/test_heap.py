"""Start-up objects set aside from the garbage collector's full passes (gamehost/heap.py):
the bot's process does it once ready, and hands them back when it closes."""
from __future__ import annotations

import gc
import weakref

import pytest
import simcord

from gamehost import heap
from tests.support.bot import make_bot


@pytest.fixture(autouse=True)
def nothing_set_aside_after():
    yield
    gc.unfreeze()


def test_live_objects_are_set_aside_and_garbage_is_not():
    class Node:
        def __init__(self):
            self.me = self  # a cycle: only a full pass frees it

    live = Node()  # kept: set aside, not collected
    collected = []
    garbage = Node()
    gone = weakref.ref(garbage, lambda _ref: collected.append(True))
    del garbage
    kept = heap.set_aside_start_up()
    assert kept == gc.get_freeze_count() > 0
    assert collected and gone() is None  # collected before anything was set aside
    assert not any(o is live for o in gc.get_objects())  # out of every pass's reach
    heap.release()
    assert gc.get_freeze_count() == 0
    assert any(o is live for o in gc.get_objects())


async def test_the_bot_sets_its_start_up_aside_only_when_asked(tmp_path):
    for asked in (False, True):
        bot = make_bot(f"sqlite:///{tmp_path / f'{asked}.sqlite3'}")
        bot.sets_aside_heap = asked
        async with simcord.run(bot):
            assert (gc.get_freeze_count() > 0) is asked
            await bot.close_services()
        assert gc.get_freeze_count() == 0
