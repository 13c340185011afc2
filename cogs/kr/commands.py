"""Kingdom Rush: Rift in Time slash commands: one command per notation verb (build, pass,
hero, spell, done; phase 6's propose, approve, object; solo's exclude; displace, where a
displaced hero goes when its owner is asked; the standing preference, policy), the team's
hands (view), the horde close-up (horde) and the channel's campaign progress (campaign); new
(its options worded by ``arg.kr_<option>``, the scenario suggested with the campaign's state),
act, menu and rules are the kit's (cogs/kit_commands.py).

The campaign (engine/kr/campaign.py, kept per channel by gamehost/campaigns.py; a thread is a
channel of its own): ``/kr new`` offers every scenario with its state (✅ won, 🔓 unlocked,
🔒 locked) and refuses a locked one, privately, naming the scenario whose victory unlocks it;
``any_scenario:true`` starts it anyway, for members with Manage Server only.

Each move command names its arguments ``app_commands.Transform[str, MoveArg(i)]``
(cogs/move_args.py): autocomplete offers the values of the legal moves the engine lists
(complete actions with suggested placements), filtered by what is typed; the engine's verb
table (engine/kr/notation.py) says which command makes a move with which arguments. A
trailing argument left out takes the first listed move that fits (``/kr build card site
facing`` places the suggested tiles); values that match no listed move are handed to the
engine as the notation they spell, so a refusal says exactly why (a team-mate's site, a square
a team-mate's tile covers since), privately and with nothing changed (``resolve_move``)."""
from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from engine.base import IllegalAction
from engine.kr import campaign
from engine.kr.content import SCENARIOS
from engine.kr.game import GAME
from engine.kr.standing import ASK, PREFERENCES
from gamehost.i18n import t
from gamehost.service import ServiceError
from cogs.channels import channel_id_of
from cogs.game_cog import GameCog
from cogs.host import QUICK, is_admin, locale_of, send_ephemeral
from cogs.kr.ui import KrUI, renderer
from cogs.kr.words import hero_name, horde_name, scenario_name, spell_name, tower_name
from cogs.kit_new import LobbyChoices
from cogs.lobby import create_match, match_language
from cogs.move_args import MoveArg
from cogs.text_split import clip

GAME_ID = "kr"
FACING_HELP = _("N, E, S or W", key="arg.kr_facing")
DISPLACE_CHOICES = [app_commands.Choice(name=_(p, key=f"opt.kr.displace.{p}"), value=p) for p in PREFERENCES]


