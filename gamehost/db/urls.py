"""Database URLs: ``sqlite:///relative/path``, ``sqlite:////absolute/path``,
``sqlite:///:memory:``, ``postgresql://user@host:port/name`` (``postgres://`` too)."""
from __future__ import annotations

import os

SQLITE = "sqlite:///"
POSTGRES = ("postgresql://", "postgres://")


def dialect_of(url: str) -> str:
    if url.startswith(SQLITE):
        return "sqlite"
    if url.startswith(POSTGRES):
        return "postgresql"
    raise ValueError(f"a database URL starts with sqlite:/// or postgresql://, not {url!r}")


def sqlite_path(url: str) -> str:
    """The file of a ``sqlite:///`` URL (``:memory:`` for an in-memory database)."""
    return url[len(SQLITE):]


def sqlite_url(path: str | os.PathLike) -> str:
    return SQLITE + str(path)


def sqlalchemy_url(url: str) -> str:
    """The same database for SQLAlchemy's async drivers (Alembic's connection)."""
    if dialect_of(url) == "sqlite":
        return "sqlite+aiosqlite:///" + sqlite_path(url)
    return "postgresql+asyncpg://" + url.split("://", 1)[1]
