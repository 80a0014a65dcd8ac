"""The operation log's language-neutral changes (issue 29 item 11): operation_logs.changes.

Revision ID: 0022_oplog_changes
Revises: 0021_map_usage
"""

import sqlalchemy as sa
from alembic import op

revision = "0022_oplog_changes"
down_revision = "0021_map_usage"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("operation_logs", sa.Column("changes", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("operation_logs", "changes")
