"""/match log: a match's moves as the asker may see them, each with its narrated sentence,
for an open match or a finished one. Long logs come whole as a text file."""
from __future__ import annotations

import asyncio
import io

import discord

from cogs.text_split import clip
from gamehost.i18n import t
from gamehost.review import review_steps
from gamehost.snapshot import snapshot
from gamehost.store import MatchRow

INLINE_LIMIT = 1900  # characters shown in the reply itself (Discord allows 2,000)
TAIL_LINES = 12      # the latest moves shown in the reply when the whole log is attached


def review_lines(host, row: MatchRow, log: list, shown: list, locale: str) -> list[str]:
    """``12. Alice: play ember_drake top — Alice plays Ember Drake in the top lane.`` per move."""
    ui = host.uis[row.game]
    lines = []
    for step in review_steps(row, log, shown):
        entry = step.entry
        snap = snapshot(step.after)
        names = ui.seat_names(snap)
        who = names[entry.seat] if entry.seat is not None and entry.seat < len(names) else "-"
        tag = "" if entry.kind == "action" else f" ({t('host.by.' + entry.kind, locale)})"
        said = " ".join(ui.narrate(snap, step.events, locale, moves=[step.entry]))
        lines.append(f"{entry.seq}. {who}: {entry.action}{tag}" + (f" — {said}" if said else ""))
    return lines


def latest_lines(lines: list[str], budget: int) -> list[str]:
    """The last of ``lines`` that fit in ``budget`` characters, whole (one line at least, cut
    at a word with "…" if it alone is too long): never a line's middle."""
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        if kept and used + len(line) + 1 > budget:
            break
        kept.append(clip(line, budget) if not kept else line)
        used += len(kept[-1]) + 1
    return kept[::-1]


async def review_message(host, row: MatchRow, viewer_user_id: int, locale: str) -> dict:
    """The private reply to /match log: the moves inline when they fit, else the latest ones
    inline and the whole log attached."""
    shown = await host.service.log_for(row, viewer_user_id)
    if not shown:
        return {"content": t("host.log.empty", locale)}
    log = await host.service.log(row.id)
    lines = await asyncio.to_thread(review_lines, host, row, log, shown, locale)
    title = t("host.log.title", locale, game=t(host.uis[row.game].title_key, locale), id=row.id,
              status=t(f"host.log.status.{row.status}", locale), moves=len(lines))
    text = "\n".join(lines)
    if len(title) + len(text) + 2 <= INLINE_LIMIT:
        return {"content": f"{title}\n{text}"}
    budget = INLINE_LIMIT - len(title) - 200
    tail_lines = latest_lines(lines[-TAIL_LINES:], budget)
    tail = "\n".join(tail_lines)
    note = t("host.log.attached", locale, shown=len(tail_lines), moves=len(lines))
    file = discord.File(io.BytesIO(f"{title}\n{text}\n".encode()), filename=f"match-{row.id}-log.txt")
    return {"content": f"{title}\n{note}\n{tail}", "file": file}
