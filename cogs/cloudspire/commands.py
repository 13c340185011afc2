"""Cloudspire slash commands: the market, building, prep, the onslaught and standing policies
(new, act, menu, view and rules: the kit's, cogs/kit_commands.py; new's options worded by
``arg.cloudspire_<option>``).

Each move command is a subcommand of the engine's verb table (``ActionInfo.command``) and
names its arguments ``Transform[str, MoveArg(i)]``: one autocomplete mechanism
(cogs/move_args.py) offers the legal values from the engine's move metadata, labelled by
their kinds, and ``make_command_move`` finds the move those arguments make."""
from __future__ import annotations

from typing import Iterable

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from engine.cloudspire.notation import GRAMMAR
from engine.cloudspire.state import POLICIES
from gamehost.i18n import t
from cogs.cloudspire.ui import CloudspireUI
from cogs.game_cog import GameCog
from cogs.host import locale_of, send_ephemeral
from cogs.move_args import MoveArg, move_for


def _choices(values: Iterable[str], key_prefix: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=_(str(v), key=f"{key_prefix}.{v}"), value=str(v)) for v in values]


SPIRE_POLICY_CHOICES = _choices(POLICIES["spire"], "opt.cloudspire.spire")
AUTO_MANUAL_CHOICES = _choices(["auto", "manual"], "opt.cloudspire.automanual")


def _verb_words(command: str) -> list[str]:
    """The values of a subcommand whose one argument names the move (``/cloudspire stack
    do:lock``): the verbs it makes, as the verb table spells them (their ``prefix``)."""
    return [row.prefix[0] for row in GRAMMAR.by_command[command]]


STACK_CHOICES = _choices(_verb_words("stack"), "opt.cloudspire.stack")
PEEK_CHOICES = _choices(_verb_words("peek"), "opt.cloudspire.peek")


