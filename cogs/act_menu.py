"""The Act menu every game's adapter gets from the kit (README "Adding a game").

The board's **Act** button (and ``/<game> menu``) opens, privately, a select of the first
steps of the caller's legal moves (the engine's ``ActionInfo.head``); a step that is a whole
move is made at once, any other opens one more select of its endings (``ActionInfo.rest``).
A level of more than 25 options is paged (*More…*). Beside the select: **Continue** (the
engine's ``continue_action``) and **Default** (what a timeout would do). So every decision
is the Act click and at most two picks.

A game's UI class mixes :class:`ActMenu` in and may override the labels (``head_label``,
``rest_label``) and add special second steps (``special_items``: Empire vs Steppe's payment
multi-selects, Kingdom Rush's placement drill-down) or components (``on_game_component``).
Option values: ``=MOVE`` makes a move (a move over Discord's 100 characters travels as its
``cogs/move_args.token``), ``pN`` pages the first level, ``hN|HEAD`` opens (a page of) a head's
endings. A game whose ``fresh_verbs`` hold ``pick`` has a picked move judged against the match as
it is then (Kingdom Rush's simultaneous play), not against the menu's version. A choice that
went stale is refused like a move command's (``cogs/move_args.explained``): what can be done
now first.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from engine.base import ActionInfo, IllegalAction
from gamehost.i18n import catalog, t
from gamehost.service import Outcome, ServiceError
from gamehost.snapshot import SeatSnapshot, Snapshot
from cogs.host import locale_of, seated, send_ephemeral
from cogs.items import GameButton, GameSelect, view_of
from cogs.move_args import explained, token, untoken
from cogs.text_split import clip  # noqa: F401  (re-exported: labels cut at a word)

if TYPE_CHECKING:
    from cogs.host import Host

PAGE = 24         # options per select page (Discord allows 25; one is kept for "More…")
MAX_OPTIONS = 25  # Discord: options in one select
LIMIT = 100       # Discord: characters in an option's label or value


def stale(mine: SeatSnapshot, locale: str) -> IllegalAction:
    """A menu choice no longer possible (the match moved on since the menu was drawn): the
    refusal says first what can be done now, then why, then the legal moves (``explained``;
    the host replies with it privately)."""
    refusal = IllegalAction("host.err.stale_choice", "that choice is no longer possible", legal=mine.legal)
    return explained(refusal, mine, locale)


def page_of(options: list, page: int, *, full: bool = False) -> tuple[list, bool]:
    """One page of options (all of them when ``full``: they fit one select) and whether more follow."""
    if full:
        return list(options), False
    start = page * PAGE
    return list(options[start:start + PAGE]), len(options) > start + PAGE


class ActMenu:
    """The shared Act menu, Continue and Default; see the module docstring."""

    host: "Host"
    game_id: str
    fresh_verbs: set[str]
    choose_key = "host.menu.choose"   # the first level's placeholder
    done_key = "host.menu.done"       # the note to a move made from a DM (``Host.act_and_show``)
    default_key = "host.btn.default"  # the Default button
    not_yours_key = "host.menu.not_your_decision"  # {players}: whom the match waits for
    must_choose_key = "host.menu.must_choose"      # Continue with nothing to continue: {moves}

    # -- what a game may override ------------------------------------------------------------

    def seat_of(self, snap: Snapshot, seat: int) -> SeatSnapshot:
        return SeatSnapshot(snap, seat)

    def head_label(self, mine: SeatSnapshot, head: str, moves: list[ActionInfo], locale: str) -> tuple[str, str]:
        """A first-level entry's label and description (default: the notation)."""
        return head, ""

    def rest_label(self, mine: SeatSnapshot, move: ActionInfo, locale: str) -> str:
        """A second-level entry's label: the words after the first step (default: notation)."""
        return move.rest or move.text

    def special_items(self, mine: SeatSnapshot, locale: str, head: str,
                      moves: list[ActionInfo]) -> list[discord.ui.Item] | None:
        """A game's own second step for ``head`` instead of one select of endings, or None."""
        return None

    def continue_label(self, mine: SeatSnapshot, locale: str) -> str:
        """The Continue button's words for the move it makes (``<game>.btn.continue.<verb>``)."""
        move = mine.continue_move or ""
        key = f"{self.game_id}.btn.continue.{move.split()[0]}" if move else ""
        return t(key, locale) if key and catalog().has(key) else t("host.btn.continue", locale)

    async def on_game_component(self, interaction: discord.Interaction, snap: Snapshot, mine: SeatSnapshot,
                                verb: str, arg: str, values: list[str]) -> None:
        """A component only this game has (default: none)."""
        raise ServiceError("not_allowed")

    # -- the menu ---------------------------------------------------------------------------

    def heads(self, mine: SeatSnapshot) -> dict[str, list[ActionInfo]]:
        out: dict[str, list[ActionInfo]] = {}
        for move in mine.moves:
            out.setdefault(move.head or move.text, []).append(move)
        return out

    def menu_items(self, mine: SeatSnapshot, locale: str, page: int = 0) -> list[discord.ui.Item]:
        """The first level: each first step of a legal move (a whole move is made at once)."""
        snap = mine.match
        options = []
        for head, moves in self.heads(mine).items():
            label, detail = self.head_label(mine, head, moves, locale)
            value = ("=" + token(moves[0].text)) if len(moves) == 1 else f"h0|{head}"
            options.append(discord.SelectOption(label=clip(label, LIMIT), value=value[:LIMIT],
                                                description=clip(detail, LIMIT) if detail else None))
        if not options:
            return []
        shown, more = page_of(options, page)
        if more:
            shown.append(discord.SelectOption(label=t("host.menu.more", locale), value=f"p{page + 1}"))
        return [GameSelect(snap.match_id, snap.version, "pick", options=shown,
                           placeholder=t(self.choose_key, locale))]

    def rest_items(self, mine: SeatSnapshot, locale: str, head: str, page: int = 0) -> list[discord.ui.Item]:
        """The second level: the endings of the moves starting with ``head``."""
        snap = mine.match
        moves = self.heads(mine).get(head, [])
        if not moves:
            return []
        special = self.special_items(mine, locale, head, moves)
        if special is not None:
            return special
        label, _ = self.head_label(mine, head, moves, locale)
        options = [discord.SelectOption(label=clip(self.rest_label(mine, m, locale), LIMIT),
                                        value=("=" + token(m.text))[:LIMIT]) for m in moves]
        shown, more = page_of(options, page, full=len(options) <= MAX_OPTIONS)
        if more:
            shown.append(discord.SelectOption(label=t("host.menu.more", locale), value=f"h{page + 1}|{head}"[:LIMIT]))
        return [GameSelect(snap.match_id, snap.version, "pick", options=shown, placeholder=clip(label + " …", 150))]

    def decision_items(self, mine: SeatSnapshot, locale: str) -> list[discord.ui.Item]:
        """The menu, Continue (when there is something to continue) and Default."""
        if not mine.legal:
            return []
        snap = mine.match
        items = self.menu_items(mine, locale)
        if mine.continue_move:
            items.append(GameButton(snap.match_id, snap.version, "next", label=self.continue_label(mine, locale),
                                    emoji="⏭️"))
        items.append(GameButton(snap.match_id, snap.version, "auto", label=t(self.default_key, locale), emoji="🤖"))
        return items

    # -- components ---------------------------------------------------------------------------

    async def on_component(self, interaction: discord.Interaction, snap: Snapshot, verb: str, arg: str,
                           values: list[str]) -> None:
        mine = self.seat_of(snap, seated(snap, interaction.user.id))
        if verb == "view":
            await self.host.send_private(snap, mine.seat, interaction, ephemeral=True)
        elif verb == "menu":
            await self.show_menu(interaction, mine)
        elif verb == "pick":
            await self.pick(interaction, mine, values[0])
        elif verb == "next":
            await self.continue_(interaction, mine, expected_version=snap.version)
        elif verb == "auto":
            await self.default_(interaction, mine)
        else:
            await self.on_game_component(interaction, snap, mine, verb, arg, values)

    async def show_menu(self, interaction: discord.Interaction, mine: SeatSnapshot) -> None:
        locale = locale_of(interaction)
        items = self.decision_items(mine, locale)
        if not items:
            await send_ephemeral(interaction, self.not_yours(mine.match, locale))
            return
        await send_ephemeral(interaction, t("host.menu.title", locale), view=view_of(items))

    async def pick(self, interaction: discord.Interaction, mine: SeatSnapshot, value: str) -> None:
        """A menu option: make the move, or open the next level (or page)."""
        locale = locale_of(interaction)
        if value.startswith("="):
            move = untoken(value[1:], mine.legal)
            if move is None:
                raise stale(mine, locale)
            fresh = "pick" in self.fresh_verbs   # judged against the match as it is now
            await self.make_move(interaction, mine, move, expected_version=None if fresh else mine.match.version)
            return
        items = self.next_items(mine, locale, value)
        if not items:
            raise stale(mine, locale)
        await send_ephemeral(interaction, t("host.menu.title", locale), view=view_of(items))

    def next_items(self, mine: SeatSnapshot, locale: str, value: str) -> list[discord.ui.Item]:
        """What a non-move option opens: a page of the first level or a head's endings."""
        if value.startswith("p"):
            return self.menu_items(mine, locale, int(value[1:] or 0))
        if value.startswith("h"):
            page, _, head = value[1:].partition("|")
            return self.rest_items(mine, locale, head, int(page or 0))
        return []

    async def continue_(self, interaction: discord.Interaction, mine: SeatSnapshot, *,
                        expected_version: int | None = None) -> None:
        """What Continue does, or say privately why it cannot."""
        if mine.continue_move is None:
            await send_ephemeral(interaction, "⚠️ " + self.no_continue(mine, locale_of(interaction)))
            return
        await self.make_move(interaction, mine, mine.continue_move, expected_version=expected_version)

    async def default_(self, interaction: discord.Interaction, mine: SeatSnapshot) -> None:
        """Default: what a timeout would choose for the caller now."""
        if not mine.prompted:
            await send_ephemeral(interaction, "⚠️ " + self.not_yours(mine.match, locale_of(interaction)))
            return
        await self.make_move(interaction, mine, mine.default_move(), expected_version=mine.match.version)

    def not_yours(self, snap: Snapshot, locale: str) -> str:
        return t(self.not_yours_key, locale,
                 players=", ".join(snap.names[s] for s in snap.waiting) or "-")

    def no_continue(self, mine: SeatSnapshot, locale: str) -> str:
        if not mine.legal:
            return self.not_yours(mine.match, locale)
        shown = ", ".join(f"`{m}`" for m in mine.legal[:8]) + (" …" if len(mine.legal) > 8 else "")
        return t(self.must_choose_key, locale, moves=shown)

    # -- acting ---------------------------------------------------------------------------------

    async def make_move(self, interaction: discord.Interaction, mine: SeatSnapshot, move: str, *,
                        expected_version: int | None = None, confirmed: bool = False) -> Outcome | None:
        """Apply one move and show its result to whoever should see it (``Host.act_and_show``)."""
        return await self.host.act_and_show(interaction, mine, move, done_key=self.done_key,
                                            expected_version=expected_version, confirmed=confirmed)
