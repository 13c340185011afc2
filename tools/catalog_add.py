"""Add or replace message-catalog entries, keeping the one-entry-per-line layout.

    python tools/catalog_add.py locales/host.json key '{"en": "...", "zh-CN": "..."}' [key json ...]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path


def write_catalog(path: Path, entries: dict) -> None:
    lines = [f"  {json.dumps(k, ensure_ascii=False)}: {json.dumps(v, ensure_ascii=False)}" for k, v in entries.items()]
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    path = Path(argv[0])
    entries = json.loads(path.read_text(encoding="utf-8"))
    for key, value in zip(argv[1::2], argv[2::2]):
        entries[key] = json.loads(value)
    write_catalog(path, entries)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
