"""alarms: how an alarm was resolved, alarm settings per branch, the notification outbox, message texts

Revision ID: 0012_alarms
Revises: 0015_robot_data
Create Date: 2026-11-22 16:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision: str = '0012_alarms'
down_revision: str | Sequence[str] | None = '0015_robot_data'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('alarms') as batch:
        batch.add_column(sa.Column('resolution', sa.String(length=16), nullable=True))
    with op.batch_alter_table('messages') as batch:
        batch.add_column(sa.Column('text_key', sa.String(length=64), nullable=True))
        batch.add_column(sa.Column('text_values', sa.JSON(), nullable=True))
    op.create_index('ix_messages_user_unread', 'messages', ['user_id', 'deleted', 'read', 'created_at'])
    op.create_table(
        'alarm_settings',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('owner_id', sa.Integer(), nullable=False),
        sa.Column('code', sa.String(length=64), nullable=False),
        *[sa.Column(name, sa.Boolean(), nullable=False)
          for name in ('app', 'cloud', 'email', 'official', 'sms', 'terminal', 'offsite')],
        sa.Column('updated_at', UtcDateTime(), nullable=False),
        sa.Column('updated_by', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['owner_id'], ['users.id'], name=op.f('fk_alarm_settings_owner_id_users'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['updated_by'], ['users.id'], name=op.f('fk_alarm_settings_updated_by_users'),
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_alarm_settings')),
        sa.UniqueConstraint('owner_id', 'code', name='uq_alarm_settings_owner_code'),
    )
    op.create_table(
        'notification_sends',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('alarm_id', sa.Integer(), nullable=True),
        sa.Column('device_id', sa.Integer(), nullable=True),
        sa.Column('user_id', sa.Integer(), nullable=True),
        sa.Column('event', sa.String(length=64), nullable=False),
        sa.Column('channel', sa.String(length=16), nullable=False),
        sa.Column('recipient', sa.String(length=255), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('alarm_count', sa.Integer(), nullable=False),
        sa.Column('values', sa.JSON(), nullable=False),
        sa.Column('next_at', UtcDateTime(), nullable=False),
        sa.Column('last_error', sa.String(length=255), nullable=True),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.Column('sent_at', UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(['alarm_id'], ['alarms.id'], name=op.f('fk_notification_sends_alarm_id_alarms'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['device_id'], ['devices.id'],
                                name=op.f('fk_notification_sends_device_id_devices'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_notification_sends_user_id_users'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_notification_sends')),
    )
    op.create_index('ix_notification_sends_status_next', 'notification_sends', ['status', 'next_at'])
    op.create_index('ix_notification_sends_storm', 'notification_sends',
                    ['device_id', 'channel', 'user_id', 'created_at'])


def downgrade() -> None:
    op.drop_index('ix_notification_sends_storm', table_name='notification_sends')
    op.drop_index('ix_notification_sends_status_next', table_name='notification_sends')
    op.drop_table('notification_sends')
    op.drop_table('alarm_settings')
    op.drop_index('ix_messages_user_unread', table_name='messages')
    with op.batch_alter_table('messages') as batch:
        batch.drop_column('text_values')
        batch.drop_column('text_key')
    with op.batch_alter_table('alarms') as batch:
        batch.drop_column('resolution')
