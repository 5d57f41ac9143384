"""play reviews: each finished hole's decisions weighed, and the match identity they hang on

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("golf_matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("match_id", sa.String(length=32), nullable=True))

    op.create_table(
        "play_reviews",
        sa.Column("browser_id", sa.String(length=64), nullable=False),
        sa.Column("match_id", sa.String(length=40), nullable=False),
        sa.Column("hole", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("review", sa.JSON(), nullable=False),
        sa.Column("decisions", sa.Integer(), nullable=False),
        sa.Column("points_lost", sa.Float(), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["browser_id"], ["browsers.id"], name=op.f("fk_play_reviews_browser_id_browsers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("browser_id", "match_id", "hole", "seat", name=op.f("pk_play_reviews")),
    )
    with op.batch_alter_table("play_reviews", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_play_reviews_created_ms"), ["created_ms"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("play_reviews", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_play_reviews_created_ms"))
    op.drop_table("play_reviews")
    with op.batch_alter_table("golf_matches", schema=None) as batch_op:
        batch_op.drop_column("match_id")
