"""Meta-tests: every rule ID of the rules document (docs/rules/clash-of-decks.md, in this
repository) is cited by a test; every catalog key the engine can emit exists in English and
Simplified Chinese."""
import ast
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4))
SPEC = os.path.join(ROOT, "docs", "rules", "clash-of-decks.md")
ID_RE = re.compile(r"CD-[A-Z]+-\d+")


def _cited() -> set[str]:
    """IDs cited in test function names (CD_HAND_9) or docstrings (CD-HAND-9)."""
    out = set()
    for fn in os.listdir(HERE):
        if not (fn.startswith("test_") and fn.endswith(".py")) or fn == "test_rules_meta.py":
            continue
        tree = ast.parse(open(os.path.join(HERE, fn), encoding="utf-8").read())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                doc = ast.get_docstring(node) or ""
                out.update(ID_RE.findall(doc))
                out.update(m.replace("_", "-") for m in re.findall(r"CD_[A-Z]+_\d+", node.name))
    return out


def test_every_rule_id_is_cited():
    ids = set(ID_RE.findall(open(SPEC, encoding="utf-8").read()))
    assert len(ids) > 300, f"too few rule IDs in {SPEC}: {len(ids)}"
    missing = sorted(ids - _cited(), key=lambda s: (s.rsplit("-", 1)[0], int(s.rsplit("-", 1)[1])))
    assert not missing, f"{len(missing)} rule IDs not cited by any test: {' '.join(missing)}"


def test_catalog_complete_and_bilingual():
    """Every key the engine emits (errors, prompts, events, abilities, reasons) is in
    locales/clash/core.json with "en" and "zh-CN"."""
    cat = json.load(open(os.path.join(ROOT, "locales", "clash", "core.json"), encoding="utf-8"))
    for key, tr in cat.items():
        assert key.startswith("clash.") and tr.get("en") and tr.get("zh-CN"), key
        assert set(re.findall(r"{(\w+)}", tr["en"])) == set(re.findall(r"{(\w+)}", tr["zh-CN"])), key
    src_dir = os.path.join(ROOT, "engine", "clash")
    emitted = set()
    for fn in os.listdir(src_dir):
        if fn.endswith(".py"):
            text = open(os.path.join(src_dir, fn), encoding="utf-8").read()
            emitted.update(re.findall(r'"(clash\.(?:err|prompt)\.[a-z_]+)"', text))
            emitted.update("clash.ev." + k for k in re.findall(r'ev\(events, "([a-z_]+)"', text))
            emitted.update("clash.ev." + k for k in re.findall(r'Event\("([a-z_]+)"', text))
    from engine.clash.abilities import ABILITIES
    emitted.update("clash.ability." + a for a in ABILITIES)
    emitted.update("clash.reason." + r for r in ("fort_destroyed", "only_fort", "resigned", "timeout"))
    missing = sorted(emitted - set(cat))
    assert not missing, missing
