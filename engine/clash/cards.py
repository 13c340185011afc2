"""Card content as data: loading and validation of ``data/*.json``.

Files:
- ``cards.json``: the 32 starter creature and spell cards;
- ``decks.json``: the 4 preconstructed decks (8 distinct cards each, 32 distinct in all);
- ``champions.json``: the champion cards of the Champion module (CD-CHA);
- ``difficulty.json``: the custom-difficulty values (CD-AMB-1/2) as configuration.

Everything is validated at import; bad data raises :class:`CardDataError` naming the file,
the card and the field. ``CARDS`` holds every card, champions included (``"champion": true``),
so renderers look any name up through ``CARDS[id]``.

Spell effect language (``"effect"``: a list of operations, resolved in order):
- ``{"op": "damage", "n": N}``: N damage to the target and to the spell's Sweep/Pierce
  secondary targets (CD-SPELL-5/6);
- ``{"op": "heal"}`` (all damage) or ``{"op": "heal", "n": N}``: remove damage;
- ``{"op": "av", "n": N}`` / ``{"op": "hp", "n": N}``: AV / HP change until end of turn;
- ``{"op": "grant", "ability": A}``: the target has ability A until end of turn;
- ``{"op": "to_back"}`` / ``{"op": "to_front"}``: move the target to the back / front of its
  side of its lane.
Operations other than ``damage`` affect the primary target only, unless they carry
``"all": true``. ``"ai_target": "own"`` overrides CD-AI-3 for that card (golden rule,
CD-GEN-1 and CD-AMB-40): the AI then aims it at its own creature.
"""
from __future__ import annotations

import json
import os
import re
from typing import Any, NoReturn

from .abilities import ABILITIES, BIT, CUSTOM_AI_ABILITIES, mask_of

DATA_DIR = os.path.join(os.path.dirname(__file__), "data")

ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
EFFECT_OPS = frozenset({"damage", "heal", "av", "hp", "grant", "to_back", "to_front"})


class CardDataError(ValueError):
    """Content data that breaks the schema."""


def _fail(where: str, msg: str) -> NoReturn:
    raise CardDataError(f"{where}: {msg}")


def _check_name(where: str, name: object) -> None:
    if not isinstance(name, dict):
        _fail(where, "'name' must be an object with 'en' and 'zh'")
    for lang in ("en", "zh"):
        if not isinstance(name.get(lang), str) or not name[lang].strip():
            _fail(where, f"'name.{lang}' must be a non-empty string")


def _check_int(where: str, card: dict, field: str, minimum: int) -> None:
    v = card.get(field)
    if not isinstance(v, int) or isinstance(v, bool) or v < minimum:
        _fail(where, f"'{field}' must be an integer >= {minimum}, got {v!r}")


def validate_card(card: dict, where: str = "card", champion: bool = False) -> dict:
    """Validate one card dict; return a normalised copy."""
    if not isinstance(card, dict):
        _fail(where, "a card must be an object")
    cid = card.get("id")
    if not isinstance(cid, str) or not ID_RE.match(cid):
        _fail(where, f"bad id {cid!r} (lowercase snake_case expected)")
    where = f"{where} {cid!r}"
    _check_name(where, card.get("name"))
    ctype = card.get("type")
    if ctype not in ("creature", "spell"):
        _fail(where, f"'type' must be 'creature' or 'spell', got {ctype!r}")
    _check_int(where, card, "cost", 0)
    abilities = card.get("abilities", [])
    if not isinstance(abilities, list) or any(a not in BIT for a in abilities):
        _fail(where, f"'abilities' must list known abilities {list(ABILITIES)}, got {abilities!r}")
    if len(set(abilities)) != len(abilities):
        _fail(where, "an ability is listed twice (CD-ABL-2)")
    aura = card.get("aura", [])
    if not isinstance(aura, list) or any(a not in BIT or a == "AURA" for a in aura):
        _fail(where, f"'aura' must list paired abilities other than AURA, got {aura!r}")
    if ("AURA" in abilities) != bool(aura):
        _fail(where, "an Aura card must name its paired abilities in 'aura' and only Aura cards may (CD-AUR-1)")
    out = {"id": cid, "name": dict(card["name"]), "type": ctype, "cost": card["cost"],
           "abilities": list(abilities), "aura": list(aura), "champion": champion}
    if "text" in card:
        _check_name(where + " text", card["text"])
        out["text"] = dict(card["text"])
    if ctype == "creature":
        _check_int(where, card, "av", 0)
        _check_int(where, card, "hp", 1)
        out["av"], out["hp"] = card["av"], card["hp"]
        if "effect" in card:
            _fail(where, "a creature has no 'effect'")
    else:
        if champion:
            _fail(where, "a champion must be a creature (CD-CHA-2)")
        if "av" in card or "hp" in card:
            _fail(where, "a spell has no 'av'/'hp'")
        effect = card.get("effect")
        if not isinstance(effect, list) or not effect:
            _fail(where, "a spell needs a non-empty 'effect' list")
        ops = []
        for i, op in enumerate(effect):
            w = f"{where} effect[{i}]"
            if not isinstance(op, dict) or op.get("op") not in EFFECT_OPS:
                _fail(w, f"unknown operation {op!r}; known: {sorted(EFFECT_OPS)}")
            kind = op["op"]
            if kind in ("damage", "av", "hp"):
                if not isinstance(op.get("n"), int) or isinstance(op.get("n"), bool):
                    _fail(w, f"'{kind}' needs an integer 'n'")
                if kind == "damage" and op["n"] < 0:
                    _fail(w, "damage must be >= 0")
            if kind == "heal" and "n" in op and (not isinstance(op["n"], int) or op["n"] < 0):
                _fail(w, "'heal' n must be an integer >= 0")
            if kind == "grant" and op.get("ability") not in BIT:
                _fail(w, f"'grant' needs a known 'ability', got {op.get('ability')!r}")
            extra = set(op) - {"op", "n", "ability", "all"}
            if extra:
                _fail(w, f"unknown fields {sorted(extra)}")
            ops.append(dict(op))
        out["effect"] = ops
        tgt = card.get("ai_target", "enemy")
        if tgt not in ("enemy", "own"):
            _fail(where, f"'ai_target' must be 'enemy' or 'own', got {tgt!r}")
        out["ai_target"] = tgt
    return out


