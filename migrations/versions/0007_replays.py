"""replays: every finished match kept whole for its replay link

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('replays',
    sa.Column('id', sa.String(length=24), nullable=False),
    sa.Column('kind', sa.String(length=8), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=False),
    sa.Column('deal_seed', sa.String(length=24), nullable=False),
    sa.Column('rules', sa.JSON(), nullable=False),
    sa.Column('seats', sa.JSON(), nullable=False),
    sa.Column('log', sa.JSON(), nullable=False),
    sa.Column('hole_scores', sa.JSON(), nullable=False),
    sa.Column('created_ms', sa.BigInteger(), nullable=False),
    sa.Column('shown_from_ms', sa.BigInteger(), server_default=sa.text('0'), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_replays'))
    )
    with op.batch_alter_table('replays', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_replays_created_ms'), ['created_ms'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('replays', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_replays_created_ms'))
    op.drop_table('replays')
