"""online history: which devices were online on which UTC day

Revision ID: 0005_online_history
Revises: 0004_robot_link
Create Date: 2026-11-21 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import cleanfleet.core.db

revision: str = '0005_online_history'
down_revision: str | Sequence[str] | None = '0004_robot_link'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('device_online_days',
    sa.Column('device_id', sa.Integer(), nullable=False),
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('first_seen', cleanfleet.core.db.UtcDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['device_id'], ['devices.id'], name=op.f('fk_device_online_days_device_id_devices'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('device_id', 'day', name=op.f('pk_device_online_days'))
    )
    with op.batch_alter_table('device_online_days', schema=None) as batch_op:
        batch_op.create_index('ix_device_online_days_day', ['day', 'device_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('device_online_days', schema=None) as batch_op:
        batch_op.drop_index('ix_device_online_days_day')

    op.drop_table('device_online_days')
