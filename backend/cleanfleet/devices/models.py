"""Devices, their live state, daily online history and password access records (types, groups and auth codes
live in the sub-packages ``types``, ``groups`` and ``registration``).

A device's owner is a user (``user_id``); ``owner_path`` is a copy of the owner's tree path so that
"devices under me" is one indexed range scan on the devices table alone (the hot device list).
It is kept right by the owner-changing calls of this package and by ``owner_paths_moved`` /
``resync_owner_paths`` when users move or are deleted.

How many devices each subtree holds (``DeviceSubtreeCount``) and the substring index on ``search_text`` (SQLite:
the FTS5 trigram table ``devices_fts``; PostgreSQL: pg_trgm's GIN ``ix_devices_search_trgm``, and the narrow mirror
``device_search`` with a GIN of its own) are kept by database triggers (migrations 0037 and 0038), so every write
to ``devices`` keeps them right, bulk statements included.

The live state a gateway writes in batches (online, battery, pose, task, progress, heartbeat) lives in
``device_states``, one narrow row per device, so those frequent writes never touch the devices row
and its indexes.
"""

from datetime import date, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    SmallInteger,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, TreePath, UtcDateTime, utcnow

PROTOCOL_V3 = 3  # robots at protocol 3 and above use the api1/ relay paths


class Device(Base):
    __tablename__ = "devices"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    serial_number: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(64))
    type_id: Mapped[int] = mapped_column(ForeignKey("device_types.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    owner_path: Mapped[str] = mapped_column(TreePath())
    # lower-cased "name serial": the list's filters read only the (owner_path, type_id, search_text) index
    search_text: Mapped[str] = mapped_column(String(160))
    url: Mapped[str] = mapped_column(String(512), default="")
    address: Mapped[str] = mapped_column(String(255), default="")
    address1: Mapped[str] = mapped_column(String(255), default="")
    city: Mapped[str] = mapped_column(String(64), default="")
    province: Mapped[str] = mapped_column(String(64), default="")
    country: Mapped[str] = mapped_column(String(64), default="")
    country_code: Mapped[str] = mapped_column(String(2), default="")
    area: Mapped[str] = mapped_column(String(64), default="")
    customer_name: Mapped[str] = mapped_column(String(64), default="")
    customer_address: Mapped[str] = mapped_column(String(255), default="")
    latitude: Mapped[float | None] = mapped_column(Float)
    longitude: Mapped[float | None] = mapped_column(Float)
    sim_no: Mapped[str] = mapped_column(String(32), default="")
    sim_support: Mapped[int | None] = mapped_column(SmallInteger)
    rack_number: Mapped[str] = mapped_column(String(32), default="")
    frp_host: Mapped[str] = mapped_column(String(255), default="")
    frp_port: Mapped[int | None] = mapped_column(Integer)
    ssh_port: Mapped[int | None] = mapped_column(Integer)
    web_port: Mapped[int | None] = mapped_column(Integer)
    firmware_version: Mapped[str] = mapped_column(String(64), default="")
    soft_version: Mapped[str] = mapped_column(String(64), default="")
    pad_version: Mapped[str] = mapped_column(String(64), default="")
    hard_disk_info: Mapped[str] = mapped_column(String(255), default="")
    protocol_version: Mapped[int] = mapped_column(SmallInteger, default=PROTOCOL_V3)
    # sha256 of the secret a robot presents to the MQTT broker; the secret itself is shown once
    secret_hash: Mapped[str] = mapped_column(String(64))
    maintenance_password: Mapped[str] = mapped_column(String(64), default="")
    elevator_id: Mapped[int | None] = mapped_column(Integer, index=True)
    boot_time: Mapped[datetime | None] = mapped_column(UtcDateTime())
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, onupdate=utcnow)

    __table_args__ = (
        # the id too on PostgreSQL (SQLite's rowid is in every index): a subtree's text search reads this index alone
        # instead of ANDing the fleet's trigram matches with the subtree and visiting the table (issue 52 item 4)
        Index("ix_devices_owner_scope", "owner_path", "type_id", "search_text", postgresql_include=["id"]),
        # one device per port on a transfer node (the relay finds a device by its port)
        UniqueConstraint("frp_port", "frp_host"),
    )


class DeviceSubtreeCount(Base):
    """Devices in the subtree of user ``user_id`` (0: the whole fleet): an unfiltered list's total is one row.
    Written only by the triggers on ``devices`` (migration 0037)."""

    __tablename__ = "device_subtree_counts"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    devices: Mapped[int] = mapped_column(Integer)


# kept by the migration's own DDL, not by the models: the schema comparison leaves them out
SEARCH_INDEX_TABLE, SEARCH_INDEX_PG, COUNT_CHANGES = "devices_fts", "ix_devices_search_trgm", "device_count_changes"
# PostgreSQL only (migration 0038): (id, search_text) of every device, with its own pg_trgm GIN, kept by triggers
SEARCH_MIRROR, SEARCH_MIRROR_INDEX = "device_search", "ix_device_search_trgm"
# one row (migrations 0064, PostgreSQL, and 0066, SQLite), raised by every change of the devices' text index (the
# whole fleet's kept counts of each pattern)
SEARCH_VERSION = "device_search_version"


class DeviceState(Base):
    """What the robot last reported; written by the gateway in batches, one row per device."""

    __tablename__ = "device_states"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    online: Mapped[bool] = mapped_column(Boolean, default=False)
    battery: Mapped[int | None] = mapped_column(SmallInteger)
    charging: Mapped[bool] = mapped_column(Boolean, default=False)
    mode: Mapped[str] = mapped_column(String(16), default="")
    map_name: Mapped[str] = mapped_column(String(128), default="")
    task_name: Mapped[str] = mapped_column(String(128), default="")
    # the heartbeat's ``state``: idle, working, elevator... (versions/waits.py: no update during an elevator ride)
    activity: Mapped[str] = mapped_column(String(16), default="", server_default="")
    progress: Mapped[float | None] = mapped_column(Float)
    pose_x: Mapped[float | None] = mapped_column(Float)
    pose_y: Mapped[float | None] = mapped_column(Float)
    pose_yaw: Mapped[float | None] = mapped_column(Float)
    heartbeat_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    work_seconds: Mapped[int] = mapped_column(BigInteger, default=0)
    work_area: Mapped[float] = mapped_column(Float, default=0.0)
    task_count: Mapped[int] = mapped_column(Integer, default=0)
    work_since: Mapped[datetime | None] = mapped_column(UtcDateTime())
    # how the robot last signed in to the broker: "password", "certificate" ("": not yet known; passwordrobots/)
    broker_auth: Mapped[str] = mapped_column(String(16), default="", server_default="")


class DeviceOnlineDay(Base):
    """A device was online on this UTC day (heard from at least once): the online summary's daily history.

    The gateway writes one row per device and day the first time it hears from the device that day
    (an idempotent insert, so several gateways may race), and keeps which devices it has marked in memory.
    ``first_quarter`` and ``last_quarter`` are the first and last quarter hour of the day it was heard in (moved
    on once per quarter), so a reader in another time zone counts the robot on the right day (core/ranges.py);
    rows from before they were kept span the whole day (0-95).
    """

    __tablename__ = "device_online_days"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    first_seen: Mapped[datetime] = mapped_column(UtcDateTime())
    first_quarter: Mapped[int] = mapped_column(SmallInteger, server_default="0")
    last_quarter: Mapped[int] = mapped_column(SmallInteger, server_default="95")

    __table_args__ = (Index("ix_device_online_days_day", "day", "device_id"),)


class DeviceOnlineMonth(Base):
    """How many days of one calendar month (``month`` is its first day) a device was online: the count of its
    ``device_online_days`` rows of that month, kept with them (``devices.presence``), so a year's online rate
    reads 12 rows per device instead of 365."""

    __tablename__ = "device_online_months"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    month: Mapped[date] = mapped_column(Date, primary_key=True)
    days: Mapped[int] = mapped_column(Integer, default=0)

    __table_args__ = (Index("ix_device_online_months_month", "month", "device_id"),)


class PasswordView(Base):
    """Who looked at a device's maintenance password, and when."""

    __tablename__ = "device_password_views"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), index=True)
    viewer_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    viewer_account: Mapped[str] = mapped_column(String(64))
    viewed_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, index=True)
