"""Recompute every rating from the stored results of ranked matches (deterministic: the same
database always gives the same ratings). Run it with the bot stopped:

    .venv/bin/python tools/rebuild_ratings.py [--db matches.sqlite3 | --db postgresql://…]

The database is DATABASE_URL's (else DATABASE_PATH's SQLite file) unless --db names one.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamehost.config import Settings, load_dotenv  # noqa: E402
from gamehost.service import MatchService  # noqa: E402
from gamehost.store import Store  # noqa: E402


async def main(db: str) -> int:
    store = Store(db)
    await store.open()
    try:
        service = MatchService(store, lambda: 0.0)
        rated = await service.rebuild_ratings()
        await service.close()
    finally:
        await store.close()
    print(f"{rated} ranked matches rated again")
    return 0


if __name__ == "__main__":
    load_dotenv(Path(__file__).resolve().parent.parent / ".env")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=Settings.from_env().store_url(),
                        help="a SQLite file or a database URL (sqlite:///…, postgresql://…)")
    sys.exit(asyncio.run(main(parser.parse_args().db)))
