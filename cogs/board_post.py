"""Posting a match's public board: one living message per turn.

The board is a plain image attachment beside the embed (Discord shows an attachment inline,
up to 550 px wide, where an embed image is a 400 × 300 thumbnail). Moves within one turn
edit that turn's message (board, the turn's narration so far, buttons); a new message,
mentioning who must act, is posted only when someone who was not waiting must act now,
when the decision went to someone else and came back (bots, a timeout), when the match
ended, or when the turn message is older than ``TURN_MESSAGE_AGE`` (Discord caps edits of
messages older than an hour). The superseded message is edited to lose its buttons. A
match created with ``board=move`` posts a new message per move instead (the old way).

An edit refused with 429 is retried after the limit's delay; any other refusal (30046, the
edit cap, among them) falls back to a new post, so no move is ever left unshown. What the
turn message is (its id, who it was posted for, the narration told in it, when) is kept in
``turn_posts`` (gamehost/turn_store.py) and read again after a restart.
"""
from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
import re
from typing import TYPE_CHECKING, Any, Awaitable, Callable

import discord
from discord.ext import commands

from engine.base import Event
from gamehost.i18n import t
from gamehost.service import MatchService, Outcome
from gamehost.snapshot import Snapshot, snapshot
from gamehost.store import MatchRow
from gamehost.turn_store import TurnPost, save_turn_post, set_board_mode, turn_post
from gamehost.workers import Renderer
from cogs.channels import match_channel
from cogs.concurrently import together
from cogs.items import view_of
from cogs.replies import edit_kwargs, locale_of, note_in_reply, rewind_file, settle_ack
from cogs.text_split import clip

if TYPE_CHECKING:
    from cogs.ui import GameUI

log = logging.getLogger("cogs.host")

TURN_MESSAGE_AGE = 55 * 60  # seconds: an older turn message is replaced, not edited
EDIT_CAPPED = 30046         # Discord: too many edits of a message older than an hour
RATE_LIMITED = 429
EDIT_TRIES = 5              # a 429 is retried this many times, then the board is posted anew
DEFAULT_RETRY_AFTER = 1.0   # seconds, when the refusal does not say
DESCRIPTION_ROOM = 4000     # of an embed description's 4,096 characters
EMBED_ROOM = 5900           # of an embed's 6,000 characters in all
NOTE_ROOM = 160             # kept free for the "earlier lines" note
BOARD_FILE = "board.png"


def retry_after(error: discord.HTTPException) -> float:
    """The rate limit's delay, from the refusal's headers (discord.py keeps no body field)."""
    headers = getattr(error.response, "headers", None) or {}
    for name in ("Retry-After", "X-RateLimit-Reset-After"):
        try:
            return max(0.0, float(headers[name]))
        except (KeyError, TypeError, ValueError):
            continue
    return DEFAULT_RETRY_AFTER


def told(lines: list[str], dropped: int, room: int, locale: str) -> str:
    """The turn's narration in at most ``room`` characters: whole lines, the latest ones,
    after a note counting the earlier ones left out (``/match log`` has them all)."""
    text = "\n".join(lines)
    if not dropped and len(text) <= room:
        return text
    kept: list[str] = []
    used = NOTE_ROOM
    for line in reversed(lines):
        if used + len(line) + 1 > room:
            break
        kept.append(line)
        used += len(line) + 1
    kept.reverse()
    if not kept and lines:  # one line longer than the room: its start, cut at a word
        kept = [clip(lines[-1], room - NOTE_ROOM)]
    hidden = dropped + len(lines) - len(kept)
    return "\n".join([t("host.narration.earlier", locale, n=hidden), *kept] if hidden else kept)


