"""Add Simplified Chinese names (``zh_hans``) to Cloudspire's content (``engine/cloudspire/data``),
converted from the rulebook's Traditional Chinese (``zh``) with OpenCC. A data-maintenance
tool of this one game, not a runtime dependency: ``pip install opencc-purepy`` then
``python tools/cloudspire/zh_hans.py``. Re-run it after editing a ``zh`` name; an existing
``zh_hans`` is overwritten."""
from __future__ import annotations

import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "engine" / "cloudspire" / "data"


def add_simplified(node, convert) -> int:
    count = 0
    if isinstance(node, dict):
        if isinstance(node.get("en"), str) and isinstance(node.get("zh"), str):
            node["zh_hans"] = convert(node["zh"])
            count += 1
        for value in node.values():
            count += add_simplified(value, convert)
    elif isinstance(node, list):
        for value in node:
            count += add_simplified(value, convert)
    return count


def main() -> int:
    from opencc_purepy import OpenCC

    convert = OpenCC("t2s").convert
    for path in sorted(DATA.glob("*.json")):
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
        indent = 1 if json.dumps(json.loads(text), ensure_ascii=False, indent=1) + "\n" in (text, text + "\n") else 2
        count = add_simplified(data, convert)
        if count:
            path.write_text(json.dumps(data, ensure_ascii=False, indent=indent) + "\n", encoding="utf-8")
        print(f"{path.name}: {count} names")
    return 0


if __name__ == "__main__":
    sys.exit(main())
