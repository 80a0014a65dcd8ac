"""robot data: device logs pulled from robots, data backups, video sessions

Revision ID: 0015_robot_data
Revises: 0013_versions
Create Date: 2026-11-22 16:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision: str = '0015_robot_data'
down_revision: str | Sequence[str] | None = '0013_versions'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'device_logs',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('log_type', sa.String(length=8), nullable=False),
        sa.Column('file_name', sa.String(length=128), nullable=False),
        sa.Column('log_date', sa.String(length=10), nullable=False),
        sa.Column('size', sa.BigInteger(), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('reason', sa.String(length=255), nullable=False),
        sa.Column('token', sa.String(length=64), nullable=True),
        sa.Column('file_id', sa.String(length=32), nullable=True),
        sa.Column('user_id', sa.Integer(), nullable=True),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.Column('updated_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['device_id'], ['devices.id'], name=op.f('fk_device_logs_device_id_devices'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['file_id'], ['stored_files.id'], name=op.f('fk_device_logs_file_id_stored_files'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_device_logs_user_id_users'),
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_device_logs')),
        sa.UniqueConstraint('device_id', 'log_type', 'file_name', name='uq_device_logs_device_file'),
        sa.UniqueConstraint('token', name=op.f('uq_device_logs_token')),
    )
    with op.batch_alter_table('device_logs', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_device_logs_device_id'), ['device_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_device_logs_status'), ['status'], unique=False)
        batch_op.create_index(batch_op.f('ix_device_logs_created_at'), ['created_at'], unique=False)
    op.create_table(
        'data_backups',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('file_name', sa.String(length=128), nullable=False),
        sa.Column('size', sa.BigInteger(), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('reason', sa.String(length=255), nullable=False),
        sa.Column('token', sa.String(length=64), nullable=True),
        sa.Column('job_id', sa.String(length=32), nullable=False),
        sa.Column('file_id', sa.String(length=32), nullable=True),
        sa.Column('contents', sa.Text(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=True),
        sa.Column('restore_status', sa.String(length=16), nullable=False),
        sa.Column('restore_device_id', sa.Integer(), nullable=True),
        sa.Column('restore_token', sa.String(length=64), nullable=True),
        sa.Column('restore_detail', sa.String(length=255), nullable=False),
        sa.Column('restored_at', UtcDateTime(), nullable=True),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.Column('updated_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['device_id'], ['devices.id'], name=op.f('fk_data_backups_device_id_devices'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['file_id'], ['stored_files.id'], name=op.f('fk_data_backups_file_id_stored_files'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_data_backups_user_id_users'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['restore_device_id'], ['devices.id'],
                                name=op.f('fk_data_backups_restore_device_id_devices'), ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_data_backups')),
        sa.UniqueConstraint('token', name=op.f('uq_data_backups_token')),
        sa.UniqueConstraint('restore_token', name=op.f('uq_data_backups_restore_token')),
    )
    with op.batch_alter_table('data_backups', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_data_backups_device_id'), ['device_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_data_backups_status'), ['status'], unique=False)
        batch_op.create_index(batch_op.f('ix_data_backups_created_at'), ['created_at'], unique=False)
    op.create_table(
        'video_sessions',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('token', sa.String(length=64), nullable=False),
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('camera', sa.SmallInteger(), nullable=False),
        sa.Column('clip', sa.String(length=128), nullable=False),
        sa.Column('started_at', UtcDateTime(), nullable=False),
        sa.Column('expires_at', UtcDateTime(), nullable=False),
        sa.Column('stopped_at', UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(['device_id'], ['devices.id'], name=op.f('fk_video_sessions_device_id_devices'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_video_sessions_user_id_users'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_video_sessions')),
        sa.UniqueConstraint('token', name=op.f('uq_video_sessions_token')),
    )
    with op.batch_alter_table('video_sessions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_video_sessions_device_id'), ['device_id'], unique=False)


def downgrade() -> None:
    op.drop_table('video_sessions')
    op.drop_table('data_backups')
    op.drop_table('device_logs')