def validate_bundle(cards_doc: dict, decks_doc: dict, champions_doc: dict, difficulty_doc: dict) -> dict:
    """Validate all four content documents together; return the normalised bundle."""
    if not isinstance(cards_doc, dict) or not isinstance(cards_doc.get("cards"), list):
        _fail("cards.json", "expected an object with a 'cards' list")
    cards: dict[str, dict] = {}
    for i, raw in enumerate(cards_doc["cards"]):
        c = validate_card(raw, f"cards.json cards[{i}]")
        if c["id"] in cards:
            _fail("cards.json", f"duplicate card id {c['id']!r}")
        cards[c["id"]] = c
    if not isinstance(decks_doc, dict) or not isinstance(decks_doc.get("decks"), list):
        _fail("decks.json", "expected an object with a 'decks' list")
    decks: dict[str, list[str]] = {}
    deck_names: dict[str, dict] = {}
    seen: set[str] = set()
    for i, d in enumerate(decks_doc["decks"]):
        w = f"decks.json decks[{i}]"
        if not isinstance(d, dict) or not isinstance(d.get("id"), str) or not ID_RE.match(d["id"]):
            _fail(w, "each deck needs a snake_case 'id'")
        w = f"decks.json deck {d['id']!r}"
        _check_name(w, d.get("name"))
        lst = d.get("cards")
        if not isinstance(lst, list) or len(lst) != 8 or len(set(lst)) != 8:
            _fail(w, "a deck is exactly 8 different cards (CD-FMT-3)")
        for cid in lst:
            if cid not in cards:
                _fail(w, f"unknown card {cid!r}")
            if cid in seen:
                _fail(w, f"card {cid!r} is in two decks; the 32 starter cards are all different")
            seen.add(cid)
        if d["id"] in decks:
            _fail(w, "duplicate deck id")
        decks[d["id"]] = list(lst)
        deck_names[d["id"]] = dict(d["name"])
    if len(decks) != 4:
        _fail("decks.json", f"the starter pack has exactly 4 preconstructed decks, got {len(decks)}")
    unused = set(cards) - seen
    if unused:
        _fail("decks.json", f"cards not in any deck: {sorted(unused)}")
    covered: set[str] = set()
    for c in cards.values():
        covered.update(c["abilities"])
    missing = set(ABILITIES) - covered
    if missing:
        _fail("cards.json", f"abilities not covered by any card: {sorted(missing)}")
    if not isinstance(champions_doc, dict) or not isinstance(champions_doc.get("champions"), list):
        _fail("champions.json", "expected an object with a 'champions' list")
    champions = []
    for i, raw in enumerate(champions_doc["champions"]):
        c = validate_card(raw, f"champions.json champions[{i}]", champion=True)
        if c["id"] in cards:
            _fail("champions.json", f"champion id {c['id']!r} clashes with another card")
        cards[c["id"]] = c
        champions.append(c["id"])
    if not champions:
        _fail("champions.json", "at least one champion is needed")
    difficulty = validate_difficulty(difficulty_doc)
    return {"cards": cards, "decks": decks, "deck_names": deck_names, "champions": champions,
            "difficulty": difficulty}


