"""Every slash command and component, counted, timed (gamehost/metrics.py) and tagged for the
logs (gamehost/logs.py). Commands reach the bot through the command tree (bot.py
``GameTree._call``), components through their dynamic items (cogs/items.py, the tournament
hub's cogs/tournament_buttons.py); each wraps its work in ``serving``, which ends when the
reply (the board, the private answer) is sent. (The help pager's page turns are not counted.)
The interactions being served are the bot's ``in_flight`` tasks: a stopping bot lets them
finish (bot.py ``GameBot.close``) and meanwhile answers new ones with ``open_for_work``.

The outcome: ``ok``, or ``refused`` (a move or command the rules or limits turned down, told
privately) and ``error`` (an internal failure), as the error reply marks it (``mark_outcome``,
called from ``cogs/host.reply_error``); an exception nobody answered is an ``error``.
"""
from __future__ import annotations

import asyncio
import time
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

import discord

from gamehost import metrics
from gamehost.i18n import t
from gamehost.logs import bound
from gamehost.registry import plugins
from cogs.replies import locale_of, send_ephemeral

OUTCOME = "outcome"  # interaction.extras: "refused" or "error", set when the reply says so
UNKNOWN = "none"      # the game label of a command or component that belongs to no game


def mark_outcome(interaction: discord.Interaction, error: Exception) -> None:
    internal = getattr(error, "code", None) == "internal"
    interaction.extras[OUTCOME] = "error" if internal else "refused"


def shard_of(client: discord.Client, guild_id: int | None) -> int:
    """Discord's rule: a guild's events come on shard (guild id >> 22) % shard count; DMs on 0."""
    count = getattr(client, "shard_count", None) or 1
    return (guild_id >> 22) % count if guild_id else 0


def _games() -> set[str]:
    return {game.id for game in plugins()}


def command_labels(interaction: discord.Interaction) -> tuple[str, str]:
    """(game, command) of a slash command: the game whose group it is in, or the one its
    ``game`` option names (/match create game:<id>); the command's full name, no options."""
    command = interaction.command
    if command is None:
        return UNKNOWN, "unknown"
    name = command.qualified_name
    games = _games()
    root = name.split(" ", 1)[0]
    if root in games:
        return root, name
    named = getattr(interaction.namespace, "game", None)
    return (named if isinstance(named, str) and named in games else UNKNOWN), name


def game_of_match(client: discord.Client, match_id: int) -> str | None:
    host = getattr(client, "host", None)
    service = getattr(host, "service", None)
    row = service.cache.peek(match_id) if service is not None and match_id else None
    return row.game if row is not None else None


@asynccontextmanager
async def serving(interaction: discord.Interaction, *, match_id: int | None = None,
                  verb: str | None = None) -> AsyncIterator[None]:
    """Around one interaction's whole work: a command (``verb`` None) or a component
    (``verb`` and ``match_id`` from its custom ID). Autocomplete is tagged, not counted."""
    client = interaction.client
    with bound(shard=shard_of(client, interaction.guild_id), guild=interaction.guild_id, match=match_id):
        if interaction.type is discord.InteractionType.autocomplete:
            yield
            return
        started = time.perf_counter()  # not the event loop's clock: simulated time stands still
        task, in_flight = asyncio.current_task(), getattr(client, "in_flight", None)
        if task is not None and in_flight is not None:
            in_flight.add(task)
        game = game_of_match(client, match_id) if match_id is not None else None
        failed = False
        try:
            yield
        except BaseException:
            failed = True
            raise
        finally:
            if task is not None and in_flight is not None:
                in_flight.discard(task)
            if verb is None:
                game, command = command_labels(interaction)
            else:
                game, command = game or game_of_match(client, match_id or 0) or UNKNOWN, verb
            outcome = _outcome(interaction, failed)
            observed = metrics.current()
            observed.commands.labels(game=game, command=command, outcome=outcome).inc()
            observed.command_seconds.labels(game=game).observe(time.perf_counter() - started)


def _outcome(interaction: discord.Interaction, failed: bool) -> str:
    marked: Any = interaction.extras.get(OUTCOME)
    if marked:
        return str(marked)
    return "error" if failed or interaction.command_failed else "ok"


async def open_for_work(interaction: discord.Interaction) -> bool:
    """False, after telling the person privately, while the bot is stopping: the commands
    already under way finish first (bot.py ``GameBot.close``), a new one would find the
    database closed; nothing changed, try again when the bot is back."""
    if not getattr(interaction.client, "closing", False):
        return True
    if interaction.type is discord.InteractionType.autocomplete:
        return False  # no suggestions; there is nothing to say in an autocomplete
    await send_ephemeral(interaction, t("host.restarting", locale_of(interaction)))
    return False
