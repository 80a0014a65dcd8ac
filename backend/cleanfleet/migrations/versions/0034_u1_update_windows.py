"""Update windows (issue 36 item 1): a rollout's and a publication's maintenance window (JSON, null: none), each
update's wait (when it may be told, its spread offset drawn once, why it waits, since when) and the robot's
activity from its heartbeats (``state``: idle, working, elevator...). Downgrade drops the columns.

Revision ID: 0034_u1_update_windows
Revises: 0033_w1_webhooks
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0034_u1_update_windows"
down_revision = "0033_w1_webhooks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("version_rollouts", "version_publics"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("window", sa.JSON(), nullable=True))
    with op.batch_alter_table("version_device_updates") as batch:
        batch.add_column(sa.Column("not_before", UtcDateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("wait_since", UtcDateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("spread_seconds", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("wait_reason", sa.String(length=32), nullable=False, server_default=""))
        batch.create_index("ix_version_device_updates_state_not_before", ["state", "not_before"])
    with op.batch_alter_table("device_states") as batch:
        batch.add_column(sa.Column("activity", sa.String(length=16), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("device_states") as batch:
        batch.drop_column("activity")
    with op.batch_alter_table("version_device_updates") as batch:
        batch.drop_index("ix_version_device_updates_state_not_before")
        for column in ("wait_reason", "spread_seconds", "wait_since", "not_before"):
            batch.drop_column(column)
    for table in ("version_publics", "version_rollouts"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("window")
