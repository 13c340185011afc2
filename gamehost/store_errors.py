"""``database_errors_total``: every store call that raises, counted without touching the store.

``counting(store)`` hands the service a stand-in for its store whose coroutine methods count
the exceptions they raise (gamehost/metrics.py) and raise them on; everything else (the
connection, ``transaction``, plain methods, attributes) is the store's own. The conflicts the
service expects and answers itself are not errors of the database: a version conflict (someone
moved first: "stale") and a duplicate key (a lobby raced for the channel: "channel_busy").
"""
from __future__ import annotations

import functools
import inspect
from typing import Any, Callable, TypeVar, cast

from gamehost import metrics

S = TypeVar("S")

#: exception names the service expects from a healthy database (any backend)
EXPECTED = ("VersionConflict", "IntegrityError", "UniqueViolationError")


def expected(error: BaseException) -> bool:
    return any(kind.__name__ in EXPECTED for kind in type(error).__mro__)


def _counted(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    async def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return await method(*args, **kwargs)
        except Exception as error:
            if not expected(error):
                metrics.current().database_errors.inc()
            raise
    return call


class CountingStore:
    """The store, its coroutine methods counted (made once per name, on first use)."""

    def __init__(self, store: Any) -> None:
        object.__setattr__(self, "_store", store)

    @property
    def wrapped(self) -> Any:
        return object.__getattribute__(self, "_store")

    def __getattr__(self, name: str) -> Any:
        value = getattr(self.wrapped, name)
        if inspect.iscoroutinefunction(value):
            value = _counted(value)
            object.__setattr__(self, name, value)  # found directly from now on
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self.wrapped, name, value)


def counting(store: S) -> S:
    """``store`` with its failures counted; typed as the store it stands for."""
    return cast(S, CountingStore(store))
