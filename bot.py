"""Start the bot: settings from the environment / .env, logging, cogs, run."""
from __future__ import annotations

import asyncio
import logging
import math
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import aiohttp
import discord
from discord.ext import commands

from gamehost import heap, logs
from gamehost.config import Settings, load_dotenv
from gamehost.health import Checks, HealthServer
from gamehost.limits import Limits
from gamehost.metrics import Metrics, install
from gamehost.registry import plugins
from gamehost.service import MatchService, ServiceError
from gamehost.store import Store
from gamehost.store_errors import counting

if TYPE_CHECKING:
    from cogs.host import Host
    from gamehost.tournament_service import TournamentService

ROOT = Path(__file__).resolve().parent
SHARED_COGS = ("cogs.lobby", "cogs.ratings", "cogs.tournament", "cogs.help")


def cog_extensions() -> list[str]:
    """The shared lobby plus every registered game's cog package."""
    return [*SHARED_COGS, *(game.cog_module for game in plugins())]

log = logging.getLogger("bot")
#: seconds a stopping bot waits for the interactions under way (service managers allow 30)
DRAIN_SECONDS = 10.0


def utc_timestamp() -> float:
    # discord.utils.utcnow is what simulated clocks (SimCord) move, so deadlines follow them.
    return discord.utils.utcnow().timestamp()


def note_locale(client: discord.Client, interaction: discord.Interaction) -> None:
    """Record the user's Discord locale (``Store.note_locale``, in memory at once; the database
    is written, in the background, only when it changed), so DMs, private replies and
    private pictures can be in each reader's language."""
    host = getattr(client, "host", None)
    user = interaction.user
    locale = str(interaction.locale) if interaction.locale else None
    if host is None or user is None or not locale:
        return
    store = host.service.store
    if store.note_locale(user.id, locale):
        task = asyncio.get_running_loop().create_task(store.set_locale(user.id, locale))
        _LOCALE_WRITES.add(task)
        task.add_done_callback(_LOCALE_WRITES.discard)


#: locale writes in flight (a task with no reference could be collected before it ends)
_LOCALE_WRITES: set[asyncio.Task] = set()


class GameTree(discord.app_commands.CommandTree):
    """Every slash command is acknowledged before any work, except the few that answer
    at once (no engine, no drawing), so no command can miss Discord's 3-second limit.

    A person sending commands faster than the limit (COMMAND_BURST per COMMAND_WINDOW_SECONDS)
    gets a private refusal and the command does nothing: returning False makes discord.py
    drop it quietly (no error handler runs, so no second reply). Autocomplete is not counted."""

    def _from_interaction(self, interaction: discord.Interaction) -> None:
        note_locale(self.client, interaction)  # before the command runs, whatever it sends
        super()._from_interaction(interaction)

    async def _call(self, interaction: discord.Interaction) -> None:
        # the invoker task discord.py made for this interaction: counted, timed and tagged
        # with its shard and guild for the logs (cogs/served.py)
        from cogs.served import serving
        async with serving(interaction):
            await super()._call(interaction)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        from cogs.served import open_for_work
        if not await open_for_work(interaction):
            return False
        if interaction.type is discord.InteractionType.application_command:
            host = getattr(self.client, "host", None)
            if host is not None:
                from cogs.host import RECEIVED
                interaction.extras[RECEIVED] = host.service.clock()  # the bot's clock (gamehost/once.py)
                try:
                    await host.service.check_rate(interaction.user.id)
                except ServiceError as refusal:
                    from cogs.host import reply_error
                    await reply_error(interaction, refusal)
                    return False
            command = interaction.command
            if command is None or not command.extras.get("quick"):
                from cogs.host import acknowledge
                await acknowledge(interaction)
        return True


