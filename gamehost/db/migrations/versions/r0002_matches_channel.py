"""A channel's matches by recency, open or finished (user_version 2).

Revision ID: 0002
Revises: 0001
"""
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("matches_channel", "matches", ["channel_id", "id"])


def downgrade() -> None:
    op.drop_index("matches_channel", "matches")
