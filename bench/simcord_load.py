"""Command latency and start-up time measured through SimCord with the real bot.

The matches are those of every registered game (``gamehost.registry``), in turn: a channel's
k-th match is of the game after the one of its previous match, so that the channels between
them play every game. Each is created with ``/match create game:<id>`` (the game's default
options), filled by people to the game's usual seat count (``bench.games``) and started;
setup decisions (prompts of kind ``setup``) are taken with ``/<id> act``. A timed command is
the next move of the seat the match waits for, the engine's own choice (``bot_action``), sent
as the game's own subcommand with its arguments when the engine's move metadata names one
(``ActionInfo.command`` / ``args``), else as ``/<id> act``; moves that only answer privately
(``ActionInfo.quiet``) post no board and are made untimed. What is typed is taken from the
command tree the game's cog registered: ``act``'s one parameter, and each subcommand's
parameters by their Discord names, in order (a subcommand may sit in a nested group). The
arguments of a move are those the game's cog lists for it (``GameCog.my_seat``'s ``moves``,
which a game may word differently from the engine's notation). A timed
command the bot refuses is made again with ``act``, not counted, and fails the run
(``bench.run.problem``): the figure would otherwise measure fewer commands than it says.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from types import SimpleNamespace
from typing import Any, AsyncIterator, Callable

import simcord
import simcord.http.router as simcord_router
from discord import app_commands

from bench.games import default_options, game_ids, usual_seats
from bench.run import problem
from bot import create_bot
from engine.base import ActionInfo
from gamehost.config import Settings
from gamehost import leases
from gamehost.db.urls import dialect_of, sqlite_url
from gamehost.service import MatchService
from gamehost.registry import plugin
from gamehost.snapshot import snapshot
from gamehost.store import Store, pack_state
from gamehost.workers import Renderer, default_workers

# The bench plays 100 matches as the same few people, as fast as it can: the abuse limits
# (gamehost.limits; 0 = unlimited) would rightly refuse that, so they are off here.
UNLIMITED = {"COMMAND_BURST": "0", "MAX_OPEN_LOBBIES_PER_USER": "0", "MAX_ACTIVE_MATCHES_PER_USER": "0",
             "MAX_OPEN_MATCHES_PER_SERVER": "0", "MAX_BOT_MATCHES_PER_SERVER": "0"}
SETUP_MOVES = 50  # setup decisions taken before a match counts as started


#: a fresh, empty database for one run of the bot: an async context manager giving its URL
FreshDatabase = Callable[[], AbstractAsyncContextManager[str]]


@asynccontextmanager
async def fresh_sqlite() -> AsyncIterator[str]:
    """A new SQLite file in a temporary folder (removed after)."""
    with tempfile.TemporaryDirectory(prefix="bench-") as directory:
        yield sqlite_url(os.path.join(directory, "m.sqlite3"))


async def _alone(_service: Any) -> None:
    return None


def one_process_on_postgres(database_url: str) -> None:
    """SimCord runs one bot process, and SimCord does not settle while the bot polls every
    2 s for other processes' due deadlines or listens for their commits (LISTEN): on
    PostgreSQL neither is started here (as in the behaviour tests, tests/conftest.py). Only
    single-process figures run through SimCord; the bench process runs nothing else."""
    if dialect_of(database_url) == "postgresql":
        leases.SCHEDULER_PERIOD = 0
        MatchService.follow_other_processes = _alone  # type: ignore[method-assign,assignment]


def _bot(database_url: str):
    one_process_on_postgres(database_url)
    # Boards drawn as the real bot draws them (bot.main: one worker process per core, at most
    # 4), not in the threads an embedded bot defaults to.
    settings = Settings.from_env({"DATABASE_URL": database_url, "RENDER_WORKERS": str(default_workers()),
                                  "SHARD_COUNT": "1", **UNLIMITED})  # SimCord runs one shard
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


def _tree_command(bot, game_id: str, name: str) -> app_commands.Command | None:
    """The slash command called ``name`` under ``/<game_id>`` (at any depth: a subcommand may
    sit in a nested group), or None if there is not exactly one."""
    group = bot.tree.get_command(game_id)
    if not isinstance(group, app_commands.Group):
        return None
    found = [c for c in group.walk_commands() if isinstance(c, app_commands.Command) and c.name == name]
    return found[0] if len(found) == 1 else None


def act_command(bot, game_id: str) -> app_commands.Command:
    """``/<game_id> act`` as the game's cog registered it: one parameter, the move in notation."""
    command = _tree_command(bot, game_id, "act")
    if command is None or len(command.parameters) != 1 or command.binding is None:
        raise RuntimeError(f"/{game_id} has no act command taking one move in notation")
    return command


def subcommand_options(bot, game_id: str, name: str, args: tuple[str, ...]) -> tuple[str, dict] | None:
    """(``/<game_id> … <name>``'s full name, its options for these argument values in order,
    keyed by their Discord names), or None if the tree has no such subcommand taking them."""
    command = _tree_command(bot, game_id, name)
    if command is None or len(args) > len(command.parameters):
        return None
    if any(p.required for p in command.parameters[len(args):]):
        return None
    return command.qualified_name, {parameter.display_name: value for parameter, value in zip(command.parameters, args)}


