"""Many matches at once: concurrent moves, event-loop stalls and throughput of one process.

Everything runs the production path on one event loop, with real ``asyncio.gather``: the
store (SQLite in a temporary file), ``MatchService`` (engine work in its threads), the
Discord host (``cogs.host.Host``) with the render pool the real bot uses
(``gamehost.workers.Renderer``: one worker process per core, at most 4, as ``bot.main``
sets it), and every registered game's cog (``gamehost.registry``: each cog package's own
``setup(bot)``) with its own slash-command callbacks. Only Discord itself is replaced, by
the recording stand-ins of ``bench.fake_discord`` (SimCord runs one interaction at a time,
so it cannot show many arriving together). A command is what the bot does for a slash
command: ``acknowledge`` first (``bot.GameTree.interaction_check``), then the body of the
game's ``/<id> act`` (``MatchService.act`` + ``Host.publish``), and a refusal answered as
``on_tree_error`` answers it.

The tables alternate across every registered game (channel c plays game c mod the number
of games) and, game by game, between matches of people only and matches of one person
against bot seats, each at the game's usual seat count with its default options
(``bench.games``). A match is first played past its setup decisions (prompts of kind
``setup``) through the service; a person's move is the engine's own choice
(``bot_action``) for that seat.

* ``load.concurrent_failures_100`` -- 100 moves in 100 started matches arriving at the same
  moment, three times: moves refused or raising, missing from the stored action log, or
  whose board (with its PNG) never reached the channel -- posted as a new message, or, within
  a turn, as an edit of the turn's living message (``cogs/board_post.py``; an edit that only
  takes an old message's buttons carries no picture and does not count). Must be 0. Each is
  a move that shows a board: moves that only answer privately (``ActionInfo.quiet``) are
  played through the service first.
* ``load.last_reply_ms_100`` -- from that moment until the last of the 100 commands was
  completely handled (engine, bot replies, commit, board PNG from the render pool, the
  board's channel post or turn-message edit -- each built and uploaded as discord.py would,
  ``bench.fake_discord`` -- private views); the median of the three rounds.
* ``load.first_ack_ms_p99`` -- from that moment until each command's acknowledgement
  (the private "thinking" defer) was sent; p99 over the 300.
* ``loop.block_ms_p99`` / ``loop.block_ms_max`` -- while 200 commands (20 matches, each
  against bot seats, 4 commands at a time) are handled, a monitor task sleeps 1 ms again and
  again and records how much later than asked it wakes: the stretches in which the event
  loop could not answer anything else. One command of each game goes first, unmeasured (lazy
  imports, fonts and caches filled once per process are start-up, not stalls: measured alone
  they made a maximum of 80-120 ms that a whole run, warmed by earlier figures, never shows).
* ``capacity.commands_per_s`` -- 16 players each sending their next command as soon as the
  previous one was handled, over 48 matches, for 10 s: commands completely handled (boards
  drawn and posted) per second.

In smoke mode (``bench.run``): one match of each game, one round; a short stream; 1 s of
throughput. A command of the stream or of the throughput run that fails fails the run
(``bench.run.problem``).
"""
from __future__ import annotations

import asyncio
import gc
import importlib
import itertools
import os
import shutil
import statistics
import tempfile
import time
from dataclasses import dataclass
from typing import Awaitable, Callable, cast

from discord import app_commands
from discord.ext import commands

from bench.fake_discord import FakeBot, FakeInteraction, as_bot, as_interaction
from bench.figures import percentile
from bench.games import game_ids, usual_seats
from bench.run import Measure, problem, sized
from cogs.host import Host, acknowledge, reply_error
from engine.base import IllegalAction
from gamehost import heap
from gamehost.registry import plugin, plugins
from gamehost.service import MatchService, ServiceError
from gamehost.snapshot import snapshot
from gamehost.store import MatchRow, Store
from gamehost.workers import Renderer, default_workers

GUILD = 1


# -- the table: store, service, host, cogs --------------------------------------------------

def _cog_callback(command: app_commands.Command) -> Callable[..., Awaitable[object]]:
    """The callback of a cog's slash command, which takes the cog first. discord.py types a
    command's callback as either form (with or without the cog), a union its stubs give no
    way to narrow; for a cog's command it is the first."""
    return cast(Callable[..., Awaitable[object]], command.callback)


