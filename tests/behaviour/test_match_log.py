"""/match log shows each person only what they may know: hidden moves are redacted for the
opponent and for outsiders, and shown whole to the player who made them."""
from __future__ import annotations

import pytest

from engine.clash.cards import CARDS
from engine.cloudspire import GAME as CLOUDSPIRE
from tests.games.cloudspire.behaviour.driver import legal, prompted
from tests.behaviour.helpers import moved

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def log_seen_by(world, member) -> str:
    result = await world.bob.slash(world.channel, "match log") if member is None else \
        await member.slash(world.channel, "match log")
    assert result.ephemeral, "the log is answered privately"
    return result.response.content


async def test_constructed_deck_is_secret_in_the_log(world):
    """CD-FMT-8: a constructed deck is secret until its cards are played; the log shows the
    builder their list and everybody else only that a deck was built."""
    await world.alice.slash(world.channel, "clash new", format="constructed")
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    deck = [c for c in CARDS if not CARDS[c].get("champion")][:8]
    built = await world.alice.slash(world.channel, "clash build", cards=",".join(deck))
    assert moved(built)

    mine = await log_seen_by(world, world.alice)
    assert "build " + ",".join(deck) in mine
    for member in (world.bob, world.carol):  # the opponent and an outsider
        seen = await log_seen_by(world, member)
        assert "alice: build ?" in seen
        assert not any(card in seen for card in deck), seen


async def test_hidden_stack_is_secret_in_the_log(world):
    """CS-PREP-3..8: the deployment stack is built in secret; the log never names its units
    to anyone but their owner."""
    await world.alice.slash(world.channel, "cloudspire new", pace="live")
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    match_id = (await world.match()).id
    for _ in range(120):  # play bot moves through /cloudspire act until someone stacks a unit
        row = await world.service.load(match_id)
        if row.state["phase"] == "prep" and row.state["prep"]["step"] == "stack":
            break
        row, seat, actor = await prompted(world)
        move = CLOUDSPIRE.format_action(CLOUDSPIRE.bot_action(row.state, seat))
        assert moved(await actor.slash(world.channel, "cloudspire act", move=move))
    row, seat, actor = await prompted(world)
    unit = next(m.split()[1] for m in legal(row, seat) if m.startswith("add "))
    assert moved(await actor.slash(world.channel, "cloudspire deploy", unit=unit))

    other = world.bob if actor is world.alice else world.alice
    assert f"add {unit}" in await log_seen_by(world, actor)
    for member in (other, world.carol):
        seen = await log_seen_by(world, member)
        assert f"add {unit}" not in seen and f"{actor.user.name}: ?" in seen, seen


async def play_clash_duel(world, moves: int) -> tuple[int, int]:
    """Up to ``moves`` moves of a duel typed as /clash act by whoever is prompted (fewer if
    the game ends first): (match id, moves made)."""
    from engine.clash import GAME as CLASH
    await world.alice.slash(world.channel, "clash new")
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    match_id = (await world.match()).id
    for made in range(moves):
        row = await world.service.load(match_id)
        if row.status != "active":
            return match_id, made
        seat = CLASH.prompts(row.state)[0].seat
        actor = world.users[row.seats[seat]["user_id"]]
        move = CLASH.format_action(CLASH.bot_action(row.state, seat))
        assert moved(await actor.slash(world.channel, "clash act", move=move))
    return match_id, moves


async def test_a_finished_match_can_be_reviewed_with_narration(world):
    """After the end, /match log still shows the channel's last match: every move, marked
    concessions, and the narrated sentence beside the notation."""
    match_id, made = await play_clash_duel(world, 6)
    assert made == 6
    assert moved(await world.bob.slash(world.channel, "match resign"))
    seen = await log_seen_by(world, world.carol)
    assert f"#{match_id}" in seen and "finished" in seen
    lines = [line for line in seen.splitlines() if line[:1].isdigit()]
    assert len(lines) == 7, seen                       # six moves and the resignation
    assert lines[0].startswith("1. alice: deck ") or lines[0].startswith("1. bob: deck ")
    assert all(" — " in line for line in lines[:6]), "each move carries its narration"
    assert "(concession)" in lines[-1]
    by_id = await world.carol.slash(world.channel, "match log", match=match_id)
    assert by_id.response.content == seen


async def test_a_long_log_comes_whole_as_a_file(world):
    """A log longer than one message: the latest moves inline, the whole log attached."""
    match_id, made = await play_clash_duel(world, 60)
    result = await world.alice.slash(world.channel, "match log")
    assert result.ephemeral
    files = [a for a in result.response.attachments if a.filename == f"match-{match_id}-log.txt"]
    assert files, "the whole log is attached"
    assert "whole log is attached" in result.response.content
    inline = [line for line in result.response.content.splitlines() if line[:1].isdigit()]
    assert 0 < len(inline) <= 12 and inline[-1].startswith(f"{made}. ")


async def test_an_unknown_match_number_is_refused_privately(world):
    result = await world.alice.slash(world.channel, "match log", match=987)
    assert result.ephemeral and result.response.content.startswith("⚠️")
    assert "#987" in result.response.content
