"""What every game's cog shares: its Discord adapter registered with the host, the match in
the channel a command comes from, and the kit's subcommands (cogs/kit_commands.py: act, menu,
view, new, rules) added to the game's slash group unless the game declares its own."""
from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from gamehost.service import ServiceError
from gamehost.snapshot import SeatSnapshot, snapshot
from cogs.channels import channel_id_of
from cogs.host import Host, host_of, locale_of, seated
from cogs.kit_commands import kit_subcommands
from cogs.kit_new import LobbyChoices
from cogs.lobby import create_match
from cogs.move_args import make_command_move, move_choices


class GameCog(commands.Cog):
    ui_class: type  # the game's GameUI adapter (cogs/ui.py)
    #: ``/<game> new``'s options typed as text with suggestions from this cog's method (by name)
    new_autocomplete: ClassVar[dict[str, str]] = {}
    #: parameters of ``/<game> new`` beyond the options and the lobby's: (type, default, words)
    new_extras: ClassVar[dict[str, tuple[Any, Any, app_commands.locale_str]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # discord.py's CogMeta collects the group's commands after this runs, so the kit's
        # subcommands are registered like the game's own
        super().__init_subclass__(**kwargs)
        group = next((v for v in cls.__dict__.values() if isinstance(v, app_commands.Group) and v.parent is None), None)
        game_id = getattr(cls.ui_class, "game_id", None) if hasattr(cls, "ui_class") else None
        if group is not None and game_id is not None:
            for command in kit_subcommands(group, game_id, cls):
                group.add_command(command)

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        self.ui = self.ui_class(host_of(bot))
        host_of(bot).register(self.ui)

    @property
    def host(self) -> Host:
        return host_of(self.bot)

    async def my_seat(self, interaction: discord.Interaction) -> SeatSnapshot:
        """This channel's match of this game as the caller's seat sees it (errors if the
        channel has no such match or the caller is not seated)."""
        row = await self.host.service.in_channel(channel_id_of(interaction))
        if row.game != self.ui.game_id:
            raise ServiceError("no_match")
        return snapshot(row).for_seat(seated(row, interaction.user.id))

    async def suggest_moves(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """``/<game> act``'s autocomplete: the caller's legal moves, worded by the adapter's
        ``act_label`` (the notation alone without one); nothing outside a match."""
        try:
            mine = await self.my_seat(interaction)
        except ServiceError:
            return []
        locale, label = locale_of(interaction), getattr(self.ui, "act_label", None)
        return move_choices(mine, current, lambda move: label(mine, move, locale) if label is not None else move)

    async def create_new(self, interaction: discord.Interaction, options: dict[str, Any], lobby: LobbyChoices,
                         extras: dict[str, Any]) -> None:
        """``/<game> new`` (cogs/kit_new.py): the match with these options (a game may check
        its ``new_extras`` first)."""
        await create_match(interaction, self.ui.game_id, options, lobby.where, lobby.pace, lobby.timeout,
                           lobby.minutes, lobby.language, lobby.ranked)

    async def make_move(self, interaction: discord.Interaction, *args: str | None) -> None:
        """A move subcommand: the move its arguments make for the caller (cogs/move_args.py)."""
        await make_command_move(self, interaction, *args)
