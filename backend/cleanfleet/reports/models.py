"""Task reports: one row per finished (or ended) task run, as the robot's ``report`` message says.

Keyed by the message's ``msgId`` (unique), so a redelivered report is stored once. Times are the
robot's (``startTime``/``endTime``, stored in UTC); ``received_at`` is when the server got it.
``path`` is the run's recorded track (``[[x, y], ...]`` metres on ``map_name``, from the heartbeats' poses
the gateway saw during the run; None when none were seen). A record inserted by a user through
/taskReport/insertTaskReport is ``manual`` (its ``msg_id`` is ``manual-<uuid>``).

``task_report_days`` is the pre-aggregate the charts read: one row per device, UTC day (of the run's start)
and map, with the sums of its runs. It is recomputed from the raw reports of each (device, day) a change
touches (a report stored, edited, deleted, purged), so it always equals the raw reports' sums, and a
report received twice (skipped by its ``msgId``) counts once.

``task_report_months`` rolls the days up per device, calendar month (its first day) and map: recomputed from
the day rows of each (device, month) whenever those are, in the same transaction, so a range's whole months
read one row per device and map instead of one per day (a year's chart: 12,000 rows for 1,000 robots instead
of 365,000).

``task_report_device_months`` is the same per device and month with every map together, kept by the same
writer in the same transaction: the charts that neither break down by map nor filter on one read a quarter
of the rows (one per device and month instead of one per device, month and map).

``task_report_owner_days`` (per owner user and UTC day: the report sums and the online device-days) and
``task_report_owner_months`` (per owner, month and map) sum the device rows of each owner's devices, so a chart of a
branch of users reads one row per owner instead of one per device (``reports.charts``). They are changed by the
difference each device-day recompute makes (``reports.owners``: an upsert adding it, in the writer's transaction),
by the online days an insert stored (``devices.presence``), moved when a device changes owner and taken away when
a device is deleted (``reports.owners.owners_changed``, ``device_deleted``).
"""

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Date, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

# the sums a chart reads (not efficiency_sum: a bucket's efficiency is its cleaned area per working hour)
CHART_SUMS = ("runs", "duration_s", "work_area", "cleaned_area", "coverage_sum", "alarm_count")
# every sum a roll-up row keeps (``ReportSums``)
SUM_COLUMNS = ("runs", "duration_s", "work_area", "cleaned_area", "coverage_sum", "efficiency_sum", "alarm_count")


class ReportSums:
    """The sums of the runs a roll-up row counts (every report roll-up carries them)."""

    runs: Mapped[int] = mapped_column(Integer, default=0)
    duration_s: Mapped[int] = mapped_column(BigInteger, default=0)
    work_area: Mapped[float] = mapped_column(Float, default=0.0)
    cleaned_area: Mapped[float] = mapped_column(Float, default=0.0)
    coverage_sum: Mapped[float] = mapped_column(Float, default=0.0)  # sum of the runs' coverage (percent)
    efficiency_sum: Mapped[float] = mapped_column(Float, default=0.0)  # sum of the runs' efficiency (m²/h)
    alarm_count: Mapped[int] = mapped_column(Integer, default=0)


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
    path: Mapped[list[Any] | None] = mapped_column(JSON)
    manual: Mapped[bool] = mapped_column(Boolean, default=False)
    remark: Mapped[str] = mapped_column(String(255), default="")
    mailed: Mapped[bool] = mapped_column(Boolean, default=False)  # the run's e-mail went (or is not due)

    __table_args__ = (
        Index("ix_task_reports_device_start", "device_id", "start_time"),
        # start first, covering a run's chart figures: the runs near a reader's midnight (charts.shifted_periods)
        # are read from the index alone; every read by start time uses it too
        Index("ix_task_reports_start_figures", "start_time", "device_id", "map_name", "duration_s", "work_area",
              "cleaned_area", "coverage", "alarm_count"),
        Index("ix_task_reports_unmailed", "mailed", "id"),
    )


class TaskReportDay(ReportSums, Base):
    """The sums of one device's runs that started on one UTC day on one map (see the module's docstring)."""

    __tablename__ = "task_report_days"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    map_name: Mapped[str] = mapped_column(String(128), primary_key=True)

    # covering indexes (migration 0017_reports): a chart reads by period or by device, index-only (reports.charts)
    __table_args__ = (Index("ix_task_report_days_day", "day", "map_name", "device_id", *CHART_SUMS),
                      Index("ix_task_report_days_device", "device_id", "day", "map_name", *CHART_SUMS))


class TaskReportMonth(ReportSums, Base):
    """The sums of one device's day rows of one calendar month (``month`` is its first day) on one map."""

    __tablename__ = "task_report_months"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    month: Mapped[date] = mapped_column(Date, primary_key=True)
    map_name: Mapped[str] = mapped_column(String(128), primary_key=True)

    __table_args__ = (Index("ix_task_report_months_month", "month", "map_name", "device_id", *CHART_SUMS),
                      Index("ix_task_report_months_device", "device_id", "month", "map_name", *CHART_SUMS))


class TaskReportDeviceMonth(ReportSums, Base):
    """The sums of one device's day rows of one calendar month, every map together (migration 0018)."""

    __tablename__ = "task_report_device_months"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    month: Mapped[date] = mapped_column(Date, primary_key=True)

    # the primary key (device, month) is the device-first read; SQLite keeps the rows in it (no rowid)
    __table_args__ = (Index("ix_task_report_device_months_month", "month", "device_id", *CHART_SUMS),
                      {"sqlite_with_rowid": False})


class TaskReportOwnerDay(ReportSums, Base):
    """One owner's devices on one UTC day: the sums of their day rows (every map together) and how many of them
    were online (``online_days``), kept with the device rows (migration 0019, see the module's docstring)."""

    __tablename__ = "task_report_owner_days"

    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    online_days: Mapped[int] = mapped_column(Integer, default=0)

    # a branch's days read in day order, index-only (PostgreSQL: 7 ms for 200 owners' 91 days where its seq scan
    # took 19); the primary key (owner, day) serves a few owners, and SQLite keeps the rows in it (no rowid)
    __table_args__ = (Index("ix_task_report_owner_days_day", "day", "owner_id", *CHART_SUMS, "online_days"),
                      {"sqlite_with_rowid": False})


class TaskReportOwnerMonth(ReportSums, Base):
    """One owner's devices' month rows of one calendar month on one map, summed (migration 0019)."""

    __tablename__ = "task_report_owner_months"

    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    month: Mapped[date] = mapped_column(Date, primary_key=True)
    map_name: Mapped[str] = mapped_column(String(128), primary_key=True)

    __table_args__ = ({"sqlite_with_rowid": False},)


class ReportDigest(Base):
    """A user's weekly summary mail of the week starting ``week`` (Monday) went: sent once per user and week."""

    __tablename__ = "report_digests"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    week: Mapped[date] = mapped_column(Date, primary_key=True)
    sent_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
