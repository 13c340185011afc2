"""/tournament and /settings organizer_role: tournaments played in threads under a hub channel.

The commands map to gamehost.tournament_service; this cog makes each table's thread, posts
the tables' boards, keeps the hub message current and announces what happens there.
"""
from __future__ import annotations

import io
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from gamehost.i18n import t
from gamehost.outcome import ServiceError
from gamehost.tournament_model import FORMATS, Tournament, table_label
from gamehost.tournaments import EntrantId
from gamehost.tournament_rounds import TournamentEvent
from gamehost.tournament_limits import TournamentLimits
from gamehost.tournament_service import TournamentService
from cogs.channels import MatchChannel, match_channel
from cogs.host import Host, host_of, is_admin, locale_of, reply_error, send_ephemeral
from cogs.lobby import GAME_CHOICES, match_language, parse_options_text
from cogs.text_split import clip, split_text
from cogs.tournament_buttons import TournamentButton
from cogs.tournament_view import (bracket_job, carried, entrant_name, event_text, hub_message, mentions_of,
                                  name_of, pairings_text, plain, standings_job, standings_lines, title_of,
                                  unmention)

log = logging.getLogger(__name__)
FORMAT_CHOICES = [app_commands.Choice(name=_(f, key=f"tour.format.{f}"), value=f) for f in FORMATS]
PACE_CHOICES = [app_commands.Choice(name=_(p, key=f"host.pace.{p}"), value=p) for p in ("live", "async")]
ADJUDICATE_CHOICES = [app_commands.Choice(name=_(a, key=f"tour.adjudicate.{a}"), value=a)
                      for a in ("draw", "both_lose")]
# results set outside the match (its match is then closed without a word in its thread)
CLOSED_BY_TOURNAMENT = ("deadline", "dropped", "disqualified", "reported", "ended")
TOURNAMENT_ARG = _("Which tournament (default: this channel's)", key="arg.tournament")


