"""The hub message's persistent buttons (join, leave, check in, standings): their custom IDs
carry the tournament, so they keep working after a restart."""
from __future__ import annotations

import re

import discord

TEMPLATE = r"t:(?P<tournament>\d+):(?P<verb>[a-z]+)"


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    def __init__(self, tournament_id: int, verb: str, *, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary):
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"t:{tournament_id}:{verb}"))
        self.tournament_id = tournament_id
        self.verb = verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match):
        return cls(int(match["tournament"]), match["verb"], label=item.label or "", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.get_cog("Tournaments").on_button(interaction, self.tournament_id, self.verb)
