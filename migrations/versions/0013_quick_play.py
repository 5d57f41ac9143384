"""quick_play_queue, the people waiting in quick play, and golf_tables.quick_play, which
marks the tables quick play made

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-10
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("golf_tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("quick_play", sa.Boolean(), server_default=sa.false(), nullable=False))
    op.create_table(
        "quick_play_queue",
        sa.Column("browser_id", sa.String(length=64), nullable=False),
        sa.Column("players", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("joined_ms", sa.BigInteger(), nullable=False),
        sa.Column("deadline_ms", sa.BigInteger(), nullable=False),
        sa.Column("heartbeat_ms", sa.BigInteger(), nullable=False),
        sa.Column("table_code", sa.String(length=32), nullable=True),
        sa.Column("seated_ms", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["browser_id"],
            ["browsers.id"],
            name=op.f("fk_quick_play_queue_browser_id_browsers"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("browser_id", name=op.f("pk_quick_play_queue")),
    )
    with op.batch_alter_table("quick_play_queue", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_quick_play_queue_joined_ms"), ["joined_ms"], unique=False)
        batch_op.create_index(batch_op.f("ix_quick_play_queue_table_code"), ["table_code"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("quick_play_queue", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_quick_play_queue_table_code"))
        batch_op.drop_index(batch_op.f("ix_quick_play_queue_joined_ms"))
    op.drop_table("quick_play_queue")
    with op.batch_alter_table("golf_tables", schema=None) as batch_op:
        batch_op.drop_column("quick_play")
