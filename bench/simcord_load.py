"""Command latency and start-up time measured through SimCord with the real bot.

The matches are those of every registered game (``gamehost.registry``), in turn: a channel's
k-th match is of the game after the one of its previous match, so that the channels between
them play every game. Each is created with ``/match create game:<id>`` (the game's default
options), filled by people to the game's usual seat count (``bench.games``) and started;
setup decisions (prompts of kind ``setup``) are taken with ``/<id> act``. A timed command is
the next move of the seat the match waits for, the engine's own choice (``bot_action``), sent
as the game's own subcommand with its arguments when the engine's move metadata names one
(``ActionInfo.command`` / ``args``), else as ``/<id> act``; moves that only answer privately
(``ActionInfo.quiet``) post no board and are made untimed.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time

import simcord

from bench.games import default_options, game_ids, usual_seats
from bot import create_bot
from gamehost.config import Settings
from gamehost.registry import plugin
from gamehost.snapshot import snapshot
from gamehost.store import Store, pack_state
from gamehost.workers import Renderer, default_workers

# The bench plays 100 matches as the same few people, as fast as it can: the abuse limits
# (gamehost.limits; 0 = unlimited) would rightly refuse that, so they are off here.
UNLIMITED = {"COMMAND_BURST": "0", "MAX_OPEN_LOBBIES_PER_USER": "0", "MAX_ACTIVE_MATCHES_PER_USER": "0",
             "MAX_OPEN_MATCHES_PER_SERVER": "0", "MAX_BOT_MATCHES_PER_SERVER": "0"}
SETUP_MOVES = 50  # setup decisions taken before a match counts as started


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


def _subcommand_options(bot, game_id: str, name: str, args: tuple[str, ...]) -> dict | None:
    """``/<game_id> <name>``'s options for these argument values in order, or None if the
    tree has no such subcommand taking that many."""
    group = bot.tree.get_command(game_id)
    command = group.get_command(name) if group is not None and hasattr(group, "get_command") else None
    if command is None or len(args) > len(command.parameters):
        return None
    return {parameter.name: value for parameter, value in zip(command.parameters, args)}


class _Tables:
    """The channels, who sits where, and which game each channel's next match is of."""

    def __init__(self, bot, guild, users, games: list[str], channels: int):
        self.users, self.games = users, games
        self.by_id = {user.id: user for user in users}
        self.service = bot.host.service
        self.channels = [guild.create_text_channel(f"table-{i}") for i in range(channels)]
        self.next_game = {channel.id: i % len(games) for i, channel in enumerate(self.channels)}

    async def start(self, channel) -> None:
        """A new match in ``channel`` (its game's turn), started and past its setup decisions."""
        game_id = self.games[self.next_game[channel.id]]
        self.next_game[channel.id] = (self.next_game[channel.id] + 1) % len(self.games)
        people = self.users[:usual_seats(game_id)]
        await people[0].slash(channel, "match create", game=game_id)
        for person in people[1:]:
            await person.slash(channel, "match join")
        await people[0].slash(channel, "match start")
        engine = plugin(game_id).engine
        for _ in range(SETUP_MOVES):
            row = await self.active(channel)
            prompts = engine.prompts(row.state) if row is not None else []
            if not any(p.kind == "setup" for p in prompts):
                return
            seat = prompts[0].seat
            move = engine.format_action(engine.bot_action(row.state, seat))
            await self.person(row, seat).slash(channel, f"{game_id} act", move=move)

    async def active(self, channel):
        row = await self.service.find_in_channel(channel.id)
        return row if row is not None and row.status == "active" else None

    def person(self, row, seat: int):
        return self.by_id[row.seats[seat]["user_id"]]


async def measure_play_latency(active_matches: int, samples: int,
                               board_renders: list[float] | None = None) -> list[float]:
    """Latencies of ``samples`` timed commands in ``active_matches`` open matches; with fewer
    channels than games, one run per game (an equal share of the samples each)."""
    games = game_ids()
    groups = [games] if active_matches >= len(games) else [[g] for g in games]
    latencies: list[float] = []
    for i, group in enumerate(groups):
        share = samples // len(groups) + (samples % len(groups) if i == len(groups) - 1 else 0)
        with tempfile.TemporaryDirectory(prefix="bench-") as directory:
            latencies += await _play_latency(os.path.join(directory, "m.sqlite3"), group, active_matches,
                                             share, board_renders)
    return latencies


