"""Robot certificates (issue 46 item 2; docs/domains/certificates.md).

The console (/device/certificate/*): a robot's certificates and the list of those ending soon need the device
list's page key ``device/index``; revoking needs ``device/index/revoke_cert``, a person's key (an API token never
holds it: ``core.auth.person_only``). Everything stays inside the caller's subtree: another branch's robot answers
NOT_FOUND naming ``deviceId``.

The robot (/robot/certificate/renew, unsigned like /robot/register): its serial and device secret and a CSR of a
key it made; it gets a new certificate (the earlier one stays valid until it ends). A robot whose certificate was
revoked is refused (NO_PERMISSION) until it is registered again.
"""

from fastapi import Request

from cleanfleet.certificates import service
from cleanfleet.certificates.schemas import (
    DeviceCertificatesIn,
    DeviceCertificatesOut,
    ExpiringIn,
    ExpiringListOut,
    IssuedOut,
    RenewIn,
    RevokeIn,
)
from cleanfleet.core.auth import Caller, person_only, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter

router = ApiRouter(prefix="/device/certificate", tags=["devices"])
robot_router = ApiRouter(prefix="/robot/certificate", tags=["robot"], signed=False)
PAGE = "device/index"
REVOKE = "device/index/revoke_cert"


@router.call("/list", answer=DeviceCertificatesOut)
async def certificates_of_device(body: DeviceCertificatesIn, request: Request, db: DbSession,
                                 caller: Caller = require(PAGE)) -> JsonResponse:
    """A robot's certificates, newest first (at most 50): serial, fingerprint, validity, state, who revoked it."""
    return ok(await service.device_certificates(db, request.app.state.settings, caller, body.deviceId))


@router.call("/revoke", answer=DeviceCertificatesOut)
async def revoke_certificate(body: RevokeIn, request: Request, db: DbSession,
                             caller: Caller = person_only(REVOKE)) -> JsonResponse:
    """Revokes the robot's certificates that still count (active, superseded): its broker connection drops within
    seconds, it cannot sign in again (by certificate or password) nor renew, and the CRL lists them. CONFLICT when
    it holds none. Answers its certificates."""
    return ok(await service.revoke(db, request.app.state.settings, caller, body.deviceId, body.reason))


@router.call("/expiring", answer=ExpiringListOut)
async def expiring_certificates(body: ExpiringIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The caller's robots whose active certificate ends within ``days`` (a robot that stopped renewing)."""
    return ok(await service.expiring(db, caller, body.days))


@robot_router.call("/renew", answer=IssuedOut)
async def renew_certificate(body: RenewIn, request: Request, db: DbSession) -> JsonResponse:
    """A robot renews its certificate (after two thirds of its validity), or a password robot enrols: serial,
    device secret, and a CSR (CN = its serial) of a key it made. Answers the certificate, the CA and when to renew."""
    return ok(await service.renew(db, request.app.state.settings, body))
