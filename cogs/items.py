"""Persistent components. Their custom IDs carry the match and the version they were drawn
for, so they keep working after a restart and politely refuse once the board moved on."""
from __future__ import annotations

import re
from typing import Any, Protocol, Self, Sequence, runtime_checkable

import discord

from cogs.served import open_for_work, serving

_FIELDS = r":(?P<match>\d+):(?P<version>\d+):(?P<verb>[a-z_]+)(?::(?P<arg>[^:]{0,60}))?"
BUTTON_TEMPLATE = "g" + _FIELDS  # buttons and selects need distinct templates: discord.py
SELECT_TEMPLATE = "s" + _FIELDS  # routes a custom ID to the first dynamic item that matches


def custom_id(kind: str, match_id: int, version: int, verb: str, arg: str = "") -> str:
    return f"{kind}:{match_id}:{version}:{verb}" + (f":{arg}" if arg else "")


def parse(custom: str | None) -> tuple[int, int, str, str]:
    m = re.fullmatch("[gs]" + _FIELDS, custom or "")
    if m is None:
        raise ValueError(f"not a game component's custom ID: {custom!r}")
    return int(m["match"]), int(m["version"]), m["verb"], m["arg"] or ""


@runtime_checkable
class ComponentRouter(Protocol):
    """What a pressed button or a picked menu option is handed to: the bot's host (cogs/host.py)."""

    async def on_component(self, interaction: discord.Interaction, match_id: int, version: int,
                           verb: str, arg: str, values: list[str]) -> None: ...


def router(client: discord.Client) -> ComponentRouter:
    """The bot's host (bot.py's GameBot makes it before any component can arrive)."""
    host = getattr(client, "host", None)
    if not isinstance(host, ComponentRouter):
        raise RuntimeError("the bot has no host to route components to")
    return host


class GameButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    def __init__(self, match_id: int, version: int, verb: str, *, label: str, arg: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, emoji: str | None = None,
                 row: int | None = None):
        super().__init__(discord.ui.Button(label=label, style=style, emoji=emoji,
                                           custom_id=custom_id("g", match_id, version, verb, arg)), row=row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> Self:
        if not isinstance(item, discord.ui.Button):  # discord.py rebuilds a button from a button
            raise TypeError(f"a game button's custom ID on a {type(item).__name__}")
        return cls(int(match["match"]), int(match["version"]), match["verb"], label=item.label or "",
                   arg=match["arg"] or "", style=item.style)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await open_for_work(interaction)

    async def callback(self, interaction: discord.Interaction) -> None:
        match_id, version, verb, arg = parse(self.item.custom_id)
        async with serving(interaction, match_id=match_id, verb=verb):
            await router(interaction.client).on_component(interaction, match_id, version, verb, arg, [])


class GameSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    def __init__(self, match_id: int, version: int, verb: str, *, options: list[discord.SelectOption],
                 placeholder: str, arg: str = "", min_values: int = 1, max_values: int = 1,
                 row: int | None = None):
        super().__init__(discord.ui.Select(custom_id=custom_id("s", match_id, version, verb, arg),
                                           options=options, placeholder=placeholder,
                                           min_values=min_values, max_values=max_values), row=row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> Self:
        if not isinstance(item, discord.ui.Select):  # discord.py rebuilds a menu from a menu
            raise TypeError(f"a game menu's custom ID on a {type(item).__name__}")
        return cls(int(match["match"]), int(match["version"]), match["verb"], options=item.options,
                   placeholder=item.placeholder or "", arg=match["arg"] or "",
                   min_values=item.min_values, max_values=item.max_values)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await open_for_work(interaction)

    async def callback(self, interaction: discord.Interaction) -> None:
        match_id, version, verb, arg = parse(self.item.custom_id)
        async with serving(interaction, match_id=match_id, verb=verb):
            await router(interaction.client).on_component(interaction, match_id, version, verb, arg,
                                                          list(self.item.values))


def view_of(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View | None:
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    if all(isinstance(item, discord.ui.DynamicItem) for item in items):
        # Routed by custom ID (bot.add_dynamic_items), so the view needs no listener. Sent
        # stopped, discord.py neither stores it nor starts the 15-minute timeout task it gives
        # every ephemeral message with a view (those sleeping tasks piled up per command).
        view.stop()
    return view
