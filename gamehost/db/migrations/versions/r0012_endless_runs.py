"""Endless records (issue 24; gamehost/endless_records.py): one row per finished endless
match, written when it ends (idempotent by its match id), from which a server's best runs
per faction and difficulty are read (waves survived, then fortress power, then the earliest).

Revision ID: 0012
Revises: 0011
"""
import sqlalchemy as sa
from alembic import op

from gamehost.db.schema import ID, REAL

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "endless_runs",
        sa.Column("match_id", ID, sa.ForeignKey("matches.id"), primary_key=True, autoincrement=False),
        sa.Column("guild_id", ID, nullable=False),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("faction", sa.Text, nullable=False),
        sa.Column("difficulty", sa.Text, nullable=False),
        sa.Column("user_id", ID),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("waves", sa.Integer, nullable=False),
        sa.Column("power", sa.Integer, nullable=False),
        sa.Column("at", REAL, nullable=False),
    )
    op.create_index("endless_runs_best", "endless_runs", ["guild_id", "game", "faction", "difficulty", "waves", "power"])


def downgrade() -> None:
    op.drop_index("endless_runs_best", "endless_runs")
    op.drop_table("endless_runs")
