"""Just enough of discord.py's objects to drive the real command path many at a time.

SimCord runs one interaction at a time, so the "many matches at once" figures drive the real
code -- ``cogs.host.acknowledge`` (what ``bot.GameTree.interaction_check`` runs before every
slash command), the game cog's own slash-command callback (its ``/<id> act``: this
channel's match, ``MatchService.act``, ``Host.publish`` with the board drawn by the real
render pool) -- with these light stand-ins for the interaction, the bot (which takes each
game's cog from its extension's ``setup(bot)``), channels and users. Every call Discord
would get is recorded with the time it was made; each one yields to the event loop once,
as a request sent over the network would. A channel or DM ``send`` and a message's ``edit``
(the turn's living message: ``channel.get_partial_message(id).edit(...)``) first build the
request as discord.py does (``handle_message_parameters``: the embed, the view's components,
the files' form fields) and read each file to its end, as the upload would: an edit carrying
the board costs what a post of it costs.
"""
from __future__ import annotations

import asyncio
import datetime
import itertools
import time
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import cast

import discord
from discord.ext import commands
from discord.http import handle_message_parameters

_ids = itertools.count(1)


@dataclass
class Sent:
    """One message the bot sent: when, and whether it carried a picture (board or hand)."""

    at: float
    kind: str  # "board" (channel post), "board-edit" (an edit of a channel message), "dm",
    # "response", "edit" (of the interaction's reply), "followup", "delete"
    has_file: bool
    content: str = ""


async def _network() -> None:
    await asyncio.sleep(0)  # a request is written and the task yields, as over the network


class FakeResponse:
    def __init__(self, interaction: "FakeInteraction"):
        self._interaction = interaction
        self._done = False

    def is_done(self) -> bool:
        return self._done

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self._done = True
        self._interaction.acked_at = time.perf_counter()
        await _network()

    async def send_message(self, content: str | None = None, **kwargs) -> None:
        self._done = True
        self._interaction.acked_at = self._interaction.acked_at or time.perf_counter()
        self._interaction.record("response", content, kwargs)
        await _network()


class FakeFollowup:
    def __init__(self, interaction: "FakeInteraction"):
        self._interaction = interaction

    async def send(self, content: str | None = None, **kwargs) -> None:
        self._interaction.record("followup", content, kwargs)
        await _network()


class FakeInteraction:
    """A slash command sent by ``user_id`` in ``channel_id`` (``arrived_at`` is perf_counter)."""

    def __init__(self, bot: "FakeBot", user_id: int, channel_id: int, command=None, locale: str = "en-US"):
        self.id = next(_ids)
        self.client = bot
        self.user = SimpleNamespace(id=user_id, display_name=f"user{user_id}", name=f"user{user_id}",
                                    guild_permissions=None)
        self.channel_id = channel_id
        self.guild_id = 1
        self.locale = locale
        self.type = discord.InteractionType.application_command
        self.command = command
        self.extras: dict = {}
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)
        self.created_at = datetime.datetime.now(datetime.timezone.utc)
        self.arrived_at = time.perf_counter()
        self.acked_at: float | None = None
        self.done_at: float | None = None  # set by the driver when handling ended
        self.error: Exception | None = None  # what the handling raised, if anything
        self.sent: list[Sent] = []

    def record(self, kind: str, content, kwargs: dict) -> None:
        self.sent.append(Sent(time.perf_counter(), kind, "file" in kwargs or bool(kwargs.get("attachments")),
                              content or ""))

    async def edit_original_response(self, **kwargs) -> None:
        self.record("edit", kwargs.get("content"), kwargs)
        await _network()

    async def delete_original_response(self) -> None:
        self.record("delete", None, {})
        await _network()

    def refused(self) -> bool:
        """The bot answered with a refusal (its private reply starts with the warning sign)."""
        return any(s.content.startswith("⚠️") for s in self.sent)


REQUEST_FIELDS = ("content", "embed", "embeds", "file", "files", "attachments", "view", "allowed_mentions",
                  "tts", "poll")  # what handle_message_parameters builds; reference, delete_after ... are not the body


def _request(kwargs: dict) -> bool:
    """Build the request discord.py would send for these send or edit arguments (None given
    for a field clears it, as in an edit) and read its files as the upload does; True when
    it carries a file."""
    with handle_message_parameters(**{k: v for k, v in kwargs.items() if k in REQUEST_FIELDS}) as params:
        for file in params.files or ():
            file.fp.read()  # the multipart body streams the whole picture
        return bool(params.files)


class FakePartialMessage:
    """``channel.get_partial_message(id)``: a message known by its id, edited in place."""

    def __init__(self, channel: "FakeMessageable", ident: int):
        self.channel = channel
        self.id = ident

    async def edit(self, **kwargs) -> SimpleNamespace:
        has_file = _request(kwargs)
        self.channel.sent.append(Sent(time.perf_counter(), f"{self.channel.kind}-edit", has_file,
                                      kwargs.get("content") or ""))
        await _network()
        return SimpleNamespace(id=self.id)


class FakeMessageable:
    def __init__(self, ident: int, kind: str):
        self.id = ident
        self.kind = kind
        self.sent: list[Sent] = []  # posts and edits of its messages, in order

    async def send(self, content: str | None = None, **kwargs) -> SimpleNamespace:
        has_file = _request({"content": content, **kwargs})
        self.sent.append(Sent(time.perf_counter(), self.kind, has_file, content or ""))
        await _network()
        return SimpleNamespace(id=next(_ids))

    def get_partial_message(self, message_id: int) -> FakePartialMessage:
        return FakePartialMessage(self, message_id)


@dataclass
class FakeBot:
    """What ``cogs.host.Host``, the game cogs and their extensions' ``setup(bot)`` use of the
    bot: channels, users, ``host``, ``add_cog``."""

    channels: dict[int, FakeMessageable] = field(default_factory=dict)
    users: dict[int, FakeMessageable] = field(default_factory=dict)
    host: object = None
    cogs: dict[str, commands.Cog] = field(default_factory=dict)

    async def add_cog(self, cog: commands.Cog, **_kwargs) -> None:
        self.cogs[cog.qualified_name] = cog

    def get_channel(self, channel_id: int) -> FakeMessageable:
        channel = self.channels.get(channel_id)
        if channel is None:
            channel = self.channels[channel_id] = FakeMessageable(channel_id, "board")
        return channel

    async def fetch_channel(self, channel_id: int) -> FakeMessageable:
        return self.get_channel(channel_id)

    def get_user(self, user_id: int) -> FakeMessageable:
        user = self.users.get(user_id)
        if user is None:
            user = self.users[user_id] = FakeMessageable(user_id, "dm")
        return user

    async def fetch_user(self, user_id: int) -> FakeMessageable:
        return self.get_user(user_id)


# The stand-ins where the real code takes discord.py's objects: they have only what that code
# uses (duck typing; nothing checks them at run time), which these casts tell the type checker.

def as_bot(bot: FakeBot) -> commands.Bot:
    return cast(commands.Bot, bot)


def as_interaction(interaction: FakeInteraction) -> discord.Interaction:
    return cast(discord.Interaction, interaction)
