"""One health row per robot (``robot_health``), written by the leader's scan (health/scan.py) and read by the calls.

The row holds what the calls show, so the fleet view reads one table joined to ``devices`` for the caller's scope:
the grade, a severity to sort the worst first (drifts x 10 + watches), the peer group it was measured against and
the indicators and reasons as JSON (language-neutral: the console words them).
"""

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Date, ForeignKey, Index, Integer, SmallInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime


class RobotHealth(Base):
    __tablename__ = "robot_health"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    grade: Mapped[str] = mapped_column(String(1))  # A (nothing) .. D (two or more drifts)
    severity: Mapped[int] = mapped_column(Integer, default=0)  # drifts x 10 + watches: the worst first
    drifts: Mapped[int] = mapped_column(SmallInteger, default=0)
    watches: Mapped[int] = mapped_column(SmallInteger, default=0)
    peer_basis: Mapped[str] = mapped_column(String(8))  # "map" (type and map size), "type", "none" (too few)
    peers: Mapped[int] = mapped_column(Integer, default=0)  # robots of the group, the robot itself aside
    area_bucket: Mapped[str] = mapped_column(String(8))  # "small" < 500 m², "medium" 500-2000, "large" > 2000
    indicators: Mapped[list[Any]] = mapped_column(JSON)
    reasons: Mapped[list[Any]] = mapped_column(JSON)
    window_start: Mapped[date] = mapped_column(Date)  # the 30 UTC days measured, first and last
    window_end: Mapped[date] = mapped_column(Date)
    computed_at: Mapped[datetime] = mapped_column(UtcDateTime())

    __table_args__ = (Index("ix_robot_health_severity", "severity", "device_id"),
                      Index("ix_robot_health_grade", "grade", "severity", "device_id"))
