"""Empire vs Steppe, Terrain expansion: the terrain content (engine/evs/data/terrain.json,
locales/evs/terrain.json) as engine/evs/terrain_rules.py loads it, its catalog, and the rule
coverage of the terrain rule tests.

The pure rule functions are tested in test_terrain_rules_board.py (ES-TER-1..4, 13..22, ES-EX-5),
test_terrain_rules_setup.py (ES-TER-5..12) and test_terrain_rules_properties.py (Hypothesis).
Every rule ES-TER-1..22 of docs/rules/empire-vs-steppe.md is cited by a test name or docstring of
those files (checked by ``test_every_terrain_rule_is_cited``).
"""
from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path

import pytest

from engine.base import IllegalAction
from engine.evs import terrain_rules as tr
from tests.games.evs.engine.terrain_helpers import BIRCH, BOG, CRAG, DENSE, PINE, ROAD, THICKET, WOODED, T, code_of

ROOT = Path(__file__).resolve().parents[4]
DATA = ROOT / "engine" / "evs" / "data" / "terrain.json"
LOCALE = ROOT / "locales" / "evs" / "terrain.json"
RULES = ROOT / "docs" / "rules" / "empire-vs-steppe.md"


# ---------------------------------------------------------------------------- content


def test_content_counts_heights_and_forests():
    """ES-AMB-39, docs/evs/engine.md: at least 16 cards, every height the text names (+3, +2,
    +1, 0, -1, -2) several times, forests at height 0 unless printed otherwise."""
    cards = tr.load()
    assert len(cards) >= 16
    by_height = {h: sum(1 for c in cards.values() if c["height"] == h) for h in tr.HEIGHTS}
    assert by_height == {3: 2, 2: 3, 1: 4, 0: 6, -1: 3, -2: 2}
    forests = [cid for cid, c in cards.items() if c["forest"]]
    assert sorted(forests) == sorted([WOODED, PINE, BIRCH, DENSE, THICKET])
    assert [cid for cid in forests if cards[cid]["height"] != 0] == [WOODED]  # printed +1
    assert {c["penalty"] for c in cards.values()} == {"usual", "none", "shake"}
    assert cards[ROAD]["penalty"] == "none" and cards[BOG]["penalty"] == "shake"
    assert {cid: c["effect"]["defence"] for cid, c in cards.items() if c["effect"]} == \
        {WOODED: 1, PINE: 1, BIRCH: 1, DENSE: 2}
    for c in cards.values():
        assert c["name"]["en"] and c["name"]["zh-CN"] and c["text"]["en"] and c["text"]["zh-CN"]
        assert f"高度 {tr.signed(c['height']).replace('-', '−')}" in c["text"]["zh-CN"]


def test_content_is_read_only_and_cached():
    cards = tr.load()
    assert tr.load() is cards
    with pytest.raises(TypeError):
        cards[PINE]["height"] = 3  # type: ignore[index]


def test_content_names_are_in_the_catalog():
    """Terrain card names: one catalog key ``evs.terrain.<id>`` each, equal to the data's."""
    loc = json.loads(LOCALE.read_text(encoding="utf-8"))
    for cid, c in tr.load().items():
        assert loc[f"evs.terrain.{cid}"] == dict(c["name"])
    assert {k for k in loc if k.startswith("evs.terrain.")} == {f"evs.terrain.{cid}" for cid in tr.load()}


def test_catalog_has_every_code_and_event_the_module_emits():
    """Every ``evs.err.*`` raised and every event kind returned has its key, in en and zh-CN,
    with the placeholders the module passes."""
    src = (ROOT / "engine" / "evs" / "terrain_rules.py").read_text(encoding="utf-8")
    loc = json.loads(LOCALE.read_text(encoding="utf-8"))
    codes = set(re.findall(r'IllegalAction\(\s*"(evs\.err\.[a-z_]+)"', src))
    kinds = set(re.findall(r'Event\(\s*"([a-z_]+)"', src))
    assert codes and kinds
    for key in codes | {f"evs.ev.{k}" for k in kinds}:
        assert key in loc, key
    assert {k for k in loc if k.startswith(("evs.err.", "evs.ev."))} == codes | {f"evs.ev.{k}" for k in kinds}
    for key, texts in loc.items():
        assert set(texts) == {"en", "zh-CN"}, key
        fields = [{f for _, f, _, _ in string.Formatter().parse(texts[l]) if f} for l in ("en", "zh-CN")]
        assert fields[0] == fields[1], key
    # the params given match the placeholders
    ev = tr.place(T(), PINE, "C3")
    assert {f for _, f, _, _ in string.Formatter().parse(loc["evs.ev.terrain_placed"]["en"]) if f} == set(ev.params)
    with pytest.raises(IllegalAction) as e:
        tr.place(T({"C3": PINE}), BIRCH, "C3")
    assert {f for _, f, _, _ in string.Formatter().parse(loc[e.value.code]["en"]) if f} == set(e.value.params)


