"""tasks and elevators: elevators, the elevator schedules that ride them

Revision ID: 0010_tasks_elevators
Revises: 0008_bounded_maintenance_hours
Create Date: 2026-11-22 13:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision: str = '0010_tasks_elevators'
down_revision: str | Sequence[str] | None = '0009_maps'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'elevators',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=64), nullable=False),
        sa.Column('code', sa.String(length=64), nullable=False),
        sa.Column('building_name', sa.String(length=64), nullable=False),
        sa.Column('building_address', sa.String(length=255), nullable=False),
        sa.Column('contact_name', sa.String(length=64), nullable=False),
        sa.Column('contact_phone', sa.String(length=16), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=True),
        sa.Column('size', sa.String(length=32), nullable=False),
        sa.Column('floor_min', sa.SmallInteger(), nullable=False),
        sa.Column('floor_max', sa.SmallInteger(), nullable=False),
        sa.Column('position', sa.String(length=255), nullable=False),
        sa.Column('provider', sa.String(length=32), nullable=False),
        sa.Column('module_id', sa.String(length=64), nullable=False),
        sa.Column('robot_id', sa.String(length=64), nullable=False),
        sa.Column('server', sa.String(length=255), nullable=False),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.Column('updated_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_elevators_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_elevators')),
        sa.UniqueConstraint('user_id', 'name', name='uq_elevators_user_id_name'),
    )
    with op.batch_alter_table('elevators', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_elevators_user_id'), ['user_id'], unique=False)
    op.create_table(
        'elevator_schedule_uses',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('elevator_id', sa.Integer(), nullable=False),
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('schedule_name', sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(['device_id'], ['devices.id'], name=op.f('fk_elevator_schedule_uses_device_id_devices'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['elevator_id'], ['elevators.id'],
                                name=op.f('fk_elevator_schedule_uses_elevator_id_elevators')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_elevator_schedule_uses')),
        sa.UniqueConstraint('device_id', 'schedule_name', name='uq_elevator_schedule_uses_device_name'),
    )
    with op.batch_alter_table('elevator_schedule_uses', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_elevator_schedule_uses_elevator_id'), ['elevator_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('elevator_schedule_uses', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_elevator_schedule_uses_elevator_id'))
    op.drop_table('elevator_schedule_uses')
    with op.batch_alter_table('elevators', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_elevators_user_id'))
    op.drop_table('elevators')
