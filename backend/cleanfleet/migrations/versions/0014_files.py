"""files: object storage paths, file and knowledge entries, advertising (media, playlists, robots), operation log

Revision ID: 0014_files
Revises: 0011_one_line
Create Date: 2026-11-22 15:56:26.887934
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision: str = '0014_files'
down_revision: str | Sequence[str] | None = '0011_one_line'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('operation_logs',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('time', UtcDateTime(timezone=True), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('account', sa.String(length=64), nullable=False),
    sa.Column('user_path', sa.String(length=255).with_variant(sa.String(length=255, collation='C'), 'postgresql'), nullable=False),
    sa.Column('shadow', sa.Boolean(), nullable=False),
    sa.Column('call', sa.String(length=128), nullable=False),
    sa.Column('target', sa.String(length=1000), nullable=False),
    sa.Column('ip', sa.String(length=64), nullable=False),
    sa.Column('platform', sa.String(length=32), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_operation_logs'))
    )
    with op.batch_alter_table('operation_logs', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_operation_logs_call'), ['call'], unique=False)
        batch_op.create_index(batch_op.f('ix_operation_logs_time'), ['time'], unique=False)
        batch_op.create_index(batch_op.f('ix_operation_logs_user_id'), ['user_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_operation_logs_user_path'), ['user_path'], unique=False)

    op.create_table('ad_playlists',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('owner_user_id', sa.Integer(), nullable=False),
    sa.Column('owner_path', sa.String(length=255).with_variant(sa.String(length=255, collation='C'), 'postgresql'), nullable=False),
    sa.Column('created_at', UtcDateTime(timezone=True), nullable=False),
    sa.Column('updated_at', UtcDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['owner_user_id'], ['users.id'], name=op.f('fk_ad_playlists_owner_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_ad_playlists'))
    )
    with op.batch_alter_table('ad_playlists', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_ad_playlists_owner_path'), ['owner_path'], unique=False)
        batch_op.create_index(batch_op.f('ix_ad_playlists_owner_user_id'), ['owner_user_id'], unique=False)

    op.create_table('ad_assignments',
    sa.Column('device_id', sa.Integer(), nullable=False),
    sa.Column('playlist_id', sa.Integer(), nullable=False),
    sa.Column('assigned_at', UtcDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['device_id'], ['devices.id'], name=op.f('fk_ad_assignments_device_id_devices'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['playlist_id'], ['ad_playlists.id'], name=op.f('fk_ad_assignments_playlist_id_ad_playlists'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('device_id', name=op.f('pk_ad_assignments'))
    )
    with op.batch_alter_table('ad_assignments', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_ad_assignments_playlist_id'), ['playlist_id'], unique=False)

    op.create_table('oss_objects',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('save_path', sa.String(length=300), nullable=False),
    sa.Column('folder', sa.String(length=160), nullable=False),
    sa.Column('name', sa.String(length=128), nullable=False),
    sa.Column('private', sa.Boolean(), nullable=False),
    sa.Column('file_id', sa.String(length=32), nullable=False),
    sa.Column('owner_user_id', sa.Integer(), nullable=False),
    sa.Column('owner_path', sa.String(length=255).with_variant(sa.String(length=255, collation='C'), 'postgresql'), nullable=False),
    sa.Column('created_at', UtcDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['file_id'], ['stored_files.id'], name=op.f('fk_oss_objects_file_id_stored_files'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['owner_user_id'], ['users.id'], name=op.f('fk_oss_objects_owner_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_oss_objects')),
    sa.UniqueConstraint('private', 'save_path', name='uq_oss_objects_private_save_path')
    )
    with op.batch_alter_table('oss_objects', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_oss_objects_file_id'), ['file_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_oss_objects_folder'), ['folder'], unique=False)
        batch_op.create_index(batch_op.f('ix_oss_objects_owner_path'), ['owner_path'], unique=False)
        batch_op.create_index(batch_op.f('ix_oss_objects_owner_user_id'), ['owner_user_id'], unique=False)

    op.create_table('ad_media',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('oss_id', sa.Integer(), nullable=False),
    sa.Column('seconds', sa.SmallInteger(), nullable=False),
    sa.Column('owner_user_id', sa.Integer(), nullable=False),
    sa.Column('owner_path', sa.String(length=255).with_variant(sa.String(length=255, collation='C'), 'postgresql'), nullable=False),
    sa.Column('created_at', UtcDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['oss_id'], ['oss_objects.id'], name=op.f('fk_ad_media_oss_id_oss_objects'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['owner_user_id'], ['users.id'], name=op.f('fk_ad_media_owner_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_ad_media'))
    )
    with op.batch_alter_table('ad_media', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_ad_media_oss_id'), ['oss_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_ad_media_owner_path'), ['owner_path'], unique=False)
        batch_op.create_index(batch_op.f('ix_ad_media_owner_user_id'), ['owner_user_id'], unique=False)

    op.create_table('file_records',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('name', sa.String(length=128), nullable=False),
    sa.Column('category', sa.String(length=64), nullable=False),
    sa.Column('detail', sa.String(length=1000), nullable=False),
    sa.Column('oss_id', sa.Integer(), nullable=False),
    sa.Column('owner_user_id', sa.Integer(), nullable=False),
    sa.Column('owner_path', sa.String(length=255).with_variant(sa.String(length=255, collation='C'), 'postgresql'), nullable=False),
    sa.Column('created_at', UtcDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['oss_id'], ['oss_objects.id'], name=op.f('fk_file_records_oss_id_oss_objects'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['owner_user_id'], ['users.id'], name=op.f('fk_file_records_owner_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_file_records'))
    )
    with op.batch_alter_table('file_records', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_file_records_category'), ['category'], unique=False)
        batch_op.create_index(batch_op.f('ix_file_records_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_file_records_kind'), ['kind'], unique=False)
        batch_op.create_index(batch_op.f('ix_file_records_oss_id'), ['oss_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_file_records_owner_path'), ['owner_path'], unique=False)
        batch_op.create_index(batch_op.f('ix_file_records_owner_user_id'), ['owner_user_id'], unique=False)

    op.create_table('ad_playlist_items',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('playlist_id', sa.Integer(), nullable=False),
    sa.Column('media_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.SmallInteger(), nullable=False),
    sa.Column('seconds', sa.SmallInteger(), nullable=False),
    sa.ForeignKeyConstraint(['media_id'], ['ad_media.id'], name=op.f('fk_ad_playlist_items_media_id_ad_media'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['playlist_id'], ['ad_playlists.id'], name=op.f('fk_ad_playlist_items_playlist_id_ad_playlists'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_ad_playlist_items'))
    )
    with op.batch_alter_table('ad_playlist_items', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_ad_playlist_items_media_id'), ['media_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_ad_playlist_items_playlist_id'), ['playlist_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('ad_playlist_items', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_ad_playlist_items_playlist_id'))
        batch_op.drop_index(batch_op.f('ix_ad_playlist_items_media_id'))

    op.drop_table('ad_playlist_items')
    with op.batch_alter_table('file_records', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_file_records_owner_user_id'))
        batch_op.drop_index(batch_op.f('ix_file_records_owner_path'))
        batch_op.drop_index(batch_op.f('ix_file_records_oss_id'))
        batch_op.drop_index(batch_op.f('ix_file_records_kind'))
        batch_op.drop_index(batch_op.f('ix_file_records_created_at'))
        batch_op.drop_index(batch_op.f('ix_file_records_category'))

    op.drop_table('file_records')
    with op.batch_alter_table('ad_media', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_ad_media_owner_user_id'))
        batch_op.drop_index(batch_op.f('ix_ad_media_owner_path'))
        batch_op.drop_index(batch_op.f('ix_ad_media_oss_id'))

    op.drop_table('ad_media')
    with op.batch_alter_table('oss_objects', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_oss_objects_owner_user_id'))
        batch_op.drop_index(batch_op.f('ix_oss_objects_owner_path'))
        batch_op.drop_index(batch_op.f('ix_oss_objects_folder'))
        batch_op.drop_index(batch_op.f('ix_oss_objects_file_id'))

    op.drop_table('oss_objects')
    with op.batch_alter_table('ad_assignments', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_ad_assignments_playlist_id'))

    op.drop_table('ad_assignments')
    with op.batch_alter_table('ad_playlists', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_ad_playlists_owner_user_id'))
        batch_op.drop_index(batch_op.f('ix_ad_playlists_owner_path'))

    op.drop_table('ad_playlists')
    with op.batch_alter_table('operation_logs', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_operation_logs_user_path'))
        batch_op.drop_index(batch_op.f('ix_operation_logs_user_id'))
        batch_op.drop_index(batch_op.f('ix_operation_logs_time'))
        batch_op.drop_index(batch_op.f('ix_operation_logs_call'))

    op.drop_table('operation_logs')
