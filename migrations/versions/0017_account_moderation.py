"""accounts.suspended_ms and accounts.off_boards: the site's host suspends an account,
or takes its results off the boards (python -m app admin)

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-10
"""

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("suspended_ms", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("off_boards", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_column("off_boards")
        batch_op.drop_column("suspended_ms")
