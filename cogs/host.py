"""Shared Discord plumbing for every game: errors, publishing boards, DMs and deadlines."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from engine.base import IllegalAction
from gamehost.house_seats import house_count
from gamehost.i18n import t
from gamehost.once import Origin, decided
from gamehost.service import MatchService, Outcome, ServiceError, seat_of
from gamehost.snapshot import SeatSnapshot, Snapshot, snapshot
from gamehost.store import MatchRow
from gamehost.workers import Renderer
from cogs.board_post import BoardPosting, EarlyDrawing
from cogs.private_views import PrivateViews
from cogs.channels import cached_channel, match_channel
from cogs.items import GameButton, view_of
from cogs.narration import named_params
from cogs.options_text import options_in_words
from cogs.served import mark_outcome
from cogs.text_split import clip
from cogs.replay import REPLAY_VERB, replay_message
from cogs.replies import (PENDING, acknowledge, edit_kwargs, locale_of, rewind_file,  # noqa: F401 (re-exported)
                          send_ephemeral, settle_ack)

if TYPE_CHECKING:
    from cogs.ui import GameUI

log = logging.getLogger(__name__)

# Components any match shows; everything else is routed to the game's adapter.
LOBBY_VERBS = {"join", "leave", "addbot", "start"}
BOARD_VERB = "board"  # a leaderboard page button (cogs/ratings.py): no match behind it
QUICK_VERBS = {"join", "leave", "addbot", REPLAY_VERB, BOARD_VERB}  # acknowledged their own way or answered at once
RECEIVED = "received_at"  # interaction.extras: when a slash command reached the bot (the bot's clock)
DRAWN = "drawn_at"  # interaction.extras: the board version a pressed component was drawn for


def origin(interaction: discord.Interaction) -> Origin:
    """Where a move comes from, so the service applies it exactly once (gamehost/once.py): a
    slash command by its interaction id and when it reached the bot (``GameTree`` notes that
    on arrival, on the bot's own clock); a button or menu by the board version it was drawn
    for (``Host.on_component`` notes that)."""
    if interaction.type is discord.InteractionType.application_command:
        return Origin.typed(interaction.id, interaction.extras.get(RECEIVED))
    return Origin(drawn_at=interaction.extras.get(DRAWN))


def error_text(error: Exception, locale: str) -> str:
    if isinstance(error, ServiceError):
        return t(f"host.err.{error.code}", locale, **error.params)
    if isinstance(error, IllegalAction):  # content ids (cards, units, heroes) read as their names
        text = t(error.code, locale, **named_params(error.code, error.params, locale)) if error.code else error.message
        if text == error.code:
            text = error.message
        if error.tried:  # the command as typed, when the engine judged the move it spells
            text = f"`/{error.tried}`: {text}"
        if error.legal:
            shown = ", ".join(f"`{a}`" for a in error.legal[:12])
            more = "" if len(error.legal) <= 12 else " …"
            text += "\n" + t("host.legal_were", locale, actions=shown + more)
        return text
    raise error

QUICK = {"quick": True}  # app_commands extras: answered at once (no engine, no drawing), no deferral


async def reply_error(interaction: discord.Interaction, error: Exception) -> None:
    mark_outcome(interaction, error)  # refused (or, for "internal", an error) in the metrics
    await send_ephemeral(interaction, "⚠️ " + error_text(error, locale_of(interaction)))


@runtime_checkable
class LeaderboardPages(Protocol):
    """The ratings cog (cogs/ratings.py) as a leaderboard's page buttons need it."""

    async def board_message(self, interaction: discord.Interaction, game: str, page: int,
                            min_games: int) -> dict[str, Any]: ...


class Host(PrivateViews, BoardPosting):
    """Presents the match service's outcomes on Discord: boards (cogs/board_post.py), private
    views, reminders."""

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot, service: MatchService,
                 renderer: Renderer | None = None):
        self.bot = bot
        self.service = service
        self.renderer = renderer or Renderer()
        self.uis: dict[str, GameUI] = {}
        self.init_posting()
        self.init_private()
        service.listen(on_remind=self._remind, on_expired=self._expired)

    def register(self, ui: "GameUI") -> None:
        self.uis[ui.game_id] = ui

    # -- components ----------------------------------------------------------------------

    async def on_component(self, interaction: discord.Interaction, match_id: int, version: int,
                           verb: str, arg: str, values: list[str]) -> None:
        locale = locale_of(interaction)
        try:
            await self.service.check_rate(interaction.user.id)  # too fast: a private refusal, nothing done
            if verb not in QUICK_VERBS:
                await acknowledge(interaction)
            interaction.extras[DRAWN] = version  # what the press answers: the service checks it
            if verb == BOARD_VERB:
                game, page, min_games = arg.split(".")
                board = await self.leaderboard().board_message(interaction, game, int(page), int(min_games))
                await interaction.response.edit_message(**board)
                return
            row = await self.service.load(match_id)
            ui = self.uis[row.game]
            if verb == REPLAY_VERB:  # steps a replay in place: works on any match, any version
                await self.step_replay(interaction, row, arg)
                return
            if row.status not in ("lobby", "active") and verb not in ui.fresh_verbs:
                raise ServiceError("not_active")
            if verb in LOBBY_VERBS:
                await self.lobby_component(interaction, row, verb)
                return
            if verb not in ui.fresh_verbs and version != row.version:
                if decided(row, seat_of(row, interaction.user.id)) > version:
                    raise ServiceError("already_done")  # the presser's decision since: this one is spent
                await send_ephemeral(interaction, t("host.stale_board", locale))
                return
            snap = snapshot(row)
            if verb == "confirm":  # a move the player was warned about, confirmed
                await ui.make_move(interaction, snap.for_seat(seated(snap, interaction.user.id)), arg,
                                   expected_version=row.version, confirmed=True)
            elif verb == "cancel":
                await send_ephemeral(interaction, t("host.confirm.cancelled", locale))
            else:
                await ui.on_component(interaction, snap, verb, arg, values)
        except (ServiceError, IllegalAction) as error:
            await reply_error(interaction, error)
        except Exception:
            log.exception("component %s on match %s failed", verb, match_id)
            await reply_error(interaction, ServiceError("internal"))

    def leaderboard(self) -> LeaderboardPages:
        cog = self.bot.get_cog("Ratings")
        if not isinstance(cog, LeaderboardPages):
            raise RuntimeError("the Ratings cog is not loaded")
        return cog

    async def lobby_component(self, interaction: discord.Interaction, row: MatchRow, verb: str) -> None:
        user = interaction.user
        if verb == "join":
            row = await self.service.join(row.channel_id, user.id, user.display_name)
        elif verb == "leave":
            row = await self.service.leave(row.channel_id, user.id)
        elif verb == "addbot":
            row = await self.service.add_bot(row.channel_id, user.id, drawn_at=interaction.extras.get(DRAWN))
        elif verb == "start":
            outcome = await self.service.start(row.channel_id, user.id)
            await self.close_lobby(outcome.match)
            await self.publish(outcome, interaction)
            return
        # the lobby is one message, edited in place: the buttons sit on it
        await interaction.response.edit_message(**self.lobby_message(row))

    async def show_lobby(self, row: MatchRow, interaction: discord.Interaction, note: str) -> None:
        """After a seat changed by command: a private note to the caller, and the match's one
        lobby message edited in place (posted anew, and remembered, only if it is gone)."""
        await interaction.response.send_message(note, ephemeral=True)
        await self.turn_of(row.id)  # its board option, for the lobby's words
        message = self.lobby_message(row)
        if row.board_message_id is not None:
            try:
                channel = await match_channel(self.bot, row.channel_id)
                await channel.get_partial_message(row.board_message_id).edit(**message)
                return
            except discord.HTTPException as error:
                log.info("lobby message of match %s not edited (%s); posting it again", row.id, error)
        await self.post_lobby(row, message)

    async def post_lobby(self, row: MatchRow, message: dict[str, Any] | None = None,
                         interaction: discord.Interaction | None = None) -> None:
        """Post the lobby (as the interaction's reply, or to the match's channel) and remember
        the message, so later seat changes edit it."""
        message = message or self.lobby_message(row)
        posted: discord.Message
        try:
            if interaction is not None:
                await interaction.response.send_message(**message)
                posted = await interaction.original_response()
            else:
                channel = await match_channel(self.bot, row.channel_id)
                posted = await channel.send(**message)
        except discord.HTTPException as error:
            log.warning("lobby of match %s not posted: %s", row.id, error)
            return
        await self.service.set_lobby_message(row.id, posted.id)

    async def close_lobby(self, row: MatchRow) -> None:
        """The match started: the lobby message keeps the seats but loses its buttons."""
        if row.board_message_id is None:
            return
        await self.turn_of(row.id)  # its board option, for the lobby's words
        try:
            channel = await match_channel(self.bot, row.channel_id)
            await channel.get_partial_message(row.board_message_id).edit(**self.lobby_message(row))
        except discord.HTTPException as error:
            log.info("lobby message of match %s not closed: %s", row.id, error)

    async def show_replay(self, interaction: discord.Interaction, row: MatchRow, move: int | None) -> None:
        """/match replay: a finished match for anyone in its server, an ongoing one for its players."""
        if row.status == "active":
            seated(row, interaction.user.id)
        await send_ephemeral(interaction, **await replay_message(self, row, interaction.user.id, move,
                                                                 locale_of(interaction)))

    async def step_replay(self, interaction: discord.Interaction, row: MatchRow, arg: str) -> None:
        """A replay button: the same private message shows the chosen move."""
        if row.status == "active":
            seated(row, interaction.user.id)
        await interaction.response.defer()
        message = await replay_message(self, row, interaction.user.id, int(arg or 0), locale_of(interaction))
        await interaction.edit_original_response(**edit_kwargs(message))

    async def act_and_show(self, interaction: discord.Interaction, mine: SeatSnapshot, move: str, *,
                           done_key: str, expected_version: int | None = None,
                           confirmed: bool = False) -> Outcome | None:
        """Apply one move and show its result to whoever should see it: a quiet move (one that
        changes only the mover's hidden plans) privately, a move sent from a DM with a short
        ``done_key`` note there and the board in the match's channel, any other in place."""
        if not confirmed and await self.needs_confirmation(interaction, mine, move):
            return None
        snap = mine.match
        quiet = bool(move.split()) and mine.info(move).quiet
        early = EarlyDrawing(self) if not quiet else None  # the board is drawn while the move is saved
        try:
            outcome = await self.service.act(snap.match_id, interaction.user.id, move,
                                             expected_version=expected_version, origin=origin(interaction),
                                             computed=early.start if early is not None else None)
        except BaseException:
            if early is not None:
                early.cancel()
            raise
        if quiet and not outcome.prompted_changed and outcome.result is None:
            await self.send_private(outcome.match, mine.seat, interaction, ephemeral=True, image=False)
            return outcome
        if interaction.channel_id != snap.channel_id:
            await send_ephemeral(interaction, t(done_key, locale_of(interaction)))
            await self.publish(outcome, early=early)
            if not outcome.prompted_changed and outcome.match.status == "active" \
                    and mine.seat in snapshot(outcome.match).waiting:
                # the same decision again (e.g. a draft that picks twice in a row): publish sent no
                # new DM, so the mover's next choices come here, as to a mover in the channel
                await self.send_private(outcome.match, mine.seat, interaction, ephemeral=True, image=False)
        else:
            await self.publish(outcome, interaction, early=early)
        return outcome

    async def needs_confirmation(self, interaction: discord.Interaction, mine: SeatSnapshot, move: str) -> bool:
        """Before a move that would lose the mover the game (a Blood Price paid with the last
        fort health, ...): a private warning with Confirm / Cancel instead, and True. The
        check replays the one move on a copy (engine.base ``SelfDestructiveMoves``: tens of
        microseconds; handing it to a thread took about 0.9 ms before every such move)."""
        if not mine.judges_losing_moves or not mine.loses_by(move):
            return False
        snap, locale = mine.match, locale_of(interaction)
        items = [GameButton(snap.match_id, snap.version, "confirm", arg=move[:60], label=t("host.btn.confirm", locale),
                            style=discord.ButtonStyle.danger),
                 GameButton(snap.match_id, snap.version, "cancel", label=t("host.btn.cancel", locale))]
        words = move_words(self.uis[snap.game], mine, move, locale)
        await send_ephemeral(interaction, "⚠️ " + t("host.confirm.losing", locale, move=words), view=view_of(items))
        return True

    # -- lobby ---------------------------------------------------------------------------

    def lobby_message(self, row: MatchRow) -> dict[str, Any]:
        ui = self.uis[row.game]
        loc = row.locale
        low, high = self.service.seat_limits(row)
        lines = [t("host.lobby.seat", loc, n=i + 1, name=self.seat_label(row, i)) for i in range(len(row.seats))]
        if row.status == "lobby":  # a started lobby lists who sat where, no open seats
            lines += [t("host.lobby.open_seat", loc, n=i + 1) for i in range(len(row.seats), high)]
        embed = discord.Embed(title=t("host.lobby.title", loc, game=t(ui.title_key, loc)),
                              description="\n".join(lines), colour=discord.Colour.blurple())
        options = " · ".join(w for w in (options_in_words(row.game, row.options, loc), self.board_mode_words(row)) if w)
        embed.add_field(name=t("host.lobby.options", loc), value=options or "-", inline=False)
        for name, value in getattr(ui, "lobby_fields", lambda options, locale: [])(row.options, loc):
            embed.add_field(name=name, value=clip(value, 1024), inline=False)  # a mode explained (cogs/ui.py)
        embed.add_field(name=t("host.lobby.pace", loc),
                        value=t(f"host.pace.{row.pace}", loc, minutes=row.decision_seconds // 60,
                                hours=row.decision_seconds // 3600) + " · "
                        + t(f"host.policy.{row.timeout_policy}", loc), inline=False)
        if row.status != "lobby":  # started (or cancelled): a record of who sat where, no buttons
            embed.set_footer(text=t(f"host.lobby.closed.{row.status}", loc))
            if row.status == "active":  # markdown: in the description, footers do not render it
                embed.description = f"{embed.description}\n\n" + t("help.new_to_game", loc, rules=self.rules_command(row.game))
            return {"embed": embed, "view": None}
        house = house_count(row.game, row.options, max(1, len(row.seats)))
        if house:  # the game seats its own side (gamehost/house_seats.py): no bots to add
            people = (t("host.lobby.people_exact", loc, n=low) if low == high
                      else t("host.lobby.people_range", loc, low=low, high=high))
            embed.set_footer(text=t("host.lobby.footer_house", loc, people=people, n=house))
        else:
            embed.set_footer(text=t("host.lobby.footer", loc, low=low, high=high))
        items = [GameButton(row.id, row.version, "join", label=t("host.btn.join", loc),
                            style=discord.ButtonStyle.success),
                 GameButton(row.id, row.version, "leave", label=t("host.btn.leave", loc)),
                 *([] if house else [GameButton(row.id, row.version, "addbot", label=t("host.btn.addbot", loc))]),
                 GameButton(row.id, row.version, "start", label=t("host.btn.start", loc),
                            style=discord.ButtonStyle.primary)]
        return {"embed": embed, "view": view_of(items)}

    def rules_command(self, game: str) -> str:
        """The game's how-to-play command: ``/<game> rules`` where its group has one, else
        ``/rules game:<game>`` (a group at Discord's subcommand limit has no room for it)."""
        group = self.bot.tree.get_command(game)
        own = isinstance(group, discord.app_commands.Group) and group.get_command("rules") is not None
        return f"/{game} rules" if own else f"/rules game:{game}"

    # -- deadlines -----------------------------------------------------------------------

    async def _remind(self, row: MatchRow) -> None:
        channel = cached_channel(self.bot, row.channel_id)
        if channel is None:
            return
        snap = snapshot(row)
        waiting = [s for s in snap.waiting if not row.seats[s].get("bot")]
        if not waiting:
            return
        try:
            await channel.send(
                t("host.reminder", row.locale, players=", ".join(self.seat_label(row, s) for s in waiting),
                  deadline=f"<t:{int(row.deadline_at)}:R>" if row.deadline_at is not None else "",
                  policy=t(f"host.policy.{row.timeout_policy}", row.locale)),
                allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException as error:
            log.warning("reminder for match %s failed: %s", row.id, error)
            return
        if row.id in self.unposted:  # the last board never arrived: show it with the reminder
            await self.repost(row)

    async def _expired(self, outcome: Outcome) -> None:
        row = outcome.match
        channel = cached_channel(self.bot, row.channel_id)
        late = outcome.moves[0].seat if outcome.moves else None
        if channel is not None and late is not None:
            try:
                await channel.send(t("host.timed_out", row.locale, player=self.seat_label(row, late),
                                     policy=t(f"host.policy.{row.timeout_policy}", row.locale)),
                                   allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as error:
                log.warning("timeout note for match %s failed: %s", row.id, error)
        await self.publish(outcome)


def move_words(ui: "GameUI", mine: SeatSnapshot, move: str, locale: str) -> str:
    """A move in words, as the game's menus name it (no notation): the UI's ``move_label``
    (cogs/ui.py), else its act label without the notation, else the notation itself."""
    label = getattr(ui, "move_label", None)
    if callable(label):
        return str(label(mine, move, locale))
    act = getattr(ui, "act_label", None)
    if callable(act):
        words = [part for part in str(act(mine, move, locale)).split(" — ") if part.strip() != move]
        if words:
            return " — ".join(words)
    return move


def is_admin(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


def seated(match: MatchRow | Snapshot, user_id: int) -> int:
    """The user's seat (a row and its snapshot list the same seats; ``gamehost.outcome.seat_of``
    is typed for rows only)."""
    for seat, info in enumerate(match.seats):
        if info.get("user_id") == user_id:
            return seat
    raise ServiceError("not_seated")


def host_of(client: discord.Client) -> Host:
    """The bot's Host: bot.py's GameBot makes it before it loads any cog."""
    host = getattr(client, "host", None)
    if not isinstance(host, Host):
        raise RuntimeError("the bot has no Host")
    return host