class Table:
    """A bot without Discord: the real service, host, render pool and cogs, on a fresh
    database, with fixed match seeds so every run plays the same games."""

    async def __aenter__(self) -> "Table":
        gc.collect()  # earlier figures' garbage is not this figure's to collect
        self.directory = tempfile.mkdtemp(prefix="bench-many-")
        self.store = Store(os.path.join(self.directory, "m.sqlite3"))
        await self.store.open()
        seeds = itertools.count(1000)
        self.service = MatchService(self.store, time.time, seed_source=lambda: next(seeds))
        self.bot = FakeBot()
        self.renderer = Renderer(default_workers())  # as bot.main draws: a process per core (at most 4)
        self.renderer.warm()
        self.host = Host(as_bot(self.bot), self.service, self.renderer)
        self.bot.host = self.host
        for game in plugins():  # each game's extension adds its cog, as bot.py loads it
            await importlib.import_module(game.cog_module).setup(self.bot)
        self.acts: dict[str, tuple[commands.Cog, app_commands.Command]] = {}  # game id -> (cog, its /<id> act)
        for cog in self.bot.cogs.values():
            for command in cog.walk_app_commands():
                if isinstance(command, app_commands.Command) and command.name == "act" and hasattr(cog, "ui"):
                    self.acts[cog.ui.game_id] = (cog, command)
        missing = set(game_ids()) - set(self.acts)
        if missing:
            raise RuntimeError(f"no /<id> act command for {', '.join(sorted(missing))}")
        heap.set_aside_start_up()  # as the bot does once ready (bot.py setup_hook)
        return self

    async def __aexit__(self, *exc) -> None:
        await self.service.close()
        await self.store.close()
        heap.release()
        shutil.rmtree(self.directory, ignore_errors=True)

    async def warm_render(self, rows: list[MatchRow]) -> None:
        """Draw a few boards in every worker first (fonts, tiles): a running bot's pool is warm."""
        jobs = [self.host.uis[row.game].board_job(snapshot(row), "en") for row in rows]
        await asyncio.gather(*(self.renderer.run(job) for job in jobs * 2))

    async def command(self, user_id: int, channel_id: int, game: str, move: str,
                      arrived_at: float | None = None) -> FakeInteraction:
        """One slash command, handled the way the bot handles it."""
        cog, command = self.acts[game]
        interaction = FakeInteraction(self.bot, user_id, channel_id, command=command)
        if arrived_at is not None:
            interaction.arrived_at = arrived_at
        try:
            await acknowledge(as_interaction(interaction))  # bot.GameTree.interaction_check, before any work
            await _cog_callback(command)(cog, as_interaction(interaction), move)
        except (ServiceError, IllegalAction) as error:  # bot's on_tree_error
            interaction.error = error
            await reply_error(as_interaction(interaction), error)
        except Exception as error:  # noqa: BLE001 -- counted as a failure, not hidden
            interaction.error = error
            await reply_error(as_interaction(interaction), ServiceError("internal"))
        interaction.done_at = time.perf_counter()
        return interaction

    # -- matches -----------------------------------------------------------------------

    async def open_match(self, channel: int, game: str, *, against_bot: bool) -> MatchRow:
        """A started match in ``channel`` at the game's usual seat count with its default
        options, played past its setup decisions: its creator and other people or bots."""
        creator = 1_000_000 + channel
        await self.service.create(guild_id=GUILD, channel_id=channel, creator_id=creator,
                                  creator_name=f"c{channel}", game=game, options={})
        for other in range(1, usual_seats(game)):
            if against_bot:
                await self.service.add_bot(channel, creator)
            else:
                await self.service.join(channel, other * 1_000_000 + 1_000_000 + channel, f"j{other}-{channel}")
        row = (await self.service.start(channel, creator)).match
        return await self.past_setup(row)

    async def past_setup(self, row: MatchRow, moves: int = 50) -> MatchRow:
        """Play the people's setup decisions (prompts of kind ``setup``) through the service."""
        engine = plugin(row.game).engine
        for _ in range(moves):
            if row.status != "active" or not any(p.kind == "setup" for p in engine.prompts(row.state)):
                break
            move = next_move(row)
            if move is None:
                break
            row = (await self.service.act(row.id, *move)).match
        return row

    async def current(self, channel: int, game: str, against_bot: bool) -> MatchRow:
        row = await self.service.find_in_channel(channel)
        if row is None or row.status != "active":
            row = await self.open_match(channel, game, against_bot=against_bot)
        return row

    async def ready_for_board(self, channel: int, game: str, against_bot: bool) -> tuple[MatchRow, tuple[int, str]]:
        """The match in ``channel`` and its person's next move, one that posts a board: moves
        that only answer privately (the engine's ``action_info(move).quiet``) are played
        through the service first."""
        row = await self.current(channel, game, against_bot)
        for _ in range(200):
            move = next_move(row)
            if move is None:
                raise RuntimeError(f"match {row.id} waits for nobody")
            if not plugin(row.game).engine.action_info(move[1]).quiet:
                return row, move
            row = (await self.service.act(row.id, *move)).match
            if row.status != "active":
                row = await self.current(channel, game, against_bot)
        raise RuntimeError(f"no board-posting move found in channel {channel}")


