"""Kingdom Rush: Rift in Time played through SimCord: /kr commands (every value taken from the
command's own autocomplete), the board's Act menu, the team's hands, the horde close-up, bad
input answered privately, simultaneous phase-2 commands where a team-mate's build makes the
second one illegal, and a whole co-operative game to its result.

The game is not in ``gamehost/registry.py`` ``INSTALLED`` yet: these tests register it for
their own run (``registry.GAMES["kr"]``) before the bot starts, so the bot loads the
``cogs.kr`` extension like any installed game. The moves are the engine bot's choices
(engine/kr/bot.py); every one of them goes through Discord."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
import pytest_asyncio

from engine.kr.game import GAME
from gamehost import registry
from tests.games.cloudspire.behaviour.driver import button_labels, components_of, select_options
from tests.support.bot import close_bot, make_bot
from tests.behaviour.helpers import create_match, last_board, moved

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
ROOT = Path(__file__).resolve().parents[4]


def kr_plugin() -> registry.GamePlugin:
    """``GamePlugin.installed("kr")`` once ``engine/kr/__init__.py`` exposes ``GAME``; until
    then the engine module is ``engine.kr.game``."""
    import engine.kr
    module = "engine.kr" if hasattr(engine.kr, "GAME") else "engine.kr.game"
    return registry.GamePlugin("kr", module, "render.kr", "cogs.kr")


@pytest.fixture
def kr_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "kr", kr_plugin())


@pytest_asyncio.fixture
async def simcord_bot(db_url, kr_registered):
    bot = make_bot(db_url)
    yield bot
    await close_bot(bot)


# -- playing ------------------------------------------------------------------------------

#: each move command's options, in order, for the words of the notation
COMMAND_ARGS = {"build": ("card", "site", "facing", "placements"), "pass": ("card", "to", "variant"),
                "hero": ("figure", "action"), "spell": ("spell", "details"), "exclude": ("colour",),
                "propose": ("buys",), "done": (), "approve": (), "object": (), "displace": ("figure", "to")}


def legal(row, seat) -> list[str]:
    return [GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)]


def command_options(move: str) -> tuple[str, dict]:
    words = move.split()
    verb = words[0]
    if verb == "build":
        values = words[1:4] + ([" ".join(words[4:])] if len(words) > 4 else [])
    elif verb == "pass":
        values = [words[1]] + words[3:]
    elif verb in ("hero", "spell"):
        values = words[1:2] + ([" ".join(words[2:])] if len(words) > 2 else [])
    else:
        values = words[1:]
    return verb, dict(zip(COMMAND_ARGS[verb], values))


async def offered(actor, channel, command: str, option: str, typed: str = "", /, **filled) -> list[str]:
    result = await actor.autocomplete(channel, command, option, typed, **filled)
    choices = result if isinstance(result, list) else (result.autocomplete_choices or [])
    return [c["value"] if isinstance(c, dict) else c.value for c in choices]


async def suggested_options(world, actor, move: str) -> tuple[str, dict]:
    """The options of ``move``'s /kr command, each checked to be among the autocomplete's
    suggestions for what was filled before it (a long value is offered as its token)."""
    from cogs.move_args import token
    verb, options = command_options(move)
    names = list(options)
    for i, name in enumerate(names):
        before = {k: options[k] for k in names[:i]}
        want = token(options[name])
        suggestions = await offered(actor, world.channel, f"kr {verb}", name, "", **before)
        if want not in suggestions:
            suggestions = await offered(actor, world.channel, f"kr {verb}", name, options[name][:20], **before)
        assert want in suggestions, f"/kr {verb} {name}={options[name]} not suggested: {suggestions[:10]}"
        options[name] = want
    return verb, options


async def by_command(world, actor, move: str):
    verb, options = await suggested_options(world, actor, move)
    return await actor.slash(world.channel, f"kr {verb}", **options)


async def create(world, members, **options):
    return await create_match(world, "kr", members, **options)


def seat_member(world, row, seat):
    return world.users[row.seats[seat]["user_id"]]


def channel_text(channel) -> str:
    parts = []
    for message in channel.history():
        parts.append(message.content or "")
        for embed in message.embeds:
            parts += [embed.title or "", embed.description or "", (embed.footer.text if embed.footer else "") or ""]
            parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


def reply_text(result) -> str:
    out = []
    for m in ([result.response] if result.response is not None else []) + list(result.followups):
        out.append(m.content or "")
        for e in m.embeds:
            out += [e.title or "", e.description or ""] + [f"{f.name} {f.value}" for f in e.fields]
    return "\n".join(out)


async def play_step(world, *, menu: bool = False):
    """The first seat the game waits for makes the engine bot's move through Discord."""
    row = await world.match()
    seat = GAME.prompts(row.state)[0].seat
    actor = seat_member(world, row, seat)
    move = GAME.format_action(GAME.bot_action(row.state, seat))
    if menu:
        result = await by_menu(world, actor, move)
    elif move in legal(row, seat):
        result = await by_command(world, actor, move)
    else:  # the bot may choose placements the list does not suggest: typed in notation
        result = await actor.slash(world.channel, "kr act", move=move)
    assert moved(result), (move, reply_text(result))
    return move, seat


