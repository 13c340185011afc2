"""Meta-test: every CS- rule ID in the rules document (docs/rules/cloudspire.md, in this
repository) is cited by a real test (name or docstring)."""
import ast
import os
import re

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4))
SPEC = os.path.join(ROOT, "docs", "rules", "cloudspire.md")
ID = re.compile(r"CS-[A-Z]+-\d+")


def _cited():
    found = set()
    for d, _dirs, names in sorted(os.walk(os.path.join(ROOT, "tests", "games", "cloudspire"))):
        for fn in sorted(names):
            if not (fn.startswith("test_") and fn.endswith(".py")) or fn == "test_rule_coverage.py":
                continue
            tree = ast.parse(open(os.path.join(d, fn), encoding="utf-8").read())
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                    text = node.name.upper().replace("_", "-") + " " + (ast.get_docstring(node) or "")
                    found |= set(ID.findall(text))
                    # names like test_x_cs_mov_6_9 cite CS-MOV-6 and CS-MOV-9
                    for m in re.finditer(r"CS-([A-Z]+)((?:-\d+)+)", node.name.upper().replace("_", "-")):
                        for n in m.group(2).strip("-").split("-"):
                            found.add(f"CS-{m.group(1)}-{n}")
    return found


def test_every_rule_id_is_cited():
    ids = sorted(set(ID.findall(open(SPEC, encoding="utf-8").read())), key=lambda x: (x.rsplit("-", 1)[0], int(x.rsplit("-", 1)[1])))
    assert len(ids) > 250, f"too few rule IDs in {SPEC}: {len(ids)}"
    cited = _cited()
    missing = [i for i in ids if i not in cited]
    assert not missing, f"{len(missing)} uncited: {' '.join(missing)}"