class Kr(GameCog):
    ui_class = KrUI
    kr = app_commands.Group(name="kr", description=_("Play Kingdom Rush: Rift in Time", key="cmd.kr"))

    # -- creating (the kit's /kr new, cogs/kit_new.py, with the campaign's scenarios) ---------

    new_autocomplete = {"scenario": "scenario_autocomplete"}
    new_extras = {"any_scenario": (bool, False, _("Manage Server only: start a scenario this channel has not unlocked",
                                                  key="arg.kr_any_scenario"))}

    async def create_new(self, interaction: discord.Interaction, options: dict[str, Any], lobby: LobbyChoices,
                         extras: dict[str, Any]) -> None:
        """A scenario given by its id, campaign number or name; one the channel's campaign has
        not unlocked is refused privately, naming the scenario whose victory unlocks it, unless
        a moderator asks for ``any_scenario``."""
        locale, override = locale_of(interaction), bool(extras.get("any_scenario"))
        if override and not is_admin(interaction):
            await send_ephemeral(interaction, "⚠️ " + t("kr.campaign.override_refused", locale))
            return
        if "scenario" in options:
            options["scenario"] = campaign.scenario_id(str(options["scenario"])) or options["scenario"]
        try:
            await create_match(interaction, GAME_ID, options, lobby.where, lobby.pace, lobby.timeout, lobby.minutes,
                               lobby.language, lobby.ranked, campaign_override=override)
        except IllegalAction as refusal:
            if refusal.code != "kr.err.scenario_locked":
                raise
            key = "kr.campaign.locked_thread" if lobby.where == "thread" else "kr.campaign.locked"
            await send_ephemeral(interaction, "⚠️ " + t(
                key, locale, scenario=scenario_label(refusal.params["scenario"], locale),
                by=scenario_label(refusal.params["by"], locale), first=scenario_label(campaign.FIRST, locale)))

    async def scenario_autocomplete(self, interaction: discord.Interaction, current: str):
        """Every scenario, each with this channel's state of it (a new thread's: only the first)."""
        locale, typed = locale_of(interaction), (current or "").strip().lower()
        progress = None
        if getattr(interaction.namespace, "where", None) != "thread" and interaction.channel_id is not None:
            progress = await self.host.service.campaigns.progress(interaction.guild_id, interaction.channel_id,
                                                                  GAME_ID)
        out = []
        for sid in campaign.ORDER:
            label = scenario_state_line(progress, sid, locale, short=True)
            if typed in label.lower() or typed in sid:
                out.append(app_commands.Choice(name=clip(label, 100), value=sid))
        return out[:25]

    @kr.command(name="campaign", extras=QUICK, description=_("This channel's campaign: scenarios won and unlocked",
                                                             key="cmd.kr.campaign"))
    async def campaign_(self, interaction: discord.Interaction) -> None:
        """Posted in the channel: the group's progress is the channel's."""
        progress = await self.host.service.campaigns.catch_up(interaction.guild_id, channel_id_of(interaction),
                                                              GAME_ID)
        await interaction.response.send_message(embed=campaign_embed(progress, match_language(interaction, None)),
                                                allowed_mentions=discord.AllowedMentions.none())

    # -- phase 2 -------------------------------------------------------------------------

    @kr.command(name="build", description=_("Build a tower from your hand on one of your sites",
                                            key="cmd.kr.build"))
    @app_commands.describe(card=_("A tower card in your hand", key="arg.kr_card"),
                           site=_("One of your building sites, e.g. F2", key="arg.kr_site"), facing=FACING_HELP,
                           placements=_("Where the attacks go, in notation (default: the suggested ones)",
                                        key="arg.kr_placements"))
    async def build(self, interaction: discord.Interaction, card: app_commands.Transform[str, MoveArg(0)],
                    site: app_commands.Transform[str, MoveArg(1)], facing: app_commands.Transform[str, MoveArg(2)],
                    placements: app_commands.Transform[str, MoveArg(3)] | None = None) -> None:
        await self.make_move(interaction, card, site, facing, placements)

    @kr.command(name="pass", description=_("Pass a tower card to a team-mate, upgraded", key="cmd.kr.pass"))
    @app_commands.describe(card=_("A tower card in your hand", key="arg.kr_card"),
                           to=_("The team-mate receiving it", key="arg.kr_to"),
                           variant=_("The level-4 upgrade, a or b, when there are two", key="arg.kr_variant"))
    async def pass_(self, interaction: discord.Interaction, card: app_commands.Transform[str, MoveArg(0)],
                    to: app_commands.Transform[str, MoveArg(1)],
                    variant: app_commands.Transform[str, MoveArg(2)] | None = None) -> None:
        await self.make_move(interaction, card, to, variant)

    @kr.command(name="hero", description=_("Activate your hero: move, face, attack or use an ability",
                                           key="cmd.kr.hero"))
    @app_commands.describe(figure=_("Your hero (or the wildcat)", key="arg.kr_figure"),
                           action=_("Path, facing and action; suggestions list the legal ones", key="arg.kr_action"))
    async def hero(self, interaction: discord.Interaction, figure: app_commands.Transform[str, MoveArg(0)],
                   action: app_commands.Transform[str, MoveArg(1)] | None = None) -> None:
        await self.make_move(interaction, figure, action)

    @kr.command(name="spell", description=_("Cast one of the team's spells", key="cmd.kr.spell"))
    @app_commands.describe(spell=_("A spell the team may cast now", key="arg.kr_spell"),
                           details=_("Its placements (and hero or pass); suggestions list the legal ones",
                                     key="arg.kr_details"))
    async def spell(self, interaction: discord.Interaction, spell: app_commands.Transform[str, MoveArg(0)],
                    details: app_commands.Transform[str, MoveArg(1)] | None = None) -> None:
        await self.make_move(interaction, spell, details)

    @kr.command(name="done", description=_("You are done for this phase", key="cmd.kr.done"))
    async def done(self, interaction: discord.Interaction) -> None:
        await self.make_move(interaction)

    @kr.command(name="exclude", description=_("Solo: the colour of sites left out this round", key="cmd.kr.exclude"))
    @app_commands.describe(colour=_("One of your colours", key="arg.kr_colour"))
    async def exclude(self, interaction: discord.Interaction, colour: app_commands.Transform[str, MoveArg(0)]) -> None:
        await self.make_move(interaction, colour)

    @kr.command(name="displace", description=_("Choose where your displaced hero goes", key="cmd.kr.displace"))
    @app_commands.describe(figure=_("The displaced hero", key="arg.kr_displace_figure"),
                           to=_("A free square next to it", key="arg.kr_displace_to"))
    async def displace(self, interaction: discord.Interaction, figure: app_commands.Transform[str, MoveArg(0)],
                       to: app_commands.Transform[str, MoveArg(1)]) -> None:
        """The answer when a horde or a ghost pushes your hero off its square and you are asked
        (KR-SPN-7, KR-AMB-61; engine/kr/displacement.py)."""
        await self.make_move(interaction, figure, to)

    @kr.command(name="policy", description=_("Whether you are asked, or where your heroes go, when a horde pushes "
                                             "them off their square", key="cmd.kr.policy"))
    @app_commands.describe(displace=_("Ask me each time (default), nearest the exit, farthest from it, or a "
                                      "building site first", key="arg.kr_policy_displace"))
    @app_commands.choices(displace=DISPLACE_CHOICES)
    async def policy(self, interaction: discord.Interaction, displace: str) -> None:
        """A standing preference (engine/kr/standing.py), set with the engine's off-turn ``pol``
        move at any time: ``ask`` (you are asked when it happens, ``/kr displace``) or where
        your displaced heroes go without asking (a question waiting for you is answered so)."""
        mine = await self.my_seat(interaction)
        locale = locale_of(interaction)
        move = GAME.move_from_command("policy", ("displace", displace))
        if move is None:
            raise IllegalAction("kr.err.bad_policy", f"no standing preference {displace!r}", value=displace)
        outcome = await self.host.service.act(mine.match.match_id, interaction.user.id, move)
        if displace == ASK:
            await send_ephemeral(interaction, t("kr.ui.policy_set_ask", locale))
        else:
            await send_ephemeral(interaction, t("kr.ui.policy_set", locale,
                                                policy=t(f"opt.kr.displace.{displace}", locale)))
        if outcome.prompted_changed or outcome.result is not None:   # a waiting question was answered
            await self.host.publish(outcome)

    # -- phase 6 -------------------------------------------------------------------------

    @kr.command(name="propose", description=_("Propose the towers the team buys", key="cmd.kr.propose"))
    @app_commands.describe(buys=_("CARD>SEAT joined by +, e.g. archer_2>1+mage_1>2", key="arg.kr_buys"))
    async def propose(self, interaction: discord.Interaction, buys: app_commands.Transform[str, MoveArg(0)]) -> None:
        await self.make_move(interaction, buys)

    @kr.command(name="approve", description=_("Approve the current purchase proposal", key="cmd.kr.approve"))
    async def approve(self, interaction: discord.Interaction) -> None:
        await self.make_move(interaction)

    @kr.command(name="object", description=_("Withdraw your approval: object to the proposal", key="cmd.kr.object"))
    async def object_(self, interaction: discord.Interaction) -> None:
        await self.make_move(interaction)

    # -- any move, menus, views ----------------------------------------------------------

    @kr.command(name="view", description=_("The team's hands and pending cards (public in this co-op game)",
                                           key="cmd.kr.view"))
    async def view(self, interaction: discord.Interaction) -> None:
        """Privately, in one message: every seat's hand in words, your menu, and two pictures of
        your seat beside them: the hand sheet (your tower cards, render.kr.private_png) and the
        hero sheet (hero_png)."""
        mine = await self.my_seat(interaction)
        locale = locale_of(interaction)
        private = self.ui.private_message(mine, locale)
        drawn = {"view": mine.view, "seat": mine.seat, "seat_names": mine.match.names, "lang": locale}
        pictures = renderer()
        hand = await self.host.renderer.run((pictures.private_png, drawn))
        hero = await self.host.renderer.run((pictures.hero_png, drawn))
        # plain attachments beside the embed: Discord shows them large (an embed's image is small)
        kwargs: dict = {"embed": private.embed, "files": [discord.File(io.BytesIO(hand), filename="hand.png"),
                                                          discord.File(io.BytesIO(hero), filename="hero.png")]}
        if private.view is not None:
            kwargs["view"] = private.view
        await send_ephemeral(interaction, **kwargs)

    @kr.command(name="horde", description=_("A close-up of a horde tray, with your placement options numbered",
                                            key="cmd.kr.horde"))
    @app_commands.describe(tray=_("A tray on the map, e.g. t1", key="arg.kr_tray"),
                           card=_("Only the options of this card of your hand", key="arg.kr_horde_card"))
    async def horde(self, interaction: discord.Interaction, tray: str, card: str | None = None) -> None:
        mine = await self.my_seat(interaction)
        await self.ui.horde_message(interaction, mine, tray.strip().lower(), card)

    @horde.autocomplete("tray")
    async def tray_autocomplete(self, interaction: discord.Interaction, current: str):
        try:
            mine = await self.my_seat(interaction)
        except ServiceError:
            return []
        locale, typed = locale_of(interaction), (current or "").lower()
        out = []
        for tid, tray in (mine.view.get("trays") or {}).items():
            label = f"{tid} · {horde_name(tray['card'], locale)} · {tray.get('cell')}"
            if typed in label.lower():
                out.append(app_commands.Choice(name=clip(label, 100), value=tid))
        return out[:25]

    @horde.autocomplete("card")
    async def horde_card_autocomplete(self, interaction: discord.Interaction, current: str):
        try:
            mine = await self.my_seat(interaction)
        except ServiceError:
            return []
        locale, typed = locale_of(interaction), (current or "").lower()
        seats = mine.view.get("seats") or []
        hand = seats[mine.seat].get("hand", []) if mine.seat < len(seats) else []
        out = [app_commands.Choice(name=clip(tower_name(c, locale), 100), value=c) for c in dict.fromkeys(hand)
               if typed in c or typed in tower_name(c, locale).lower()]
        hero = seats[mine.seat].get("hero") if mine.seat < len(seats) else None
        if hero and (typed in hero or typed in hero_name(hero, locale).lower()):
            out.append(app_commands.Choice(name=clip(hero_name(hero, locale), 100), value=hero))
        return out[:25]


