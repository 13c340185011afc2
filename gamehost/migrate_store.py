"""``python -m gamehost.migrate_store --from URL --to URL``: move the bot's store to another
database (SQLite -> PostgreSQL, or back) and check the copy. The steps are in ``DESCRIPTION``
(the --help text); the copy is gamehost/store_copy.py, the check gamehost/store_verify.py."""
from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
import zlib
from dataclasses import dataclass
from typing import Callable
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from alembic.util import CommandError

from gamehost.db import database_for
from gamehost.db.base import IntegrityError
from gamehost.db.migrate import HEAD, TABLES_SQL, current_revision
from gamehost.db.urls import dialect_of, sqlite_path
from gamehost.store import Store
from gamehost.store_copy import BATCH, copy_table, count, empty_tables, move_sequences, non_empty_tables, tables
from gamehost.store_verify import Verification, summary, verify

DESCRIPTION = """\
Copy the bot's whole store (matches with their action logs and snapshots, tournaments,
ratings, campaigns, server and user settings) from one database to another, then check
the copy. Stop the bot first, every process of it: the source must not change while it
is copied (a change made meanwhile shows up as a mismatch in step 5).

Steps:
  1. Open the source. A SQLite file made by an older version of the bot is first upgraded
     in place to the current schema: the same Alembic upgrade the bot itself runs when it
     starts, which keeps every row. It is printed when it happens.
  2. Open the target, creating the current schema there if it has no tables. A PostgreSQL
     target database must exist already (createdb NAME); a SQLite target file is created.
  3. Refuse a target that holds any row (exit status 2), unless --replace: then every
     table of the target is emptied first, children first, in the copy's transaction.
  4. Copy every table, parents before children, --batch rows at a time, keeping every id,
     in one transaction: a copy that fails leaves the target as it was. On PostgreSQL the
     id sequences are then moved past the largest id, so new matches and tournaments get
     fresh ids.
  5. Verify: every table holds as many rows as in the source, and the same rows; every
     match with a state replays from its seed and its logged actions to its stored state,
     passing each of its stored snapshots on the way: all of them (--sample N: only N,
     spread evenly; the summary then says so), in --jobs processes.
     Prints the rows per table, then "verified: N matches replayed", or one MISMATCH line
     per problem, naming the table and the match.

Progress lines go to standard error every 10,000 rows.
Exit status: 0 copied and verified; 1 the copy failed or did not verify; 2 refused (a
wrong URL, an unreachable server, a missing source, a non-empty target).

Example (then set DATABASE_URL to the target and start the bot again):
  python -m gamehost.migrate_store --from sqlite:///data/matches.sqlite3 \\
      --to postgresql://bot@127.0.0.1:5432/tabletop
"""

Say = Callable[[str], None]
OPEN_ERRORS = (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError)
#: a row the target will not take (a broken key, a value of the wrong type), a lost connection
COPY_ERRORS = (IntegrityError, sqlite3.Error, ValueError, TypeError, zlib.error, *OPEN_ERRORS)


class Refused(Exception):
    """Nothing was copied, for the reason given (one line; exit status 2)."""


class CopyFailed(Exception):
    """The copy's transaction failed and was rolled back (one line; exit status 1)."""


@dataclass
class Voices:
    out: Say    # what happened: the upgrade note, the summary
    progress: Say


