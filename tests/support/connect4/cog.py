"""Connect Four's whole Discord adapter: the kits give /connect4 new, act, menu and view, the
board message with Act and My view, the Act menu, Continue/Default and narration; the game
adds its picture and one move command with autocomplete."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from gamehost.snapshot import Snapshot
from gamehost.workers import RenderJob
from cogs.game_cog import GameCog
from cogs.kit_ui import KitUI
from cogs.move_args import MoveArg
from tests.support.connect4 import render


class ConnectFourUI(KitUI):
    game_id = "connect4"
    title_key = "game.connect4"

    def board_job(self, snap: Snapshot, locale: str) -> RenderJob:
        return render.board_png, {"view": snap.view, "seat_names": snap.names, "lang": locale}


class ConnectFour(GameCog):
    ui_class = ConnectFourUI
    connect4 = app_commands.Group(name="connect4", description="Play Connect Four")

    @connect4.command(name="drop", description="Drop a disc into a column")
    async def drop(self, interaction: discord.Interaction, column: app_commands.Transform[str, MoveArg(0)]) -> None:
        await self.make_move(interaction, column)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ConnectFour(bot))
