"""A rematch: after a match ends, a new lobby in the same channel with the same game,
options, pace, board setting (one message per turn or per move) and seats, so the players
only press Start."""
from __future__ import annotations

from gamehost.outcome import ServiceError, seat_of
from gamehost.store import MatchRow
from gamehost.turn_store import TurnPost, set_board_mode, turn_post


async def rematch(service, *, channel_id: int, guild_id: int | None, user_id: int, user_name: str) -> MatchRow:
    """The new lobby; the asker (who must have played) creates it and the others keep their
    seats, in the old order around the asker."""
    previous = await service.store.latest_match_in_channel(channel_id)
    if previous is None or previous.status in ("lobby", "active"):
        raise ServiceError("no_rematch")
    if seat_of(previous, user_id) is None:
        raise ServiceError("not_seated")
    row = await service.create(guild_id=guild_id, channel_id=channel_id, creator_id=user_id, creator_name=user_name,
                               game=previous.game, options=previous.options, pace=previous.pace,
                               timeout_policy=previous.timeout_policy, locale=previous.locale,
                               decision_seconds=previous.decision_seconds)
    board = (await turn_post(service.store, previous.id)).mode  # the host's own option (gamehost/turn_store.py)
    if board != TurnPost.mode:
        await set_board_mode(service.store, row.id, board)
    for seat in previous.seats:
        if seat.get("house"):  # the game's own seats come again at the start (gamehost/house_seats.py)
            continue
        if seat.get("bot"):
            row = await service.add_bot(channel_id, user_id)
        elif seat.get("user_id") != user_id:
            row = await service.join(channel_id, seat["user_id"], seat["name"])
    return row
