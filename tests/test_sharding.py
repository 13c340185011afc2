"""Sharded bot processes (issue 23): SHARD_COUNT / SHARD_IDS reach discord.py's
AutoShardedBot, only the process that is to sync the slash commands does, and SimCord drives
a sharded bot as it drives the default one. No network: the bot is inspected and its
setup_hook run, never connected (a sync would need the application id a login brings, so a
process that tried would fail here)."""
from __future__ import annotations

import logging

import discord
import pytest
import pytest_asyncio

from bot import GameBot, create_bot
from gamehost.config import Settings
from tests.support.bot import World, close_bot


def sharded(db_path: str, **env: str) -> GameBot:
    return create_bot(Settings.from_env({"DATABASE_PATH": db_path, "COMMAND_BURST": "0", **env}))


def test_shard_settings_reach_the_bot(db_path):
    bot = sharded(db_path, SHARD_COUNT="4", SHARD_IDS="2,3")
    assert isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_count == 4 and tuple(bot.shard_ids or ()) == (2, 3)
    assert not bot.settings.sync_commands  # shard 0 runs elsewhere: that process syncs


def test_unset_shards_are_discords_choice(db_path):
    bot = sharded(db_path)
    assert isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_count is None and bot.shard_ids is None  # discord.py asks Discord at connect
    assert bot.settings.sync_commands


async def test_a_process_without_shard_0_does_not_sync(db_path, caplog):
    bot = sharded(db_path, SHARD_COUNT="4", SHARD_IDS="2,3")
    caplog.set_level(logging.INFO, logger="bot")
    try:
        await bot.setup_hook()  # would raise MissingApplicationID had it tried to sync
    finally:
        await bot.close_services()
    said = [r.getMessage() for r in caplog.records if "not synced" in r.getMessage()]
    assert said == ["slash commands not synced by this process (shards 2,3): another process syncs them"]


async def test_the_process_with_shard_0_syncs(db_path):
    bot = sharded(db_path, SHARD_COUNT="4", SHARD_IDS="0,1")
    assert bot.settings.sync_commands
    try:
        with pytest.raises(discord.app_commands.MissingApplicationID):  # it tried: it needs a login
            await bot.setup_hook()
    finally:
        await bot.close_services()


@pytest_asyncio.fixture
async def simcord_bot(db_path):
    bot = sharded(db_path, SHARD_COUNT="2", MATCH_SEED="7")
    yield bot
    await close_bot(bot)


async def test_simcord_drives_a_two_shard_bot(simcord_env, simcord_bot):
    world = World(simcord_env, simcord_bot)
    assert sorted(simcord_bot.shards) == [0, 1]
    assert [state["id"] for state in simcord_bot.shard_states()] == [0, 1]
    assert all(state["connected"] for state in simcord_bot.shard_states())
    result = await world.alice.slash(world.channel, "clash new")
    assert not result.ephemeral
    await world.bob.click(world.channel.last_message, label="Join")
    started = await world.alice.click(world.channel.last_message, label="Start")
    assert started.acknowledged and (await world.match()).status == "active"
