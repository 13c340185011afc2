"""Alembic's environment for the store's migrations (gamehost/db/migrate.py runs it at
``Store.open``, on a connection it passes in ``config.attributes["connection"]``; the
``alembic`` command line works too, with ``-x url=…`` or ``sqlalchemy.url``)."""
from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import pool
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from gamehost.db.schema import metadata
from gamehost.db.urls import sqlalchemy_url


def run_on(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()


def the_url() -> str:
    url = context.get_x_argument(as_dictionary=True).get("url") or context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("give the database: alembic -x url=sqlite:///data/matches.sqlite3 upgrade head")
    return url if "+" in url.split("://", 1)[0] else sqlalchemy_url(url)


async def run_online() -> None:
    engine = create_async_engine(the_url(), poolclass=pool.NullPool)
    async with engine.connect() as connection:
        await connection.run_sync(run_on)
    await engine.dispose()


if context.is_offline_mode():
    context.configure(url=the_url(), target_metadata=metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
elif context.config.attributes.get("connection") is not None:
    run_on(context.config.attributes["connection"])
else:
    asyncio.run(run_online())
