"""Whole-machine versions (page version/index/whole_version) with their white and black lists of robots, the
cloud's own release records (version/index/cloud_version) and the configuration parameters (version/configure).

A whole-machine version is a catalogue record of the manufacturer, like a firmware: one list for every holder of
the page key. Its white and black lists are per robot and so scoped: a caller sees and changes only the entries
of robots in its own subtree. Cloud versions and configuration parameters are system-wide records.
"""

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, TreePath, UtcDateTime, utcnow

WHITE, BLACK = "white", "black"


class WholeVersion(Base):
    """A whole-machine version: the app, firmware and software versions a robot runs together."""

    __tablename__ = "whole_versions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    version_number: Mapped[str] = mapped_column(String(64))
    app_version: Mapped[str] = mapped_column(String(64), default="")
    firmware_version: Mapped[str] = mapped_column(String(64))
    # the firmware record chosen (its package goes to the robots in range when published); None: a version typed
    firmware_id: Mapped[int | None] = mapped_column(ForeignKey("version_firmwares.id", ondelete="SET NULL"))
    soft_version: Mapped[str] = mapped_column(String(64))
    description: Mapped[str] = mapped_column(String(1024), default="")
    published: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    publish_time: Mapped[datetime | None] = mapped_column(UtcDateTime())
    # the firmware publication its last publish made (cancelled with the publish)
    public_id: Mapped[int | None] = mapped_column(ForeignKey("version_publics.id", ondelete="SET NULL"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    owner_path: Mapped[str] = mapped_column(TreePath())  # the creator's
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class WholeVersionDevice(Base):
    """One robot on a whole-machine version's white or black list."""

    __tablename__ = "whole_version_devices"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    whole_version_id: Mapped[int] = mapped_column(ForeignKey("whole_versions.id", ondelete="CASCADE"))
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(8))  # white | black
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (Index("ix_whole_version_devices_version_kind_device", "whole_version_id", "kind", "device_id",
                            unique=True),)


class CloudVersion(Base):
    """A release of this cloud (the console and server), as its operators record it."""

    __tablename__ = "cloud_versions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    version_number: Mapped[str] = mapped_column(String(64))
    notes: Mapped[str] = mapped_column(Text, default="")
    release_time: Mapped[datetime] = mapped_column(UtcDateTime(), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class ConfigParameter(Base):
    """A configuration parameter (key, value) of the fleet."""

    __tablename__ = "config_parameters"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(64), unique=True)
    value: Mapped[str] = mapped_column(String(1024), default="")
    remark: Mapped[str] = mapped_column(String(255), default="")
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