class BoardPosting:
    """The Host's public board posts (cogs/host.py mixes this in)."""

    bot: commands.Bot | commands.AutoShardedBot  # bot.py's GameBot is sharded
    service: MatchService
    renderer: Renderer
    uis: dict[str, "GameUI"]
    unposted: set[int]  # matches whose latest board could not be posted
    turns: dict[int, TurnPost]  # the turn message of each match, as last shown
    shown_versions: dict[int, int]  # the match version each turn message was last shown for, here
    posting: dict[int, asyncio.Lock]  # one board post or edit at a time per match
    pause: Callable[[float], Awaitable[None]]  # waits out a rate limit (tests record it)
    private_sent: dict[tuple[int, int], str | None]  # (match, seat): digest of the last private DM

    def init_posting(self) -> None:
        self.unposted = set()
        self.turns = {}
        self.shown_versions = {}
        self.posting = {}
        self.pause = asyncio.sleep
        self.private_sent = {}

    async def send_private(self, match: MatchRow | Snapshot, seat: int,
                           interaction: discord.Interaction | None = None,
                           *, ephemeral: bool = False, image: bool = True, news: bool = False) -> None:
        raise NotImplementedError  # cogs/private_views.py

    async def prefetch(self, snap: Snapshot, seats: list[int], here: list[int] | None = None,
                       interaction: discord.Interaction | None = None) -> list[tuple[int, int, int, str]]:
        raise NotImplementedError  # cogs/private_views.py

    def forget_prefetched(self, keys: list[tuple[int, int, int, str]]) -> None:
        raise NotImplementedError  # cogs/private_views.py

    # -- words -----------------------------------------------------------------------------

    def winner_label(self, snap: Snapshot, seat: int) -> str:
        """A seated player, or a seat the game adds itself (the rulebook AI of a solo game)."""
        if seat < len(snap.seats):
            return self.seat_label(snap, seat)
        extra = self.uis[snap.game].seat_names(snap)
        return ("🤖 " + extra[seat]) if seat < len(extra) else "🤖"

    def seat_label(self, match: MatchRow | Snapshot, seat: int) -> str:
        info = match.seats[seat]
        if info.get("bot"):
            return "🤖 " + info["name"]
        return f"<@{info['user_id']}>"

    def next_mentions(self, snap: Snapshot) -> str:
        loc = snap.locale
        if snap.status == "finished":
            words = getattr(self.uis.get(snap.game), "result_words", None)  # a co-operative game's own words
            if words is not None:
                return "🏁 " + words(snap.result or {}, loc)
            winners = (snap.result or {}).get("winners", [])
            reason = t(f"host.reason.{(snap.result or {}).get('reason', '')}", loc)
            if not winners:
                return t("host.game_over_draw", loc, reason=reason)
            names = ", ".join(self.winner_label(snap, s) for s in winners)
            return t("host.game_over", loc, winners=names, reason=reason)
        if not snap.waiting:
            return ""
        deadline = f"<t:{int(snap.deadline_at)}:R>" if snap.deadline_at else ""
        return t("host.to_act", loc, players=", ".join(self.seat_label(snap, s) for s in snap.waiting),
                 deadline=deadline)

    # -- the message -------------------------------------------------------------------------

    def start_drawing(self, snap: Snapshot) -> "asyncio.Future[bytes]":
        """Start drawing the public board in the render pool: the words, buttons and private
        messages that go with it are built while a worker draws."""
        return self.renderer.start(self.uis[snap.game].board_job(snap, snap.locale))

    async def board_message(self, snap: Snapshot, narration: list[str],
                            png_out: list[bytes] | None = None, dropped: int = 0,
                            drawing: "asyncio.Future[bytes] | None" = None) -> dict[str, Any]:
        """The board post: narration, the PNG (drawn off the event loop; ``drawing`` when
        ``start_drawing`` started it already) as an attachment, buttons, mentions.
        ``png_out`` receives the PNG's bytes, for followers' copies; ``dropped`` counts
        earlier lines of the narration no longer kept."""
        ui = self.uis[snap.game]
        loc = snap.locale
        drawing = drawing if drawing is not None else self.start_drawing(snap)
        try:
            embed = ui.board_embed(snap, loc)
            if narration or dropped:
                room = min(DESCRIPTION_ROOM, EMBED_ROOM - (len(embed) - len(embed.description or "")))
                embed.description = told(narration, dropped, max(room, NOTE_ROOM * 2), loc)
            message: dict[str, Any] = {"content": self.next_mentions(snap), "embed": embed,
                                       "allowed_mentions": discord.AllowedMentions(users=True)}
            if snap.status == "active":
                message["view"] = view_of(ui.board_items(snap, loc))
        except BaseException:
            drawing.cancel()
            raise
        try:
            png = await drawing
        except Exception:  # a broken drawing must not hide the move: post the text without it
            log.exception("board render failed for match %s", snap.match_id)
        else:
            message["file"] = discord.File(io.BytesIO(png), filename=BOARD_FILE)
            if png_out is not None:
                png_out.append(png)
        return message

    # -- publishing ------------------------------------------------------------------------

    async def publish(self, outcome: Outcome, interaction: discord.Interaction | None = None, *,
                      early: "EarlyDrawing | None" = None) -> None:
        """Show a committed outcome: the board in the channel, private views to whoever acts.

        The move is already saved and its deadline armed (the service did both in the
        commit), so nothing here may claim otherwise: a post that fails is retried, then
        falls back, then is logged, and ``/match status`` shows the board again.
        """
        row = outcome.match
        taken = early.take(row) if early is not None else None
        # one public view and one set of prompts for everything below; the board is drawn
        # (started while the move was saved, when it could be) while the words, buttons and
        # DMs are built
        snap, drawing = taken if taken is not None else (snapshot(row), None)
        drawing = drawing if drawing is not None else self.start_drawing(snap)
        prefetched: list[tuple[int, int, int, str]] = []
        followers = asyncio.ensure_future(self.service.followers(snap.match_id))  # read while drawing
        try:
            ui = self.uis[row.game]
            narration = ui.narrate(snap, [e for _, e in outcome.events if e.visible_to is None], row.locale,
                                   moves=outcome.moves)
            actor = interaction.user.id if interaction is not None else None
            dms, news = self.private_targets(snap, outcome, actor)
            here = [seat for seat in snap.waiting if row.status == "active" and not row.seats[seat].get("bot")
                    and row.seats[seat]["user_id"] == actor]
            # the DM pictures are drawn while the board is (a worker each); sent after the board
            prefetched = await self.prefetch(snap, sorted(set(dms) | set(news)), here, interaction)
            # the player is right here and keeps acting: a light text-only update, sent while
            # the board is drawn (it needs nothing of the board; a round trip not waited for)
            answered = asyncio.ensure_future(self.answer_mover(snap, here, interaction))
            drawn: list[bytes] = []
            try:
                async with self.posting_lock(row.id):
                    post = await self.turn_of(row.id, row.version)
                    fresh = self.new_turn(post, snap, outcome)
                    message, shown = await self.turn_message(snap, post, narration, fresh, drawn, drawing)
                    posted = await self.show_turn(row, snap, post, shown, message, fresh, interaction)
            finally:
                await answered  # never left running behind a failure
            # after the board, at once: the followers' copies, the note when the board could not
            # be shown and each other seat's DMs (one seat's in order), none waiting on another's
            # round trip
            await together(self.tell_followers(snap, message, drawn[0] if drawn else None, await followers),
                           self.note_board_failed(posted, interaction),
                           *(self.send_privates(snap, seat, seat in dms, seat in news)
                             for seat in sorted(set(dms) | set(news))))
        finally:
            drawing.cancel()  # already taken unless something above failed
            followers.cancel()
            self.forget_prefetched(prefetched)
        await settle_ack(interaction)

    async def answer_mover(self, snap: Snapshot, here: list[int], interaction: discord.Interaction | None) -> None:
        for seat in here:
            await self.send_private(snap, seat, interaction, ephemeral=True, image=False)

    @staticmethod
    async def note_board_failed(posted: bool, interaction: discord.Interaction | None) -> None:
        if not posted and interaction is not None:  # said first in the acknowledged reply
            await note_in_reply(interaction, t("host.board_failed", locale_of(interaction)))

    async def send_privates(self, snap: Snapshot, seat: int, view: bool, news: bool) -> None:
        """One seat's DMs after a move: its new private view, then what only it learned."""
        if view:
            await self.send_private(snap, seat)
        if news:
            await self.send_private(snap, seat, news=True)

    def private_targets(self, snap: Snapshot, outcome: Outcome, actor: int | None) -> tuple[list[int], list[int]]:
        """The seats to DM after this outcome: whoever must act now and is not here (when the
        question changed), and, with news, each seat that alone learned something."""
        row = outcome.match
        if row.status != "active":
            return [], []
        people = [s for s in snap.waiting if not row.seats[s].get("bot")]
        answered = {s for s in people if row.seats[s]["user_id"] == actor}  # their view comes here
        dms = [s for s in people if s not in answered] if outcome.prompted_changed else []
        # what only one seat learned (a landmark it peeked at, a relic it drew) goes to that
        # seat alone, by DM (the engine marks such events visible_to that seat), even when its
        # private view reads as before; the player just answered here gets it too (a peek's
        # answer waits in the DM), unless the event only repeats what their move said
        news = sorted({e.visible_to for _, e in outcome.events if e.visible_to is not None
                       and not (e.visible_to in answered and echoes(e, outcome))})
        return dms, [s for s in news if s < len(row.seats) and not row.seats[s].get("bot")]

    def posting_lock(self, match_id: int) -> asyncio.Lock:
        lock = self.posting.get(match_id)
        if lock is None:
            lock = self.posting[match_id] = asyncio.Lock()
        return lock

    async def turn_of(self, match_id: int, version: int | None = None) -> TurnPost:
        """The match's turn message as this process last showed it; read from the store again
        when ``version`` (about to be shown) does not follow the version shown here last:
        another process may have posted meanwhile (a deadline it fired, gamehost/leases.py), and
        sent DMs: what was last DMed is read again too."""
        post = self.turns.get(match_id)
        if post is None or (version is not None and self.shown_versions.get(match_id) != version - 1):
            stale = [key for key in self.private_sent if key[0] == match_id] if post is not None else []
            for key in stale:
                del self.private_sent[key]
            post = self.turns[match_id] = await turn_post(self.service.store, match_id)
        return post

    async def set_board_mode(self, match_id: int, mode: str) -> None:
        """A new match's ``board`` option (stored only when it is not the default)."""
        self.turns[match_id] = TurnPost(match_id, mode)
        if mode != TurnPost.mode:
            await set_board_mode(self.service.store, match_id, mode)

    def board_mode_words(self, row: MatchRow) -> str:
        """The ``board`` option in words for the lobby, when it is not the default."""
        post = self.turns.get(row.id)
        if post is None or post.mode == TurnPost.mode:
            return ""
        return f"{t('host.option.board', row.locale)}: {t(f'host.option.board.{post.mode}', row.locale)}"

    def new_turn(self, post: TurnPost, snap: Snapshot, outcome: Outcome) -> bool:
        """Whether this outcome starts a new turn message (see the module docstring)."""
        if post.mode == "move" or post.message_id is None or snap.status != "active" or not snap.waiting:
            return True
        if set(snap.waiting) - set(post.owners):  # someone must act who was not waiting: ping them
            return True
        if any(move.kind in ("bot", "timeout") for move in outcome.moves):  # it went round
            return True
        return post.posted_at is None or self.service.clock() - post.posted_at > TURN_MESSAGE_AGE

    async def turn_message(self, snap: Snapshot, post: TurnPost, narration: list[str], fresh: bool,
                           drawn: list[bytes], drawing: "asyncio.Future[bytes] | None" = None,
                           ) -> tuple[dict[str, Any], TurnPost]:
        """The message to show and the turn as it will be once shown (``post`` is left as it is)."""
        shown = dataclasses.replace(post, narration=[] if fresh else list(post.narration),
                                    dropped=0 if fresh else post.dropped)
        shown.told(narration)
        message = await self.board_message(snap, shown.narration, drawn, dropped=shown.dropped, drawing=drawing)
        return message, shown

    async def show_turn(self, row: MatchRow, snap: Snapshot, post: TurnPost, shown: TurnPost,
                        message: dict[str, Any], fresh: bool, interaction: discord.Interaction | None) -> bool:
        """Edit the turn message, or post a new one (and take the old one's buttons). True
        when the board reached Discord."""
        if not fresh and post.message_id is not None:
            # the turn is saved while the edit goes (a refused edit is posted anew and saved again)
            remembered = asyncio.ensure_future(self.remember_turn(row, shown))
            try:
                edited = await self.edit_message(row, post.message_id, message)
            finally:
                await remembered
            if edited:
                self.unposted.discard(row.id)
                return True
            log.info("board of match %s not edited: posted anew", row.id)
        posted = await self.post_board(row, message, interaction)
        if posted is None:
            return False
        shown.owners, shown.posted_at = tuple(snap.waiting), self.service.clock()
        shown.message_id = None if posted is True else getattr(posted, "id", None)
        steps: list[Awaitable[Any]] = [self.remember_turn(row, shown)]
        if post.message_id is not None and post.message_id != shown.message_id and post.mode != "move":
            # the new turn is saved while the superseded message loses its buttons
            steps.append(self.edit_message(row, post.message_id, {"view": None}, board=False))
        await together(*steps)
        return True

    async def remember_turn(self, row: MatchRow, post: TurnPost) -> None:
        if row.status != "active":  # nothing more to edit or DM: forget it here (the rows stay stored)
            self.turns.pop(row.id, None)
            self.shown_versions.pop(row.id, None)
            self.posting.pop(row.id, None)
            for seat in range(len(row.seats)):
                self.private_sent.pop((row.id, seat), None)
        else:
            self.turns[row.id], self.shown_versions[row.id] = post, row.version
        await save_turn_post(self.service.store, post)  # (the match row's board_message_id stays the lobby's)

    async def edit_message(self, row: MatchRow, message_id: int, message: dict[str, Any], *,
                           board: bool = True) -> bool:
        """Edit one of the match's messages; a 429 is waited out and tried again. False when
        Discord refused it otherwise (or kept refusing): the caller posts anew."""
        kwargs = edit_kwargs(message)
        if board:
            kwargs.setdefault("view", None)  # a finished match's board has no buttons
            kwargs.setdefault("attachments", [])  # a board that could not be drawn: no stale picture
        for attempt in range(1, EDIT_TRIES + 1):
            try:
                channel = await match_channel(self.bot, row.channel_id)
                await channel.get_partial_message(message_id).edit(**kwargs)
                return True
            except discord.HTTPException as error:
                rewind_file(message)
                if error.status == RATE_LIMITED and attempt < EDIT_TRIES:
                    delay = retry_after(error)
                    log.info("edit of match %s's message rate limited: again in %.1f s", row.id, delay)
                    await self.pause(delay)
                    continue
                level = logging.INFO if error.code == EDIT_CAPPED else logging.WARNING
                log.log(level, "edit of match %s's message %s refused: %s", row.id, message_id, error)
                return False
        return False

    async def repost(self, row: MatchRow) -> None:
        """The board again as a new turn message (the last one never reached the channel)."""
        snap = snapshot(row)
        async with self.posting_lock(row.id):
            post = await self.turn_of(row.id)
            shown = dataclasses.replace(post, narration=list(post.narration))
            message = await self.board_message(snap, shown.narration, dropped=shown.dropped)
            await self.show_turn(row, snap, post, shown, message, True, None)

    async def tell_followers(self, snap: Snapshot, message: dict[str, Any], png: bytes | None,
                             followers: list[int]) -> None:
        """The public board, by DM, to everyone following the match (/match follow)."""
        for user_id in followers:
            kwargs: dict[str, Any] = {"content": f"<#{snap.channel_id}>", "embed": message["embed"].copy()}
            if png is not None:
                kwargs["file"] = discord.File(io.BytesIO(png), filename=BOARD_FILE)
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                await user.send(**kwargs)
            except discord.HTTPException as error:
                log.info("board for follower %s of match %s not sent: %s", user_id, snap.match_id, error)

    async def post_board(self, row: MatchRow, message: dict[str, Any],
                         interaction: discord.Interaction | None = None) -> discord.Message | bool | None:
        """Post a board: as the interaction's reply when it is still open, else (or when that
        fails) to the match's channel, tried twice. The message (True when the reply's
        message could not be read back) when it reached Discord, else None."""
        if interaction is not None and not interaction.response.is_done():
            try:
                await interaction.response.send_message(**message)
                self.unposted.discard(row.id)
            except discord.HTTPException as error:
                log.warning("board reply for match %s failed (%s); posting to the channel", row.id, error)
                rewind_file(message)
            else:
                try:
                    return await interaction.original_response()
                except discord.HTTPException:
                    return True
        for attempt in (1, 2):
            try:
                channel = await match_channel(self.bot, row.channel_id)
                posted = await channel.send(**message)
                self.unposted.discard(row.id)
                return posted
            except discord.HTTPException as error:
                log.warning("board post for match %s failed (attempt %d): %s", row.id, attempt, error)
                rewind_file(message)
        self.unposted.add(row.id)
        return None