async def by_menu(world, actor, move: str):
    """``move`` through the board's Act button: at most two picks after the click."""
    from cogs.move_args import token
    result = await actor.click(last_board(world.channel), label="Act")
    assert result.ephemeral
    message, picks = result.response, 0
    for _ in range(8):
        options = select_options(message)
        values = [v for _l, v in options]
        if "=" + token(move) in values:
            assert picks + 1 <= 2
            select = next(c for c in components_of(message) if "=" + token(move) in [o["value"] for o in c["options"]])
            return await actor.select(message, ["=" + token(move)], custom_id=select["custom_id"])
        deeper = [v for v in values if v.startswith("h") and move.startswith(v.split("|", 1)[1] + " ")]
        choice = deeper[0] if deeper else next(v for v in values if v.startswith("p"))
        picks += bool(deeper)
        select = next(c for c in components_of(message) if choice in [o["value"] for o in c["options"]])
        result = await actor.select(message, [choice], custom_id=select["custom_id"])
        assert result.ephemeral
        message = result.response
    raise AssertionError(f"menu too deep for {move!r}")


# -- the tests ----------------------------------------------------------------------------

async def test_two_members_play_rounds_through_commands(world):
    """KR-ACT, KR-BUY: two members create a scenario-1 match and play three rounds: builds,
    hero activations, passes, done, the purchase proposal and approval, every value from the
    command's autocomplete; the board is posted with narration after the moves."""
    await create(world, [world.alice, world.bob], scenario="farrinken_valley")
    board = last_board(world.channel)
    assert {"Act", "Done", "My view"} <= set(button_labels(board))
    assert "still to act" in board.embeds[0].footer.text
    verbs = []
    for step in range(200):
        row = await world.match()
        if row.status != "active" or row.state["round"] > 3:
            break
        move, _seat = await play_step(world, menu=step % 7 == 3)
        verbs.append(move.split()[0])
    assert {"build", "done", "propose"} <= set(verbs), verbs
    text = channel_text(world.channel)
    assert " builds " in text and "is done with phase 2" in text and "Round 2 begins" in text
    assert "proposes to buy" in text
    from engine.kr import bot
    if bot.optional("heroes") is not None:  # engine/kr/heroes.py is being finished alongside
        assert "hero" in verbs and " activates " in text
    log = await world.service.log((await world.match()).id)
    assert all(entry.kind == "action" for entry in log)


async def test_the_team_view_and_the_horde_closeup(world):
    """Hands are public: /kr view shows every seat's hand and pending slot; /kr horde shows a
    tray's close-up privately with the caller's placement options numbered."""
    row = await create(world, [world.alice, world.bob])
    seen = await world.alice.slash(world.channel, "kr view")
    assert seen.ephemeral
    text = reply_text(seen)
    for seat, info in enumerate(row.state["seats"]):
        assert row.seats[seat]["name"] in text
        assert f"Hand ({len(info['hand'])})" in text
    tray = next(iter(row.state["trays"]))
    assert tray in await offered(world.alice, world.channel, "kr horde", "tray")
    shown = await world.alice.slash(world.channel, "kr horde", tray=tray)
    assert shown.ephemeral
    message = shown.response
    assert any(a.filename == "horde.png" for a in message.attachments)
    description = message.embeds[0].description
    alice_seat = next(i for i, s in enumerate(row.seats) if s["user_id"] == world.alice.id)
    builds = [m for m in legal(row, alice_seat) if m.startswith("build ") and f" {tray}:" in m]
    assert builds and "**1.**" in description and builds[0] in description
    card = builds[0].split()[1]
    filtered = await world.alice.slash(world.channel, "kr horde", tray=tray, card=card)
    assert all(f"build {card}" in line or not line.startswith("`")
               for line in filtered.response.embeds[0].description.splitlines())
    gone = await world.alice.slash(world.channel, "kr horde", tray="t99")
    assert gone.ephemeral and "no tray t99" in (gone.response.content or "")


