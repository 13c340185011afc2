"""Where each recently saved match's action log ends, so a move is numbered without asking the
database first (``SELECT MAX(seq)``: a round trip per move, and a statement for PostgreSQL to
run, the only one besides the save itself).

The number is kept with the version this process saved: a row of any other version (another
process committed, or the row was read from the database) asks the database again, so a log
written elsewhere is never numbered over. Every write of log entries saves a new version
(gamehost/match_save.py: ``UPDATE … WHERE version = ?``)."""
from __future__ import annotations

from collections import OrderedDict

from gamehost.store import Store
from gamehost.store_rows import MatchRow, PendingWrite

REMEMBERED = 20_000  # matches (a few dozen bytes each), the most recently saved


class LogEnds:
    def __init__(self, store: Store, size: int = REMEMBERED):
        self.store = store
        self.size = max(1, size)
        self._ends: OrderedDict[int, tuple[int, int]] = OrderedDict()  # match id -> (version, last seq)

    async def next_seq(self, row: MatchRow) -> int:
        """The number of the next log entry of ``row``'s match, as ``row`` stands."""
        known = self._ends.get(row.id)
        if known is not None and known[0] == row.version:
            return known[1] + 1
        return await self.store.last_seq(row.id) + 1

    def saved(self, row: MatchRow, expected_version: int, write: PendingWrite | None) -> None:
        """``row`` was committed over ``expected_version`` with ``write``'s log entries."""
        if write is not None and write.actions:
            last = write.actions[-1].seq
        else:
            known = self._ends.get(row.id)
            if known is None or known[0] != expected_version:
                return
            last = known[1]
        self._ends[row.id] = (row.version, last)
        self._ends.move_to_end(row.id)
        if len(self._ends) > self.size:
            self._ends.popitem(last=False)
