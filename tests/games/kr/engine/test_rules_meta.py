"""Meta-tests: every rule ID of docs/rules/kingdom-rush.md is cited by a test, and every worked
example of the spec (a rule written "**KR-X-n Example**") is a test of its own name.

A citation is an ID in a test function's name (KR_DMG_16, also KR_HPT_4_5_6 for several numbers
of one group), in a test function's docstring or in a comment inside a test function
(KR-DMG-16, also KR-HPT-4/6 and the range KR-HERO-9..11), in the game's test files
(every test_*.py under tests/games/kr). Module docstrings and
helpers do not count: a citation must sit on a test that exercises the rule.

NOT_RULES lists the only IDs exempt from citation, each with the reason it is not a rule an
engine test could check."""
import ast
import io
import os
import re
import tokenize

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4))
SPEC = os.path.join(ROOT, "docs", "rules", "kingdom-rush.md")
ID_RE = re.compile(r"KR-[A-Z]+-\d+")
DEFINED_RE = re.compile(r"^- \*\*(KR-[A-Z]+-\d+)(?: [^*]*)?\*\*", re.M)
EXAMPLE_RE = re.compile(r"^- \*\*(KR-[A-Z]+-\d+) Example\*\*", re.M)
# docstrings and comments: KR-HPT-4, KR-HPT-4/6, KR-HERO-9..11/14
CITE_RE = re.compile(r"KR-([A-Z]+)-(\d+(?:(?:\.\.|/)\d+)*)")
# test names: KR_SPN_1, KR_SPN_1_3_5
NAME_RE = re.compile(r"KR_([A-Z]+)((?:_\d+)+)")

NOT_RULES = {
    "KR-SOLO-10": "advice, not a rule: the spec marks it 'Advice (not a rule)' (recommended main heroes)",
    "KR-IGN-3": "lost text: Flame Burst's effect did not survive (KR-AMB-39); its designed replacement "
                "is tested under KR-AMB-36/39, and the lost rule itself has nothing to check",
}

GAME_TESTS = os.path.join(ROOT, "tests", "games", "kr")


def _key(s: str) -> tuple:
    head, n = s.rsplit("-", 1)
    return head, int(n)


def _test_files() -> list[str]:
    """Every test module of the game (engine, render, behaviour, service...), this one aside."""
    files = []
    for folder, _dirs, names in sorted(os.walk(GAME_TESTS)):
        files += [os.path.join(folder, fn) for fn in sorted(names)
                  if fn.startswith("test_") and fn.endswith(".py") and fn != "test_rules_meta.py"]
    return files


def _expand(group: str, nums: str) -> set[str]:
    out = set()
    for part in nums.split("/"):
        if ".." in part:
            lo, hi = (int(x) for x in part.split(".."))
            out.update(f"KR-{group}-{n}" for n in range(lo, hi + 1))
        else:
            out.add(f"KR-{group}-{int(part)}")
    return out


def _from_text(text: str) -> set[str]:
    out = set()
    for group, nums in CITE_RE.findall(text):
        out |= _expand(group, nums)
    return out


def _from_name(name: str) -> set[str]:
    out = set()
    for group, nums in NAME_RE.findall(name):
        out.update(f"KR-{group}-{int(n)}" for n in nums.strip("_").split("_"))
    return out


def _tests(path: str):
    """(test function node, its comment text) for every test function of one file."""
    src = open(path, encoding="utf-8").read()
    comments = {}
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.COMMENT:
            comments[tok.start[0]] = tok.string
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            text = " ".join(c for ln, c in comments.items() if node.lineno <= ln <= node.end_lineno)
            yield node, text


def cited() -> set[str]:
    out = set()
    for path in _test_files():
        for node, comment_text in _tests(path):
            out |= _from_name(node.name)
            out |= _from_text(ast.get_docstring(node) or "")
            out |= _from_text(comment_text)
    return out


def _test_names() -> set[str]:
    return {node.name for path in _test_files() for node, _ in _tests(path)}


def spec_text() -> str:
    return open(SPEC, encoding="utf-8").read()


def all_ids() -> set[str]:
    return set(ID_RE.findall(spec_text()))


def test_spec_ids_are_all_defined_and_counted():
    """Every KR- ID mentioned in the spec is defined by a bullet of its own (no dangling
    reference); the spec has 241 rules plus the ambiguities KR-AMB-1..62."""
    text = spec_text()
    defined = DEFINED_RE.findall(text)
    assert len(defined) == len(set(defined)), "an ID is defined twice"
    assert all_ids() == set(defined), sorted(all_ids() ^ set(defined), key=_key)
    assert len([d for d in defined if not d.startswith("KR-AMB-")]) >= 241, len(defined)
    assert {f"KR-AMB-{n}" for n in range(1, 63)} <= set(defined)


def test_every_rule_id_is_cited():
    ids = all_ids()
    missing = sorted(ids - set(NOT_RULES) - cited(), key=_key)
    assert not missing, f"{len(missing)} rule IDs not cited by any test: {' '.join(missing)}"


def test_not_rules_allow_list_is_minimal():
    """Every exempt ID exists in the spec, has a reason, and is really not a checkable rule:
    KR-SOLO-10 is marked as advice; KR-IGN-3's text is lost. An exempt ID the tests do cite
    is still fine (e.g. a designed replacement cites it)."""
    text = spec_text()
    assert set(NOT_RULES) <= all_ids()
    assert all(len(reason) > 20 for reason in NOT_RULES.values())
    assert re.search(r"\*\*KR-SOLO-10\*\* Advice \(not a rule\)", text)
    assert re.search(r"\*\*KR-IGN-3\*\*.*effect text lost", text)


def test_every_worked_example_is_a_test_of_its_own():
    """The spec's worked examples (KR-DMG-16, KR-DES-5, KR-SPL-10, KR-MAG-5, ...) each appear as
    the ID of a test function's name, test_KR_<GROUP>_<n>..."""
    examples = EXAMPLE_RE.findall(spec_text())
    assert {"KR-DMG-16", "KR-DES-5", "KR-SPL-10", "KR-MAG-5"} <= set(examples)
    prefixes = [f"test_{e.replace('-', '_')}" for e in examples]
    names = _test_names()
    missing = [e for e, p in zip(examples, prefixes)
               if not any(n == p or (n.startswith(p) and not n[len(p)].isdigit()) for n in names)]
    assert not missing, f"worked examples without a test named after them: {missing}"
