"""Clash of Decks in words: card names, one-line card summaries, destinations and menu labels,
all from the engine's card data and the message catalog."""
from __future__ import annotations

from engine.clash.cards import CARDS
from gamehost.i18n import t


def card_name(card_id: str, locale: str) -> str:
    card = CARDS.get(card_id)
    if card is None:
        return card_id
    return card["name"]["zh" if locale == "zh-CN" else "en"]


def card_line(card_id: str, locale: str) -> str:
    """Bold name, cost, stats and abilities: one line of a hand listing."""
    card = CARDS[card_id]
    abilities = " ".join(t(f"clash.ability.{a}", locale) for a in card.get("abilities", []))
    if card["type"] == "creature":
        stats = f"⚔{card['av']} ❤{card['hp']}"
    else:
        stats = t("clash.ui.spell", locale)
    return f"**{card_name(card_id, locale)}** ({card['cost']}💧 {stats}){' · ' + abilities if abilities else ''}"


def card_summary(card_id: str, locale: str) -> str:
    """Cost, stats and abilities in plain words, for a menu entry's description."""
    card = CARDS.get(card_id)
    if card is None:
        return ""
    if card["type"] == "creature":
        return f"{card['cost']} mana · AV {card['av']} · HP {card['hp']} · " + ", ".join(
            t(f"clash.ability.{a}", locale) for a in card.get("abilities", []))
    return f"{card['cost']} mana · " + t("clash.ui.spell", locale)


def describe_destination(view: dict, names: list[str], dest: str, locale: str) -> str:
    """Human words for a lane (``top``), a target (``@1.top.1``) or a Possess host
    (``on @0.top.2``), read from the public view."""
    possess = dest.startswith("on ")
    ref = dest[3:] if possess else dest
    if not ref.startswith("@"):
        return t(f"clash.ui.lane.{ref}", locale)
    try:
        seat_text, lane, pos = ref[1:].split(".")
        seat, index = int(seat_text), int(pos) - 1
        creature = view["lanes"][lane][seat][index]
        text = t("clash.ui.target", locale, card=card_name(creature["card"], locale), player=names[seat],
                 lane=t(f"clash.ui.lane.{lane}", locale), pos=index + 1)
    except (ValueError, KeyError, IndexError):
        text = ref
    return t("clash.ui.possess", locale, target=text) if possess else text


def action_label(notation: str, locale: str) -> str:
    """A menu label for a non-card move (a draft pick, a deck choice)."""
    verb, _, rest = notation.partition(" ")
    if verb in ("pick", "choose") and rest in CARDS:
        return f"{card_name(rest, locale)} — {card_summary(rest, locale)}"
    if verb == "deck":
        return t("clash.ui.deck", locale, deck=t(f"clash.deck.{rest}", locale))
    return notation