def scenario_label(scenario: str, locale: str) -> str:
    """``2. Hyena Crossing``"""
    number = (SCENARIOS.get(scenario) or {}).get("number")
    return f"{number}. {scenario_name(scenario, locale)}" if number is not None else scenario_name(scenario, locale)


def scenario_state_line(progress: dict | None, scenario: str, locale: str, *, short: bool = False) -> str:
    """``✅ 1. Farrinken Valley — won 2× · best: hard``, ``🔓 2. Hyena Crossing``,
    ``🔒 3. Goblin Woods — win 2. Hyena Crossing to unlock it`` (``short``: for autocomplete)."""
    state = campaign.status(progress, scenario)
    label = scenario_label(scenario, locale)
    if state == "won":
        won = campaign.normalize(progress)["won"][scenario]
        best = t(f"option.kr.difficulty.{won['best']}", locale) if won.get("best") else "?"
        return t("kr.campaign.won_short" if short else "kr.campaign.won", locale, scenario=label,
                 wins=won["wins"], best=best)
    if state == "unlocked":
        return t("kr.campaign.open", locale, scenario=label)
    by = ", ".join(scenario_label(s, locale) for s in campaign.unlocked_by(scenario)) or "?"
    return t("kr.campaign.locked_short" if short else "kr.campaign.locked_line", locale, scenario=label, by=by)


