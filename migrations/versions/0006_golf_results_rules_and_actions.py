"""golf_results.holes and .actions_taken: statistics kept per rule set, and the count of
actions taken

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("golf_results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("holes", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("actions_taken", sa.Integer(), server_default=sa.text("0"), nullable=False))
    # Results recorded before: the holes of a match of a preset are known from its name.
    results = sa.table("golf_results", sa.column("rules_name", sa.String), sa.column("holes", sa.Integer))
    op.execute(results.update().where(results.c.rules_name == "eighteen-holes").values(holes=18))
    op.execute(
        results.update()
        .where(
            results.c.rules_name.in_(
                [
                    "standard",
                    "four-card",
                    "eight-card",
                    "nine-card",
                    "jokers",
                    "no-final-turn",
                    "optional-flip",
                    "knocking",
                ]
            )
        )
        .values(holes=9)
    )


def downgrade() -> None:
    with op.batch_alter_table("golf_results", schema=None) as batch_op:
        batch_op.drop_column("actions_taken")
        batch_op.drop_column("holes")
