"""Steps of one reply that do not wait on each other (each a Discord round trip or a write)."""
from __future__ import annotations

import asyncio
from typing import Any, Awaitable


async def together(*steps: Awaitable[Any]) -> None:
    """Run ``steps`` at the same time and wait for every one (none is left running behind a
    failure, unlike ``asyncio.gather``'s default); then raise the first failure, if any."""
    failures = [r for r in await asyncio.gather(*steps, return_exceptions=True) if isinstance(r, BaseException)]
    if failures:
        raise failures[0]
