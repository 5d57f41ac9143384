"""online_results.pass_and_play: whether a result among people was a pass-and-play match
(several people sharing one device), counted apart from the tables of people

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-13
"""

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("online_results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("pass_and_play", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("online_results", schema=None) as batch_op:
        batch_op.drop_column("pass_and_play")
