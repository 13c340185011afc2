"""What every game's cog shares: its Discord adapter registered with the host, and the
match in the channel a command comes from."""
from __future__ import annotations

import discord
from discord.ext import commands

from gamehost.service import ServiceError
from gamehost.snapshot import SeatSnapshot, snapshot
from cogs.channels import channel_id_of
from cogs.host import Host, host_of, seated


class GameCog(commands.Cog):
    ui_class: type  # the game's GameUI adapter (cogs/ui.py)

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
