"""Every slash command and component, counted, timed (gamehost/metrics.py) and tagged for the
logs (gamehost/logs.py). Commands reach the bot through the command tree (bot.py
``GameTree._call``), components through their dynamic items (cogs/items.py, the tournament
hub's cogs/tournament_buttons.py); each wraps its work in ``serving``, which ends when the
reply (the board, the private answer) is sent. (The help pager's page turns are not counted.)

The outcome: ``ok``, or ``refused`` (a move or command the rules or limits turned down, told
privately) and ``error`` (an internal failure), as the error reply marks it (``mark_outcome``,
called from ``cogs/host.reply_error``); an exception nobody answered is an ``error``.
"""
from __future__ import annotations

import time
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

import discord

from gamehost import metrics
from gamehost.logs import bound
from gamehost.registry import plugins

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
        game = game_of_match(client, match_id) if match_id is not None else None
        failed = False
        try:
            yield
        except BaseException:
            failed = True
            raise
        finally:
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
