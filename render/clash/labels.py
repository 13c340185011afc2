"""The words the pictures draw, from the message catalog (``locales/clash/render.json``;
ability names from ``locales/clash/core.json``), in the picture's language when the bundled fonts
can draw it (DejaVu and the CJK fallback: Chinese does draw), otherwise in English
(``render.common.label``)."""

from __future__ import annotations

from render.common import has_label, has_readable, label, prettify_id, safe_text

from .content import deck_name

#: drawbacks (CD-THR-3, CD-MER-3) get a different pill colour
NEGATIVE_ABILITIES = frozenset({"THORNS", "MERCENARY"})

#: the cards each player drafts or builds (CD-FMT-2); shown as "5 of 8 cards picked"
DECK_CARDS = 8


def text(key: str, lang: str, /, **params) -> str:
    """``clash.render.<key>`` in ``lang`` (English if the font cannot draw it)."""
    return label(f"clash.render.{key}", lang, **params)


def ability_abbr(ability: str, lang: str = "en") -> str:
    key = f"clash.render.abbr.{ability}"
    if has_label(key):
        return label(key, lang)
    return safe_text(str(ability))[:3].upper() or "?"


def ability_name(ability: str, lang: str = "en") -> str:
    key = f"clash.ability.{ability}"
    if has_label(key):
        return label(key, lang)
    return prettify_id(str(ability).lower())


def _optional(key: str, lang: str) -> str | None:
    full = f"clash.render.{key}"
    return label(full, lang) if has_label(full) else None


def phase_label(phase: object, lang: str) -> str | None:
    return _optional(f"phase.{phase}", lang) if phase else None


def stage_label(stage: object, lang: str) -> str | None:
    """The stage's title; ``""`` while playing (the turn says it all); None if unknown."""
    if stage == "play":
        return ""
    return _optional(f"stage.{stage}", lang) if stage else None


def format_label(fmt: object, lang: str) -> str | None:
    return _optional(f"format.{fmt}", lang) if fmt else None


def reason_label(reason: object, lang: str, loser: str) -> str:
    full = f"clash.render.reason.{reason}"
    return label(full, lang, loser=loser) if reason and has_label(full) else ""


def player_label(seat: int, lang: str) -> str:
    return text("seat.player", lang, n=seat + 1)


def seat_name(seat_names: list[str] | None, seat: int, lang: str, is_ai: bool = False) -> str:
    raw = ""
    if seat_names and 0 <= seat < len(seat_names) and seat_names[seat] is not None:
        raw = safe_text(seat_names[seat]).strip()
    if raw and has_readable(raw):
        return raw
    if is_ai:
        return text("seat.ai", lang)
    return player_label(seat, lang)  # no name, or one the fonts cannot draw at all (emoji...)


def deck_label(deck: object, lang: str) -> str:
    """"Deck: Ember" for a preconstructed deck id ("牌组:余烬军团" in Chinese)."""
    return label("clash.ui.deck", lang, deck=deck_name(deck, lang))


def game_title(lang: str) -> str:
    return label("game.clash", lang)


def side_label(side: str, lang: str) -> str:
    """The fort card's side as the health box names it."""
    return text("panel.bastion", lang) if side != "fort" else text("panel.fort_last", lang)
