"""Empire vs Steppe, the Morale expansion's cards (ES-MX-1/2) and the players' morale tracks
(ES-MOR-4, ES-AMB-34): the closed format of ``data/morale.json`` and of a track, checked on
load. Part of the morale rules (engine/evs/morale_rules.py re-exports it; the ``st["morale"]``
layout and the effects' meaning are in that module's docstring)."""
from __future__ import annotations

import copy
import json
import os
import re
from functools import lru_cache

DATA = os.path.join(os.path.dirname(__file__), "data", "morale.json")
FACTIONS = ("empire", "steppe")
KINDS = ("buff", "debuff")
DURATIONS = ("once", "ongoing")
SCOPES = ("engage", "defend", "all")
MODIFIERS = ("power", "morale_effect", "mobility", "cost")
INSTANTS = ("steady", "shake", "tokens", "heal")
EFFECT_KEYS = {"power": {"type", "n", "scope"}, **{t: {"type", "n"} for t in MODIFIERS[1:] + INSTANTS}}
# the sign of n for a buff (it helps the faction); a debuff has the opposite sign
BUFF_SIGN = {"power": 1, "morale_effect": 1, "mobility": 1, "cost": -1, "steady": 1, "shake": -1,
             "tokens": 1, "heal": 1}
ONLY = {"steady": "buff", "heal": "buff", "shake": "debuff"}
CONDITIONS = ("marker_at_least", "marker_at_most", "own_turn")
CARD_KEYS = {"id", "faction", "kind", "duration", "value", "effect", "name", "text"}
OPTIONAL_KEYS = {"conditions"}
LOCALES = ("en", "zh-CN")
MAX_VALUE = 5
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")

DEFAULT_TRACK = {"start": 0, "collapse": 12, "draw": [3, 6, 9]}  # ES-MOR-4, ES-AMB-34
COLLAPSE_DEBUFFS = 3  # ES-MX-16
LOSS_REASON = "morale_collapse"  # ES-END-2 (base game) and ES-MX-16 (expansion)
BASE_ACTIONS = ("deploy", "action", "recall")


class MoraleContentError(ValueError):
    """data/morale.json (or a track) breaks the format or the rules' constraints."""


# ---------------------------------------------------------------- content

def _check(cond: object, msg: str) -> None:
    if not cond:
        raise MoraleContentError(msg)


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_texts(obj: object, where: str) -> None:
    if not (isinstance(obj, dict) and set(obj) == set(LOCALES)):
        raise MoraleContentError(f"{where}: needs exactly en and zh-CN")
    for loc in LOCALES:
        _check(isinstance(obj[loc], str) and obj[loc].strip(), f"{where}: empty {loc}")


