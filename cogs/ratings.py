"""/rating and /leaderboard: per-server, per-game ratings from ranked matches (OpenSkill,
gamehost/ratings.py). Ranked matches are those created with ``ranked:yes``."""
from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from gamehost.i18n import t
from render.rating_chart import rating_chart_png
from cogs.host import BOARD_VERB, QUICK, Host, host_of, locale_of, send_ephemeral
from cogs.items import GameButton, view_of
from cogs.lobby import GAME_CHOICES


def form_text(form: list[str]) -> str:
    return " ".join(form) or "-"


class Ratings(commands.Cog):
    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @property
    def host(self) -> Host:
        return host_of(self.bot)

    @app_commands.command(name="rating", description=_("A member's rating in a game on this server",
                                                                     key="cmd.rating"))
    @app_commands.describe(member=_("Whose rating (default: yours)", key="arg.rating_member"),
                           game=_("Which game (default: every game they are rated in)", key="arg.rating_game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rating(self, interaction: discord.Interaction, member: discord.Member | None = None,
                     game: str | None = None) -> None:
        locale = locale_of(interaction)
        who = member or interaction.user
        games = [game] if game else [g for guild, g, _n in await self.host.service.rated_games(who.id)
                                     if guild == (interaction.guild_id or 0)]
        lines, charted = [], []
        for game_id in games:
            record = await self.host.service.rating(interaction.guild_id, game_id, who.id)
            if record.games == 0:
                continue
            charted.append((game_id, record))
            lines.append(t("host.rating.line", locale, game=t(f"game.{game_id}", locale), rating=record.display,
                           games=record.games, wins=record.wins, draws=record.draws, losses=record.losses,
                           form=form_text(record.form)))
        if not lines:
            await send_ephemeral(interaction, t("host.rating.none", locale, member=who.display_name))
            return
        text = t("host.rating.title", locale, member=who.display_name) + "\n" + "\n".join(lines)
        if len(charted) != 1:
            await send_ephemeral(interaction, text)
            return
        game_id, record = charted[0]  # one game: its rating history as a chart
        job = (rating_chart_png, {"points": record.chart_points(),
                                  "title": f"{who.display_name} · {t(f'game.{game_id}', locale)}",
                                  "caption": t("host.rating.chart_caption", locale, games=record.games)})
        try:
            png = await self.host.renderer.run(job)
        except Exception:  # the numbers still answer the question
            await send_ephemeral(interaction, text)
            return
        await send_ephemeral(interaction, text, file=discord.File(io.BytesIO(png), filename="rating.png"))

    @app_commands.command(name="leaderboard", extras=QUICK, description=_("The best rated players of a game here",
                                                                          key="cmd.leaderboard"))
    @app_commands.describe(game=_("Which game", key="arg.game"), page=_("Page", key="arg.page"),
                           min_games=_("Only players with at least this many ranked games", key="arg.min_games"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: str,
                          page: app_commands.Range[int, 1] = 1, min_games: app_commands.Range[int, 0] = 0) -> None:
        await send_ephemeral(interaction, **await self.board_message(interaction, game, page - 1, min_games))

    async def board_message(self, interaction: discord.Interaction, game: str, page: int,
                            min_games: int) -> dict[str, Any]:
        locale = locale_of(interaction)
        board = await self.host.service.leaderboard(interaction.guild_id, game, min_games=min_games, page=page)
        title = t("host.leaderboard.title", locale, game=t(f"game.{game}", locale), page=board.page + 1,
                  pages=board.pages)
        if not board.rows:
            return {"content": title + "\n" + t("host.leaderboard.empty", locale)}
        lines = [t("host.leaderboard.line", locale, rank=rank, member=f"<@{record.identity.split(':', 1)[1]}>",
                   rating=record.display, games=record.games, wins=record.wins)
                 for rank, record in board.rows]
        buttons = []
        for label_key, target in (("host.leaderboard.prev", board.page - 1), ("host.leaderboard.next", board.page + 1)):
            if 0 <= target < board.pages:
                buttons.append(GameButton(0, 0, BOARD_VERB, arg=f"{game}.{target}.{min_games}",  # page buttons
                                          label=t(label_key, locale)))
        message: dict[str, Any] = {"content": title + "\n" + "\n".join(lines),
                                   "allowed_mentions": discord.AllowedMentions.none()}
        if buttons:
            message["view"] = view_of(buttons)
        return message


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Ratings(bot))
