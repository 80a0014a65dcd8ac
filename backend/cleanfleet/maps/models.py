"""The server's record of each robot's maps, and the map sync jobs.

``robot_maps``: one row per map a robot has (keyed by device and name), written from the robot's own
``api2/map_list`` whenever the map list is asked for while the robot is online, so the list still answers
(from the last refresh) while the robot is offline. ``version`` is the robot's edit counter: the picture
of a map at one version never changes, which is what lets the console cache it. ``used_by`` is what works on
the map, as last read from the robot's task and schedule lists (``{"tasks", "schedules", "elevatorSchedules"}``:
names), null until first read.

``map_syncs``: one row per target robot of a sync (a map sent from a source robot): the send side's
outcome (the source's map read and the command handed to the broker) and the receive side's (the target's
``map_sync`` events), each pending, running, success or failed, with the last message. A retry sends a
new command (new ``cmd_id``) on the same row.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, SmallInteger, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

PENDING = "pending"
RUNNING = "running"
SUCCESS = "success"
FAILED = "failed"
SYNC_STATES = (PENDING, RUNNING, SUCCESS, FAILED)


class RobotMap(Base):
    __tablename__ = "robot_maps"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(128))
    area: Mapped[float] = mapped_column(Float, default=0.0)  # m² of free floor
    width: Mapped[int] = mapped_column(Integer, default=0)  # pixels
    height: Mapped[int] = mapped_column(Integer, default=0)
    resolution: Mapped[float] = mapped_column(Float, default=0.05)  # m per pixel
    origin_x: Mapped[float] = mapped_column(Float, default=0.0)
    origin_y: Mapped[float] = mapped_column(Float, default=0.0)
    version: Mapped[int] = mapped_column(Integer, default=1)
    current: Mapped[bool] = mapped_column(default=False)
    floor: Mapped[int] = mapped_column(SmallInteger, default=1)
    building: Mapped[str] = mapped_column(String(128), default="")
    changed_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)  # when its version last moved
    refreshed_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    used_by: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # the robot's tasks and schedules on it

    __table_args__ = (UniqueConstraint("device_id", "name", name="uq_robot_maps_device_name"),)


class MapSync(Base):
    __tablename__ = "map_syncs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    source_device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"))
    target_device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"))
    map_name: Mapped[str] = mapped_column(String(128))
    cmd_id: Mapped[str] = mapped_column(String(64), unique=True)
    send_state: Mapped[str] = mapped_column(String(16), default=PENDING)
    receive_state: Mapped[str] = mapped_column(String(16), default=PENDING)
    progress: Mapped[int] = mapped_column(SmallInteger, default=0)
    message: Mapped[str] = mapped_column(String(255), default="")
    attempts: Mapped[int] = mapped_column(SmallInteger, default=1)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (Index("ix_map_syncs_source_created", "source_device_id", "created_at"),
                      Index("ix_map_syncs_target", "target_device_id"))
