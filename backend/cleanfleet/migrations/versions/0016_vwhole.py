"""machine versions: whole-machine versions with white and black lists, cloud versions, configuration parameters

Revision ID: 0016_vwhole
Revises: 0011_reports
Create Date: 2026-11-22 19:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import TreePath, UtcDateTime

revision: str = '0016_vwhole'
down_revision: str | Sequence[str] | None = '0011_reports'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'whole_versions',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=64), nullable=False),
        sa.Column('version_number', sa.String(length=64), nullable=False),
        sa.Column('app_version', sa.String(length=64), nullable=False),
        sa.Column('firmware_version', sa.String(length=64), nullable=False),
        sa.Column('firmware_id', sa.Integer(), nullable=True),
        sa.Column('soft_version', sa.String(length=64), nullable=False),
        sa.Column('description', sa.String(length=1024), nullable=False),
        sa.Column('published', sa.Boolean(), nullable=False),
        sa.Column('publish_time', UtcDateTime(), nullable=True),
        sa.Column('public_id', sa.Integer(), nullable=True),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('owner_path', TreePath(), nullable=False),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.Column('updated_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['firmware_id'], ['version_firmwares.id'],
                                name=op.f('fk_whole_versions_firmware_id_version_firmwares'), ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['public_id'], ['version_publics.id'],
                                name=op.f('fk_whole_versions_public_id_version_publics'), ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_whole_versions_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_whole_versions')),
        sa.UniqueConstraint('name', name=op.f('uq_whole_versions_name')),
    )
    op.create_index(op.f('ix_whole_versions_published'), 'whole_versions', ['published'])
    op.create_table(
        'whole_version_devices',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('whole_version_id', sa.Integer(), nullable=False),
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=8), nullable=False),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['device_id'], ['devices.id'], name=op.f('fk_whole_version_devices_device_id_devices'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['whole_version_id'], ['whole_versions.id'],
                                name=op.f('fk_whole_version_devices_whole_version_id_whole_versions'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_whole_version_devices')),
    )
    op.create_index(op.f('ix_whole_version_devices_device_id'), 'whole_version_devices', ['device_id'])
    op.create_index('ix_whole_version_devices_version_kind_device', 'whole_version_devices',
                    ['whole_version_id', 'kind', 'device_id'], unique=True)
    op.create_table(
        'cloud_versions',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=64), nullable=False),
        sa.Column('version_number', sa.String(length=64), nullable=False),
        sa.Column('notes', sa.Text(), nullable=False),
        sa.Column('release_time', UtcDateTime(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.Column('updated_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_cloud_versions_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_cloud_versions')),
        sa.UniqueConstraint('name', name=op.f('uq_cloud_versions_name')),
    )
    op.create_index(op.f('ix_cloud_versions_release_time'), 'cloud_versions', ['release_time'])
    op.create_table(
        'config_parameters',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=64), nullable=False),
        sa.Column('value', sa.String(length=1024), nullable=False),
        sa.Column('remark', sa.String(length=255), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.Column('updated_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_config_parameters_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_config_parameters')),
        sa.UniqueConstraint('key', name=op.f('uq_config_parameters_key')),
    )


def downgrade() -> None:
    op.drop_table('config_parameters')
    op.drop_index(op.f('ix_cloud_versions_release_time'), table_name='cloud_versions')
    op.drop_table('cloud_versions')
    op.drop_index('ix_whole_version_devices_version_kind_device', table_name='whole_version_devices')
    op.drop_index(op.f('ix_whole_version_devices_device_id'), table_name='whole_version_devices')
    op.drop_table('whole_version_devices')
    op.drop_index(op.f('ix_whole_versions_published'), table_name='whole_versions')
    op.drop_table('whole_versions')