def validate_difficulty(doc: dict) -> dict:
    w = "difficulty.json"
    if not isinstance(doc, dict):
        _fail(w, "expected an object")
    opts = doc.get("options")
    if not isinstance(opts, dict):
        _fail(w, "'options' missing")

    def val(x: object, where: str) -> int:
        if not isinstance(x, int) or isinstance(x, bool) or x < 0:
            _fail(w, f"{where} must be an integer >= 0, got {x!r}")
        return x

    quick = doc.get("quick", {})
    base = val(quick.get("base_mana"), "quick.base_mana")
    modifier = val(quick.get("modifier"), "quick.modifier")
    mod = opts.get("ai_modifier")
    if not isinstance(mod, dict) or not mod:
        _fail(w, "options.ai_modifier must map a modifier to a value")
    bm = opts.get("ai_base_mana")
    if not isinstance(bm, dict) or not bm:
        _fail(w, "options.ai_base_mana must map base mana values to difficulty values")
    ab = opts.get("ai_abilities")
    if not isinstance(ab, dict) or set(ab) != set(CUSTOM_AI_ABILITIES):
        _fail(w, f"options.ai_abilities must give a value for exactly {list(CUSTOM_AI_ABILITIES)}")
    out: dict[str, Any] = {
        "base_mana": base, "modifier": modifier,
        "ai_modifier": {int(k): val(v, f"ai_modifier[{k}]") for k, v in mod.items()},
        "ai_base_mana": {int(k): val(v, f"ai_base_mana[{k}]") for k, v in bm.items()},
        "ai_first": val(opts.get("ai_first"), "options.ai_first"),
        "ai_defence": val(opts.get("ai_defence"), "options.ai_defence"),
        "ai_abilities": {k: val(v, f"ai_abilities[{k}]") for k, v in ab.items()},
        "champion_subtract": val(doc.get("champion_subtract"), "champion_subtract"),
        "min_level": val(doc.get("min_level"), "min_level"),
        "max_level": val(doc.get("max_level"), "max_level"),
    }
    if out["min_level"] > out["max_level"]:
        _fail(w, "min_level > max_level")
    return out


def _read(name: str, data_dir: str) -> Any:
    path = os.path.join(data_dir, name)
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        raise CardDataError(f"{name}: file missing at {path}") from None
    except json.JSONDecodeError as e:
        raise CardDataError(f"{name}: invalid JSON: {e}") from None


def load(data_dir: str = DATA_DIR) -> dict:
    return validate_bundle(_read("cards.json", data_dir), _read("decks.json", data_dir),
                           _read("champions.json", data_dir), _read("difficulty.json", data_dir))


_BUNDLE = load()

CARDS: dict[str, dict] = _BUNDLE["cards"]
DECKS: dict[str, list[str]] = _BUNDLE["decks"]
DECK_NAMES: dict[str, dict] = _BUNDLE["deck_names"]
DECK_IDS: list[str] = list(DECKS)
CHAMPIONS: list[str] = _BUNDLE["champions"]
DIFFICULTY: dict = _BUNDLE["difficulty"]
STARTER: list[str] = [cid for d in DECK_IDS for cid in DECKS[d]]  # the 32 starter cards
STARTER_SET = frozenset(STARTER)

# Fast lookup tables used by the rules code. With CARDS and CHAMPIONS they are the content
# registry: filled here from data/ and only ever extended, by add_card, never changed.
COST: dict[str, int] = {}
AV: dict[str, int] = {}
HP: dict[str, int] = {}
MASK: dict[str, int] = {}
AURA_OF: dict[str, int] = {}
IS_SPELL: dict[str, bool] = {}
EFFECT: dict[str, list] = {}
AI_OWN_TARGET: dict[str, bool] = {}


def _index(c: dict) -> None:
    cid = c["id"]
    COST[cid] = c["cost"]
    AV[cid] = c.get("av", 0)
    HP[cid] = c.get("hp", 0)
    MASK[cid] = mask_of(c["abilities"])
    AURA_OF[cid] = mask_of(c["aura"])
    IS_SPELL[cid] = c["type"] == "spell"
    EFFECT[cid] = c.get("effect", [])
    AI_OWN_TARGET[cid] = c.get("ai_target") == "own"


def _index_all() -> None:
    for c in CARDS.values():
        _index(c)


_index_all()


def add_card(card: dict, champion: bool = False, offered: bool = True) -> dict:
    """Register an extra card (test cards, future expansions), validated like data cards.
    A champion joins the champions offered in the choice (CD-CHA-4) unless ``offered`` is
    False. Registering an id again is allowed only with the same content."""
    c = validate_card(card, "add_card", champion=champion)
    known = CARDS.get(c["id"])
    if known is not None:
        if known != c:
            raise CardDataError(f"add_card: {c['id']!r} is already a different card")
        return known
    CARDS[c["id"]] = c
    _index(c)
    if champion and offered:
        CHAMPIONS.append(c["id"])
    return c


def name(cid: str, lang: str = "en") -> str:
    c = CARDS.get(cid)
    return c["name"][lang] if c else cid
