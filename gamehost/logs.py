"""Log lines that say where they come from: the process, and the shard, guild and match of
the work that wrote them.

The ids live in ``contextvars``: set where an interaction arrives (cogs/served.py, for every
slash command and component) and where the service loads a match (``MatchService.load``), so
each asyncio task carries its own and a line logged anywhere below (the service, the store,
the host) gets them. ``configure`` installs one handler on the root logger:

- ``text`` (the default): ``2026-11-29 10:00:00,123 INFO cogs.host: message [shard=0 guild=1 match=7]``,
  the bracket only with the ids that are known;
- ``json``: one object per line with ``time, level, logger, message, process, shard, guild,
  match`` and ``exc`` (the traceback) when there is one.

Only ids and the message go out: no log call in this project formats a hand, a card or a
hidden move, and the loggers that would print payloads at DEBUG (discord.py's requests, a DM's
text; the database driver's statements, a hidden move's text) are held at INFO or above
(``PAYLOAD_LOGGERS``; tests/test_logs.py scans a played game's DEBUG log for hidden cards).
"""
from __future__ import annotations

import json
import logging
import os
import socket
import sys
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timezone
from typing import IO, Iterator

SHARD: ContextVar[int | None] = ContextVar("log_shard", default=None)
GUILD: ContextVar[int | None] = ContextVar("log_guild", default=None)
MATCH: ContextVar[int | None] = ContextVar("log_match", default=None)

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
FORMATS = ("text", "json")
#: loggers that write whole payloads below a level: discord.py's requests and gateway events
#: (a DM's text, a private reply's hand) and the database drivers' statements with their
#: parameters (a hidden move's text in the action log). Never below these, whatever LOG_LEVEL says.
PAYLOAD_LOGGERS = {"discord.http": logging.INFO, "discord.gateway": logging.INFO,
                   "discord.webhook.async_": logging.INFO, "discord.webhook.sync": logging.INFO,
                   "aiosqlite": logging.INFO, "sqlalchemy.engine": logging.WARNING}


def set_match(match_id: int | None) -> None:
    """The match the current task works on (its log lines say so from here on)."""
    MATCH.set(match_id)


@contextmanager
def bound(*, shard: int | None = None, guild: int | None = None, match: int | None = None) -> Iterator[None]:
    """The ids for the lines logged inside the block (and by tasks created inside it); the
    ones before come back after it."""
    tokens = [(var, var.set(value)) for var, value in ((SHARD, shard), (GUILD, guild), (MATCH, match))]
    try:
        yield
    finally:
        for var, token in reversed(tokens):
            var.reset(token)


def process_label(name: str = "") -> str:
    """This process in log lines: PROCESS_NAME, else host:pid."""
    return name or f"{socket.gethostname()}:{os.getpid()}"


class ContextFilter(logging.Filter):
    """Puts the ids on every record (``record.shard`` / ``guild`` / ``match`` / ``proc``)."""

    def __init__(self, process: str) -> None:
        super().__init__()
        self.process = process

    def filter(self, record: logging.LogRecord) -> bool:
        record.shard = SHARD.get()
        record.guild = GUILD.get()
        record.match = MATCH.get()
        record.proc = self.process
        return True


def _ids(record: logging.LogRecord) -> dict[str, int | None]:
    return {key: getattr(record, key, None) for key in ("shard", "guild", "match")}


class TextFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__(TEXT_FORMAT)

    def formatMessage(self, record: logging.LogRecord) -> str:
        line = super().formatMessage(record)
        known = " ".join(f"{key}={value}" for key, value in _ids(record).items() if value is not None)
        return f"{line} [{known}]" if known else line


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "process": getattr(record, "proc", None) or process_label(),
            **_ids(record),
        }
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exc"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def handler(log_format: str = "text", process_name: str = "", stream: IO[str] | None = None) -> logging.Handler:
    """A handler writing ``log_format`` lines (text or json) to ``stream`` (stderr)."""
    if log_format not in FORMATS:
        raise ValueError(f"LOG_FORMAT must be text or json, not {log_format!r}")
    out = logging.StreamHandler(stream if stream is not None else sys.stderr)
    out.addFilter(ContextFilter(process_label(process_name)))
    out.setFormatter(JsonFormatter() if log_format == "json" else TextFormatter())
    return out


def configure(level: str | int = "INFO", log_format: str = "text", process_name: str = "",
              stream: IO[str] | None = None) -> logging.Handler:
    """The root logger writes through one ``handler`` (replacing any it had) at ``level``."""
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    made = handler(log_format, process_name, stream)
    root.addHandler(made)
    root.setLevel(level)
    for name, floor in PAYLOAD_LOGGERS.items():
        logging.getLogger(name).setLevel(max(floor, root.level))
    return made
