"""A bounded cache of open matches with an index by channel.

Two tiers: the most recently used matches stay decoded (``hot``); the rest of the cached
ones are kept as zlib-compressed JSON (``cold``), about a tenth of the memory of the decoded
state, and are decoded again when used. Both tiers are LRU-bounded, so memory stays bounded
however many matches are open; an evicted match is simply read from SQLite the next time.
The channel index is a dict, so finding a channel's match costs the same with 10 or 10,000
cached matches.
"""
from __future__ import annotations

import json
import zlib
from collections import OrderedDict
from dataclasses import asdict

from gamehost.store import MatchRow

OPEN_STATUSES = ("lobby", "active")


def _pack(row: MatchRow) -> bytes:
    return zlib.compress(json.dumps(asdict(row), separators=(",", ":")).encode(), 1)


def _unpack(blob: bytes) -> MatchRow:
    return MatchRow(**json.loads(zlib.decompress(blob)))


class MatchCache:
    def __init__(self, hot_size: int = 256, cold_size: int = 20_000):
        self.hot_size = max(1, hot_size)
        self.cold_size = max(0, cold_size)
        self._hot: OrderedDict[int, MatchRow] = OrderedDict()
        self._cold: OrderedDict[int, tuple[int, bytes]] = OrderedDict()  # id -> (version, packed row)
        self._by_channel: dict[int, int] = {}
        self._channel_of: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self._hot) + len(self._cold)

    def get(self, match_id: int) -> MatchRow | None:
        row = self._hot.get(match_id)
        if row is not None:
            self._hot.move_to_end(match_id)
            return row
        entry = self._cold.pop(match_id, None)
        if entry is None:
            return None
        row = _unpack(entry[1])
        self._promote(row)
        return row

    def peek(self, match_id: int) -> MatchRow | None:
        """The cached row without changing its place (for read-only listings)."""
        row = self._hot.get(match_id)
        if row is None and match_id in self._cold:
            row = _unpack(self._cold[match_id][1])
        return row

    def ids(self) -> list[int]:
        """Every cached match's id."""
        return [*self._hot, *self._cold]

    def match_in_channel(self, channel_id: int) -> int | None:
        return self._by_channel.get(channel_id)

    def version(self, match_id: int) -> int | None:
        row = self._hot.get(match_id)
        if row is not None:
            return row.version
        entry = self._cold.get(match_id)
        return entry[0] if entry is not None else None

    def put(self, row: MatchRow) -> None:
        """Remember an open match (a finished or abandoned one is dropped). A row older than
        the cached one (a read that finished after a newer commit) never replaces it."""
        cached = self.version(row.id)
        if cached is not None and cached > row.version:
            return
        if row.status not in OPEN_STATUSES:
            self.drop(row.id)
            return
        self._cold.pop(row.id, None)
        self._promote(row)

    def drop(self, match_id: int) -> None:
        self._hot.pop(match_id, None)
        self._cold.pop(match_id, None)
        self._forget_channel(match_id)

    def _forget_channel(self, match_id: int) -> None:
        channel = self._channel_of.pop(match_id, None)
        if channel is not None and self._by_channel.get(channel) == match_id:
            del self._by_channel[channel]

    def _promote(self, row: MatchRow) -> None:
        self._hot[row.id] = row
        self._hot.move_to_end(row.id)
        self._by_channel[row.channel_id] = row.id
        self._channel_of[row.id] = row.channel_id
        while len(self._hot) > self.hot_size:
            old_id, old = self._hot.popitem(last=False)
            if self.cold_size:
                self._cold[old_id] = (old.version, _pack(old))
            else:
                self._forget_channel(old_id)
        while len(self._cold) > self.cold_size:
            old_id, _blob = self._cold.popitem(last=False)
            self._forget_channel(old_id)
