"""Members who get a match's public board by DM after every move (user_version 3).

Revision ID: 0003
Revises: 0002
"""
import sqlalchemy as sa
from alembic import op

from gamehost.db.schema import ID

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "followers",
        sa.Column("match_id", ID, sa.ForeignKey("matches.id"), nullable=False),
        sa.Column("user_id", ID, nullable=False),
        sa.PrimaryKeyConstraint("match_id", "user_id"),
    )


def downgrade() -> None:
    op.drop_table("followers")
