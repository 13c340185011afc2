"""A seat's private view (its hand, its plans, what only it learned), by DM or ephemerally.

A DM goes only when what it tells changed since the last one (a digest of the seat's own part
of the view, kept across restarts in ``turn_store``), unless it carries news only this seat may
learn (a landmark's face). The digest is taken *before* drawing, so an unchanged view costs no
drawing. ``prefetch`` starts drawing the pictures a publish will DM while the public board is
being drawn (the render pool has a worker per core), so the DM does not wait for the board.
"""
from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
from typing import TYPE_CHECKING, Any

import discord

from gamehost.snapshot import Snapshot, snapshot
from gamehost.store import MatchRow
from gamehost.turn_store import private_digest, set_private_digest
from cogs.channels import cached_channel
from cogs.concurrently import together
from cogs.replies import locale_of, rewind_file, send_ephemeral
from gamehost.i18n import t

if TYPE_CHECKING:
    from discord.ext import commands

    from cogs.ui import GameUI
    from gamehost.service import MatchService
    from gamehost.workers import Renderer

log = logging.getLogger("cogs.host")

#: (match, seat, version, locale): a DM picture being drawn ahead of its send (``prefetch``)
PrefetchKey = tuple[int, int, int, str]


class PrivateViews:
    """Mixed into the host (cogs/host.py) beside its board posting."""

    bot: "commands.Bot | commands.AutoShardedBot"
    service: "MatchService"
    renderer: "Renderer"
    uis: dict[str, "GameUI"]
    private_sent: dict[tuple[int, int], str | None]  # (match, seat): digest of the last private DM
    prefetched: dict[PrefetchKey, "asyncio.Future[Any]"]
    told_dms_closed: set[tuple[int, int]]  # (match, user) told once that DMs are closed

    def init_private(self) -> None:
        self.prefetched = {}
        # the private message and its digest, built by prefetch: (key, True) to DM with its
        # picture, (key, False) the mover's own text-only update
        self.built: dict[tuple[PrefetchKey, bool], tuple[Any, str]] = {}
        self.told_dms_closed = set()

    async def private_locale(self, snap: Snapshot, seat: int,
                             interaction: discord.Interaction | None) -> str:
        user_id = snap.seats[seat]["user_id"]
        if interaction is not None and interaction.user.id == user_id:
            return locale_of(interaction)
        return await self.service.user_locale(user_id) or snap.locale

    async def prefetch(self, snap: Snapshot, seats: list[int], here: list[int] | None = None,
                       interaction: discord.Interaction | None = None) -> list[PrefetchKey]:
        """Build the private messages a publish will send while its board is drawn: the DMs of
        ``seats`` (starting to draw the pictures of those whose private view changed) and the
        text-only updates of the seats ``here`` (the mover's, answering ``interaction``). The
        keys of what was built; ``forget_prefetched`` drops what no send took."""
        keys: list[PrefetchKey] = []
        ui = self.uis[snap.game]
        for seat in here or ():
            locale = await self.private_locale(snap, seat, interaction)
            key = (snap.match_id, seat, snap.version, locale)
            self.built[(key, False)] = (ui.private_message(snap.for_seat(seat), locale, image=False), "")
            keys.append(key)
        for seat in seats:
            locale = await self.private_locale(snap, seat, None)
            key = (snap.match_id, seat, snap.version, locale)
            private = ui.private_message(snap.for_seat(seat), locale, image=True)
            digest = private_digest_of(snap, seat, private.embed, private.png_job is not None)
            self.built[(key, True)] = (private, digest)  # send_private takes it rather than building it again
            keys.append(key)
            if private.png_job is None or digest == await self.last_private(snap.match_id, seat):
                continue
            if key not in self.prefetched:
                self.prefetched[key] = self.renderer.start(private.png_job)
        return keys

    def forget_prefetched(self, keys: list[PrefetchKey]) -> None:
        for key in keys:
            self.built.pop((key, True), None)
            self.built.pop((key, False), None)
            task = self.prefetched.pop(key, None)
            if task is not None and not task.done():
                task.cancel()

    async def draw_private(self, job: Any, key: PrefetchKey | None) -> list[bytes]:
        """The seat's pictures: the prefetched drawing when there is one, else drawn now;
        none when drawing failed (the text goes alone)."""
        task = self.prefetched.pop(key, None) if key is not None else None
        try:
            drawn = await (task if task is not None else self.renderer.run(job))
        except Exception:
            log.exception("private render failed (%s)", key)
            return []
        return list(drawn) if isinstance(drawn, list) else [drawn]

    async def send_private(self, match: MatchRow | Snapshot, seat: int,
                           interaction: discord.Interaction | None = None,
                           *, ephemeral: bool = False, image: bool = True, news: bool = False) -> None:
        """A seat's private view: by DM, or ephemerally when asked for or when DMs are closed."""
        snap = match if isinstance(match, Snapshot) else snapshot(match)
        ui = self.uis[snap.game]
        locale = await self.private_locale(snap, seat, interaction)
        here = ephemeral and interaction is not None
        kind = True if image and not here else False if here and not image else None  # as prefetch built it
        built_key = (snap.match_id, seat, snap.version, locale)
        built = self.built.pop((built_key, kind), None) if kind is not None else None
        private = built[0] if built else ui.private_message(snap.for_seat(seat), locale, image=image)
        job = private.pages_job if here and private.pages_job else private.png_job
        digest = "" if here else built[1] if built else private_digest_of(snap, seat, private.embed, job is not None)
        if not here and not news and digest == await self.last_private(snap.match_id, seat):
            return  # the same picture (or text) as the last DM: nothing new to send, nothing drawn
        kwargs: dict[str, Any] = {"embed": private.embed}
        pngs: list[bytes] = []
        if job is not None:
            pngs = await self.draw_private(job, None if here else built_key)
            if pngs:  # plain attachments: Discord shows them large (an embed image is a thumbnail)
                kwargs["files"] = [discord.File(io.BytesIO(png), filename="hand.png" if n == 0 else f"page{n + 1}.png")
                                   for n, png in enumerate(pngs[:10])]
            elif not here:
                digest = private_digest_of(snap, seat, private.embed, False)
        if private.view is not None:
            kwargs["view"] = private.view
        if ephemeral and interaction is not None:
            await send_ephemeral(interaction, **kwargs)
            return
        await self.deliver_private(snap, seat, kwargs, digest, interaction)

    async def deliver_private(self, snap: Snapshot, seat: int, kwargs: dict[str, Any],
                              digest: str, interaction: discord.Interaction | None) -> None:
        """DM the view; when DMs are closed, ephemerally to its player if they are here, else a
        note in the channel (once per match)."""
        user_id = snap.seats[seat]["user_id"]
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(**kwargs)
            self.private_sent[(snap.match_id, seat)] = digest
            await together(self.service.set_dms_closed(user_id, False),
                           set_private_digest(self.service.store, snap.match_id, seat, digest))
            return
        except discord.Forbidden:
            # an everyday situation (the member closed DMs from server members), not an error
            log.info("DMs closed for user %s; private view of match %s shown another way", user_id, snap.match_id)
            await self.service.set_dms_closed(user_id, True)
            note = "host.dms_closed"
        except discord.HTTPException as error:
            log.warning("DM to user %s for match %s failed: %s", user_id, snap.match_id, error)
            note = "host.dm_failed"
        rewind_file(kwargs)
        if interaction is not None and interaction.user.id == user_id:
            await send_ephemeral(interaction, **kwargs)
            return
        if note == "host.dms_closed":  # said once per match: the private button stays on every board
            if (snap.match_id, user_id) in self.told_dms_closed:
                return
            self.told_dms_closed.add((snap.match_id, user_id))
        channel = cached_channel(self.bot, snap.channel_id)
        if channel is not None:
            try:
                await channel.send(t(note, snap.locale, user=f"<@{user_id}>"),
                                   allowed_mentions=discord.AllowedMentions(users=True))
            except discord.HTTPException as error:
                log.warning("closed-DM note for match %s failed: %s", snap.match_id, error)

    async def last_private(self, match_id: int, seat: int) -> str | None:
        """The digest of the private view last DMed to the seat (kept across restarts)."""
        key = (match_id, seat)
        if key not in self.private_sent:
            self.private_sent[key] = await private_digest(self.service.store, match_id, seat)
        return self.private_sent[key]


