"""Incidents (issue 34): the alarms that need a person, who is told, and who acted.

- ``incident_rules``: per branch (a user at the top of it, ``owner_id``) and alarm name (``code``, the catalogue's
  key), whether the alarm opens an incident, its urgency and its escalation policy (``levels``: JSON list of
  ``{"up": n, "waitMinutes": m}``; ``reminder_minutes``, ``reminder_limit``). A branch without a rule of its own
  takes its nearest ancestor's, else the preset (incidents/policy.py).
- ``incident_duties``: who is on duty for a branch (a person of its subtree), optionally on some weekdays and
  within a window of the day in a time zone (a weekly rota). A branch without any duty row is its own person.
- ``incidents``: one per robot and problem (alarm name) while it is not resolved or closed (a partial unique
  index on the active rows); repeated alarms attach to it (``incident_alarms``). The escalation's state is here
  (``level``, ``reminders``, ``level_at``, ``next_step_at``), so a restart continues where it was, and a step is
  claimed by one conditional UPDATE on these columns, so several workers send it once.
- ``incident_sends``: every notification an escalation step wrote (incident, level, step, user, channel, time);
  unique per step, user and channel. Its state, attempts and sending time are its send's in the one outbox
  (core/outbox_models.py, kind ``incident``), read here as read-only columns.
- ``incident_links``: the one-time acknowledge links mailed to a recipient (only the token's SHA-256 is kept).
- ``incident_months``: the incidents counted per branch (``owner_path``), UTC month of opening, site (0: none) and
  alarm name, with their summed and longest times (incidents/rollup.py keeps it in every writer's transaction); the
  chart and the figures read it for whole UTC months (incidents/metrics.py).
"""

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    ForeignKey,
    Index,
    Integer,
    SmallInteger,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, column_property, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow
from cleanfleet.core.outbox import state_of
from cleanfleet.core.outbox_models import OutboxSend

OPEN, ACKNOWLEDGED, RESOLVED, CLOSED = "open", "acknowledged", "resolved", "closed"
STATES = (OPEN, ACKNOWLEDGED, RESOLVED, CLOSED)
URGENCIES = ("high", "medium", "low")
CAUSES = ("obstacle", "stuck", "hardware", "software", "consumable", "network", "operator", "environment", "other")

SEND_PENDING, SEND_SENT, SEND_FAILED = "pending", "sent", "failed"
SEND_KIND = "incident"  # its sends' kind in the outbox


class IncidentRule(Base):
    __tablename__ = "incident_rules"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    code: Mapped[str] = mapped_column(String(64))
    opens: Mapped[bool] = mapped_column(Boolean, default=True)
    urgency: Mapped[str] = mapped_column(String(8), default="high")
    levels: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    reminder_minutes: Mapped[int] = mapped_column(Integer, default=15)
    reminder_limit: Mapped[int] = mapped_column(SmallInteger, default=3)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))

    __table_args__ = (UniqueConstraint("owner_id", "code", name="uq_incident_rules_owner_code"),)


class IncidentDuty(Base):
    __tablename__ = "incident_duties"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)  # the branch
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))  # the person on duty
    weekdays: Mapped[int] = mapped_column(SmallInteger, default=0b1111111)  # ISO weekdays, Monday = bit 0
    start_minute: Mapped[int] = mapped_column(SmallInteger, default=0)  # of the local day
    end_minute: Mapped[int] = mapped_column(SmallInteger, default=1440)  # exclusive; after start
    time_zone: Mapped[str] = mapped_column(String(64), default="UTC")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class Incident(Base):
    __tablename__ = "incidents"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"))
    # the branch the robot belonged to when the incident opened (its owner and the owner's tree path)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    owner_path: Mapped[str] = mapped_column(String(255))
    site_id: Mapped[int | None] = mapped_column(ForeignKey("sites.id", ondelete="SET NULL"))  # at the open time
    key: Mapped[str] = mapped_column(String(64))  # the alarm's name: the "problem"
    code: Mapped[str] = mapped_column(String(16), default="")
    urgency: Mapped[str] = mapped_column(String(8), default="high")
    state: Mapped[str] = mapped_column(String(16), default=OPEN)
    opened_at: Mapped[datetime] = mapped_column(UtcDateTime())
    first_alarm_id: Mapped[int | None] = mapped_column(ForeignKey("alarms.id", ondelete="SET NULL"))
    last_alarm_at: Mapped[datetime] = mapped_column(UtcDateTime())
    alarm_count: Mapped[int] = mapped_column(Integer, default=1)
    cleared_at: Mapped[datetime | None] = mapped_column(UtcDateTime())  # the robot's own clear (closes nothing)
    acknowledged_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    acknowledged_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    acknowledged_via: Mapped[str | None] = mapped_column(String(16))  # console | link
    ended_at: Mapped[datetime | None] = mapped_column(UtcDateTime())  # resolved or closed
    ended_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    cause: Mapped[str | None] = mapped_column(String(16))
    note: Mapped[str] = mapped_column(String(1000), default="")
    ack_seconds: Mapped[int | None] = mapped_column(Integer)
    resolve_seconds: Mapped[int | None] = mapped_column(Integer)  # resolved only (noise is not measured)
    policy: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # the rule as it was at the open time
    level: Mapped[int] = mapped_column(SmallInteger, default=-1)  # the highest level told (-1: none yet)
    reminders: Mapped[int] = mapped_column(SmallInteger, default=0)  # reminders sent at that level
    level_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    next_step_at: Mapped[datetime | None] = mapped_column(UtcDateTime())  # null: nothing more to send

    __table_args__ = (
        # one incident per robot and problem while it is active
        Index("uq_incidents_active_device_key", "device_id", "key", unique=True,
              sqlite_where=text("ended_at IS NULL"), postgresql_where=text("ended_at IS NULL")),
        # the list (a branch's, by open time) and the figures: a branch over a range of open times, covering what
        # they count and group by (index-only)
        Index("ix_incidents_figures", "owner_path", "opened_at", "state", "ack_seconds", "resolve_seconds",
              "site_id", "device_id", "key", "owner_id"),
        # the list newest first (a large branch walks it and stops after the page) and the figures' short ranges (a
        # range of open times, the branch checked in the index)
        Index("ix_incidents_time", "opened_at", "id", "owner_path", "state", "ack_seconds", "resolve_seconds",
              "site_id", "key", "owner_id", "device_id"),
        Index("ix_incidents_device_opened", "device_id", "opened_at"),
        # availability's waiting spans of many robots over a period: those still open or ended after its start
        Index("ix_incidents_device_ended", "device_id", "ended_at", "opened_at", "cleared_at"),
        Index("ix_incidents_site_opened", "site_id", "opened_at"),
        # the escalation scan: due steps only
        Index("ix_incidents_next_step", "next_step_at", postgresql_where=text("next_step_at IS NOT NULL"),
              sqlite_where=text("next_step_at IS NOT NULL")),
        # the header's count: the branch's active incidents
        Index("ix_incidents_active_branch", "owner_path", "state", postgresql_where=text("ended_at IS NULL"),
              sqlite_where=text("ended_at IS NULL")),
    )


