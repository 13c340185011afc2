"""When Discord refuses a send: the game's truth is the database, never the message.

Each test injects one kind of Discord failure (SimCord ``inject_error``) around a Clash duel
move and checks what people are left with: the move saved exactly once, its deadline armed
(so the match can never wait forever), no false "nothing was changed", and the board reaching
the channel one way or another (a retry, a fallback, ``/match status``, the next reminder).
"""
from __future__ import annotations

import asyncio
import logging

import pytest

from cogs.items import parse
from engine.clash import GAME
from tests.behaviour.helpers import button_ids, finish_setup, last_board, moved, prompted_actor
from tests.games.clash.behaviour.test_play import create_duel

NOTHING_CHANGED = "nothing was changed"
BOARD_SAVED_NOTE = "Your move was saved"
LIVE_SECONDS = 600  # LIVE_DECISION_MINUTES=10 in the behaviour conftest
REMINDER_AFTER = LIVE_SECONDS * 0.75


# -- helpers ----------------------------------------------------------------------------------

def boards(channel) -> list:
    return [m for m in channel.history() if any(a.filename == "board.png" for a in m.attachments)]


def board_version(message) -> int:
    return parse(next(iter(button_ids(message).values())))[1]


def texts_of(message) -> list[str]:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
    return parts


def everything_said(world, *results) -> str:
    """Every text anyone could read: channel, DMs, and the interactions' private replies."""
    parts = []
    for message in world.channel.history():
        parts += texts_of(message)
    for member in (world.alice, world.bob):
        for message in member.user.dm_channel.history():
            parts += texts_of(message)
    for result in results:
        replies = ([result.response] if result.response is not None else []) + list(result.followups)
        for reply in replies:
            parts += texts_of(reply)
    return "\n".join(parts)


def assert_deadline_armed(world, row) -> None:
    armed = world.service.deadlines.armed.get(row.id)
    assert armed is not None, f"match {row.id} has no armed deadline: it would wait forever"
    assert armed[:2] == (row.version, row.deadline_at)
    assert row.deadline_at is not None and row.deadline_at > world.env.now().timestamp()


async def duel_in_play(world):
    await create_duel(world)
    return await finish_setup(world)


async def log_size(world, match_id) -> int:
    return len(await world.service.log(match_id))


async def actor_with_a_card_to_play(world):
    """The prompted player once they have a card they can play (ending turns until then)."""
    for _ in range(6):
        row, seat, actor = await prompted_actor(world)
        plays = [GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)]
        plays = [a for a in plays if a.startswith("play ")]
        if plays:
            return row, seat, actor, plays[0]
        assert moved(await actor.slash(world.channel, "clash end"))
    raise AssertionError("nobody could play a card")


async def play_card(world, actor, notation):
    _verb, card, *rest = notation.split(" ", 2)
    return await actor.slash(world.channel, "clash play", card=card, where=rest[0] if rest else "")


# -- the board post after a move ------------------------------------------------------------

async def test_board_post_failing_once_is_retried_and_the_move_stands(world):
    """POST to the channel fails once (500) right after a move: the move is saved once, its
    deadline is armed, the retry puts the new board in the channel, nobody reads "nothing was
    changed", and the match is not left marked as unposted."""
    await duel_in_play(world)
    row, seat, actor = await prompted_actor(world)
    shown = len(boards(world.channel))
    logged = await log_size(world, row.id)
    world.env.inject_error("POST", "/channels/*/messages", status=500, times=1)

    result = await actor.slash(world.channel, "clash end")

    after = await world.match()
    assert after.version == row.version + 1 and await log_size(world, row.id) == logged + 1
    assert moved(result)
    assert_deadline_armed(world, after)
    assert len(boards(world.channel)) == shown + 1
    assert board_version(last_board(world.channel)) == after.version
    assert after.id not in world.bot.host.unposted
    assert NOTHING_CHANGED not in everything_said(world, result)