class EmulatedApi:
    """Time spent inside SimCord's emulated Discord API (its HTTP router, with the gateway
    events it pushes from there) while a command is timed. A real bot spends no CPU there:
    it waits for Discord's reply over the network instead. Subtracted from a command's
    latency, it leaves the bot's own time to its last reply (``cmd.own_ms_p50``)."""

    def __init__(self) -> None:
        self.inside = 0.0
        self.last_end: float | None = None  # when the last call (the bot's last reply so far) returned
        self._depth = 0

    def wrap(self, dispatch: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            if self._depth:
                return dispatch(*args, **kwargs)
            self._depth += 1
            start = time.perf_counter()
            try:
                return dispatch(*args, **kwargs)
            finally:
                self.last_end = time.perf_counter()
                self.inside += self.last_end - start
                self._depth -= 1
        return timed


class _Tables:
    """The channels, who sits where, and which game each channel's next match is of."""

    def __init__(self, bot, guild, users, games: list[str], channels: int):
        self.bot, self.users, self.games = bot, users, games
        self.by_id = {user.id: user for user in users}
        self.service = bot.host.service
        # game id -> (/<id> act's full name, its parameter's Discord name, the game's cog)
        self.acts: dict[str, tuple[str, str, Any]] = {}
        for game_id in games:
            act = act_command(bot, game_id)
            self.acts[game_id] = (act.qualified_name, act.parameters[0].display_name, act.binding)
        self.refusals: list[str] = []  # timed commands the bot refused, with its replies
        self.api = EmulatedApi()
        self.api_ms: list[float] = []  # per timed command: milliseconds inside SimCord's API
        self.settled_ms: list[float] = []  # per timed command: milliseconds until the bot was idle
        self.channels = [guild.create_text_channel(f"table-{i}") for i in range(channels)]
        self.next_game = {channel.id: i % len(games) for i, channel in enumerate(self.channels)}

    async def act(self, person, channel, game_id: str, move: str) -> None:
        """``move`` typed into ``/<game_id> act``: the engine's own move, which the bot must take."""
        name, option, _cog = self.acts[game_id]
        result = await person.slash(channel, name, **{option: move})
        if not _moved(result):
            raise RuntimeError(f"/{name} {option}:{move} was refused: {_replies(result)}")

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
            await self.act(self.person(row, seat), channel, game_id, move)

    async def active(self, channel):
        row = await self.service.find_in_channel(channel.id)
        return row if row is not None and row.status == "active" else None

    def person(self, row, seat: int):
        return self.by_id[row.seats[seat]["user_id"]]

    async def listed_move(self, channel, actor, game_id: str, move: str) -> ActionInfo | None:
        """``move`` as the game's commands read their arguments: the cog's own view of the
        actor's seat (``GameCog.my_seat``, which a game may extend) lists every legal move
        with the subcommand and argument values that make it; None if it is not listed."""
        cog = self.acts[game_id][2]
        mine = await cog.my_seat(SimpleNamespace(channel_id=channel.id, user=SimpleNamespace(id=actor.id)))
        return next((m for m in mine.moves if m.text == move), None)

    async def timed_move(self, channel, row) -> float | None:
        """The next move of the match in ``channel``, sent as its own subcommand when the game
        has one for it (else ``/<id> act``): milliseconds until the bot's last reply, or None
        when it was not timed (a quiet move, or refused, then made with ``act``)."""
        engine = plugin(row.game).engine
        seat = engine.prompts(row.state)[0].seat
        actor = self.person(row, seat)
        move = engine.format_action(engine.bot_action(row.state, seat))
        if engine.action_info(move).quiet:  # answered privately, no board: not the command this figure times
            await self.act(actor, channel, row.game, move)
            return None
        info = await self.listed_move(channel, actor, row.game, move)
        own = subcommand_options(self.bot, row.game, info.command, info.args) if info and info.command else None
        if own is None:
            act_name, option, _cog = self.acts[row.game]
            own = act_name, {option: move}
        name, options = own
        self.api.inside, self.api.last_end = 0.0, None
        start = time.perf_counter()
        result = await actor.slash(channel, name, **options)
        idle = time.perf_counter()
        replied = ((self.api.last_end or idle) - start) * 1000
        api_ms = self.api.inside * 1000
        if not _moved(result):  # a refusal is quick and would flatter the figure
            self.refusals.append(f"/{name} {options}: {_replies(result)}")
            await self.act(actor, channel, row.game, move)  # make the move anyway
            return None
        self.api_ms.append(api_ms)
        self.settled_ms.append((idle - start) * 1000)
        return replied


def _replies(result) -> str:
    replies = ([result.response] if result.response is not None else []) + list(result.followups)
    return " | ".join((r.content or "")[:120] for r in replies) or "(no reply)"


async def measure_play_latency(active_matches: int, samples: int, board_renders: list[float] | None = None,
                               fresh: FreshDatabase = fresh_sqlite,
                               api_ms: list[float] | None = None,
                               by_game: dict[str, tuple[list[float], list[float]]] | None = None,
                               settled_ms: list[float] | None = None) -> list[float]:
    """Latencies of ``samples`` timed commands in ``active_matches`` open matches; with fewer
    channels than games, one run per game (an equal share of the samples each), each on a
    database of its own made by ``fresh`` (default: a new SQLite file). ``api_ms`` receives,
    for each, the milliseconds spent inside SimCord's emulated API (``EmulatedApi``), and
    ``settled_ms`` the milliseconds until SimCord found the bot idle (its bookkeeping after
    the last reply included); ``by_game`` (one run per game only), each game's latencies and
    board drawings. A latency runs from sending the command to the bot's last reply
    returning (the last call of the emulated API)."""
    games = game_ids()
    groups = [games] if active_matches >= len(games) else [[g] for g in games]
    latencies: list[float] = []
    for i, group in enumerate(groups):
        share = samples // len(groups) + (samples % len(groups) if i == len(groups) - 1 else 0)
        drawn: list[float] = []
        async with fresh() as url:
            got = await _play_latency(url, group, active_matches, share, drawn if board_renders is not None else None,
                                      api_ms, settled_ms)
        latencies += got
        if board_renders is not None:
            board_renders += drawn
        if by_game is not None and len(group) == 1:
            by_game[group[0]] = (got, drawn)
    return latencies


async def _play_latency(database: str, games: list[str], active_matches: int, samples: int,
                        board_renders: list[float] | None, api_ms: list[float] | None = None,
                        settled_ms: list[float] | None = None) -> list[float]:
    bot = _bot(database)
    latencies: list[float] = []
    original_dispatch = simcord_router.dispatch
    async with simcord.run(bot) as env:
        try:
            guild = env.create_guild("bench")
            most = max(usual_seats(g) for g in games)
            users = [guild.add_member(env.create_user(f"player{s}")) for s in range(most)]
            tables = _Tables(bot, guild, users, games, active_matches)
            simcord_router.dispatch = tables.api.wrap(original_dispatch)
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
                if not plugin(row.game).engine.prompts(row.state):
                    continue
                elapsed = await tables.timed_move(channel, row)
                if len(tables.refusals) > samples:
                    raise RuntimeError("timed move commands are refused again and again: "
                                       + "; ".join(tables.refusals[:5]))
                if elapsed is None:
                    continue
                latencies.append(elapsed)
                if board_renders is not None:  # the same board the command just drew, alone
                    board_renders += await _board_render(bot, tables, channel)
        finally:  # also when a command fails: else the process never exits
            simcord_router.dispatch = original_dispatch
            await _close(bot)
    if api_ms is not None:
        api_ms += tables.api_ms
    if settled_ms is not None:
        settled_ms += tables.settled_ms
    if tables.refusals:
        problem(f"cmd.latency: {len(tables.refusals)} timed move commands were refused (not counted): "
                + "; ".join(tables.refusals[:5]))
    return latencies


async def _board_render(bot, tables: _Tables, channel) -> list[float]:
    """Milliseconds to draw the board of the match in ``channel`` alone, as the bot drew it."""
    played = await tables.active(channel)
    if played is None:
        return []
    draw, kwargs = bot.host.uis[played.game].board_job(snapshot(played), "en")
    start = time.perf_counter()
    draw(**kwargs)
    return [(time.perf_counter() - start) * 1000]


async def measure_restart(stored_matches: int) -> float:
    async with fresh_sqlite() as url:
        return await _restart(url, stored_matches)


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
        game_id, options_json, state, seats_json = kinds[i % len(kinds)]
        rows.append((1, 10_000 + i, game_id, "active", 1, options_json, seats_json, i, state, 3, "async", "auto",
                     86400, now + 3600 + i, 0, "en", now, now))
    # The connection autocommits (isolation_level=None): one explicit transaction for the lot.
    async with store.transaction() as db:
        await db.executemany(
            "INSERT INTO matches (guild_id, channel_id, game, status, creator_id, options, seats, seed, "
            "state, version, pace, timeout_policy, decision_seconds, deadline_at, reminded, locale, "
            "created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
    await store.close()
    return await time_start(database, stored_matches)


async def time_start(database_url: str, armed: int) -> float:
    """Milliseconds from starting the bot on ``database_url`` until it is ready (connected,
    store open, every deadline of its ``armed`` active matches armed)."""
    bot = _bot(database_url)
    start = time.perf_counter()
    async with simcord.run(bot):
        try:
            ready = (time.perf_counter() - start) * 1000
            assert len(bot.host.service.deadlines.armed) == armed, (len(bot.host.service.deadlines.armed), armed)
        finally:
            await _close(bot)
    return ready