class IncidentNote(Base):
    """A note a person added to incident ``incident_id`` while it was active (issue 53 item 5: often from a phone
    without signal, sent when it returned): by ``user_id`` (null once that account is deleted) at ``created_at``."""

    __tablename__ = "incident_notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    incident_id: Mapped[int] = mapped_column(ForeignKey("incidents.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    text: Mapped[str] = mapped_column(String(1000))


class IncidentAlarm(Base):
    __tablename__ = "incident_alarms"

    incident_id: Mapped[int] = mapped_column(ForeignKey("incidents.id", ondelete="CASCADE"), primary_key=True)
    alarm_id: Mapped[int] = mapped_column(ForeignKey("alarms.id", ondelete="CASCADE"), primary_key=True)


class IncidentSend(Base):
    __tablename__ = "incident_sends"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    incident_id: Mapped[int] = mapped_column(ForeignKey("incidents.id", ondelete="CASCADE"))
    level: Mapped[int] = mapped_column(SmallInteger)
    step: Mapped[int] = mapped_column(SmallInteger, default=0)  # 0: the level's first notice; n: its n-th reminder
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    channel: Mapped[str] = mapped_column(String(16))
    recipient: Mapped[str] = mapped_column(String(255), default="")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    # how it went: its send's in the one outbox (core/outbox_models.py, kind ``incident``), read-only here
    state: Mapped[str] = column_property(state_of(SEND_KIND, id, OutboxSend.state))
    attempts: Mapped[int] = column_property(state_of(SEND_KIND, id, OutboxSend.attempts))
    next_at: Mapped[datetime] = column_property(state_of(SEND_KIND, id, OutboxSend.next_at))
    last_error: Mapped[str | None] = column_property(state_of(SEND_KIND, id, OutboxSend.last_error))
    sent_at: Mapped[datetime | None] = column_property(state_of(SEND_KIND, id, OutboxSend.sent_at))

    __table_args__ = (
        UniqueConstraint("incident_id", "level", "step", "user_id", "channel", name="uq_incident_sends_step"),
    )


class IncidentLink(Base):
    __tablename__ = "incident_links"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    incident_id: Mapped[int] = mapped_column(ForeignKey("incidents.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())
    used_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class IncidentMonth(Base):
    """A branch's incidents opened in one UTC month (``month``: its first day) at one site (0: none) for one alarm
    name: counted, by state, with the summed and longest times to acknowledge and to resolve (incidents/rollup.py)."""

    __tablename__ = "incident_months"

    # key first: a read asks for one alarm name or for the rows of every name ("*"), then a branch (a range of paths)
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    owner_path: Mapped[str] = mapped_column(String(255), primary_key=True)
    month: Mapped[date] = mapped_column(Date, primary_key=True)
    site_id: Mapped[int] = mapped_column(Integer, primary_key=True)  # 0: at no site (no foreign key: 0 is none)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    incidents: Mapped[int] = mapped_column(Integer, default=0)
    acknowledged: Mapped[int] = mapped_column(Integer, default=0)  # with ack_seconds
    resolved: Mapped[int] = mapped_column(Integer, default=0)  # with resolve_seconds (state resolved)
    noise: Mapped[int] = mapped_column(Integer, default=0)  # state closed
    ack_sum: Mapped[int] = mapped_column(BigInteger, default=0)
    ack_max: Mapped[int | None] = mapped_column(Integer)
    resolve_sum: Mapped[int] = mapped_column(BigInteger, default=0)
    resolve_max: Mapped[int | None] = mapped_column(Integer)

    __table_args__ = {"sqlite_with_rowid": False}  # the rows in key order: a read is one range of the key
