"""The two records availability needs that the product did not keep (docs/domains/sites.md "Availability").

- ``site_robot_offline``: when a robot at a site was offline, from the moment the server saw it go (its goodbye,
  its will, or the silence sweep) to the moment it was heard again (``ended_at`` null while it lasts). Written by
  ``history.presence_changed`` on the gateway's ``robot.online`` / ``robot.offline`` facts, only for robots with an
  open stay at a site; kept as long as the robots' other telemetry (retention kind ``telemetry``). Robots' data:
  the operation log ignores it.
- ``site_availability_targets``: what a dealer agreed with its customer for one site: availability, the mean time to
  acknowledge an incident, the share of planned runs done (each optional). Set only by a user above the site's
  customer.

And two that make the figures fast (issue 52 item 2, ``kept.py``; migration 0063), both bookkeeping (no operation log):

- ``site_availability_days``: a robot's hours at a site from the first of a month to one of its closed days (site
  days: scheduled, available, lost by cause, left out by cause, whole seconds; a day's own hours are the difference
  from the day before), with what they were computed from: ``stamp``, the fingerprint of the site's records that
  concern the robot, and ``changes``, the robot's count of downtime changes then;
- ``site_downtime_changes``: one row (``weight`` 1) per change of what availability reads of a robot (its offline
  spans, fault alarms, incidents, updates, repairs), written by the database's triggers on those tables (0063), so
  every writer, a hand edit and a purge included, makes the robot's kept days stale; a robot's rows are folded into
  one (their weights summed) as they are read. Inserts only: no writer waits for another;
- ``site_figure_changes``: the same for a site's own records that its figures read (its time zone, floors, the
  floors' map ties, the stays, the plan items, the windows cleaned by hand, its incidents, its runs through the kept
  plan-against-actual days' versions), written by triggers (0065): a site's month is remembered between calls
  (``month.py``) while its sum and its robots' sums stay the same.
"""

from datetime import date, datetime

from sqlalchemy import Date, ForeignKey, Index, Integer, String, text
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow


class SiteRobotOffline(Base):
    __tablename__ = "site_robot_offline"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"))
    started_at: Mapped[datetime] = mapped_column(UtcDateTime())
    ended_at: Mapped[datetime | None] = mapped_column(UtcDateTime())

    __table_args__ = (
        Index("ix_site_robot_offline_device_started", "device_id", "started_at", "ended_at"),
        # the spans of many robots over a period: those still open (the unique index below) or ended after its start
        Index("ix_site_robot_offline_device_ended", "device_id", "ended_at", "started_at"),
        # at most one open span per robot: two gateways telling the same goodbye store it once
        Index("uq_site_robot_offline_open", "device_id", unique=True,
              sqlite_where=text("ended_at IS NULL"), postgresql_where=text("ended_at IS NULL")),
    )


class SiteAvailabilityTarget(Base):
    __tablename__ = "site_availability_targets"

    site_id: Mapped[int] = mapped_column(ForeignKey("sites.id", ondelete="CASCADE"), primary_key=True)
    availability: Mapped[int | None] = mapped_column(Integer)  # thousandths (985: 98.5 %)
    ack_minutes: Mapped[int | None] = mapped_column(Integer)  # mean time to acknowledge, at most
    runs_done: Mapped[int | None] = mapped_column(Integer)  # thousandths of the closed planned runs done
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))


class SiteAvailabilityDay(Base):
    """Robot ``device_id``'s hours at site ``site_id`` from the first of ``day``'s month to ``day`` (site days, that
    one closed; seconds): a month's table reads one row per robot."""

    __tablename__ = "site_availability_days"

    # the key in this order: a month's table reads one day of each site's robots
    site_id: Mapped[int] = mapped_column(ForeignKey("sites.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    # no foreign key: a robot's deletion would scan the table; its rows are never read again (it leaves its sites)
    # and go with their site
    device_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    stamp: Mapped[str] = mapped_column(String(32))  # the fingerprint of the site's records for this robot
    changes: Mapped[int] = mapped_column(Integer)  # the robot's downtime changes counted before the computation
    scheduled: Mapped[int] = mapped_column(Integer)
    available: Mapped[int] = mapped_column(Integer)
    offline: Mapped[int] = mapped_column(Integer)
    fault: Mapped[int] = mapped_column(Integer)
    waiting: Mapped[int] = mapped_column(Integer)
    update: Mapped[int] = mapped_column(Integer)
    maintenance: Mapped[int] = mapped_column(Integer)

    __table_args__ = ({"sqlite_with_rowid": False},)


class SiteDowntimeChange(Base):
    """``weight`` changes of robot ``device_id``'s downtime records (no foreign key: a robot's deletion removes its
    records, whose triggers write here while it goes)."""

    __tablename__ = "site_downtime_changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(Integer)
    weight: Mapped[int] = mapped_column(Integer, default=1)

    __table_args__ = (Index("ix_site_downtime_changes_device", "device_id", "weight"),)


class SiteFigureChange(Base):
    """``weight`` changes of site ``site_id``'s own records that its figures read (no foreign key: a site's deletion
    removes its records, whose triggers write here while it goes)."""

    __tablename__ = "site_figure_changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    site_id: Mapped[int] = mapped_column(Integer)
    weight: Mapped[int] = mapped_column(Integer, default=1)

    __table_args__ = (Index("ix_site_figure_changes_site", "site_id", "weight"),)
