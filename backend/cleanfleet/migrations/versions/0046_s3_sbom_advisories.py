"""SBOMs and advisories (issue 47 item 3): a firmware's CycloneDX bill of materials (its components, one row per
firmware, gone with it) and the OSV advisories an admin imported (unique by their OSV id). Downgrade drops both.

Revision ID: 0046_s3_sbom_advisories
Revises: 0045_s3_signed_updates
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0046_s3_sbom_advisories"
down_revision = "0045_s3_signed_updates"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "firmware_sboms",
        sa.Column("firmware_id", sa.Integer(), nullable=False),
        sa.Column("file_name", sa.String(length=128), nullable=False),
        sa.Column("spec_version", sa.String(length=16), nullable=False),
        sa.Column("components", sa.JSON(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["firmware_id"], ["version_firmwares.id"],
                                name=op.f("fk_firmware_sboms_firmware_id_version_firmwares"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_firmware_sboms_user_id_users")),
        sa.PrimaryKeyConstraint("firmware_id", name=op.f("pk_firmware_sboms")),
    )
    op.create_table(
        "advisories",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("osv_id", sa.String(length=128), nullable=False),
        sa.Column("name", sa.String(length=128), nullable=False),
        sa.Column("summary", sa.String(length=1024), nullable=False),
        sa.Column("details", sa.Text(), nullable=False),
        sa.Column("aliases", sa.JSON(), nullable=False),
        sa.Column("modified", sa.String(length=64), nullable=False),
        sa.Column("affected", sa.JSON(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_advisories_user_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_advisories")),
        sa.UniqueConstraint("osv_id", name=op.f("uq_advisories_osv_id")),
    )


def downgrade() -> None:
    op.drop_table("advisories")
    op.drop_table("firmware_sboms")
