"""Incidents (issue 34): the branches' rules and duty, the incidents with their alarms, sends and mailed links.
Downgrade drops them all.

Revision ID: 0031_i1_incidents
Revises: 0030_s4_site_day_counts
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0031_i1_incidents"
down_revision = "0030_s4_site_day_counts"
branch_labels = None
depends_on = None


def _id() -> sa.Column:  # type: ignore[type-arg]
    return sa.Column("id", sa.Integer(), nullable=False)


def _time(name: str, nullable: bool = False) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, UtcDateTime(timezone=True), nullable=nullable)


def _fk(table: str, column: str, target: str, ondelete: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"),
                                   ondelete=ondelete)


def upgrade() -> None:
    op.create_table(
        "incident_rules",
        _id(),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=64), nullable=False),
        sa.Column("opens", sa.Boolean(), nullable=False),
        sa.Column("urgency", sa.String(length=8), nullable=False),
        sa.Column("levels", sa.JSON(), nullable=False),
        sa.Column("reminder_minutes", sa.Integer(), nullable=False),
        sa.Column("reminder_limit", sa.SmallInteger(), nullable=False),
        _time("updated_at"),
        sa.Column("updated_by", sa.Integer(), nullable=True),
        _fk("incident_rules", "owner_id", "users", "CASCADE"),
        _fk("incident_rules", "updated_by", "users", "SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_incident_rules")),
        sa.UniqueConstraint("owner_id", "code", name="uq_incident_rules_owner_code"),
    )
    op.create_table(
        "incident_duties",
        _id(),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("weekdays", sa.SmallInteger(), nullable=False),
        sa.Column("start_minute", sa.SmallInteger(), nullable=False),
        sa.Column("end_minute", sa.SmallInteger(), nullable=False),
        sa.Column("time_zone", sa.String(length=64), nullable=False),
        _time("created_at"),
        _fk("incident_duties", "owner_id", "users", "CASCADE"),
        _fk("incident_duties", "user_id", "users", "CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_incident_duties")),
    )
    op.create_index("ix_incident_duties_owner_id", "incident_duties", ["owner_id"])
    op.create_table(
        "incidents",
        _id(),
        sa.Column("device_id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("owner_path", sa.String(length=255), nullable=False),
        sa.Column("site_id", sa.Integer(), nullable=True),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("urgency", sa.String(length=8), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        _time("opened_at"),
        sa.Column("first_alarm_id", sa.Integer(), nullable=True),
        _time("last_alarm_at"),
        sa.Column("alarm_count", sa.Integer(), nullable=False),
        _time("cleared_at", True),
        _time("acknowledged_at", True),
        sa.Column("acknowledged_by", sa.Integer(), nullable=True),
        sa.Column("acknowledged_via", sa.String(length=16), nullable=True),
        _time("ended_at", True),
        sa.Column("ended_by", sa.Integer(), nullable=True),
        sa.Column("cause", sa.String(length=16), nullable=True),
        sa.Column("note", sa.String(length=1000), nullable=False),
        sa.Column("ack_seconds", sa.Integer(), nullable=True),
        sa.Column("resolve_seconds", sa.Integer(), nullable=True),
        sa.Column("policy", sa.JSON(), nullable=False),
        sa.Column("level", sa.SmallInteger(), nullable=False),
        sa.Column("reminders", sa.SmallInteger(), nullable=False),
        _time("level_at", True),
        _time("next_step_at", True),
        _fk("incidents", "device_id", "devices", "CASCADE"),
        _fk("incidents", "owner_id", "users", "CASCADE"),
        _fk("incidents", "site_id", "sites", "SET NULL"),
        sa.ForeignKeyConstraint(["first_alarm_id"], ["alarms.id"], name=op.f("fk_incidents_first_alarm_id_alarms"),
                                ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["acknowledged_by"], ["users.id"], name=op.f("fk_incidents_acknowledged_by_users"),
                                ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["ended_by"], ["users.id"], name=op.f("fk_incidents_ended_by_users"),
                                ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_incidents")),
    )
    active = sa.text("ended_at IS NULL")
    op.create_index("uq_incidents_active_device_key", "incidents", ["device_id", "key"], unique=True,
                    sqlite_where=active, postgresql_where=active)
    op.create_index("ix_incidents_figures", "incidents", ["owner_path", "opened_at", "state", "ack_seconds",
                                                           "resolve_seconds", "site_id", "device_id", "key",
                                                           "owner_id"])
    op.create_index("ix_incidents_time", "incidents", ["opened_at", "id", "owner_path", "state", "ack_seconds",
                                                        "resolve_seconds", "site_id", "key", "owner_id", "device_id"])
    op.create_index("ix_incidents_device_opened", "incidents", ["device_id", "opened_at"])
    op.create_index("ix_incidents_site_opened", "incidents", ["site_id", "opened_at"])
    due = sa.text("next_step_at IS NOT NULL")
    op.create_index("ix_incidents_next_step", "incidents", ["next_step_at"], sqlite_where=due, postgresql_where=due)
    op.create_index("ix_incidents_active_branch", "incidents", ["owner_path", "state"], sqlite_where=active,
                    postgresql_where=active)
    op.create_table(
        "incident_alarms",
        sa.Column("incident_id", sa.Integer(), nullable=False),
        sa.Column("alarm_id", sa.Integer(), nullable=False),
        _fk("incident_alarms", "incident_id", "incidents", "CASCADE"),
        _fk("incident_alarms", "alarm_id", "alarms", "CASCADE"),
        sa.PrimaryKeyConstraint("incident_id", "alarm_id", name=op.f("pk_incident_alarms")),
    )
    op.create_table(
        "incident_sends",
        _id(),
        sa.Column("incident_id", sa.Integer(), nullable=False),
        sa.Column("level", sa.SmallInteger(), nullable=False),
        sa.Column("step", sa.SmallInteger(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("channel", sa.String(length=16), nullable=False),
        sa.Column("recipient", sa.String(length=255), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.SmallInteger(), nullable=False),
        _time("next_at"),
        sa.Column("last_error", sa.String(length=255), nullable=True),
        _time("created_at"),
        _time("sent_at", True),
        _fk("incident_sends", "incident_id", "incidents", "CASCADE"),
        _fk("incident_sends", "user_id", "users", "CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_incident_sends")),
        sa.UniqueConstraint("incident_id", "level", "step", "user_id", "channel", name="uq_incident_sends_step"),
    )
    op.create_index("ix_incident_sends_state_next", "incident_sends", ["state", "next_at"])
    op.create_table(
        "incident_links",
        _id(),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("incident_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        _time("expires_at"),
        _time("used_at", True),
        _time("created_at"),
        _fk("incident_links", "incident_id", "incidents", "CASCADE"),
        _fk("incident_links", "user_id", "users", "CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_incident_links")),
        sa.UniqueConstraint("token_hash", name="uq_incident_links_token_hash"),
    )
    op.create_index("ix_incident_links_incident_id", "incident_links", ["incident_id"])
    op.create_table(
        "incident_months",
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("owner_path", sa.String(length=255), nullable=False),
        sa.Column("month", sa.Date(), nullable=False),
        sa.Column("site_id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("incidents", sa.Integer(), nullable=False),
        sa.Column("acknowledged", sa.Integer(), nullable=False),
        sa.Column("resolved", sa.Integer(), nullable=False),
        sa.Column("noise", sa.Integer(), nullable=False),
        sa.Column("ack_sum", sa.BigInteger(), nullable=False),
        sa.Column("ack_max", sa.Integer(), nullable=True),
        sa.Column("resolve_sum", sa.BigInteger(), nullable=False),
        sa.Column("resolve_max", sa.Integer(), nullable=True),
        _fk("incident_months", "owner_id", "users", "CASCADE"),
        sa.PrimaryKeyConstraint("key", "owner_path", "month", "site_id", name=op.f("pk_incident_months")),
        sqlite_with_rowid=False,
    )
    op.create_index("ix_incident_months_owner_id", "incident_months", ["owner_id"])


def downgrade() -> None:
    op.drop_table("incident_months")
    op.drop_table("incident_links")
    op.drop_table("incident_sends")
    op.drop_table("incident_alarms")
    op.drop_table("incidents")
    op.drop_table("incident_duties")
    op.drop_table("incident_rules")
