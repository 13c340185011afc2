"""Clash of Decks slash commands: /clash play, end, hand, build (new, act, menu, view and rules:
the kit's, cogs/kit_commands.py; new's options worded by ``arg.clash_<option>``)."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from engine.clash.draft import buildable_cards
from engine.clash.notation import ids_text, typed_ids
from gamehost.i18n import t
from gamehost.service import ServiceError
from cogs.host import locale_of, origin, send_ephemeral
from cogs.game_cog import GameCog
from cogs.clash.ui import ClashUI
from cogs.clash.help import card_help
from cogs.clash.words import card_name, describe_destination
from cogs.move_args import make_command_move, resolve_move
from cogs.text_split import clip


class Clash(GameCog):
    ui_class = ClashUI
    clash = app_commands.Group(name="clash", description=_("Play Clash of Decks", key="cmd.clash"))

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
