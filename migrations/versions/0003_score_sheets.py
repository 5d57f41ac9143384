"""score sheets: the scorekeeper's games played with real cards

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "score_sheets",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("browser_id", sa.String(length=64), nullable=False),
        sa.Column("share_code", sa.String(length=32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("holes", sa.Integer(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("history", sa.JSON(), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.Column("updated_ms", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["browser_id"], ["browsers.id"], name=op.f("fk_score_sheets_browser_id_browsers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_score_sheets")),
        sa.UniqueConstraint("share_code", name=op.f("uq_score_sheets_share_code")),
    )
    with op.batch_alter_table("score_sheets", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_score_sheets_browser_id"), ["browser_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("score_sheets", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_score_sheets_browser_id"))
    op.drop_table("score_sheets")
