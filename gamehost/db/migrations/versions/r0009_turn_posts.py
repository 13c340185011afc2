"""The living board messages and the private views last sent (user_version 9;
gamehost/turn_store.py).

Revision ID: 0009
Revises: 0008
"""
import sqlalchemy as sa
from alembic import op

from gamehost.db.schema import ID, REAL

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "turn_posts",
        sa.Column("match_id", ID, sa.ForeignKey("matches.id"), primary_key=True, autoincrement=False),
        sa.Column("mode", sa.Text, nullable=False, server_default="turn"),
        sa.Column("message_id", ID),
        sa.Column("owners", sa.Text, nullable=False, server_default="[]"),
        sa.Column("narration", sa.Text, nullable=False, server_default="[]"),
        sa.Column("dropped", sa.Integer, nullable=False, server_default="0"),
        sa.Column("posted_at", REAL),
    )
    op.create_table(
        "private_sent",
        sa.Column("match_id", ID, sa.ForeignKey("matches.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("digest", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("match_id", "seat"),
    )


def downgrade() -> None:
    op.drop_table("private_sent")
    op.drop_table("turn_posts")
