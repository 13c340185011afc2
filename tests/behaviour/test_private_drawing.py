"""Private pictures cost no more than they must (cogs/private_views.py): a DM picture is drawn
while the public board is (prefetched, a render worker each), and a private view that reads as
the last DM sent is neither sent nor drawn. Through SimCord, on a Clash duel."""
from __future__ import annotations

import pytest

from gamehost.snapshot import snapshot
from tests.behaviour.helpers import moved, prompted_actor
from tests.behaviour.test_living_message import card_to_play, duel

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def record_drawings(bot) -> list[tuple[str, str]]:
    """("start" | "end", drawing function) for every picture the host draws from now on
    (``Renderer.start`` submits a job at once; ``run`` goes through it)."""
    events: list[tuple[str, str]] = []
    renderer = bot.host.renderer
    start = renderer.start

    def recorded(job):
        name = job[0].__name__
        events.append(("start", name))
        future = start(job)
        future.add_done_callback(lambda _: events.append(("end", name)))
        return future

    renderer.start = recorded
    return events


def record_shown(bot, events: list[tuple[str, str]]) -> None:
    """("shown", "board") when the host shows a board (posts or edits its turn message)."""
    host = bot.host
    show_turn = host.show_turn

    async def recorded(*args, **kwargs):
        events.append(("shown", "board"))
        return await show_turn(*args, **kwargs)

    host.show_turn = recorded


async def test_the_next_players_hand_is_drawn_while_the_board_is(world):
    """The board starts drawing as soon as the move is computed (while it is saved), the next
    player's hand before the board is shown: neither waits for the other's drawing to end."""
    await duel(world)
    _row, _seat, actor, _notation = await card_to_play(world)
    events = record_drawings(world.bot)
    record_shown(world.bot, events)
    assert moved(await actor.slash(world.channel, "clash end"))
    _row, _seat, next_actor = await prompted_actor(world)
    assert next_actor is not actor and next_actor.user.dm_channel.history(), "the hand went by DM"
    names = [name for when, name in events if when == "start"]
    assert names.count("board_png") == 1 and names.count("private_png") == 1, events
    assert events.index(("start", "board_png")) < events.index(("start", "private_png")), events
    assert events.index(("start", "private_png")) < events.index(("shown", "board")), \
        f"the hand waited for the board to be shown: {events}"


async def test_a_moves_board_starts_drawing_before_the_move_is_saved_and_once(world):
    """The board of a move starts drawing as soon as the move is computed, before its commit
    is written (MatchService.act's ``computed``), and publish takes that drawing: one board
    drawn per move."""
    await duel(world)
    _row, _seat, actor, _notation = await card_to_play(world)
    events = record_drawings(world.bot)
    service = world.bot.host.service
    save = service._save

    async def recorded(*args, **kwargs):
        events.append(("commit", "match"))
        return await save(*args, **kwargs)

    service._save = recorded
    assert moved(await actor.slash(world.channel, "clash end"))
    assert events.index(("start", "board_png")) < events.index(("commit", "match")), events
    assert [name for when, name in events if when == "start"].count("board_png") == 1, events


async def test_an_unchanged_private_view_is_neither_sent_nor_drawn(world):
    await duel(world)
    row, seat, actor = await prompted_actor(world)
    other = 1 - seat
    member = world.users[row.seats[other]["user_id"]]
    snap = snapshot(await world.match())
    await world.bot.host.send_private(snap, other)  # whatever was last sent, this view is sent now
    dms = len(member.user.dm_channel.history())
    events = record_drawings(world.bot)
    await world.bot.host.send_private(snap, other)
    assert events == [], "the same view again: nothing drawn"
    assert len(member.user.dm_channel.history()) == dms, "and nothing sent"
    await world.bot.host.send_private(snap, other, news=True)
    assert [name for when, name in events if when == "start"] == ["private_png"], "news goes, drawn"
    assert len(member.user.dm_channel.history()) == dms + 1