def campaign_embed(progress: dict | None, locale: str) -> discord.Embed:
    """The channel's campaign: every scenario with its state, the unlocked spells, the last
    victory."""
    progress = campaign.normalize(progress)
    lines = [scenario_state_line(progress, s, locale) for s in campaign.ORDER]
    embed = discord.Embed(title=t("kr.campaign.title", locale), description="\n".join(lines))
    spells = ", ".join(spell_name(s, locale) for s in progress["spells"]) or t("kr.campaign.no_spells", locale)
    embed.add_field(name=t("kr.campaign.spells", locale), value=spells, inline=False)
    victories = [(v, s) for s, w in progress["won"].items() for v in w["victories"]]
    if victories:
        last, scenario = max(victories, key=lambda vs: (vs[0].get("at") or 0, vs[0].get("match") or 0))
        embed.add_field(name=t("kr.campaign.last", locale), value=t(
            "kr.campaign.last_value", locale, scenario=scenario_label(scenario, locale),
            difficulty=t(f"option.kr.difficulty.{last.get('difficulty')}", locale),
            players=", ".join(p.get("name") or "?" for p in last.get("players") or ()) or "?",
            match=last.get("match"), when=f"<t:{int(last.get('at') or 0)}:d>"), inline=False)
    embed.set_footer(text=t("kr.campaign.footer", locale, won=len(progress["won"]), total=len(campaign.ORDER)))
    return embed
