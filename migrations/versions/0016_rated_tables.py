"""golf_tables.rated, which quick-play tables are rated (every person at them had an
account when they were made), and quick_play_queue.rated, which pool a waiting person is
in (accounts are seated with accounts, guests with guests)

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-04
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("golf_tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rated", sa.Boolean(), server_default=sa.false(), nullable=False))
    with op.batch_alter_table("quick_play_queue", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rated", sa.Boolean(), server_default=sa.false(), nullable=False))
    tables = sa.table(
        "golf_tables",
        sa.column("code", sa.String),
        sa.column("owner", sa.String),
        sa.column("quick_play", sa.Boolean),
        sa.column("status", sa.String),
        sa.column("rated", sa.Boolean),
        sa.column("seats", sa.JSON),
        sa.column("deadline_ms", sa.BigInteger),
    )
    # A quick-play table still being played was made under the rule that rated its
    # accounts whoever sat beside them: it is rated when it ends, as it was told then.
    op.execute(tables.update().where(tables.c.quick_play.is_(True), tables.c.status != "over").values(rated=True))
    # A table in play that everyone has left waited for ever: due now, the sweep ends it.
    playing = op.get_bind().execute(
        sa.select(tables.c.code, tables.c.seats).where(tables.c.owner.is_(None), tables.c.status == "playing")
    )
    deserted = [code for code, seats in playing if not any(seat.get("kind") == "person" for seat in seats)]
    if deserted:
        op.execute(tables.update().where(tables.c.code.in_(deserted)).values(deadline_ms=0))


def downgrade() -> None:
    with op.batch_alter_table("quick_play_queue", schema=None) as batch_op:
        batch_op.drop_column("rated")
    with op.batch_alter_table("golf_tables", schema=None) as batch_op:
        batch_op.drop_column("rated")
