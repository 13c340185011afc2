"""Deadlines claimed across processes (issue 23; gamehost/leases.py): when each open match
and tournament next needs the clock (``due_at``: a reminder or a deadline) and who holds the
short lease to fire it (``lease_owner`` until ``lease_until``).

``due_at`` starts empty on an upgraded database: a process's first poll for due deadlines
(``MatchDeadlines.poll_deadlines``) fills it for the open matches with its reminder fraction,
and a tournament's is written by its next save or tick (each process's own timer, armed at
start-up from every open match and tournament, needs none).

Revision ID: 0011
Revises: 0010
"""
import sqlalchemy as sa
from alembic import op

from gamehost.db.schema import REAL

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

ACTIVE = sa.text("status = 'active'")
RUNNING = sa.text("status IN ('checkin', 'running')")


def upgrade() -> None:
    for table in ("matches", "tournaments"):
        op.add_column(table, sa.Column("due_at", REAL))
        op.add_column(table, sa.Column("lease_owner", sa.Text))
        op.add_column(table, sa.Column("lease_until", REAL))
    op.create_index("matches_due", "matches", ["due_at"], sqlite_where=ACTIVE, postgresql_where=ACTIVE)
    op.create_index("tournaments_due", "tournaments", ["due_at"], sqlite_where=RUNNING, postgresql_where=RUNNING)


def downgrade() -> None:
    op.drop_index("tournaments_due", "tournaments")
    op.drop_index("matches_due", "matches")
    for table in ("tournaments", "matches"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("lease_until")
            batch.drop_column("lease_owner")
            batch.drop_column("due_at")
