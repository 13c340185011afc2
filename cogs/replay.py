"""/match replay: step through a match move by move (first / back / forward / last, or
straight to move N), each step showing the public board of that position, the move as the
viewer may see it and its narrated sentence. Only the public view is ever drawn, so a replay
of an ongoing match shows nothing hidden; the notation is the viewer's own log
(``MatchService.log_for``), in which the engine reveals what its rules make public."""
from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from gamehost.i18n import t
from gamehost.review import position_at
from gamehost.snapshot import snapshot
from gamehost.store import MatchRow
from cogs.items import GameButton, view_of

REPLAY_VERB = "replay"  # component verb; its arg is the move number to show


async def replay_message(host, row: MatchRow, viewer_user_id: int, move: int | None,
                         locale: str) -> dict[str, Any]:
    """The private replay message at ``move`` (default: the last one), with its buttons."""
    shown = await host.service.log_for(row, viewer_user_id)
    log = await host.service.log(row.id)
    stored = await host.service.snapshots(row.id)
    total = len(log)
    move = total if move is None else max(0, min(move, total))
    ui = host.uis[row.game]

    def build():
        at, step = position_at(row, log, shown, move, stored)
        snap = snapshot(at)
        said = ui.narrate(snap, step.events, locale, moves=[step.entry]) if step is not None else []
        function, kwargs = ui.board_job(snap, locale)
        return snap, step, said, (function, kwargs)

    snap, step, said, job = await asyncio.to_thread(build)
    title = t("host.replay.title", locale, game=t(ui.title_key, locale), id=row.id, n=move, total=total)
    embed = discord.Embed(title=title)
    if step is None:
        embed.description = t("host.replay.start", locale)
    else:
        names = ui.seat_names(snap)
        seat = step.entry.seat
        who = names[seat] if seat is not None and seat < len(names) else "-"
        embed.description = f"**{move}. {who}:** `{step.entry.action}`" + ("\n" + "\n".join(said) if said else "")
    message: dict[str, Any] = {"embed": embed, "view": view_of(_buttons(row, move, total, locale))}
    try:
        png = await host.renderer.run(job)
    except Exception:  # the text still tells the move
        return message
    # a plain attachment beside the embed: Discord shows it large (an embed image is a thumbnail)
    message["file"] = discord.File(io.BytesIO(png), filename="replay.png")
    return message


def _buttons(row: MatchRow, move: int, total: int, locale: str) -> list[discord.ui.Item[Any]]:
    targets = [("⏮", 0, "host.replay.first"), ("◀", move - 1, "host.replay.back"),
               ("▶", move + 1, "host.replay.forward"), ("⏭", total, "host.replay.last")]
    items: list[discord.ui.Item[Any]] = []
    used = {move}
    for emoji, target, key in targets:
        if 0 <= target <= total and target not in used:  # one button per move (custom IDs are unique)
            used.add(target)
            items.append(GameButton(row.id, 0, REPLAY_VERB, arg=str(target), label=t(key, locale), emoji=emoji))
    return items
