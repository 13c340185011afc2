"""Cross-process command rate limits (issue 23; gamehost/limits.py). A placeholder until the
rate table lands: no change.

Revision ID: 0010
Revises: 0009
"""
revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
