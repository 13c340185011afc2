"""Every catalog string, rendered with sample values in both languages, reads as a person
would write it (issue 22, item 7): no "(s)" or "(es)" but real plural forms, counts that
agree with their nouns, no doubled words, no raw ids or move notation outside backticks.

Sample values come from each key's placeholders: a count-like placeholder (``n``, a name
such as ``crystals`` or ``damage``, or one the English text puts before a countable noun)
is tried with 0, 1, 2 and 5; every other placeholder gets a name (a player, a card...).
Zero effects are a matter of the narration, which drops them: tests/test_narration.py.
"""
from __future__ import annotations

import re
from itertools import product

import pytest

from gamehost.i18n import COUNT, LOCALES, Catalog, CatalogError, catalog, fields
from tests.support.prose import PLURAL_NOUNS, prose_problems

COUNTS = (0, 1, 2, 5)
COUNT_NAMES = {COUNT, "count", "amount", "damage", "crystals", "tokens", "wounds", "games", "wins", "draws",
               "losses", "hearts", "moves", "steps", "squares", "soldiers", "health", "hp", "mana", "cost",
               "total", "size", "rounds", "stages", "minutes", "hours", "seconds", "limit", "cap", "most", "paid",
               "needed", "seated", "have", "picks_left", "placed", "picked", "energy", "points", "lost",
               "moved", "healed", "units", "commands", "cards", "debuffs", "minions", "spires", "cp",
               "shown", "opened", "burst", "window", "entries", "trays", "placements", "choices", "seats"}
SAMPLE_NAMES = {"seat": "Alice", "player": "Bob", "name": "Carol", "winner": "Alice", "loser": "Bob",
                "card": "Soul Drain", "unit": "Horse Archers", "figure": "Alric", "creature": "Goblin",
                "cell": "b2", "game": "Kingdom Rush"}
NAME_PARAMS = {"seat", "player", "name", "card", "unit", "uid", "figure", "creature", "target", "tray", "winner",
               "loser", "attacker", "defender", "hero", "member", "user", "who", "source", "spire", "owner",
               "names", "winners", "players", "entrant", "team", "by", "to", "frm", "victim", "tower",
               "colour", "type", "shape", "icon", "variant", "kind"}
NOUN_AFTER = re.compile(r"\{(\w+)\} (?:[a-z]+ )?(?:%s)\b" % "|".join(PLURAL_NOUNS))
OTHER_NAMES = ("Drake", "Ember", "Fennel", "Gorse", "Heath", "Iris", "Juniper", "Kestrel")


def count_params(texts: dict[str, str]) -> set[str]:
    en = texts["en"]
    names = fields(en)
    after_number = {m.group(1) for m in NOUN_AFTER.finditer(en)} - NAME_PARAMS
    named = set(re.findall(r"\b(?:[Aa]n?|[Tt]he) \{(\w+)\}", en))  # "places a {damage} tile"
    return ({p for p in names if p in COUNT_NAMES} | after_number) - named


def samples(key: str) -> list[dict[str, object]]:
    """Parameter sets to render ``key`` with: every count-like placeholder at 0, 1, 2 and 5
    (together, and one at a time when there are several), the others named."""
    texts = catalog().entries[key]
    names = fields(texts["en"])
    counts = sorted(count_params(texts) & names)
    others = iter(OTHER_NAMES * 4)
    base = {p: SAMPLE_NAMES.get(p) or next(others) for p in sorted(names) if p not in counts}
    if not counts:
        return [base]
    if re.search(r"[._]one$", key):  # a plural form by key (".one" / ".other"): the caller's choice
        return [{**base, **{c: 1 for c in counts}}]
    if re.search(r"[._](?:other|many)$", key) and re.sub(r"(other|many)$", "one", key) in catalog().entries:
        return [{**base, **{c: v for c in counts}} for v in (0, 2, 5)]
    if len(counts) == 1:
        return [{**base, counts[0]: c} for c in COUNTS]
    return [{**base, **dict(zip(counts, values))} for values in product(COUNTS, repeat=len(counts))][:64]


