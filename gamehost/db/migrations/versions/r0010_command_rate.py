"""Cross-process command rate limits (issue 23; gamehost/command_rate.py): one token bucket
per person, updated in one statement by whichever process serves the command.

Revision ID: 0010
Revises: 0009
"""
import sqlalchemy as sa
from alembic import op

from gamehost.db.schema import ID, REAL

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "command_rate",
        sa.Column("user_id", ID, primary_key=True, autoincrement=False),
        sa.Column("tokens", REAL, nullable=False),
        sa.Column("at", REAL, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("command_rate")
