"""Screenshots of the playground's preview (SimCord's browser view of the real bot) at desktop
and at phone width, to look at boards where people see them.

    .venv/bin/python -m tools.preview_shots <game> [--moves N] [--seats N] [--lang en|zh-CN] [--out DIR]
        [--new OPTION=VALUE ...]     # more options of /<game> new, e.g. --new mode=solo --seats 1

Starts the bot against SimCord (as ``python -m playground`` does), opens a live match of
``<game>`` with N members, plays N random legal moves through ``/<game> act`` (each seat's
own legal moves, seeded), then opens the preview in headless Chromium through Playwright and
saves ``<out>/<game>_desktop.png`` (1280 x 900) and ``<out>/<game>_phone.png`` (400 x 860)
(with ``--new``, the option values join the name: ``cloudspire_solo_desktop.png``).
Needs the ``shots`` extra (``./scripts/setup.sh test,playground,shots``) and a Chromium
(``apt-get install chromium``; ``--chromium PATH`` if it is elsewhere).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import tempfile
from typing import Any

MEMBERS = ("alice", "bob", "carol", "dave")
VIEWPORTS = {"desktop": (1280, 900), "phone": (400, 860)}


async def shoot(url: str, path: str, size: tuple[int, int], chromium: str) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = await browser.new_page(viewport={"width": size[0], "height": size[1]},
                                      device_scale_factor=1, is_mobile=size[0] < 500)
        await page.goto(url)
        await page.wait_for_load_state("networkidle")
        await page.wait_for_timeout(2000)  # the preview draws with scripts after loading
        await page.screenshot(path=path)
        pictures = page.locator("img[src*='board'], img[alt*='board']")
        if await pictures.count():  # the latest board, scrolled into view
            await pictures.last.scroll_into_view_if_needed()
            await page.wait_for_timeout(500)
            await page.screenshot(path=path.replace(".png", "_board.png"))
        await browser.close()


def act_option(bot: Any, game: str) -> str:
    """The name of ``/<game> act``'s move parameter."""
    command = bot.tree.get_command(game).get_command("act")
    return command.parameters[0].name


async def play(env: Any, bot: Any, channel: Any, members: list, game: str, moves: int, seed: int) -> None:
    from gamehost.snapshot import snapshot

    rnd = random.Random(seed)
    option = act_option(bot, game)
    for _ in range(moves):
        row = await bot.host.service.in_channel(channel.id)
        if row is None or row.status != "active":
            return
        snap = snapshot(row)
        humans = [s for s in snap.waiting if not row.seats[s].get("bot")]
        if not humans:
            return
        seat = humans[0]
        legal = snap.for_seat(seat).legal
        if not legal:
            return
        member = next(m for m in members if m.id == row.seats[seat]["user_id"])
        await member.slash(channel, f"{game} act", **{option: rnd.choice(legal)})


async def main(args: argparse.Namespace) -> None:
    import simcord

    from bot import create_bot
    from gamehost.config import Settings

    database = os.path.join(tempfile.mkdtemp(prefix="shots-"), "matches.sqlite3")
    bot = create_bot(Settings.from_env({"DATABASE_PATH": database, "COMMAND_BURST": "0", "MATCH_SEED": "7",
                                          "SHARD_COUNT": "1"}))  # one simulated shard
    async with simcord.run(bot) as env:
        guild = env.create_guild("Playground")
        channel = guild.create_text_channel("games")
        members = [guild.add_member(env.create_user(name)) for name in MEMBERS[:max(args.seats, 2)]]
        extra = dict(option.split("=", 1) for option in args.new)
        await members[0].slash(channel, f"{args.game} new", pace="live", language=args.lang, **extra)
        assert channel.last_message is not None, "the lobby was not posted"
        lobby_id = channel.last_message.id

        def lobby() -> Any:  # as it is now (each seat change edits it: new button versions)
            return next(m for m in channel.history() if m.id == lobby_id)
        for member in members[1:args.seats]:
            await member.click(lobby(), custom_id=_button(lobby(), "join"))
        await members[0].click(lobby(), custom_id=_button(lobby(), "start"))
        await play(env, bot, channel, members, args.game, args.moves, args.seed)
        os.makedirs(args.out, exist_ok=True)
        async with env.preview(channel, viewers=members, layout="channel") as preview:
            for name, size in VIEWPORTS.items():
                path = os.path.join(args.out, "_".join([args.game, *extra.values(), name]) + ".png")
                await shoot(preview.url, path, size, args.chromium)
                print(path)
    assert bot.host is not None  # made by the bot's setup_hook
    await bot.host.service.close()


def _button(message: Any, verb: str) -> str:
    """The custom id of the lobby button for ``verb`` (labels follow the match's language)."""
    for row in message.components:
        for item in row.children:
            if (item.custom_id or "").endswith(f":{verb}"):
                return item.custom_id
    raise LookupError(f"no {verb} button")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--lang", default="en", choices=("en", "zh-CN"))
    parser.add_argument("--out", default="/tmp/preview_shots")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--new", nargs="*", default=[], metavar="OPTION=VALUE",
                        help="more options of /<game> new (e.g. mode=solo)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(parse()))
