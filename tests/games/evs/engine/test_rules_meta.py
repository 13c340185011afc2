"""Meta-tests: every rule ID of docs/rules/empire-vs-steppe.md that this engine owns is cited by
a test (in a test function's name, ES_ENG_8, or docstring, ES-ENG-8); every catalog key the
core engine can emit exists in English and Simplified Chinese.

The Terrain expansion (ES-TER-*, ES-EX-5, the terrain ambiguities ES-AMB-39..45) and the Morale
expansion (ES-MX-*, ES-EX-6..9, ES-AMB-46..52) are cited by the tests of engine/evs/terrain_rules.py
and engine/evs/morale_rules.py and of their play; they are checked by their own test below."""
import ast
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4))
SPEC = os.path.join(ROOT, "docs", "rules", "empire-vs-steppe.md")
ID_RE = re.compile(r"ES-[A-Z]+-\d+")
#: the expansions' own test files (split by topic: test_terrain_rules_*.py, test_morale_rules_*.py)
EXPANSION_FILES = ("test_terrain_rules", "test_morale_rules")


def _key(s: str) -> tuple:
    head, n = s.rsplit("-", 1)
    return head, int(n)


def expansion_id(rule: str) -> bool:
    kind, n = _key(rule)
    return (kind in ("ES-TER", "ES-MX") or (kind == "ES-EX" and 5 <= n <= 9)
            or (kind == "ES-AMB" and 39 <= n <= 52))


def _cited(files) -> set[str]:
    out = set()
    for fn in files:
        tree = ast.parse(open(os.path.join(HERE, fn), encoding="utf-8").read())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                out.update(ID_RE.findall(ast.get_docstring(node) or ""))
                out.update(m.replace("_", "-") for m in re.findall(r"ES_[A-Z]+_\d+", node.name))
    return out


def _test_files(include_expansions: bool) -> list[str]:
    return [fn for fn in os.listdir(HERE) if fn.startswith("test_") and fn.endswith(".py")
            and fn != "test_evs_rules_meta.py" and (include_expansions or not fn.startswith(EXPANSION_FILES))]


def all_ids() -> set[str]:
    return set(ID_RE.findall(open(SPEC, encoding="utf-8").read()))


def test_every_owned_rule_id_is_cited():
    ids = {i for i in all_ids() if not expansion_id(i)}
    assert len(ids) > 150, len(ids)
    missing = sorted(ids - _cited(_test_files(False)), key=_key)
    assert not missing, f"{len(missing)} rule IDs not cited by any test: {' '.join(missing)}"


def test_expansion_rule_ids_are_cited():
    """The expansions' rule IDs are cited too: by the pure modules' tests and by the tests of
    their play (test_terrain_play.py, test_morale_play.py)."""
    ids = {i for i in all_ids() if expansion_id(i)}
    missing = sorted(ids - _cited(_test_files(True)), key=_key)
    assert not missing, f"{len(missing)} expansion rule IDs not cited: {' '.join(missing)}"


CORE_MODULES = ("action", "actions", "board", "bot", "content", "deploy", "engage", "faction", "game", "keywords",
                "morale", "movement", "notation", "options", "placement", "redact", "setup", "state",
                "track", "turn", "vanguard", "view")


def test_catalog_complete_and_bilingual():
    """Every key the core emits (errors, prompts, events, reasons) is in locales/evs/core.json with "en"
    and "zh-CN" and the same placeholders; the file has one key per line."""
    path = os.path.join(ROOT, "locales", "evs", "core.json")
    text = open(path, encoding="utf-8").read()
    cat = json.loads(text)
    assert len(text.strip().splitlines()) == len(cat) + 2
    for key, tr in cat.items():
        assert key.startswith("evs.") and tr.get("en") and tr.get("zh-CN"), key
        assert set(re.findall(r"{(\w+)}", tr["en"])) == set(re.findall(r"{(\w+)}", tr["zh-CN"])), key
    emitted = set()
    for mod in CORE_MODULES:
        src = open(os.path.join(ROOT, "engine", "evs", f"{mod}.py"), encoding="utf-8").read()
        emitted.update(re.findall(r'"(evs\.(?:err|prompt)\.[a-z_]+)"', src))
        emitted.update("evs.err." + k for k in re.findall(r'err\("([a-z_]+)"', src))
        emitted.update("evs.err." + k for k in re.findall(r'return \("([a-z_]+)"', src))
        emitted.update("evs.ev." + k for k in re.findall(r'ev\(events, "([a-z_]+)"', src))
    emitted.update("evs.reason." + r for r in ("annihilated", "collapse", "resigned", "timeout"))
    missing = sorted(emitted - set(cat))
    assert not missing, missing
    from engine.evs.game import REASONS
    assert {"evs.reason." + r for r in REASONS} <= set(cat)


def test_event_params_fill_their_texts():
    """Every event the engine emits in a game, and every prompt it makes, fills every placeholder
    of its catalog text."""
    import random

    from engine.evs import GAME
    cat = {}
    for fn in os.listdir(os.path.join(ROOT, "locales", "evs")):
        cat.update(json.load(open(os.path.join(ROOT, "locales", "evs", fn), encoding="utf-8")))
    for options in ({}, {"terrain": "on", "morale": "on"}):
        st = GAME.setup(2, options, 8)
        rnd = random.Random(8)
        for _ in range(1500):
            if GAME.result(st):
                break
            for p in GAME.prompts(st):  # and every prompt's
                for lang in ("en", "zh-CN"):
                    cat[p.key][lang].format(**p.params)
            seat = GAME.prompts(st)[0].seat
            st, events = GAME.apply(st, seat, rnd.choice(GAME.legal_actions(st, seat)))
            for e in events:
                key = f"evs.ev.{e.kind}"
                assert key in cat, key
                for lang in ("en", "zh-CN"):
                    cat[key][lang].format(**e.params)
