"""Words for Cloudspire on Discord: content names, what is on a hex, menu labels for the
words of a move, and the narration of engine events. No Discord objects here."""
from __future__ import annotations

import re

from engine.cloudspire.content import name_of
from gamehost.i18n import t

HEX = re.compile(r"^-?\d+,-?\d+$")
TERRAIN_KEYS = {"p": "path", "l": "plains", "f": "forest", "m": "mountain", "w": "lake", "x": "fortress"}


def content_name(ident, locale: str) -> str:
    """The display name of any content id (unit, spire, chip, landmark, relic, ...)."""
    if not isinstance(ident, str):
        return str(ident)
    promoted = "+" if ident.endswith("+") else ""
    name = name_of(ident.rstrip("+"))
    if name is not None:
        picked = (name.get("zh_hans") or name["en"]) if locale == "zh-CN" else name["en"]
        return picked + promoted
    if ident == "es":
        return t("cloudspire.ui.market_earthscape", locale)
    return ident.replace("_", " ")


class Board:
    """Lookups over one view of the game (public or a seat's own)."""

    def __init__(self, view: dict, seat_names: list[str]):
        self.view = view
        self.names = seat_names
        self.units = {u["id"]: u for u in view["units"]}
        for stack in view["stacks"]:
            for entry in stack.get("entries", []) or ([stack["top"]] if stack["top"] else []):
                self.units.setdefault(entry["id"], entry)
        self.at = {u["pos"]: u for u in view["units"] if u["pos"]}
        self.spires = {s["id"]: s for s in view["spires"]}
        self.spire_at = {s["pos"]: s for s in view["spires"]}
        self.landmark_at = {lm["pos"]: lm for lm in view["landmarks"]}
        self.hexes = {h["hex"]: h for h in view["map"]["hexes"]}
        self.gates = {f["gate"]: int(seat) for seat, f in view["map"]["forts"].items()}

    def seat(self, seat, locale: str) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return t("cloudspire.ui.seat", locale, n=(seat + 1) if isinstance(seat, int) else seat)

    def unit(self, uid: str, locale: str) -> str:
        u = self.units.get(uid)
        if u is None:
            return uid
        where = u["pos"] or t("cloudspire.ui.from_stack", locale)
        return f"{content_name(u['type'], locale)} ({where}, ❤{u['hp']})"

    def spire(self, sid: str, locale: str) -> str:
        s = self.spires.get(sid)
        return f"{content_name(s['type'], locale)} ({s['pos']})" if s else sid

    def hex(self, h: str, locale: str) -> str:
        """``3,-1 · forest · Grimjaw ❤3`` - what someone choosing this hex wants to know."""
        parts = [h]
        cell = self.hexes.get(h)
        if cell:
            parts.append(t("cloudspire.terrain." + TERRAIN_KEYS.get(cell["terrain"], "path"), locale))
        if h in self.gates:
            parts.append(t("cloudspire.ui.gate_of", locale, seat=self.seat(self.gates[h], locale)))
        u = self.at.get(h)
        if u:
            parts.append(f"{content_name(u['type'], locale)} ❤{u['hp']} ({self.seat(u['owner'], locale)})")
        s = self.spire_at.get(h)
        if s:
            parts.append(f"{content_name(s['type'], locale)} [{''.join(s['chips'])}]")
        lm = self.landmark_at.get(h)
        if lm:
            if lm.get("revealed") or lm.get("known"):
                parts.append(f"{content_name(lm['type'], locale)}" + (f" ❤{lm['hp']}" if lm.get("hp") else ""))
            else:
                parts.append(t("cloudspire.ui.landmark_back", locale, back=content_name(lm["back"], locale)))
        return " · ".join(parts)


ORDER_VERBS = {"build", "up", "free"}


