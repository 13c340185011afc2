"""Tournaments (the whole tournament as JSON) and which match belongs to which (user_version 5).

Revision ID: 0005
Revises: 0004
"""
import sqlalchemy as sa
from alembic import op

from gamehost.db.schema import ID, REAL

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column("guild_id", ID),
        sa.Column("channel_id", ID, nullable=False),
        sa.Column("creator_id", ID, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("updated_at", REAL, nullable=False),
    )
    op.create_index("tournaments_guild", "tournaments", ["guild_id", "status"])
    op.create_table(
        "tournament_matches",
        sa.Column("match_id", ID, sa.ForeignKey("matches.id"), primary_key=True, autoincrement=False),
        sa.Column("tournament_id", ID, sa.ForeignKey("tournaments.id"), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tournament_matches")
    op.drop_table("tournaments")
