"""One living message per turn (issue 22 item 2; cogs/board_post.py), through SimCord: moves
within a turn edit the turn's message, a new one mentioning the next player is posted when the
decision passes, the superseded message loses its buttons, ``board=move`` posts per move, an
edit refused with 30046 is replaced by a new post, a 429 is waited out and retried, an old turn
message is replaced, and a scripted 100-move Empire vs Steppe game posts no more channel
messages than turns + 3 and no more DMs than private pictures that changed. Boards are plain
attachments (shown large), never embed images."""
from __future__ import annotations

import copy
import time

import pytest

from cogs.board_post import TURN_MESSAGE_AGE, told
from engine.clash import GAME as CLASH
from engine.evs import GAME as EVS
from gamehost.service import MatchService
from gamehost.store import Store
from gamehost.turn_store import private_digest
from tests.behaviour.helpers import button_ids, create_match, finish_setup, last_board, moved, prompted_actor

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def boards(channel) -> list:
    return [m for m in channel.history() if any(a.filename == "board.png" for a in m.attachments)]


def version_of(message) -> int:
    return int(next(iter(button_ids(message).values())).split(":")[2])


async def duel(world, **create):
    """A Clash duel in play: alice and bob, decks chosen."""
    result = await world.alice.slash(world.channel, "match create", game="clash", **{"pace": "live", **create})
    assert not (result.response.content or "").startswith("⚠️"), result.response.content
    await world.bob.click(world.channel.last_message, label="Join")
    assert (await world.alice.click(world.channel.last_message, label="Start")).acknowledged
    return await finish_setup(world)


async def card_to_play(world):
    """The prompted player with a card to play (ending turns until someone has one)."""
    for _ in range(8):
        row, seat, actor = await prompted_actor(world)
        plays = [CLASH.format_action(a) for a in CLASH.legal_actions(row.state, seat)]
        plays = [p for p in plays if p.startswith("play ")]
        if plays:
            return row, seat, actor, plays[0]
        assert moved(await actor.slash(world.channel, "clash end"))
    raise AssertionError("nobody could play a card")


async def play(world, actor, notation):
    _verb, card, *rest = notation.split(" ", 2)
    return await actor.slash(world.channel, "clash play", card=card, where=rest[0] if rest else "")


def is_attachment_board(message) -> bool:
    return any(a.filename == "board.png" for a in message.attachments) and all(
        not (e.image and e.image.url) for e in message.embeds)


# -- within a turn, and handing over ----------------------------------------------------------

async def test_a_move_within_the_turn_edits_its_message_and_the_hand_over_posts_anew(world):
    await duel(world)
    row, seat, actor, notation = await card_to_play(world)
    turn_message = last_board(world.channel)
    count = len(world.channel.history())
    assert is_attachment_board(turn_message), "the board is a plain attachment, shown large"

    assert moved(await play(world, actor, notation))
    after = await world.match()
    edited = last_board(world.channel)
    assert edited.id == turn_message.id and len(world.channel.history()) == count, "edited, not posted"
    assert version_of(edited) == after.version and is_attachment_board(edited)
    assert actor.mention in edited.content

    assert moved(await actor.slash(world.channel, "clash end"))
    handed = await world.match()
    new = last_board(world.channel)
    assert new.id != turn_message.id, "the decision passed: a new message"
    _row, _seat, next_actor = await prompted_actor(world)
    assert next_actor is not actor and next_actor.mention in new.content, "it mentions the next player"
    assert version_of(new) == handed.version
    old = next(m for m in world.channel.history() if m.id == turn_message.id)
    assert button_ids(old) == {}, "the superseded message lost its buttons"
    assert old.embeds and old.attachments, "and keeps its board and narration"


async def test_board_move_posts_a_message_per_move(world):
    await duel(world, options="board=move")
    lobby = next(m for m in world.channel.history() if m.embeds and "lobby" in (m.embeds[0].title or "").lower())
    assert "a new message per move" in lobby.embeds[0].fields[0].value
    row, seat, actor, notation = await card_to_play(world)
    shown = len(boards(world.channel))
    assert moved(await play(world, actor, notation))
    assert len(boards(world.channel)) == shown + 1
    assert version_of(last_board(world.channel)) == (await world.match()).version


