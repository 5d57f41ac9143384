"""win_chances: a finished match's chance to win after every step, its turning points and
each seat's peak; online_results.seat: whose seat a person's result at a table was

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-12
"""

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "win_chances",
        sa.Column("replay_id", sa.String(length=24), nullable=False),
        sa.Column("chances", sa.JSON(), nullable=False),
        sa.Column("turning_points", sa.JSON(), nullable=False),
        sa.Column("peaks", sa.JSON(), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["replay_id"], ["replays.id"], name=op.f("fk_win_chances_replay_id_replays"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("replay_id", name=op.f("pk_win_chances")),
    )
    with op.batch_alter_table("online_results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seat", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("online_results", schema=None) as batch_op:
        batch_op.drop_column("seat")
    op.drop_table("win_chances")
