"""Issue 51 items 6-7: a person's export and erasure.

Revision ID: 0057_s5_privacy
Revises: 0056_s5_retention
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import TreePath, UtcDateTime

revision = "0057_s5_privacy"
down_revision = "0056_s5_retention"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "data_jobs",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("owner_path", TreePath(), nullable=False),
        sa.Column("requested_by", sa.Integer(), nullable=False),
        sa.Column("subject_id", sa.Integer(), nullable=False),
        sa.Column("subject_name", sa.String(64), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("progress", sa.SmallInteger(), nullable=False),
        sa.Column("step", sa.String(64), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=True),
        sa.Column("file_key", sa.String(255), nullable=True),
        sa.Column("file_id", sa.String(32), nullable=True),
        sa.Column("expires_at", UtcDateTime(timezone=True), nullable=True),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("started_at", UtcDateTime(timezone=True), nullable=True),
        sa.Column("finished_at", UtcDateTime(timezone=True), nullable=True),
        sa.Column("error", sa.String(64), nullable=True),
        sa.Column("heartbeat_at", UtcDateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_data_jobs_owner_path", "data_jobs", ["owner_path"])
    op.create_index("ix_data_jobs_state_kind", "data_jobs", ["state", "kind"])
    op.create_index("ix_data_jobs_subject", "data_jobs", ["subject_id", "kind"])


def downgrade() -> None:
    op.drop_table("data_jobs")
