"""Device logs pulled from robots, data backups, and video viewing sessions.

A transfer between a robot and the server's storage is named by a one-time random token (``token`` on a
log or a backup, ``restore_token`` on a backup being restored): the robot streams the file to, or reads it
from, ``/api/robotdata/transfer/<token>`` and reports the job's state to ``.../state``. A token is valid while
its record is in a transfer state, and for the upload token lifetime of api-spec 9 at most. While the file's
bytes flow, ``receiver`` names the server process taking them (``transfers.Receivers``), so a process that
died can be told from one that lives.
"""

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Integer, SmallInteger, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

LOG_TYPES = ("pad", "rosbag", "nav")
# upload states (product-spec 4 "Upload"); cancelling an upload removes its record
UPLOADING, SYNCHRONISED, FAILED = "uploading", "synchronised", "failed"
# backup states (product-spec 4 "Data backup")
PACKING, FINISHED, CANCELLED = "packing", "finished", "cancelled"
BACKUP_RUNNING = (PACKING, UPLOADING)
# a backup's restore onto a robot
RESTORING, RESTORED = "restoring", "restored"


class DeviceLog(Base):
    """One log file of a robot (pad, rosbag or navigation) uploaded, or being uploaded, to the server's storage."""

    __tablename__ = "device_logs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), index=True)
    log_type: Mapped[str] = mapped_column(String(8))
    file_name: Mapped[str] = mapped_column(String(128))
    log_date: Mapped[str] = mapped_column(String(10), default="")  # the day the log covers, robot's clock
    size: Mapped[int] = mapped_column(BigInteger, default=0)
    status: Mapped[str] = mapped_column(String(16), index=True)
    reason: Mapped[str] = mapped_column(String(255), default="")
    token: Mapped[str | None] = mapped_column(String(64), unique=True)
    receiver: Mapped[str | None] = mapped_column(String(32))  # the process (boot id) receiving the bytes now
    file_id: Mapped[str | None] = mapped_column(ForeignKey("stored_files.id", ondelete="SET NULL"))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (UniqueConstraint("device_id", "log_type", "file_name", name="uq_device_logs_device_file"),)


class DataBackup(Base):
    """A robot's data packed on the robot and uploaded to storage; ``contents`` lists the archive (JSON)."""

    __tablename__ = "data_backups"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), index=True)
    file_name: Mapped[str] = mapped_column(String(128), default="")
    size: Mapped[int] = mapped_column(BigInteger, default=0)
    status: Mapped[str] = mapped_column(String(16), index=True)
    reason: Mapped[str] = mapped_column(String(255), default="")
    token: Mapped[str | None] = mapped_column(String(64), unique=True)
    receiver: Mapped[str | None] = mapped_column(String(32))  # the process (boot id) receiving the bytes now
    job_id: Mapped[str] = mapped_column(String(32))  # the robot's name for the job (its pack is kept under it)
    file_id: Mapped[str | None] = mapped_column(ForeignKey("stored_files.id", ondelete="SET NULL"))
    contents: Mapped[str] = mapped_column(Text, default="[]")
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    restore_status: Mapped[str] = mapped_column(String(16), default="")
    restore_device_id: Mapped[int | None] = mapped_column(ForeignKey("devices.id", ondelete="SET NULL"))
    restore_token: Mapped[str | None] = mapped_column(String(64), unique=True)
    restore_detail: Mapped[str] = mapped_column(String(255), default="")
    restored_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class VideoSession(Base):
    """Someone watching a robot's camera (``clip`` empty) or a recorded clip, through the server's relay."""

    __tablename__ = "video_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    camera: Mapped[int] = mapped_column(SmallInteger, default=1)
    clip: Mapped[str] = mapped_column(String(128), default="")
    started_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())
    stopped_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
