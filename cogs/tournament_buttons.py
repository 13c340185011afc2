"""The hub message's persistent buttons (join, leave, check in, standings): their custom IDs
carry the tournament, so they keep working after a restart."""
from __future__ import annotations

import re
from typing import Any, Protocol, Self, runtime_checkable

import discord
from discord.ext import commands

from cogs.served import open_for_work, serving

TEMPLATE = r"t:(?P<tournament>\d+):(?P<verb>[a-z]+)"


@runtime_checkable
class ButtonHandler(Protocol):
    """The tournaments cog (cogs/tournament.py) as its hub buttons need it."""

    async def on_button(self, interaction: discord.Interaction, tournament_id: int, verb: str) -> None: ...


def button_handler(client: discord.Client) -> ButtonHandler:
    cog = client.get_cog("Tournaments") if isinstance(client, (commands.Bot, commands.AutoShardedBot)) else None
    if not isinstance(cog, ButtonHandler):
        raise RuntimeError("the Tournaments cog is not loaded")
    return cog


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    def __init__(self, tournament_id: int, verb: str, *, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary):
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"t:{tournament_id}:{verb}"))
        self.tournament_id = tournament_id
        self.verb = verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> Self:
        if not isinstance(item, discord.ui.Button):  # discord.py rebuilds a button from a button
            raise TypeError(f"a tournament button's custom ID on a {type(item).__name__}")
        return cls(int(match["tournament"]), match["verb"], label=item.label or "", style=item.style)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await open_for_work(interaction)

    async def callback(self, interaction: discord.Interaction) -> None:
        async with serving(interaction, verb=f"tournament {self.verb}"):
            await button_handler(interaction.client).on_button(interaction, self.tournament_id, self.verb)
