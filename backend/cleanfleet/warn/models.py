"""Alarms the robots raise (api-spec 8.3 faults, uncoded robot messages and device status banners).

One row per alarm: the robot's raise message creates it (keyed by the message's ``msgId``, so a QoS 1
redelivery or a resend after a reconnect never stores it twice), and the matching clear (same robot
``alarmId``) stamps ``cleared_at``. ``state`` is the console's: unresolved until someone confirms it
(resolved, with the date and who), unknown when only the clear ever arrived.
"""

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, SmallInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

STATE_UNKNOWN = 0
STATE_UNRESOLVED = 1
STATE_RESOLVED = 2
STATES = {STATE_UNKNOWN: "unknown", STATE_UNRESOLVED: "unresolved", STATE_RESOLVED: "resolved"}

TYPE_REMINDER = "reminder"
TYPE_ALARM = "alarm"
# level by the robot's kind: a coded fault weighs most, a status banner least
LEVEL_BY_KIND = {"fault": 3, "message": 2, "banner": 1}


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
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (
        Index("ix_alarms_device_raised", "device_id", "raised_at"),
        Index("ix_alarms_device_robot_alarm", "device_id", "robot_alarm_id"),
        Index("ix_alarms_raised_at", "raised_at"),
        # the unresolved alarms (state first): the subtree's open counts (index page, wall, header badge), a
        # device's open count and its resolve (state and device), the wall and map's active alarms per device
        Index("ix_alarms_state_device", "state", "device_id", "raised_at"),
    )
