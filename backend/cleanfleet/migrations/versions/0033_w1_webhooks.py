"""Webhooks (issue 35): the subscriptions, their deliveries (the outbox) and each delivery's attempts.
Downgrade drops them all.

Revision ID: 0033_w1_webhooks
Revises: 0032_t1_api_tokens
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0033_w1_webhooks"
down_revision = "0032_t1_api_tokens"
branch_labels = None
depends_on = None


def _id() -> sa.Column:  # type: ignore[type-arg]
    return sa.Column("id", sa.Integer(), nullable=False)


def _time(name: str, nullable: bool = False) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, UtcDateTime(timezone=True), nullable=nullable)


def _fk(table: str, column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"),
                                   ondelete="CASCADE")


def upgrade() -> None:
    op.create_table(
        "webhook_subscriptions",
        _id(),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("url", sa.String(length=2048), nullable=False),
        sa.Column("events", sa.JSON(), nullable=False),
        sa.Column("secret", sa.String(length=64), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        _time("paused_at", True),
        _time("failing_since", True),
        _time("last_at", True),
        sa.Column("last_code", sa.SmallInteger(), nullable=True),
        sa.Column("last_state", sa.String(length=16), nullable=True),
        _time("created_at"),
        _time("updated_at"),
        _fk("webhook_subscriptions", "user_id", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_webhook_subscriptions")),
    )
    op.create_index("ix_webhook_subscriptions_user_id", "webhook_subscriptions", ["user_id"])
    op.create_table(
        "webhook_deliveries",
        _id(),
        sa.Column("subscription_id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.String(length=32), nullable=False),
        sa.Column("event_type", sa.String(length=32), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        _time("next_at"),
        sa.Column("last_code", sa.SmallInteger(), nullable=True),
        sa.Column("last_error", sa.String(length=255), nullable=True),
        _time("created_at"),
        _time("delivered_at", True),
        _fk("webhook_deliveries", "subscription_id", "webhook_subscriptions"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_webhook_deliveries")),
    )
    op.create_index("ix_webhook_deliveries_due", "webhook_deliveries", ["state", "next_at"])
    op.create_index("ix_webhook_deliveries_subscription", "webhook_deliveries", ["subscription_id", "created_at"])
    op.create_table(
        "webhook_attempts",
        _id(),
        sa.Column("delivery_id", sa.Integer(), nullable=False),
        _time("at"),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("code", sa.SmallInteger(), nullable=True),
        sa.Column("duration_ms", sa.Integer(), nullable=False),
        sa.Column("error", sa.String(length=255), nullable=True),
        _fk("webhook_attempts", "delivery_id", "webhook_deliveries"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_webhook_attempts")),
    )
    op.create_index("ix_webhook_attempts_delivery_id", "webhook_attempts", ["delivery_id"])


def downgrade() -> None:
    op.drop_table("webhook_attempts")
    op.drop_table("webhook_deliveries")
    op.drop_table("webhook_subscriptions")