class Cloudspire(GameCog):
    ui_class = CloudspireUI
    cs = app_commands.Group(name="cloudspire", description=_("Play Cloudspire", key="cmd.cloudspire"))

    async def make_move(self, interaction: discord.Interaction, *args: str | None) -> None:
        """The kit's move subcommand (GameCog.make_move), except that a subcommand that can
        make no move now is refused as such, naming the command and what is legal now, rather
        than with the engine's judgement of the notation its arguments spell (whose verb,
        ``mv``, is not the command the player typed)."""
        mine = await self.my_seat(interaction)
        command = interaction.command
        assert isinstance(command, app_commands.Command)  # a slash subcommand runs this
        if not any(m.command == command.name for m in mine.moves):
            move_for(mine, command.name, args, shown=command.qualified_name)  # refuses
        await super().make_move(interaction, *args)

    # -- market and build ----------------------------------------------------------------

    @cs.command(name="buy", description=_("Market: buy a chip or the earthscape", key="cmd.cloudspire.buy"))
    @app_commands.describe(item=_("A chip you can afford now", key="arg.cs_item"))
    async def buy(self, interaction: discord.Interaction, item: app_commands.Transform[str, MoveArg(0)]) -> None:
        await self.make_move(interaction, item)

    @cs.command(name="pass", description=_("Market: pass", key="cmd.cloudspire.pass"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.make_move(interaction)

    @cs.command(name="build", description=_("Build a spire on a Source well", key="cmd.cloudspire.build"))
    @app_commands.describe(spire=_("Spire type (+ = promoted side)", key="arg.cs_spire"),
                           at=_("A well where you may build", key="arg.cs_at"),
                           order=_("Initial upgrade chips, top first", key="arg.cs_order"))
    async def build(self, interaction: discord.Interaction, spire: app_commands.Transform[str, MoveArg(0)],
                    at: app_commands.Transform[str, MoveArg(1)],
                    order: app_commands.Transform[str, MoveArg(2)]) -> None:
        await self.make_move(interaction, spire, at, order)

    @cs.command(name="upgrade", description=_("Add upgrade chips to the bottom of a spire", key="cmd.cloudspire.up"))
    @app_commands.describe(at=_("Your spire", key="arg.cs_spire_at"),
                           chips=_("Chips to add, in order (a, r, f)", key="arg.cs_chips"))
    async def upgrade(self, interaction: discord.Interaction, at: app_commands.Transform[str, MoveArg(0)],
                      chips: app_commands.Transform[str, MoveArg(1)]) -> None:
        await self.make_move(interaction, at, chips)

    @cs.command(name="earthscape", description=_("Place an earthscape you bought", key="cmd.cloudspire.es"))
    @app_commands.describe(tile=_("The earthscape", key="arg.cs_tile"), at=_("Where its first hex goes", key="arg.cs_at"),
                           rotation=_("Rotation 0-5", key="arg.cs_rotation"))
    async def earthscape(self, interaction: discord.Interaction, tile: app_commands.Transform[str, MoveArg(0)],
                         at: app_commands.Transform[str, MoveArg(1)],
                         rotation: app_commands.Transform[str, MoveArg(2)]) -> None:
        await self.make_move(interaction, tile, at, rotation)

    @cs.command(name="advance", description=_("Advance a fortress structure", key="cmd.cloudspire.adv"))
    @app_commands.describe(structure=_("An advancement you can afford", key="arg.cs_structure"))
    async def advance(self, interaction: discord.Interaction,
                      structure: app_commands.Transform[str, MoveArg(0)]) -> None:
        await self.make_move(interaction, structure)

    # -- prep ----------------------------------------------------------------------------

    @cs.command(name="mark", description=_("Declare your mark (3-4 players)", key="cmd.cloudspire.mark"))
    @app_commands.describe(player=_("The player whose gate you march on", key="arg.cs_player"))
    async def mark(self, interaction: discord.Interaction, player: app_commands.Transform[str, MoveArg(0)]) -> None:
        await self.make_move(interaction, player)

    @cs.command(name="deploy", description=_("Prep: put a unit on your hidden deployment stack",
                                             key="cmd.cloudspire.deploy"))
    @app_commands.describe(unit=_("A unit you can pay for", key="arg.cs_unit"),
                           group=_("Add this minion to the group on top instead", key="arg.cs_group"))
    async def deploy(self, interaction: discord.Interaction, unit: app_commands.Transform[str, MoveArg(0)],
                     group: bool = False) -> None:
        await self.make_move(interaction, unit, "group" if group else None)

    @cs.command(name="equip", description=_("Prep: give a bought item to a hero on your stack",
                                            key="cmd.cloudspire.equip"))
    @app_commands.describe(item=_("The item", key="arg.cs_item"), hero=_("The hero", key="arg.cs_hero"))
    async def equip(self, interaction: discord.Interaction, item: app_commands.Transform[str, MoveArg(0)],
                    hero: app_commands.Transform[str, MoveArg(1)]) -> None:
        await self.make_move(interaction, item, hero)

    @cs.command(name="stack", description=_("Prep: lock your stack, undo the last entry, or fill it automatically",
                                            key="cmd.cloudspire.stack"))
    @app_commands.describe(do=_("What to do with your stack", key="arg.cs_stack"))
    @app_commands.choices(do=STACK_CHOICES)
    async def stack(self, interaction: discord.Interaction, do: str) -> None:
        await self.make_move(interaction, do)

    # -- onslaught -----------------------------------------------------------------------

    @cs.command(name="move", description=_("Move a hero", key="cmd.cloudspire.move"))
    @app_commands.describe(unit=_("Your unit", key="arg.cs_unit"), to=_("A legal destination", key="arg.cs_to"))
    async def move(self, interaction: discord.Interaction, unit: app_commands.Transform[str, MoveArg(0)],
                   to: app_commands.Transform[str, MoveArg(1)]) -> None:
        await self.make_move(interaction, unit, to)

    @cs.command(name="lead", description=_("Choose the lead minion's move", key="cmd.cloudspire.lead"))
    @app_commands.describe(unit=_("Your unit", key="arg.cs_unit"), to=_("A legal destination", key="arg.cs_to"))
    async def lead(self, interaction: discord.Interaction, unit: app_commands.Transform[str, MoveArg(0)],
                   to: app_commands.Transform[str, MoveArg(1)]) -> None:
        await self.make_move(interaction, unit, to)

    @cs.command(name="explore", description=_("Explore a landmark next to your hero", key="cmd.cloudspire.explore"))
    @app_commands.describe(at=_("A face-down landmark you can explore", key="arg.cs_landmark"))
    async def explore(self, interaction: discord.Interaction, at: app_commands.Transform[str, MoveArg(0)]) -> None:
        await self.make_move(interaction, at)

    @cs.command(name="peek", description=_("After exploring: reveal the landmark or keep it face down",
                                           key="cmd.cloudspire.peek"))
    @app_commands.describe(choice=_("Reveal or keep face down", key="arg.cs_peek"))
    @app_commands.choices(choice=PEEK_CHOICES)
    async def peek(self, interaction: discord.Interaction, choice: str) -> None:
        await self.make_move(interaction, choice)

    @cs.command(name="attack", description=_("Attack with one of your units", key="cmd.cloudspire.attack"))
    @app_commands.describe(unit=_("Your unit", key="arg.cs_unit"), target=_("A target in range", key="arg.cs_target"))
    async def attack(self, interaction: discord.Interaction, unit: app_commands.Transform[str, MoveArg(0)],
                     target: app_commands.Transform[str, MoveArg(1)]) -> None:
        await self.make_move(interaction, unit, target)

    @cs.command(name="end", description=_("End this step: stop building, continue, or end your turn",
                                          key="cmd.cloudspire.end"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self.ui.continue_(interaction, await self.my_seat(interaction))

    # -- policies (act, menu and view: the kit's, worded by cmd.cloudspire.act/view) ----

    @cs.command(name="policy", description=_("Standing choices for decisions in other players' turns",
                                             key="cmd.cloudspire.policy"))
    @app_commands.describe(spire=_("How your spires pick targets", key="arg.cs_pol_spire"),
                           levelup=_("Hero level-ups: automatic or ask me", key="arg.cs_pol_levelup"),
                           reward=_("Free-spire rewards: automatic or ask me", key="arg.cs_pol_reward"),
                           mark=_("Marks: automatic or ask me", key="arg.cs_pol_mark"))
    @app_commands.choices(spire=SPIRE_POLICY_CHOICES, levelup=AUTO_MANUAL_CHOICES, reward=AUTO_MANUAL_CHOICES,
                          mark=AUTO_MANUAL_CHOICES)
    async def policy(self, interaction: discord.Interaction, spire: str | None = None, levelup: str | None = None,
                     reward: str | None = None, mark: str | None = None) -> None:
        mine = await self.my_seat(interaction)
        locale = locale_of(interaction)
        wanted = {k: v for k, v in (("spire", spire), ("levelup", levelup), ("reward", reward), ("mark", mark))
                  if v is not None}
        for key, value in wanted.items():  # standing preferences, accepted at any time (engine: off_turn)
            await self.host.service.act(mine.match.match_id, interaction.user.id, f"pol {key} {value}")
        if wanted:
            mine = await self.my_seat(interaction)
        current = mine.view["players"][mine.seat]["policy"]
        await send_ephemeral(interaction, t("cloudspire.ui.policies", locale, **{
            k: t(f"cloudspire.policy.{k}.{v}", locale) for k, v in current.items()}))
