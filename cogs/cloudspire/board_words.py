"""Cloudspire's content names and ``Board``: lookups over one view of the game (a unit, a spire,
what is on a hex), as menus, narration and replies word them. No Discord objects here."""
from __future__ import annotations

from functools import cached_property

from engine.cloudspire.names import NAMES
from gamehost.i18n import t

PIECES = tuple(kind for kind in NAMES.kinds() if kind not in ("dice", "landmark_backs"))
TERRAIN_KEYS = {"p": "path", "l": "plains", "f": "forest", "m": "mountain", "w": "lake", "x": "fortress"}


def content_name(ident, locale: str) -> str:
    """The display name of any content id (unit, spire, chip, landmark, relic, die, landmark
    back, ...: engine/cloudspire/names.py, as the pictures draw it), ``+`` kept for a promoted
    unit."""
    if not isinstance(ident, str):
        return str(ident)
    promoted = "+" if ident.endswith("+") else ""
    kind = NAMES.find(ident.rstrip("+"), PIECES) if promoted else NAMES.find(ident)
    if kind is not None:
        return NAMES.name(kind, ident.rstrip("+"), locale) + promoted
    if ident == "es":
        return t("cloudspire.ui.market_earthscape", locale)
    return ident.replace("_", " ")


class Board:
    """Lookups over one view of the game (public or a seat's own)."""

    def __init__(self, view: dict, seat_names: list[str]):
        self.names = seat_names
        view = {"units": [], "stacks": [], "spires": [], "landmarks": [], "map": {"hexes": [], "forts": {}},
                **(view or {})}  # a match with no state (cancelled) has an empty view
        self.view = view
        self.units = {u["id"]: u for u in view["units"]}
        for stack in view["stacks"]:
            for entry in stack.get("entries", []) or ([stack["top"]] if stack["top"] else []):
                self.units.setdefault(entry["id"], entry)
        self.at = {u["pos"]: u for u in view["units"] if u["pos"]}
        self.spires = {s["id"]: s for s in view["spires"]}

    # built when first asked: most boards are made for a few words, and the map has ~200 hexes
    @cached_property
    def spire_at(self) -> dict:
        return {s["pos"]: s for s in self.view["spires"]}

    @cached_property
    def landmark_at(self) -> dict:
        return {lm["pos"]: lm for lm in self.view["landmarks"]}

    @cached_property
    def hexes(self) -> dict:
        return {h["hex"]: h for h in self.view["map"]["hexes"]}

    @cached_property
    def gates(self) -> dict:
        return {f["gate"]: int(seat) for seat, f in self.view["map"]["forts"].items()}

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
