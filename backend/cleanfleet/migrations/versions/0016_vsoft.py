"""software versions (with device ranges and their history) and app versions; a robot's update record names a
firmware or a software version

Revision ID: 0016_vsoft
Revises: 0011_reports
Create Date: 2026-11-22 19:20:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import TreePath, UtcDateTime

revision: str = '0016_vsoft'
down_revision: str | Sequence[str] | None = '0016_perf'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'version_softs',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=64), nullable=False),
        sa.Column('type_id', sa.SmallInteger(), nullable=False),
        sa.Column('type_name', sa.String(length=16), nullable=False),
        sa.Column('version', sa.String(length=64), nullable=False),
        sa.Column('description', sa.String(length=1024), nullable=False),
        sa.Column('allow_downgrade', sa.Boolean(), nullable=False),
        sa.Column('file_id', sa.String(length=32), nullable=False),
        sa.Column('file_name', sa.String(length=128), nullable=False),
        sa.Column('size', sa.Integer(), nullable=False),
        sa.Column('sha256', sa.String(length=64), nullable=False),
        sa.Column('published', sa.Boolean(), nullable=False),
        sa.Column('published_at', UtcDateTime(), nullable=True),
        sa.Column('range_scope', sa.String(length=8), nullable=False),
        sa.Column('white_list', sa.JSON(), nullable=False),
        sa.Column('black_list', sa.JSON(), nullable=False),
        sa.Column('test_devices', sa.JSON(), nullable=False),
        sa.Column('range_owner_path', TreePath(), nullable=True),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.Column('updated_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['file_id'], ['stored_files.id'], name=op.f('fk_version_softs_file_id_stored_files')),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_version_softs_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_version_softs')),
        sa.UniqueConstraint('name', name=op.f('uq_version_softs_name')),
    )
    op.create_index(op.f('ix_version_softs_type_id'), 'version_softs', ['type_id'])
    op.create_table(
        'version_soft_ranges',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('version_id', sa.Integer(), nullable=False),
        sa.Column('scope', sa.String(length=8), nullable=False),
        sa.Column('white_list', sa.JSON(), nullable=False),
        sa.Column('black_list', sa.JSON(), nullable=False),
        sa.Column('test_devices', sa.JSON(), nullable=False),
        sa.Column('owner_path', TreePath(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['version_id'], ['version_softs.id'], ondelete='CASCADE',
                                name=op.f('fk_version_soft_ranges_version_id_version_softs')),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_version_soft_ranges_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_version_soft_ranges')),
    )
    op.create_index(op.f('ix_version_soft_ranges_version_id'), 'version_soft_ranges', ['version_id'])
    op.create_table(
        'version_apps',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=64), nullable=False),
        sa.Column('log', sa.String(length=2048), nullable=False),
        sa.Column('release_file_id', sa.String(length=32), nullable=False),
        sa.Column('release_name', sa.String(length=128), nullable=False),
        sa.Column('release_size', sa.Integer(), nullable=False),
        sa.Column('release_sha256', sa.String(length=64), nullable=False),
        sa.Column('debug_file_id', sa.String(length=32), nullable=True),
        sa.Column('debug_name', sa.String(length=128), nullable=False),
        sa.Column('debug_size', sa.Integer(), nullable=False),
        sa.Column('debug_sha256', sa.String(length=64), nullable=False),
        sa.Column('published', sa.Boolean(), nullable=False),
        sa.Column('published_at', UtcDateTime(), nullable=True),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('created_at', UtcDateTime(), nullable=False),
        sa.Column('updated_at', UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['release_file_id'], ['stored_files.id'],
                                name=op.f('fk_version_apps_release_file_id_stored_files')),
        sa.ForeignKeyConstraint(['debug_file_id'], ['stored_files.id'],
                                name=op.f('fk_version_apps_debug_file_id_stored_files')),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_version_apps_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_version_apps')),
        sa.UniqueConstraint('name', name=op.f('uq_version_apps_name')),
    )
    with op.batch_alter_table('version_device_updates') as batch:
        batch.alter_column('firmware_id', existing_type=sa.Integer(), nullable=True)
        batch.add_column(sa.Column('soft_version_id', sa.Integer(), nullable=True))
        batch.create_foreign_key(op.f('fk_version_device_updates_soft_version_id_version_softs'), 'version_softs',
                                 ['soft_version_id'], ['id'], ondelete='CASCADE')
        batch.create_index(op.f('ix_version_device_updates_soft_version_id'), ['soft_version_id'])


def downgrade() -> None:
    op.execute("DELETE FROM version_device_updates WHERE firmware_id IS NULL")
    with op.batch_alter_table('version_device_updates') as batch:
        batch.drop_index(op.f('ix_version_device_updates_soft_version_id'))
        batch.drop_constraint(op.f('fk_version_device_updates_soft_version_id_version_softs'), type_='foreignkey')
        batch.drop_column('soft_version_id')
        batch.alter_column('firmware_id', existing_type=sa.Integer(), nullable=False)
    op.drop_table('version_apps')
    op.drop_table('version_soft_ranges')
    op.drop_index(op.f('ix_version_softs_type_id'), table_name='version_softs')
    op.drop_table('version_softs')
