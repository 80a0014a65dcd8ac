"""Placeholder revision (session 24): filled by the helper that owns it, or left empty.

Revision ID: 0048_s3_reader_language
Revises: 0047_s3_site_reports
"""

revision = "0048_s3_reader_language"
down_revision = "0047_s3_site_reports"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
