"""Signed updates (issue 47 items 1-2): the TUF repository's metadata (every version of root, targets, snapshot and
timestamp, as signed) and each firmware's signature (its targets path, who signed it and when) and the switch for
older robots (``allow_unsigned``). Firmware uploaded before this revision was not signed: it is marked "unsigned
allowed" so what was published keeps working. Downgrade drops the table and the columns.

Revision ID: 0045_s3_signed_updates
Revises: 0044_s3_broker_tls
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0045_s3_signed_updates"
down_revision = "0044_s3_broker_tls"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "version_tuf_metadata",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("expires", UtcDateTime(timezone=True), nullable=False),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_version_tuf_metadata")),
    )
    op.create_index("ix_version_tuf_metadata_role_version", "version_tuf_metadata", ["role", "version"], unique=True)
    with op.batch_alter_table("version_firmwares") as batch:
        batch.add_column(sa.Column("target_path", sa.String(length=255), nullable=True))
        batch.add_column(sa.Column("signed_by", sa.String(length=128), nullable=False, server_default=""))
        batch.add_column(sa.Column("signed_keys", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("signed_at", UtcDateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("allow_unsigned", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.execute(sa.text("UPDATE version_firmwares SET allow_unsigned = :yes").bindparams(yes=True))


def downgrade() -> None:
    with op.batch_alter_table("version_firmwares") as batch:
        for column in ("allow_unsigned", "signed_at", "signed_keys", "signed_by", "target_path"):
            batch.drop_column(column)
    op.drop_index("ix_version_tuf_metadata_role_version", table_name="version_tuf_metadata")
    op.drop_table("version_tuf_metadata")
