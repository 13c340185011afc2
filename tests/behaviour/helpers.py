"""What a player does, expressed through SimCord actors only (slash commands, clicks, selects)."""
from __future__ import annotations

from engine.clash import GAME


def all_messages(channel, viewer=None):
    return channel.history(viewer=viewer) if viewer is not None else channel.history()


def last_board(channel):
    """The newest channel message carrying the board image."""
    for message in reversed(channel.history()):
        if any(a.filename == "board.png" for a in message.attachments):
            return message
    raise AssertionError("no board message in the channel")


def button_ids(message) -> dict[str, str]:
    found = {}
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None):
                found[child.label] = child.custom_id
    return found


async def prompted_actor(world, channel=None):
    row = await world.match(channel)
    prompts = GAME.prompts(row.state)
    seat = prompts[0].seat
    return row, seat, world.users[row.seats[seat]["user_id"]]


async def finish_setup(world, channel=None):
    """Choose decks (or other setup decisions) through the board's Choose button and a select."""
    channel = channel or world.channel
    for _ in range(40):
        row, seat, actor = await prompted_actor(world, channel)
        if GAME.view(row.state, None)["stage"] == "play":
            return row
        board = last_board(channel)
        shown = await actor.click(board, label="Choose")
        assert shown.ephemeral
        legal = [GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)]
        await actor.select(shown.response, [legal[0]])
    raise AssertionError("setup did not finish")


def moved(result) -> bool:
    """The command was accepted: every command is acknowledged privately first, and only a
    refusal (⚠️) fills that private reply with an error; the board goes to the channel."""
    replies = ([result.response] if result.response is not None else []) + list(result.followups)
    return result.acknowledged and not any(r.content.startswith("⚠️") for r in replies)


def private_replies(result) -> list:
    """The messages only the user saw: the acknowledged reply and any private follow-ups."""
    replies = ([result.response] if result.response is not None else []) + list(result.followups)
    return [r for r in replies if r.ephemeral]


async def create_match(world, game: str, members, **options):
    """``/<game> new`` (live) by the first member, the others join, the first starts: the
    started match's row."""
    result = await members[0].slash(world.channel, f"{game} new", pace="live", **options)
    assert result.response is not None and not (result.response.content or "").startswith("⚠️"), result
    for member in members[1:]:
        await member.click(world.channel.last_message, label="Join")
    started = await members[0].click(world.channel.last_message, label="Start")
    assert started.acknowledged
    row = await world.match()
    assert row.status == "active" and row.game == game
    return row
