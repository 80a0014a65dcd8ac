"""Leases: a device lent to a customer (optionally a user of the subtree) until the lease is ended."""

from datetime import datetime
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.scope import path_prefix
from cleanfleet.devices.models import Device
from cleanfleet.hires import texts
from cleanfleet.hires.models import ACTIVE, ENDED, Hire
from cleanfleet.users.models import User
from cleanfleet.users.scope import user_in_subtree

Lessee = aliased(User)
STATES = {ACTIVE: "active", ENDED: "ended"}


def hire_answer(hire: Hire, device: Device, lessee_account: str | None) -> dict[str, Any]:
    return {"id": hire.id, "deviceId": device.id, "deviceSerialNumber": device.serial_number,
            "deviceCode": device.name, "userId": hire.lessee_id, "account": lessee_account or "",
            "customerName": hire.customer_name, "contact": hire.contact, "phone": hire.phone,
            "startTime": hire.start_at, "endTime": hire.end_at, "remark": hire.remark, "state": hire.state,
            "stateName": STATES[hire.state], "stopTime": hire.stopped_at, "createTime": hire.created_at}


async def insert_hire(db: AsyncSession, caller: Caller, device: Device, fields: dict[str, Any]) -> Hire:
    """Start a lease; a device has at most one active lease."""
    start = fields.get("startTime") or utcnow()
    end = fields.get("endTime")
    if end is not None and end <= start:
        raise bad_parameter("endTime", texts.END_BEFORE_START)
    lessee_id = fields.get("userId")
    if lessee_id is not None:
        await user_in_subtree(db, caller, lessee_id)
    active = await db.scalar(select(Hire.customer_name).where(Hire.device_id == device.id, Hire.state == ACTIVE))
    if active is not None:
        raise ApiError(Code.CONFLICT, texts.ALREADY_LEASED, field="deviceId", values={"customer": active})
    hire = Hire(device_id=device.id, lessee_id=lessee_id, customer_name=fields["customerName"],
                contact=fields.get("contact") or "", phone=fields.get("phone") or "", start_at=start, end_at=end,
                remark=fields.get("remark") or "", state=ACTIVE, created_by=caller.user_id)
    db.add(hire)
    await db.commit()
    return hire


async def full_hire(db: AsyncSession, hire: Hire, device: Device) -> dict[str, Any]:
    """A lease's answer, with its lessee's account."""
    return hire_answer(hire, device, await lessee_account(db, hire.lessee_id))


async def get_hire(db: AsyncSession, caller: Caller, hire_id: int) -> tuple[Hire, Device]:
    row = (await db.execute(select(Hire, Device).join(Device, Device.id == Hire.device_id)
                            .where(Hire.id == hire_id))).first()
    if row is None or not caller.owns_path(row[1].owner_path):
        raise ApiError(Code.NOT_FOUND, texts.HIRE_NOT_FOUND, field="id", values={"id": hire_id})
    return row[0], row[1]


async def stop_hire(db: AsyncSession, caller: Caller, hire: Hire) -> Hire:
    if hire.state != ACTIVE:
        raise ApiError(Code.CONFLICT, texts.LEASE_ENDED, field="id", values={"at": hire.stopped_at})
    hire.state, hire.stopped_at, hire.stopped_by = ENDED, utcnow(), caller.user_id
    await db.commit()
    return hire


def hires_query(path: str, *, serial_number: str | None, customer: str | None, state: int | None,
                lessee_id: int | None, start: datetime | None, end: datetime | None,
                device_id: int | None = None) -> Select[*tuple[Any, ...]]:
    query = (select(Hire, Device, Lessee.account).join(Device, Device.id == Hire.device_id)
             .outerjoin(Lessee, Lessee.id == Hire.lessee_id)
             .where(path_prefix(Device.owner_path, path)).order_by(Hire.id.desc()))
    if device_id is not None:
        query = query.where(Hire.device_id == device_id)
    if serial_number:
        query = query.where(Device.serial_number.icontains(serial_number, autoescape=True))
    if customer:
        query = query.where(Hire.customer_name.icontains(customer, autoescape=True))
    if state is not None:
        query = query.where(Hire.state == state)
    if lessee_id is not None:
        query = query.where(Hire.lessee_id == lessee_id)
    if start is not None:
        query = query.where(Hire.start_at >= start)
    if end is not None:
        query = query.where(Hire.start_at <= end)
    return query


async def lessee_account(db: AsyncSession, lessee_id: int | None) -> str | None:
    return await db.scalar(select(User.account).where(User.id == lessee_id)) if lessee_id is not None else None
