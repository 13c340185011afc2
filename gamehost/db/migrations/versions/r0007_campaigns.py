"""Campaign progress per channel and game (user_version 7; gamehost/campaigns.py). Guild 0
outside a server: a NULL would never conflict, so the key could hold two rows.

Revision ID: 0007
Revises: 0006
"""
import sqlalchemy as sa
from alembic import op

from gamehost.db.schema import ID, REAL

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "campaigns",
        sa.Column("guild_id", ID, nullable=False),
        sa.Column("channel_id", ID, nullable=False),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("updated_at", REAL, nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "channel_id", "game"),
    )


def downgrade() -> None:
    op.drop_table("campaigns")
