"""cogs/concurrently.py: the steps of a reply that run at the same time."""
from __future__ import annotations

import asyncio

import pytest

from cogs.concurrently import together


async def test_steps_run_at_the_same_time_and_all_finish():
    started: list[str] = []
    release = asyncio.Event()

    async def step(name: str) -> None:
        started.append(name)
        await release.wait()  # neither ends before both have started

    waiting = asyncio.ensure_future(together(step("a"), step("b")))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert sorted(started) == ["a", "b"] and not waiting.done()
    release.set()
    await waiting


async def test_a_failure_is_raised_after_every_other_step_has_finished():
    finished: list[str] = []

    async def fails() -> None:
        raise ValueError("edit refused")

    async def slow() -> None:
        await asyncio.sleep(0.01)
        finished.append("saved")

    with pytest.raises(ValueError, match="edit refused"):
        await together(fails(), slow())
    assert finished == ["saved"]  # not left running behind the failure