def test_locale_file_is_one_key_per_line():
    lines = LOCALE.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "{" and lines[-1] == "}"
    assert len(lines) - 2 == len(json.loads(LOCALE.read_text(encoding="utf-8")))


def _good() -> dict:
    return json.loads(DATA.read_text(encoding="utf-8"))


def _write(tmp_path, data) -> Path:
    p = tmp_path / "terrain.json"
    p.write_text(json.dumps(data, ensure_ascii=False) if not isinstance(data, str) else data, encoding="utf-8")
    return p


def _mutate(fn):
    data = _good()
    fn(data)
    return data


BAD = {
    "unknown card key": lambda d: d["terrain"][0].update(colour="grey"),
    "unknown top-level key": lambda d: d.update(version=1),
    "missing height": lambda d: d["terrain"][0].pop("height"),
    "height +4": lambda d: d["terrain"][0].update(height=4),
    "height -3": lambda d: d["terrain"][0].update(height=-3),
    "height as text": lambda d: d["terrain"][0].update(height="2"),
    "height as bool": lambda d: d["terrain"][0].update(height=True),
    "forest not bool": lambda d: d["terrain"][0].update(forest=1),
    "unknown penalty": lambda d: d["terrain"][0].update(penalty="double"),
    "unknown effect kind": lambda d: d["terrain"][0].update(effect={"kind": "watchtower", "defence": 1}),
    "unknown effect key": lambda d: d["terrain"][0].update(effect={"kind": "cover", "defence": 1, "vs": "all"}),
    "cover defence 3": lambda d: d["terrain"][0].update(effect={"kind": "cover", "defence": 3}),
    "effect not an object": lambda d: d["terrain"][0].update(effect="cover"),
    "duplicate id": lambda d: d["terrain"][1].update(id=d["terrain"][0]["id"]),
    "bad id": lambda d: d["terrain"][0].update(id="Eagle Crag"),
    "name lacks zh-CN": lambda d: d["terrain"][0]["name"].pop("zh-CN"),
    "name with an extra locale": lambda d: d["terrain"][0]["name"].update(fr="Pic"),
    "empty text": lambda d: d["terrain"][0]["text"].update(en=" "),
    "too few cards": lambda d: d.update(terrain=d["terrain"][:15]),
    "not a list": lambda d: d.update(terrain={}),
}


def test_content_good_file_loads(tmp_path):
    assert list(tr.load(_write(tmp_path, _good()))) == list(tr.load())
    # "effect": null is allowed, like an absent effect
    data = _mutate(lambda d: d["terrain"][0].update(effect=None))
    assert tr.load(_write(tmp_path, data))[CRAG]["effect"] is None


@pytest.mark.parametrize("case", sorted(BAD))
def test_content_bad_file_fails_to_load(tmp_path, case):
    with pytest.raises(tr.ContentError):
        tr.load(_write(tmp_path, _mutate(BAD[case])))


def test_content_not_json_fails_to_load(tmp_path):
    with pytest.raises(tr.ContentError):
        tr.load(_write(tmp_path, "{not json"))


def test_unknown_card_id_is_refused():
    with pytest.raises(IllegalAction) as e:
        tr.height(T({"C3": "terrain_volcano"}), "C3")
    assert code_of(e) == "evs.err.terrain_unknown"


# -------------------------------------------------------------------------- rule coverage


def test_every_terrain_rule_is_cited():
    """Every ES-TER-n of the rules document and ES-EX-5 is cited by a test of the
    test_terrain_rules_*.py files."""
    ids = set(re.findall(r"ES-TER-\d+", RULES.read_text(encoding="utf-8")))
    assert ids == {f"ES-TER-{n}" for n in range(1, 23)}
    cited = set()
    for path in sorted(Path(__file__).parent.glob("test_terrain_rules_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test") and node.name != "test_every_terrain_rule_is_cited":
                text = node.name.upper().replace("_", "-") + " " + (ast.get_docstring(node) or "")
                cited |= set(re.findall(r"ES-(?:TER|EX)-\d+", text))
    assert ids | {"ES-EX-5"} <= cited, sorted(ids | {"ES-EX-5"} - cited)
