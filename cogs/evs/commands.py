"""Empire vs Steppe slash commands: one command per notation verb (pick, with ``remove`` for
unpick; place, vanguard, pass, declare, deploy, stage, clear, dispatch, reveal, play, general,
move, skip, heal, attack, defend, with ``none`` for nodefend, done; the expansions' decisions
one level down, as Discord allows 25 subcommands a group: /evs expansion penalty, flip,
noflip, morale, nomorale, token, rally) and standing defence orders (policy); new, act, menu,
view and rules are the kit's (cogs/kit_commands.py; new's options worded by
``arg.evs_<option>``).

Each move command types its arguments ``app_commands.Transform[str, EvsArg(i)]`` (argument
``i`` of the command's moves; cogs/move_args.py ``MoveArg``): one
autocomplete mechanism offers the legal values from the engine's move metadata, and the
command finds the legal move those arguments make. A move that is not legal is handed to the
engine as notation, so the refusal says exactly why (the unit already acted, the cost is not
paid, the target is out of reach), privately and with nothing changed."""
from __future__ import annotations

from collections.abc import Iterable

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from gamehost.i18n import t
from gamehost.registry import plugin
from gamehost.service import ServiceError
from cogs.evs.ui import EvsUI
from cogs.game_cog import GameCog
from cogs.host import locale_of, send_ephemeral
from cogs.move_args import MoveArg

GAME_ID = "evs"
DEFENCE_POLICIES = ("never", "lethal", "ask")


class EvsArg(MoveArg):
    """``MoveArg`` for commands whose Discord names differ from their Python names (``with``
    is a Python keyword): the earlier arguments are looked up by both names."""

    # typed as discord.py's Transformer.autocomplete (and MoveArg's) is
    async def autocomplete(self, interaction: discord.Interaction, value: int | float | str, /
                           ) -> list[app_commands.Choice[int | float | str]]:
        command = interaction.command
        namespace = interaction.namespace
        for parameter in getattr(command, "parameters", []):
            if parameter.name != parameter.display_name and parameter.display_name in namespace.__dict__:
                namespace.__dict__.setdefault(parameter.name, namespace.__dict__[parameter.display_name])
        return await super().autocomplete(interaction, value)


def _choices(values: Iterable[str], key_prefix: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=_(str(v), key=f"{key_prefix}.{v}"), value=str(v)) for v in values]


DEFENCE_CHOICES = _choices(DEFENCE_POLICIES, "opt.evs.defence")
FACE_CHOICES = _choices(["down", "up"], "opt.evs.face")

UNIT_HELP = _("One of your units on the battlefield", key="arg.evs_uid")
CARD_HELP = _("A card; suggestions list the legal ones", key="arg.evs_card")
PAY_HELP = _("Command cards from your hand paying the cost, joined by +", key="arg.evs_pay")
CELL_HELP = _("A cell A1-G6", key="arg.evs_cell")


