"""Answering an interaction: the private "thinking…" placeholder, private replies, and the
small helpers every message sender shares (re-exported by cogs/host.py)."""
from __future__ import annotations

import logging
from typing import Any

import discord

from gamehost.i18n import normalize_locale

log = logging.getLogger("cogs.host")

PENDING = "pending"  # interaction.extras["ack"]: a private "thinking…" placeholder awaits its content


def locale_of(interaction: discord.Interaction) -> str:
    return normalize_locale(str(interaction.locale))


async def acknowledge(interaction: discord.Interaction) -> None:
    """Answer Discord at once with a private "thinking…" placeholder, before any real work.

    The placeholder later becomes the private reply (an error, the player's private update)
    or is removed; boards are posted to the channel as messages of their own.
    """
    if interaction.response.is_done():
        return
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)
        interaction.extras["ack"] = PENDING
    except discord.HTTPException as error:
        log.warning("could not acknowledge interaction %s: %s", interaction.id, error)


def edit_kwargs(kwargs: dict[str, Any]) -> dict[str, Any]:
    """A message's send arguments as edit arguments (its files replace the attachments)."""
    edit = {k: v for k, v in kwargs.items() if k in ("content", "embed", "embeds", "view", "allowed_mentions")}
    if "file" in kwargs:
        edit["attachments"] = [kwargs["file"]]
    elif "files" in kwargs:
        edit["attachments"] = list(kwargs["files"])
    return edit


def rewind_file(message: dict[str, Any]) -> None:
    """A discord.File is read when sent; rewind it so a retry sends the whole image."""
    for file in [message["file"]] if message.get("file") is not None else list(message.get("files") or ()):
        file.reset()


async def send_ephemeral(interaction: discord.Interaction, content: str = "", **kwargs: Any) -> bool:
    """A reply only the user sees; False (and a log line) if Discord refused it."""
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(content, ephemeral=True, **kwargs)
        elif interaction.extras.get("ack") == PENDING:
            try:
                edit = {k: v for k, v in edit_kwargs(kwargs).items() if k != "content"}
                await interaction.edit_original_response(content=content or None, **edit)
            except discord.HTTPException:
                rewind_file(kwargs)
                await interaction.followup.send(content, ephemeral=True, **kwargs)  # stays PENDING
                return True
            interaction.extras["ack"] = "done"
        else:
            await interaction.followup.send(content, ephemeral=True, **kwargs)
        return True
    except discord.HTTPException as error:
        log.warning("could not send a private reply to interaction %s: %s", interaction.id, error)
        return False


async def note_in_reply(interaction: discord.Interaction, content: str) -> bool:
    """``content`` as the words of the acknowledged reply: its placeholder filled, or, when a
    private update filled it already, written above that update (its embed and buttons stay);
    a follow-up when Discord refuses the edit. False (and a log line) if nothing got through."""
    if interaction.extras.get("ack") == "done":
        try:
            await interaction.edit_original_response(content=content)
            return True
        except discord.HTTPException as error:
            log.info("could not add a note to interaction %s's reply: %s", interaction.id, error)
    return await send_ephemeral(interaction, content)


async def settle_ack(interaction: discord.Interaction | None) -> None:
    """Remove a private placeholder that nothing filled (the board said it all)."""
    if interaction is None or interaction.extras.get("ack") != PENDING:
        return
    interaction.extras["ack"] = "done"
    try:
        await interaction.delete_original_response()
    except discord.HTTPException as error:
        log.info("could not remove the placeholder of interaction %s: %s", interaction.id, error)
