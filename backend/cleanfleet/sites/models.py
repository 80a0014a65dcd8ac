"""Sites (issue 33): where the robots clean, the plans of what must be cleaned there, and what was.

A site (``sites``) belongs to its customer, a user of the tree (``user_id``); a caller sees the sites whose
customer lies in its subtree (a join on ``users.path``, as elevators do), so a customer moved in the tree takes
its sites along. A site holds buildings (``site_buildings``), a building holds floors (``site_floors``; the
floor row carries its site too, so a site's floors are one indexed read). A floor is tied to the maps it is
cleaned on (``site_floor_maps``: a robot and one of its map names; a robot's map lies on one floor only) and to
the elevators that serve it (``site_floor_elevators``).

Robots are assigned to a site over time (``site_robots``): one row per stay, ``ended_at`` null while it lasts;
a robot stays at one site at a time (a partial unique index on the open rows). Moving a robot ends its stay
at the old site and opens one at the new, so a run counts for the site the robot was at when the run started.

A plan item (``site_plan_items``) is what must be cleaned: a floor (and optionally an area's name and the
robot task to run), on which ISO weekdays (a bit mask, Monday = bit 0), within which window of the site's
local day (minutes after midnight, end after start, never past midnight), how many runs a day, and the
targets (minimum cleaned m², minimum coverage %). It applies from ``valid_from`` to ``valid_until`` (site
days, inclusive). ``site_plan_alerts`` records the windows the plan watch judged when they closed (the worst
state of their runs): one row per plan item and day, so a missed or short window is told once however many
workers scan.

``site_plan_by_hand`` marks a plan item's window of a site day as cleaned by hand (issue 53 item 5: a person did what
the robots did not): who, when, a note; one per window. Plan against actual reads such a window's planned runs that
no robot run completed as done, by hand (``sites/plans/byhand.py``).

``site_coverage_days`` is where the robots cleaned (``sites/coverage/store.py``): per robot, map and day, how many times
each coverage cell was cleaned (one byte a cell, saturating at 255, zlib-compressed) and the cells the runs' plans
targeted (a bitset, zlib-compressed), on the grid written beside them. The day is the run's start day on the clock
of the site the robot was at (its stay), UTC when it was at none. Robots' data: the operation log ignores it.

``site_report_schedules`` (one per site) says whether the site's weekly or monthly report is mailed and to whom
(``recipients``: a list of ``{"email", "language"}``); ``site_report_sends`` is the report mailer's claim of one
site's period (unique per site, period and first day), inserted before the mails go, so a period goes once however
many workers scan (``sites/reports/mail.py``).
"""

from datetime import date, datetime

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    SmallInteger,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow


class Site(Base):
    __tablename__ = "sites"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)  # the customer
    name: Mapped[str] = mapped_column(String(64))
    address: Mapped[str] = mapped_column(String(255), default="")
    time_zone: Mapped[str] = mapped_column(String(64))  # IANA name: plan windows and days are read in it
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (UniqueConstraint("user_id", "name", name="uq_sites_user_id_name"),)


class SiteBuilding(Base):
    __tablename__ = "site_buildings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    site_id: Mapped[int] = mapped_column(ForeignKey("sites.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (UniqueConstraint("site_id", "name", name="uq_site_buildings_site_id_name"),)


