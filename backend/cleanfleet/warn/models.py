"""Alarms the robots raise (api-spec 8.3 faults, uncoded robot messages and device status banners).

One row per alarm: the robot's raise message creates it (keyed by the message's ``msgId``, so a QoS 1
redelivery or a resend after a reconnect never stores it twice), and the matching clear (same robot
``alarmId``) stamps ``cleared_at``. ``state`` is the console's: unresolved until someone confirms it
(resolved, with the date and who), unknown when only the clear ever arrived.
"""

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Date, ForeignKey, Index, Integer, SmallInteger, String, UniqueConstraint, text
from sqlalchemy.orm import Mapped, column_property, mapped_column, synonym

from cleanfleet.core.arrivals import TYPE_ALARM as TYPE_ALARM  # an alarm's type: the robot's level
from cleanfleet.core.arrivals import TYPE_REMINDER as TYPE_REMINDER
from cleanfleet.core.db import Base, UtcDateTime, utcnow
from cleanfleet.core.outbox import state_of
from cleanfleet.core.outbox_models import OutboxSend

STATE_UNKNOWN = 0
STATE_UNRESOLVED = 1
STATE_RESOLVED = 2
STATES = {STATE_UNKNOWN: "unknown", STATE_UNRESOLVED: "unresolved", STATE_RESOLVED: "resolved"}

# level by the robot's kind: a coded fault weighs most, a status banner least
LEVEL_BY_KIND = {"fault": 3, "message": 2, "banner": 1}
FAULTS = "level = 3 AND type = 'alarm'"  # a coded fault (in SQL, literal: a partial index's condition)


class Alarm(Base):
    __tablename__ = "alarms"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"))
    msg_id: Mapped[str] = mapped_column(String(128), unique=True)
    robot_alarm_id: Mapped[str] = mapped_column(String(128))
    key: Mapped[str] = mapped_column(String(64), default="")
    code: Mapped[str] = mapped_column(String(16), default="")
    code_num: Mapped[int | None] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16), default="message")
    type: Mapped[str] = mapped_column(String(16), default=TYPE_ALARM)
    level: Mapped[int] = mapped_column(SmallInteger, default=2)
    content: Mapped[str] = mapped_column(String(255), default="")
    raised_at: Mapped[datetime] = mapped_column(UtcDateTime())
    cleared_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    clear_msg_id: Mapped[str | None] = mapped_column(String(128))
    state: Mapped[int] = mapped_column(SmallInteger, default=STATE_UNRESOLVED)
    resolved_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    resolved_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    # how it was confirmed: "release" (the fault is dealt with) or "dismiss" (nothing to do); None before
    resolution: Mapped[str | None] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (
        Index("ix_alarms_device_raised", "device_id", "raised_at"),
        Index("ix_alarms_device_robot_alarm", "device_id", "robot_alarm_id"),
        Index("ix_alarms_raised_at", "raised_at"),
        # the unresolved alarms (state first): the subtree's open counts (index page, wall, header badge), a
        # device's open count and its resolve (state and device), the wall and map's active alarms per device
        Index("ix_alarms_state_device", "state", "device_id", "raised_at"),
        # the alarm centre's counts over a time range (list total, summary, chart) read this index alone: each
        # device of the branch, its range of times, and the columns they count by
        Index("ix_alarms_device_counts", "device_id", "raised_at", "state", "level", "key", "code"),
        # availability's faults of many robots over a period (sites/availability/history.py), index-only
        Index("ix_alarms_device_faults", "device_id", "raised_at", "cleared_at", "resolved_at",
              sqlite_where=text(FAULTS), postgresql_where=text(FAULTS)),
    )


# the count columns of ``alarm_days`` and ``alarm_weeks``: the alarms by state, then by level (1-3)
COUNT_COLUMNS = ("unknown", "unresolved", "resolved", "level1", "level2", "level3")


class AlarmCounts:
    """The count columns shared by ``AlarmDay`` and ``AlarmWeek`` (``COUNT_COLUMNS``), after their key."""

    unknown: Mapped[int] = mapped_column(Integer, default=0, sort_order=1)
    unresolved: Mapped[int] = mapped_column(Integer, default=0, sort_order=1)
    resolved: Mapped[int] = mapped_column(Integer, default=0, sort_order=1)
    level1: Mapped[int] = mapped_column(Integer, default=0, sort_order=1)
    level2: Mapped[int] = mapped_column(Integer, default=0, sort_order=1)
    level3: Mapped[int] = mapped_column(Integer, default=0, sort_order=1)


class AlarmDay(AlarmCounts, Base):
    """One device's alarms raised on one UTC day, counted by state and by level (warn/counts.py keeps them).

    The alarm centre's summary reads a range's whole days here (one row per device and day instead of every
    alarm) and counts its partial first and last days from the alarms themselves. Clustered on its key on
    SQLite (no rowid), so a branch's days are read from the table alone."""

    __tablename__ = "alarm_days"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)

    __table_args__ = (
        # a large branch's days on PostgreSQL: one index-only range of days joined to the branch's devices,
        # instead of a scan of the whole table (SQLite keeps to its clustered key, one range per device)
        Index("ix_alarm_days_day", "day", "device_id", postgresql_include=list(COUNT_COLUMNS)),
        {"sqlite_with_rowid": False},
    )