class Evs(GameCog):
    ui_class = EvsUI
    evs = app_commands.Group(name="evs", description=_("Play Empire vs Steppe", key="cmd.evs"))
    # Discord allows 25 subcommands a group: the expansions' decisions are one level down
    ex = app_commands.Group(name="expansion", parent=evs,
                            description=_("Terrain and Morale expansion decisions", key="cmd.evs.expansion"))

    # -- set-up --------------------------------------------------------------------------

    @evs.command(name="pick", description=_("Secret pick: add a card to your starting hand (or take the standard set)",
                                            key="cmd.evs.pick"))
    @app_commands.describe(card=_("A card of your faction, or the standard set", key="arg.evs_pick"),
                           remove=_("Take this card back out of your pick", key="arg.evs_unpick"))
    async def pick(self, interaction: discord.Interaction, card: app_commands.Transform[str, EvsArg(0)],
                   remove: bool = False) -> None:
        await self.make_move(interaction, card, "remove" if remove else None)

    @evs.command(name="place", description=_("Terrain: place the drawn terrain card", key="cmd.evs.place"))
    @app_commands.describe(card=_("The terrain card", key="arg.evs_terrain_card"), cell=CELL_HELP)
    async def place(self, interaction: discord.Interaction, card: app_commands.Transform[str, EvsArg(0)],
                    cell: app_commands.Transform[str, EvsArg(1)]) -> None:
        await self.make_move(interaction, card, cell)

    @evs.command(name="vanguard", description=_("Vanguard deployment: place a unit card", key="cmd.evs.vanguard"))
    @app_commands.describe(unit=_("A unit card in your hand", key="arg.evs_unit_card"), cell=CELL_HELP)
    async def vanguard(self, interaction: discord.Interaction, unit: app_commands.Transform[str, EvsArg(0)],
                       cell: app_commands.Transform[str, EvsArg(1)]) -> None:
        await self.make_move(interaction, unit, cell)

    @evs.command(name="pass", description=_("Vanguard deployment: place no more units", key="cmd.evs.pass"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.make_move(interaction)

    # -- a turn --------------------------------------------------------------------------

    @evs.command(name="declare", description=_("Declare the turn's 2 basic actions in order", key="cmd.evs.declare"))
    @app_commands.describe(first=_("The first basic action", key="arg.evs_first"),
                           second=_("The second basic action", key="arg.evs_second"))
    async def declare(self, interaction: discord.Interaction, first: app_commands.Transform[str, EvsArg(0)],
                      second: app_commands.Transform[str, EvsArg(1)]) -> None:
        await self.make_move(interaction, first, second)

    @evs.command(name="deploy", description=_("Deploy: put a unit from your hand on the battlefield",
                                              key="cmd.evs.deploy"))
    @app_commands.describe(unit=_("A unit card in your hand", key="arg.evs_unit_card"), cell=CELL_HELP)
    async def deploy(self, interaction: discord.Interaction, unit: app_commands.Transform[str, EvsArg(0)],
                     cell: app_commands.Transform[str, EvsArg(1)]) -> None:
        await self.make_move(interaction, unit, cell)

    @evs.command(name="stage", description=_("Deploy: put a command card in your command zone", key="cmd.evs.stage"))
    @app_commands.describe(card=_("A command card in your hand", key="arg.evs_hand_card"),
                           face=_("Face down (hidden) or face up (both players see it)", key="arg.evs_face"))
    @app_commands.choices(face=FACE_CHOICES)
    async def stage(self, interaction: discord.Interaction, card: app_commands.Transform[str, EvsArg(0)],
                    face: str = "down") -> None:
        """ES-DEP-7: ``face: up`` makes ``stage CARD up``."""
        await self.make_move(interaction, card, "up" if face == "up" else None)

    @evs.command(name="clear", description=_("Deploy: discard a card from your command zone", key="cmd.evs.clear"))
    @app_commands.describe(card=_("A card in your command zone", key="arg.evs_zone_card"))
    async def clear(self, interaction: discord.Interaction, card: app_commands.Transform[str, EvsArg(0)]) -> None:
        await self.make_move(interaction, card)

    @evs.command(name="dispatch", description=_("Deploy: put a token on a command-zone card", key="cmd.evs.dispatch"))
    @app_commands.describe(card=_("A card in your command zone", key="arg.evs_zone_card"))
    async def dispatch(self, interaction: discord.Interaction, card: app_commands.Transform[str, EvsArg(0)]) -> None:
        await self.make_move(interaction, card)

    @evs.command(name="reveal", description=_("Action: reveal a command-zone card", key="cmd.evs.reveal"))
    @app_commands.describe(card=_("A card in your command zone", key="arg.evs_zone_card"))
    async def reveal(self, interaction: discord.Interaction, card: app_commands.Transform[str, EvsArg(0)]) -> None:
        await self.make_move(interaction, card)

    @evs.command(name="play", description=_("Action: a unit executes a command card from your zone",
                                            key="cmd.evs.play"))
    @app_commands.describe(card=_("A command card you can play", key="arg.evs_play_card"), unit=UNIT_HELP,
                           pay=PAY_HELP)
    async def play(self, interaction: discord.Interaction, card: app_commands.Transform[str, EvsArg(0)],
                   unit: app_commands.Transform[str, EvsArg(1)],
                   pay: app_commands.Transform[str, EvsArg(2)] | None = None) -> None:
        await self.make_move(interaction, card, unit, pay)

    @evs.command(name="general", description=_("Action: a unit executes a general command", key="cmd.evs.general"))
    @app_commands.describe(kind=_("General move or general attack", key="arg.evs_general"), unit=UNIT_HELP,
                           pay=PAY_HELP)
    async def general(self, interaction: discord.Interaction, kind: app_commands.Transform[str, EvsArg(0)],
                      unit: app_commands.Transform[str, EvsArg(1)],
                      pay: app_commands.Transform[str, EvsArg(2)] | None = None) -> None:
        await self.make_move(interaction, kind, unit, pay)

    @evs.command(name="move", description=_("Mobility phase: move a unit", key="cmd.evs.move"))
    @app_commands.describe(unit=UNIT_HELP, to=_("A cell it can reach (with terrain: the path)", key="arg.evs_to"))
    async def move(self, interaction: discord.Interaction, unit: app_commands.Transform[str, EvsArg(0)],
                   to: app_commands.Transform[str, EvsArg(1)]) -> None:
        await self.make_move(interaction, unit, to)

    @evs.command(name="skip", description=_("Skip the next phase of a unit's command", key="cmd.evs.skip"))
    @app_commands.describe(unit=UNIT_HELP)
    async def skip(self, interaction: discord.Interaction, unit: app_commands.Transform[str, EvsArg(0)]) -> None:
        await self.make_move(interaction, unit)

    @evs.command(name="heal", description=_("Carry out the heal phase of a unit's command", key="cmd.evs.heal"))
    @app_commands.describe(unit=UNIT_HELP)
    async def heal(self, interaction: discord.Interaction, unit: app_commands.Transform[str, EvsArg(0)]) -> None:
        await self.make_move(interaction, unit)

    @evs.command(name="attack", description=_("Attack an enemy unit (several of your units may join)",
                                              key="cmd.evs.attack"))
    @app_commands.describe(target=_("An enemy unit in reach", key="arg.evs_target"),
                           with_=_("Your attacking units, joined by +", key="arg.evs_with"))
    @app_commands.rename(with_="with")
    async def attack(self, interaction: discord.Interaction, target: app_commands.Transform[str, EvsArg(0)],
                     with_: app_commands.Transform[str, EvsArg(1)]) -> None:
        await self.make_move(interaction, target, with_)

    @evs.command(name="defend", description=_("Defence window: defend the attacked unit, or do not defend",
                                              key="cmd.evs.defend"))
    @app_commands.describe(unit=_("Your attacked unit", key="arg.evs_defender"),
                           with_=_("A defence card from your zone, or the general defence", key="arg.evs_defence"),
                           pay=PAY_HELP, none=_("Do not defend: let the attack through", key="arg.evs_nodefend"))
    @app_commands.rename(with_="with")
    async def defend(self, interaction: discord.Interaction,
                     unit: app_commands.Transform[str, EvsArg(0)] | None = None,
                     with_: app_commands.Transform[str, EvsArg(1)] | None = None,
                     pay: app_commands.Transform[str, EvsArg(2)] | None = None, none: bool = False) -> None:
        """``none: true`` declines the window (``nodefend``, which the verb table makes with
        this command's word ``none``)."""
        if none:
            await self.make_move(interaction, "none")
        else:
            await self.make_move(interaction, unit, with_, pay)

    @evs.command(name="done", description=_("End your Deploy or Action", key="cmd.evs.done"))
    async def done(self, interaction: discord.Interaction) -> None:
        await self.make_move(interaction)

    # -- the expansions' decisions -------------------------------------------------------

    @ex.command(name="penalty", description=_("Terrain: choose the penalty for entering terrain",
                                               key="cmd.evs.penalty"))
    @app_commands.describe(option=_("Extra mobility, an extra card, or a shake", key="arg.evs_penalty"),
                           pay=PAY_HELP)
    async def penalty(self, interaction: discord.Interaction, option: app_commands.Transform[str, EvsArg(0)],
                      pay: app_commands.Transform[str, EvsArg(1)] | None = None) -> None:
        await self.make_move(interaction, option, pay)

    @ex.command(name="flip", description=_("Terrain: reveal a terrain card after the move", key="cmd.evs.flip"))
    async def flip(self, interaction: discord.Interaction) -> None:
        await self.make_move(interaction)

    @ex.command(name="noflip", description=_("Terrain: reveal no terrain card", key="cmd.evs.noflip"))
    async def noflip(self, interaction: discord.Interaction) -> None:
        await self.make_move(interaction)

    @ex.command(name="morale", description=_("Morale: play a morale card", key="cmd.evs.morale"))
    @app_commands.describe(card=_("A morale card you may play now", key="arg.evs_morale_card"))
    async def morale(self, interaction: discord.Interaction, card: app_commands.Transform[str, EvsArg(0)]) -> None:
        await self.make_move(interaction, card)

    @ex.command(name="nomorale", description=_("Morale: keep the drawn card in your zone", key="cmd.evs.nomorale"))
    async def nomorale(self, interaction: discord.Interaction) -> None:
        await self.make_move(interaction)

    @ex.command(name="token", description=_("Morale: the command-zone card whose tokens change", key="cmd.evs.token"))
    @app_commands.describe(slot=_("A command-zone slot", key="arg.evs_slot"))
    async def token(self, interaction: discord.Interaction, slot: app_commands.Transform[str, EvsArg(0)]) -> None:
        await self.make_move(interaction, slot)

    @ex.command(name="rally", description=_("Rally: return one of your debuffs", key="cmd.evs.rally"))
    @app_commands.describe(card=_("Your debuff in the opponent's morale zone", key="arg.evs_debuff"), pay=PAY_HELP)
    async def rally(self, interaction: discord.Interaction, card: app_commands.Transform[str, EvsArg(0)],
                    pay: app_commands.Transform[str, EvsArg(1)] | None = None) -> None:
        await self.make_move(interaction, card, pay)

    # -- any move, menus, views, policies ------------------------------------------------

    @evs.command(name="view", description=_("Your private view: hand, discard, command zone, pick",
                                            key="cmd.evs.view"))
    async def view(self, interaction: discord.Interaction) -> None:
        mine = await self.my_seat(interaction)
        await self.host.send_private(mine.match, mine.seat, interaction, ephemeral=True)

    @evs.command(name="policy", description=_("Standing defence orders for the opponent's turns",
                                              key="cmd.evs.policy"))
    @app_commands.describe(defence=_("Never defend, defend only when the unit would be destroyed, or ask me",
                                     key="arg.evs_policy_defence"))
    @app_commands.choices(defence=DEFENCE_CHOICES)
    async def policy(self, interaction: discord.Interaction, defence: str) -> None:
        """A standing order lives in the game state (engine/evs/standing.py), set with the
        engine's off-turn ``pol`` move at any time; setting one while one's own defence window
        is open answers that window under it at once."""
        mine = await self.my_seat(interaction)
        locale = locale_of(interaction)
        move = plugin(GAME_ID).engine.move_from_command("policy", ("defence", defence))  # the verb table spells it
        if move is None:
            raise ServiceError("not_allowed")
        outcome = await self.host.service.act(mine.match.match_id, interaction.user.id, move)
        await send_ephemeral(interaction, t("evs.ui.policy_set", locale,
                                            policy=t(f"opt.evs.defence.{defence}", locale)))
        if outcome.events:  # the open window was answered under the order: the board moves on
            await self.host.publish(outcome)
