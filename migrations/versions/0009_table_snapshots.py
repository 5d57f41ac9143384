"""online_tables.snapshots and golf_matches.snapshot: a table's match as it stood after
each of its last changes, a browser's match as it stands, so that a read restores them
rather than replaying their logs

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Null for every table there is: its log is replayed once, and its next change keeps one.
    with op.batch_alter_table("online_tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("snapshots", sa.JSON(), nullable=True))
    with op.batch_alter_table("golf_matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("snapshot", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("golf_matches", schema=None) as batch_op:
        batch_op.drop_column("snapshot")
    with op.batch_alter_table("online_tables", schema=None) as batch_op:
        batch_op.drop_column("snapshots")
