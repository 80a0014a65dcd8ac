"""Leases of devices to customers: active until ended."""

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, SmallInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

ACTIVE = 0
ENDED = 1


class Hire(Base):
    __tablename__ = "hires"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), index=True)
    lessee_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    customer_name: Mapped[str] = mapped_column(String(64))
    contact: Mapped[str] = mapped_column(String(64), default="")
    phone: Mapped[str] = mapped_column(String(20), default="")
    start_at: Mapped[datetime] = mapped_column(UtcDateTime())
    end_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    remark: Mapped[str] = mapped_column(String(255), default="")
    state: Mapped[int] = mapped_column(SmallInteger, default=ACTIVE)
    stopped_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    stopped_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, index=True)
