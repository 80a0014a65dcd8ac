"""Device groups and their members."""

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, SmallInteger, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

GROUP_KINDS = {0: "ordinary", 1: "same project", 2: "same map", 3: "same building"}


class DeviceGroup(Base):
    __tablename__ = "device_groups"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    kind: Mapped[int] = mapped_column(SmallInteger, default=0)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (UniqueConstraint("user_id", "name"),)


class DeviceGroupMember(Base):
    __tablename__ = "device_group_members"

    group_id: Mapped[int] = mapped_column(ForeignKey("device_groups.id", ondelete="CASCADE"), primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True,
                                           index=True)