async def test_board_post_failing_twice_tells_the_truth_and_status_and_the_reminder_show_it(world):
    """POST to the channel fails twice (500): the board cannot be posted. The move is still
    saved once and its deadline armed; the player is told privately that the move was saved
    (never "nothing was changed"); ``/match status`` shows the new board, and the next
    reminder posts it to the channel again (``host.unposted``)."""
    await duel_in_play(world)
    row, seat, actor = await prompted_actor(world)
    shown = len(boards(world.channel))
    logged = await log_size(world, row.id)
    world.env.inject_error("POST", "/channels/*/messages", status=500, times=2)

    result = await actor.slash(world.channel, "clash end")

    after = await world.match()
    assert after.version == row.version + 1 and await log_size(world, row.id) == logged + 1
    assert_deadline_armed(world, after)
    assert len(boards(world.channel)) == shown  # both attempts failed
    assert after.id in world.bot.host.unposted
    said = everything_said(world, result)
    assert NOTHING_CHANGED not in said
    assert BOARD_SAVED_NOTE in said, "the player was not told their move was saved"

    _row, _seat, next_actor = await prompted_actor(world)
    status = await next_actor.slash(world.channel, "match status")
    assert status.response is not None and status.response.ephemeral
    assert any(a.filename == "board.png" for a in status.response.attachments)
    assert board_version(status.response.message) == after.version

    await world.env.advance_time(REMINDER_AFTER + 5)
    assert any("your decision is due" in m.content for m in world.channel.history())
    assert len(boards(world.channel)) == shown + 1, "the reminder did not bring the missing board"
    assert board_version(last_board(world.channel)) == after.version
    assert after.id not in world.bot.host.unposted


# -- the interaction acknowledgement --------------------------------------------------------

@pytest.mark.parametrize("status, times", [(500, 1), (429, 1), (500, 2)])
async def test_acknowledgement_failing_applies_the_move_once_and_says_nothing_false(world, status, times):
    """The interaction callback (the private "thinking…" acknowledgement) fails: the command
    still runs, the move is applied exactly once, the board reaches the channel, and nobody is
    told "nothing was changed". Pressing the same board button again (what a person does when
    Discord shows "interaction failed") is refused as already done, never applied twice."""
    await duel_in_play(world)
    row, seat, actor = await prompted_actor(world)
    board = last_board(world.channel)
    shown = len(boards(world.channel))
    logged = await log_size(world, row.id)
    world.env.inject_error("POST", "/interactions/*/callback", status=status, times=times)
    # the press again comes before Discord shows the old board without its buttons
    world.env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=None)

    first = await actor.click(board, label="End turn")

    after = await world.match()
    assert after.version == row.version + 1 and await log_size(world, row.id) == logged + 1
    assert_deadline_armed(world, after)
    assert len(boards(world.channel)) == shown + 1
    assert board_version(last_board(world.channel)) == after.version

    again = await actor.click(board, label="End turn")
    world.env.backend.faults.clear()
    assert (await world.match()).version == after.version
    assert await log_size(world, row.id) == logged + 1
    assert again.response is not None and "Already done" in again.response.content
    assert NOTHING_CHANGED not in everything_said(world, first)


@pytest.mark.parametrize("status", [500, 429])
async def test_acknowledgement_failing_on_a_typed_command_applies_it_once(world, status):
    """The same for a slash command: its acknowledgement fails, the move applies once, and
    the same command typed again right away (its double) does not apply a second time."""
    await duel_in_play(world)
    row, seat, actor = await prompted_actor(world)
    logged = await log_size(world, row.id)
    world.env.inject_error("POST", "/interactions/*/callback", status=status, times=1)

    first = await actor.slash(world.channel, "clash end")
    again = await actor.slash(world.channel, "clash end")

    after = await world.match()
    assert after.version == row.version + 1 and await log_size(world, row.id) == logged + 1
    assert_deadline_armed(world, after)
    assert again.response is not None and again.response.content.startswith("⚠️")
    assert NOTHING_CHANGED not in everything_said(world, first)


# -- DMs ----------------------------------------------------------------------------------------

