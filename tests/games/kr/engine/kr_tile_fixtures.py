"""Small inline horde cards and shape pictures for the engine/kr tile tests."""
from __future__ import annotations

from typing import Any

from engine.kr.hordegrid import HordeGrid, horde_grid
from engine.kr.shapes import Shape, shape

KINDS: dict[str, dict[str, Any]] = {
    "goblin": {"large": False, "defence": None},
    "hyena": {"large": False, "defence": None},
    "armoured": {"large": False, "defence": "physical"},
    "shaman": {"large": False, "defence": "magic"},
    "wraith": {"large": False, "defence": "deadly"},
    "ogre": {"large": True, "defence": None},
    "golem": {"large": True, "defence": "physical"},
    "demon": {"large": True, "defence": "deadly"},
}
LETTERS = {"g": "goblin", "h": "hyena", "p": "armoured", "m": "shaman", "d": "wraith"}


def pic(text: str) -> Shape:
    """A shape from a picture: rows separated by "/", "X" filled, "." empty."""
    return shape((c, r) for r, row in enumerate(text.split("/")) for c, ch in enumerate(row.strip()) if ch == "X")


def card(rows: list[str], large: tuple = (), areas: tuple = (), icons: tuple = (),
         card_id: str = "test", kind: str = "horde") -> dict[str, Any]:
    """A hordes.json card from rows of letters (LETTERS; "." empty), plus large enemies
    ``(kind, (c, r))``, areas ``(area, (c, r), (w, h))`` and icons ``(icon, (c, r))``."""
    enemies = [{"enemy": LETTERS[ch], "at": [c, r]}
               for r, row in enumerate(rows) for c, ch in enumerate(row.replace(" ", "")) if ch in LETTERS]
    enemies += [{"enemy": k, "at": list(at)} for k, at in large]
    return {"id": card_id, "kind": kind, "size": [len(rows[0].replace(" ", "")), len(rows)],
            "enemies": enemies,
            "icons": [{"icon": i, "at": list(at)} for i, at in icons],
            "areas": [{"area": a, "at": list(at), "size": list(sz)} for a, at, sz in areas]}


def grid(rows: list[str], **kw: Any) -> HordeGrid:
    return horde_grid(card(rows, **kw), KINDS)
