"""Clash of Decks on Discord (a discord.py extension): /clash commands, board buttons,
private hands and draft picks. Rules live in engine/clash, pictures in render/clash."""
from __future__ import annotations

from discord.ext import commands

from cogs.clash.commands import Clash


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Clash(bot))
