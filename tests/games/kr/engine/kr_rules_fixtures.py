"""Helpers for the rule-by-rule tests (test_kr_rules_*.py): horde cards chosen by what they
show (so a retuned card list does not break a test that only needs "a swift horde"), and the
enemy squares of a card read from its grid rather than written down."""
from __future__ import annotations

from typing import Callable

from engine.kr.content import HORDES
from engine.kr.hordegrid import HordeGrid
from engine.kr.state import grid, is_flying


def card_where(pred: Callable[[str, HordeGrid], bool], kind: str = "horde") -> str:
    """The first card of ``kind`` whose grid satisfies ``pred(card_id, grid)``."""
    for cid, c in HORDES.items():
        if c["kind"] == kind and pred(cid, grid(cid)):
            return cid
    raise LookupError("no such card in hordes.json")


def icons(g: HordeGrid) -> set[str]:
    return {i.icon for i in g.icons}


def plain(cid: str, g: HordeGrid) -> bool:
    """No icons, areas, large or resistant enemies, ghost icon: a horde that only walks."""
    c = HORDES[cid]
    return (not g.icons and not c.get("areas") and not c.get("ghost_icon") and not c.get("pioneer_icons")
            and all(not e.large and e.defence is None for e in g.enemies))


def with_icon(icon: str, only: bool = True) -> Callable[[str, HordeGrid], bool]:
    """A non-flying, non-ghost horde showing ``icon`` (and, with ``only``, no other icon)."""
    def pred(cid: str, g: HordeGrid) -> bool:
        c = HORDES[cid]
        return (icon in icons(g) and (not only or icons(g) == {icon}) and not is_flying(cid)
                and not c.get("ghost_icon") and not c.get("pioneer_icons"))
    return pred


def enemy_cells(g: HordeGrid, defence: str | None = "any") -> list[tuple[int, int]]:
    """Squares of the card's enemies (of one defence type unless "any"), in card order."""
    return [cell for e in g.enemies if defence == "any" or e.defence == defence for cell in e.cells]


def empty_cells(g: HordeGrid) -> list[tuple[int, int]]:
    """Squares holding no enemy and no uncoverable area."""
    return [(c, r) for r in range(g.height) for c in range(g.width)
            if not g.bit((c, r)) & (g.enemy_mask | g.uncoverable)]


def base_spot(g: HordeGrid, cover: dict | None = None) -> tuple[int, int]:
    """A legal top-left square for a hero's 2x2 base on the card."""
    from engine.kr.hordegrid import empty_cover, hero_placements
    spots = hero_placements(g, cover or empty_cover())
    assert spots, f"no room for a base on {g.id}"
    return tuple(spots[0])


__all__ = ["card_where", "icons", "plain", "with_icon", "enemy_cells", "empty_cells", "base_spot"]
