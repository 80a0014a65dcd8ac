"""Issue 51: what the audit trail and erasure still owed: a person's values beside the chain (audit_personal).

Rows sealed before this revision keep what their detail names in clear: their hashes, and the anchors already
written of them, commit to those bytes, so they are not rewritten; from now on a person's values are sealed as
references (audit/personal.py, docs/domains/audit.md "A person's values"), and the older rows leave with the audit
rows' retention.

Revision ID: 0062_s6_trail
Revises: 0061_s6_offline
"""

import sqlalchemy as sa
from alembic import op

revision = "0062_s6_trail"
down_revision = "0061_s6_offline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("audit_records", sa.Column("pending", sa.JSON(), nullable=True))
    op.create_table(
        "audit_personal",
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("record_id", sa.Integer(), nullable=False),
        sa.Column("subject_id", sa.Integer(), nullable=True),
        sa.Column("field", sa.String(32), nullable=False),
        sa.Column("value", sa.String(512), nullable=True),
        sa.Column("key", sa.String(32), nullable=True),
        sa.Column("pseudonym", sa.String(32), nullable=True),
        sa.ForeignKeyConstraint(["record_id"], ["audit_records.id"],
                                name=op.f("fk_audit_personal_record_id_audit_records"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("digest", name=op.f("pk_audit_personal")),
    )
    op.create_index("ix_audit_personal_record_id", "audit_personal", ["record_id"])
    op.create_index("ix_audit_personal_subject_id", "audit_personal", ["subject_id"])


def downgrade() -> None:
    op.drop_table("audit_personal")
    op.drop_column("audit_records", "pending")
