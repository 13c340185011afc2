"""``python -m tests.support.sigterm_bot DATABASE_URL``: the real bot in a simulated Discord
(SimCord), with bot.py's SIGTERM handling, sent SIGTERM once it is ready; prints what closed.
Run by tests/behaviour/test_stopping.py in a subprocess of its own (a signal handler is per
process)."""
from __future__ import annotations

import asyncio
import os
import signal
import sys

import simcord

from bot import stop_on_sigterm
from tests.support.bot import make_bot

WAIT = 10.0  # seconds for the bot to close after the signal (it takes a fraction of one)


async def main(url: str) -> None:
    bot = make_bot(url)
    stop_on_sigterm(bot)
    async with simcord.run(bot):
        store = bot.host.service.store
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(int(WAIT * 100)):
            await asyncio.sleep(0.01)
            if bot.is_closed():
                break
        print(f"closed={bot.is_closed()} turned_away={bot.closing} store_open={store.db is not None}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