async def test_a_dm_failing_with_500_falls_back_and_play_continues(world):
    """The next player's private view cannot be DMed (500): the move stands, the channel
    gets the fallback note pointing to "My hand", their DMs are not marked closed (it was
    Discord's error, not their setting), and the next player carries on normally."""
    await duel_in_play(world)
    row, seat, actor = await prompted_actor(world)
    waiting = world.alice if actor is world.bob else world.bob
    logged = await log_size(world, row.id)
    world.env.inject_error("POST", f"/channels/{waiting.user.dm_channel.id}/messages", status=500, times=1)
    dms_before = len(waiting.user.dm_channel.history())

    result = await actor.slash(world.channel, "clash end")

    after = await world.match()
    assert moved(result) and after.version == row.version + 1
    assert await log_size(world, row.id) == logged + 1
    assert_deadline_armed(world, after)
    assert len(waiting.user.dm_channel.history()) == dms_before
    assert any(waiting.mention in m.content and "My hand" in m.content for m in world.channel.history()), \
        "no fallback for the private view"
    assert not await world.service.store.dms_closed(waiting.id)
    _row, _seat, next_actor = await prompted_actor(world)
    assert next_actor is waiting
    hand = await waiting.click(last_board(world.channel), label="My hand")
    assert hand.ephemeral and hand.response.embeds
    assert moved(await waiting.slash(world.channel, "clash end"))
    assert NOTHING_CHANGED not in everything_said(world, result)


async def test_closed_dms_fall_back_quietly_and_log_no_error(world, caplog):
    """The next player has closed DMs (403, code 50007, every time): play goes on turn after
    turn, the fallback note is posted once (not again on every turn: the private button is on
    every board), the setting is remembered, and nothing is logged at ERROR level (a closed DM
    is an everyday situation, not a failure)."""
    caplog.set_level(logging.INFO)
    await duel_in_play(world)
    row, seat, actor = await prompted_actor(world)
    waiting = world.alice if actor is world.bob else world.bob
    world.env.inject_error("POST", f"/channels/{waiting.user.dm_channel.id}/messages", status=403,
                           code=50007, message="Cannot send messages to this user", times=None)
    dms_before = len(waiting.user.dm_channel.history())

    for _ in range(4):
        row, seat, current = await prompted_actor(world)
        assert moved(await current.slash(world.channel, "clash end"))
        if (await world.match()).status != "active":
            break
    after = await world.match()
    assert after.version == row.version + 1 or after.status != "active"
    assert len(waiting.user.dm_channel.history()) == dms_before
    notes = [m for m in world.channel.history() if "DMs are closed" in m.content and waiting.mention in m.content]
    assert len(notes) == 1
    assert await world.service.store.dms_closed(waiting.id)
    errors = [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == []


# -- private replies ------------------------------------------------------------------------

async def test_the_movers_private_update_goes_while_the_board_is_drawn(world, monkeypatch):
    """The acting player keeps the turn: their text-only private update (PATCH @original)
    needs nothing of the board, so it is sent while the board is drawn (here a slow drawing),
    before the turn's message is edited; on Discord the two round trips overlap instead of
    queueing."""
    await duel_in_play(world)
    row, seat, actor, notation = await actor_with_a_card_to_play(world)
    host = world.bot.host
    drawing = type(host).start_drawing

    async def slowly(drawn):
        png = await drawn
        await asyncio.sleep(0.2)
        return png

    monkeypatch.setattr(host, "start_drawing", lambda snap: asyncio.ensure_future(slowly(drawing(host, snap))))
    before = len(world.env.http_requests)

    result = await play_card(world, actor, notation)

    assert (await world.match()).version == row.version + 1
    calls = [(c.method, c.path) for c in world.env.http_requests[before:]]
    private = next(i for i, (method, path) in enumerate(calls)
                   if method == "PATCH" and path.endswith("/messages/@original"))
    board = next(i for i, (method, path) in enumerate(calls)
                 if path.startswith("/channels/") and "/messages" in path and method in ("PATCH", "POST"))
    assert private < board, calls
    assert NOTHING_CHANGED not in everything_said(world, result)


async def test_the_private_update_failing_leaves_no_false_message_and_no_endless_thinking(world):
    """The acting player keeps the turn after playing a card, so their private update goes
    into the acknowledged reply (PATCH @original), and that edit fails (500). The card is
    played once, the board is posted, nobody reads "nothing was changed", and the player is
    not left with a "thinking…" placeholder that never resolves (Discord would eventually
    call it a failure)."""
    await duel_in_play(world)
    row, seat, actor, notation = await actor_with_a_card_to_play(world)
    logged = await log_size(world, row.id)
    shown = len(boards(world.channel))
    world.env.inject_error("PATCH", "/webhooks/*/messages/@original", status=500, times=1)

    result = await play_card(world, actor, notation)

    after = await world.match()
    assert after.version == row.version + 1 and await log_size(world, row.id) == logged + 1
    assert (await world.service.log(row.id))[-1].action == notation
    assert_deadline_armed(world, after)
    assert len(boards(world.channel)) == shown, "the player keeps the turn: its message is edited"
    assert board_version(last_board(world.channel)) == after.version
    assert NOTHING_CHANGED not in everything_said(world, result)
    placeholder = result.response
    assert placeholder is None or not placeholder.flags.loading, (
        "the acknowledged reply was left as an endless 'thinking…' placeholder")


async def test_the_follow_up_failing_after_a_lost_board_still_leaves_the_move_saved(world):
    """The board cannot be posted (two 500s), the player is told their move was saved in the
    acknowledged reply, and then the private follow-up (POST /webhooks/...) fails too: the
    card is still played exactly once, its deadline armed, and "nothing was changed" is never
    said."""
    await duel_in_play(world)
    row, seat, actor, notation = await actor_with_a_card_to_play(world)
    logged = await log_size(world, row.id)
    world.env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=1)  # the turn's message
    world.env.inject_error("POST", "/channels/*/messages", status=500, times=2)
    world.env.inject_error("POST", "/webhooks/*", status=500, times=1)

    result = await play_card(world, actor, notation)

    after = await world.match()
    assert after.version == row.version + 1 and await log_size(world, row.id) == logged + 1
    assert_deadline_armed(world, after)
    said = everything_said(world, result)
    assert NOTHING_CHANGED not in said
    assert BOARD_SAVED_NOTE in said
    assert after.id in world.bot.host.unposted


