"""Every table of the store, described once (SQLAlchemy Core) for SQLite and PostgreSQL.

This is the schema as the latest migration (gamehost/db/migrations/versions) leaves it; a new
database is made from it directly and stamped at the head revision, an existing one is
upgraded by the migrations (tests/store/test_migrations.py checks the two agree). Queries
stay hand-written SQL (gamehost/store.py and its helpers); these objects only describe.

Types: Discord ids pass 32 bits, so ids are BIGINT (SQLite's INTEGER is 64 bits already,
and only ``INTEGER PRIMARY KEY`` is SQLite's rowid); times and ratings are double
precision; a packed state (``pack_state``: zlib bytes) is BYTEA in PostgreSQL and keeps
SQLite's declared TEXT of older files (SQLite stores the bytes as they are); JSON documents
are text. Flags stay integers (0/1) in both.
"""
from __future__ import annotations

from sqlalchemy import (BigInteger, Column, Double, ForeignKey, Index, Integer, LargeBinary, MetaData,
                        PrimaryKeyConstraint, Table, Text, text)
from sqlalchemy.dialects import sqlite
from sqlalchemy.types import TypeEngine

#: a Discord id or a row id (rowid alias in SQLite when it is the primary key)
ID: TypeEngine[int] = BigInteger().with_variant(Integer(), "sqlite")
#: a time (seconds since the epoch) or a rating figure
REAL: TypeEngine[float] = Double().with_variant(sqlite.REAL(), "sqlite")
#: a packed state (``gamehost.store_rows.pack_state``)
PACKED: TypeEngine = LargeBinary().with_variant(Text(), "sqlite")

metadata = MetaData()

OPEN = text("status IN ('lobby', 'active')")
ACTIVE = text("status = 'active'")
RUNNING = text("status IN ('checkin', 'running')")


def _where(clause):
    return {"sqlite_where": clause, "postgresql_where": clause}


