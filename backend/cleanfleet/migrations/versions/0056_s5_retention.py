"""Issue 51 item 5: retention per kind of data. A node's periods, the purge job's runs, an audit chain's checkpoint
after its oldest rows were purged, and the keys of stored bytes whose records a purge removed.

Revision ID: 0056_s5_retention
Revises: 0055_s5_siem
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import TreePath, UtcDateTime

revision = "0056_s5_retention"
down_revision = "0055_s5_siem"
branch_labels = None
depends_on = None


def _time(name: str) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, UtcDateTime(timezone=True), nullable=False)


def upgrade() -> None:
    op.create_table(
        "retention_settings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column("path", TreePath(), nullable=False),
        _time("updated_at"),
        sa.Column("updated_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_retention_settings_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "kind", name=op.f("pk_retention_settings")),
    )
    op.create_index("ix_retention_settings_path", "retention_settings", ["path"])
    op.create_table(
        "retention_runs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("path", TreePath(), nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column("removed", sa.Integer(), nullable=False),
        sa.Column("batches", sa.Integer(), nullable=False),
        _time("started_at"),
        _time("finished_at"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_retention_runs")),
    )
    op.create_index("ix_retention_runs_finished_at", "retention_runs", ["finished_at"])
    op.create_index("ix_retention_runs_path_finished", "retention_runs", ["path", "finished_at"])
    op.create_table(
        "audit_checkpoints",
        sa.Column("chain", sa.String(64), nullable=False),
        sa.Column("first_seq", sa.Integer(), nullable=False),
        sa.Column("prev_hash", sa.String(64), nullable=False),
        sa.Column("removed", sa.Integer(), nullable=False),
        _time("at"),
        sa.PrimaryKeyConstraint("chain", name=op.f("pk_audit_checkpoints")),
    )
    op.create_table(
        "storage_forgotten",
        sa.Column("key", sa.String(255), nullable=False),
        _time("forgotten_at"),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_storage_forgotten")),
    )


def downgrade() -> None:
    op.drop_table("storage_forgotten")
    op.drop_table("audit_checkpoints")
    op.drop_index("ix_retention_runs_path_finished", table_name="retention_runs")
    op.drop_index("ix_retention_runs_finished_at", table_name="retention_runs")
    op.drop_table("retention_runs")
    op.drop_index("ix_retention_settings_path", table_name="retention_settings")
    op.drop_table("retention_settings")
