"""Help in Discord (issue 22, item 3): ``/help``, every game's ``/<game> rules`` (paged,
private unless asked otherwise, English and Chinese, each page ending with rule IDs that
exist in docs/rules/), every command the help, rules and hints name is registered with those
option names, and a refused move first says in words what the player can do now."""
from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from gamehost.i18n import LOCALES, catalog, t
from gamehost.registry import plugins
from cogs.help import EMBED_LIMIT, help_pages, rules_command, rules_page_count, rules_pages

ROOT = Path(__file__).resolve().parents[2]
GAMES = [p.id for p in plugins()]
BACKTICKED = re.compile(r"`([^`]*)`")
BARE_COMMAND = re.compile(r"(?<![\w/<])/[a-z]")
RULE_ID = re.compile(r"\b([A-Z]{2,3}-[A-Z]{2,5})-(\d+)(?:\.\.(\d+))?")



def help_texts() -> dict[str, str]:
    """Every text the help, the rules pages and the refusal hints show, by key and language."""
    prefixes = ("help.", *(f"{g}.rules." for g in GAMES), *(f"{g}.hint." for g in GAMES))
    return {f"{key} [{loc}]": texts[loc] for key, texts in catalog().entries.items()
            if key.startswith(prefixes) for loc in LOCALES}


def registered(tree: discord.app_commands.CommandTree) -> dict[str, set[str] | None]:
    """Every command path (``match create``) with its options' names (None for a group)."""
    out: dict[str, set[str] | None] = {}

    def walk(command) -> None:
        if isinstance(command, discord.app_commands.Group):
            out[command.qualified_name] = None
            for sub in command.commands:
                walk(sub)
        else:
            out[command.qualified_name] = {p.display_name for p in command.parameters}

    for command in tree.get_commands():
        walk(command)
    return out


def check_commands(text: str, commands: dict[str, set[str] | None]) -> list[str]:
    """What is wrong with the commands ``text`` names: a slash command outside backticks, a
    command that is not registered, an option it does not have."""
    problems = [f"not in backticks: {text!r}"] if BARE_COMMAND.search(BACKTICKED.sub("", text)) else []
    for quoted in BACKTICKED.findall(text):
        if not quoted.startswith("/"):
            continue
        words = quoted[1:].split()
        path = [w for w in words if ":" not in w and w != "…"]
        rest = words[len(path):]
        name = " ".join(path)
        if name not in commands:
            problems.append(f"/{name} is not a registered command")
            continue
        for word in rest:
            if word == "…":
                continue
            option = word.split(":", 1)[0]
            if ":" not in word or commands[name] is None or option not in commands[name]:
                problems.append(f"/{name} has no option {option!r}")
    return problems


def refused_hint(game: str, text: str, locale: str = "en") -> bool:
    """Whether ``text`` starts (after the warning sign) with one of the game's hints."""
    body = text.removeprefix("⚠️ ")
    return any(body.startswith(t(key, locale)) for key in catalog().entries if key.startswith(f"{game}.hint."))


def labels(components) -> list[str]:
    """Every label among ``components`` (rows and their children, as objects or payloads)."""
    out = []
    for item in components:
        get = item.get if isinstance(item, dict) else (lambda name, item=item: getattr(item, name, None))
        if get("label"):
            out.append(get("label"))
        out += labels(get("components") or get("children") or [])
    return out


# -- content --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_rules_pages_a_pitch_and_a_hint_for_every_verb(game):
    assert rules_page_count(game) >= 4, "goal, a turn, the board, the moves and the notation"
    assert catalog().has(f"{game}.rules.pitch")
    verbs = [row.verb for row in plugins_by_id()[game].engine.grammar.verbs]
    missing = [v for v in verbs if not catalog().has(f"{game}.hint.{v}")]
    assert not missing, f"{game}: no hint for {missing}"
    stray = [k for k in catalog().entries if k.startswith(f"{game}.hint.") and k.rsplit(".", 1)[1] not in verbs]
    assert not stray, f"hints of verbs the game does not have: {stray}"


def plugins_by_id():
    return {p.id: p for p in plugins()}


@pytest.mark.parametrize("game", GAMES)
def test_every_rules_page_ends_with_rule_ids_that_exist(game):
    rules_text = "\n".join(path.read_text(encoding="utf-8") for path in (ROOT / "docs" / "rules").glob("*.md"))
    for n in range(1, rules_page_count(game) + 1):
        refs = t(f"{game}.rules.{n}.refs", "en")
        found = RULE_ID.findall(refs)
        assert found, f"{game} page {n}: no rule IDs"
        for prefix, first, last in found:
            for number in {first, last or first}:
                assert f"**{prefix}-{number}**" in rules_text, f"{game} page {n}: {prefix}-{number} is not a rule"
        for locale in LOCALES:
            assert rules_pages(game, locale)[n - 1].description.endswith(refs)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_page_fits_discord(locale):
    pages = help_pages(locale) + [page for game in GAMES for page in rules_pages(game, locale)]
    for page in pages:
        assert len(page.description or "") <= EMBED_LIMIT and len(page.title or "") <= 256, page.title
    if locale == "zh-CN":  # the Chinese pages are Chinese, not English left untranslated
        assert all(re.search(r"[\u4e00-\u9fff]", page.description or "") for page in pages)