class AlarmWeek(AlarmCounts, Base):
    """One device's alarms raised in one ISO week (Monday to Sunday, UTC days), counted as ``AlarmDay`` counts a
    day: the sum of that device's day rows of the week (warn/counts.py keeps both in the same upsert).

    A 30-day summary then reads about four week rows and the loose days at either end per device instead of 29
    day rows."""

    __tablename__ = "alarm_weeks"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    week: Mapped[date] = mapped_column(Date, primary_key=True)  # the Monday

    __table_args__ = (
        Index("ix_alarm_weeks_week", "week", "device_id", postgresql_include=list(COUNT_COLUMNS)),
        {"sqlite_with_rowid": False},
    )


class AlarmNameDay(Base):
    """The alarms of one owner's devices raised on one UTC day, counted by name (``key``) and code.

    Per owner rather than per device: a device raises a few alarms a day, nearly each of another name, so per
    device this would be as large as the alarms; an owner's devices share a few dozen names a day. When a
    device changes owner its counts move with it (warn/counts.py ``owners_changed``)."""

    __tablename__ = "alarm_name_days"

    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    alarms: Mapped[int] = mapped_column(Integer, default=0)

    __table_args__ = ({"sqlite_with_rowid": False},)


RESOLUTIONS = ("release", "dismiss")

# events that are not a robot's alarm but can be told about as well
EVENT_ALARM_RESOLVED = "alarm_resolved"
EVENT_TASK_ENDED = "task_ended"
EVENT_SITE_PLAN = "site_plan_missed"  # a site plan item's window closed missed or short (sites/plans/watch.py)
EVENT_WEAR_DUE = "wear_due"  # a consumable or maintenance forecast to fall due within the lead time (wear/scan.py)


class AlarmSetting(Base):
    """One branch's own setting for one alarm key (or event): ``owner_id`` is the user at the top of the branch.

    An alarm of a device tells each user on the device owner's path (the owner and its ancestors) through the
    channels of that user's own setting for the alarm's key: its ``AlarmSettingChannel`` rows, one per channel
    turned on (without a setting: the channels registered ``default_on``, warn/channels/registry.py)."""

    __tablename__ = "alarm_settings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    code: Mapped[str] = mapped_column(String(64))
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))

    __table_args__ = (UniqueConstraint("owner_id", "code", name="uq_alarm_settings_owner_code"),)


class AlarmSettingChannel(Base):
    """A channel turned on in an alarm setting (rows, not a column per channel: a new channel needs no migration)."""

    __tablename__ = "alarm_setting_channels"

    setting_id: Mapped[int] = mapped_column(ForeignKey("alarm_settings.id", ondelete="CASCADE"), primary_key=True)
    channel: Mapped[str] = mapped_column(String(16), primary_key=True)


NOTIFY_KIND = "notify"  # its sends' kind in the outbox
SEND_PENDING = "pending"
SEND_SENT = "sent"
SEND_FAILED = "failed"


class NotificationSend(Base):
    """One notification to one user through one channel: what it says and to whom.

    Written in the transaction that stores the alarm (so none is lost and none is written twice) with its send in
    the one outbox (core/outbox_models.py, kind ``notify``), which sends it through warn/notify.py's channel and
    records the outcome: ``sent``, or ``failed`` after the last retry (read here as read-only columns).
    ``alarm_count`` is how many alarms it tells of: in a storm, the alarms past the branch's limit are folded
    into one pending send of the same device, channel and user."""

    __tablename__ = "notification_sends"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    alarm_id: Mapped[int | None] = mapped_column(ForeignKey("alarms.id", ondelete="SET NULL"))
    device_id: Mapped[int | None] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    event: Mapped[str] = mapped_column(String(64))
    channel: Mapped[str] = mapped_column(String(16))
    recipient: Mapped[str] = mapped_column(String(255), default="")
    alarm_count: Mapped[int] = mapped_column(Integer, default=1)
    # what the notification says (device, serial, alarmKey, code, content, time, ...), rendered when sent in
    # the recipient's language
    values: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    # how it went: its outbox send's, read-only here (``status`` is the older name of ``state``)
    state: Mapped[str] = column_property(state_of(NOTIFY_KIND, id, OutboxSend.state))
    status: Mapped[str] = synonym("state")
    attempts: Mapped[int] = column_property(state_of(NOTIFY_KIND, id, OutboxSend.attempts))
    next_at: Mapped[datetime] = column_property(state_of(NOTIFY_KIND, id, OutboxSend.next_at))
    last_error: Mapped[str | None] = column_property(state_of(NOTIFY_KIND, id, OutboxSend.last_error))
    sent_at: Mapped[datetime | None] = column_property(state_of(NOTIFY_KIND, id, OutboxSend.sent_at))

    __table_args__ = (
        Index("ix_notification_sends_storm", "device_id", "channel", "user_id", "created_at"),
    )