def shown(url: str) -> str:
    """The URL without its password (it is printed)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(":" + parts.password + "@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def identity(url: str) -> str:
    """What names one database, to refuse copying a database onto itself."""
    if dialect_of(url) == "sqlite":
        return "sqlite:" + os.path.realpath(sqlite_path(url))
    return url.replace("postgres://", "postgresql://", 1).rstrip("/")


def check_urls(source_url: str, target_url: str) -> None:
    for role, url in (("--from", source_url), ("--to", target_url)):
        try:
            dialect_of(url)
        except ValueError as error:
            raise Refused(f"{role}: {error}") from None
        if url.startswith("sqlite:///") and sqlite_path(url) in ("", ":memory:"):
            raise Refused(f"{role}: a SQLite URL names a file: sqlite:///path/to/file.sqlite3")
    if identity(source_url) == identity(target_url):
        raise Refused("--from and --to name the same database")
    if dialect_of(source_url) == "sqlite" and not os.path.isfile(sqlite_path(source_url)):
        raise Refused(f"the source {shown(source_url)} does not exist (no such file)")


async def source_history(url: str) -> str | None:
    """Where the source stands, when it needs an upgrade first (None: at the head already)."""
    db = database_for(url)
    try:
        await db.open()
        if not await db.fetch(TABLES_SQL[db.dialect]):
            raise Refused(f"the source {shown(url)} has no tables: not a database of this bot")
        revision = await current_revision(db)
        if revision == HEAD:
            return None
        if revision is not None and revision > HEAD:
            raise Refused(f"the source {shown(url)} is at revision {revision}, newer than this bot's "
                          f"{HEAD}: run the newer bot's migrate_store")
        if revision is None and db.dialect == "sqlite":
            return f"a store from before Alembic (user_version {await db.fetchval('PRAGMA user_version')})"
        return f"at revision {revision}"
    except OPEN_ERRORS as error:
        raise Refused(f"cannot open the source {shown(url)}: {error}") from None
    finally:
        await db.close()


async def open_side(url: str, role: str) -> Store:
    store = Store(url)
    try:
        await store.open()
    except OPEN_ERRORS as error:
        raise Refused(f"cannot open the {role} {shown(url)}: {error}") from None
    except (CommandError, RuntimeError) as error:  # a newer history, or tables of something else
        raise Refused(f"the {role} {shown(url)} cannot be brought to revision {HEAD}: {error}") from None
    return store


async def copy(source: Store, target: Store, *, replace: bool, batch: int, say: Voices) -> None:
    """Steps 3 and 4 (the target's transaction)."""
    filled = await non_empty_tables(target.database)
    if filled and not replace:
        raise Refused(f"the target {shown(target.url)} is not empty (rows in {', '.join(filled)}); "
                      "nothing copied. --replace empties it first")
    totals = {table.name: await count(source.database, table) for table in tables()}
    try:
        async with target.transaction() as tx:
            if filled:
                await empty_tables(tx)
                say.progress(f"target emptied ({', '.join(filled)} had rows)")
            copied = [await copy_table(source.database, tx, table, totals[table.name], say.progress, batch)
                      for table in tables()]
            await move_sequences(tx, target.dialect)
    except COPY_ERRORS as error:
        hint = ("; rows of a SQLite source that break a foreign key are listed by "
                "sqlite3 FILE 'PRAGMA foreign_key_check'" if isinstance(error, IntegrityError) else "")
        raise CopyFailed(f"the copy failed and was rolled back, the target is as it was: "
                         f"{type(error).__name__}: {error}{hint}") from error
    say.progress(f"copied {sum(c.rows for c in copied):,} rows")


async def migrate(source_url: str, target_url: str, *, replace: bool = False, batch: int = BATCH,
                  verify_only: bool = False, jobs: int = 1, sample: int | None = None,
                  say: Voices | None = None) -> Verification:
    """Copy (unless ``verify_only``) and verify (replays in ``jobs`` processes, ``sample``
    matches only if given). ``Refused`` is raised before anything is copied (the source may
    have been upgraded and the target given the schema), ``CopyFailed`` after the copy's
    transaction was rolled back."""
    say = say or Voices(out=print, progress=lambda line: None)
    check_urls(source_url, target_url)
    history = await source_history(source_url)
    if history:
        say.out(f"source: {history}; upgrading it in place to revision {HEAD}, as the bot does at start")
    source = await open_side(source_url, "source")
    try:
        if history:
            say.out(f"source: upgraded in place to revision {HEAD}")
        target = await open_side(target_url, "target")
        try:
            if not verify_only:
                await copy(source, target, replace=replace, batch=batch, say=say)
            return await verify(source.database, target, say.progress, jobs=jobs, sample=sample)
        finally:
            await target.close()
    finally:
        await source.close()


def cores() -> int:
    """The cores this process may run on (a container's share, where the OS says)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m gamehost.migrate_store", description=DESCRIPTION,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--from", dest="source", required=True, metavar="URL",
                   help="the database to copy: sqlite:///path/to/file.sqlite3 or postgresql://user@host:port/name")
    p.add_argument("--to", dest="target", required=True, metavar="URL", help="the database to copy into")
    p.add_argument("--replace", action="store_true",
                   help="empty a target that already holds rows, instead of refusing it")
    p.add_argument("--batch", type=int, default=BATCH, metavar="N", help=f"rows per write (default {BATCH:,})")
    p.add_argument("--jobs", type=int, default=cores(), metavar="N",
                   help="processes replaying matches in step 5 (default: one per core it may use, "
                        "here %(default)s)")
    p.add_argument("--sample", type=int, metavar="N",
                   help="replay only N matches, spread evenly over the ids, instead of all (every "
                        "table's rows are still compared in full); the summary says so")
    p.add_argument("--verify-only", action="store_true",
                   help="copy nothing: only step 5, comparing an earlier copy with its source")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    for name in ("batch", "jobs", "sample"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            parser().error(f"--{name} must be at least 1")

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    try:
        result = asyncio.run(migrate(args.source, args.target, replace=args.replace, batch=args.batch,
                                     verify_only=args.verify_only, jobs=args.jobs,
                                     sample=args.sample, say=Voices(out=print, progress=progress)))
    except Refused as refusal:
        print(f"migrate_store: {refusal}", file=sys.stderr)
        return 2
    except CopyFailed as failure:
        print(f"migrate_store: {failure}", file=sys.stderr)
        return 1
    for line in summary(result):
        print(line)
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
