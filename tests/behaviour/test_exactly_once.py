"""Exactly once, as people meet it through Discord: a button clicked twice on the same board
message (one button per game, Kingdom Rush's Done where a second Done would still be legal)
does its work once and answers the second click privately "already done". (The lobby's
buttons sit on one message edited in place, which SimCord clicks only as it is now: their
double presses are in tests/service/test_exactly_once.py.)"""
from __future__ import annotations

import pytest

from engine.evs import GAME as EVS
from engine.kr.game import GAME as KR
from tests.behaviour.helpers import finish_setup, last_board, moved, prompted_actor
from tests.games.kr.behaviour.test_play import create as create_kr

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def refused_as_done(result) -> None:
    assert result.ephemeral and result.response is not None, result
    text = result.response.content or ""
    assert text.startswith("⚠️") and "Already done" in text, text


def hold_back_edits(world) -> None:
    """Discord has not shown the board's edit yet: the second click of a double click carries
    the button as it was (the message edits that would replace or remove it are held back;
    cogs/board_post.py then posts the board anew, as it does when an edit fails)."""
    world.env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=None)


async def clicked_twice(world, actor, board, label: str):
    """The first click moves; the second, on the same message, changes nothing."""
    hold_back_edits(world)
    first = await actor.click(board, label=label)
    assert moved(first), first.response.content if first.response else first
    after = await world.match()
    second = await actor.click(board, label=label)
    world.env.backend.faults.clear()
    refused_as_done(second)
    assert (await world.match()).version == after.version
    return after


async def start(world, command: str, members):
    result = await members[0].slash(world.channel, command, pace="live")
    assert not (result.response.content or "").startswith("⚠️"), result.response.content
    for member in members[1:]:
        await member.click(world.channel.last_message, label="Join")
    assert (await members[0].click(world.channel.last_message, label="Start")).acknowledged
    return await world.match()


async def test_clash_end_turn_clicked_twice_ends_one_turn(world):
    await start(world, "clash new", [world.alice, world.bob])
    await finish_setup(world)
    row, _seat, actor = await prompted_actor(world)
    before = len(await world.service.log(row.id))
    after = await clicked_twice(world, actor, last_board(world.channel), "End turn")
    assert [(e.user_id, e.action) for e in await world.service.log(row.id) if e.seq > before] == [(actor.id, "end")]
    assert after.version == row.version + 1


async def test_cloudspire_continue_clicked_twice_continues_once(world):
    from tests.games.cloudspire.behaviour.driver import prompted
    row = await start(world, "cloudspire new", [world.alice, world.bob])
    _row, _seat, actor = await prompted(world)
    before = len(await world.service.log(row.id))
    await clicked_twice(world, actor, last_board(world.channel), "Continue")
    mine = [e for e in await world.service.log(row.id) if e.seq > before and e.user_id == actor.id]
    assert len(mine) == 1


async def test_evs_continue_clicked_twice_continues_once(world):
    row = await start(world, "evs new", [world.alice, world.bob])
    for _ in range(40):  # set-up moves typed as /evs act until someone may Continue
        row = await world.match()
        seat = EVS.prompts(row.state)[0].seat
        actor = world.users[row.seats[seat]["user_id"]]
        if EVS.continue_action(row.state, seat) is not None:
            break
        move = EVS.format_action(EVS.bot_action(row.state, seat))
        assert moved(await actor.slash(world.channel, "evs act", move=move))
    before = len(await world.service.log(row.id))
    await clicked_twice(world, actor, last_board(world.channel), "Continue")
    assert len([e for e in await world.service.log(row.id) if e.seq > before and e.user_id == actor.id]) == 1


@pytest.mark.parametrize("players", [1, 2])
async def test_kr_done_clicked_twice_leaves_the_next_decision_open(world, players):
    """The team's last Done ends phase 2; a second click of the same Done must not answer the
    presser's next decision (the phase-6 purchase)."""
    row = await create_kr(world, [world.alice, world.bob][:players])
    for _ in range(5):  # solo: the colour to exclude comes first
        row = await world.match()
        if KR.continue_action(row.state, 0) is not None:
            break
        assert moved(await world.alice.slash(world.channel, "kr act",
                                             move=KR.format_action(KR.bot_action(row.state, 0))))
    if players == 2:
        assert moved(await world.bob.slash(world.channel, "kr done"))
    board = last_board(world.channel)
    before = len(await world.service.log(row.id))
    after = await clicked_twice(world, world.alice, board, "Done")
    log = [(e.user_id, e.action) for e in await world.service.log(row.id) if e.seq > before]
    assert log == [(world.alice.id, "done")]
    alice = next(i for i, s in enumerate(after.seats) if s["user_id"] == world.alice.id)
    assert alice in [p.seat for p in KR.prompts(after.state)]  # the next decision is still hers
