"""Shared Discord plumbing for every game: errors, publishing boards, DMs and deadlines."""
from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING

import discord

from engine.base import IllegalAction
from gamehost.i18n import normalize_locale, t
from gamehost.service import MatchService, Outcome, ServiceError, seat_of
from gamehost.store import MatchRow, Store
from gamehost.timers import DeadlineScheduler
from cogs.items import GameButton, view_of

if TYPE_CHECKING:
    from cogs.ui import GameUI

log = logging.getLogger(__name__)

# Components any match shows; everything else is routed to the game's adapter.
LOBBY_VERBS = {"join", "leave", "addbot", "start"}


def locale_of(interaction: discord.Interaction) -> str:
    return normalize_locale(str(interaction.locale))


def error_text(error: Exception, locale: str) -> str:
    if isinstance(error, ServiceError):
        return t(f"host.err.{error.code}", locale, **error.params)
    if isinstance(error, IllegalAction):
        text = t(error.code, locale, **error.params) if error.code else error.message
        if text == error.code:
            text = error.message
        if error.legal:
            shown = ", ".join(f"`{a}`" for a in error.legal[:12])
            more = "" if len(error.legal) <= 12 else " …"
            text += "\n" + t("host.legal_were", locale, actions=shown + more)
        return text
    raise error


async def send_ephemeral(interaction: discord.Interaction, content: str = "", **kwargs) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


async def reply_error(interaction: discord.Interaction, error: Exception) -> None:
    await send_ephemeral(interaction, "⚠️ " + error_text(error, locale_of(interaction)))