async def test_an_unknown_board_option_is_refused(world):
    result = await world.alice.slash(world.channel, "match create", game="clash", options="board=sometimes")
    assert result.response.content.startswith("⚠️") and "board=sometimes" in result.response.content


# -- Discord's limits -----------------------------------------------------------------------------

async def test_an_edit_refused_with_30046_is_replaced_by_a_new_post(world):
    await duel(world)
    row, seat, actor, notation = await card_to_play(world)
    turn_message = last_board(world.channel)
    world.env.inject_error("PATCH", "/channels/*/messages/*", status=400, code=30046,
                           message="Maximum number of edits to messages older than 1 hour reached.", times=1)
    assert moved(await play(world, actor, notation))
    new = last_board(world.channel)
    assert new.id != turn_message.id and version_of(new) == (await world.match()).version
    old = next(m for m in world.channel.history() if m.id == turn_message.id)
    assert button_ids(old) == {}


async def test_a_429_on_an_edit_is_retried_after_its_delay(world, monkeypatch):
    await duel(world)
    waited: list[float] = []

    async def pause(seconds: float) -> None:
        waited.append(seconds)

    monkeypatch.setattr(world.bot.host, "pause", pause)
    row, seat, actor, notation = await card_to_play(world)
    turn_message = last_board(world.channel)
    world.env.inject_error("PATCH", "/channels/*/messages/*", status=429, code=0,
                           message="You are being rate limited.", times=2)
    assert moved(await play(world, actor, notation))
    edited = last_board(world.channel)
    assert len(waited) == 2 and all(w > 0 for w in waited), waited
    assert edited.id == turn_message.id and version_of(edited) == (await world.match()).version


async def test_a_turn_message_older_than_the_edit_window_is_replaced(world):
    await duel(world, pace="async")
    row, seat, actor, notation = await card_to_play(world)
    turn_message = last_board(world.channel)
    await world.env.advance_time(TURN_MESSAGE_AGE + 60)
    assert moved(await play(world, actor, notation))
    new = last_board(world.channel)
    assert new.id != turn_message.id and version_of(new) == (await world.match()).version
    assert button_ids(next(m for m in world.channel.history() if m.id == turn_message.id)) == {}


# -- the lobby after the start ---------------------------------------------------------------------

async def test_a_started_lobby_lists_no_open_seats(world):
    await world.alice.slash(world.channel, "match create", game="cloudspire", pace="live")
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    lobby = next(m for m in world.channel.history() if m.embeds and "lobby" in (m.embeds[0].title or "").lower())
    assert "open" not in lobby.embeds[0].description and lobby.embeds[0].description.count("<@") == 2
    assert (await world.match()).board_message_id == lobby.id, "the row keeps the lobby's message; turns have theirs"


# -- long narration -----------------------------------------------------------------------------

def test_long_narration_keeps_whole_latest_lines_and_counts_the_rest():
    lines = [f"Bot {i % 2 + 1} moves the Steppe Rider u{i} from b{i % 9} to c{i % 9}." for i in range(300)]
    text = told(lines, 0, 1000, "en")
    shown = text.splitlines()
    assert len(text) <= 1000 and shown[0].startswith("…and ") and "`/match log`" in shown[0]
    assert shown[1:] == lines[-(len(shown) - 1):], "whole lines, the latest ones"
    hidden = 300 - (len(shown) - 1)
    assert f"{hidden} earlier lines" in shown[0]
    chinese = told(["机器人 1 移动了草原骑兵,从 b2 到 c3。"] * 200, 3, 600, "zh-CN").splitlines()
    assert "`/match log`" in chinese[0] and all(line == "机器人 1 移动了草原骑兵,从 b2 到 c3。" for line in chinese[1:])
    assert told(["short", "lines"], 0, 1000, "en") == "short\nlines"
    one = told(["word " * 400], 0, 500, "en")
    assert len(one) <= 500 and not one.rstrip("…").endswith("wor")


