"""Each tournament table's opening: the process that claimed it, its thread and its match
(user_version 8; gamehost/table_store.py).

Revision ID: 0008
Revises: 0007
"""
import sqlalchemy as sa
from alembic import op

from gamehost.db.schema import ID, REAL

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournament_tables",
        sa.Column("tournament_id", ID, sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("table_key", sa.Text, nullable=False),
        sa.Column("owner", sa.Text),
        sa.Column("claimed_until", REAL),
        sa.Column("channel_id", ID),
        sa.Column("match_id", ID, sa.ForeignKey("matches.id")),
        sa.PrimaryKeyConstraint("tournament_id", "table_key"),
    )


def downgrade() -> None:
    op.drop_table("tournament_tables")
