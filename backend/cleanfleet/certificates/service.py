"""Robot certificates: issuing from a robot's CSR (at registration and on renewal), revoking (an admin; a device
deleted), the console's reads, the CRL, and the broker's connect check (``certificate_allowed``).

Revocation reaches the brokers this way: the revoking transaction commits, then (``changed``) this worker reloads
its in-memory set of revoked certificate serials from the database, rewrites the CRL file next to the CA (external
brokers: Mosquitto's ``crlfile``), drops the robot's live connection on its embedded broker
(``EmbeddedBroker.drop``), and publishes ``CERTIFICATES_REVOKED`` on the bus, so every other worker reloads its set
and drops the robot too. The connect check reads only the in-memory set: no database round trip per sign-in. Every
worker also reloads the set every ``RELOAD_SECONDS`` (a worker that missed an event catches up).

An external Mosquitto reads the rewritten CRL when told (``reload.py``: SIGHUP through a pid file, or a command),
after every CRL rewrite; the CRL is rewritten at each start, after each revocation, and once it is older than
``CRL_REWRITE`` (its next update is 30 days out: a broker holding an outdated CRL refuses every certificate). The
revoked robot's live connection at Mosquitto is dropped by the broker sync (gateway/brokerauth/sync.py disables the
robot's client), which ``on_revoked`` wakes at once.

A robot is *barred* when a certificate of its (still existing) device was revoked and it holds no active one: it
cannot renew, and ``robot_barred`` tells the password sign-in to refuse it too (a revoked robot must not come back
with its device secret). Registering it again (deleting the device, a new auth code) gives it a fresh start.
"""

import asyncio
import contextlib
import hashlib
import hmac
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding
from sqlalchemy import and_, event, exists, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session, aliased

from cleanfleet.certificates import texts
from cleanfleet.certificates.ca import (
    CsrRefused,
    RevokedEntry,
    fingerprint,
    identity_of,
    load_ca,
    serial_hex,
    write_crl,
)
from cleanfleet.certificates.models import ACTIVE, REASON_DEVICE_DELETED, REVOKED, SUPERSEDED, RobotCertificate
from cleanfleet.certificates.reload import configured as reload_configured
from cleanfleet.certificates.reload import crl_outdated, reload_broker, tell_revoked
from cleanfleet.certificates.schemas import RenewIn
from cleanfleet.core.auth import Caller
from cleanfleet.core.bus import CERTIFICATES_REVOKED, Bus
from cleanfleet.core.codes import Code
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.enrolment import Enrolment, register_enrolment
from cleanfleet.core.errors import ApiError
from cleanfleet.devices.access import get_device, visible
from cleanfleet.devices.models import Device
from cleanfleet.settings import Settings
from cleanfleet.users.models import User

log = logging.getLogger("cleanfleet.certificates")
RELOAD_SECONDS = 60.0
MAX_ISSUED_PER_DAY = 10  # certificates one robot may get in 24 hours (a robot renewing in a loop)
HISTORY_SHOWN = 50
EXPIRING_SHOWN = 200
CLOCK_SKEW = timedelta(minutes=5)
_REFUSALS = {"malformed": texts.CSR_MALFORMED, "signature": texts.CSR_SIGNATURE, "weak_key": texts.CSR_WEAK_KEY,
             "wrong_cn": texts.CSR_WRONG_NAME}
_PEM = Encoding.PEM
_CHANGED_FLAG = "certificates_revoked"  # on a session's info: robots whose certificates its transaction revoked


# --- issuing ---------------------------------------------------------------------------------------------------

def sign(settings: Settings, csr: str, serial_number: str) -> x509.Certificate:
    """The robot's certificate for its CSR, signed by the product CA; refuses a bad CSR (field ``csr``)."""
    try:
        return load_ca(settings).sign_csr(csr.encode(), serial_number, settings.robot_cert_days)
    except CsrRefused as exc:
        raise ApiError(Code.BAD_PARAMETER, _REFUSALS[exc.reason], field="csr",
                       values={"serial": serial_number}) from exc


async def record(db: AsyncSession, device: Device, cert: x509.Certificate) -> RobotCertificate:
    """Stores ``cert`` as the device's active certificate (in the caller's transaction); an earlier active one is
    superseded (still valid until it ends: the robot may not have reconnected with the new one yet)."""
    now = utcnow()
    await db.execute(update(RobotCertificate).where(RobotCertificate.device_id == device.id,
                                                    RobotCertificate.state == ACTIVE).values(state=SUPERSEDED))
    pem = cert.public_bytes(_PEM).decode()
    row = RobotCertificate(device_id=device.id, robot_serial=device.serial_number, cert_serial=serial_hex(cert),
                           fingerprint=fingerprint(cert), not_before=cert.not_valid_before_utc,
                           not_after=cert.not_valid_after_utc, state=ACTIVE, pem=pem, issued_at=now)
    db.add(row)
    await db.flush()
    return row


