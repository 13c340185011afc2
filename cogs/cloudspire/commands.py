"""Cloudspire slash commands: the market, building, prep, the onslaught and standing policies
(new, act, menu, view and rules: the kit's, cogs/kit_commands.py; new's options worded by
``arg.cloudspire_<option>``), and the designed modes' campaigns and records (CS-DM).

The designed campaigns (engine/cloudspire/campaign.py, kept per channel by
gamehost/campaigns.py; a thread is a channel of its own): ``/cloudspire new mode:solo`` (or
``coop``) plays the channel's next open encounter unless one is named, offers every
encounter with its state (✅ won, 🔓 open, 🔒 locked) and refuses a locked one privately,
naming the encounter whose victory opens it; ``any_encounter:true`` starts it anyway, for
members with Manage Server only (as ``/kr new``'s ``any_scenario``). ``/cloudspire campaign``
shows both campaigns; ``/cloudspire records`` the server's best endless runs
(gamehost/endless_records.py).

Each move command is a subcommand of the engine's verb table (``ActionInfo.command``) and
names its arguments ``Transform[str, MoveArg(i)]``: one autocomplete mechanism
(cogs/move_args.py) offers the legal values from the engine's move metadata, labelled by
their kinds, and ``make_command_move`` finds the move those arguments make."""
from __future__ import annotations

from typing import Any, Iterable

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from engine.base import IllegalAction
from engine.cloudspire import campaign
from engine.cloudspire.content import load
from engine.cloudspire.modes import DIFFICULTIES, ENCOUNTERS
from engine.cloudspire.notation import GRAMMAR
from engine.cloudspire.state import POLICIES
from gamehost.i18n import t
from cogs.channels import channel_id_of
from cogs.cloudspire import designed
from cogs.cloudspire.ui import CloudspireUI
from cogs.game_cog import GameCog
from cogs.host import QUICK, is_admin, locale_of, send_ephemeral
from cogs.kit_new import LobbyChoices
from cogs.lobby import create_match, match_language
from cogs.move_args import MoveArg, move_for
from cogs.text_split import clip

GAME_ID = "cloudspire"


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
DIFFICULTY_CHOICES = _choices(DIFFICULTIES, "opt.cloudspire.difficulty")


