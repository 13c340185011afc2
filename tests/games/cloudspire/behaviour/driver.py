"""Playing Cloudspire through SimCord the way people do: each move is made with the slash
command a player would type (values taken from the command's own autocomplete), the
board's Act menu, or a button in the explorer's DM."""
from __future__ import annotations

from engine.cloudspire import GAME
from tests.behaviour.helpers import last_board


def components_of(message) -> list[dict]:
    """Every component of a message (SimCord results or discord.Message) as dicts."""
    out = []
    for row in message.components or []:
        children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [row])
        for child in children:
            out.append(child if isinstance(child, dict) else child.to_dict())
    return out


def select_options(message) -> list[tuple[str, str]]:
    return [(o["label"], o["value"]) for c in components_of(message) for o in c.get("options", [])]


def button_labels(message) -> list[str]:
    return [c["label"] for c in components_of(message) if c.get("type") == 2]


async def prompted(world, channel=None):
    """(row, seat, member) of the first player the game waits for."""
    row = await world.match(channel)
    seat = GAME.prompts(row.state)[0].seat
    return row, seat, world.users[row.seats[seat]["user_id"]]


def legal(row, seat) -> list[str]:
    return [GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)]


async def offered(actor, channel, command: str, option: str, typed: str = "", **filled) -> list[str]:
    """The values ``command``'s autocomplete offers for ``option`` once ``typed`` is typed
    (Discord shows at most 25: a long list is narrowed by typing, as a player does)."""
    result = await actor.autocomplete(channel, command, option, typed, **filled)
    choices = result if isinstance(result, list) else (result.autocomplete_choices or [])
    return [c["value"] if isinstance(c, dict) else c.value for c in choices]


async def by_command(world, actor, move: str, channel=None):
    """Make ``move`` with the dedicated /cloudspire command, checking that every value
    typed is among the command's autocomplete suggestions. None if no command fits."""
    channel = channel or world.channel
    w = move.split()
    verb = w[0]

    async def slash(name, **options):
        for key, value in options.items():
            if isinstance(value, str) and key not in ("do", "choice"):
                names = list(options)
                before = {k: options[k] for k in names[:names.index(key)]}
                suggestions = await offered(actor, channel, name, key, value, **before)
                assert value in suggestions, f"/{name} {key}={value} not suggested: {suggestions[:10]}"
        return await actor.slash(channel, name, **options)

    if verb == "buy":
        return await slash("cloudspire buy", item=w[1])
    if verb == "pass":
        return await actor.slash(channel, "cloudspire pass")
    if verb == "build":
        return await slash("cloudspire build", spire=w[1], at=w[2], order=w[3])
    if verb == "up":
        return await slash("cloudspire upgrade", at=w[1], chips=w[2])
    if verb == "es":
        return await slash("cloudspire earthscape", tile=w[1], at=w[2], rotation=w[3])
    if verb == "adv":
        return await slash("cloudspire advance", structure=w[1])
    if verb == "mark":
        return await slash("cloudspire mark", player=w[1])
    if verb == "add":
        return await slash("cloudspire deploy", unit=w[1])
    if verb in ("lock", "undo", "autostack"):
        return await actor.slash(channel, "cloudspire stack", do=verb)
    if verb == "mv":
        return await slash("cloudspire move", unit=w[1], to=w[2])
    if verb == "mm":
        return await slash("cloudspire lead", unit=w[1], to=w[2])
    if verb == "explore":
        return await slash("cloudspire explore", at=w[1])
    if verb == "atk":
        return await slash("cloudspire attack", unit=w[1], target=w[2])
    if verb in ("next", "end", "skip"):
        return await actor.slash(channel, "cloudspire end")
    return None


async def by_menu(world, actor, move: str, channel=None):
    """Make ``move`` through the board's Act button and the drill-down selects."""
    channel = channel or world.channel
    result = await actor.click(last_board(channel), label="Act")
    assert result.ephemeral, "menus are private"
    message = result.response
    words = move.split()
    for _ in range(10):
        options = select_options(message)
        values = [v for _label, v in options]
        if "=" + move in values:
            return await actor.select(message, ["=" + move])
        deeper = [v for v in values if v.startswith(">") and words[:len(v.split("|", 1)[1].split())]
                  == v.split("|", 1)[1].split()]
        if not deeper:
            more = [v for label, v in options if label.startswith("More")]
            assert more, f"{move!r} not reachable from {values}: {message.content!r}"
            deeper = more
        result = await actor.select(message, [max(deeper, key=len)])
        assert result.ephemeral
        message = result.response
    raise AssertionError(f"menu too deep for {move!r}")


async def answer_peek(world, actor, reveal: bool):
    """Click Reveal / Keep face down on the newest DM the explorer got."""
    dm = actor.user.dm_channel.history()[-1]
    return await actor.user.click(dm, label="Reveal" if reveal else "Keep face down")


async def play_move(world, move: str, *, prefer_menu: bool = False, channel=None):
    """The prompted player makes ``move``; returns (result, seat)."""
    row, seat, actor = await prompted(world, channel)
    assert move in legal(row, seat), (move, legal(row, seat)[:10])
    if move in ("reveal", "hide"):
        return await answer_peek(world, actor, move == "reveal"), seat
    result = None if prefer_menu else await by_command(world, actor, move, channel)
    if result is None:
        result = await by_menu(world, actor, move, channel)
    return result, seat