def issued_answer(settings: Settings, cert: x509.Certificate) -> dict[str, Any]:
    start, end = cert.not_valid_before_utc, cert.not_valid_after_utc
    return {"certificate": cert.public_bytes(_PEM).decode(),
            "caCertificate": load_ca(settings).certificate_pem.decode(), "serial": serial_hex(cert),
            "notBefore": start.isoformat(), "notAfter": end.isoformat(),
            "renewAfter": renew_after(start, end).isoformat()}


def renew_after(start: datetime, end: datetime) -> datetime:
    """Two thirds into the validity (90 days: renew from day 60, a month to spare for a robot switched off)."""
    return start + (end - start) * 2 / 3


async def renew(db: AsyncSession, settings: Settings, body: RenewIn) -> dict[str, Any]:
    """A robot's own renewal (or first enrolment of a password robot): its serial and device secret, a CSR of a new
    key. Refused for a barred robot (its certificate was revoked) and after ``MAX_ISSUED_PER_DAY`` in a day."""
    device = await db.scalar(select(Device).where(Device.serial_number == body.deviceSerialNumber))
    if device is None or not _secret_matches(device.secret_hash, body.deviceSecret):
        raise ApiError(Code.WRONG_CREDENTIALS, texts.WRONG_SECRET, field="deviceSecret")
    if await _barred(db, device.id):
        raise ApiError(Code.NO_PERMISSION, texts.REVOKED, field="deviceSerialNumber")
    since = utcnow() - timedelta(days=1)
    issued = await db.scalar(select(func.count()).select_from(RobotCertificate).where(
        RobotCertificate.device_id == device.id, RobotCertificate.issued_at > since))
    if (issued or 0) >= MAX_ISSUED_PER_DAY:
        raise ApiError(Code.RATE_LIMITED, texts.TOO_MANY, field="csr")
    cert = sign(settings, body.csr, device.serial_number)
    await record(db, device, cert)
    await db.commit()
    return issued_answer(settings, cert)


def _secret_matches(secret_hash: str | None, secret: str) -> bool:
    given = hashlib.sha256(secret.encode()).hexdigest()
    return bool(secret_hash) and hmac.compare_digest(given, str(secret_hash))


async def _barred(db: AsyncSession, device_id: int) -> bool:
    revoked = await db.scalar(select(exists().where(RobotCertificate.device_id == device_id,
                                                    RobotCertificate.state == REVOKED)))
    active = await db.scalar(select(exists().where(RobotCertificate.device_id == device_id,
                                                   RobotCertificate.state == ACTIVE)))
    return bool(revoked) and not active


# --- the console ----------------------------------------------------------------------------------------------

def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


async def device_certificates(db: AsyncSession, settings: Settings, caller: Caller, device_id: int) -> dict[str, Any]:
    """The certificates of one of the caller's robots, newest first."""
    device = await get_device(db, caller, device_id)
    rows = (await db.execute(
        select(RobotCertificate, User.account).outerjoin(User, User.id == RobotCertificate.revoked_by)
        .where(RobotCertificate.device_id == device.id)
        .order_by(RobotCertificate.id.desc()).limit(HISTORY_SHOWN))).all()
    return {"list": [_answer(row, account) for row, account in rows], "validDays": settings.robot_cert_days,
            "warnDays": settings.robot_cert_warn_days}


def _answer(row: RobotCertificate, revoked_by: str | None) -> dict[str, Any]:
    return {"id": row.id, "serial": row.cert_serial, "fingerprint": row.fingerprint, "state": row.state,
            "notBefore": row.not_before.isoformat(), "notAfter": row.not_after.isoformat(),
            "issuedAt": row.issued_at.isoformat(), "revokedAt": _iso(row.revoked_at), "revokedBy": revoked_by,
            "revokedReason": row.revoked_reason}


async def revoke(db: AsyncSession, settings: Settings, caller: Caller, device_id: int,
                 reason: str) -> dict[str, Any]:
    """Revokes every certificate of one of the caller's robots that still counts (active or superseded); the
    robot's connection drops and it cannot sign in again (``changed``). Answers the robot's certificates."""
    device = await get_device(db, caller, device_id)
    now = utcnow()
    revoked = (await db.execute(
        update(RobotCertificate)
        .where(RobotCertificate.device_id == device.id, RobotCertificate.state.in_((ACTIVE, SUPERSEDED)))
        .values(state=REVOKED, revoked_at=now, revoked_by=caller.user_id, revoked_reason=reason or None)
        .returning(RobotCertificate.id))).all()
    if not revoked:
        raise ApiError(Code.CONFLICT, texts.NOTHING_TO_REVOKE, field="deviceId")
    await db.commit()
    await changed([device.serial_number])
    return await device_certificates(db, settings, caller, device.id)