class SiteFloor(Base):
    __tablename__ = "site_floors"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    building_id: Mapped[int] = mapped_column(ForeignKey("site_buildings.id", ondelete="CASCADE"))
    site_id: Mapped[int] = mapped_column(ForeignKey("sites.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    level: Mapped[int] = mapped_column(SmallInteger, default=1)  # the floor's number (below 1: basements)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (UniqueConstraint("building_id", "name", name="uq_site_floors_building_id_name"),)


class SiteFloorMap(Base):
    """Robot ``device_id`` cleans floor ``floor_id`` on its map ``map_name``."""

    __tablename__ = "site_floor_maps"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    floor_id: Mapped[int] = mapped_column(ForeignKey("site_floors.id", ondelete="CASCADE"), index=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"))
    map_name: Mapped[str] = mapped_column(String(128))

    __table_args__ = (UniqueConstraint("device_id", "map_name", name="uq_site_floor_maps_device_id_map_name"),)


class SiteFloorElevator(Base):
    __tablename__ = "site_floor_elevators"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    floor_id: Mapped[int] = mapped_column(ForeignKey("site_floors.id", ondelete="CASCADE"))
    elevator_id: Mapped[int] = mapped_column(ForeignKey("elevators.id", ondelete="CASCADE"), index=True)

    __table_args__ = (UniqueConstraint("floor_id", "elevator_id", name="uq_site_floor_elevators_floor_id_elevator_id"),)


class SiteRobot(Base):
    """Robot ``device_id`` was at site ``site_id`` from ``started_at`` until ``ended_at`` (null: still is)."""

    __tablename__ = "site_robots"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    site_id: Mapped[int] = mapped_column(ForeignKey("sites.id", ondelete="CASCADE"))
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"))
    started_at: Mapped[datetime] = mapped_column(UtcDateTime())
    ended_at: Mapped[datetime | None] = mapped_column(UtcDateTime())

    __table_args__ = (
        Index("ix_site_robots_site_started", "site_id", "started_at"),
        Index("ix_site_robots_device_started", "device_id", "started_at"),
        # a robot is at one site at a time
        Index("uq_site_robots_open_device", "device_id", unique=True,
              sqlite_where=text("ended_at IS NULL"), postgresql_where=text("ended_at IS NULL")),
    )


class SitePlanItem(Base):
    __tablename__ = "site_plan_items"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    site_id: Mapped[int] = mapped_column(ForeignKey("sites.id", ondelete="CASCADE"), index=True)
    floor_id: Mapped[int] = mapped_column(ForeignKey("site_floors.id", ondelete="CASCADE"), index=True)
    area_name: Mapped[str] = mapped_column(String(64), default="")  # a label: "Lobby"
    task_name: Mapped[str] = mapped_column(String(128), default="")  # "" any task on the floor's maps
    weekdays: Mapped[int] = mapped_column(SmallInteger)  # bit d - 1 for ISO weekday d (Monday = 1)
    window_start: Mapped[int] = mapped_column(SmallInteger)  # minutes after the site's local midnight
    window_end: Mapped[int] = mapped_column(SmallInteger)  # after window_start, at most 1440
    runs_per_day: Mapped[int] = mapped_column(SmallInteger, default=1)
    min_area: Mapped[float | None] = mapped_column(Float)  # m²
    min_coverage: Mapped[float | None] = mapped_column(Float)  # percent
    valid_from: Mapped[date] = mapped_column(Date)
    valid_until: Mapped[date | None] = mapped_column(Date)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class SitePlanAlert(Base):
    """Plan item ``plan_item_id``'s window of ``day`` (the site's day) was judged ``state`` when it closed (told to
    the customer when missed or short)."""

    __tablename__ = "site_plan_alerts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    plan_item_id: Mapped[int] = mapped_column(ForeignKey("site_plan_items.id", ondelete="CASCADE"))
    day: Mapped[date] = mapped_column(Date)
    state: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (UniqueConstraint("plan_item_id", "day", name="uq_site_plan_alerts_plan_item_id_day"),)


class SitePlanByHand(Base):
    """Plan item ``plan_item_id``'s window of ``day`` (the site's day) was cleaned by hand: by ``user_id`` (null once
    that account is deleted) at ``marked_at``, with a ``note``."""

    __tablename__ = "site_plan_by_hand"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    site_id: Mapped[int] = mapped_column(ForeignKey("sites.id", ondelete="CASCADE"))
    plan_item_id: Mapped[int] = mapped_column(ForeignKey("site_plan_items.id", ondelete="CASCADE"))
    day: Mapped[date] = mapped_column(Date)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    marked_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    note: Mapped[str] = mapped_column(String(500), default="")

    __table_args__ = (UniqueConstraint("plan_item_id", "day", name="uq_site_plan_by_hand_plan_item_id_day"),
                      Index("ix_site_plan_by_hand_site_day", "site_id", "day"))


class SiteCoverageDay(Base):
    """Robot ``device_id``'s runs on its map ``map_name`` that started on ``day`` while it was at site ``site_id``
    (0: at none): ``counts`` (zlib of one byte per
    cell, row-major from the south row: times cleaned, at most 255) and ``targeted`` (zlib of a bitset: cells the
    runs' plans targeted) on the grid of ``cell`` metres from (``origin_x``, ``origin_y``), ``width`` × ``height``
    cells (``core.coverage.Grid``)."""

    __tablename__ = "site_coverage_days"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    map_name: Mapped[str] = mapped_column(String(128), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    # the site the robot was at when the runs started (its stay; 0: at none): a floor's heat map reads its site's
    # rows only (issue 48 item 4); no foreign key: a deleted site's rows stay the robot's map's history
    site_id: Mapped[int] = mapped_column(Integer, primary_key=True, default=0, server_default="0")
    cell: Mapped[float] = mapped_column(Float, default=0.0)  # metres a side
    origin_x: Mapped[float] = mapped_column(Float, default=0.0)
    origin_y: Mapped[float] = mapped_column(Float, default=0.0)
    width: Mapped[int] = mapped_column(Integer, default=0)  # cells; 0 until the first run is added
    height: Mapped[int] = mapped_column(Integer, default=0)
    runs: Mapped[int] = mapped_column(Integer, default=0)
    counts: Mapped[bytes] = mapped_column(LargeBinary, default=b"")
    targeted: Mapped[bytes] = mapped_column(LargeBinary, default=b"")
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class SiteReportSchedule(Base):
    """Site ``site_id``'s report is mailed (``enabled``) every ``period`` ("week" or "month") to ``recipients``
    (a list of ``{"email": str, "language": str}``); ``since``: when it was last switched on or its period changed
    (a period that ended before is not mailed)."""

    __tablename__ = "site_report_schedules"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    site_id: Mapped[int] = mapped_column(ForeignKey("sites.id", ondelete="CASCADE"), unique=True)
    enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    period: Mapped[str] = mapped_column(String(8), default="week")
    recipients: Mapped[list[dict[str, str]]] = mapped_column(JSON, default=list)
    since: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class SiteReportSend(Base):
    """Site ``site_id``'s report of the ``period`` starting ``start`` (a site day) was claimed for mailing."""

    __tablename__ = "site_report_sends"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    site_id: Mapped[int] = mapped_column(ForeignKey("sites.id", ondelete="CASCADE"))
    period: Mapped[str] = mapped_column(String(8))
    start: Mapped[date] = mapped_column(Date)
    recipients: Mapped[int] = mapped_column(Integer, default=0)  # mails that went
    sent_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (UniqueConstraint("site_id", "period", "start", name="uq_site_report_sends_site_id_period_start"),)


class SiteActualDay(Base):
    """Plan against actual of site ``site_id``'s ``day``: its planned runs by state, as ``sites/plans/actual_days.py``
    computed them from inputs whose fingerprint is ``stamp``, true until ``expires_at`` (when a pending one turns
    missed). A change of the runs of that day (reports stored, edited, deleted, purged) raises ``version`` and
    empties ``stamp``; a computation writes its counts only over the version it read before reading the runs, so
    one that read them before the change never covers it. Bookkeeping (a cache of what is always recomputable)."""

    __tablename__ = "site_actual_days"

    site_id: Mapped[int] = mapped_column(ForeignKey("sites.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    stamp: Mapped[str] = mapped_column(String(32), default="")  # "" until computed, and after a change of runs
    planned: Mapped[int] = mapped_column(Integer, default=0)
    done: Mapped[int] = mapped_column(Integer, default=0)
    late: Mapped[int] = mapped_column(Integer, default=0)
    short: Mapped[int] = mapped_column(Integer, default=0)
    missed: Mapped[int] = mapped_column(Integer, default=0)
    failed: Mapped[int] = mapped_column(Integer, default=0)
    pending: Mapped[int] = mapped_column(Integer, default=0)
    # the end of the first window still pending (then a planned run without a run turns missed); null: none
    expires_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    computed_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
