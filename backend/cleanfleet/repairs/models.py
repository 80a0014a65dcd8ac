"""Repair records: pending → processing → handled, in that order only."""

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, SmallInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

PENDING = 0
PROCESSING = 1
HANDLED = 2
STATES = {PENDING: "pending", PROCESSING: "processing", HANDLED: "handled"}


class Repair(Base):
    __tablename__ = "repairs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), index=True)
    type: Mapped[str] = mapped_column(String(64))
    detail: Mapped[str] = mapped_column(String(1024), default="")
    repair_at: Mapped[datetime] = mapped_column(UtcDateTime(), index=True)
    operator: Mapped[str] = mapped_column(String(64), default="")
    processor: Mapped[str] = mapped_column(String(64), default="")
    process_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    plan: Mapped[str] = mapped_column(String(1024), default="")
    state: Mapped[int] = mapped_column(SmallInteger, default=PENDING)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, onupdate=utcnow)
