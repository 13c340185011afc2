"""Slash-command localizations (names, descriptions, choices) from the message catalog."""
from __future__ import annotations

import discord
from discord import app_commands

from gamehost.i18n import catalog

NAME_LOCATIONS = {
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
}
DESCRIPTION_KEYS = {
    app_commands.TranslationContextLocation.parameter_description: "arg.",
}


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        if locale not in (discord.Locale.chinese, discord.Locale.taiwan_chinese):
            return None
        key: str | None
        if context.location in NAME_LOCATIONS:
            key = "name." + string.message
        else:
            key = string.extras.get("key")
        if not key or not catalog().has(key):
            return None
        return catalog().t(key, "zh-CN")
