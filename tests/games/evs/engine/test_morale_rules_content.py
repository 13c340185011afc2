"""Empire vs Steppe, the morale cards' content and catalog (engine/evs/data/morale.json,
locales/evs/morale.json, engine/evs/morale_rules.py): ES-MX-1, ES-MX-2, the counts, ids and
names of the cards, the loader's refusals, and every event filling its catalog sentence.

Seat 0 is the Empire and seat 1 the Steppe unless a test says otherwise."""
from __future__ import annotations

import json
import re
from pathlib import Path
from string import Formatter

import pytest

from engine.evs import morale_rules as mr
from engine.rng import new_rng
from tests.games.evs.engine.morale_helpers import CARDS, _random_run

ROOT = Path(__file__).resolve().parents[4]


# ---------------------------------------------------------------- content

def test_content_counts_per_faction_kind_and_duration():
    """ES-MX-1, ES-MX-2: each faction has at least 6 buffs and 6 debuffs, with both once (单次)
    and ongoing (持续) cards among each."""
    for faction in mr.FACTIONS:
        for kind in mr.KINDS:
            ids = [c for c in CARDS.values() if c["faction"] == faction and c["kind"] == kind]
            assert len(ids) >= 6, (faction, kind)
            assert {c["duration"] for c in ids} == {"once", "ongoing"}, (faction, kind)


def test_ES_MX_1_card_shows_type_faction_text_and_value():
    for c in CARDS.values():
        assert c["kind"] in ("buff", "debuff") and c["duration"] in ("once", "ongoing")
        assert c["faction"] in ("empire", "steppe")
        assert isinstance(c["value"], int) and 0 <= c["value"] <= mr.MAX_VALUE
        assert c["text"]["en"].startswith("Once" if c["duration"] == "once" else "Ongoing")
        assert c["text"]["zh-CN"].startswith("单次" if c["duration"] == "once" else "持续")
        assert str(abs(c["effect"]["n"])) in c["text"]["en"] and str(abs(c["effect"]["n"])) in c["text"]["zh-CN"]
        faction_word = {"empire": ("Empire", "帝国"), "steppe": ("Steppe", "草原")}[c["faction"]]
        assert faction_word[0] in c["text"]["en"] and faction_word[1] in c["text"]["zh-CN"]
        assert c["name"]["en"] and c["name"]["zh-CN"]


def test_ES_MX_2_buffs_help_and_debuffs_hurt_their_own_faction():
    """The sign of every effect, seen from the card's faction (本阵营): a buff helps it."""
    helps = {"power": 1, "morale_effect": 1, "mobility": 1, "cost": -1, "steady": 1, "shake": -1,
             "tokens": 1, "heal": 1}
    for c in CARDS.values():
        sign = 1 if c["kind"] == "buff" else -1
        assert c["effect"]["n"] * helps[c["effect"]["type"]] * sign > 0, c["id"]


def test_content_ids_are_unique_snake_case_and_names_distinct():
    raw = json.loads((ROOT / "engine/evs/data/morale.json").read_text(encoding="utf-8"))
    ids = [c["id"] for c in raw]
    assert len(ids) == len(set(ids)) == len(CARDS)
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", i) for i in ids)
    for loc in ("en", "zh-CN"):
        names = [c["name"][loc] for c in raw]
        assert len(names) == len(set(names)), loc


def test_content_ids_and_names_are_unique_across_the_game():
    """Ids are unique across the game and no morale card shares a name with another card or
    effect of data/*.json (docs/evs/engine.md, "Content")."""
    others: dict[str, set] = {"id": set(), "en": set(), "zh-CN": set()}

    def walk(x):
        if isinstance(x, dict):
            if isinstance(x.get("id"), str):
                others["id"].add(x["id"])
                if isinstance(x.get("name"), dict):
                    for loc in ("en", "zh-CN"):
                        others[loc].add(str(x["name"].get(loc, "")).lower())
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for path in sorted((ROOT / "engine/evs/data").glob("*.json")):
        if path.name != "morale.json":
            walk(json.loads(path.read_text(encoding="utf-8")))
    for c in CARDS.values():
        assert c["id"] not in others["id"], c["id"]
        for loc in ("en", "zh-CN"):
            assert c["name"][loc].lower() not in others[loc], (c["id"], loc)


def test_content_ongoing_cards_have_lasting_effects_and_instants_are_once():
    for c in CARDS.values():
        if c["duration"] == "ongoing":
            assert c["effect"]["type"] in mr.MODIFIERS, c["id"]
        if c["effect"]["type"] in mr.INSTANTS:
            assert c["duration"] == "once", c["id"]


def _good_card() -> dict:
    return json.loads(json.dumps(CARDS["emp_closed_ranks"]))


