"""Issue 49 items 1-4: one outbox. ``outbox_sends`` holds every send's state, attempts, due time and last failure
(kind ``notify``, ``incident``, ``webhook``; ``ref_id`` the domain's row) and ``outbox_attempts`` every attempt.
The three tables keep what a send says and to whom; their state columns move to the outbox with their history (a
webhook's ``delivered`` is the outbox's ``sent``; its attempts move from ``webhook_attempts``, which goes). A
webhook subscription counts the pending deliveries it dropped when it held too many (``dropped``). Downgrade puts
the columns and ``webhook_attempts`` back from the outbox and drops its tables.

Revision ID: 0049_s3_outbox
Revises: 0048_s3_reader_language
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0049_s3_outbox"
down_revision = "0048_s3_reader_language"
branch_labels = None
depends_on = None

# (kind, table, its state column, its sent column, the lane's and tenant's SQL)
SENDS = (
    ("notify", "notification_sends", "status", "sent_at",
     "'notify:' || channel || ':' || CAST(COALESCE(user_id, 0) AS VARCHAR(16))"),
    ("incident", "incident_sends", "state", "sent_at",
     "'incident:' || channel || ':' || CAST(COALESCE(user_id, 0) AS VARCHAR(16))"),
)
WEBHOOK_LANE = ("'webhook:' || CAST(d.subscription_id AS VARCHAR(16)) || "
                "CASE WHEN d.event_type = 'webhook.test' THEN '\\:test' ELSE '' END")  # \\: a colon, not a parameter


def _time(name: str, nullable: bool = False) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, UtcDateTime(timezone=True), nullable=nullable)


def _tables() -> None:
    op.create_table(
        "outbox_sends",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("ref_id", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=16), nullable=False),
        sa.Column("lane", sa.String(length=64), nullable=False),
        sa.Column("tenant", sa.String(length=32), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.SmallInteger(), nullable=False),
        _time("next_at"),
        sa.Column("last_code", sa.SmallInteger(), nullable=True),
        sa.Column("last_error", sa.String(length=255), nullable=True),
        _time("created_at"),
        _time("sent_at", True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox_sends")),
        sa.UniqueConstraint("kind", "ref_id", name="uq_outbox_sends_ref"),
    )
    op.create_index("ix_outbox_sends_due", "outbox_sends", ["state", "next_at"])
    op.create_index("ix_outbox_sends_lane", "outbox_sends", ["lane", "state", "next_at"])
    op.create_table(
        "outbox_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("send_id", sa.Integer(), nullable=False),
        _time("at"),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("code", sa.SmallInteger(), nullable=True),
        sa.Column("duration_ms", sa.Integer(), nullable=False),
        sa.Column("error", sa.String(length=255), nullable=True),
        sa.ForeignKeyConstraint(["send_id"], ["outbox_sends.id"], name=op.f("fk_outbox_attempts_send_id_outbox_sends"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox_attempts")),
    )
    op.create_index("ix_outbox_attempts_send_id", "outbox_attempts", ["send_id"])


def upgrade() -> None:
    _tables()
    for kind, table, state, sent, lane in SENDS:
        op.execute(
            "INSERT INTO outbox_sends (kind, ref_id, channel, lane, tenant, state, attempts, next_at, last_error, "
            f"created_at, sent_at) SELECT '{kind}', id, channel, {lane}, "
            f"'u' || CAST(COALESCE(user_id, 0) AS VARCHAR(16)), {state}, attempts, next_at, last_error, created_at, "
            f"{sent} FROM {table} ORDER BY id")
    op.execute(
        "INSERT INTO outbox_sends (kind, ref_id, channel, lane, tenant, state, attempts, next_at, last_code, "
        f"last_error, created_at, sent_at) SELECT 'webhook', d.id, 'webhook', {WEBHOOK_LANE}, "
        "'u' || CAST(s.user_id AS VARCHAR(16)), CASE WHEN d.state = 'delivered' THEN 'sent' ELSE d.state END, "
        "d.attempts, d.next_at, d.last_code, d.last_error, d.created_at, d.delivered_at FROM webhook_deliveries d "
        "JOIN webhook_subscriptions s ON s.id = d.subscription_id ORDER BY d.id")
    op.execute(
        "INSERT INTO outbox_attempts (send_id, at, state, code, duration_ms, error) SELECT o.id, a.at, "
        "CASE WHEN a.state = 'delivered' THEN 'sent' ELSE a.state END, a.code, a.duration_ms, a.error "
        "FROM webhook_attempts a JOIN outbox_sends o ON o.kind = 'webhook' AND o.ref_id = a.delivery_id "
        "ORDER BY a.id")
    op.drop_table("webhook_attempts")
    op.drop_index("ix_notification_sends_status_next", table_name="notification_sends")
    op.drop_index("ix_incident_sends_state_next", table_name="incident_sends")
    op.drop_index("ix_webhook_deliveries_due", table_name="webhook_deliveries")
    for table, columns in (("notification_sends", ("status", "attempts", "next_at", "last_error", "sent_at")),
                           ("incident_sends", ("state", "attempts", "next_at", "last_error", "sent_at")),
                           ("webhook_deliveries", ("state", "attempts", "next_at", "last_code", "last_error",
                                                   "delivered_at"))):
        with op.batch_alter_table(table) as batch:
            for column in columns:
                batch.drop_column(column)
    with op.batch_alter_table("webhook_subscriptions") as batch:
        batch.add_column(sa.Column("dropped", sa.Integer(), nullable=False, server_default="0"))


def _put_back(table: str, kind: str, columns: dict[str, str]) -> None:
    """Fills ``table``'s columns back from its sends (each: the outbox's SQL of it)."""
    sets = ", ".join(f"{column} = (SELECT {expr} FROM outbox_sends o WHERE o.kind = '{kind}' AND o.ref_id = "
                     f"{table}.id)" for column, expr in columns.items())
    op.execute(f"UPDATE {table} SET {sets}")


def _columns(table: str, state: str, sent: str, code: bool, small: bool) -> None:
    with op.batch_alter_table(table) as batch:
        batch.add_column(sa.Column(state, sa.String(length=16), nullable=True))
        batch.add_column(sa.Column("attempts", sa.SmallInteger() if small else sa.Integer(), nullable=True))
        batch.add_column(_time("next_at", True))
        if code:
            batch.add_column(sa.Column("last_code", sa.SmallInteger(), nullable=True))
        batch.add_column(sa.Column("last_error", sa.String(length=255), nullable=True))
        batch.add_column(_time(sent, True))


def _not_null(table: str, state: str, small: bool) -> None:
    op.execute(f"UPDATE {table} SET {state} = COALESCE({state}, 'failed'), attempts = COALESCE(attempts, 0), "
               f"next_at = COALESCE(next_at, created_at)")
    with op.batch_alter_table(table) as batch:
        batch.alter_column(state, existing_type=sa.String(length=16), nullable=False)
        batch.alter_column("attempts", existing_type=sa.SmallInteger() if small else sa.Integer(), nullable=False)
        batch.alter_column("next_at", existing_type=UtcDateTime(timezone=True), nullable=False)


def downgrade() -> None:
    common = {"attempts": "o.attempts", "next_at": "o.next_at", "last_error": "o.last_error"}
    _columns("notification_sends", "status", "sent_at", False, False)
    _put_back("notification_sends", "notify", {"status": "o.state", "sent_at": "o.sent_at", **common})
    _not_null("notification_sends", "status", False)
    _columns("incident_sends", "state", "sent_at", False, True)
    _put_back("incident_sends", "incident", {"state": "o.state", "sent_at": "o.sent_at", **common})
    _not_null("incident_sends", "state", True)
    _columns("webhook_deliveries", "state", "delivered_at", True, False)
    _put_back("webhook_deliveries", "webhook", {
        "state": "CASE WHEN o.state = 'sent' THEN 'delivered' ELSE o.state END", "delivered_at": "o.sent_at",
        "last_code": "o.last_code", **common})
    _not_null("webhook_deliveries", "state", False)
    op.create_index("ix_notification_sends_status_next", "notification_sends", ["status", "next_at"])
    op.create_index("ix_incident_sends_state_next", "incident_sends", ["state", "next_at"])
    op.create_index("ix_webhook_deliveries_due", "webhook_deliveries", ["state", "next_at"])
    op.create_table(
        "webhook_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("delivery_id", sa.Integer(), nullable=False),
        _time("at"),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("code", sa.SmallInteger(), nullable=True),
        sa.Column("duration_ms", sa.Integer(), nullable=False),
        sa.Column("error", sa.String(length=255), nullable=True),
        sa.ForeignKeyConstraint(["delivery_id"], ["webhook_deliveries.id"],
                                name=op.f("fk_webhook_attempts_delivery_id_webhook_deliveries"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_webhook_attempts")),
    )
    op.create_index("ix_webhook_attempts_delivery_id", "webhook_attempts", ["delivery_id"])
    op.execute(
        "INSERT INTO webhook_attempts (delivery_id, at, state, code, duration_ms, error) SELECT o.ref_id, a.at, "
        "CASE WHEN a.state = 'sent' THEN 'delivered' ELSE a.state END, a.code, a.duration_ms, a.error "
        "FROM outbox_attempts a JOIN outbox_sends o ON o.id = a.send_id JOIN webhook_deliveries d ON d.id = o.ref_id "
        "WHERE o.kind = 'webhook' ORDER BY a.id")
    with op.batch_alter_table("webhook_subscriptions") as batch:
        batch.drop_column("dropped")
    op.drop_table("outbox_attempts")
    op.drop_table("outbox_sends")