async def test_bad_input_is_answered_privately_and_changes_nothing(world):
    """Malformed notation, a build on a team-mate's site, a build after done, an outsider:
    answered only to the sender with the reason, nothing changed."""
    row = await create(world, [world.alice, world.bob])
    a_seat = next(i for i, s in enumerate(row.seats) if s["user_id"] == world.alice.id)
    b_seat = 1 - a_seat
    card = row.state["seats"][a_seat]["hand"][0]
    bob_site = next(m.split()[2] for m in legal(row, b_seat) if m.startswith("build "))
    before = (row.version, json.dumps(row.state, sort_keys=True))
    messages = len(world.channel.history())

    async def refused(member, command, expect, **options):
        result = await member.slash(world.channel, command, **options)
        assert result.ephemeral, command
        text = result.response.content or ""
        assert text.startswith("⚠️") and expect in text, (command, text)

    await refused(world.alice, "kr act", "Cannot read", move="fly to the moon")
    await refused(world.alice, "kr build", "a team-mate's", card=card, site=bob_site, facing="N")
    await refused(world.carol, "kr done", "not seated")
    after = await world.match()
    assert (after.version, json.dumps(after.state, sort_keys=True)) == before
    assert len(world.channel.history()) == messages

    assert moved(await world.alice.slash(world.channel, "kr done"))
    row = await world.match()
    before = (row.version, json.dumps(row.state, sort_keys=True))
    build = next(m for m in legal(row, b_seat) if m.startswith("build "))
    await refused(world.alice, "kr build", "done for this phase", card=card, site=build.split()[2], facing="N")
    await refused(world.alice, "kr act", "done for this phase", move="done")
    late = await world.alice.click(last_board(world.channel), label="Done")
    assert late.ephemeral and "waiting for" in reply_text(late)
    after = await world.match()
    assert (after.version, json.dumps(after.state, sort_keys=True)) == before


def covered(move: str) -> set[tuple[str, int, int]]:
    action = GAME.parse_action(move)
    out = set()
    for group in action.get("attacks") or []:
        for p in group:
            for c in p.get("cells") or ([p["cell"]] if "cell" in p else []):
                out.add((p["tray"], c[0], c[1]))
    return out


async def test_a_team_mates_build_makes_the_second_command_illegal(world):
    """KR-ACT-3: phase 2 is simultaneous; alice's command is filled in from the suggestions,
    bob's build lands first on the same squares, and alice's command is refused with the
    reason (the squares are covered now), privately, with nothing changed; the suggestions
    offered afterwards are legal again."""
    row = await create(world, [world.alice, world.bob])
    a_seat = next(i for i, s in enumerate(row.seats) if s["user_id"] == world.alice.id)
    pairs = [(a, b) for a in legal(row, a_seat) if a.startswith("build ")
             for b in legal(row, 1 - a_seat) if b.startswith("build ") and covered(a) & covered(b)]
    assert pairs, "no overlapping builds in round 1"
    mine, theirs = pairs[0]
    verb, options = await suggested_options(world, world.alice, mine)
    assert moved(await by_command(world, world.bob, theirs))
    row = await world.match()
    before = (row.version, json.dumps(row.state, sort_keys=True))
    late = await world.alice.slash(world.channel, f"kr {verb}", **options)
    assert late.ephemeral
    assert "already covered" in late.response.content and late.response.content.startswith("⚠️")
    after = await world.match()
    assert (after.version, json.dumps(after.state, sort_keys=True)) == before
    # without the placements the command takes the suggestion for the map as it is now
    fresh = [m for m in legal(row, a_seat) if m.startswith(" ".join(mine.split()[:4]) + " ")]
    retry = await world.alice.slash(world.channel, "kr build", card=options["card"], site=options["site"],
                                    facing=options["facing"])
    assert moved(retry) == bool(fresh)


