"""versions: firmware packages, publications, staged rollouts and the robots' update records

Revision ID: 0013_versions
Revises: 0014_files
Create Date: 2026-11-22 16:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import TreePath, UtcDateTime

revision: str = '0013_versions'
down_revision: str | Sequence[str] | None = '0014_files'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'version_firmwares',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=64), nullable=False),
        sa.Column('version', sa.String(length=64), nullable=False),
        sa.Column('description', sa.String(length=1024), nullable=False),
        sa.Column('enabled', sa.Boolean(), nullable=False),
        sa.Column('device_types', sa.JSON(), nullable=False),
        sa.Column('file_id', sa.String(length=32), nullable=False),
        sa.Column('file_name', sa.String(length=128), nullable=False),
        sa.Column('size', sa.Integer(), nullable=False),
        sa.Column('sha256', sa.String(length=64), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.Column('updated_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['file_id'], ['stored_files.id'], name=op.f('fk_version_firmwares_file_id_stored_files')),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_version_firmwares_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_version_firmwares')),
        sa.UniqueConstraint('name', name=op.f('uq_version_firmwares_name')),
    )
    op.create_table(
        'version_publics',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('firmware_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('owner_path', TreePath(), nullable=False),
        sa.Column('allow_downgrade', sa.Boolean(), nullable=False),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['firmware_id'], ['version_firmwares.id'],
                                name=op.f('fk_version_publics_firmware_id_version_firmwares')),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_version_publics_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_version_publics')),
    )
    op.create_index(op.f('ix_version_publics_firmware_id'), 'version_publics', ['firmware_id'])
    op.create_table(
        'version_rollouts',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=64), nullable=False),
        sa.Column('firmware_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('owner_path', TreePath(), nullable=False),
        sa.Column('state', sa.String(length=16), nullable=False),
        sa.Column('reason', sa.String(length=255), nullable=False),
        sa.Column('group_by', sa.String(length=8), nullable=False),
        sa.Column('group_size', sa.Integer(), nullable=False),
        sa.Column('success_threshold', sa.SmallInteger(), nullable=False),
        sa.Column('error_threshold', sa.SmallInteger(), nullable=False),
        sa.Column('allow_downgrade', sa.Boolean(), nullable=False),
        sa.Column('current_group', sa.Integer(), nullable=False),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.Column('updated_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['firmware_id'], ['version_firmwares.id'],
                                name=op.f('fk_version_rollouts_firmware_id_version_firmwares')),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_version_rollouts_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_version_rollouts')),
    )
    op.create_index(op.f('ix_version_rollouts_firmware_id'), 'version_rollouts', ['firmware_id'])
    op.create_table(
        'version_rollout_groups',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('rollout_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('size', sa.Integer(), nullable=False),
        sa.Column('state', sa.String(length=16), nullable=False),
        sa.Column('started_at', UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(['rollout_id'], ['version_rollouts.id'], ondelete='CASCADE',
                                name=op.f('fk_version_rollout_groups_rollout_id_version_rollouts')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_version_rollout_groups')),
    )
    op.create_index('ix_version_rollout_groups_rollout_number', 'version_rollout_groups', ['rollout_id', 'number'],
                    unique=True)
    op.create_table(
        'version_device_updates',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('firmware_id', sa.Integer(), nullable=False),
        sa.Column('public_id', sa.Integer(), nullable=True),
        sa.Column('rollout_id', sa.Integer(), nullable=True),
        sa.Column('group_number', sa.Integer(), nullable=True),
        sa.Column('cmd_id', sa.String(length=64), nullable=False),
        sa.Column('token', sa.String(length=32), nullable=False),
        sa.Column('state', sa.String(length=16), nullable=False),
        sa.Column('progress', sa.SmallInteger(), nullable=False),
        sa.Column('reason', sa.String(length=255), nullable=False),
        sa.Column('from_version', sa.String(length=64), nullable=False),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.Column('updated_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['device_id'], ['devices.id'], ondelete='CASCADE',
                                name=op.f('fk_version_device_updates_device_id_devices')),
        sa.ForeignKeyConstraint(['firmware_id'], ['version_firmwares.id'],
                                name=op.f('fk_version_device_updates_firmware_id_version_firmwares')),
        sa.ForeignKeyConstraint(['public_id'], ['version_publics.id'], ondelete='CASCADE',
                                name=op.f('fk_version_device_updates_public_id_version_publics')),
        sa.ForeignKeyConstraint(['rollout_id'], ['version_rollouts.id'], ondelete='CASCADE',
                                name=op.f('fk_version_device_updates_rollout_id_version_rollouts')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_version_device_updates')),
        sa.UniqueConstraint('cmd_id', name=op.f('uq_version_device_updates_cmd_id')),
        sa.UniqueConstraint('token', name=op.f('uq_version_device_updates_token')),
    )
    op.create_index(op.f('ix_version_device_updates_device_id'), 'version_device_updates', ['device_id'])
    op.create_index(op.f('ix_version_device_updates_firmware_id'), 'version_device_updates', ['firmware_id'])
    op.create_index(op.f('ix_version_device_updates_public_id'), 'version_device_updates', ['public_id'])
    op.create_index('ix_version_device_updates_rollout_group_state', 'version_device_updates',
                    ['rollout_id', 'group_number', 'state'])


def downgrade() -> None:
    op.drop_table('version_device_updates')
    op.drop_table('version_rollout_groups')
    op.drop_table('version_rollouts')
    op.drop_table('version_publics')
    op.drop_table('version_firmwares')
