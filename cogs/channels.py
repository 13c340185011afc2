"""The channels the bot posts in, looked up by id, and the channel a command came from.

A match lives in the channel where ``/match create`` (or a game's own command) was used, or
in a thread the bot made under a text channel; a tournament's hub is a text channel and its
tables are threads the bot made there. So every id kept in a row is of a channel the bot can
post in and edit its posts in, never a category or a forum: that is what ``MatchChannel``
says. discord.py's lookups only promise "some channel", hence the one ``cast`` below; it
checks nothing at run time (the test and bench stand-ins for channels are duck-typed).
"""
from __future__ import annotations

from typing import TypeAlias, cast

import discord

from gamehost.outcome import ServiceError

#: a channel a match, a tournament hub or a tournament table is in
MatchChannel: TypeAlias = (discord.TextChannel | discord.Thread | discord.VoiceChannel | discord.StageChannel
                           | discord.DMChannel)


def cached_channel(client: discord.Client, channel_id: int) -> MatchChannel | None:
    """The channel of a match, hub or table if the bot has it cached (no request)."""
    return cast("MatchChannel | None", client.get_channel(channel_id))


async def match_channel(client: discord.Client, channel_id: int) -> MatchChannel:
    """The channel of a match, hub or table: from the cache, else fetched from Discord
    (raises ``discord.HTTPException`` when it is gone or hidden)."""
    return cast("MatchChannel", client.get_channel(channel_id) or await client.fetch_channel(channel_id))


def channel_id_of(interaction: discord.Interaction) -> int:
    """The channel a command or component came from. Discord sends it with every one; a
    payload without it would find no match in "no channel", so it is refused as such."""
    channel_id = interaction.channel_id
    if channel_id is None:
        raise ServiceError("no_match")
    return channel_id
