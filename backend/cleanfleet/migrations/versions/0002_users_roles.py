"""users and roles: stored files (avatars) and the demo data markers

Revision ID: 0002_users_roles
Revises: 0001
Create Date: 2026-11-21 09:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import cleanfleet.core.db

revision: str = '0002_users_roles'
down_revision: str | Sequence[str] | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('demo_markers',
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('seeded_at', cleanfleet.core.db.UtcDateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('name', name=op.f('pk_demo_markers'))
    )
    op.create_table('stored_files',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('key', sa.String(length=255), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('content_type', sa.String(length=100), nullable=False),
    sa.Column('size', sa.Integer(), nullable=False),
    sa.Column('sha256', sa.String(length=64), nullable=False),
    sa.Column('public', sa.Boolean(), nullable=False),
    sa.Column('owner_user_id', sa.Integer(), nullable=True),
    sa.Column('created_at', cleanfleet.core.db.UtcDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['owner_user_id'], ['users.id'], name=op.f('fk_stored_files_owner_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_stored_files')),
    sa.UniqueConstraint('key', name=op.f('uq_stored_files_key'))
    )
    with op.batch_alter_table('stored_files', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_stored_files_kind'), ['kind'], unique=False)
        batch_op.create_index(batch_op.f('ix_stored_files_owner_user_id'), ['owner_user_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('stored_files', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_stored_files_owner_user_id'))
        batch_op.drop_index(batch_op.f('ix_stored_files_kind'))

    op.drop_table('stored_files')
    op.drop_table('demo_markers')
