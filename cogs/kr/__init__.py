"""Kingdom Rush: Rift in Time on Discord (a discord.py extension): /kr commands, the board's
buttons, the drill-down Act menu of legal actions, the team's hands and the horde close-up.
Rules live in engine/kr, pictures in render/kr. Not in gamehost/registry.py INSTALLED yet."""
from __future__ import annotations

from discord.ext import commands

from cogs.kr.commands import Kr


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Kr(bot))
