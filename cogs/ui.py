"""What each game's Discord adapter provides to the shared host code. Adapters read
snapshots (gamehost/snapshot.py: views, prompts, the engine's move metadata), never rows."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import discord

from gamehost.snapshot import SeatSnapshot, Snapshot
from gamehost.workers import RenderJob


@dataclass
class PrivateMessage:
    embed: discord.Embed
    png_job: RenderJob | None = None  # drawn by the host off the event loop
    view: discord.ui.View | None = None
    # when the player asks for the view (an ephemeral reply, not a DM): every picture, the
    # sheet then reference pages (a list of PNGs), instead of ``png_job``'s one
    pages_job: RenderJob | None = None


class GameUI(Protocol):
    game_id: str
    title_key: str
    # component verbs that only read, or moves judged against the game as it is now: no board
    # version check, allowed after the end (a move is still applied once: gamehost/once.py)
    fresh_verbs: set[str]

    def seat_names(self, snap: Snapshot) -> list[str]: ...
    def board_job(self, snap: Snapshot, locale: str) -> RenderJob: ...
    def board_embed(self, snap: Snapshot, locale: str) -> discord.Embed: ...
    def board_items(self, snap: Snapshot, locale: str) -> list[discord.ui.Item]: ...
    def narrate(self, snap: Snapshot, events: list, locale: str, moves=()) -> list[str]:
        """Sentences for the public ``events``; ``moves`` (logged moves behind them) give a
        sentence to a move whose events said nothing (e.g. Continue)."""
        ...
    def private_message(self, mine: SeatSnapshot, locale: str, *, image: bool = True) -> PrivateMessage: ...
    async def on_component(self, interaction: discord.Interaction, snap: Snapshot, verb: str,
                           arg: str, values: list[str]) -> None: ...
    # Optional: ``move_label(mine: SeatSnapshot, move: str, locale) -> str`` a move in words, as
    # the menus name it (the kit's KitUI has one); the host's losing-move warning says it
    # (cogs/host.py ``move_words``: else the act label without its notation).
    # Optional: ``result_words(result: dict, locale) -> str`` words a finished match's result
    # itself (a co-operative game, where no winners is the team's defeat, not a draw); the
    # host's game-over line and the match history use it when present.
    # Optional: ``lobby_fields(options: dict, locale) -> list[(name, value)]`` more lobby fields
    # explaining a mode in words (cogs/host.py ``lobby_message``), and ``history_words(options,
    # result, locale) -> str | None`` words ``/match history`` adds to a finished match's line.
    async def make_move(self, interaction: discord.Interaction, mine: SeatSnapshot, move: str, *,
                        expected_version: int | None = None, confirmed: bool = False) -> None:
        """Make a move for the caller and show its result (asking first, unless ``confirmed``,
        when the move would lose the game: ``Host.needs_confirmation``)."""
        ...
