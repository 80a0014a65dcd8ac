"""Firmware packages, publications (a white list of robots), staged rollouts and each robot's update record;
software versions (the robot's navigation software or its pad, with a device range and its history) and app
versions.

Versions are catalogue records of the manufacturer: one list for every holder of the page key (like device
types). What they reach is always scoped: a publication or a rollout names only devices in the caller's
subtree, and a caller sees the update records of its own devices only.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, SmallInteger, String, Text, false
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, TreePath, UtcDateTime, utcnow

# a robot's update, in order; the last three are final
QUEUED, SENT, DOWNLOADING, DOWNLOADED, VERIFIED, UPDATING = "QUEUED", "SENT", "DOWNLOADING", "DOWNLOADED", \
    "VERIFIED", "UPDATING"
UPDATED, FAILED, CANCELLED = "UPDATED", "FAILED", "CANCELLED"
STATES = (QUEUED, SENT, DOWNLOADING, DOWNLOADED, VERIFIED, UPDATING, UPDATED, FAILED, CANCELLED)
FINAL = (UPDATED, FAILED, CANCELLED)
OPEN = (QUEUED, SENT, DOWNLOADING, DOWNLOADED, VERIFIED, UPDATING)

# a rollout and its groups
RUNNING, PAUSED, FINISHED = "RUNNING", "PAUSED", "FINISHED"
WAITING, SUCCEEDED = "WAITING", "SUCCEEDED"


class Firmware(Base):
    """A firmware package (page version/fireware): the file is in the storage layer with its SHA-256."""

    __tablename__ = "version_firmwares"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    version: Mapped[str] = mapped_column(String(64))
    description: Mapped[str] = mapped_column(String(1024), default="")
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    # the device type ids it applies to; empty: every type
    device_types: Mapped[list[int]] = mapped_column(JSON, default=list)
    file_id: Mapped[str] = mapped_column(ForeignKey("stored_files.id"))
    file_name: Mapped[str] = mapped_column(String(128))
    size: Mapped[int] = mapped_column(Integer)
    sha256: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    # signed updates (issue 47, versions/signing.py): the package's path in the targets metadata the publisher
    # signed (None: unsigned), who signed it (the publisher's name and targets key ids) and when
    target_path: Mapped[str | None] = mapped_column(String(255))
    signed_by: Mapped[str] = mapped_column(String(128), default="", server_default="")
    signed_keys: Mapped[list[str] | None] = mapped_column(JSON)
    signed_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    # the switch for older robots (no trusted root): an unsigned package may be published
    allow_unsigned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class TufMetadata(Base):
    """One version of one role of the TUF repository (versions/signing.py), as signed: the publisher's roots and
    targets, the console's snapshots and timestamps."""

    __tablename__ = "version_tuf_metadata"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    role: Mapped[str] = mapped_column(String(16))
    version: Mapped[int] = mapped_column(Integer)
    body: Mapped[str] = mapped_column(Text)
    expires: Mapped[datetime] = mapped_column(UtcDateTime())
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (Index("ix_version_tuf_metadata_role_version", "role", "version", unique=True),)