# -- the measured game ------------------------------------------------------------------------------

def hand_of(state, seat) -> tuple:
    me = EVS.view(state, seat)["players"][seat]
    return tuple(me.get("hand") or ())


@pytest.mark.slow
async def test_a_100_move_empire_vs_steppe_game_posts_a_message_per_turn(world):
    """Channel messages ≤ turns + 3 (a turn: someone new must act, or the decision went round);
    DMs ≤ times a player's private picture changed (and never more than hand changes + turns)."""
    row = await create_match(world, "evs", [world.alice, world.bob])
    posted_before = len(world.channel.history())
    turns, moves = 1, 0
    waiting = set(p.seat for p in EVS.prompts(row.state))
    hands = {seat: [hand_of(row.state, seat)] for seat in range(2)}
    for _ in range(100):
        row = await world.match()
        if row.status != "active":
            break
        seat = EVS.prompts(row.state)[0].seat
        actor = world.users[row.seats[seat]["user_id"]]
        move = EVS.format_action(EVS.bot_action(row.state, seat))
        assert moved(await actor.slash(world.channel, "evs act", move=move)), move
        moves += 1
        row = await world.service.load(row.id)
        now = set(p.seat for p in EVS.prompts(row.state)) if row.status == "active" else set()
        if now - waiting or row.status != "active":
            turns += 1
        waiting = now
        for s in range(2):
            if row.state is not None and hands[s][-1] != hand_of(row.state, s):
                hands[s].append(hand_of(row.state, s))
    assert moves >= 60, "the scripted game went on"
    posted = len(world.channel.history()) - posted_before
    assert posted <= turns + 3, (posted, turns, moves)
    for member in (world.alice, world.bob):
        seat = [s for s in range(2) if row.seats[s]["user_id"] == member.id][0]
        dms = len(member.user.dm_channel.history()) if member.user.dm_channel is not None else 0
        assert dms <= len(hands[seat]), (member.name, dms, len(hands[seat]), turns)


# -- another process posted meanwhile ---------------------------------------------------------------

async def test_a_turn_message_another_process_posted_is_the_one_edited_or_superseded(world, db_url):
    """A deadline fired by another bot process (gamehost/leases.py) posts that process's own
    turn message. This process's next post must take it over (read again from ``turn_posts``),
    not the one it remembers: else the other one keeps live buttons."""
    await duel(world)
    row, seat, actor = await prompted_actor(world)
    first = last_board(world.channel)
    host = world.bot.host
    remembered = copy.deepcopy((host.turns, host.shown_versions, host.private_sent))

    store = Store(db_url)  # the other process: its own store and service on the same database
    await store.open()
    other = MatchService(store, time.time)
    try:
        ending = next(CLASH.format_action(a) for a in CLASH.legal_actions(row.state, seat)
                      if CLASH.format_action(a).startswith("end"))
        outcome = await other.act(row.id, actor.id, ending)
        await host.publish(outcome)  # drawn and posted as that process would
    finally:
        await other.close()
        await store.close()
    host.turns, host.shown_versions, host.private_sent = remembered  # this process heard nothing of it
    world.service.cache.drop(row.id)  # but the commit's notice (gamehost/match_news.py)
    theirs = last_board(world.channel)
    assert theirs.id != first.id and button_ids(theirs) and not button_ids(
        next(m for m in world.channel.history() if m.id == first.id))

    _row, _seat, next_actor = await prompted_actor(world)
    assert moved(await next_actor.slash(world.channel, "clash end"))
    live = [m.id for m in boards(world.channel) if button_ids(m)]
    assert live == [last_board(world.channel).id] and theirs.id not in live, (
        "only the newest board keeps buttons")
    remembered_dms = {seat: digest for (match_id, seat), digest in host.private_sent.items() if match_id == row.id}
    assert remembered_dms, "the hand-overs DMed someone"
    for dm_seat, digest in remembered_dms.items():  # what the other process DMed is known here
        assert digest == await private_digest(world.service.store, row.id, dm_seat)
