"""The /match commands every game shares: create, seats, start, resign, abandon, status, log."""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from gamehost.registry import GAMES
from gamehost.i18n import normalize_locale, t
from gamehost.service import PACES, TIMEOUT_POLICIES, ServiceError, seat_of
from gamehost.rematch import rematch
from gamehost.snapshot import snapshot
from gamehost.store import MatchRow
from gamehost.turn_store import BOARD_MODES
from cogs.channels import channel_id_of
from cogs.host import QUICK, Host, host_of, is_admin, locale_of, seated, send_ephemeral
from cogs.options_text import option_suggestions
from cogs.review import review_message


def parse_options_text(text: str) -> dict[str, Any]:
    """``"format=draft champions=yes"`` -> ``{"format": "draft", "champions": True}``."""
    options: dict[str, Any] = {}
    for token in (text or "").replace(",", " ").split():
        if "=" not in token:
            raise ServiceError("bad_options", detail=token)
        key, value = token.split("=", 1)
        lowered = value.lower()
        if lowered in ("yes", "true", "on"):
            options[key] = True
        elif lowered in ("no", "false", "off"):
            options[key] = False
        elif lowered.lstrip("-").isdigit():
            options[key] = int(lowered)
        else:
            options[key] = value
    return options


def match_language(interaction: discord.Interaction, language: str | None) -> str:
    """The language of the match's channel posts (boards, narration): the one chosen, else a
    Chinese server's, else the creator's. Private replies always follow each reader's own."""
    if language:
        return normalize_locale(language)
    if interaction.guild_locale is not None and normalize_locale(str(interaction.guild_locale)) != "en":
        return normalize_locale(str(interaction.guild_locale))
    return locale_of(interaction)


async def create_match(interaction: discord.Interaction, game: str, options: dict[str, Any], where: str,
                       pace: str, timeout: str, minutes: int | None = None, language: str | None = None,
                       ranked: bool = False, campaign_override: bool = False) -> None:
    """``campaign_override``: start a scenario the channel's campaign has not unlocked (the
    caller allows it to moderators only)."""
    host = host_of(interaction.client)
    locale = match_language(interaction, language)
    options = dict(options)
    board = str(options.pop("board", BOARD_MODES[0]))  # the host's own option, every game's (cogs/board_post.py)
    if board not in BOARD_MODES:
        raise ServiceError("bad_options", detail=f"board={board} ({' / '.join(BOARD_MODES)})")
    thread: discord.Thread | None = None
    if where == "thread":
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):  # not in a thread, nor a forum (its threads are posts)
            raise ServiceError("no_thread_here")
        await host.service.check_create_limits(interaction.guild_id, interaction.user.id)  # no empty threads
        if not campaign_override:  # a new thread's campaign is a new one
            await host.service.campaigns.check_new(interaction.guild_id, None, game, options)
        thread = await channel.create_thread(
            name=t(host.uis[game].title_key, locale) + f" · {interaction.user.display_name}",
            type=discord.ChannelType.public_thread)
    channel_id = thread.id if thread is not None else channel_id_of(interaction)
    row = await host.service.create(
        guild_id=interaction.guild_id, channel_id=channel_id, creator_id=interaction.user.id,
        creator_name=interaction.user.display_name, game=game, options=options, pace=pace,
        timeout_policy=timeout, locale=locale,
        decision_seconds=minutes * 60 if minutes else None, ranked=ranked, campaign_override=campaign_override)
    await host.set_board_mode(row.id, board)
    if thread is None:
        await host.post_lobby(row, interaction=interaction)
    else:
        await host.post_lobby(row)
        await interaction.response.send_message(t("host.created_thread", locale_of(interaction),
                                                  thread=thread.mention))


def history_line(host: Host, row: MatchRow, locale: str) -> str:
    """``#12 · <game> · alice, bob · won by alice (fort destroyed) · <t:…:d> · #channel``"""
    title = t(host.uis[row.game].title_key, locale)
    players = ", ".join(s["name"] for s in row.seats)
    words = getattr(host.uis[row.game], "result_words", None)  # optional (cogs/ui.py GameUI)
    if row.status == "abandoned":
        outcome = t("host.history.cancelled", locale)
    elif words is not None:  # co-operative: the team's result
        outcome = words(row.result or {}, locale)
    else:
        result = row.result or {}
        winners = [row.seats[w]["name"] if w < len(row.seats) else "🤖" for w in result.get("winners", [])]
        reason = t(f"host.reason.{result.get('reason', '')}", locale)
        outcome = (t("host.history.won", locale, winners=", ".join(winners), reason=reason) if winners
                   else t("host.history.draw", locale, reason=reason))
    mode = getattr(host.uis[row.game], "history_words", None)  # optional: a mode's own words (cogs/ui.py)
    detail = mode(row.options, row.result or {}, locale) if mode is not None and row.status == "finished" else None
    outcome = f"{outcome} · {detail}" if detail else outcome
    return f"**#{row.id}** · {title} · {players} · {outcome} · <t:{int(row.updated_at)}:d> · <#{row.channel_id}>"