class Tournaments(commands.Cog):
    tournament = app_commands.Group(name="tournament", description=_("Run a tournament on this server",
                                                                      key="cmd.tournament"))
    settings = app_commands.Group(name="settings", description=_("Server settings for the bot",
                                                                  key="cmd.settings"), guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        settings = getattr(bot, "settings", None)
        self.service = TournamentService(self.host.service, open_table=self.open_table,
                                         limits=TournamentLimits.from_settings(settings) if settings else None)
        self.service.listeners.append(self.on_event)
        setattr(bot, "tournaments", self.service)  # GameBot.close and the tests reach it there

    @property
    def host(self) -> Host:
        return host_of(self.bot)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TournamentButton)
        await self.service.recover()

    async def cog_unload(self) -> None:
        await self.service.close()

    # -- helpers --------------------------------------------------------------------------

    async def privileged(self, interaction: discord.Interaction) -> bool:
        if is_admin(interaction):
            return True
        if interaction.guild_id is None:
            return False
        role = await self.service.organizer_role(interaction.guild_id)
        return role is not None and any(r.id == role for r in getattr(interaction.user, "roles", ()))

    async def resolve(self, interaction: discord.Interaction, tournament_id: int | None) -> Tournament:
        if tournament_id is not None:
            t_ = await self.service.load(tournament_id)
            if t_.guild_id != interaction.guild_id:
                raise ServiceError("no_tournament", id=tournament_id)
            return t_
        channel_id = interaction.channel_id
        found = await self.service.for_channel(interaction.guild_id, channel_id) if channel_id is not None else None
        if found is not None:
            return found
        open_here = await self.service.in_guild(interaction.guild_id, open_only=True)
        if len(open_here) == 1:
            return open_here[0]
        raise ServiceError("which_tournament", ids=", ".join(f"#{x.id}" for x in open_here) or "-")

    async def channel(self, channel_id: int) -> MatchChannel:
        """A hub (a text channel) or a table's thread."""
        return await match_channel(self.bot, channel_id)

    async def send_hub(self, t_: Tournament, **message: Any) -> None:
        try:
            hub = await self.channel(t_.channel_id)
            await hub.send(**message)
        except discord.HTTPException:
            log.warning("tournament %s: could not post in the hub", t_.id)

    async def refresh_hub(self, t_: Tournament) -> None:
        message_id = t_.data.get("hub_message_id")
        if message_id is None:
            return
        try:
            hub = await self.channel(t_.channel_id)
            await hub.get_partial_message(message_id).edit(**hub_message(t_, t_.data.get("locale", "en")))
        except discord.HTTPException:
            log.warning("tournament %s: could not update the hub message", t_.id)

    # -- what the service asks of Discord ---------------------------------------------------

    async def open_table(self, t_: Tournament, rnd: dict, table: dict) -> int:
        """A public thread under the hub for one table (names in its title ping nobody)."""
        hub = await self.channel(t_.channel_id)
        if not isinstance(hub, discord.TextChannel):  # /tournament create takes text channels only
            raise TypeError(f"tournament {t_.id}'s hub is a {type(hub).__name__}")
        names = " v ".join(entrant_name(t_, e) for e in table["players"])
        title = unmention(f"{t_.data['name']} · {table_label(rnd, table)} · {names}")
        thread = await hub.create_thread(name=title[:100], type=discord.ChannelType.public_thread)
        return thread.id

    async def on_event(self, event: TournamentEvent) -> None:
        t_ = event.tournament
        locale = t_.data.get("locale", "en")
        if event.kind == "table_opened":
            table = carried(event.table)
            thread = await self.channel(table["channel_id"])
            people = mentions_of(t_, table["players"])
            await thread.send(t("tour.table_opened" if people else "tour.table_opened_bots", locale,
                                table=table_label(carried(event.round), table), name=name_of(t_), people=people))
            await self.host.publish(carried(event.outcome))
            return
        if event.kind == "match_moved":  # a seat resigned by the tournament (a drop at a 3-4 player table)
            await self.host.publish(carried(event.outcome))
            return
        if event.kind == "tables_opening":  # a round's threads made in the background: the count on the hub
            await self.refresh_hub(t_)
            return
        if event.kind == "table_closed":  # the tournament was cancelled: only the table hears of it
            await self.tell_table(carried(event.table), t("tour.table_cancelled", locale, name=name_of(t_)))
            return
        text = event_text(event, locale)
        if event.kind == "table_ended" and text is not None:
            table = carried(event.table)
            if table.get("note") in CLOSED_BY_TOURNAMENT:
                await self.tell_table(table, text)
        if text:
            await self.send_hub(t_, content=clip(text, 1990),
                                allowed_mentions=discord.AllowedMentions(users=event.kind in (
                                    "round_started", "reminder", "checkin_opened", "checkin_missed")))
        if event.kind == "finished":
            await self.post_standings(t_, locale)
        await self.refresh_hub(t_)

    async def tell_table(self, table: dict, text: str) -> None:
        """The result of a table whose match the tournament closed, in the table's thread too:
        its players were not there when the hub announced it."""
        if table.get("channel_id") is None:
            return
        try:
            thread = await self.channel(table["channel_id"])
            for part in split_text(text, 1990):
                await thread.send(part, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("could not post a table's result in its thread %s", table["channel_id"])

    async def post_standings(self, t_: Tournament, locale: str) -> None:
        try:
            png = await self.host.renderer.run(standings_job(t_, locale))
        except Exception:
            log.exception("tournament %s: standings picture failed", t_.id)
            return
        await self.send_hub(t_, content=clip(standings_lines(t_, locale), 1990),
                            file=discord.File(io.BytesIO(png), filename="standings.png"),
                            allowed_mentions=discord.AllowedMentions.none())

    # -- buttons -------------------------------------------------------------------------

    async def on_button(self, interaction: discord.Interaction, tournament_id: int, verb: str) -> None:
        locale = locale_of(interaction)
        try:
            if verb == "join":
                t_ = await self.service.join(tournament_id, interaction.user.id, interaction.user.display_name)
                note = t("tour.joined", locale, name=name_of(t_))
            elif verb == "leave":
                t_ = await self.service.leave(tournament_id, interaction.user.id)
                note = t("tour.left", locale, name=name_of(t_))
            elif verb == "checkin":
                t_ = await self.service.check_in(tournament_id, interaction.user.id)
                note = t("tour.checked_in", locale, name=name_of(t_))
            else:
                await self.answer_standings(interaction, await self.service.load(tournament_id))
                return
        except ServiceError as error:
            await reply_error(interaction, error)
            return
        await send_ephemeral(interaction, note)

    # -- sign-up -----------------------------------------------------------------------------

    @tournament.command(name="create", description=_("Start a tournament in this channel (its hub)",
                                                     key="cmd.tournament.create"))
    @app_commands.describe(
        game=_("The game", key="arg.game"), format=_("How players are paired", key="arg.tour_format"),
        rounds=_("Rounds (Swiss and pods; default: enough to find a winner)", key="arg.tour_rounds"),
        pace=_("live (minutes per move) or async (hours per move)", key="arg.tour_pace"),
        round_hours=_("Hours each round may take before unfinished tables are adjudicated", key="arg.round_hours"),
        max_players=_("Most entrants", key="arg.max_players"),
        options=_("Game options for every table, e.g. mode=teams", key="arg.options"),
        ranked=_("Tournament matches change ratings (default yes)", key="arg.ranked"),
        best_of=_("Games per elimination pairing: 1 or 3", key="arg.best_of"),
        adjudicate=_("A table unfinished at the deadline: a draw, or both lose", key="arg.adjudicate"),
        teams=_("Enter as fixed teams of two (2 vs 2 games)", key="arg.teams"),
        checkin_minutes=_("A check-in window before the start, in minutes", key="arg.checkin_minutes"),
        name=_("A name for the tournament", key="arg.tour_name"),
        language=_("Language of the hub's posts and the tables' boards", key="arg.language"))
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES, pace=PACE_CHOICES, adjudicate=ADJUDICATE_CHOICES)
    async def create(self, interaction: discord.Interaction, game: str, format: str,
                     rounds: app_commands.Range[int, 1, 20] | None = None, pace: str = "async",
                     round_hours: float | None = None, max_players: app_commands.Range[int, 2, 256] | None = None,
                     options: str = "", ranked: bool = True, best_of: app_commands.Range[int, 1, 3] = 1,
                     adjudicate: str = "draw", teams: bool = False,
                     checkin_minutes: app_commands.Range[int, 0, 1440] = 0, name: str = "",
                     language: str | None = None) -> None:
        hub = interaction.channel
        if interaction.guild_id is None or not isinstance(hub, discord.TextChannel):  # it makes threads: not a forum
            raise ServiceError("tournament_hub_here")
        locale = match_language(interaction, language)
        t_ = await self.service.create(
            guild_id=interaction.guild_id, channel_id=hub.id, creator_id=interaction.user.id,
            game=game, fmt=format, rounds=rounds, options=parse_options_text(options), pace=pace,
            round_hours=round_hours, max_players=max_players, ranked=ranked, best_of=best_of,
            adjudicate=adjudicate, teams=teams, checkin_minutes=checkin_minutes, name=name, locale=locale)
        posted = await hub.send(**hub_message(t_, locale))
        await self.service.set_hub_message(t_.id, posted.id)
        await send_ephemeral(interaction, t("tour.created", locale_of(interaction), name=name_of(t_), id=t_.id))

    @tournament.command(name="join", description=_("Enter a tournament", key="cmd.tournament.join"))
    @app_commands.describe(tournament=TOURNAMENT_ARG, partner=_("Your team-mate (team tournaments)",
                                                                key="arg.partner"))
    async def join(self, interaction: discord.Interaction, tournament: int | None = None,
                   partner: discord.Member | None = None) -> None:
        t_ = await self.resolve(interaction, tournament)
        mate = (partner.id, partner.display_name) if partner is not None else None
        if partner is not None and partner.bot:
            raise ServiceError("partner_bot")
        t_ = await self.service.join(t_.id, interaction.user.id, interaction.user.display_name, partner=mate)
        await send_ephemeral(interaction, t("tour.joined", locale_of(interaction), name=name_of(t_)))

    @tournament.command(name="leave", description=_("Withdraw before the start", key="cmd.tournament.leave"))
    @app_commands.describe(tournament=TOURNAMENT_ARG)
    async def leave(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        t_ = await self.service.leave((await self.resolve(interaction, tournament)).id, interaction.user.id)
        await send_ephemeral(interaction, t("tour.left", locale_of(interaction), name=name_of(t_)))

    @tournament.command(name="checkin", description=_("Confirm you will play (during check-in)",
                                                      key="cmd.tournament.checkin"))
    @app_commands.describe(tournament=TOURNAMENT_ARG)
    async def checkin(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        t_ = await self.service.check_in((await self.resolve(interaction, tournament)).id, interaction.user.id)
        await send_ephemeral(interaction, t("tour.checked_in", locale_of(interaction), name=name_of(t_)))

    @tournament.command(name="add", description=_("Organizer: enter a member or a bot", key="cmd.tournament.add"))
    @app_commands.describe(member=_("The member to enter", key="arg.tour_member"),
                           bot=_("Enter a bot instead (for testing a tournament)", key="arg.tour_bot"),
                           partner=_("The member's team-mate (team tournaments)", key="arg.partner"),
                           tournament=TOURNAMENT_ARG)
    async def add(self, interaction: discord.Interaction, member: discord.Member | None = None, bot: bool = False,
                  partner: discord.Member | None = None, tournament: int | None = None) -> None:
        t_ = await self.resolve(interaction, tournament)
        privileged = await self.privileged(interaction)
        if bot:
            t_ = await self.service.add_bot(t_.id, interaction.user.id, privileged=privileged)
            who = t_.data["entrants"][-1]["name"]
        elif member is not None and not member.bot:
            mate = (partner.id, partner.display_name) if partner is not None else None
            t_ = await self.service.add_member(t_.id, interaction.user.id, member.id, member.display_name,
                                               privileged=privileged, partner=mate)
            who = member.display_name
        else:
            raise ServiceError("add_who")
        await send_ephemeral(interaction, t("tour.added", locale_of(interaction), entrant=plain(who),
                                            name=name_of(t_)))

    @tournament.command(name="remove", description=_("Organizer: remove an entrant (disqualifies once started)",
                                                     key="cmd.tournament.remove"))
    @app_commands.describe(entrant=_("The entrant", key="arg.entrant"), reason=_("Why (logged)", key="arg.reason"),
                           tournament=TOURNAMENT_ARG)
    async def remove(self, interaction: discord.Interaction, entrant: str, reason: str = "",
                     tournament: int | None = None) -> None:
        t_ = await self.resolve(interaction, tournament)
        t_ = await self.service.remove(t_.id, interaction.user.id, self.entrant_id(t_, entrant),
                                       privileged=await self.privileged(interaction), reason=reason)
        await send_ephemeral(interaction, t("tour.removed", locale_of(interaction), name=name_of(t_)))

    @tournament.command(name="start", description=_("Organizer: pair round 1 (or open check-in)",
                                                    key="cmd.tournament.start"))
    @app_commands.describe(tournament=TOURNAMENT_ARG)
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        t_ = await self.resolve(interaction, tournament)
        t_ = await self.service.start(t_.id, interaction.user.id, privileged=await self.privileged(interaction))
        key = "tour.checkin_opened" if t_.status == "checkin" else "tour.started"
        await send_ephemeral(interaction, t(key, locale_of(interaction), name=name_of(t_)))

    # -- reading ------------------------------------------------------------------------------

    async def answer_standings(self, interaction: discord.Interaction, t_: Tournament) -> None:
        locale = locale_of(interaction)
        text = standings_lines(t_, locale)
        try:
            png = await self.host.renderer.run(standings_job(t_, locale))
        except Exception:
            log.exception("standings picture failed")
            await send_ephemeral(interaction, clip(text, 1990))
            return
        await send_ephemeral(interaction, clip(text, 1990), file=discord.File(io.BytesIO(png), filename="standings.png"))

    @tournament.command(name="standings", description=_("The standings, as a picture and text",
                                                        key="cmd.tournament.standings"))
    @app_commands.describe(tournament=TOURNAMENT_ARG)
    async def standings(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self.answer_standings(interaction, await self.resolve(interaction, tournament))

    @tournament.command(name="bracket", description=_("The elimination bracket as a picture",
                                                      key="cmd.tournament.bracket"))
    @app_commands.describe(tournament=TOURNAMENT_ARG)
    async def bracket(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        t_ = await self.resolve(interaction, tournament)
        locale = locale_of(interaction)
        job = bracket_job(t_, locale)
        if job is None:
            raise ServiceError("no_bracket")
        png = await self.host.renderer.run(job)
        await send_ephemeral(interaction, title_of(t_, locale), file=discord.File(io.BytesIO(png), filename="bracket.png"))

    @tournament.command(name="pairings", description=_("The tables of a round", key="cmd.tournament.pairings"))
    @app_commands.describe(round=_("Round number (default: the current one)", key="arg.round"),
                           tournament=TOURNAMENT_ARG)
    async def pairings(self, interaction: discord.Interaction, round: app_commands.Range[int, 1] | None = None,
                       tournament: int | None = None) -> None:
        t_ = await self.resolve(interaction, tournament)
        schedule = t_.data["schedule"]
        if not schedule:
            raise ServiceError("no_rounds_yet")
        number = round or len(schedule)
        if number > len(schedule):
            raise ServiceError("no_round", round=number, rounds=len(schedule))
        await send_ephemeral(interaction, clip(pairings_text(t_, schedule[number - 1], locale_of(interaction)), 1990),
                             allowed_mentions=discord.AllowedMentions.none())

    @tournament.command(name="info", description=_("A tournament's settings, entrants and state",
                                                   key="cmd.tournament.info"))
    @app_commands.describe(tournament=TOURNAMENT_ARG)
    async def info(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        t_ = await self.resolve(interaction, tournament)
        message = hub_message(t_, locale_of(interaction))
        message.pop("view", None)
        log_lines = [f"<t:{int(x['at'])}:f> {plain(x['what'])}" + (f" — {plain(x['reason'])}" if x.get("reason") else "")
                     for x in t_.data.get("log", [])[-5:]]
        if log_lines:
            message["content"] += "\n" + t("tour.info.log", locale_of(interaction)) + "\n" + "\n".join(log_lines)
        message["content"] = clip(message["content"], 1990)
        await send_ephemeral(interaction, **message)

    @tournament.command(name="list", description=_("Tournaments on this server", key="cmd.tournament.list"))
    async def list_(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        found = (await self.service.in_guild(interaction.guild_id))[:15]
        if not found:
            await send_ephemeral(interaction, t("tour.none", locale))
            return
        lines = [f"#{x.id} · {title_of(x, locale)} · <#{x.channel_id}> · "
                 + t(f"tour.status.{x.status}", locale, round=len(x.data["schedule"]), rounds=x.data.get("rounds") or "?")
                 for x in found]
        await send_ephemeral(interaction, clip("\n".join(lines), 1990))

    # -- players leaving and the organizer's hand ----------------------------------------

    @tournament.command(name="drop", description=_("Leave a running tournament (open games are resigned)",
                                                   key="cmd.tournament.drop"))
    @app_commands.describe(tournament=TOURNAMENT_ARG)
    async def drop(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        t_ = await self.service.drop((await self.resolve(interaction, tournament)).id, interaction.user.id)
        await send_ephemeral(interaction, t("tour.you_dropped", locale_of(interaction), name=name_of(t_)))

    @tournament.command(name="disqualify", description=_("Organizer: disqualify an entrant", key="cmd.tournament.disqualify"))
    @app_commands.describe(entrant=_("The entrant", key="arg.entrant"), reason=_("Why (logged)", key="arg.reason"),
                           tournament=TOURNAMENT_ARG)
    async def disqualify(self, interaction: discord.Interaction, entrant: str, reason: str,
                         tournament: int | None = None) -> None:
        t_ = await self.resolve(interaction, tournament)
        t_ = await self.service.disqualify(t_.id, interaction.user.id, self.entrant_id(t_, entrant),
                                           privileged=await self.privileged(interaction), reason=reason)
        await send_ephemeral(interaction, t("tour.done", locale_of(interaction)))

    @tournament.command(name="report", description=_("Organizer: set a table's result", key="cmd.tournament.report"))
    @app_commands.describe(table=_("The table, e.g. R2-T3 or W1-2", key="arg.table"),
                           reason=_("Why (logged)", key="arg.reason"),
                           winner=_("The winner (leave out, with no order, for a draw)", key="arg.winner"),
                           order=_("Every place at a bigger table, best first: alice > bob = carol > dave",
                                   key="arg.order"),
                           tournament=TOURNAMENT_ARG)
    async def report(self, interaction: discord.Interaction, table: str, reason: str, winner: str | None = None,
                     order: str | None = None, tournament: int | None = None) -> None:
        t_ = await self.resolve(interaction, tournament)
        found = t_.find_table(table)
        if found is None:
            raise ServiceError("no_table", table=table)
        players = list(found[1]["players"])
        if order:
            plain = re.sub(r"<@!?(\d+)>", r"\1", order)  # mentions end in ">" too
            groups = [[self.entrant_id(t_, name) for name in group.split("=") if name.strip()]
                      for group in plain.split(">")]
        elif winner is None:
            groups = [players]
        else:
            first = self.entrant_id(t_, winner)
            if first not in players:
                raise ServiceError("report_players", table=table)
            groups = [[first], [p for p in players if p != first]]
        await self.service.report(t_.id, interaction.user.id, table, groups,
                                  privileged=await self.privileged(interaction), reason=reason)
        await send_ephemeral(interaction, t("tour.done", locale_of(interaction)))

    @tournament.command(name="deadline", description=_("Organizer: the current round ends in this many hours",
                                                       key="cmd.tournament.deadline"))
    @app_commands.describe(hours=_("Hours from now", key="arg.hours"), tournament=TOURNAMENT_ARG)
    async def deadline(self, interaction: discord.Interaction, hours: float, tournament: int | None = None) -> None:
        t_ = await self.resolve(interaction, tournament)
        await self.service.set_deadline(t_.id, interaction.user.id, hours, privileged=await self.privileged(interaction))
        await send_ephemeral(interaction, t("tour.done", locale_of(interaction)))

    async def _organizer(self, interaction: discord.Interaction, tournament: int | None, action: str,
                         reason: str = "") -> None:
        t_ = await self.resolve(interaction, tournament)
        work = getattr(self.service, action)
        kwargs = {"reason": reason} if action in ("cancel", "end") else {}
        await work(t_.id, interaction.user.id, privileged=await self.privileged(interaction), **kwargs)
        await send_ephemeral(interaction, t("tour.done", locale_of(interaction)))

    @tournament.command(name="pause", description=_("Organizer: hold the clock and the next round",
                                                    key="cmd.tournament.pause"))
    @app_commands.describe(tournament=TOURNAMENT_ARG)
    async def pause(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organizer(interaction, tournament, "pause")

    @tournament.command(name="resume", description=_("Organizer: carry on after a pause", key="cmd.tournament.resume"))
    @app_commands.describe(tournament=TOURNAMENT_ARG)
    async def resume(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organizer(interaction, tournament, "resume")

    @tournament.command(name="cancel", description=_("Organizer: stop for good, no results", key="cmd.tournament.cancel"))
    @app_commands.describe(reason=_("Why (logged)", key="arg.reason"), tournament=TOURNAMENT_ARG)
    async def cancel(self, interaction: discord.Interaction, reason: str = "", tournament: int | None = None) -> None:
        await self._organizer(interaction, tournament, "cancel", reason)

    @tournament.command(name="end", description=_("Organizer: finish now; open tables are adjudicated",
                                                  key="cmd.tournament.end"))
    @app_commands.describe(reason=_("Why (logged)", key="arg.reason"), tournament=TOURNAMENT_ARG)
    async def end(self, interaction: discord.Interaction, reason: str = "", tournament: int | None = None) -> None:
        await self._organizer(interaction, tournament, "end", reason)

    @settings.command(name="organizer_role", description=_("Members with this role may run tournaments",
                                                           key="cmd.settings.organizer_role"))
    @app_commands.describe(role=_("The role (leave out to clear it)", key="arg.role"))
    @app_commands.default_permissions(manage_guild=True)
    async def organizer_role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        if not is_admin(interaction) or interaction.guild_id is None:  # a server's setting (guild_only)
            raise ServiceError("not_admin")
        await self.service.set_organizer_role(interaction.guild_id, role.id if role else None)
        key = "tour.role_set" if role else "tour.role_cleared"
        await send_ephemeral(interaction, t(key, locale_of(interaction), role=role.mention if role else ""),
                             allowed_mentions=discord.AllowedMentions.none())

    # -- autocomplete -------------------------------------------------------------------

    @staticmethod
    def entrant_id(t_: Tournament, text: str) -> EntrantId:
        """An entrant from autocomplete (its id), a mention, a user id or a name."""
        raw = text.strip().removeprefix("<@").removeprefix("!").removesuffix(">")
        for e in t_.data["entrants"]:
            if str(e["id"]) == raw or e["name"].lower() == raw.lower() or any(
                    str(m["user_id"]) == raw for m in e["members"]):
                return e["id"]
        raise ServiceError("not_entrant")

    @join.autocomplete("tournament")
    @leave.autocomplete("tournament")
    @checkin.autocomplete("tournament")
    @add.autocomplete("tournament")
    @remove.autocomplete("tournament")
    @start.autocomplete("tournament")
    @standings.autocomplete("tournament")
    @bracket.autocomplete("tournament")
    @pairings.autocomplete("tournament")
    @info.autocomplete("tournament")
    @drop.autocomplete("tournament")
    @disqualify.autocomplete("tournament")
    @report.autocomplete("tournament")
    @deadline.autocomplete("tournament")
    @pause.autocomplete("tournament")
    @resume.autocomplete("tournament")
    @cancel.autocomplete("tournament")
    @end.autocomplete("tournament")
    async def tournament_autocomplete(self, interaction: discord.Interaction,
                                      current: str) -> list[app_commands.Choice[int]]:
        locale = locale_of(interaction)
        found = await self.service.in_guild(interaction.guild_id)
        found.sort(key=lambda x: (x.status in ("finished", "cancelled"), -x.id))
        choices: list[app_commands.Choice[int]] = []
        for x in found:
            label = f"#{x.id} {title_of(x, locale, raw=True)} · {t(f'tour.status_short.{x.status}', locale)}"
            if current.lower() in label.lower():
                choices.append(app_commands.Choice(name=label[:100], value=x.id))
        return choices[:25]

    @remove.autocomplete("entrant")
    @disqualify.autocomplete("entrant")
    @report.autocomplete("winner")
    async def entrant_autocomplete(self, interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[str]]:
        try:
            t_ = await self.resolve(interaction, interaction.namespace.tournament)
        except ServiceError:
            return []
        return [app_commands.Choice(name=e["name"][:100], value=str(e["id"]))
                for e in t_.data["entrants"] if current.lower() in e["name"].lower()][:25]

    @report.autocomplete("table")
    async def table_autocomplete(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        try:
            t_ = await self.resolve(interaction, interaction.namespace.tournament)
        except ServiceError:
            return []
        choices: list[app_commands.Choice[str]] = []
        for rnd, table in t_.open_tables():
            label = table_label(rnd, table)
            names = " v ".join(entrant_name(t_, e) for e in table["players"])
            if current.lower() in f"{label} {names}".lower():
                choices.append(app_commands.Choice(name=f"{label} · {names}"[:100], value=label))
        return choices[:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Tournaments(bot))

