"""Placeholder revision (session 24): filled by the helper that owns it, or left empty.

Revision ID: 0046_s3_sbom_advisories
Revises: 0045_s3_signed_updates
"""

revision = "0046_s3_sbom_advisories"
down_revision = "0045_s3_signed_updates"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