# -- deadlines --------------------------------------------------------------------------------

async def test_a_deadline_expiring_while_the_channel_refuses_posts_still_moves_on(world):
    """The prompted player lets their decision expire while every post to the match's
    channel fails (the timeout note and both board attempts, 500). The timeout move is saved,
    the next player's deadline is armed (the match cannot wait forever), and at the next
    reminder the missing board is posted with it (``host.unposted``)."""
    await duel_in_play(world)
    row, seat, late = await prompted_actor(world)
    shown = len(boards(world.channel))
    await world.env.advance_time(REMINDER_AFTER + 5)  # the first reminder goes out normally
    assert any("your decision is due" in m.content for m in world.channel.history())
    reminders = sum("your decision is due" in m.content for m in world.channel.history())
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=500, times=3)

    await world.env.advance_time(LIVE_SECONDS - REMINDER_AFTER)  # past the deadline

    after = await world.match()
    log = await world.service.log(row.id)
    assert after.version == row.version + 1
    assert [e.kind for e in log[-1:]] == ["timeout"] and log[-1].seat == seat
    assert_deadline_armed(world, after)
    assert len(boards(world.channel)) == shown, "the failing channel still got a board"
    assert after.id in world.bot.host.unposted

    await world.env.advance_time(REMINDER_AFTER)  # the next player's reminder
    assert sum("your decision is due" in m.content for m in world.channel.history()) == reminders + 1
    assert len(boards(world.channel)) == shown + 1, "the reminder did not bring the missing board"
    assert board_version(last_board(world.channel)) == after.version
    assert after.id not in world.bot.host.unposted
    assert NOTHING_CHANGED not in everything_said(world)
