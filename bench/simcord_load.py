"""Command latency and start-up time measured through SimCord with the real bot."""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time

import simcord

from bot import create_bot
from gamehost.config import Settings
from gamehost.store import Store, pack_state
from gamehost.workers import Renderer, default_workers


# The bench plays 100 matches as the same two people, as fast as it can: the abuse limits
# (gamehost.limits; 0 = unlimited) would rightly refuse that, so they are off here.
UNLIMITED = {"COMMAND_BURST": "0", "MAX_OPEN_LOBBIES_PER_USER": "0", "MAX_ACTIVE_MATCHES_PER_USER": "0",
             "MAX_OPEN_MATCHES_PER_SERVER": "0", "MAX_BOT_MATCHES_PER_SERVER": "0"}


def _bot(database: str):
    # Boards drawn as the real bot draws them (bot.main: one worker process per core, at most
    # 4), not in the threads an embedded bot defaults to.
    settings = Settings.from_env({"DATABASE_PATH": database, "RENDER_WORKERS": str(default_workers()),
                                  **UNLIMITED})
    warm_renderer(settings.render_workers)
    return create_bot(settings)


def warm_renderer(workers: int | None = None) -> None:
    """Start every render worker process now, before SimCord runs.

    SimCord replaces ``time.monotonic`` with its virtual clock, which stands still while the
    bot works; starting a worker process polls the pool's live workers with
    ``multiprocessing.connection.wait(timeout=0)``, which then never times out, so a pool
    growing lazily under SimCord hangs. The pool is per process and size (gamehost.workers),
    so warming it here is the same pool the bot's Renderer uses.
    """
    Renderer(workers).warm()


async def _close(bot) -> None:
    """Cancel the deadline timers and close the database (else aiosqlite's worker thread
    keeps the process alive after the figure is printed)."""
    await bot.host.service.close()
    await bot.host.service.store.close()


def _moved(result) -> bool:
    """The command was accepted: acknowledged, and no private reply is a refusal (⚠️)."""
    replies = ([result.response] if result.response is not None else []) + list(result.followups)
    return result.acknowledged and not any((r.content or "").startswith("⚠️") for r in replies)


async def _start_duel(service, channel, alice, bob):
    await alice.slash(channel, "clash new")
    await bob.slash(channel, "match join")
    await alice.slash(channel, "match start")


async def _advance_setup(service, engine, channel, users):
    """Take setup decisions (deck choice) through /clash act until play begins."""
    for _ in range(10):
        row = await service.in_channel(channel.id)
        view = engine.view(row.state, None)
        if view.get("stage") == "play":
            return row
        prompt = engine.prompts(row.state)[0]
        move = engine.format_action(engine.legal_actions(row.state, prompt.seat)[0])
        await users[row.seats[prompt.seat]["user_id"]].slash(channel, "clash act", move=move)
    return await service.in_channel(channel.id)


async def measure_play_latency(active_matches: int, samples: int,
                               board_renders: list[float] | None = None) -> list[float]:
    with tempfile.TemporaryDirectory(prefix="bench-") as directory:
        return await _play_latency(os.path.join(directory, "m.sqlite3"), active_matches, samples, board_renders)


async def _play_latency(database: str, active_matches: int, samples: int,
                        board_renders: list[float] | None) -> list[float]:
    from engine.clash import GAME as engine

    bot = _bot(database)
    latencies: list[float] = []
    refused = 0
    async with simcord.run(bot) as env:
        try:
            guild = env.create_guild("bench")
            alice = guild.add_member(env.create_user("alice"))
            bob = guild.add_member(env.create_user("bob"))
            users = {alice.id: alice, bob.id: bob}
            service = bot.host.service
            channels = [guild.create_text_channel(f"table-{i}") for i in range(active_matches)]
            for channel in channels:
                await _start_duel(service, channel, alice, bob)
                await _advance_setup(service, engine, channel, users)
            turn = 0
            while len(latencies) < samples:
                channel = channels[turn % len(channels)]
                turn += 1
                row = await service.in_channel(channel.id) if await service.find_in_channel(channel.id) else None
                if row is None:
                    await _start_duel(service, channel, alice, bob)
                    await _advance_setup(service, engine, channel, users)
                    continue
                prompt = engine.prompts(row.state)[0]
                actor = users[row.seats[prompt.seat]["user_id"]]
                plays = [engine.format_action(a) for a in engine.legal_actions(row.state, prompt.seat)]
                plays = [p for p in plays if p.startswith("play ")]
                if not plays:
                    await actor.slash(channel, "clash end")
                    continue
                _verb, card, *rest = plays[0].split(" ", 2)
                start = time.perf_counter()
                result = await actor.slash(channel, "clash play", card=card, where=rest[0] if rest else "")
                elapsed = (time.perf_counter() - start) * 1000
                if not _moved(result):  # a refusal is quick and would flatter the figure
                    refused += 1
                    if refused > samples:
                        raise RuntimeError("/clash play is refused again and again; see its replies")
                    continue
                latencies.append(elapsed)
                if board_renders is not None:  # the same board the command just drew, alone
                    played = await service.in_channel(channel.id) if await service.find_in_channel(channel.id) else None
                    if played is not None:
                        start = time.perf_counter()
                        bot.host.uis["clash"].board_png(played, "en")
                        board_renders.append((time.perf_counter() - start) * 1000)
        finally:  # also when a command fails: else the process never exits
            await _close(bot)
    if refused:
        print(f"cmd.latency: {refused} timed /clash play commands were refused (not counted)",
              file=sys.stderr, flush=True)
    return latencies


async def measure_restart(stored_matches: int) -> float:
    with tempfile.TemporaryDirectory(prefix="bench-") as directory:
        return await _restart(os.path.join(directory, "m.sqlite3"), stored_matches)


async def _restart(database: str, stored_matches: int) -> float:
    from engine.clash import GAME as engine

    store = Store(database)
    await store.open()
    state = pack_state(engine.setup(2, {}, 1))  # stored as the service stores it
    now = time.time()
    options = json.dumps({"mode": "duel"})
    seats = json.dumps([{"user_id": 1, "name": "a", "bot": False}, {"user_id": 2, "name": "b", "bot": False}])
    # The connection autocommits (isolation_level=None): one explicit transaction for the lot.
    async with store.transaction() as db:
        await db.executemany(
            "INSERT INTO matches (guild_id, channel_id, game, status, creator_id, options, seats, seed, "
            "state, version, pace, timeout_policy, decision_seconds, deadline_at, reminded, locale, "
            "created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [(1, 10_000 + i, "clash", "active", 1, options, seats, i, state, 3, "async", "auto", 86400,
              now + 3600 + i, 0, "en", now, now) for i in range(stored_matches)])
    await store.close()
    bot = _bot(database)
    start = time.perf_counter()
    async with simcord.run(bot):
        try:
            ready = (time.perf_counter() - start) * 1000
            assert len(bot.host.service.deadlines.armed) == stored_matches
        finally:
            await _close(bot)
    return ready