def private_part(mine: Any, public: Any, seat: int, seats: int) -> Any:
    """What a seat's view shows of its own that the public view does not (its hand, its
    plans): the seat's values where the two views differ, None where they agree. A list with
    one entry per seat (the players) counts only the seat's own entry: what it knows of the
    others' is told on the board and in the narration."""
    if isinstance(mine, dict) and isinstance(public, dict):
        return {k: private_part(v, public.get(k), seat, seats) for k, v in mine.items()
                if v != public.get(k)} or None
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        if len(mine) == seats and seats > 1 and all(isinstance(entry, dict) for entry in mine):
            return private_part(mine[seat], public[seat], seat, seats)
        parts = [private_part(a, b, seat, seats) for a, b in zip(mine, public)]
        return parts if any(p is not None for p in parts) else None
    return None if mine == public else mine


def private_digest_of(snap: Snapshot, seat: int, embed: discord.Embed, picture: bool) -> str:
    """What a private DM tells that nothing else does, as a digest. With a picture: what the
    seat's view holds beyond the public view (the board, the turn and the decision are in the
    channel's message already); without one: its text."""
    if picture:
        shown: Any = private_part(snap.for_seat(seat).view, snap.view, seat, len(snap.seats))
    else:
        shown = embed.to_dict()
    text = json.dumps(shown, sort_keys=True, ensure_ascii=False, default=str)
    return ("view:" if picture else "text:") + hashlib.sha256(text.encode()).hexdigest()
