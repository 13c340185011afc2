"""Storage of the living board messages and of the private views last DMed (the tables of
migration 0009, gamehost/db/schema.py). Functions over a ``Store``; SQL only.

``turn_posts``: per match, how its board is posted (``mode``: ``turn``, one message per
turn edited as the turn goes on, or ``move``, a new message per move) and the current turn
message: its id, the seats it was posted for, the narration told in it so far (and how many
earlier lines no longer fit) and when it was posted (Discord caps edits of messages older
than an hour). ``private_sent``: a digest of the last private view DMed to each seat, so an
unchanged one is not sent again (also after a restart)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from gamehost.store import Store

BOARD_MODES = ("turn", "move")
#: options every game's matches take, beside the engine's schema (kept in ``turn_posts``)
HOST_OPTIONS: dict[str, dict] = {"board": {"choices": list(BOARD_MODES), "default": BOARD_MODES[0]}}
#: narration lines kept per turn message (older ones are counted in ``dropped``)
KEPT_LINES = 400


@dataclass
class TurnPost:
    """A match's current board message, as cogs/board_post.py keeps it."""

    match_id: int
    mode: str = "turn"
    message_id: int | None = None
    owners: tuple[int, ...] = ()      # the seats the message was posted (and pinged) for
    narration: list[str] = field(default_factory=list)
    dropped: int = 0                  # earlier lines of this turn no longer kept
    posted_at: float | None = None

    def told(self, lines: list[str]) -> None:
        """Add ``lines`` to the turn's narration, keeping the latest ``KEPT_LINES``."""
        self.narration.extend(lines)
        extra = len(self.narration) - KEPT_LINES
        if extra > 0:
            del self.narration[:extra]
            self.dropped += extra


async def turn_post(store: Store, match_id: int) -> TurnPost:
    rows = await store._all("SELECT mode, message_id, owners, narration, dropped, posted_at FROM turn_posts "
                            "WHERE match_id=?", (match_id,))
    if not rows:
        return TurnPost(match_id)
    mode, message_id, owners, narration, dropped, posted_at = rows[0]
    return TurnPost(match_id, mode, message_id, tuple(json.loads(owners)), json.loads(narration), dropped,
                    posted_at)


async def save_turn_post(store: Store, post: TurnPost) -> None:
    await store._write_bookkeeping(
        "INSERT INTO turn_posts (match_id, mode, message_id, owners, narration, dropped, posted_at) "
        "VALUES (?,?,?,?,?,?,?) ON CONFLICT(match_id) DO UPDATE SET mode=excluded.mode, "
        "message_id=excluded.message_id, owners=excluded.owners, narration=excluded.narration, "
        "dropped=excluded.dropped, posted_at=excluded.posted_at",
        (post.match_id, post.mode, post.message_id, json.dumps(list(post.owners)),
         json.dumps(post.narration, ensure_ascii=False), post.dropped, post.posted_at))


async def set_board_mode(store: Store, match_id: int, mode: str) -> None:
    if mode not in BOARD_MODES:
        raise ValueError(mode)
    await store._write("INSERT INTO turn_posts (match_id, mode) VALUES (?, ?) "
                       "ON CONFLICT(match_id) DO UPDATE SET mode=excluded.mode", (match_id, mode))


async def private_digest(store: Store, match_id: int, seat: int) -> str | None:
    rows = await store._all("SELECT digest FROM private_sent WHERE match_id=? AND seat=?", (match_id, seat))
    return rows[0][0] if rows else None


async def set_private_digest(store: Store, match_id: int, seat: int, digest: str) -> None:
    await store._write_bookkeeping("INSERT INTO private_sent (match_id, seat, digest) VALUES (?,?,?) "
                       "ON CONFLICT(match_id, seat) DO UPDATE SET digest=excluded.digest", (match_id, seat, digest))
