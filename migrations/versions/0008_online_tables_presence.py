"""online_tables.seen_ms, .away and .read_ms: a table whose people are all away stops
playing, and the purge keeps a table someone still reads

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("online_tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seen_ms", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("away", sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column("read_ms", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("online_tables", schema=None) as batch_op:
        batch_op.drop_column("read_ms")
        batch_op.drop_column("away")
        batch_op.drop_column("seen_ms")
