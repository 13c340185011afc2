"""Drill-down menus over a list of legal moves in text notation.

Games with many legal moves (a spire type x well x chip order) cannot list them in one
Discord select (25 options). A menu level shows the distinct next words after a prefix;
picking a word either completes a move or opens the next level. Levels with a single
choice are skipped, and long levels are paged."""
from __future__ import annotations

from dataclasses import dataclass

PAGE = 24  # Discord allows 25 options; one is kept for "more…"


@dataclass(frozen=True)
class MenuOption:
    word: str      # the next word of the notation ("" for the "more" entry)
    value: str     # "=<move>" applies a move, ">page|prefix" opens a level
    complete: bool


@dataclass(frozen=True)
class MenuLevel:
    prefix: tuple[str, ...]
    options: list[MenuOption]
    page: int
    more: bool


def encode_level(prefix: tuple[str, ...], page: int = 0) -> str:
    return f">{page}|{' '.join(prefix)}"


def decode_level(value: str) -> tuple[tuple[str, ...], int]:
    page, _, prefix = value[1:].partition("|")
    return tuple(prefix.split()), int(page or 0)


def level(legal: list[str], prefix: tuple[str, ...] = (), page: int = 0) -> MenuLevel:
    """The options after ``prefix``; a prefix that leads to one word only is extended."""
    moves = [m.split() for m in legal]
    prefix = tuple(prefix)
    while True:
        matching = [m for m in moves if tuple(m[:len(prefix)]) == prefix]
        words: list[str] = []
        for m in matching:
            if len(m) > len(prefix) and m[len(prefix)] not in words:
                words.append(m[len(prefix)])
        exact = any(len(m) == len(prefix) for m in matching)
        if len(words) == 1 and not exact and len(matching) > 1:
            prefix = prefix + (words[0],)
            continue
        break
    options = []
    for word in words:
        longer = prefix + (word,)
        below = [m for m in matching if tuple(m[:len(longer)]) == longer]
        if len(below) == 1:
            options.append(MenuOption(word, "=" + " ".join(below[0]), True))
        else:
            options.append(MenuOption(word, encode_level(longer), False))
    start = page * PAGE
    shown = options[start:start + PAGE]
    more = len(options) > start + PAGE
    return MenuLevel(prefix, shown, page, more)


def completions(legal: list[str], filled: list[str], position: int) -> list[str]:
    """Distinct words at ``position`` of the legal moves that agree with ``filled`` (the
    words before it, empty strings meaning "not chosen yet"), in order of appearance."""
    out: list[str] = []
    for move in legal:
        words = move.split()
        if len(words) <= position:
            continue
        if any(f and (i >= len(words) or words[i] != f) for i, f in enumerate(filled[:position])):
            continue
        if words[position] not in out:
            out.append(words[position])
    return out
