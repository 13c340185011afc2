"""Clash of Decks slash commands: /clash new, play, end, hand, build (act, menu and view: the
kit's, cogs/kit_commands.py)."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from engine.clash.draft import buildable_cards
from engine.clash.notation import ids_text, typed_ids
from gamehost.i18n import t
from gamehost.service import ServiceError
from cogs.host import QUICK, locale_of, origin, send_ephemeral
from cogs.game_cog import GameCog
from cogs.lobby import (LANGUAGE_CHOICES, LANGUAGE_HELP, PACE_CHOICES, POLICY_CHOICES, RANKED_HELP,
                        WHERE_CHOICES, create_match, parse_options_text)
from cogs.clash.ui import ClashUI
from cogs.clash.help import card_help
from cogs.clash.words import card_name, describe_destination
from cogs.move_args import make_command_move, resolve_move
from cogs.text_split import clip

MODE_CHOICES = [app_commands.Choice(name=_("duel", key="opt.clash.duel"), value="duel"),
                app_commands.Choice(name=_("solo vs AI", key="opt.clash.solo"), value="solo")]
FORMAT_CHOICES = [app_commands.Choice(name=_("preconstructed", key="opt.clash.precon"), value="precon"),
                  app_commands.Choice(name=_("draft", key="opt.clash.draft"), value="draft"),
                  app_commands.Choice(name=_("constructed", key="opt.clash.constructed"), value="constructed")]


class Clash(GameCog):
    ui_class = ClashUI
    clash = app_commands.Group(name="clash", description=_("Play Clash of Decks", key="cmd.clash"))

    @clash.command(name="new", extras=QUICK, description=_("Create a Clash of Decks match", key="cmd.clash.new"))
    @app_commands.describe(mode=_("Duel against a person or bot, or solo against the rulebook AI", key="arg.mode"),
                           format=_("How decks are built", key="arg.format"),
                           champions=_("Use the Champion module (draft/constructed)", key="arg.champions"),
                           where=_("Here or in a new thread", key="arg.where"),
                           pace=_("live (minutes per decision) or async (hours)", key="arg.pace"),
                           timeout=_("What happens when a player runs out of time", key="arg.timeout"),
                           minutes=_("Minutes per decision (overrides the pace default)", key="arg.minutes"),
                           language=LANGUAGE_HELP, ranked=RANKED_HELP,
                           options=_("More options, e.g. difficulty settings", key="arg.options"))
    @app_commands.choices(mode=MODE_CHOICES, format=FORMAT_CHOICES, where=WHERE_CHOICES, pace=PACE_CHOICES,
                          timeout=POLICY_CHOICES, language=LANGUAGE_CHOICES)
    async def new(self, interaction: discord.Interaction, mode: str = "duel", format: str = "precon",
                  champions: bool = False, where: str = "here", pace: str = "live", timeout: str = "auto",
                  minutes: app_commands.Range[int, 1, 10080] | None = None, options: str = "",
                  language: str | None = None, ranked: bool = False) -> None:
        chosen = {"mode": mode, "format": format, "champions": champions, **parse_options_text(options)}
        await create_match(interaction, "clash", chosen, where, pace, timeout, minutes, language, ranked)

    @clash.command(name="play", description=_("Play a card from your four leftmost cards", key="cmd.clash.play"))
    @app_commands.describe(card=_("A playable card (cost shown)", key="arg.card"),
                           where=_("Lane, target or Possess host", key="arg.where_card"))
    async def play(self, interaction: discord.Interaction, card: str, where: str = "") -> None:
        """The legal move these arguments make (``champion`` for the card summons the
        champion); else the move they spell goes to the engine, whose refusal says what is
        legal (cogs/move_args.py ``resolve_move``)."""
        await make_command_move(self, interaction, card, where)

    @play.autocomplete("card")
    async def play_card_autocomplete(self, interaction: discord.Interaction,
                                     current: str) -> list[app_commands.Choice[str]]:
        try:
            mine = await self.my_seat(interaction)
        except ServiceError:
            return []
        locale = locale_of(interaction)
        choices: list[app_commands.Choice[str]] = []
        for card in self.ui.playable_cards(mine):
            name = self.ui.card_label(mine, card, locale)
            label = f"{name} — {card_help(self.ui.card_id(mine, card), locale, limit=97 - len(name))}"
            if current.lower() in label.lower() or current.lower() in card:
                choices.append(app_commands.Choice(name=clip(label, 100), value=card))
        return choices[:25]

    @play.autocomplete("where")
    async def play_where_autocomplete(self, interaction: discord.Interaction,
                                      current: str) -> list[app_commands.Choice[str]]:
        try:
            mine = await self.my_seat(interaction)
        except ServiceError:
            return []
        locale = locale_of(interaction)
        names = self.ui.seat_names(mine.match)
        choices: list[app_commands.Choice[str]] = []
        for move, dest in self.ui.destinations(mine, interaction.namespace.card or ""):
            if dest:
                label = describe_destination(mine.match.view, names, move, locale)
                if current.lower() in label.lower() or current in dest:
                    choices.append(app_commands.Choice(name=clip(label, 100), value=dest))
        return choices[:25]

    @clash.command(name="end", description=_("End your summon phase; your creatures attack", key="cmd.clash.end"))
    async def end(self, interaction: discord.Interaction) -> None:
        await make_command_move(self, interaction)

    @clash.command(name="hand", description=_("See your hand privately", key="cmd.clash.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        mine = await self.my_seat(interaction)
        await self.host.send_private(mine.match, mine.seat, interaction, ephemeral=True)

    @clash.command(name="build", description=_("Constructed: submit your 8 distinct cards", key="cmd.clash.build"))
    @app_commands.describe(cards=_("Eight card ids separated by commas", key="arg.cards"))
    async def build(self, interaction: discord.Interaction, cards: str) -> None:
        """The deck stays secret (CD-FMT-8): the reply is private, the board shows only that a
        deck was submitted."""
        mine = await self.my_seat(interaction)
        move = resolve_move(mine, self.build.name, (cards,), shown=self.build.qualified_name)
        outcome = await self.host.service.act(mine.match.match_id, interaction.user.id, move,
                                              origin=origin(interaction))
        await send_ephemeral(interaction, t("clash.ui.deck_submitted", locale_of(interaction)))
        await self.host.publish(outcome)

    @build.autocomplete("cards")
    async def build_autocomplete(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        locale = locale_of(interaction)
        done, partial = typed_ids(current)
        choices: list[app_commands.Choice[str]] = []
        for card_id in buildable_cards():  # the engine's deck-building rule (no champions)
            if card_id in done:
                continue
            if partial in card_id or partial in card_name(card_id, locale).lower():
                value = ids_text(done + [card_id])
                choices.append(app_commands.Choice(name=f"{value} ({card_name(card_id, locale)})"[-100:],
                                                   value=value[:100]))
        return choices[:25]
