"""What the process made while starting (modules, game content, commands, the cogs) is set
aside from the garbage collector's full passes once the bot is ready (``gc.freeze``).

A full pass visits every tracked object; with the bot's imports and content that is a few
hundred thousand, and it stalled the event loop 30-80 ms each time it ran (``bench
loop.block`` measured alone: the longest stall 65-82 ms, each a full pass; 10-12 ms with the
start-up objects set aside). Garbage is collected first, so only live objects are set aside;
they stay alive anyway. ``release`` hands them back when the bot closes (a process that starts
many bots, as the tests do, keeps nothing it no longer needs).
"""
from __future__ import annotations

import gc


def set_aside_start_up() -> int:
    """Collect, then keep every live object out of later passes; how many were set aside."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def release() -> None:
    """Let the passes see the set-aside objects again (they join the oldest generation)."""
    gc.unfreeze()