GAME_CHOICES = [app_commands.Choice(name=_(g, key=f"game.{g}"), value=g) for g in GAMES]
WHERE_CHOICES = [app_commands.Choice(name=_("here", key="opt.here"), value="here"),
                 app_commands.Choice(name=_("new thread", key="opt.thread"), value="thread")]
PACE_CHOICES = [app_commands.Choice(name=_(p, key=f"opt.pace.{p}"), value=p) for p in PACES]
POLICY_CHOICES = [app_commands.Choice(name=_(p, key=f"opt.policy.{p}"), value=p) for p in TIMEOUT_POLICIES]
LANGUAGE_CHOICES = [app_commands.Choice(name="English", value="en"), app_commands.Choice(name="简体中文", value="zh-CN")]
LANGUAGE_HELP = _("Language of the boards in the channel (default: the server's or yours)", key="arg.language")
RANKED_HELP = _("Count this match for the server's ratings", key="arg.ranked")


class Lobby(commands.Cog):
    match = app_commands.Group(name="match", description=_("Create, join and manage matches",
                                                           key="cmd.match"))

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @property
    def host(self) -> Host:
        return host_of(self.bot)

    @match.command(name="create", extras=QUICK, description=_("Create a match of a game in this channel or a new thread",
                                                key="cmd.match.create"))
    @app_commands.describe(game=_("Which game", key="arg.game"),
                           where=_("Here or in a new thread", key="arg.where"),
                           pace=_("live (minutes per decision) or async (hours)", key="arg.pace"),
                           timeout=_("What happens when a player runs out of time", key="arg.timeout"),
                           minutes=_("Minutes per decision (overrides the pace default)", key="arg.minutes"),
                           options=_("Game options, e.g. format=draft champions=yes", key="arg.options"),
                           language=LANGUAGE_HELP,
                           ranked=RANKED_HELP)
    @app_commands.choices(game=GAME_CHOICES, where=WHERE_CHOICES, pace=PACE_CHOICES, timeout=POLICY_CHOICES,
                          language=LANGUAGE_CHOICES)
    async def create(self, interaction: discord.Interaction, game: str, where: str = "here",
                     pace: str = "live", timeout: str = "auto",
                     minutes: app_commands.Range[int, 1, 10080] | None = None, options: str = "",
                     language: str | None = None, ranked: bool = False) -> None:
        await create_match(interaction, game, parse_options_text(options), where, pace, timeout, minutes, language,
                           ranked)

    @create.autocomplete("options")
    async def options_autocomplete(self, interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[str]]:
        return option_suggestions(interaction.namespace.game or next(iter(GAMES)), current or "")

    @match.command(name="join", extras=QUICK, description=_("Take a seat in this channel's match", key="cmd.match.join"))
    async def join(self, interaction: discord.Interaction) -> None:
        row = await self.host.service.join(channel_id_of(interaction), interaction.user.id,
                                           interaction.user.display_name)
        seat = seated(row, interaction.user.id)
        await self.host.show_lobby(row, interaction, t("host.lobby.you_joined", locale_of(interaction), n=seat + 1))

    @match.command(name="leave", extras=QUICK, description=_("Leave your seat before the match starts", key="cmd.match.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        row = await self.host.service.leave(channel_id_of(interaction), interaction.user.id)
        await self.host.show_lobby(row, interaction, t("host.lobby.you_left", locale_of(interaction)))

    @match.command(name="addbot", extras=QUICK, description=_("Seat a bot player", key="cmd.match.addbot"))
    async def addbot(self, interaction: discord.Interaction) -> None:
        row = await self.host.service.add_bot(channel_id_of(interaction), interaction.user.id)
        await self.host.show_lobby(row, interaction, t("host.lobby.bot_added", locale_of(interaction),
                                                       n=len(row.seats)))

    @match.command(name="start", description=_("Start the match once the seats are filled", key="cmd.match.start"))
    async def start(self, interaction: discord.Interaction) -> None:
        outcome = await self.host.service.start(channel_id_of(interaction), interaction.user.id)
        await self.host.close_lobby(outcome.match)
        await self.host.publish(outcome, interaction)

    @match.command(name="resign", description=_("Resign from this channel's match", key="cmd.match.resign"))
    async def resign(self, interaction: discord.Interaction) -> None:
        row = await self.host.service.in_channel(channel_id_of(interaction))
        outcome = await self.host.service.resign(row.id, interaction.user.id)
        await self.host.publish(outcome, interaction)

    @match.command(name="abandon", description=_("Cancel this channel's match (creator or Manage Server)",
                                                 key="cmd.match.abandon"))
    async def abandon(self, interaction: discord.Interaction) -> None:
        outcome = await self.host.service.abandon(channel_id_of(interaction), interaction.user.id,
                                                  is_admin=is_admin(interaction))
        if not outcome.cancelled:  # other people were playing: abandoning counts as resigning
            await send_ephemeral(interaction, t("host.abandon_resigned", locale_of(interaction)))
            await self.host.publish(outcome)
            return
        await send_ephemeral(interaction, t("host.abandon_done", locale_of(interaction)))
        await self.host.close_lobby(outcome.match)
        await self.host.post_board(outcome.match, {
            "content": t("host.abandoned", outcome.match.locale, user=interaction.user.mention),
            "allowed_mentions": discord.AllowedMentions.none()})

    @match.command(name="status", description=_("Show this channel's match", key="cmd.match.status"))
    async def status(self, interaction: discord.Interaction) -> None:
        row = await self.host.service.in_channel(channel_id_of(interaction))
        if row.status == "lobby":
            await send_ephemeral(interaction, **self.host.lobby_message(row))
            return
        await send_ephemeral(interaction, **await self.host.board_message(snapshot(row), []))

    @match.command(name="log", description=_("The moves of this channel's match (or its last one), with what happened",
                                             key="cmd.match.log"))
    @app_commands.describe(match=_("A match number (on its board); default: this channel's match or its latest",
                                   key="arg.match_id"))
    async def log(self, interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None) -> None:
        row = await self.host.service.for_review(channel_id_of(interaction), interaction.guild_id, match)
        message = await review_message(self.host, row, interaction.user.id, locale_of(interaction))
        await send_ephemeral(interaction, **message)

    @match.command(name="replay", description=_("Step through a match move by move, with its board",
                                                key="cmd.match.replay"))
    @app_commands.describe(match=_("A match number (on its board); default: this channel's match or its latest",
                                   key="arg.match_id"),
                           move=_("The move to show first (default: the last)", key="arg.replay_move"))
    async def replay(self, interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None,
                     move: app_commands.Range[int, 0] | None = None) -> None:
        row = await self.host.service.for_review(channel_id_of(interaction), interaction.guild_id, match)
        await self.host.show_replay(interaction, row, move)

    @match.command(name="history", extras=QUICK, description=_("Recent finished matches in this server",
                                                              key="cmd.match.history"))
    @app_commands.describe(member=_("Only matches this member played", key="arg.member"),
                           game=_("Only this game", key="arg.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def history(self, interaction: discord.Interaction, member: discord.Member | None = None,
                      game: str | None = None) -> None:
        locale = locale_of(interaction)
        rows = await self.host.service.history(interaction.guild_id, user_id=member.id if member else None,
                                               game=game)
        if not rows:
            await send_ephemeral(interaction, t("host.history.none", locale))
            return
        lines = [history_line(self.host, row, locale) for row in rows]
        await send_ephemeral(interaction, "\n".join(lines))

    @match.command(name="rematch", extras=QUICK, description=_("Play again: a new lobby with the same seats and options",
                                                              key="cmd.match.rematch"))
    async def rematch(self, interaction: discord.Interaction) -> None:
        row = await rematch(self.host.service, channel_id=channel_id_of(interaction), guild_id=interaction.guild_id,
                            user_id=interaction.user.id, user_name=interaction.user.display_name)
        await self.host.turn_of(row.id)  # the board setting the rematch carried over, for the lobby's words
        await self.host.post_lobby(row, interaction=interaction)

    @match.command(name="follow", extras=QUICK, description=_("Get this channel's board by DM after every move",
                                                             key="cmd.match.follow"))
    async def follow(self, interaction: discord.Interaction) -> None:
        row = await self.host.service.in_channel(channel_id_of(interaction))
        await self.host.service.set_following(row.id, interaction.user.id, True)
        await send_ephemeral(interaction, t("host.follow.on", locale_of(interaction), id=row.id))

    @match.command(name="unfollow", extras=QUICK, description=_("Stop getting this channel's board by DM",
                                                               key="cmd.match.unfollow"))
    async def unfollow(self, interaction: discord.Interaction) -> None:
        row = await self.host.service.in_channel(channel_id_of(interaction))
        await self.host.service.set_following(row.id, interaction.user.id, False)
        await send_ephemeral(interaction, t("host.follow.off", locale_of(interaction), id=row.id))

    @match.command(name="mine", extras=QUICK, description=_("Your matches in this server, whose turn it is and time left",
                                              key="cmd.match.mine"))
    async def mine(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        rows = await self.host.service.my_matches(interaction.guild_id, interaction.user.id)
        if not rows:
            await send_ephemeral(interaction, t("host.mine.none", locale))
            return
        lines = []
        for row in rows:
            title = t(self.host.uis[row.game].title_key, locale)
            if row.status == "lobby":
                lines.append(t("host.mine.lobby", locale, game=title, channel=f"<#{row.channel_id}>"))
                continue
            waiting = snapshot(row).waiting
            me = seat_of(row, interaction.user.id)
            who = (t("host.mine.you", locale) if me in waiting
                   else ", ".join(row.seats[s]["name"] for s in waiting if s < len(row.seats)))
            lines.append(t("host.mine.active", locale, game=title, channel=f"<#{row.channel_id}>", who=who,
                           deadline=f"<t:{int(row.deadline_at)}:R>" if row.deadline_at else "-"))
        await send_ephemeral(interaction, "\n".join(lines))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