def mixed_tables(matches: int) -> list[tuple[int, str, bool]]:
    """(channel, game, against bots) for channels 1..matches: the games in turn, and for each
    game its matches alternately between people only and against bot seats."""
    games = game_ids()
    return [(channel, games[channel % len(games)], (channel // len(games)) % 2 == 1)
            for channel in range(1, matches + 1)]


def next_move(row: MatchRow) -> tuple[int, str] | None:
    """(user id, move) for a person the match waits for: the engine's own choice for that seat."""
    if row.status != "active":
        return None
    engine = plugin(row.game).engine
    for prompt in engine.prompts(row.state):
        seat = row.seats[prompt.seat] if prompt.seat < len(row.seats) else {"bot": True}
        if not seat.get("bot"):
            return seat["user_id"], engine.format_action(engine.bot_action(row.state, prompt.seat))
    return None


# -- 100 moves in 100 matches at once ------------------------------------------------------

@dataclass
class Round:
    failures: int
    last_reply_ms: float
    ack_ms: list[float]


def _done_at(interaction: FakeInteraction) -> float:
    """When ``Table.command`` finished handling the interaction (it always sets it)."""
    assert interaction.done_at is not None
    return interaction.done_at


async def _hundred_at_once(table: Table, tables: list[tuple[int, str, bool]]) -> Round:
    planned = []
    for channel, game, against_bot in tables:
        row, (user, move) = await table.ready_for_board(channel, game, against_bot)
        planned.append((row, user, move, await table.store.last_seq(row.id)))
    start = time.perf_counter()
    done = await asyncio.gather(*(table.command(user, row.channel_id, row.game, move, arrived_at=start)
                                  for row, user, move, _seq in planned))
    last = max(_done_at(i) for i in done)
    failures = 0
    for (row, user, move, seq), interaction in zip(planned, done):
        logged = [a for a in await table.service.log(row.id) if a.seq > seq]
        # the board reached the channel: a post, or an edit of the turn's message, with the picture
        posted = [s for s in table.bot.get_channel(row.channel_id).sent if s.at >= start and s.has_file]
        if (interaction.error is not None or interaction.refused() or interaction.acked_at is None
                or not logged or logged[0].user_id != user or logged[0].action != move or not posted):
            failures += 1
    return Round(failures, (last - start) * 1000, [(i.acked_at or _done_at(i)) * 1000 - start * 1000 for i in done])


async def measure_concurrent(rounds: int = 3, matches: int = 100) -> list[Round]:
    async with Table() as table:
        tables = mixed_tables(matches)
        for channel, game, against_bot in tables:
            await table.open_match(channel, game, against_bot=against_bot)
        await table.warm_render([await table.service.in_channel(c) for c, _g, _b in tables[:4]])
        return [await _hundred_at_once(table, tables) for _ in range(rounds)]


def concurrent_moves():
    results = asyncio.run(measure_concurrent(sized(3, 1), sized(100, len(game_ids()))))
    failures = sum(r.failures for r in results)
    if failures:
        problem(f"load.concurrent: {failures} moves refused, raising, unlogged or without their board")
    yield "load.concurrent_failures_100", sum(r.failures for r in results)
    yield "load.last_reply_ms_100", round(statistics.median(r.last_reply_ms for r in results), 1)
    yield "load.first_ack_ms_p99", round(percentile([ms for r in results for ms in r.ack_ms], 0.99), 2)


# -- event-loop stalls under a command stream ----------------------------------------------

async def _monitor(stop: asyncio.Event, late_ms: list[float], tick: float = 0.001) -> None:
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(tick)
        late_ms.append(max(0.0, (time.perf_counter() - asked - tick) * 1000))


async def measure_loop_blocking(commands: int = 200, matches: int = 20, at_once: int = 4) -> tuple[list[float], int]:
    async with Table() as table:
        tables = [(channel, game, True) for channel, game, _people in mixed_tables(matches)]
        for channel, game, against_bot in tables:
            await table.open_match(channel, game, against_bot=against_bot)
        await table.warm_render([await table.service.in_channel(c) for c, _g, _b in tables[:4]])
        turn = itertools.cycle(tables)
        # one command of each game first, unmeasured: what a process does once (lazy imports,
        # fonts, caches) is start-up, not a stall of the stream
        _, errors = await _command_batches(table, turn, len({game for _c, game, _b in tables}), at_once)
        late_ms: list[float] = []
        stop = asyncio.Event()
        monitor = asyncio.create_task(_monitor(stop, late_ms))
        _, failed = await _command_batches(table, turn, commands, at_once)
        stop.set()
        await monitor
        return late_ms, errors + failed


async def _command_batches(table, turn, commands: int, at_once: int) -> tuple[int, int]:
    """At least ``commands`` commands, ``at_once`` at a time, of the tables ``turn`` cycles:
    how many were sent and how many failed."""
    sent = errors = 0
    while sent < commands:
        batch = []
        for channel, game, against_bot in itertools.islice(turn, at_once):
            row = await table.current(channel, game, against_bot)
            move = next_move(row)
            if move is not None:
                batch.append(table.command(move[0], channel, game, move[1]))
        done = await asyncio.gather(*batch)
        sent += len(done)
        errors += sum(1 for i in done if i.error is not None)
    return sent, errors


def loop_blocking():
    games = len(game_ids())
    late_ms, errors = asyncio.run(measure_loop_blocking(sized(200, 2 * games), sized(20, games), sized(4, 2)))
    if errors:
        problem(f"loop.block: {errors} commands of the stream failed")
    yield "loop.block_ms_p99", round(percentile(late_ms, 0.99), 2)
    yield "loop.block_ms_max", round(max(late_ms), 2)


# -- throughput -------------------------------------------------------------------------------

async def measure_throughput(seconds: float = 10.0, players: int = 16, matches: int = 48) -> tuple[int, int, float]:
    async with Table() as table:
        tables = mixed_tables(matches)
        for channel, game, against_bot in tables:
            await table.open_match(channel, game, against_bot=against_bot)
        await table.warm_render([await table.service.in_channel(c) for c, _g, _b in tables[:4]])
        handled = failed = 0
        start = time.perf_counter()

        async def player(own: list[tuple[int, str, bool]]) -> None:
            nonlocal handled, failed
            for channel, game, against_bot in itertools.cycle(own):
                if time.perf_counter() - start >= seconds:
                    return
                row = await table.current(channel, game, against_bot)
                move = next_move(row)
                if move is None:
                    continue
                interaction = await table.command(move[0], channel, game, move[1])
                if interaction.error is None and not interaction.refused():
                    handled += 1
                else:
                    failed += 1

        await asyncio.gather(*(player(tables[p::players]) for p in range(players)))
        return handled, failed, time.perf_counter() - start


def throughput():
    games = len(game_ids())
    handled, failed, elapsed = asyncio.run(measure_throughput(sized(10.0, 1.0), sized(16, 2), sized(48, games)))
    if failed:
        problem(f"capacity.commands_per_s: {failed} commands failed")
    yield "capacity.commands_per_s", round(handled / elapsed, 1)


FIGURES: list[tuple[str, Measure]] = [
    ("load.concurrent", concurrent_moves),
    ("loop.block", loop_blocking),
    ("capacity.commands_per_s", throughput),
]
