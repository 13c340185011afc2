"""Every reader's language (issue 22, item 4): each interaction records the user's Discord
locale; DMs and private replies use the reader's language while the channel uses the
match's. SimCord 3.2 sends every interaction as en-US, so the payload's locale is set per
user here, as Discord sets it from each user's client."""
from __future__ import annotations

import re

import pytest


CJK = re.compile(r"[\u4e00-\u9fff]")



def _said(messages) -> str:
    """Every text of ``messages``: content, embed titles, descriptions and fields."""
    parts = []
    for message in messages:
        parts.append(message.content or "")
        for embed in message.embeds:
            parts += [embed.title or "", embed.description or ""]
            parts += [f"{field.name} {field.value}" for field in embed.fields]
    return "\n".join(parts)


async def _duel(world, locales, creator: str, joiner: str):
    locales[world.alice.user.id] = creator
    locales[world.bob.user.id] = joiner
    await world.alice.slash(world.channel, "clash new")
    await world.bob.click(world.channel.last_message, label="加入" if creator == "zh-CN" else "Join")
    await world.alice.click(world.channel.last_message, label="开始" if creator == "zh-CN" else "Start")
    return await world.match()


async def test_a_chinese_reader_in_an_english_match_reads_chinese_privately(world, locales):
    row = await _duel(world, locales, "en-US", "zh-CN")
    assert row.locale == "en"
    assert await world.service.user_locale(world.bob.user.id) == "zh-CN"  # recorded from the button
    assert CJK.search(_said(world.bob.user.dm_channel.history())), "Bob's DMs are in Chinese"
    assert not CJK.search(_said(world.alice.user.dm_channel.history())), "Alice's DMs stay English"
    assert not CJK.search(_said(world.channel.history())), "the channel stays English"
    view = await world.bob.slash(world.channel, "clash view")
    assert view.ephemeral and CJK.search(_said([view.response, *view.followups]))


async def test_an_english_reader_in_a_chinese_match_reads_english_privately(world, locales):
    locales[world.bob.user.id] = "en-US"
    row = await _duel(world, locales, "zh-CN", "en-US")
    assert row.locale == "zh-CN"
    dms = world.bob.user.dm_channel.history()
    assert dms and not CJK.search(_said(dms)), "Bob's DMs are in English"
    assert CJK.search(_said(world.channel.history())), "the channel is in Chinese"
    view = await world.bob.slash(world.channel, "clash view")
    assert view.ephemeral and not CJK.search(_said([view.response, *view.followups]))
