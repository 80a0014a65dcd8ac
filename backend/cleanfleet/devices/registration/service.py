"""One-time auth codes (valid 2 minutes, single use) and a robot registering itself with one."""

import secrets
from datetime import timedelta
from typing import Any

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.enrolment import enrolment
from cleanfleet.core.errors import ApiError
from cleanfleet.devices.models import Device
from cleanfleet.devices.registration import texts
from cleanfleet.devices.registration.models import AuthCode
from cleanfleet.devices.registration.schemas import RegisterIn
from cleanfleet.devices.service import add_device, check_serial_free, owner_in_scope
from cleanfleet.devices.types.service import check_type, type_id_named
from cleanfleet.settings import Settings
from cleanfleet.users.models import User

AUTH_CODE_TTL = timedelta(minutes=2)
AUTH_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I
AUTH_CODE_LENGTH = 8


async def generate_auth_code(db: AsyncSession, caller: Caller, user_id: int | None) -> AuthCode:
    owner = await owner_in_scope(db, caller, user_id)
    now = utcnow()
    for _ in range(5):
        code = "".join(secrets.choice(AUTH_CODE_ALPHABET) for _ in range(AUTH_CODE_LENGTH))
        row = AuthCode(code=code, user_id=owner.id, created_by=caller.user_id, created_at=now,
                       expires_at=now + AUTH_CODE_TTL)
        db.add(row)
        try:
            await db.commit()
            return row
        except IntegrityError:
            await db.rollback()
    raise ApiError(Code.CONFLICT, texts.NO_FREE_CODE)


async def consume_auth_code(db: AsyncSession, code: str) -> tuple[int, int]:
    """Marks the code used, atomically; answers (code id, user id) or refuses with CODE_EXPIRED."""
    now = utcnow()
    row = (await db.execute(
        update(AuthCode)
        .where(AuthCode.code == code.strip().upper(), AuthCode.used_at.is_(None), AuthCode.expires_at > now)
        .values(used_at=now)
        .returning(AuthCode.id, AuthCode.user_id)
    )).first()
    if row is None:
        raise ApiError(Code.CODE_EXPIRED, texts.CODE_EXPIRED, field="authCode")
    return row[0], row[1]


async def _type_id(db: AsyncSession, body: RegisterIn) -> int:
    """The robot's type: by id (deviceType) or by name (model)."""
    if body.deviceType is not None:
        await check_type(db, body.deviceType)
        return body.deviceType
    if body.model:
        return await type_id_named(db, body.model, field="model")
    raise ApiError(Code.BAD_PARAMETER, texts.TYPE_OR_MODEL, field="deviceType")


async def register_robot(db: AsyncSession, body: RegisterIn,
                         settings: Settings | None = None) -> tuple[Device, str, dict[str, Any] | None]:
    """A new robot presents a one-time code; it is registered to the user who asked for the code. Answers the
    device, its secret (shown once) and, when the robot sent a CSR (and ``settings`` name the CA), its certificate.
    A bad CSR is refused before the code is used."""
    cert = enrolment().sign(settings, body.csr, body.deviceSerialNumber) if body.csr and settings else None
    type_id = await _type_id(db, body)
    fields: dict[str, Any] = body.model_dump(
        exclude_unset=True, exclude={"authCode", "deviceSerialNumber", "deviceType", "model", "csr"})
    fields["protocolVersion"] = body.protocolVersion
    await check_serial_free(db, body.deviceSerialNumber)
    code_id, user_id = await consume_auth_code(db, body.authCode)
    owner = await db.get(User, user_id)
    assert owner is not None  # the code's user is deleted with its codes
    name = fields.pop("deviceCode", None) or body.deviceSerialNumber
    device, secret = await add_device(db, owner, body.deviceSerialNumber, name, type_id, fields)
    await db.execute(update(AuthCode).where(AuthCode.id == code_id).values(device_id=device.id))
    if cert is not None:
        await enrolment().record(db, device, cert)
    await db.commit()
    issued = enrolment().answer(settings, cert) if cert is not None and settings is not None else None
    return device, secret, issued


def registration_answer(device: Device, secret: str, certificate: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the robot keeps: its id, owner, secret and MQTT topics (and its certificate, when it sent a CSR)."""
    sn = device.serial_number
    return {"deviceId": device.id, "deviceSerialNumber": sn, "userId": device.user_id, "deviceSecret": secret,
            "mqtt": {"username": sn, "topicUp": f"cf/{sn}/up/", "topicDown": f"cf/{sn}/down/cmd"},
            "certificate": certificate}
