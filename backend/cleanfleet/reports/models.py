"""Task reports: one row per finished (or ended) task run, as the robot's ``report`` message says.

Keyed by the message's ``msgId`` (unique), so a redelivered report is stored once. Times are the
robot's (``startTime``/``endTime``, stored in UTC); ``received_at`` is when the server got it.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow


class TaskReport(Base):
    __tablename__ = "task_reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"))
    msg_id: Mapped[str] = mapped_column(String(128), unique=True)
    run_id: Mapped[str] = mapped_column(String(128), default="")
    task_name: Mapped[str] = mapped_column(String(128), default="")
    map_name: Mapped[str] = mapped_column(String(128), default="")
    source: Mapped[str] = mapped_column(String(32), default="")
    schedule_name: Mapped[str] = mapped_column(String(128), default="")
    result: Mapped[str] = mapped_column(String(16), default="")
    reason: Mapped[str] = mapped_column(String(255), default="")
    start_time: Mapped[datetime] = mapped_column(UtcDateTime())
    end_time: Mapped[datetime] = mapped_column(UtcDateTime())
    duration_s: Mapped[int] = mapped_column(Integer, default=0)
    work_area: Mapped[float] = mapped_column(Float, default=0.0)  # m² the task's plan covers
    cleaned_area: Mapped[float] = mapped_column(Float, default=0.0)  # m²
    coverage: Mapped[float] = mapped_column(Float, default=0.0)  # percent
    efficiency: Mapped[float] = mapped_column(Float, default=0.0)  # m² per hour
    distance_m: Mapped[float] = mapped_column(Float, default=0.0)
    battery_start: Mapped[float | None] = mapped_column(Float)
    battery_end: Mapped[float | None] = mapped_column(Float)
    clean_mode: Mapped[str] = mapped_column(String(16), default="")
    path_type: Mapped[str] = mapped_column(String(16), default="")
    alarm_count: Mapped[int] = mapped_column(Integer, default=0)
    alarm_counts: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # alarm key → count
    received_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (
        Index("ix_task_reports_device_start", "device_id", "start_time"),
        Index("ix_task_reports_start_time", "start_time"),
    )