async def test_the_act_menu_reaches_every_listed_action_in_two_picks(world):
    """The board's Act button: first steps, then endings; each listed action at most two
    picks after the click."""
    row = await create(world, [world.alice, world.bob])
    seat = next(i for i, s in enumerate(row.seats) if s["user_id"] == world.alice.id)
    menu = await world.alice.click(last_board(world.channel), label="Act")
    assert menu.ephemeral
    reachable = set()
    from cogs.move_args import token
    for label, value in select_options(menu.response):
        if value.startswith("="):
            reachable.add(value[1:])
        elif value.startswith("h"):
            custom = next(c["custom_id"] for c in components_of(menu.response))
            deeper = await world.alice.select(menu.response, [value], custom_id=custom)
            reachable |= {v[1:] for _l, v in select_options(deeper.response) if v.startswith("=")}
    assert {token(m) for m in legal(row, seat)} <= reachable


async def test_resigning_is_a_shared_defeat(world):
    """KR-GEN-1: the team gives up together: the board says Defeat, not a draw, with the reason."""
    match_id = (await create(world, [world.alice, world.bob])).id
    result = await world.alice.slash(world.channel, "match resign")
    assert result.acknowledged
    row = await world.service.load(match_id)
    assert row.status == "finished" and row.result["winners"] == []
    board = last_board(world.channel)
    assert "Defeat — the Kingdom has fallen" in channel_text(world.channel)
    assert any(f.name == "🏁" and "Defeat" in f.value for f in board.embeds[0].fields)


@pytest.mark.slow
async def test_a_whole_game_to_the_result(world):
    """A whole co-operative game, every move a /kr command or an Act-menu pick, to the shared
    result: victory (every seat wins) or defeat (nobody does), narrated as such."""
    match_id = (await create(world, [world.alice, world.bob])).id
    for step in range(600):
        row = await world.service.load(match_id)
        if row.status != "active":
            break
        await play_step(world, menu=step % 9 == 4)
    row = await world.service.load(match_id)
    assert row.status == "finished"
    text = channel_text(world.channel)
    if row.result["winners"]:
        assert sorted(row.result["winners"]) == [0, 1] and "Victory" in text
    else:
        assert "Defeat — the Kingdom has fallen" in text


def test_every_kr_command_option_event_and_error_has_catalog_words():
    """Slash-command names and parameters need ``name.<word>``, descriptions their keys; every
    event kind the engine emits a ``kr.ev.<kind>``; every refusal a ``kr.err.<reason>``."""
    from discord import app_commands

    from cogs.kr.commands import Kr
    from gamehost.i18n import catalog

    missing = []

    def walk(command):
        keys = [f"name.{command.name}"] + [f"name.{p.display_name}" for p in getattr(command, "parameters", [])]
        missing.extend(k for k in keys if not catalog().has(k))
        description = command._locale_description
        if not isinstance(description, app_commands.locale_str) or not catalog().has(description.extras.get("key", "")):
            missing.append(f"description of {command.qualified_name}")
        for parameter in getattr(command, "parameters", []):
            described = parameter._Parameter__parent.description if hasattr(parameter, "_Parameter__parent") else None
            if isinstance(described, app_commands.locale_str) and not catalog().has(described.extras.get("key", "")):
                missing.append(f"description of {command.qualified_name} {parameter.name}")
        for child in getattr(command, "commands", []):
            walk(child)

    walk(Kr.kr)
    assert len(Kr.kr.commands) <= 25
    kinds, reasons = set(), set()
    for path in (ROOT / "engine" / "kr").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            first = getattr(node.args[0], "value", None)
            if name == "ev" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                kinds.add(node.args[1].value)
            elif name == "err" and isinstance(first, str):
                reasons.add(f"kr.err.{first}")
            elif name == "IllegalAction" and isinstance(first, str) and first.startswith("kr.err."):
                reasons.add(first)
    from engine.kr import hordegrid
    reasons |= {f"kr.err.{r}" for r in _grid_reasons(hordegrid)}
    assert len(kinds) >= 50
    missing += [f"kr.ev.{k}" for k in sorted(kinds) if not catalog().has(f"kr.ev.{k}")]
    missing += [r for r in sorted(reasons) if not catalog().has(r)]
    for key in ("kr.prompt.actions", "kr.prompt.purchase", "kr.prompt.exclude", "kr.prompt.displace", "game.kr"):
        if not catalog().has(key):
            missing.append(key)
    assert not missing, sorted(set(missing))


def _grid_reasons(module) -> list[str]:
    """The reason codes engine/kr/hordegrid.py returns for an illegal placement."""
    source = Path(module.__file__).read_text(encoding="utf-8")
    returns = [n.value for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Return)]
    return sorted({r.value for r in returns if isinstance(r, ast.Constant) and isinstance(r.value, str)})
