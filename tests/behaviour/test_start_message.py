"""Every game's start message (the lobby, left as the record of who sat where) tells a
newcomer where the how-to-play is: the game's own ``/<game> rules`` command, or ``/rules
game:<game>`` where the game's command group has no room for it."""
from __future__ import annotations

import pytest

from gamehost.registry import plugins
from tests.behaviour.test_lobby import lobby_messages

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.mark.parametrize("game", [p.id for p in plugins()])
async def test_the_start_message_names_the_rules_command(world, game):
    created = await world.alice.slash(world.channel, f"{game} new")
    assert not (created.response.content or "").startswith("⚠️"), created.response.content
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(lobby_messages(world.channel)[0], label="Start")
    record = lobby_messages(world.channel)[0].embeds[0].description
    group = world.bot.tree.get_command(game)
    command = f"/{game} rules" if group.get_command("rules") is not None else f"/rules game:{game}"
    assert f"`{command}`" in record, record
    assert world.bot.tree.get_command("rules") is not None or group.get_command("rules") is not None


async def test_the_start_message_speaks_the_match_language(world):
    """A 简体中文 match's record points to the rules in Chinese."""
    await world.alice.slash(world.channel, "clash new", language="zh-CN")
    lobby_id = world.channel.last_message.id
    await world.bob.click(world.channel.last_message, label="加入")
    await world.alice.click(world.channel.last_message, label="开始")
    record = next(m for m in world.channel.history() if m.id == lobby_id).embeds[0].description
    assert "第一次玩" in record and "`/clash rules`" in record, record
