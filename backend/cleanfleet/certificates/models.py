"""``robot_certificates``: every client certificate the product CA issued to a robot, one row each.

A robot holds one ``active`` certificate at a time: a renewal makes the earlier one ``superseded`` (still valid
until it expires, so a robot that renewed but did not yet reconnect is not cut off), a revocation makes it
``revoked`` (by an admin, or because its device was deleted), and the expiry scan makes an active or superseded
one past its end ``expired``. The row outlives its device (``device_id`` is set null): the CRL keeps listing a
revoked certificate until it expires, and the history stays readable. The certificate itself is public (it is
kept); the robot's key never leaves the robot.
"""

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

ACTIVE, SUPERSEDED, REVOKED, EXPIRED = "active", "superseded", "revoked", "expired"
STATES = (ACTIVE, SUPERSEDED, REVOKED, EXPIRED)
REASON_DEVICE_DELETED = "device deleted"


class RobotCertificate(Base):
    __tablename__ = "robot_certificates"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    device_id: Mapped[int | None] = mapped_column(ForeignKey("devices.id", ondelete="SET NULL"))
    robot_serial: Mapped[str] = mapped_column(String(64), index=True)  # the certificate's CN
    cert_serial: Mapped[str] = mapped_column(String(40), unique=True)  # the certificate's serial number, hex
    fingerprint: Mapped[str] = mapped_column(String(64))  # SHA-256 of the DER, hex
    not_before: Mapped[datetime] = mapped_column(UtcDateTime())
    not_after: Mapped[datetime] = mapped_column(UtcDateTime())
    state: Mapped[str] = mapped_column(String(16), default=ACTIVE)
    pem: Mapped[str] = mapped_column(Text)
    issued_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    revoked_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    revoked_reason: Mapped[str | None] = mapped_column(String(255))

    __table_args__ = (
        Index("ix_robot_certificates_device_state", "device_id", "state"),
        Index("ix_robot_certificates_state_end", "state", "not_after"),
    )