class Publication(Base):
    """A firmware published to a white list of robots (``/version/insertVersionPublic``)."""

    __tablename__ = "version_publics"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    firmware_id: Mapped[int] = mapped_column(ForeignKey("version_firmwares.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    owner_path: Mapped[str] = mapped_column(TreePath())  # the publisher's: who sees it
    allow_downgrade: Mapped[bool] = mapped_column(Boolean, default=False)
    # its maintenance window (versions/windows.py), None: told at once when the robot is not busy
    window: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class Rollout(Base):
    """A staged rollout: the targets split into groups; group n+1 starts when group n reached the success
    threshold; past the error threshold the rollout pauses itself."""

    __tablename__ = "version_rollouts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    firmware_id: Mapped[int] = mapped_column(ForeignKey("version_firmwares.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    owner_path: Mapped[str] = mapped_column(TreePath())
    state: Mapped[str] = mapped_column(String(16), default=RUNNING)
    reason: Mapped[str] = mapped_column(String(255), default="")
    group_by: Mapped[str] = mapped_column(String(8))  # percent | count
    group_size: Mapped[int] = mapped_column(Integer)
    success_threshold: Mapped[int] = mapped_column(SmallInteger)  # percent of a group
    error_threshold: Mapped[int] = mapped_column(SmallInteger)  # percent of a group
    allow_downgrade: Mapped[bool] = mapped_column(Boolean, default=False)
    current_group: Mapped[int] = mapped_column(Integer, default=1)  # compare-and-set: one worker moves it on
    window: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # as a publication's
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class RolloutGroup(Base):
    __tablename__ = "version_rollout_groups"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    rollout_id: Mapped[int] = mapped_column(ForeignKey("version_rollouts.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    size: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(String(16), default=WAITING)
    started_at: Mapped[datetime | None] = mapped_column(UtcDateTime())

    __table_args__ = (Index("ix_version_rollout_groups_rollout_number", "rollout_id", "number", unique=True),)


class DeviceUpdate(Base):
    """One robot's update to one firmware: the version record of the robot (product-spec 3), its state and
    progress as the robot reports them. ``cmd_id`` is the command's id, ``token`` opens the package download."""

    __tablename__ = "version_device_updates"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), index=True)
    # the package: a firmware or (for a software version, versions/soft.py) ``soft_version_id``; one of them
    firmware_id: Mapped[int | None] = mapped_column(ForeignKey("version_firmwares.id"), index=True)
    soft_version_id: Mapped[int | None] = mapped_column(ForeignKey("version_softs.id", ondelete="CASCADE"),
                                                        index=True)
    public_id: Mapped[int | None] = mapped_column(ForeignKey("version_publics.id", ondelete="CASCADE"), index=True)
    rollout_id: Mapped[int | None] = mapped_column(ForeignKey("version_rollouts.id", ondelete="CASCADE"))
    group_number: Mapped[int | None] = mapped_column(Integer)
    cmd_id: Mapped[str] = mapped_column(String(64), unique=True)
    token: Mapped[str] = mapped_column(String(32), unique=True)
    state: Mapped[str] = mapped_column(String(16), default=QUEUED)
    progress: Mapped[int] = mapped_column(SmallInteger, default=0)
    reason: Mapped[str] = mapped_column(String(255), default="")
    from_version: Mapped[str] = mapped_column(String(64), default="")
    # the wait before it is told (versions/waits.py): told no earlier than ``not_before``; its spread offset drawn
    # once; why it waits now; since when (its publication or its group's start: the maximum defer counts from it;
    # None: not gated, told as soon as written, as software versions are)
    not_before: Mapped[datetime | None] = mapped_column(UtcDateTime())
    wait_since: Mapped[datetime | None] = mapped_column(UtcDateTime())
    spread_seconds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    wait_reason: Mapped[str] = mapped_column(String(32), default="", server_default="")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (Index("ix_version_device_updates_rollout_group_state", "rollout_id", "group_number", "state"),
                      Index("ix_version_device_updates_state_not_before", "state", "not_before"))


# software version types: the type id, its name, and the device's column that says what the robot runs
SOFT_TYPES: dict[int, str] = {1: "soft", 2: "pad"}
SCOPE_ALL, SCOPE_WHITE = "all", "white"


class SoftVersion(Base):
    """A software version (page version/soft) of one type (the robot's navigation software or its pad), with its
    package in the storage layer and its device range: every robot of the range owner's subtree (``all``) or a
    white list, less a black list, plus internal test devices (which get it before it is published)."""

    __tablename__ = "version_softs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    type_id: Mapped[int] = mapped_column(SmallInteger, index=True)
    type_name: Mapped[str] = mapped_column(String(16))
    version: Mapped[str] = mapped_column(String(64))
    description: Mapped[str] = mapped_column(String(1024), default="")
    allow_downgrade: Mapped[bool] = mapped_column(Boolean, default=False)
    file_id: Mapped[str] = mapped_column(ForeignKey("stored_files.id"))
    file_name: Mapped[str] = mapped_column(String(128))
    size: Mapped[int] = mapped_column(Integer)
    sha256: Mapped[str] = mapped_column(String(64))
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    published_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    # the current device range (device ids); owner: whose subtree ``all`` means and who may change it
    range_scope: Mapped[str] = mapped_column(String(8), default=SCOPE_WHITE)
    white_list: Mapped[list[int]] = mapped_column(JSON, default=list)
    black_list: Mapped[list[int]] = mapped_column(JSON, default=list)
    test_devices: Mapped[list[int]] = mapped_column(JSON, default=list)
    range_owner_path: Mapped[str | None] = mapped_column(TreePath())
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class SoftRange(Base):
    """One device range a software version was given, newest last: the history of its ranges."""

    __tablename__ = "version_soft_ranges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    version_id: Mapped[int] = mapped_column(ForeignKey("version_softs.id", ondelete="CASCADE"), index=True)
    scope: Mapped[str] = mapped_column(String(8))
    white_list: Mapped[list[int]] = mapped_column(JSON, default=list)
    black_list: Mapped[list[int]] = mapped_column(JSON, default=list)
    test_devices: Mapped[list[int]] = mapped_column(JSON, default=list)
    owner_path: Mapped[str] = mapped_column(TreePath())
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class AppVersion(Base):
    """An app version (page version/app): its release file and an optional debug file, release notes, published
    or not."""

    __tablename__ = "version_apps"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    log: Mapped[str] = mapped_column(String(2048), default="")
    release_file_id: Mapped[str] = mapped_column(ForeignKey("stored_files.id"))
    release_name: Mapped[str] = mapped_column(String(128))
    release_size: Mapped[int] = mapped_column(Integer)
    release_sha256: Mapped[str] = mapped_column(String(64))
    debug_file_id: Mapped[str | None] = mapped_column(ForeignKey("stored_files.id"))
    debug_name: Mapped[str] = mapped_column(String(128), default="")
    debug_size: Mapped[int] = mapped_column(Integer, default=0)
    debug_sha256: Mapped[str] = mapped_column(String(64), default="")
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    published_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