def test_help_names_every_game_and_its_rules_command():
    for locale in LOCALES:
        games = help_pages(locale)[0].description
        for game in GAMES:
            assert t(f"game.{game}", locale) in games and f"`{rules_command(None, game)}`" in games
            assert t(f"{game}.rules.pitch", locale) in games


async def test_every_command_the_help_rules_and_hints_name_is_registered(world):
    commands = registered(world.bot.tree)
    assert "help" in commands and commands["rules"] == {"game", "public"}
    for game in GAMES:  # the kit gives every game /<game> rules (each group has room for it)
        shown = rules_command(world.bot.tree, game)
        assert not check_commands(f"`{shown}`", commands)
        assert shown == f"/{game} rules" and len(world.bot.tree.get_command(game).commands) <= 25
    texts = dict(help_texts())
    texts.update({f"/help page {n} [{loc}]": page.description for loc in LOCALES
                  for n, page in enumerate(help_pages(loc, world.bot.tree))})
    problems = [f"{key}: {problem}" for key, text in texts.items() for problem in check_commands(text, commands)]
    assert not problems, "\n".join(problems)
    assert check_commands("`/clash fly where:top` `/clash play colour:red` /help", commands) == [
        "not in backticks: '`/clash fly where:top` `/clash play colour:red` /help'",
        "/clash fly is not a registered command", "/clash play has no option 'colour'"]


# -- /help and /<game> rules through Discord ------------------------------------------------


async def test_help_is_private_and_pages_only_for_the_reader(world):
    shown = await world.alice.slash(world.channel, "help")
    assert shown.ephemeral
    first = shown.response.embeds[0]
    assert first.title == "Help: the games" and "`/kr rules`" in first.description
    turned = await world.alice.click(shown.response, label="Next ▶")
    page = turned.response.embeds[0] if turned.response is not None else None
    assert page is not None and page.title == "Help: starting a match", page
    assert "`/match create`" in page.description
    assert not [m for m in world.channel.history() if m.embeds], "nothing was posted in the channel"


async def test_help_in_the_readers_language(world, locales):
    locales[world.bob.id] = "zh-CN"
    shown = await world.bob.slash(world.channel, "help")
    assert shown.ephemeral and shown.response.embeds[0].title == "帮助：游戏"


@pytest.mark.parametrize("game", GAMES)
async def test_rules_are_paged_privately_and_publicly_on_request(world, game):
    words = rules_command(world.bot.tree, game)[1:].split()
    command = " ".join(w for w in words if ":" not in w)
    options = dict(w.split(":") for w in words if ":" in w)
    shown = await world.alice.slash(world.channel, command, **options)
    assert shown.ephemeral
    pages = rules_pages(game, "en")
    assert shown.response.embeds[0].description == pages[0].description
    turned = await world.alice.click(shown.response, label="Next ▶")
    assert turned.response.embeds[0].description == pages[1].description
    assert f"Page 2 of {len(pages)}" in labels(turned.response.components)
    public = await world.alice.slash(world.channel, command, **options, public=True)
    assert not public.ephemeral and public.response.embeds[0].title == pages[0].title


# -- refusals say first what can be done now -------------------------------------------------


async def _started(world, game: str, **options):
    await world.alice.slash(world.channel, f"{game} new", **options)
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    row = await world.match()
    engine = plugins_by_id()[game].engine
    seat = engine.prompts(row.state)[0].seat
    return world.users[row.seats[seat]["user_id"]], row


WRONG = {  # a command the prompted player cannot use right after the start
    "clash": ("clash end", {}),
    "cloudspire": ("cloudspire buy", {"item": "the_moon"}),
    "evs": ("evs declare", {"first": "deploy", "second": "action"}),
    "kr": ("kr approve", {}),
}


@pytest.mark.parametrize("game", GAMES)
async def test_a_refused_move_says_first_in_words_what_can_be_done(world, game):
    actor, row = await _started(world, game)
    command, options = WRONG[game]
    refused = await actor.slash(world.channel, command, **options)
    text = refused.response.content
    assert refused.ephemeral and text.startswith("⚠️ ")
    assert re.match(r"⚠️ [A-Z][a-z]+[ :,]", text), f"starts with words: {text[:80]!r}"
    assert refused_hint(game, text), text
    assert not check_commands(text.split("\n")[0], registered(world.bot.tree)), text
    assert re.search(rf"`/{game} [a-z]", text.split("\n")[0]), "the hint names a command to type"
    assert f"/{command}" in text, "the refusal still restates the command"
    assert (await world.match()).version == row.version


async def test_a_refusal_in_chinese_starts_with_a_chinese_hint(world, locales):
    locales[world.alice.id] = locales[world.bob.id] = "zh-CN"
    actor, _ = await _started(world, "evs", language="en")
    refused = await actor.slash(world.channel, "evs declare", first="deploy", second="action")
    assert refused_hint("evs", refused.response.content, "zh-CN"), refused.response.content
