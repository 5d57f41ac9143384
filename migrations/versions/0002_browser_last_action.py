"""browsers.last_action_at: when a browser last acted, so idle sessions can be purged

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-06
"""

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("browsers", schema=None) as batch_op:
        batch_op.add_column(sa.Column("last_action_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index(batch_op.f("ix_browsers_last_action_at"), ["last_action_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_browsers_created_at"), ["created_at"], unique=False)

    # Browsers that already acted (a result, or a game changed since it was dealt: its
    # version rose, or a hint was taken) count as acting now, so none of them is purged
    # for a long while; the others are empty and go a day after they were made.
    browsers = sa.table("browsers", sa.column("id", sa.String), sa.column("last_action_at", sa.DateTime(timezone=True)))
    acted = sa.or_(
        *(
            browsers.c.id.in_(sa.select(sa.column("browser_id")).select_from(sa.table(name)).where(condition))
            for name, condition in (
                ("golf_results", sa.true()),
                ("solitaire_results", sa.true()),
                ("golf_matches", sa.or_(sa.column("version") > 1, sa.column("hints_used") > 0)),
                ("solitaire_games", sa.or_(sa.column("version") > 1, sa.column("hints_used") > 0)),
            )
        )
    )
    op.execute(browsers.update().where(acted).values(last_action_at=datetime.now(UTC)))


def downgrade() -> None:
    with op.batch_alter_table("browsers", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_browsers_created_at"))
        batch_op.drop_index(batch_op.f("ix_browsers_last_action_at"))
        batch_op.drop_column("last_action_at")
