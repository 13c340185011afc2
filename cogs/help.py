"""Help inside Discord: ``/help`` (the games the bot hosts, how to start a match and make
moves, the most useful commands) and the pages every game's ``/<game> rules`` shows (the kit
adds that subcommand, cogs/kit_commands.py). Everything is text from the catalog, in the
reader's language, sent privately (``/<game> rules public:true`` shows it to the channel),
paged with Previous / Next buttons that only the reader can press. ``/rules game:<id>``
shows the same pages for any game (a game whose slash group is full has no ``rules`` of its own).

A game's how-to-play is data: ``locales/<id>/rules.json`` holds ``<id>.rules.pitch`` (one
line for ``/help``) and, for pages 1, 2, ..., ``<id>.rules.<n>.title``, ``.body`` and
``.refs`` (the rule IDs of docs/rules/ that page summarises). Nothing here names a game.
"""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from gamehost.i18n import catalog, t
from gamehost.registry import plugins
from cogs.host import QUICK, locale_of
from cogs.lobby import GAME_CHOICES

PAGER_SECONDS = 14 * 60  # an ephemeral message can be edited for 15 minutes: the buttons go before
EMBED_LIMIT = 4096  # Discord: an embed's description
COLOUR = discord.Colour.blurple()
HELP_PAGES = ("games", "start", "moves", "commands")


def rules_page_count(game_id: str) -> int:
    """How many pages ``/<game> rules`` has: ``<id>.rules.<n>.title`` for n = 1, 2, ..."""
    n = 0
    while catalog().has(f"{game_id}.rules.{n + 1}.title"):
        n += 1
    return n


def rules_pages(game_id: str, locale: str) -> list[discord.Embed]:
    """A game's how-to-play, one embed per page, each ending with the rule IDs it summarises."""
    game = t(f"game.{game_id}", locale)
    pages = []
    for n in range(1, rules_page_count(game_id) + 1):
        key = f"{game_id}.rules.{n}"
        body = t(f"{key}.body", locale)
        if catalog().has(f"{key}.refs"):
            body += "\n\n" + t("help.rules.refs", locale, ids=t(f"{key}.refs", locale))
        pages.append(discord.Embed(title=t("help.rules.title", locale, game=game, page=t(f"{key}.title", locale)),
                                   description=body, colour=COLOUR))
    return pages


def rules_command(tree: app_commands.CommandTree | None, game_id: str) -> str:
    """The command that shows a game's rules: ``/<game> rules`` where the kit could add it to
    the game's group (cogs/kit_commands.py), else ``/rules game:<game>``."""
    group = tree.get_command(game_id) if tree is not None else None
    if isinstance(group, app_commands.Group) and group.get_command("rules") is not None:
        return f"/{game_id} rules"
    return f"/rules game:{game_id}"


def games_text(locale: str, tree: app_commands.CommandTree | None = None) -> str:
    """Every hosted game: its name, its one-line pitch and its rules command."""
    lines = [t("help.game_line", locale, game=t(f"game.{p.id}", locale), pitch=t(f"{p.id}.rules.pitch", locale),
               rules=rules_command(tree, p.id), new=f"/{p.id} new") for p in plugins()]
    return t("help.page.games.body", locale) + "\n\n" + "\n".join(lines)


def help_pages(locale: str, tree: app_commands.CommandTree | None = None) -> list[discord.Embed]:
    """``/help``'s pages: the games, starting a match, making moves, useful commands
    (``tree``: the bot's commands, to name each game's rules command as registered)."""
    rules = ", ".join(f"`{rules_command(tree, p.id)}`" for p in plugins())
    pages = []
    for name in HELP_PAGES:
        body = games_text(locale, tree) if name == "games" else t(f"help.page.{name}.body", locale, rules=rules)
        pages.append(discord.Embed(title=t("help.title", locale, page=t(f"help.page.{name}.title", locale)),
                                   description=body, colour=COLOUR))
    return pages


class Pages(discord.ui.View):
    """Previous / page x of n / Next under a list of embeds; only the reader may turn them."""

    def __init__(self, pages: list[discord.Embed], reader: int, locale: str):
        super().__init__(timeout=PAGER_SECONDS)
        self.pages, self.reader, self.locale, self.index = pages, reader, locale, 0
        self.sent: discord.Interaction | None = None
        self.back: discord.ui.Button[Pages] = discord.ui.Button(label=t("help.pager.prev", locale))
        self.where: discord.ui.Button[Pages] = discord.ui.Button(disabled=True)
        self.forward: discord.ui.Button[Pages] = discord.ui.Button(label=t("help.pager.next", locale),
                                                                   style=discord.ButtonStyle.primary)
        self.back.callback = self._back  # type: ignore[method-assign]
        self.forward.callback = self._forward  # type: ignore[method-assign]
        for item in (self.back, self.where, self.forward):
            self.add_item(item)
        self._show()

    def _show(self) -> None:
        self.back.disabled = self.index == 0
        self.forward.disabled = self.index == len(self.pages) - 1
        self.where.label = t("help.pager.page", self.locale, page=self.index + 1, pages=len(self.pages))

    @property
    def page(self) -> discord.Embed:
        return self.pages[self.index]

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.reader:
            return True
        await interaction.response.send_message(t("help.pager.not_yours", locale_of(interaction)), ephemeral=True)
        return False

    async def _turn(self, interaction: discord.Interaction, step: int) -> None:
        self.index = max(0, min(len(self.pages) - 1, self.index + step))
        self._show()
        await interaction.response.edit_message(embed=self.page, view=self)

    async def _back(self, interaction: discord.Interaction) -> None:
        await self._turn(interaction, -1)

    async def _forward(self, interaction: discord.Interaction) -> None:
        await self._turn(interaction, 1)

    async def on_timeout(self) -> None:
        if self.sent is not None:
            try:
                await self.sent.edit_original_response(view=None)
            except discord.HTTPException:
                pass  # the message is gone or too old: its buttons simply stop answering


async def send_pages(interaction: discord.Interaction, pages: list[discord.Embed], *, public: bool = False) -> None:
    """The first page as the answer to ``interaction`` (privately unless ``public``), with the
    page buttons when there is more than one page."""
    kwargs: dict[str, Any] = {"embed": pages[0], "ephemeral": not public}
    pager = None
    if len(pages) > 1:
        pager = Pages(pages, interaction.user.id, locale_of(interaction))
        kwargs["view"] = pager
    await interaction.response.send_message(**kwargs)
    if pager is not None:
        pager.sent = interaction


class Help(commands.Cog):
    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @app_commands.command(name="help", extras=QUICK,
                          description=_("The games, how to start a match and make moves, the useful commands",
                                        key="cmd.help"))
    async def help(self, interaction: discord.Interaction) -> None:
        await send_pages(interaction, help_pages(locale_of(interaction), self.bot.tree))

    @app_commands.command(name="rules", extras=QUICK,
                          description=_("How to play a game, page by page", key="cmd.rules"))
    @app_commands.describe(game=_("Which game", key="arg.rules_game"),
                           public=_("Show the pages to the channel instead of only to you", key="arg.rules_public"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str, public: bool = False) -> None:
        await send_pages(interaction, rules_pages(game, locale_of(interaction)), public=public)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