class EarlyDrawing:
    """A move's board, drawing from the moment the service has computed the move while the
    move is being saved (``MatchService.act``'s ``computed``). ``publish`` takes it for that
    very row; a move judged again (its row was stale) starts again on the new row."""

    def __init__(self, posting: BoardPosting):
        self.posting = posting
        self.row: MatchRow | None = None
        self.started: tuple[Snapshot, "asyncio.Future[bytes]"] | None = None

    def start(self, row: MatchRow) -> None:
        self.cancel()
        snap = snapshot(row)
        self.row, self.started = row, (snap, self.posting.start_drawing(snap))

    def take(self, row: MatchRow) -> tuple[Snapshot, "asyncio.Future[bytes]"] | None:
        """The snapshot and drawing of ``row`` if they were started for it as it is now."""
        started, self.started = self.started, None
        if started is None or self.row is not row or started[0].version != row.version \
                or started[0].status != row.status:
            if started is not None:
                started[1].cancel()
            return None
        return started

    def cancel(self) -> None:
        if self.started is not None:
            self.started[1].cancel()
            self.started = None


def echoes(event: Event, outcome: Outcome) -> bool:
    """Whether a private event only repeats what its seat's own move said (the card it staged,
    the policy it set): every value it carries, bar the seat, is a word of that move. A
    landmark's face or a drawn relic is news: the move did not name it."""
    said = {word for move in outcome.moves if move.seat == event.visible_to
            for word in re.split(r"[\s:,=|]+", move.action) if word}
    values: list[Any] = []
    for name, value in event.params.items():
        if name != "seat":
            values.extend(value if isinstance(value, (list, tuple)) else [value])
    return bool(said) and all(str(value) in said for value in values)
