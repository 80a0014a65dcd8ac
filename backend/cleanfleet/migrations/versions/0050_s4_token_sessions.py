"""Issue 50 item 8: a session says how and from where it began (method, address, browser) and when it was last
used, so a person can see and end their sessions. Earlier sessions read as password sign-ins of unknown origin.

Revision ID: 0050_s4_token_sessions
Revises: 0049_s3_outbox
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0050_s4_token_sessions"
down_revision = "0049_s3_outbox"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tokens") as batch:
        batch.add_column(sa.Column("method", sa.String(16), nullable=False, server_default="password"))
        batch.add_column(sa.Column("address", sa.String(64), nullable=True))
        batch.add_column(sa.Column("user_agent", sa.String(256), nullable=True))
        batch.add_column(sa.Column("last_used_at", UtcDateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tokens") as batch:
        for column in ("last_used_at", "user_agent", "address", "method"):
            batch.drop_column(column)
