"""The wear forecast's tables.

``wear_forecasts``: one row per robot and part (a consumable by its kind, a maintenance reminder by its id), the
forecast the leader scan (``wear.scan``) last computed, which the fleet list reads and sorts by date.
``wear_settings``: a branch's lead time (days before a forecast date the owner is told), one row per user who set
it. ``wear_notices``: one row per part and life told (the dedupe of the notices: inserted before telling).
"""

from datetime import date, datetime

from sqlalchemy import Date, Float, ForeignKey, Index, Integer, SmallInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, TreePath, UtcDateTime, utcnow

PART_CONSUMABLE = "consumable"
PART_MAINTENANCE = "maintenance"
# states of a forecast: a date with its range; worn out or overdue; fewer than MIN_DAYS days of history; no use
STATE_DATED, STATE_DUE_NOW, STATE_NO_HISTORY, STATE_IDLE = "dated", "due_now", "no_history", "idle"
DEFAULT_LEAD_DAYS = 7
NO_DATE = date(9999, 12, 31)  # sort_on of a forecast without a date: after every dated one


class WearForecast(Base):
    __tablename__ = "wear_forecasts"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    part: Mapped[str] = mapped_column(String(40), primary_key=True)  # "c:<kind>" or "m:<reminder id>"
    # the robot's owner path and site, copied so the list reads this table alone: the owner's in the owner change's
    # transaction (``service.owners_changed``), both again at every scan
    owner_path: Mapped[str] = mapped_column(TreePath())
    site_id: Mapped[int | None] = mapped_column(Integer)
    part_type: Mapped[str] = mapped_column(String(12))  # consumable | maintenance
    kind: Mapped[str] = mapped_column(String(24))  # the consumable's kind; "maintenance" for a reminder
    name: Mapped[str] = mapped_column(String(64))
    life: Mapped[str] = mapped_column(String(40))  # the life told of: replaced_at / maintained_at (ISO)
    state: Mapped[str] = mapped_column(String(12))
    due_on: Mapped[date | None] = mapped_column(Date)  # the forecast date (UTC day); null: no date
    sort_on: Mapped[date] = mapped_column(Date)  # due_on, or NO_DATE: the list's order, read from its index
    earliest: Mapped[date | None] = mapped_column(Date)
    latest: Mapped[date | None] = mapped_column(Date)  # null with a date: no upper bound (the rate may be ~0)
    sureness: Mapped[str] = mapped_column(String(8))  # high | medium | low | none
    rate: Mapped[float] = mapped_column(Float, default=0.0)  # run hours per day
    history_days: Mapped[int] = mapped_column(SmallInteger, default=0)
    remaining: Mapped[float] = mapped_column(Float, default=0.0)  # hours left (run hours, or wall-clock hours)

    __table_args__ = (Index("ix_wear_forecasts_sort", "sort_on", "device_id", "part", "owner_path"),
                      Index("ix_wear_forecasts_owner", "owner_path", "sort_on", "site_id", "kind", "name"))


class WearVersion(Base):
    """One row: a number every change of ``wear_forecasts`` raises (a scan that wrote rows, an owner change), so a
    worker's cached counts of the list (``service``) are reused only while they are still the table's."""

    __tablename__ = "wear_versions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer, default=0)


class WearSetting(Base):
    __tablename__ = "wear_settings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    lead_days: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class WearNotice(Base):
    __tablename__ = "wear_notices"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    part: Mapped[str] = mapped_column(String(40), primary_key=True)
    life: Mapped[str] = mapped_column(String(40), primary_key=True)
    due_on: Mapped[date | None] = mapped_column(Date)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