async def _play_latency(database: str, games: list[str], active_matches: int, samples: int,
                        board_renders: list[float] | None) -> list[float]:
    bot = _bot(database)
    latencies: list[float] = []
    refused = 0
    async with simcord.run(bot) as env:
        try:
            guild = env.create_guild("bench")
            most = max(usual_seats(g) for g in games)
            users = [guild.add_member(env.create_user(f"player{s}")) for s in range(most)]
            tables = _Tables(bot, guild, users, games, active_matches)
            for channel in tables.channels:
                await tables.start(channel)
            turn = 0
            while len(latencies) < samples:
                channel = tables.channels[turn % len(tables.channels)]
                turn += 1
                row = await tables.active(channel)
                if row is None:
                    await tables.start(channel)
                    continue
                engine = plugin(row.game).engine
                prompts = engine.prompts(row.state)
                if not prompts:
                    continue
                seat = prompts[0].seat
                actor = tables.person(row, seat)
                move = engine.format_action(engine.bot_action(row.state, seat))
                info = engine.action_info(move)
                if info.quiet:  # answered privately, no board: not the command this figure times
                    await actor.slash(channel, f"{row.game} act", move=move)
                    continue
                options = _subcommand_options(bot, row.game, info.command, info.args) if info.command else None
                name = f"{row.game} {info.command}" if options is not None else f"{row.game} act"
                start = time.perf_counter()
                result = await actor.slash(channel, name, **(options if options is not None else {"move": move}))
                elapsed = (time.perf_counter() - start) * 1000
                if not _moved(result):  # a refusal is quick and would flatter the figure
                    refused += 1
                    if refused > samples:
                        raise RuntimeError(f"/{name} is refused again and again; see its replies")
                    await actor.slash(channel, f"{row.game} act", move=move)  # make the move anyway
                    continue
                latencies.append(elapsed)
                if board_renders is not None:  # the same board the command just drew, alone
                    played = await tables.active(channel)
                    if played is not None:
                        draw, kwargs = bot.host.uis[played.game].board_job(snapshot(played), "en")
                        start = time.perf_counter()
                        draw(**kwargs)
                        board_renders.append((time.perf_counter() - start) * 1000)
        finally:  # also when a command fails: else the process never exits
            await _close(bot)
    if refused:
        print(f"cmd.latency: {refused} timed move commands were refused (not counted)", file=sys.stderr, flush=True)
    return latencies


async def measure_restart(stored_matches: int) -> float:
    with tempfile.TemporaryDirectory(prefix="bench-") as directory:
        return await _restart(os.path.join(directory, "m.sqlite3"), stored_matches)


async def _restart(database: str, stored_matches: int) -> float:
    """Start-up with ``stored_matches`` active matches in the database, alternating across
    the registered games (each game's freshly set-up state at its usual seat count)."""
    store = Store(database)
    await store.open()
    now = time.time()
    kinds = []
    for game_id in game_ids():
        seats = usual_seats(game_id)
        options = default_options(game_id)
        state = pack_state(plugin(game_id).engine.setup(seats, options, 1))  # stored as the service stores it
        kinds.append((game_id, json.dumps(options), state,
                      json.dumps([{"user_id": s + 1, "name": f"player{s}", "bot": False} for s in range(seats)])))
    rows = []
    for i in range(stored_matches):
        game_id, options, state, seats = kinds[i % len(kinds)]
        rows.append((1, 10_000 + i, game_id, "active", 1, options, seats, i, state, 3, "async", "auto", 86400,
                     now + 3600 + i, 0, "en", now, now))
    # The connection autocommits (isolation_level=None): one explicit transaction for the lot.
    async with store.transaction() as db:
        await db.executemany(
            "INSERT INTO matches (guild_id, channel_id, game, status, creator_id, options, seats, seed, "
            "state, version, pace, timeout_policy, decision_seconds, deadline_at, reminded, locale, "
            "created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
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
