"""Command latency and start-up time measured through SimCord with the real bot."""
from __future__ import annotations

import json
import os
import tempfile
import time

import simcord

from bot import create_bot
from gamehost.config import Settings
from gamehost.store import Store


def _bot(database: str):
    return create_bot(Settings.from_env({"DATABASE_PATH": database}))


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
    from engine.clash import GAME as engine

    database = os.path.join(tempfile.mkdtemp(prefix="bench-"), "m.sqlite3")
    bot = _bot(database)
    latencies: list[float] = []
    async with simcord.run(bot) as env:
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
            await actor.slash(channel, "clash play", card=card, where=rest[0] if rest else "")
            latencies.append((time.perf_counter() - start) * 1000)
            if board_renders is not None:  # the same board the command just drew, alone
                played = await service.in_channel(channel.id) if await service.find_in_channel(channel.id) else None
                if played is not None:
                    start = time.perf_counter()
                    bot.host.uis["clash"].board_png(played, "en")
                    board_renders.append((time.perf_counter() - start) * 1000)
        await bot.host.store.close()  # else aiosqlite's worker thread keeps the process alive
    return latencies


async def measure_restart(stored_matches: int) -> float:
    from engine.clash import GAME as engine

    database = os.path.join(tempfile.mkdtemp(prefix="bench-"), "m.sqlite3")
    store = Store(database)
    await store.open()
    state = engine.setup(2, {}, 1)
    now = time.time()
    for i in range(stored_matches):
        await store.db.execute(
            "INSERT INTO matches (guild_id, channel_id, game, status, creator_id, options, seats, seed, "
            "state, version, pace, timeout_policy, decision_seconds, deadline_at, reminded, locale, "
            "created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (1, 10_000 + i, "clash", "active", 1, json.dumps({"mode": "duel"}),
             json.dumps([{"user_id": 1, "name": "a", "bot": False}, {"user_id": 2, "name": "b", "bot": False}]),
             i, json.dumps(state), 3, "async", "auto", 86400, now + 3600 + i, 0, "en", now, now))
    await store.db.commit()
    await store.close()
    bot = _bot(database)
    start = time.perf_counter()
    async with simcord.run(bot):
        ready = (time.perf_counter() - start) * 1000
        assert len(bot.host.scheduler.armed) == stored_matches
        bot.host.scheduler.cancel_all()
        await bot.host.store.close()
    return ready
