"""What every game's narration shares: the moves behind a set of events, and telling several
moves each with its own events."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from gamehost.i18n import t
from gamehost.registry import plugins


def move_pairs(moves) -> list[tuple]:
    """``(seat, notation)`` or ``(seat, notation, events)`` of each move: from tuples, or from
    logged moves (objects with ``seat``, ``action`` and ``kind``; concessions and
    cancellations are not moves)."""
    out = []
    for move in moves or ():
        if isinstance(move, (tuple, list)):
            out.append(tuple(move))
        elif getattr(move, "kind", "action") not in ("concede", "abandon"):
            out.append((getattr(move, "seat", None), getattr(move, "action", "")))
    return out


def per_move(moves, narrate_one: Callable[[list, list[tuple]], list[str]]) -> list[str] | None:
    """When ``moves`` are ``(seat, notation, events)`` triples: each move told with its own
    events, in order (``narrate_one(events, [(seat, notation)])``), a sentence repeated back
    to back said once; otherwise None (the caller narrates the events as one publish)."""
    pairs = move_pairs(moves)
    if not pairs or not all(len(m) == 3 for m in pairs):
        return None
    out: list[str] = []
    for seat, text, own in pairs:
        for line in narrate_one(list(own), [(seat, text)]):
            if not out or out[-1] != line:
                out.append(line)
    return out


def counted(key: str, params: dict, nouns: Mapping[str, Mapping[str, str]], locale: str) -> dict:
    """``params`` with every count the sentence ``key`` tells with a noun (``nouns[key]``:
    parameter -> count key of the catalog, a plural entry chosen by ``n``) given as its
    phrase: ``{"crystals": 3}`` -> ``"3 crystals"``, ``1`` -> ``"1 crystal"``."""
    out = dict(params)
    for name, count_key in nouns.get(key, {}).items():
        value = params.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            out[name] = t(count_key, locale, n=value)
    return out


def zero_effect(key: str, params: dict, effects: Mapping[str, tuple[str, ...]]) -> bool:
    """True if the sentence ``key`` would tell an effect of nothing (``effects[key]``: the
    amounts it tells, such as ``+0 attack`` or ``heals 0``): such a sentence is not said."""
    return any(params.get(name) == 0 for name in effects.get(key, ()))


def unharmed(key: str, params: dict, misses: Mapping[str, tuple[str, str]]) -> str:
    """The sentence to say for ``key``: ``misses[key]`` is the amount it tells and the sentence
    that says the same thing without it ("attacks X but does no damage" for "attacks X: 0
    damage"), said instead when that amount is 0."""
    amount, instead = misses.get(key, ("", key))
    return instead if amount and params.get(amount) == 0 else key


# a refusal's parameters that hold what the player typed, said back as typed
TYPED = frozenset({"text", "why", "action", "verb", "option", "value", "move", "notation"})


def named_params(code: str, params: Mapping[str, Any], locale: str) -> dict[str, Any]:
    """A refusal's parameters (``IllegalAction(code, ..., **params)``, ``code`` starting with
    the game's id) with every content id of that game (a card, a deck, a hero, an ability:
    its ``names``) given as its name in ``locale``, so that "soul_drain is not in your hand"
    reads "Soul Drain is not in your hand"; what the player typed stays as typed."""
    game = code.split(".", 1)[0]
    names = next((p.names for p in plugins() if p.id == game), None)
    if names is None:
        return dict(params)
    out = dict(params)
    for key, value in params.items():
        if key not in TYPED and isinstance(value, str):
            kind = names.find(value)
            if kind is not None:
                out[key] = names.name(kind, value, locale)
    return out
