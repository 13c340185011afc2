"""A version per tournament (two processes never both advance one) and per-server settings
(user_version 6).

Revision ID: 0006
Revises: 0005
"""
import sqlalchemy as sa
from alembic import op

from gamehost.db.schema import ID

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tournaments", sa.Column("version", sa.Integer, nullable=False, server_default="0"))
    op.create_table(
        "guild_settings",
        sa.Column("guild_id", ID, primary_key=True, autoincrement=False),
        sa.Column("organizer_role_id", ID),
    )


def downgrade() -> None:
    op.drop_table("guild_settings")
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("version")
