"""golf_results.replay_id and online_results.replay_id: a finished match's replay, so that
a browser's finished matches can be found again (My matches)

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-04
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Null for the results there are: their matches are not listed with a replay.
    with op.batch_alter_table("golf_results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("replay_id", sa.String(length=24), nullable=True))
    with op.batch_alter_table("online_results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("replay_id", sa.String(length=24), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("online_results", schema=None) as batch_op:
        batch_op.drop_column("replay_id")
    with op.batch_alter_table("golf_results", schema=None) as batch_op:
        batch_op.drop_column("replay_id")
