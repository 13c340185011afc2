"""What a Clash card does, in one line that fits a Discord menu entry (100 characters):
cost, stats, each ability in plain words (self-harming ones first) and a spell's effect."""
from __future__ import annotations

import re

from engine.clash.cards import CARDS
from gamehost.i18n import t

LIMIT = 100  # Discord's limit for a select option's description and an autocomplete name
SELF_HARM = ("BLOOD_PRICE", "MERCENARY", "THORNS")  # what a newcomer must not miss


def _shorten(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ·,;:") + "…"


def _effect_text(card: dict, locale: str) -> str:
    """The card's printed text without the sentences that only name its abilities."""
    text = card.get("text", {}).get("zh" if locale == "zh-CN" else "en", "")
    names = {t(f"clash.ability.{a}", locale) for a in card.get("abilities", [])}
    sentences = re.split(r"(?<=[.。])\s*", text)
    kept = [s for s in sentences if s and s.strip("。. 【】") not in names]
    return " ".join(kept).strip()


def card_help(card_id: str, locale: str, limit: int = LIMIT) -> str:
    card = CARDS.get(card_id)
    if card is None:
        return ""
    mana = t("clash.ui.mana_cost", locale, n=card["cost"])
    if card["type"] == "creature":
        head = f"{mana} · ⚔{card['av']} ❤{card['hp']}"
    else:
        head = f"{mana} · " + t("clash.ui.spell", locale)
    abilities = sorted(card.get("abilities", []), key=lambda a: a not in SELF_HARM)
    parts = [f"{t(f'clash.ability.{a}', locale)}: {t(f'clash.ability_help.{a}', locale)}" for a in abilities]
    if card["type"] != "creature":
        effect = _effect_text(card, locale)
        if effect:
            parts.append(effect)
    return _shorten(" · ".join([head, *parts]), limit)
