"""Cloudspire on Discord (a discord.py extension): /cloudspire commands, the board's
buttons, drill-down menus of legal moves, private views and standing policies. Rules live
in engine/cloudspire, pictures in render/cloudspire."""
from __future__ import annotations

from discord.ext import commands

from cogs.cloudspire.commands import Cloudspire


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Cloudspire(bot))
