"""A game adapter's defaults from the kit (README "Adding a game"): the board message's
embed and buttons, narration from the catalog, the private view and the Act menu
(cogs/act_menu.py). A game's UI subclasses :class:`KitUI`, sets ``game_id`` and
``title_key``, gives its picture (``board_job``) and overrides only what it words or shows
differently."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from gamehost.i18n import catalog, t
from gamehost.snapshot import SeatSnapshot, Snapshot
from gamehost.workers import RenderJob
from cogs.act_menu import ActMenu, clip
from cogs.items import GameButton, view_of
from cogs.ui import PrivateMessage

if TYPE_CHECKING:
    from cogs.host import Host


def words_of(params: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """An event's or prompt's parameters for the catalog: ``seat`` (and ``*_seat``) become the
    player's name; lists and dicts are left out."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, (list, dict)):
            continue
        if (key == "seat" or key.endswith("_seat")) and isinstance(value, int) and 0 <= value < len(names):
            out[key.removesuffix("_seat") if key != "seat" else "player"] = names[value]
        out[key] = value
    return out


class KitUI(ActMenu):
    game_id: str
    title_key: str
    fresh_verbs: set[str] = {"view", "menu"}
    colour = discord.Colour.blurple()

    def __init__(self, host: "Host"):
        self.host = host

    def seat_names(self, snap: Snapshot) -> list[str]:
        return snap.names

    def board_job(self, snap: Snapshot, locale: str) -> RenderJob:
        raise NotImplementedError("a game draws its own board")

    def board_embed(self, snap: Snapshot, locale: str) -> discord.Embed:
        embed = discord.Embed(title=t(self.title_key, locale) + f" · #{snap.match_id}", colour=self.colour)
        lines = [self.prompt_line(snap, p, locale) for p in snap.prompts]
        if lines:
            embed.description = "\n".join(lines)
        return embed

    def prompt_line(self, snap: Snapshot, prompt: Any, locale: str) -> str:
        names = self.seat_names(snap)
        return t(prompt.key, locale, player=names[prompt.seat] if prompt.seat < len(names) else "?",
                 **words_of(prompt.params, names))

    def board_items(self, snap: Snapshot, locale: str) -> list[discord.ui.Item]:
        if snap.status != "active":
            return []
        return [GameButton(snap.match_id, snap.version, "menu", label=t("host.btn.act", locale),
                           style=discord.ButtonStyle.primary, emoji="🎯"),
                GameButton(snap.match_id, snap.version, "view", label=t("host.btn.view", locale), emoji="🔒")]

    def head_label(self, mine: SeatSnapshot, head: str, moves: list[Any], locale: str) -> tuple[str, str]:
        """``<game>.verb.<verb>`` from the catalog, then the step's argument values."""
        words = head.split()
        key = f"{self.game_id}.verb.{words[0]}" if words else ""
        name = t(key, locale) if key and catalog().has(key) else (words[0] if words else head)
        return " · ".join([name, *words[1:]]), ""

    def arg_label(self, mine: SeatSnapshot, move: Any, index: int, locale: str) -> str:
        """An autocomplete label of argument ``index`` of a move (cogs/move_args.py)."""
        return str(move.args[index])

    def move_label(self, mine: SeatSnapshot, move: str, locale: str) -> str:
        """A move in notation in words."""
        return self.head_label(mine, move, [], locale)[0]

    def act_label(self, mine: SeatSnapshot, move: str, locale: str) -> str:
        """The autocomplete label of a move in notation (``/<game> act``): notation — words."""
        return f"{move} — {self.move_label(mine, move, locale)}"

    def narrate(self, snap: Snapshot, events: list, locale: str, moves: Any = ()) -> list[str]:
        """One sentence per public event: the catalog's ``<game>.ev.<kind>``."""
        names = self.seat_names(snap)
        return [t(f"{self.game_id}.ev.{e.kind}", locale, **words_of(e.params, names))
                for e in events if e.visible_to is None]

    def private_message(self, mine: SeatSnapshot, locale: str, *, image: bool = True) -> PrivateMessage:
        embed = discord.Embed(title=t(self.title_key, locale) + f" · #{mine.match.match_id}", colour=self.colour)
        lines = [self.prompt_line(mine.match, p, locale) for p in mine.prompts]
        embed.description = clip("\n".join(lines) or self.not_yours(mine.match, locale), 4000)
        items = self.decision_items(mine, locale)
        return PrivateMessage(embed=embed, view=view_of(items) if items else None)
