"""Production batches: a device model, a rack number range (SC0001-SC0030) and the parts fitted."""

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, SmallInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow


class ProductionBatch(Base):
    __tablename__ = "production_batches"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    type_id: Mapped[int] = mapped_column(ForeignKey("device_types.id"), index=True)
    rack_prefix: Mapped[str] = mapped_column(String(16))
    rack_first: Mapped[int] = mapped_column(Integer)
    rack_last: Mapped[int] = mapped_column(Integer)
    rack_width: Mapped[int] = mapped_column(SmallInteger)
    remark: Mapped[str] = mapped_column(String(255), default="")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, onupdate=utcnow)


class BatchPart(Base):
    __tablename__ = "batch_parts"

    batch_id: Mapped[int] = mapped_column(ForeignKey("production_batches.id", ondelete="CASCADE"), primary_key=True)
    support_id: Mapped[int] = mapped_column(ForeignKey("hard_supports.id"), primary_key=True, index=True)
