"""Request and answer shapes of the certificate calls: the console's (/device/certificate/*) and the robot's
(/robot/certificate/renew, and the ``csr`` of /robot/register)."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.enrolment import MAX_CSR, Csr, IssuedOut  # noqa: F401 - the robot's side lives in core
from cleanfleet.core.fields import SerialNumber

Reason = Annotated[str, StringConstraints(strip_whitespace=True, max_length=200)]


class RenewIn(BaseModel):
    deviceSerialNumber: SerialNumber
    deviceSecret: Annotated[str, StringConstraints(min_length=1, max_length=128)] = Field(
        description="the secret the robot got at registration")
    csr: Csr = Field(description="PEM CSR of a key the robot made (EC P-256 or stronger, or RSA 2048+), CN = its "
                     "serial; its private key never leaves the robot")


class DeviceCertificatesIn(BaseModel):
    deviceId: Id


class RevokeIn(BaseModel):
    deviceId: Id
    reason: Reason = Field(default="", description="why (shown in the certificate's history)")


class CertificateOut(BaseModel):
    id: int
    serial: str = Field(description="hex")
    fingerprint: str = Field(description="SHA-256 of the certificate, hex")
    state: str = Field(description="active | superseded | revoked | expired")
    notBefore: str
    notAfter: str
    issuedAt: str
    revokedAt: str | None
    revokedBy: str | None = Field(description="the account that revoked it; null when the device was deleted")
    revokedReason: str | None


class DeviceCertificatesOut(BaseModel):
    list: list[CertificateOut]  # newest first, at most 50
    validDays: int = Field(description="days a new certificate is valid")
    warnDays: int = Field(description="days before expiry the console warns")


class ExpiringIn(BaseModel):
    days: int = Field(default=14, ge=1, le=365, description="ending within this many days")


class ExpiringOut(BaseModel):
    deviceId: int
    deviceName: str
    serialNumber: str
    certificateId: int
    notAfter: str


class ExpiringListOut(BaseModel):
    list: list[ExpiringOut]  # soonest first, at most 200
    total: int
