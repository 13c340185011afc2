"""Checks every game's content loader shares (README "Adding a game": content is data,
validated at load time): objects with their required and optional keys, English and Simplified
Chinese names, integers in a range, booleans, ids, choices, references to known ids and
pairs. Every problem raises :class:`ContentError` (a ``ValueError``) naming where it is."""
from __future__ import annotations

import re
from typing import Any, Iterable, NoReturn

ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
LANGS = ("en", "zh-CN")


class ContentError(ValueError):
    """Content data that breaks its schema or a cross-reference."""


def fail(where: str, msg: str) -> NoReturn:
    raise ContentError(f"{where}: {msg}")


def keys(where: str, obj: object, required: Iterable[str], optional: Iterable[str] = ()) -> dict:
    required, optional = set(required), set(optional)
    if not isinstance(obj, dict):
        fail(where, "must be an object")
    missing = required - set(obj)
    if missing:
        fail(where, f"missing key(s) {sorted(missing)}")
    unknown = set(obj) - required - optional
    if unknown:
        fail(where, f"unknown key(s) {sorted(unknown)}")
    return obj


def text(where: str, obj: object) -> dict[str, str]:
    obj = keys(where, obj, LANGS)
    for lang in LANGS:
        if not isinstance(obj[lang], str) or not obj[lang].strip():
            fail(f"{where}.{lang}", "must be a non-empty string")
    return {lang: obj[lang] for lang in LANGS}


def integer(where: str, v: object, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        fail(where, f"must be an integer {lo}..{hi}, got {v!r}")
    return v


def boolean(where: str, v: object) -> bool:
    if not isinstance(v, bool):
        fail(where, f"must be true or false, got {v!r}")
    return v


def ident(where: str, v: object) -> str:
    if not isinstance(v, str) or not ID_RE.match(v):
        fail(where, f"bad id {v!r} (lowercase [a-z][a-z0-9_]*)")
    return v


def choice(where: str, v: object, options: Iterable[Any]) -> Any:
    options = tuple(options)
    if v not in options:
        fail(where, f"{v!r} is not one of {list(options)}")
    return v


def refs(where: str, v: object, known: Iterable[str], what: str) -> list[str]:
    """A list of ids that must all exist in ``known``."""
    known = set(known)
    if not isinstance(v, list):
        fail(where, f"must be a list of {what} ids")
    for i, x in enumerate(v):
        if x not in known:
            fail(f"{where}[{i}]", f"unknown {what} {x!r}")
    return list(v)


def pair(where: str, v: object, lo: int, hi: int) -> tuple[int, int]:
    if not isinstance(v, list) or len(v) != 2:
        fail(where, f"must be a pair [a, b], got {v!r}")
    return integer(f"{where}[0]", v[0], lo, hi), integer(f"{where}[1]", v[1], lo, hi)
