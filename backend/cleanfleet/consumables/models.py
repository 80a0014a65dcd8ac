"""Consumables of a device (dust bag, brushes, filter ...) and its maintenance reminders."""

from datetime import datetime

from sqlalchemy import Float, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

CONSUMABLE_KINDS = {
    "dust_bag": "Dust bag",
    "edge_brush": "Edge brush",
    "filter": "Filter",
    "roller_brush": "Roller brush",
    "thin_edge_brush": "Thin edge brush",
    "thin_roller_brush": "Thin roller brush",
    "wheel_rubber": "Wheel rubber",
}


class Consumable(Base):
    """Falls due when ``used_hours`` reaches ``life_hours``; replacing it starts a new life."""

    __tablename__ = "consumables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(24))
    name: Mapped[str] = mapped_column(String(64))
    replaced_at: Mapped[datetime] = mapped_column(UtcDateTime())
    used_hours: Mapped[float] = mapped_column(Float, default=0.0)
    life_hours: Mapped[float] = mapped_column(Float)

    __table_args__ = (UniqueConstraint("device_id", "kind"),)


class MaintenanceReminder(Base):
    """Falls due every ``period_hours`` after ``maintained_at``."""

    __tablename__ = "maintenance_reminders"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    maintained_at: Mapped[datetime] = mapped_column(UtcDateTime())
    period_hours: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
