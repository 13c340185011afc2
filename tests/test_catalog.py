"""The message catalog: complete in English and Simplified Chinese, and used consistently."""
import re
from pathlib import Path

import discord
import pytest
from discord import app_commands

from gamehost.i18n import Catalog, CatalogError, catalog, normalize_locale, t

ROOT = Path(__file__).resolve().parent.parent


def test_every_key_has_both_languages_and_matching_placeholders():
    entries = Catalog.load().entries
    assert len(entries) > 100
    for key, texts in entries.items():
        assert texts["en"].strip() and texts["zh-CN"].strip(), key


def test_catalog_rejects_a_missing_translation(tmp_path):
    (tmp_path / "x.json").write_text('{"a.b": {"en": "hi"}}', encoding="utf-8")
    with pytest.raises(CatalogError):
        Catalog.load(tmp_path)


def test_locale_follows_discord_locale():
    assert normalize_locale("zh-CN") == "zh-CN"
    assert normalize_locale("zh-TW") == "zh-CN"
    assert normalize_locale("en-US") == "en"
    assert normalize_locale("fr") == "en"
    assert t("host.err.not_active", "zh-CN") == "这局对局不在进行中。"
    assert t("host.lobby.seat", "en", n=2, name="bob") == "Seat 2: bob"


def codes_raised_in(package: str) -> set[str]:
    codes = set()
    for path in (ROOT / package).rglob("*.py"):
        codes |= set(re.findall(r'IllegalAction\(\s*"([a-z_.]+)"', path.read_text(encoding="utf-8")))
        codes |= set(re.findall(r'ServiceError\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    return codes


@pytest.mark.parametrize("package", ["engine/clash", "gamehost", "cogs"])
def test_every_error_code_is_in_the_catalog(package):
    missing = []
    for code in codes_raised_in(package):
        key = code if "." in code else f"host.err.{code}"
        if not catalog().has(key):
            missing.append(key)
    assert not missing, f"catalog lacks: {sorted(missing)}"


async def test_slash_commands_carry_chinese_names_and_descriptions(tmp_path):
    from bot import create_bot
    from cogs.translator import CatalogTranslator
    from gamehost.config import Settings

    bot = create_bot(Settings.from_env({"DATABASE_PATH": str(tmp_path / "x.sqlite3")}))
    await bot.load_extension("cogs.lobby")
    translator = CatalogTranslator()
    lobby = bot.tree.get_command("match")
    ctx_name = app_commands.TranslationContext(app_commands.TranslationContextLocation.group_name, lobby)
    assert await translator.translate(app_commands.locale_str("match"), discord.Locale.chinese, ctx_name) == "对局"
    for command in lobby.commands:
        ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, command)
        assert await translator.translate(app_commands.locale_str(command.name), discord.Locale.chinese, ctx), command.name
        desc = command._locale_description
        ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_description, command)
        assert await translator.translate(desc, discord.Locale.chinese, ctx), command.name
    assert await translator.translate(app_commands.locale_str("match"), discord.Locale.american_english, ctx_name) is None
