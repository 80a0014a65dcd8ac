"""Issue 50 item 8: sign-in events (every sign-in, refused sign-in, sign-out, session end and factor change: kind,
who, when, from where; the audit log of issue 51 reads them) and the browsers each person signed in from (hashes
only), so a sign-in from a new one is told.

Revision ID: 0053_s4_sign_in_events
Revises: 0052_s4_factors
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0053_s4_sign_in_events"
down_revision = "0052_s4_factors"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sign_in_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("account", sa.String(length=128), nullable=False),
        sa.Column("method", sa.String(length=16), nullable=True),
        sa.Column("address", sa.String(length=64), nullable=True),
        sa.Column("user_agent", sa.String(length=256), nullable=True),
        sa.Column("by_user_id", sa.Integer(), nullable=True),
        sa.Column("detail", sa.JSON(), nullable=True),
        sa.Column("at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_sign_in_events_user_id_users"),
                                ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sign_in_events")),
    )
    op.create_index("ix_sign_in_events_kind", "sign_in_events", ["kind"])
    op.create_index("ix_sign_in_events_user_id", "sign_in_events", ["user_id"])
    op.create_index("ix_sign_in_events_at", "sign_in_events", ["at"])
    op.create_index("ix_sign_in_events_user_at", "sign_in_events", ["user_id", "at"])
    op.create_table(
        "sign_in_browsers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("browser_hash", sa.String(length=64), nullable=False),
        sa.Column("first_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("last_at", UtcDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_sign_in_browsers_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sign_in_browsers")),
        sa.UniqueConstraint("user_id", "browser_hash", name="uq_sign_in_browsers_user_browser"),
    )


def downgrade() -> None:
    op.drop_table("sign_in_browsers")
    for index in ("ix_sign_in_events_user_at", "ix_sign_in_events_at", "ix_sign_in_events_user_id",
                  "ix_sign_in_events_kind"):
        op.drop_index(index, table_name="sign_in_events")
    op.drop_table("sign_in_events")