async def expiring(db: AsyncSession, caller: Caller, days: int) -> dict[str, Any]:
    """The caller's robots whose active certificate ends within ``days`` (soonest first)."""
    until = utcnow() + timedelta(days=days)
    where = and_(RobotCertificate.state == ACTIVE, RobotCertificate.not_after <= until, visible(caller))
    base = select(RobotCertificate.id).join(Device, Device.id == RobotCertificate.device_id).where(where)
    total = await db.scalar(select(func.count()).select_from(base.subquery()))
    rows = (await db.execute(
        select(Device.id, Device.name, Device.serial_number, RobotCertificate.id, RobotCertificate.not_after)
        .join(Device, Device.id == RobotCertificate.device_id).where(where)
        .order_by(RobotCertificate.not_after, RobotCertificate.id).limit(EXPIRING_SHOWN))).all()
    return {"total": total or 0, "list": [
        {"deviceId": d, "deviceName": name, "serialNumber": sn, "certificateId": cid, "notAfter": end.isoformat()}
        for d, name, sn, cid, end in rows]}


# --- a device deleted (in its transaction: core/bus.py DEVICE_DELETED) ----------------------------------------

async def device_deleted(db: AsyncSession, device_id: int, owner_id: int) -> None:
    """Its certificates that still count are revoked with it (the row stays, with no device, for the CRL); once
    the deletion commits, ``changed`` runs (``_after_commit``)."""
    serials = (await db.execute(
        update(RobotCertificate)
        .where(RobotCertificate.device_id == device_id, RobotCertificate.state.in_((ACTIVE, SUPERSEDED)))
        .values(state=REVOKED, revoked_at=utcnow(), revoked_by=None, revoked_reason=REASON_DEVICE_DELETED)
        .returning(RobotCertificate.robot_serial))).scalars().all()
    if not serials:  # revoked earlier: the robot is barred no more once its device is gone (it may register again)
        serials = (await db.execute(select(RobotCertificate.robot_serial).where(
            RobotCertificate.device_id == device_id).limit(1))).scalars().all()
    if serials:
        db.sync_session.info.setdefault(_CHANGED_FLAG, set()).update(serials)


def _after_commit(session: Session) -> None:
    robots = session.info.pop(_CHANGED_FLAG, None)
    if robots:
        with contextlib.suppress(RuntimeError):  # no running loop: nothing listens in this process
            task = asyncio.get_running_loop().create_task(changed(sorted(robots)))
            _tasks.add(task)
            task.add_done_callback(_tasks.discard)


def _after_rollback(session: Session) -> None:
    session.info.pop(_CHANGED_FLAG, None)


_tasks: set[asyncio.Task[None]] = set()
event.listen(Session, "after_commit", _after_commit)
event.listen(Session, "after_soft_rollback", lambda session, _previous: _after_rollback(session))


# --- the brokers' view: the revoked set, the CRL, dropping connections ------------------------------------------

@dataclass(frozen=True)
class _Revocations:
    serials: frozenset[int] = frozenset()  # revoked certificates' serial numbers
    barred: frozenset[str] = frozenset()  # robots (serials) whose certificates were revoked and who hold none


@dataclass
class _Runtime:
    database: Database
    settings: Settings
    bus: Bus | None
    drop: Callable[[str], Awaitable[bool]] | None  # the embedded broker's drop by client id (on its own loop)


_revocations = _Revocations()
_runtimes: list[_Runtime] = []  # one per started app in this process (the tests start several)


def certificate_allowed(serial: str, cert: x509.Certificate) -> bool:
    """The broker's connect check for a client certificate the TLS layer already verified against the CA: it names
    ``serial`` (its CN), is within its validity, and is not revoked. Memory only (no database round trip)."""
    try:
        if identity_of(cert) != serial:
            return False
    except ValueError:
        return False
    now = datetime.now(UTC)
    if not cert.not_valid_before_utc - CLOCK_SKEW <= now < cert.not_valid_after_utc:
        return False
    state = _revocations
    return cert.serial_number not in state.serials and serial not in state.barred


def robot_barred(serial: str) -> bool:
    """A robot whose certificate was revoked (and that holds no new one) signs in neither by certificate nor by
    password. Memory only."""
    return serial in _revocations.barred


