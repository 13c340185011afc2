"""Ranked matches and the ratings they feed (user_version 4; gamehost/rating_store.py).

Revision ID: 0004
Revises: 0003
"""
import sqlalchemy as sa
from alembic import op

from gamehost.db.schema import ID, REAL

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("ranked_matches",
                    sa.Column("match_id", ID, sa.ForeignKey("matches.id"), primary_key=True, autoincrement=False))
    op.create_table(
        "ratings",
        sa.Column("guild_id", ID, nullable=False),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("identity", sa.Text, nullable=False),
        sa.Column("mu", REAL, nullable=False),
        sa.Column("sigma", REAL, nullable=False),
        sa.Column("ordinal", REAL, nullable=False),
        sa.Column("games", sa.Integer, nullable=False, server_default="0"),
        sa.Column("wins", sa.Integer, nullable=False, server_default="0"),
        sa.Column("draws", sa.Integer, nullable=False, server_default="0"),
        sa.Column("losses", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated_at", REAL, nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "game", "identity"),
    )
    op.create_index("ratings_board", "ratings", ["guild_id", "game", sa.desc(sa.column("ordinal"))])
    op.create_table(
        "rating_history",
        sa.Column("match_id", ID, nullable=False),
        sa.Column("guild_id", ID, nullable=False),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("identity", sa.Text, nullable=False),
        sa.Column("at", REAL, nullable=False),
        sa.Column("mu_before", REAL, nullable=False),
        sa.Column("sigma_before", REAL, nullable=False),
        sa.Column("mu", REAL, nullable=False),
        sa.Column("sigma", REAL, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("outcome", sa.Text, nullable=False),
        sa.Column("form", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("match_id", "identity"),
    )
    op.create_index("rating_history_member", "rating_history", ["guild_id", "game", "identity", "at", "match_id"])


def downgrade() -> None:
    for table in ("rating_history", "ratings", "ranked_matches"):
        op.drop_table(table)
