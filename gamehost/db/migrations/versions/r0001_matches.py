"""Matches, the action log, snapshots, user settings (user_version 1 of the SQLite store).

Revision ID: 0001
Revises:
"""
import sqlalchemy as sa
from alembic import op

from gamehost.db.schema import ID, PACKED, REAL

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

OPEN = sa.text("status IN ('lobby', 'active')")
ACTIVE = sa.text("status = 'active'")


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column("guild_id", ID),
        sa.Column("channel_id", ID, nullable=False),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("creator_id", ID, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("seed", ID, nullable=False),
        sa.Column("state", PACKED),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("pace", sa.Text, nullable=False),
        sa.Column("timeout_policy", sa.Text, nullable=False),
        sa.Column("decision_seconds", sa.Integer, nullable=False),
        sa.Column("deadline_at", REAL),
        sa.Column("reminded", sa.Integer, nullable=False, server_default="0"),
        sa.Column("board_message_id", ID),
        sa.Column("locale", sa.Text, nullable=False),
        sa.Column("result", sa.Text),
        sa.Column("created_at", REAL, nullable=False),
        sa.Column("updated_at", REAL, nullable=False),
    )
    op.create_index("matches_one_open_per_channel", "matches", ["channel_id"], unique=True,
                    sqlite_where=OPEN, postgresql_where=OPEN)
    op.create_index("matches_deadlines", "matches", ["deadline_at"], sqlite_where=ACTIVE, postgresql_where=ACTIVE)
    op.create_index("matches_guild", "matches", ["guild_id", "status"])
    op.create_table(
        "actions",
        sa.Column("match_id", ID, sa.ForeignKey("matches.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("user_id", ID),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("at", REAL, nullable=False),
        sa.PrimaryKeyConstraint("match_id", "seq"),
    )
    op.create_table(
        "snapshots",
        sa.Column("match_id", ID, sa.ForeignKey("matches.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("state", PACKED, nullable=False),
        sa.PrimaryKeyConstraint("match_id", "seq"),
    )
    op.create_table(
        "user_settings",
        sa.Column("user_id", ID, primary_key=True, autoincrement=False),
        sa.Column("locale", sa.Text),
        sa.Column("dms_closed", sa.Integer, nullable=False, server_default="0"),
    )


def downgrade() -> None:
    for table in ("user_settings", "snapshots", "actions", "matches"):
        op.drop_table(table)