async def load_revocations(db: AsyncSession) -> None:
    """Reads the revoked set and the barred robots from the database into this worker's memory."""
    global _revocations
    now = utcnow()
    serials = (await db.execute(select(RobotCertificate.cert_serial).where(
        RobotCertificate.state == REVOKED, RobotCertificate.not_after > now - CLOCK_SKEW))).scalars().all()
    _revocations = _Revocations(frozenset(int(s, 16) for s in serials), frozenset(await barred_robots(db)))


async def barred_robots(db: AsyncSession) -> set[str]:
    """The robots (serials) of existing devices with a revoked certificate and no active one."""
    active = aliased(RobotCertificate)
    return set((await db.execute(select(RobotCertificate.robot_serial).distinct().where(
        RobotCertificate.state == REVOKED, RobotCertificate.device_id.is_not(None),
        ~exists().where(active.device_id == RobotCertificate.device_id, active.state == ACTIVE)))).scalars().all())


async def refresh_crl(db: AsyncSession, settings: Settings) -> None:
    """Rewrites the CRL file with every revoked certificate not yet expired."""
    rows = (await db.execute(select(RobotCertificate.cert_serial, RobotCertificate.revoked_at).where(
        RobotCertificate.state == REVOKED, RobotCertificate.not_after > utcnow()))).all()
    entries = [RevokedEntry(int(serial, 16), at or utcnow()) for serial, at in rows]
    await asyncio.to_thread(write_crl, load_ca(settings), entries)
    if reload_configured(settings):
        await reload_broker(settings)


async def changed(robots: Iterable[str], *, tell_others: bool = True) -> None:
    """After a revocation committed: this worker's set and the CRL are refreshed, the robots' connections on its
    embedded broker dropped, and the other workers told (they do the same, without the CRL: it is one file)."""
    runtimes = list(_runtimes)
    if not runtimes:
        return
    robots = sorted(set(robots))
    try:
        async with runtimes[0].database.sessions() as db:
            await load_revocations(db)
            if tell_others:
                for settings in {r.settings.ca_root: r.settings for r in runtimes}.values():
                    await refresh_crl(db, settings)
    except Exception:
        log.exception("refreshing the revoked certificates failed")
    for runtime in runtimes:
        await _drop(runtime, robots)
    tell_revoked(robots)
    if tell_others:
        for bus in {id(r.bus): r.bus for r in runtimes if r.bus is not None}.values():
            await bus.publish(CERTIFICATES_REVOKED, {"robots": robots})


async def _drop(runtime: _Runtime, robots: list[str]) -> None:
    if runtime.drop is None:
        return
    for serial in robots:
        if await runtime.drop(serial):
            log.info("robot %s disconnected: its certificate was revoked", serial)


async def _on_revoked(payload: dict[str, Any]) -> None:
    """Another worker revoked: reload, drop here (the event of this process's own bus finds them gone already)."""
    await changed([str(s) for s in payload.get("robots", [])][:10_000], tell_others=False)


async def _reload_forever(database: Database, settings: Settings) -> None:
    while True:
        await asyncio.sleep(RELOAD_SECONDS)
        try:
            async with database.sessions() as db:
                await load_revocations(db)
                if crl_outdated(settings):
                    await refresh_crl(db, settings)
        except Exception:
            log.exception("reloading the revoked certificates failed")


async def start(state: Any, drop: Callable[[str], Awaitable[bool]] | None) -> asyncio.Task[None]:
    """This worker's part (app.py's lifespan, after the robot link): the revoked set loaded, the CRL written (its
    next update is 30 days out: every start renews it), the bus heard, the periodic reload started."""
    bus = getattr(state, "bus", None)
    runtime = _Runtime(state.db, state.settings, bus, drop)
    _runtimes.append(runtime)
    async with state.db.sessions() as db:
        await load_revocations(db)
        try:
            await refresh_crl(db, state.settings)
        except OSError as exc:
            log.error("cannot write the certificate revocation list in %s (%s): external brokers keep the old one",
                      state.settings.ca_root, exc)
    if bus is not None:
        bus.subscribe(CERTIFICATES_REVOKED, _on_revoked)
    task = asyncio.create_task(_reload_forever(state.db, state.settings), name="certificate-revocations")
    _started[task] = runtime
    return task


_started: dict[asyncio.Task[None], _Runtime] = {}


async def stop(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    runtime = _started.pop(task, None)
    if runtime in _runtimes:
        _runtimes.remove(runtime)



register_enrolment(Enrolment(sign=sign, record=record, answer=issued_answer))
