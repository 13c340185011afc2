"""The subcommands every game's slash group gets from the kit (cogs/game_cog.py adds each one
the game does not declare itself): ``act`` (any move in notation, autocompleted from the
caller's legal moves, labelled by the adapter's ``act_label``, a long one as its token),
``menu`` (the Act menu), ``view`` (the caller's private view), ``new`` (a match, with one
choice per option of the engine's options schema plus where/pace/timeout/minutes/language/
ranked, cogs/lobby.py) and ``rules`` (the game's how-to-play pages, cogs/help.py, where its
catalog has them: ``locales/<id>/rules.json``)."""
from __future__ import annotations

import inspect
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
from cogs.lobby import (LANGUAGE_CHOICES, LANGUAGE_HELP, PACE_CHOICES, POLICY_CHOICES, RANKED_HELP, WHERE_CHOICES,
                        create_match)
from cogs.move_args import MAX_CHOICES, explained, untoken


MAX_SUBCOMMANDS = 25  # Discord: a slash group's subcommands (and subgroups), at most


class GameCogLike(Protocol):
    """What the kit's callbacks use of the cog (cogs/game_cog.py GameCog)."""

    ui: Any
    host: Host

    async def my_seat(self, interaction: discord.Interaction) -> SeatSnapshot: ...

    async def suggest_moves(self, interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]: ...


class KitCommands:
    """Callbacks of the kit's subcommands (methods, so discord.py binds them to the cog)."""

    @app_commands.describe(move=_("The move; suggestions list every legal one", key="arg.move"))
    async def act(self: GameCogLike, interaction: discord.Interaction, move: str) -> None:
        mine = await self.my_seat(interaction)
        try:
            await self.ui.make_move(interaction, mine, untoken(move, mine.legal) or move)
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


def kit_subcommands(group: app_commands.Group, game_id: str, ui_class: type) -> list[app_commands.Command]:
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
    if "menu" not in have and hasattr(ui_class, "show_menu"):
        out.append(app_commands.Command(name="menu", callback=KitCommands.menu,
                                        description=described(game_id, "menu", "Your choices now, as a menu")))
    if "view" not in have:
        out.append(app_commands.Command(name="view", description=described(game_id, "view", "Your private view"),
                                        callback=KitCommands.view))
    if "new" not in have:
        out.append(new_command(game_id))
    if "rules" not in have and rules_page_count(game_id) and len(have) + len(out) < MAX_SUBCOMMANDS:
        out.append(app_commands.Command(name="rules", callback=KitCommands.rules, extras=QUICK,
                                        description=described(game_id, "rules", "How to play, page by page")))
    return out


def _option_name(game_id: str, name: str, value: Any) -> str:
    key = f"option.{game_id}.{name}.{value}"
    return t(key, "en") if catalog().has(key) else str(value)


def _typed(spec: dict, value: str) -> Any:
    """The schema's own choice (an int stays an int) that a Discord choice's text stands for."""
    return next((c for c in spec["choices"] if str(c) == value), value)


def new_command(game_id: str) -> app_commands.Command:
    """``/<game> new`` from the engine's options schema: one parameter per option (its choices,
    named from the catalog's ``option.<game>.<name>.<value>``), then the lobby's own."""
    schema = {name: spec for name, spec in plugin(game_id).engine.options_schema().items()
              if spec.get("choices") and not spec.get("multiple") and len(spec["choices"]) <= MAX_CHOICES}

    async def new(self: Any, interaction: discord.Interaction, **given: Any) -> None:
        chosen = {name: _typed(schema[name], given[name]) for name in schema if given.get(name) is not None}
        await create_match(interaction, game_id, chosen, given["where"], given["pace"], given["timeout"],
                           given.get("minutes"), given.get("language"), bool(given.get("ranked")))

    keyword = inspect.Parameter.KEYWORD_ONLY
    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
              inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
    params += [inspect.Parameter(name, keyword, annotation=str | None, default=None) for name in schema]
    params += [inspect.Parameter("where", keyword, annotation=str, default="here"),
               inspect.Parameter("pace", keyword, annotation=str, default="live"),
               inspect.Parameter("timeout", keyword, annotation=str, default="auto"),
               inspect.Parameter("minutes", keyword, annotation=app_commands.Range[int, 1, 10080] | None, default=None),
               inspect.Parameter("language", keyword, annotation=str | None, default=None),
               inspect.Parameter("ranked", keyword, annotation=bool, default=False)]
    new.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]  # discord.py reads the signature
    new.__qualname__ = "KitCommands.new"  # a method: discord.py passes the cog as self
    choices = {name: [app_commands.Choice(name=_option_name(game_id, name, v), value=str(v)) for v in spec["choices"]]
               for name, spec in schema.items()}
    described: Any = app_commands.describe(
        **{name: _(name, key=f"option.{game_id}.{name}") for name in schema},
        where=_("Here or in a new thread", key="arg.where"),
        pace=_("live (minutes per decision) or async (hours)", key="arg.pace"),
        timeout=_("What happens when a player runs out of time", key="arg.timeout"),
        minutes=_("Minutes per decision (overrides the pace default)", key="arg.minutes"),
        language=LANGUAGE_HELP, ranked=RANKED_HELP)(new)
    chosen = app_commands.choices(where=WHERE_CHOICES, pace=PACE_CHOICES, timeout=POLICY_CHOICES,
                                  language=LANGUAGE_CHOICES, **choices)(described)
    return app_commands.Command(name="new", description=_("Create a match", key="cmd.kit.new"), callback=chosen,
                                extras=QUICK)
