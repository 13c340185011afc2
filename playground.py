"""Offline playground: the real, unmodified bot against SimCord's simulated Discord.

    python -m playground            # prints a localhost URL; open it in a browser

The page shows #games in a server with four members (alice, bob, carol, dave). Type the
slash commands, click the buttons, and switch "viewing as" between members to play every
seat. DMs the bot sends (private hands, draft picks) are visible to their recipient.
Nothing leaves this machine and no Discord token is needed.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time

MEMBERS = ("alice", "bob", "carol", "dave")


def new_commands() -> str:
    """``/<id> new`` for every registered game: "/a new, /b new or /c new"."""
    from gamehost.registry import plugins

    commands = [f"/{game.id} new" for game in plugins()]
    return " or ".join(filter(None, [", ".join(commands[:-1]), commands[-1]])) if commands else "/match create"


async def serve(port: int | None, database: str) -> None:
    import simcord

    from bot import create_bot
    from gamehost.config import Settings

    settings = Settings.from_env({"DATABASE_PATH": database, "SHARD_COUNT": "1"})  # one simulated shard
    bot = create_bot(settings)
    bot.sets_aside_heap = True  # a long-running process, as bot.main's
    try:
        await play(simcord, bot, port)
    finally:  # Ctrl+C cancels the play: close the database, whose thread would keep Python up
        await bot.close_services()


async def play(simcord, bot, port: int | None) -> None:
    async with simcord.run(bot) as env:
        # The command rate limit stays on (a person clicks at human speed), but SimCord's clock
        # stands still between clicks, so the limit counts real seconds here.
        assert bot.host is not None  # made by the bot's setup_hook, which simcord.run awaited
        bot.host.service.commands.clock = time.monotonic
        guild = env.create_guild("Playground")
        channel = guild.create_text_channel("games")
        members = [guild.add_member(env.create_user(name)) for name in MEMBERS]
        async with env.preview(channel, viewers=members, layout="channel", port=port) as preview:
            print("\nPlayground ready. Open this address in a browser on this machine:\n")
            print(f"    {preview.url}\n")
            print(f"Try {new_commands()}, then Join as other members (switch 'viewing as'), then Start.")
            print("Press Ctrl+C to stop.\n", flush=True)
            await preview.wait_closed()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=None, help="loopback port (default: any free port)")
    parser.add_argument("--database", default=None,
                        help="SQLite file to keep playground matches in (default: a temporary file)")
    args = parser.parse_args()
    database = args.database or os.path.join(tempfile.mkdtemp(prefix="playground-"), "matches.sqlite3")
    try:
        asyncio.run(serve(args.port, database))
    except KeyboardInterrupt:
        print("Playground stopped.", flush=True)
    except ImportError as missing:  # run without ./scripts/playground.sh's extras
        raise SystemExit(f"The playground needs {missing.name or 'SimCord'}: run ./scripts/playground.sh, "
                         "which installs it.") from None
    except Exception as error:
        if type(error).__name__ != "SetupError":  # SimCord's: its preview's runtime is missing
            raise
        raise SystemExit(f"The playground could not start: {error} (./scripts/playground.sh installs "
                         "everything it needs).") from None


if __name__ == "__main__":
    main()