BAD_CARDS = {
    "unknown key": lambda c: c.update(extra=1),
    "missing value": lambda c: c.pop("value"),
    "unknown faction": lambda c: c.update(faction="pirates"),
    "unknown kind": lambda c: c.update(kind="neutral"),
    "unknown duration": lambda c: c.update(duration="twice"),
    "negative value": lambda c: c.update(value=-1),
    "bool value": lambda c: c.update(value=True),
    "unknown effect": lambda c: c.update(effect={"type": "teleport", "n": 1}),
    "extra effect key": lambda c: c["effect"].update(target="all"),
    "bad scope": lambda c: c["effect"].update(scope="everywhere"),
    "zero n": lambda c: c["effect"].update(n=0),
    "buff that hurts": lambda c: c["effect"].update(n=-1),
    "ongoing instant": lambda c: c.update(effect={"type": "steady", "n": 1}),
    "shake on a buff": lambda c: c.update(duration="once", effect={"type": "shake", "n": 1}),
    "missing zh-CN name": lambda c: c["name"].pop("zh-CN"),
    "empty text": lambda c: c["text"].update(en=" "),
    "unknown condition": lambda c: c.update(conditions=[{"type": "full_moon"}]),
    "condition bad whose": lambda c: c.update(conditions=[{"type": "marker_at_least", "whose": "anyone", "n": 3}]),
    "condition extra key": lambda c: c.update(conditions=[{"type": "own_turn", "n": 1}]),
    "id not snake case": lambda c: c.update(id="Shield Wall"),
}


@pytest.mark.parametrize("mutation", sorted(BAD_CARDS))
def test_load_fails_on_unknown_keys_and_values(tmp_path, mutation):
    cards = [json.loads(json.dumps(c)) for c in CARDS.values()]
    bad = _good_card()
    BAD_CARDS[mutation](bad)
    cards[0] = bad
    path = tmp_path / "morale.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    with pytest.raises(mr.MoraleContentError):
        mr.load(str(path))


def test_load_fails_on_duplicate_ids_and_missing_kinds(tmp_path):
    cards = [json.loads(json.dumps(c)) for c in CARDS.values()]
    path = tmp_path / "morale.json"
    path.write_text(json.dumps(cards + [cards[0]]), encoding="utf-8")
    with pytest.raises(mr.MoraleContentError, match="duplicate"):
        mr.load(str(path))
    path.write_text(json.dumps([c for c in cards if not (c["faction"] == "steppe" and c["kind"] == "debuff")]),
                    encoding="utf-8")
    with pytest.raises(mr.MoraleContentError, match="steppe needs debuff"):
        mr.load(str(path))
    path.write_text(json.dumps(cards), encoding="utf-8")
    assert mr.load(str(path)) == CARDS


def test_bad_tracks_are_refused():
    for track in ({"start": 0, "collapse": 12, "draw": [3, 12]}, {"start": 12, "collapse": 12, "draw": []},
                  {"start": 0, "collapse": 12, "draw": [6, 3]}, {"start": 0, "collapse": 12, "draw": [3], "x": 1}):
        with pytest.raises(mr.MoraleContentError):
            mr.setup(new_rng(1), ["empire", "steppe"], tracks=[track, track])
    with pytest.raises(mr.MoraleContentError):
        mr.setup(new_rng(1), ["empire", "empire"])


# ---------------------------------------------------------------- catalog

CATALOG = json.loads((ROOT / "locales/evs/morale.json").read_text(encoding="utf-8"))


def test_catalog_lines_and_languages():
    lines = (ROOT / "locales/evs/morale.json").read_text(encoding="utf-8").strip().splitlines()
    assert lines[0] == "{" and lines[-1] == "}" and len(lines) == len(CATALOG) + 2  # one key per line
    for key, texts in CATALOG.items():
        assert re.fullmatch(r"evs\.(err|ev)\.morale_[a-z_]+", key), key  # clear of the core's keys
        assert set(texts) == {"en", "zh-CN"} and texts["en"].strip() and texts["zh-CN"].strip()
        fields = [{f for _, f, _, _ in Formatter().parse(texts[loc]) if f} for loc in ("en", "zh-CN")]
        assert fields[0] == fields[1], key


def test_every_error_and_event_key_of_the_module_is_in_the_catalog():
    source = "".join((ROOT / f"engine/evs/{name}.py").read_text(encoding="utf-8") for name in
                     ("morale_rules", "morale_cards", "morale_shakes", "morale_play", "morale_effects"))
    errors = set(re.findall(r'IllegalAction\(\s*"([a-z_.]+)"', source))
    events = {f"evs.ev.{k}" for k in re.findall(r'Event\(\s*"([a-z_]+)"', source)}
    assert errors and events
    assert errors | events == set(CATALOG)


def test_event_params_fill_the_catalog_placeholders():
    """Walk many random games; every event's params fill its sentence in both languages."""
    seen = set()
    for seed in range(40):
        events = _random_run(seed, 80)
        for e in events:
            for loc in ("en", "zh-CN"):
                text = CATALOG[f"evs.ev.{e.kind}"][loc]
                need = {f for _, f, _, _ in Formatter().parse(text) if f}
                assert need <= set(e.params), (e.kind, need, e.params)
                text.format(**e.params)
            assert e.public
            seen.add(e.kind)
    assert {"morale_shake", "morale_draw", "morale_back", "morale_play", "morale_rally",
            "morale_untap", "morale_collapse_check"} <= seen