def rendered() -> list[tuple[str, str, str]]:
    """(key, locale, text) of every key rendered with every sample."""
    out = []
    for key in sorted(catalog().entries):
        if key.startswith("name."):  # a slash command's option names: typed as they are
            continue
        for params, locale in product(samples(key), LOCALES):
            out.append((key, locale, catalog().t(key, locale, **params)))
    return out


def test_every_catalog_string_reads_as_a_person_would_write_it():
    bad = []
    for key, locale, text in rendered():
        issues = prose_problems(text, locale)
        if issues:
            bad.append(f"{key} ({locale}): {text!r}: {', '.join(issues)}")
    bad = sorted(set(bad))
    assert not bad, f"{len(bad)} texts, e.g.:\n" + "\n".join(bad[:400])


def test_the_scan_catches_what_it_looks_for():
    """The scanner itself: each fault it must see, and the same sentence written well."""
    faults = [("1 crystal(s)", "en"), ("You have 1 ranked games.", "en"), ("Pick one of 1 options", "en"),
              ("2 command card left", "en"), ("the the card", "en"), ("Alice plays soul_drain.", "en"),
              ("play soul_drain @0.top.1", "en"), ("获得获得 2 颗水晶", "zh-CN")]
    for text, locale in faults:
        assert prose_problems(text, locale), text
    fine = [("1 crystal", "en"), ("You have 1 ranked game.", "en"), ("Pick one of 2 options", "en"),
            ("2 command cards left", "en"), ("Type `play soul_drain @0.top.1`.", "en"),
            ("/match create game:clash", "en"), ("获得 2 颗水晶", "zh-CN")]
    for text, locale in fine:
        assert not prose_problems(text, locale), text


# -- plural forms in the catalog ------------------------------------------------------------

def write(tmp_path, entry) -> Catalog:
    import json
    (tmp_path / "x.json").write_text(json.dumps({"x.crystals": entry}, ensure_ascii=False), encoding="utf-8")
    return Catalog.load(tmp_path)


def test_a_plural_entry_is_chosen_by_the_languages_rules(tmp_path):
    cat = write(tmp_path, {"en": {"one": "{n} crystal", "other": "{n} crystals"}, "zh-CN": "{n} 颗水晶"})
    assert [cat.t("x.crystals", "en", n=n) for n in (0, 1, 2)] == ["0 crystals", "1 crystal", "2 crystals"]
    assert cat.t("x.crystals", "zh-CN", n=1) == "1 颗水晶"
    assert cat.entries["x.crystals"]["en"] == "{n} crystals"  # a reader of every text gets a sentence
    assert cat.variants("x.crystals", "en") == {"one": "{n} crystal", "other": "{n} crystals"}


@pytest.mark.parametrize("entry", [
    {"en": {"other": "{n} crystals"}, "zh-CN": "{n} 颗水晶"},                       # English needs "one"
    {"en": {"one": "{n} crystal", "few": "x", "other": "{n} crystals"}, "zh-CN": "{n} 颗水晶"},
    {"en": {"one": "a crystal", "other": "{n} crystals"}, "zh-CN": "{n} 颗水晶"},    # placeholders differ
    {"en": {"one": "{n} crystal", "other": "{n} crystals"}, "zh-CN": "{n} 颗{what}"},
    {"en": {"one": "{k} crystal", "other": "{k} crystals"}, "zh-CN": "{k} 颗水晶"},  # no count
    {"en": "{n} crystals", "zh-CN": {"one": "{n} 颗水晶", "other": "{n} 颗水晶"}},   # Chinese has no "one"
])
def test_a_wrong_plural_entry_is_refused_at_load(tmp_path, entry):
    with pytest.raises(CatalogError):
        write(tmp_path, entry)


def test_plural_entries_of_the_catalog_are_used_with_their_count():
    """Every plural entry of the real catalog gives its languages' forms (loading checked
    them) and reads right at 1 and 2."""
    cat = catalog()
    assert cat.plurals, "the catalog has no plural forms"
    for key in cat.plurals:
        params = {p: "Drake" for p in fields(cat.entries[key]["en"])}
        one, two = (cat.t(key, "en", **{**params, COUNT: n}) for n in (1, 2))
        assert one != two.replace("2", "1"), key