class Cloudspire(GameCog):
    ui_class = CloudspireUI
    cs = app_commands.Group(name="cloudspire", description=_("Play Cloudspire", key="cmd.cloudspire"))

    # -- creating (the kit's /cloudspire new, cogs/kit_new.py, with the campaigns) --------------

    new_autocomplete = {"encounter": "encounter_autocomplete"}
    new_extras = {"any_encounter": (bool, False, _("Manage Server only: start an encounter this channel has not "
                                                   "opened", key="arg.cloudspire_any_encounter"))}

    async def create_new(self, interaction: discord.Interaction, options: dict[str, Any], lobby: LobbyChoices,
                         extras: dict[str, Any]) -> None:
        """A solo or co-op lobby plays the encounter named (by id, number or name; naming one
        also chooses its mode), else the channel's next open one; a locked one is refused
        privately, naming the encounter whose victory opens it, unless a moderator asks for
        ``any_encounter``."""
        locale, override = locale_of(interaction), bool(extras.get("any_encounter"))
        if override and not is_admin(interaction):
            await send_ephemeral(interaction, "⚠️ " + t("cloudspire.dm.campaign.override_refused", locale))
            return
        given = options.get("encounter")
        if given not in (None, "", "none"):
            eid = campaign.encounter_ref(given, options.get("mode")) or campaign.encounter_ref(given) or given
            mode = ENCOUNTERS[eid]["mode"] if eid in ENCOUNTERS else None
            if mode is not None and options.get("mode", mode) != mode:
                await send_ephemeral(interaction, "⚠️ " + t("cloudspire.dm.campaign.wrong_mode", locale,
                                                            encounter=designed.encounter_label(eid, locale)))
                return
            options.update({"encounter": eid, **({"mode": mode} if mode else {})})
        elif options.get("mode") in campaign.CAMPAIGNS:
            progress = None if lobby.where == "thread" else await self.host.service.campaigns.catch_up(
                interaction.guild_id, channel_id_of(interaction), GAME_ID)
            options["encounter"] = campaign.next_encounter(progress, options["mode"])
        try:
            await create_match(interaction, GAME_ID, options, lobby.where, lobby.pace, lobby.timeout, lobby.minutes,
                               lobby.language, lobby.ranked, campaign_override=override)
        except IllegalAction as refusal:
            if refusal.code != "cloudspire.err.encounter_locked":
                raise
            eid, by = refusal.params["encounter"], refusal.params["by"]
            key = "cloudspire.dm.campaign.locked_thread" if lobby.where == "thread" else \
                "cloudspire.dm.campaign.locked_refusal"
            await send_ephemeral(interaction, "⚠️ " + t(
                key, locale, encounter=designed.encounter_label(eid, locale), by=designed.encounter_label(by, locale),
                first=designed.encounter_label(campaign.first(refusal.params["mode"]), locale)))

    async def encounter_autocomplete(self, interaction: discord.Interaction,
                                     current: str) -> list[app_commands.Choice[str]]:
        """The encounters of the chosen mode's campaign (both, without a mode), each with this
        channel's state of it (a new thread's: only the first ones open), localised."""
        locale, typed = locale_of(interaction), (current or "").strip().lower()
        progress = None
        if getattr(interaction.namespace, "where", None) != "thread" and interaction.channel_id is not None:
            progress = await self.host.service.campaigns.progress(interaction.guild_id, interaction.channel_id,
                                                                  GAME_ID)
        mode = getattr(interaction.namespace, "mode", None)
        modes = [mode] if mode in campaign.CAMPAIGNS else list(campaign.CAMPAIGNS)
        out = []
        for each in modes:
            for eid in campaign.order(each):
                label = designed.state_line(progress, eid, locale, short=True)
                if len(modes) > 1:
                    label = f"{t(f'option.cloudspire.mode.{each}', locale)} · {label}"
                if typed in label.lower() or typed in eid:
                    out.append(app_commands.Choice(name=clip(label, 100), value=eid))
        return out[:25]

    @cs.command(name="campaign", extras=QUICK, description=_("This channel's solo and co-op campaigns: encounters "
                                                             "won and open", key="cmd.cloudspire.campaign"))
    async def campaign_(self, interaction: discord.Interaction) -> None:
        """Posted in the channel: the group's progress is the channel's."""
        progress = await self.host.service.campaigns.catch_up(interaction.guild_id, channel_id_of(interaction),
                                                              GAME_ID)
        await interaction.response.send_message(embed=campaign_embed(progress, match_language(interaction, None)),
                                                allowed_mentions=discord.AllowedMentions.none())

    @cs.command(name="records", extras=QUICK, description=_("The server's best endless runs per faction",
                                                            key="cmd.cloudspire.records"))
    @app_commands.describe(faction=_("Only this faction's runs", key="arg.cs_records_faction"),
                           difficulty=_("Only runs at this difficulty", key="arg.cs_records_difficulty"))
    @app_commands.choices(difficulty=DIFFICULTY_CHOICES)
    async def records(self, interaction: discord.Interaction, faction: str | None = None,
                      difficulty: str | None = None) -> None:
        """Posted in the channel: each faction's and difficulty's best run (the best ten of
        one faction at one difficulty, the best three of each when one of them is given)."""
        endless = self.host.service.endless
        await endless.catch_up(interaction.guild_id, GAME_ID)
        faction = faction if faction in load()["factions"] else None
        per_group = 10 if faction and difficulty else 3 if faction or difficulty else 1
        runs = await endless.best(interaction.guild_id, GAME_ID, faction=faction, difficulty=difficulty,
                                  per_group=per_group)
        await interaction.response.send_message(embed=records_embed(runs, match_language(interaction, None),
                                                                    ranked=per_group > 1),
                                                allowed_mentions=discord.AllowedMentions.none())

    @records.autocomplete("faction")
    async def records_faction_autocomplete(self, interaction: discord.Interaction,
                                           current: str) -> list[app_commands.Choice[str]]:
        locale, typed = locale_of(interaction), (current or "").strip().lower()
        names = [(f, designed.faction_name(f, locale)) for f in load()["faction_order"]]
        return [app_commands.Choice(name=name, value=f) for f, name in names if typed in name.lower() or typed in f]

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


def campaign_embed(progress: dict | None, locale: str) -> discord.Embed:
    """Both campaigns of the channel: every encounter with its state, the open ones' story
    lines, the last victory."""
    embed = discord.Embed(title=t("cloudspire.dm.campaign.title", locale))
    blocks = [f"**{t(f'cloudspire.dm.campaign.{mode}', locale)}**\n" + "\n".join(
        designed.campaign_lines(progress, mode, locale)) for mode in campaign.CAMPAIGNS]
    embed.description = clip("\n\n".join(blocks), 4096)
    last = designed.last_victory(progress, locale)
    if last:
        embed.add_field(name="🏆", value=clip(last, 1024), inline=False)
    normal = campaign.normalize(progress)
    won = sum(len(normal[mode]["won"]) for mode in campaign.CAMPAIGNS)
    total = sum(len(campaign.order(mode)) for mode in campaign.CAMPAIGNS)
    embed.set_footer(text=t("cloudspire.dm.campaign.footer", locale, won=won, total=total))
    return embed


def records_embed(runs: list, locale: str, *, ranked: bool) -> discord.Embed:
    embed = discord.Embed(title=t("cloudspire.dm.records.title", locale))
    lines = designed.record_lines(runs, locale, ranked=ranked)
    embed.description = clip("\n".join(lines), 4096) if lines else t("cloudspire.dm.records.none", locale)
    embed.set_footer(text=t("cloudspire.dm.records.footer", locale))
    return embed