matches = Table(
    "matches", metadata,
    Column("id", ID, primary_key=True, autoincrement=True),
    Column("guild_id", ID),
    Column("channel_id", ID, nullable=False),
    Column("game", Text, nullable=False),
    Column("status", Text, nullable=False),
    Column("creator_id", ID, nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("seed", ID, nullable=False),
    Column("state", PACKED),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("pace", Text, nullable=False),
    Column("timeout_policy", Text, nullable=False),
    Column("decision_seconds", Integer, nullable=False),
    Column("deadline_at", REAL),
    Column("reminded", Integer, nullable=False, server_default="0"),
    Column("board_message_id", ID),
    Column("locale", Text, nullable=False),
    Column("result", Text),
    Column("created_at", REAL, nullable=False),
    Column("updated_at", REAL, nullable=False),
    # when the match next needs the clock (its reminder, else its deadline) and who holds the
    # lease to fire it (gamehost/leases.py)
    Column("due_at", REAL),
    Column("lease_owner", Text),
    Column("lease_until", REAL),
    Index("matches_one_open_per_channel", "channel_id", unique=True, **_where(OPEN)),
    Index("matches_deadlines", "deadline_at", **_where(ACTIVE)),
    Index("matches_guild", "guild_id", "status"),
    Index("matches_channel", "channel_id", "id"),
    Index("matches_due", "due_at", **_where(ACTIVE)),
)

actions = Table(
    "actions", metadata,
    Column("match_id", ID, ForeignKey("matches.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("seat", Integer),
    Column("user_id", ID),
    Column("kind", Text, nullable=False),
    Column("action", Text, nullable=False),
    Column("at", REAL, nullable=False),
    PrimaryKeyConstraint("match_id", "seq"),
)

snapshots = Table(
    "snapshots", metadata,
    Column("match_id", ID, ForeignKey("matches.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("state", PACKED, nullable=False),
    PrimaryKeyConstraint("match_id", "seq"),
)

user_settings = Table(
    "user_settings", metadata,
    Column("user_id", ID, primary_key=True, autoincrement=False),
    Column("locale", Text),
    Column("dms_closed", Integer, nullable=False, server_default="0"),
)

followers = Table(
    "followers", metadata,
    Column("match_id", ID, ForeignKey("matches.id"), nullable=False),
    Column("user_id", ID, nullable=False),
    PrimaryKeyConstraint("match_id", "user_id"),
)

ranked_matches = Table(
    "ranked_matches", metadata,
    Column("match_id", ID, ForeignKey("matches.id"), primary_key=True, autoincrement=False),
)

ratings = Table(
    "ratings", metadata,
    Column("guild_id", ID, nullable=False),
    Column("game", Text, nullable=False),
    Column("identity", Text, nullable=False),
    Column("mu", REAL, nullable=False),
    Column("sigma", REAL, nullable=False),
    Column("ordinal", REAL, nullable=False),
    Column("games", Integer, nullable=False, server_default="0"),
    Column("wins", Integer, nullable=False, server_default="0"),
    Column("draws", Integer, nullable=False, server_default="0"),
    Column("losses", Integer, nullable=False, server_default="0"),
    Column("updated_at", REAL, nullable=False),
    PrimaryKeyConstraint("guild_id", "game", "identity"),
)
Index("ratings_board", ratings.c.guild_id, ratings.c.game, ratings.c.ordinal.desc())

rating_history = Table(
    "rating_history", metadata,
    Column("match_id", ID, nullable=False),
    Column("guild_id", ID, nullable=False),
    Column("game", Text, nullable=False),
    Column("identity", Text, nullable=False),
    Column("at", REAL, nullable=False),
    Column("mu_before", REAL, nullable=False),
    Column("sigma_before", REAL, nullable=False),
    Column("mu", REAL, nullable=False),
    Column("sigma", REAL, nullable=False),
    Column("place", Integer, nullable=False),
    Column("outcome", Text, nullable=False),
    Column("form", Text, nullable=False),
    PrimaryKeyConstraint("match_id", "identity"),
    Index("rating_history_member", "guild_id", "game", "identity", "at", "match_id"),
)

tournaments = Table(
    "tournaments", metadata,
    Column("id", ID, primary_key=True, autoincrement=True),
    Column("guild_id", ID),
    Column("channel_id", ID, nullable=False),
    Column("creator_id", ID, nullable=False),
    Column("status", Text, nullable=False),
    Column("data", Text, nullable=False),
    Column("updated_at", REAL, nullable=False),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("due_at", REAL),
    Column("lease_owner", Text),
    Column("lease_until", REAL),
    Index("tournaments_guild", "guild_id", "status"),
    Index("tournaments_due", "due_at", **_where(RUNNING)),
)

tournament_matches = Table(
    "tournament_matches", metadata,
    Column("match_id", ID, ForeignKey("matches.id"), primary_key=True, autoincrement=False),
    Column("tournament_id", ID, ForeignKey("tournaments.id"), nullable=False),
)

guild_settings = Table(
    "guild_settings", metadata,
    Column("guild_id", ID, primary_key=True, autoincrement=False),
    Column("organizer_role_id", ID),
)

campaigns = Table(
    "campaigns", metadata,
    Column("guild_id", ID, nullable=False),
    Column("channel_id", ID, nullable=False),
    Column("game", Text, nullable=False),
    Column("data", Text, nullable=False),
    Column("updated_at", REAL, nullable=False),
    PrimaryKeyConstraint("guild_id", "channel_id", "game"),
)

tournament_tables = Table(
    "tournament_tables", metadata,
    Column("tournament_id", ID, ForeignKey("tournaments.id"), nullable=False),
    Column("table_key", Text, nullable=False),
    Column("owner", Text),
    Column("claimed_until", REAL),
    Column("channel_id", ID),
    Column("match_id", ID, ForeignKey("matches.id")),
    PrimaryKeyConstraint("tournament_id", "table_key"),
)

turn_posts = Table(
    "turn_posts", metadata,
    Column("match_id", ID, ForeignKey("matches.id"), primary_key=True, autoincrement=False),
    Column("mode", Text, nullable=False, server_default="turn"),
    Column("message_id", ID),
    Column("owners", Text, nullable=False, server_default="[]"),
    Column("narration", Text, nullable=False, server_default="[]"),
    Column("dropped", Integer, nullable=False, server_default="0"),
    Column("posted_at", REAL),
)

private_sent = Table(
    "private_sent", metadata,
    Column("match_id", ID, ForeignKey("matches.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("digest", Text, nullable=False),
    PrimaryKeyConstraint("match_id", "seat"),
)

command_rate = Table(
    "command_rate", metadata,  # one token bucket per person, shared by the processes (gamehost/command_rate.py)
    Column("user_id", ID, primary_key=True, autoincrement=False),
    Column("tokens", REAL, nullable=False),
    Column("at", REAL, nullable=False),
)

endless_runs = Table(
    "endless_runs", metadata,  # one row per finished endless match (gamehost/endless_records.py, 0012)
    Column("match_id", ID, ForeignKey("matches.id"), primary_key=True, autoincrement=False),
    Column("guild_id", ID, nullable=False),          # 0: a match outside a server
    Column("game", Text, nullable=False),
    Column("faction", Text, nullable=False),         # the side the person played
    Column("difficulty", Text, nullable=False),
    Column("user_id", ID),
    Column("name", Text, nullable=False),
    Column("waves", Integer, nullable=False),        # the score: waves survived
    Column("power", Integer, nullable=False),        # then fortress power
    Column("at", REAL, nullable=False),
    Index("endless_runs_best", "guild_id", "game", "faction", "difficulty", "waves", "power"),
)
