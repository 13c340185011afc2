"""Text as a person would write it: what the catalog scan (tests/test_catalog_prose.py) and
the narration scan (tests/test_narration.py) look for in a sentence meant for people, in
English and Chinese.

- "(s)" / "(es)" instead of a real plural form;
- a count that does not agree with its noun ("1 ranked games", "2 option");
- a zero effect told ("+0 attack", "heals 0", "0 damage", "gains 0");
- a doubled word ("the the", "a a");
- a raw id (a snake_case token) or move notation ("@0.top.1") outside backticks.
"""
from __future__ import annotations

import re

# countable nouns of the catalog's sentences (singular; the plural adds "s" or "es")
NOUNS = ("card", "crystal", "round", "game", "option", "choice", "placement", "entrant", "soldier",
         "token", "wound", "unit", "command", "tournament", "lobby", "match", "heart", "minion",
         "spire", "bot", "thread", "bye", "step", "square", "tile", "player", "seat", "point", "hour",
         "minute", "second", "wave", "turn", "die", "hero", "tower", "spell", "ability",
         "marker", "debuff", "buff", "hex", "action", "page", "relic", "landmark", "chip", "site",
         "horde", "tray", "portal", "scenario", "figure", "piece", "structure", "entry", "team", "life")
# nouns that are verbs too ("Alice wins", "the hero moves"): looked for only after a number
VERB_NOUNS = ("win", "draw", "loss", "move", "stage")
_PLURAL = {n: ("dice" if n == "die" else n[:-1] + "ies" if n.endswith("y") and n[-2] not in "aeiou"
               else n + "es" if n.endswith(("s", "x", "ch", "sh")) else n + "s") for n in NOUNS + VERB_NOUNS}
_PLURAL["life"] = "lives"
_SINGULAR_ALT = "|".join(sorted(NOUNS + VERB_NOUNS, key=len, reverse=True))
_PLURAL_ALT = "|".join(sorted(_PLURAL.values(), key=len, reverse=True))
PLURAL_NOUNS = tuple(_PLURAL[n] for n in NOUNS)
# "1 ranked games", "1 more cards": the count, at most one word between, then the noun
ONE_WITH_PLURAL = re.compile(rf"(?<![\d.,/:-])\b1 (?:[a-z-]+ )?(?:{_PLURAL_ALT})\b")
MANY_WITH_SINGULAR = re.compile(rf"(?<![\d.,/:-])\b(?:[02-9]|\d\d+) (?:[a-z-]+ )?(?:{_SINGULAR_ALT})\b"
                                rf"(?!['’]s| (?:{_SINGULAR_ALT}|{_PLURAL_ALT})\b)")

PAREN_PLURAL = re.compile(r"\((?:s|es)\)")
DOUBLED = re.compile(r"\b([A-Za-z]+) \1\b", re.IGNORECASE)
CJK_DOUBLED = re.compile(r"([\u4e00-\u9fff]{2,})\1")
SNAKE = re.compile(r"(?<![\w`/.:=<>@-])[a-z][a-z0-9]*_[a-z0-9_]+\b(?![:=(])")
NOTATION = re.compile(r"@\d+\.[a-z]+|\b[a-z]+ [a-z_]+ @\d")

_EFFECT_VERBS = r"heals?|regains?|gains?|loses?|deals?|takes?|removes?|recalls?|restores?|draws?|pays?"
ZERO_EFFECT_EN = re.compile(rf"(?<![\w.,/])[+−-]0(?![\d.,])|\b(?:{_EFFECT_VERBS}) (?:up to )?0\b(?![\d.,/])"
                            r"|(?<![\d.,/-])\b0 (?:more )?(?:damage|wounds?|tokens?|attack|health)\b(?! left)")
ZERO_EFFECT_ZH = re.compile(r"(?<![\d.,/])[+−＋-]0(?![\d.,])|(?:治疗|回复|恢复|获得|失去|造成|受到|移除|收回)\s*0(?![\d.,/])"
                            r"|(?<![\d.,/-])\b0\s*点(?:伤害|攻击|生命)")


def strip_code(text: str) -> str:
    """``text`` without what a player types: backticked notation and slash commands."""
    return re.sub(r"`[^`]*`|(?<![\w])/[a-z][\w-]*(?: [a-z][\w-]*)*(?: [\w-]+:\S+)*", " ", text)


def plural_problems(text: str, locale: str) -> list[str]:
    found = []
    if PAREN_PLURAL.search(text):
        found.append(f"{PAREN_PLURAL.search(text).group()!r} for a plural")
    if locale == "en":
        prose = strip_code(text)
        for pattern in (ONE_WITH_PLURAL, MANY_WITH_SINGULAR):
            match = pattern.search(prose)
            if match:
                found.append(f"count and noun disagree: {match.group()!r}")
    return found


def zero_effects(text: str, locale: str) -> list[str]:
    match = (ZERO_EFFECT_EN if locale == "en" else ZERO_EFFECT_ZH).search(strip_code(text))
    return [f"zero effect told: {match.group()!r}"] if match else []


def doubled_words(text: str, locale: str) -> list[str]:
    found = []
    match = DOUBLED.search(strip_code(text))
    if match:
        found.append(f"doubled word {match.group()!r}")
    if locale == "zh-CN" and CJK_DOUBLED.search(text):
        found.append(f"doubled words {CJK_DOUBLED.search(text).group()!r}")
    return found


def raw_ids(text: str) -> list[str]:
    """snake_case tokens and move notation outside backticks and commands."""
    prose = strip_code(text)
    found = []
    for pattern, what in ((SNAKE, "raw id"), (NOTATION, "notation")):
        match = pattern.search(prose)
        if match:
            found.append(f"{what} {match.group()!r}")
    return found


def prose_problems(text: str, locale: str) -> list[str]:
    return plural_problems(text, locale) + doubled_words(text, locale) + raw_ids(text)
