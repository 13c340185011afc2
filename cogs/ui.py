"""What each game's Discord adapter provides to the shared host code."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import discord

from gamehost.store import MatchRow
from gamehost.workers import RenderJob


@dataclass
class PrivateMessage:
    embed: discord.Embed
    png_job: RenderJob | None = None  # drawn by the host off the event loop
    view: discord.ui.View | None = None


class GameUI(Protocol):
    game_id: str
    title_key: str
    fresh_verbs: set[str]  # component verbs that only read: no version check, allowed after the end

    def board_job(self, row: MatchRow, locale: str) -> RenderJob: ...
    def board_embed(self, row: MatchRow, locale: str) -> discord.Embed: ...
    def board_items(self, row: MatchRow, locale: str) -> list[discord.ui.Item]: ...
    def narrate(self, row: MatchRow, events: list, locale: str) -> list[str]: ...
    def private_message(self, row: MatchRow, seat: int, locale: str, *, image: bool = True) -> PrivateMessage: ...
    def options_summary(self, row: MatchRow, locale: str) -> str: ...
    async def on_component(self, interaction: discord.Interaction, row: MatchRow, verb: str,
                           arg: str, values: list[str]) -> None: ...
