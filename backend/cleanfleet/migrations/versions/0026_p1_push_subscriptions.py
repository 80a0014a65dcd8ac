"""Web Push subscriptions (issue 32 item 3): the browsers a user subscribed to the "Mobile app" alarm channel,
each tied to its user and to the session that made it. Downgrade drops the table (the browsers subscribe again).

Revision ID: 0026_p1_push_subscriptions
Revises: 0025_t1_online_quarters
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0026_p1_push_subscriptions"
down_revision = "0025_t1_online_quarters"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("token_id", sa.Integer(), nullable=True),
        sa.Column("endpoint", sa.String(length=2048), nullable=False),
        sa.Column("p256dh", sa.String(length=100), nullable=False),
        sa.Column("auth", sa.String(length=32), nullable=False),
        sa.Column("label", sa.String(length=64), nullable=False),
        sa.Column("created_at", UtcDateTime(timezone=True), nullable=False),
        sa.Column("last_sent_at", UtcDateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.String(length=255), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_push_subscriptions_user_id_users"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["token_id"], ["tokens.id"], name=op.f("fk_push_subscriptions_token_id_tokens"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_push_subscriptions")),
        sa.UniqueConstraint("endpoint", name=op.f("uq_push_subscriptions_endpoint")),
    )
    op.create_index(op.f("ix_push_subscriptions_user_id"), "push_subscriptions", ["user_id"])
    op.create_index(op.f("ix_push_subscriptions_token_id"), "push_subscriptions", ["token_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_push_subscriptions_token_id"), table_name="push_subscriptions")
    op.drop_index(op.f("ix_push_subscriptions_user_id"), table_name="push_subscriptions")
    op.drop_table("push_subscriptions")
