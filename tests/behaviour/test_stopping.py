"""Stopping the bot (bot.py ``GameBot.close``; SIGINT, and SIGTERM as ``kill`` and most service
managers send it): the interactions under way finish first, so a move being made is committed
and its board posted before the database closes; meanwhile new commands and buttons are turned
away privately and change nothing (cogs/served.py ``open_for_work``)."""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.behaviour.helpers import button_ids, last_board, moved, prompted_actor
from tests.behaviour.test_living_message import duel

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def test_a_stopping_bot_turns_commands_and_buttons_away_and_changes_nothing(world):
    await duel(world)
    row, _seat, actor = await prompted_actor(world)
    board = last_board(world.channel)
    world.bot.closing = True
    try:
        typed = await actor.slash(world.channel, "clash end")
        assert typed.response is not None and typed.response.ephemeral
        assert "restarting" in typed.response.content and "Try again" in typed.response.content
        label = next(iter(button_ids(board)))
        pressed = await actor.click(board, label=label)
        replies = ([pressed.response] if pressed.response is not None else []) + list(pressed.followups)
        assert replies and all(r.ephemeral for r in replies) and "restarting" in replies[-1].content
    finally:
        world.bot.closing = False
    after = await world.match()
    assert after.version == row.version and after.state == row.state, "nothing changed"
    assert moved(await actor.slash(world.channel, "clash end")), "served again once it is not stopping"


async def test_commands_and_buttons_are_counted_as_under_way_while_served(world, monkeypatch):
    await duel(world)
    seen: list[bool] = []
    publish = world.bot.host.publish

    async def watched(*args, **kwargs):
        seen.append(asyncio.current_task() in world.bot.in_flight)
        return await publish(*args, **kwargs)
    monkeypatch.setattr(world.bot.host, "publish", watched)
    _row, _seat, actor = await prompted_actor(world)
    assert moved(await actor.slash(world.channel, "clash end"))
    _row, _seat, actor = await prompted_actor(world)
    await actor.click(last_board(world.channel), label="End turn")
    assert seen == [True, True] and not world.bot.in_flight


async def test_stopping_waits_for_the_moves_under_way_then_gives_up_after_its_limit(world):
    await duel(world)
    row, _seat, actor = await prompted_actor(world)
    committed = asyncio.Event()

    async def a_move_under_way() -> None:
        await asyncio.sleep(0.05)
        await world.service.act(row.id, actor.id, "end")
        committed.set()
    move = asyncio.create_task(a_move_under_way())
    world.bot.in_flight.add(move)
    assert await world.bot.drain(seconds=30) == 0
    assert committed.is_set() and (await world.match()).version == row.version + 1

    stuck = asyncio.create_task(asyncio.Event().wait())
    world.bot.in_flight.add(stuck)
    try:
        assert await world.bot.drain(seconds=0.05) == 1, "the wait has a limit"
    finally:
        stuck.cancel()
        world.bot.in_flight.clear()


@pytest.mark.skipif(sys.platform == "win32", reason="signals to a process are POSIX")
def test_sigterm_stops_the_bot_as_ctrl_c_does(tmp_path):
    url = f"sqlite:///{tmp_path / 'matches.sqlite3'}"
    done = subprocess.run([sys.executable, "-m", "tests.support.sigterm_bot", url], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "closed=True turned_away=True store_open=False" in done.stdout, done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr
