"""Hardware parts (supports) in categories, the parts fitted to each device and their change history."""

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow


class HardCategory(Base):
    __tablename__ = "hard_categories"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class HardSupport(Base):
    """A part that can be fitted: a name and version within a category."""

    __tablename__ = "hard_supports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    cate_id: Mapped[int] = mapped_column(ForeignKey("hard_categories.id"), index=True)
    version: Mapped[str] = mapped_column(String(64), default="")
    text: Mapped[str] = mapped_column(String(255), default="")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (UniqueConstraint("cate_id", "name", "version"),)


class DeviceHard(Base):
    """The part a device has in one category (at most one per category)."""

    __tablename__ = "device_hards"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"))
    cate_id: Mapped[int] = mapped_column(ForeignKey("hard_categories.id"), index=True)
    support_id: Mapped[int] = mapped_column(ForeignKey("hard_supports.id"), index=True)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (UniqueConstraint("device_id", "cate_id"),)


class DeviceHardChange(Base):
    """One change of a device's part; names are copied so the history outlives catalogue edits."""

    __tablename__ = "device_hard_changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), index=True)
    cate_name: Mapped[str] = mapped_column(String(64))
    old_part: Mapped[str] = mapped_column(String(160), default="")
    new_part: Mapped[str] = mapped_column(String(160), default="")
    source: Mapped[str] = mapped_column(String(16))  # "manual" or "batch"
    batch_id: Mapped[int | None] = mapped_column(Integer)
    changed_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    changed_by_account: Mapped[str] = mapped_column(String(64), default="")
    changed_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
