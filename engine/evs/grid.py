"""The 6 x 7 battlefield (ES-GEN-2, ES-GEN-3, ES-AMB-5): columns A-G, rows 1-6, cells named
"C3"; adjacency is orthogonal and distance is counted in orthogonal steps."""
from __future__ import annotations

COLUMNS = "ABCDEFG"
ROWS = 6
CELLS: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)
_SET = frozenset(CELLS)


def is_cell(text: str) -> bool:
    return text in _SET


def col(cell: str) -> int:
    return COLUMNS.index(cell[0])


def row(cell: str) -> int:
    return int(cell[1:]) - 1


def cell(c: int, r: int) -> str | None:
    if 0 <= c < len(COLUMNS) and 0 <= r < ROWS:
        return f"{COLUMNS[c]}{r + 1}"
    return None


def _neighbours(at: str) -> tuple[str, ...]:
    c, r = col(at), row(at)
    return tuple(x for x in (cell(c, r - 1), cell(c - 1, r), cell(c + 1, r), cell(c, r + 1)) if x)


_NEIGHBOURS = {x: _neighbours(x) for x in CELLS}
NEIGHBOURS: dict[str, tuple[str, ...]] = _NEIGHBOURS  # read-only table: cell -> adjacent cells
_COL = {x: COLUMNS.index(x[0]) for x in CELLS}
_ROW = {x: int(x[1:]) - 1 for x in CELLS}


def neighbours(at: str) -> list[str]:
    """The orthogonally adjacent cells (ES-GEN-3), in the order up, left, right, down."""
    return list(_NEIGHBOURS[at])


def distance(a: str, b: str) -> int:
    return abs(_COL[a] - _COL[b]) + abs(_ROW[a] - _ROW[b])


_DIST = {a: {b: distance(a, b) for b in CELLS} for a in CELLS}
DIST: dict[str, dict[str, int]] = _DIST  # read-only table: DIST[a][b] == distance(a, b)


def within(at: str, n: int) -> list[str]:
    """Cells at distance 1..n of ``at`` (range N, ES-GEN-3)."""
    d = _DIST[at]
    return [x for x in CELLS if 1 <= d[x] <= n]


def is_edge(at: str) -> bool:
    """On an outer row or column (ES-VAN-3, ES-AMB-8)."""
    return col(at) in (0, len(COLUMNS) - 1) or row(at) in (0, ROWS - 1)