def word_label(board: Board, words: list[str], index: int, locale: str) -> str:
    """A menu label for ``words[index]`` of a move (the earlier words give the context)."""
    word = words[index]
    verb = words[0]
    if index == 0:
        return t(f"cloudspire.verb.{word}", locale)
    if re.fullmatch(r"u\d+", word):
        return board.unit(word, locale)
    if re.fullmatch(r"s\d+", word):
        return board.spire(word, locale)
    if HEX.match(word):
        return board.hex(word, locale)
    if verb == "mark":
        return board.seat(int(word), locale) if word.isdigit() else word
    if verb == "lvl":
        return t(f"cloudspire.ui.level.{word}", locale)
    if verb == "es" and index == 3:
        return t("cloudspire.ui.rotation", locale, n=word)
    if verb == "isle" and index == 2:
        return t("cloudspire.ui.rotation", locale, n=word)
    if verb == "isle" and index == 1:
        return t("cloudspire.ui.slot", locale, n=word)
    if verb == "fort" and index == 2:
        return t("cloudspire.ui.rotation", locale, n=word)
    if verb == "mm" and word == "stay":
        return t("cloudspire.ui.stay", locale)
    if verb == "free" and word == "none":
        return t("cloudspire.ui.no_free_spire", locale)
    if verb in ORDER_VERBS and index == len(words) - 1 and re.fullmatch(r"[arf]+", word):
        return chips_label(word, locale)
    return content_name(word, locale)


def chips_label(chips: str, locale: str) -> str:
    """``"ar"`` -> ``"top: attack, then range"``: the order of an upgrade stack."""
    names = [t(f"cloudspire.chip.{c}", locale) for c in chips]
    return t("cloudspire.ui.chips", locale, chips=" › ".join(names))


def move_label(board: Board, move: str, locale: str) -> str:
    words = move.split()
    return " · ".join(word_label(board, words, i, locale) for i in range(len(words)))


# -- narration ------------------------------------------------------------------------

SEAT_PARAMS = ("seat", "owner")
NAME_PARAMS = ("type", "chip", "structure", "relic", "faction", "earthscape", "isle", "event", "die")


def narrate_event(board: Board, kind: str, params: dict, locale: str) -> str | None:
    """One line for a public engine event, or None when it has no text."""
    p = dict(params)
    for key in SEAT_PARAMS:
        if isinstance(p.get(key), int):
            p[key] = board.seat(p[key], locale)
    if kind == "mark" and isinstance(p.get("target"), int):
        p["target"] = board.seat(p["target"], locale)
    if kind == "rest_mode":
        p["seats"] = ", ".join(board.seat(s, locale) for s in p.get("seats", []))
    for key in NAME_PARAMS:
        if isinstance(p.get(key), str):
            p[key] = content_name(p[key], locale)
    if isinstance(p.get("by"), int):
        p["by"] = board.seat(p["by"], locale)
    elif isinstance(p.get("by"), str):
        p["by"] = _thing_name(board, p["by"], locale)
    if isinstance(p.get("target"), str) and HEX.match(p["target"]):
        p["target"] = _target_name(board, p["target"], p.get("target_kind"), locale)
    if isinstance(p.get("dice"), list):
        p["dice"] = ", ".join(map(str, p["dice"]))
    key = f"cloudspire.ev.{kind}"
    text = t(key, locale, **{k: v for k, v in p.items() if not isinstance(v, (list, dict))})
    return None if text == key else text


def _thing_name(board: Board, ident: str, locale: str) -> str:
    if ident in board.units:
        return content_name(board.units[ident]["type"], locale)
    for lm in board.view["landmarks"]:
        if lm["id"] == ident and lm.get("type"):
            return content_name(lm["type"], locale)
    if ident in board.spires:
        return content_name(board.spires[ident]["type"], locale)
    return ident


def _target_name(board: Board, h: str, kind, locale: str) -> str:
    if kind == "gate" and h in board.gates:
        return t("cloudspire.ui.gate_of", locale, seat=board.seat(board.gates[h], locale))
    for lookup in (board.at, board.spire_at, board.landmark_at):
        thing = lookup.get(h)
        if thing and thing.get("type"):
            return f"{content_name(thing['type'], locale)} ({h})"
    return h
