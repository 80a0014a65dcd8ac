"""transfer receiver: device_logs.receiver and data_backups.receiver, the server process (boot id) receiving an
upload's bytes now, so a restarted server fails the uploads a dead process left behind

Revision ID: 0020_transfer_receiver
Revises: 0019_report_owner_rollups
Create Date: 2026-11-24 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0020_transfer_receiver'
down_revision: str | Sequence[str] | None = '0019_report_owner_rollups'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ('device_logs', 'data_backups')


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('receiver', sa.String(length=32), nullable=True))


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('receiver')