class GameBot(commands.AutoShardedBot):
    """The bot. Sharded: SHARD_COUNT and SHARD_IDS say which of Discord's shards this process
    runs (unset: every shard, as many as Discord recommends). Any process serves any match
    (the database's version check makes each action exactly-once), and only one process
    (SYNC_COMMANDS: by default the one running shard 0) syncs the slash commands."""

    def __init__(self, settings: Settings):
        intents = discord.Intents.default()
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, tree_cls=GameTree,
                         allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
                         shard_count=settings.shard_count)
        # None (SHARD_IDS unset): every shard; read when the shards are launched
        self.shard_ids = list(settings.shard_ids) if settings.shard_ids is not None else None
        self.settings = settings
        self.host: Host | None = None  # made by setup_hook
        self.tournaments: TournamentService | None = None  # set by cogs.tournament when it loads
        self.metrics = Metrics()  # this bot's figures (gamehost/metrics.py), installed in setup_hook
        self.health: HealthServer | None = None  # /healthz and /metrics, when HEALTH_PORT is set
        self.in_flight: set[asyncio.Task] = set()  # the interactions being served (cogs/served.py)
        self.closing = False  # stopping: new interactions are turned away (cogs/served.open_for_work)
        self._stopping: asyncio.Task | None = None
        # the process's one bot (bot.main, the playground) sets its start-up objects aside from
        # garbage collection once ready (gamehost/heap.py); a test making many bots does not
        self.sets_aside_heap = False

    async def setup_hook(self) -> None:
        from cogs.host import Host, reply_error
        from cogs.items import GameButton, GameSelect
        from gamehost.workers import Renderer
        from cogs.translator import CatalogTranslator

        install(self.metrics)
        store = Store(self.settings.store_url(), pool_size=self.settings.database_pool_size)
        await store.open()
        service = MatchService(counting(store), utc_timestamp,
                               live_seconds=self.settings.live_decision_minutes * 60,
                               async_seconds=self.settings.async_decision_hours * 3600,
                               reminder_fraction=self.settings.reminder_fraction,
                               seed_source=self._seeds(), hot_matches=self.settings.hot_matches,
                               cached_matches=self.settings.cached_matches,
                               limits=Limits.from_settings(self.settings))
        renderer = Renderer(self.settings.render_workers)
        self.host = Host(self, service, renderer)
        self.metrics.watch(lambda: service.store.open_match_counts(), renderer.queued)
        self.add_dynamic_items(GameButton, GameSelect)
        for extension in cog_extensions():
            await self.load_extension(extension)

        async def on_tree_error(interaction: discord.Interaction, error: discord.app_commands.AppCommandError) -> None:
            original = getattr(error, "original", error)
            from engine.base import IllegalAction
            from gamehost.service import ServiceError
            if isinstance(original, (ServiceError, IllegalAction)):
                await reply_error(interaction, original)
                return
            if isinstance(error, discord.app_commands.CheckFailure):
                await reply_error(interaction, ServiceError("not_allowed"))
                return
            log.exception("command failed", exc_info=original)
            await reply_error(interaction, ServiceError("internal"))
            raise original

        self.tree.error(on_tree_error)
        await self.tree.set_translator(CatalogTranslator())
        await self.sync_commands()
        rearmed = await service.rearm_all()
        await service.follow_other_processes()  # PostgreSQL: other processes' commits drop cached rows
        await self.start_health()
        if self.sets_aside_heap:
            log.info("%d start-up objects set aside from garbage collection", heap.set_aside_start_up())
        log.info("ready to serve; %d deadlines re-armed", rearmed)

    async def sync_commands(self) -> None:
        """Send the slash commands to Discord: only from the process that is to (SYNC_COMMANDS)."""
        if not self.settings.sync_commands:
            log.info("slash commands not synced by this process (shards %s): another process syncs them",
                     ",".join(map(str, self.shard_ids or [])) or "all")
            return
        if self.settings.sync_guild_id:
            guild = discord.Object(self.settings.sync_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def start_health(self) -> None:
        """/healthz and /metrics on HEALTH_HOST:HEALTH_PORT (none when the port is 0)."""
        if self.settings.health_port <= 0 or self.health is not None:
            return
        self.health = HealthServer(self.health_checks(), self.metrics, self.settings.health_host,
                                   self.settings.health_port)
        await self.health.start()

    def health_checks(self) -> Checks:
        """What /healthz asks, read from the bot at each request."""
        return Checks(gateway=lambda: self.is_ready() and not self.is_closed(),
                      shards=self.shard_states,
                      store=lambda: self.host.service.store if self.host is not None else None,
                      render_workers=lambda: self.host is not None and self.host.renderer.alive())

    def shard_states(self) -> list[dict[str, Any]]:
        """This process's shards: connected or not, and the gateway's heartbeat latency."""
        return [{"id": shard_id, "connected": not shard.is_closed(), "latency_ms": milliseconds(shard.latency)}
                for shard_id, shard in sorted(self.shards.items())]

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Buttons, menus and forms record the reader's locale too (commands did, in the tree)."""
        if interaction.type is not discord.InteractionType.application_command:
            note_locale(self, interaction)

    def _seeds(self) -> Callable[[], int] | None:
        """Fixed seeds (MATCH_SEED, MATCH_SEED+1, ...) for reproducible tests; random otherwise."""
        if self.settings.match_seed is None:
            return None
        counter = iter(range(self.settings.match_seed, 1 << 62))
        return lambda: next(counter)

    async def close(self) -> None:
        """Stop: turn new interactions away, let those under way finish (``drain``: a move
        being made is committed and its board posted), then close the services and Discord."""
        if self._stopping is None:
            self._stopping = asyncio.create_task(self._close_all())
        await self._stopping

    async def _close_all(self) -> None:
        self.closing = True
        await self.drain()
        await self.close_services()
        await super().close()

    async def drain(self, seconds: float = DRAIN_SECONDS) -> int:
        """Wait, at most ``seconds``, for the interactions being served to finish; how many
        were still under way when the wait ended."""
        running = {task for task in self.in_flight if not task.done() and task is not asyncio.current_task()}
        if self.host is not None:  # and the reminders and timeouts being applied
            running.add(asyncio.ensure_future(self.host.service.deadlines.settled()))
        if not running:
            return 0
        log.info("stopping: waiting for what is under way (%d interactions)", len(running) - (self.host is not None))
        _done, pending = await asyncio.wait(running, timeout=seconds)
        for task in pending - self.in_flight:
            task.cancel()  # the wait for deadlines
        if pending:
            log.warning("stopping with %d interactions or deadlines still under way after %.0f s", len(pending),
                        seconds)
        return len(pending)

    async def close_services(self) -> None:
        """Stop the health endpoint, the tournaments and the match service and close the
        database (its thread too), leaving the Discord connection alone: what a simulated
        Discord's bot needs."""
        health, self.health = self.health, None
        if health is not None:
            await health.stop()
        if self.tournaments is not None:
            await self.tournaments.close()
        if self.host is not None:
            await self.host.service.close()
            await self.host.service.store.close()
        if self.sets_aside_heap:
            heap.release()


def milliseconds(seconds: float) -> int | None:
    """A latency in whole ms; None before the first heartbeat (discord.py says nan or inf)."""
    return round(seconds * 1000) if math.isfinite(seconds) else None


def create_bot(settings: Settings | None = None) -> GameBot:
    return GameBot(settings or Settings.from_env())


def main() -> int:
    load_dotenv(ROOT / ".env")
    try:
        settings = Settings.from_env()
    except ValueError as bad_setting:  # one plain line naming the setting, no traceback
        print(f"A setting in .env or the environment is wrong: {bad_setting}", file=sys.stderr)
        return 2
    logs.configure(settings.log_level, settings.log_format, settings.process_name)
    token = settings.token
    if not token:
        print("DISCORD_TOKEN is not set.\n\n"
              "  To run the bot on Discord: copy .env.example to .env and put your bot token in\n"
              "  DISCORD_TOKEN (see README, 'Create the Discord application').\n"
              "  To try it without a token: ./scripts/playground.sh  (a simulated Discord in your browser).",
              file=sys.stderr)
        return 2
    if settings.render_workers is None:  # the real bot draws boards in worker processes
        from dataclasses import replace
        from gamehost.workers import default_workers
        settings = replace(settings, render_workers=default_workers())
    # what discord.py says at each start that is no news (no voice here; "logging in using static token")
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    if logging.getLogger().getEffectiveLevel() > logging.DEBUG:
        logging.getLogger("discord.client").setLevel(logging.WARNING)
    bot = create_bot(settings)
    bot.sets_aside_heap = True
    stop_on_sigterm(bot)
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        return start_failed("Discord rejected DISCORD_TOKEN. Copy the token again from the Developer Portal "
                            "(Bot > Reset Token) into .env.")
    except discord.PrivilegedIntentsRequired:
        return start_failed("Discord refused the bot's intents: turn on the privileged intents it asks for in the "
                            "Developer Portal (Bot > Privileged Gateway Intents).")
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as error:
        return start_failed(f"Could not reach Discord ({unreachable(error)}). Check this machine's network connection "
                            "(DNS, proxy, firewall) and start the bot again.")
    return 0


def stop_on_sigterm(bot: GameBot) -> None:
    """SIGTERM (``kill``, most service managers) stops the bot as SIGINT (Ctrl+C) does: the
    interactions under way finish, then the database, render workers and tournaments close.
    Before the bot's event loop runs, it interrupts the start as Ctrl+C would."""
    def stop(_signum: int, _frame: Any) -> None:
        loop = bot.__dict__.get("loop")  # discord.py sets it when the bot starts
        if not isinstance(loop, asyncio.AbstractEventLoop) or loop.is_closed():
            raise KeyboardInterrupt
        loop.call_soon_threadsafe(close_soon)

    def close_soon() -> None:
        bot.__dict__["_sigterm"] = asyncio.ensure_future(bot.close())  # held: a task nobody holds may be collected
    signal.signal(signal.SIGTERM, stop)


def start_failed(line: str) -> int:
    """A start that failed for a reason the person running the bot can fix: one plain line on
    stderr (the traceback only in the debug log) and a non-zero exit code."""
    logging.getLogger(__name__).debug("start failed", exc_info=True)
    print(line, file=sys.stderr)
    return 2


def unreachable(error: BaseException) -> str:
    """The network error in a few words: "Name or service not known", "Connection refused"."""
    cause = error.os_error if isinstance(error, aiohttp.ClientConnectorError) else error
    number = getattr(cause, "errno", None)
    text = ((os.strerror(number) if isinstance(number, int) and number > 0 else "")
            or getattr(cause, "strerror", None) or str(cause) or type(cause).__name__).strip()
    return text[:1].upper() + text[1:]


if __name__ == "__main__":
    sys.exit(main())
