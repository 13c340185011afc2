"""Empire vs Steppe on Discord (a discord.py extension): /evs commands, the board's buttons,
the drill-down Act menu of legal moves, private views (hand, discard, command zone, secret
pick, the defence summary). Rules live in engine/evs, pictures in render/evs."""
from __future__ import annotations

from discord.ext import commands

from cogs.evs.commands import Evs


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Evs(bot))
