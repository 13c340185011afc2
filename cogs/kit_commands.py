"""The subcommands every game's slash group gets from the kit (cogs/game_cog.py adds each one
the game does not declare itself): ``act`` (any move in notation, autocompleted from the
caller's legal moves, labelled by the adapter's ``act_label``, a long one as its token),
``menu`` (the Act menu), ``view`` (the caller's private view), ``new`` (a match: a parameter
per option the game describes, the lobby's where/pace/timeout/minutes/board/language/ranked
and an ``options`` text for the rest; cogs/kit_new.py) and ``rules`` (the game's how-to-play
pages, cogs/help.py, where its catalog has them: ``locales/<id>/rules.json``)."""
from __future__ import annotations

from typing import Any, Protocol

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from engine.base import IllegalAction
from gamehost.i18n import catalog, t
from gamehost.registry import plugin
from gamehost.snapshot import SeatSnapshot
from cogs.help import rules_page_count, rules_pages, send_pages
from cogs.host import QUICK, Host, locale_of
from cogs.kit_new import LobbyChoices, new_command
from cogs.move_args import explained, untoken, why_not_asked


MAX_SUBCOMMANDS = 25  # Discord: a slash group's subcommands (and subgroups), at most


class GameCogLike(Protocol):
    """What the kit's callbacks use of the cog (cogs/game_cog.py GameCog)."""

    ui: Any
    host: Host

    async def my_seat(self, interaction: discord.Interaction) -> SeatSnapshot: ...

    async def suggest_moves(self, interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]: ...

    async def create_new(self, interaction: discord.Interaction, options: dict[str, Any], lobby: LobbyChoices,
                         extras: dict[str, Any]) -> None: ...


class KitCommands:
    """Callbacks of the kit's subcommands (methods, so discord.py binds them to the cog)."""

    @app_commands.describe(move=_("The move; suggestions list every legal one", key="arg.move"))
    async def act(self: GameCogLike, interaction: discord.Interaction, move: str) -> None:
        """Any move in notation, or a suggestion (a long move's token); a seat the game is not
        asking hears the engine's reason (``why_not_asked``), a suggestion no longer legal says
        so, and every refusal starts with what can be done now (``explained``)."""
        mine = await self.my_seat(interaction)
        try:
            unasked = why_not_asked(mine)
            if unasked is not None:
                raise unasked
            chosen = untoken(move.strip(), mine.legal)
            if chosen is None:
                raise IllegalAction("host.err.stale_choice", "that suggestion is no longer legal", legal=mine.legal)
            await self.ui.make_move(interaction, mine, chosen)
        except IllegalAction as refusal:
            raise explained(refusal, mine, locale_of(interaction)) from refusal

    async def act_autocomplete(self: GameCogLike, interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
        return await self.suggest_moves(interaction, current)

    async def menu(self: GameCogLike, interaction: discord.Interaction) -> None:
        await self.ui.show_menu(interaction, await self.my_seat(interaction))

    async def view(self: GameCogLike, interaction: discord.Interaction) -> None:
        mine = await self.my_seat(interaction)
        await self.host.send_private(mine.match, mine.seat, interaction, ephemeral=True)

    @app_commands.describe(public=_("Show the pages to the channel instead of only to you", key="arg.rules_public"))
    async def rules(self: GameCogLike, interaction: discord.Interaction, public: bool = False) -> None:
        await send_pages(interaction, rules_pages(self.ui.game_id, locale_of(interaction)), public=public)


def described(game_id: str, name: str, kit_words: str) -> app_commands.locale_str:
    """A kit subcommand's description: the game's own words where its catalog has them
    (``cmd.<game>.<name>``, e.g. what a game's private view shows), else the kit's
    (``cmd.kit.<name>``)."""
    key = f"cmd.{game_id}.{name}"
    return _(t(key, "en"), key=key) if catalog().has(key) else _(kit_words, key=f"cmd.kit.{name}")


def kit_subcommands(group: app_commands.Group, game_id: str, cog_class: type) -> list[app_commands.Command]:
    """The kit's subcommands ``group`` does not declare itself (``menu`` where the game's UI
    has the Act menu, ``rules`` where its catalog has rules pages and the group has room: a
    group full with the game's own commands leaves the rules to ``/rules game:<id>``, cogs/help.py)."""
    have = {c.name for c in group.commands}
    out: list[app_commands.Command] = []
    if "act" not in have:
        act: app_commands.Command = app_commands.Command(
            name="act", description=described(game_id, "act", "Any move in notation; suggestions list every legal one"),
            callback=KitCommands.act)
        act.autocomplete("move")(KitCommands.act_autocomplete)
        out.append(act)
    if "menu" not in have and hasattr(getattr(cog_class, "ui_class", None), "show_menu"):
        out.append(app_commands.Command(name="menu", callback=KitCommands.menu,
                                        description=described(game_id, "menu", "Your choices now, as a menu")))
    if "view" not in have:
        out.append(app_commands.Command(name="view", description=described(game_id, "view", "Your private view"),
                                        callback=KitCommands.view))
    if "new" not in have:
        out.append(new_command(game_id, cog_class))
    if "rules" not in have and rules_page_count(game_id) and len(have) + len(out) < MAX_SUBCOMMANDS:
        out.append(app_commands.Command(name="rules", callback=KitCommands.rules, extras=QUICK,
                                        description=described(game_id, "rules", "How to play, page by page")))
    return out
