"""Placeholder revision (session 24): filled by the helper that owns it, or left empty.

Revision ID: 0047_s3_site_reports
Revises: 0046_s3_sbom_advisories
"""

revision = "0047_s3_site_reports"
down_revision = "0046_s3_sbom_advisories"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