def validate_card(card: object) -> None:
    """One card's format and the effect's closed semantics; raises MoraleContentError."""
    if not isinstance(card, dict):
        raise MoraleContentError(f"card is not an object: {card!r}")
    where = f"morale card {card.get('id')!r}"
    keys = set(card)
    _check(CARD_KEYS <= keys, f"{where}: missing {sorted(CARD_KEYS - keys)}")
    _check(keys <= CARD_KEYS | OPTIONAL_KEYS, f"{where}: unknown keys {sorted(keys - CARD_KEYS - OPTIONAL_KEYS)}")
    _check(isinstance(card["id"], str) and ID_RE.match(card["id"]), f"{where}: id must be snake case")
    _check(card["faction"] in FACTIONS, f"{where}: unknown faction {card['faction']!r}")
    _check(card["kind"] in KINDS, f"{where}: kind must be buff or debuff")
    _check(card["duration"] in DURATIONS, f"{where}: duration must be once or ongoing")
    _check(_is_int(card["value"]) and 0 <= card["value"] <= MAX_VALUE, f"{where}: value must be 0..{MAX_VALUE}")
    _check_texts(card["name"], f"{where} name")
    _check_texts(card["text"], f"{where} text")
    effect = card["effect"]
    if not (isinstance(effect, dict) and effect.get("type") in EFFECT_KEYS):
        raise MoraleContentError(f"{where}: unknown effect {effect!r}")
    kind = effect["type"]
    _check(set(effect) == EFFECT_KEYS[kind], f"{where}: effect {kind} takes keys {sorted(EFFECT_KEYS[kind])}")
    n = effect["n"]
    _check(_is_int(n) and n != 0 and abs(n) <= 3, f"{where}: effect n must be a non-zero integer, |n| <= 3")
    sign = BUFF_SIGN[kind] * (1 if card["kind"] == "buff" else -1)
    _check(n * sign > 0, f"{where}: a {card['kind']} must {'help' if card['kind'] == 'buff' else 'hurt'} "
                         f"its faction (sign of n)")
    _check(ONLY.get(kind, card["kind"]) == card["kind"], f"{where}: {kind} is only for {ONLY.get(kind)} cards")
    if kind == "power":
        _check(effect["scope"] in SCOPES, f"{where}: power scope must be one of {SCOPES}")
    if card["duration"] == "ongoing":
        _check(kind in MODIFIERS, f"{where}: an ongoing card needs a lasting effect {MODIFIERS}")
    conditions = card.get("conditions", [])
    _check(isinstance(conditions, list), f"{where}: conditions must be a list")
    for cond in conditions:
        if not (isinstance(cond, dict) and cond.get("type") in CONDITIONS):
            raise MoraleContentError(f"{where}: unknown condition {cond!r}")
        if cond["type"] == "own_turn":
            _check(set(cond) == {"type"}, f"{where}: own_turn takes no parameters")
        else:
            _check(set(cond) == {"type", "whose", "n"}, f"{where}: {cond['type']} takes whose and n")
            _check(cond["whose"] in ("faction", "player"), f"{where}: whose must be faction or player")
            _check(_is_int(cond["n"]) and 0 <= cond["n"] <= DEFAULT_TRACK["collapse"], f"{where}: bad n")


def validate(cards: object) -> dict[str, dict]:
    """The whole file: a list of cards with unique ids; returns them by id, in file order."""
    if not (isinstance(cards, list) and cards):
        raise MoraleContentError("morale.json must be a non-empty list of cards")
    out: dict[str, dict] = {}
    for card in cards:
        validate_card(card)
        _check(card["id"] not in out, f"duplicate morale card id {card['id']}")
        out[card["id"]] = card
    for faction in FACTIONS:
        for kind in KINDS:
            _check(any(c["faction"] == faction and c["kind"] == kind for c in out.values()),
                   f"{faction} needs {kind} morale cards (ES-MX-2)")
    return out


def load(path: str | None = None) -> dict[str, dict]:
    """Read and validate ``data/morale.json`` (or ``path``); cards by id. Fails on unknown keys,
    types, values, effect semantics and conditions (MoraleContentError)."""
    if path is None:
        return copy.deepcopy(_default())
    with open(path, encoding="utf-8") as f:
        return validate(json.load(f))


@lru_cache(maxsize=1)
def _default() -> dict[str, dict]:
    with open(DATA, encoding="utf-8") as f:
        return validate(json.load(f))


def card(card_id: str) -> dict:
    """The (validated, shared: do not mutate) card with this id."""
    return _default()[card_id]


def validate_track(track: dict) -> dict:
    """A player board's track: ``{"start", "collapse", "draw": [...]}`` (``"length"`` allowed,
    as in factions.json); draw squares strictly increasing, above 0, below the collapse square
    (ES-AMB-34: the collapse square is not a draw square)."""
    _check(isinstance(track, dict), "track must be an object")
    keys = set(track)
    _check({"start", "collapse", "draw"} <= keys <= {"start", "collapse", "draw", "length"},
           f"track keys: {sorted(keys)}")
    start, collapse, draw = track["start"], track["collapse"], track["draw"]
    _check(_is_int(collapse) and collapse >= 1, "track collapse must be a positive integer")
    _check(_is_int(start) and 0 <= start < collapse, "track start must be in 0..collapse-1")
    if "length" in track:
        _check(_is_int(track["length"]) and track["length"] >= collapse, "track length below collapse")
    _check(isinstance(draw, list) and all(_is_int(d) and 0 < d < collapse for d in draw)
           and draw == sorted(set(draw)), "track draw squares must rise strictly within 1..collapse-1")
    return {"start": start, "collapse": collapse, "draw": list(draw)}