class Host:
    """Owns the service and the deadline timers; publishes outcomes to Discord."""

    def __init__(self, bot: discord.Client, store: Store, service: MatchService):
        self.bot = bot
        self.store = store
        self.service = service
        self.uis: dict[str, GameUI] = {}
        self.scheduler = DeadlineScheduler(service.clock, self._remind, self._expire)

    def register(self, ui: "GameUI") -> None:
        self.uis[ui.game_id] = ui

    # -- components ----------------------------------------------------------------------

    async def on_component(self, interaction: discord.Interaction, match_id: int, version: int,
                           verb: str, arg: str, values: list[str]) -> None:
        locale = locale_of(interaction)
        try:
            row = await self.service.load(match_id)
            ui = self.uis[row.game]
            if row.status not in ("lobby", "active") and verb not in ui.fresh_verbs:
                raise ServiceError("not_active")
            if verb in LOBBY_VERBS:
                await self.lobby_component(interaction, row, verb)
                return
            if verb not in ui.fresh_verbs and version != row.version:
                await send_ephemeral(interaction, t("host.stale_board", locale))
                return
            await ui.on_component(interaction, row, verb, arg, values)
        except (ServiceError, IllegalAction) as error:
            await reply_error(interaction, error)

    async def lobby_component(self, interaction: discord.Interaction, row: MatchRow, verb: str) -> None:
        user = interaction.user
        if verb == "join":
            row = await self.service.join(row.channel_id, user.id, user.display_name)
        elif verb == "leave":
            row = await self.service.leave(row.channel_id, user.id)
        elif verb == "addbot":
            row = await self.service.add_bot(row.channel_id, user.id)
        elif verb == "start":
            outcome = await self.service.start(row.channel_id, user.id)
            await self.publish(outcome, interaction)
            return
        await interaction.response.send_message(**self.lobby_message(row))

    # -- lobby ---------------------------------------------------------------------------

    def lobby_message(self, row: MatchRow) -> dict:
        ui = self.uis[row.game]
        loc = row.locale
        low, high = self.service.seat_limits(row)
        lines = [t("host.lobby.seat", loc, n=i + 1, name=self.seat_label(row, i)) for i in range(len(row.seats))]
        lines += [t("host.lobby.open_seat", loc, n=i + 1) for i in range(len(row.seats), high)]
        embed = discord.Embed(title=t("host.lobby.title", loc, game=t(ui.title_key, loc)),
                              description="\n".join(lines), colour=discord.Colour.blurple())
        embed.add_field(name=t("host.lobby.options", loc), value=ui.options_summary(row, loc) or "-", inline=False)
        embed.add_field(name=t("host.lobby.pace", loc),
                        value=t(f"host.pace.{row.pace}", loc, minutes=row.decision_seconds // 60,
                                hours=row.decision_seconds // 3600) + " · "
                        + t(f"host.policy.{row.timeout_policy}", loc), inline=False)
        embed.set_footer(text=t("host.lobby.footer", loc, low=low, high=high))
        items = [GameButton(row.id, row.version, "join", label=t("host.btn.join", loc),
                            style=discord.ButtonStyle.success),
                 GameButton(row.id, row.version, "leave", label=t("host.btn.leave", loc)),
                 GameButton(row.id, row.version, "addbot", label=t("host.btn.addbot", loc)),
                 GameButton(row.id, row.version, "start", label=t("host.btn.start", loc),
                            style=discord.ButtonStyle.primary)]
        return {"embed": embed, "view": view_of(items)}

    def seat_label(self, row: MatchRow, seat: int) -> str:
        info = row.seats[seat]
        if info.get("bot"):
            return "🤖 " + info["name"]
        return f"<@{info['user_id']}>"

    # -- publishing ----------------------------------------------------------------------

    def board_message(self, row: MatchRow, narration: list[str]) -> dict:
        ui = self.uis[row.game]
        loc = row.locale
        embed = ui.board_embed(row, loc)
        if narration:
            text = "\n".join(narration)
            if len(text) > 3800:
                text = "…\n" + text[-3800:]
            embed.description = text
        png = ui.board_png(row, loc)
        embed.set_image(url="attachment://board.png")
        message = {"content": self.next_mentions(row), "embed": embed,
                   "file": discord.File(io.BytesIO(png), filename="board.png"),
                   "allowed_mentions": discord.AllowedMentions(users=True)}
        if row.status == "active":
            message["view"] = view_of(ui.board_items(row, loc))
        return message

    def next_mentions(self, row: MatchRow) -> str:
        loc = row.locale
        if row.status == "finished":
            winners = (row.result or {}).get("winners", [])
            names = ", ".join(self.seat_label(row, s) for s in winners if s < len(row.seats))
            return t("host.game_over", loc, winners=names or "-",
                     reason=t(f"host.reason.{(row.result or {}).get('reason', '')}", loc))
        waiting = sorted({p.seat for p in self.service.prompts(row) if p.seat < len(row.seats)})
        if not waiting:
            return ""
        deadline = f"<t:{int(row.deadline_at)}:R>" if row.deadline_at else ""
        return t("host.to_act", loc, players=", ".join(self.seat_label(row, s) for s in waiting),
                 deadline=deadline)

    async def publish(self, outcome: Outcome, interaction: discord.Interaction | None = None) -> None:
        """Post the new board and narration, DM whoever acts next, re-arm the deadline."""
        row = outcome.match
        ui = self.uis[row.game]
        narration = ui.narrate(row, [e for _, e in outcome.events], row.locale)
        message = self.board_message(row, narration)
        if interaction is not None and not interaction.response.is_done():
            await interaction.response.send_message(**message)
        else:
            channel = self.bot.get_channel(row.channel_id) or await self.bot.fetch_channel(row.channel_id)
            await channel.send(**message)
        self.arm(row)
        if row.status != "active":
            return
        actor = interaction.user.id if interaction is not None else None
        for seat in sorted({p.seat for p in outcome.prompts}):
            if seat >= len(row.seats) or row.seats[seat].get("bot"):
                continue
            if row.seats[seat]["user_id"] == actor:
                # the player is right here and keeps acting: a light text-only update
                await self.send_private(row, seat, interaction, ephemeral=True, image=False)
            elif outcome.prompted_changed:
                await self.send_private(row, seat)

    async def send_private(self, row: MatchRow, seat: int, interaction: discord.Interaction | None = None,
                           *, ephemeral: bool = False, image: bool = True) -> None:
        """A seat's private view: by DM, or ephemerally when asked for or when DMs are closed."""
        ui = self.uis[row.game]
        user_id = row.seats[seat]["user_id"]
        locale = (locale_of(interaction) if interaction is not None and interaction.user.id == user_id
                  else await self.store.locale(user_id) or row.locale)
        private = ui.private_message(row, seat, locale, image=image)
        kwargs = {"embed": private.embed}
        if private.png is not None:
            private.embed.set_image(url="attachment://hand.png")
            kwargs["file"] = discord.File(io.BytesIO(private.png), filename="hand.png")
        if private.view is not None:
            kwargs["view"] = private.view
        if ephemeral and interaction is not None:
            await send_ephemeral(interaction, **kwargs)
            return
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(**kwargs)
            if await self.store.dms_closed(user_id):
                await self.store.set_dms_closed(user_id, False)
        except (discord.Forbidden, discord.HTTPException):
            await self.store.set_dms_closed(user_id, True)
            if interaction is not None and interaction.user.id == user_id:
                await send_ephemeral(interaction, **kwargs)
            else:
                channel = self.bot.get_channel(row.channel_id)
                if channel is not None:
                    await channel.send(t("host.dms_closed", row.locale, user=f"<@{user_id}>"),
                                       allowed_mentions=discord.AllowedMentions(users=True))

    # -- deadlines -----------------------------------------------------------------------

    def arm(self, row: MatchRow) -> None:
        if row.status == "active" and row.deadline_at is not None:
            self.scheduler.arm(row.id, row.version, row.deadline_at, self.service.remind_at(row))
        else:
            self.scheduler.disarm(row.id)

    async def rearm_all(self) -> int:
        pending = await self.service.armed()
        for match_id, version, deadline, remind_at in pending:
            self.scheduler.arm(match_id, version, deadline, remind_at)
        return len(pending)

    async def _remind(self, match_id: int, version: int) -> None:
        row = await self.service.mark_reminded(match_id, version)
        if row is None:
            return
        channel = self.bot.get_channel(row.channel_id)
        if channel is None:
            return
        waiting = sorted({p.seat for p in self.service.prompts(row) if p.seat < len(row.seats)
                          and not row.seats[p.seat].get("bot")})
        if waiting:
            await channel.send(
                t("host.reminder", row.locale, players=", ".join(self.seat_label(row, s) for s in waiting),
                  deadline=f"<t:{int(row.deadline_at)}:R>",
                  policy=t(f"host.policy.{row.timeout_policy}", row.locale)),
                allowed_mentions=discord.AllowedMentions(users=True))

    async def _expire(self, match_id: int, version: int) -> None:
        outcome = await self.service.expire(match_id, version)
        if outcome is None:
            return
        row = outcome.match
        channel = self.bot.get_channel(row.channel_id)
        if channel is not None:
            late = outcome.moves[0].seat if outcome.moves else None
            if late is not None:
                await channel.send(t("host.timed_out", row.locale, player=self.seat_label(row, late),
                                     policy=t(f"host.policy.{row.timeout_policy}", row.locale)),
                                   allowed_mentions=discord.AllowedMentions.none())
        await self.publish(outcome)


def is_admin(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


def seated(row: MatchRow, user_id: int) -> int:
    seat = seat_of(row, user_id)
    if seat is None:
        raise ServiceError("not_seated")
    return seat
