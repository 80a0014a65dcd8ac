"""Elevators (product-spec 3, "Elevator") and the elevator-linked schedules that use them.

An elevator belongs to a user (``user_id``) like a device does; a caller sees the elevators whose owner
lies in its subtree (a join on ``users.path``: the lists are short). Robots are bound to an elevator by
``devices.elevator_id``. An elevator-linked scheduled task lives on its robot; the server records which
elevator each one rides (``elevator_schedule_uses``, written by the tasks calls), so an elevator in use
cannot be deleted and the refusal names the schedules.
"""

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, SmallInteger, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow


class Elevator(Base):
    __tablename__ = "elevators"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    code: Mapped[str] = mapped_column(String(64), default="")
    building_name: Mapped[str] = mapped_column(String(64), default="")
    building_address: Mapped[str] = mapped_column(String(255), default="")
    contact_name: Mapped[str] = mapped_column(String(64), default="")
    contact_phone: Mapped[str] = mapped_column(String(16), default="")
    group_id: Mapped[int | None] = mapped_column(Integer)
    size: Mapped[str] = mapped_column(String(32), default="")
    floor_min: Mapped[int] = mapped_column(SmallInteger, default=1)
    floor_max: Mapped[int] = mapped_column(SmallInteger, default=1)
    position: Mapped[str] = mapped_column(String(255), default="")
    provider: Mapped[str] = mapped_column(String(32), default="other")
    module_id: Mapped[str] = mapped_column(String(64), default="")
    robot_id: Mapped[str] = mapped_column(String(64), default="")
    server: Mapped[str] = mapped_column(String(255), default="")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (UniqueConstraint("user_id", "name", name="uq_elevators_user_id_name"),)


class ElevatorScheduleUse(Base):
    """An elevator-linked scheduled task (on robot ``device_id``, named ``schedule_name``) rides this elevator."""

    __tablename__ = "elevator_schedule_uses"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    elevator_id: Mapped[int] = mapped_column(ForeignKey("elevators.id"), index=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"))
    schedule_name: Mapped[str] = mapped_column(String(64))

    __table_args__ = (UniqueConstraint("device_id", "schedule_name", name="uq_elevator_schedule_uses_device_name"),)
