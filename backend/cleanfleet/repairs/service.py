"""Repair records of the caller's devices; the state moves pending → processing → handled, one step at a time."""

from datetime import datetime
from typing import Any

from sqlalchemy import Select, delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.scope import path_prefix
from cleanfleet.core.validation import REQUIRED
from cleanfleet.devices.models import Device
from cleanfleet.repairs import texts
from cleanfleet.repairs.models import HANDLED, PENDING, STATES, Repair

COLUMNS = {"type": "type", "detail": "detail", "repairDate": "repair_at", "operator": "operator",
           "processor": "processor", "processTime": "process_at", "processPlan": "plan"}


def repair_answer(repair: Repair, device: Device) -> dict[str, Any]:
    return {"id": repair.id, "deviceId": device.id, "deviceSerialNumber": device.serial_number,
            "deviceCode": device.name, "type": repair.type, "detail": repair.detail, "repairDate": repair.repair_at,
            "operator": repair.operator, "processor": repair.processor, "processTime": repair.process_at,
            "processPlan": repair.plan, "state": repair.state, "stateName": STATES[repair.state],
            "createTime": repair.created_at, "updateTime": repair.updated_at}


async def get_repair(db: AsyncSession, caller: Caller, repair_id: int) -> tuple[Repair, Device]:
    row = (await db.execute(select(Repair, Device).join(Device, Device.id == Repair.device_id)
                            .where(Repair.id == repair_id))).first()
    if row is None or not caller.owns_path(row[1].owner_path):
        raise ApiError(Code.NOT_FOUND, texts.REPAIR_NOT_FOUND, field="id", values={"id": repair_id})
    return row[0], row[1]


def check_step(current: int, wanted: int) -> None:
    """Only forward, one step: pending → processing → handled."""
    if wanted not in (current, current + 1):
        raise ApiError(Code.CONFLICT, texts.HANDLED_IS_FINAL if current == HANDLED else texts.ONE_STEP, field="state")


def _apply(repair: Repair, changes: dict[str, Any]) -> None:
    if "type" in changes and not changes["type"]:
        raise bad_parameter("type", REQUIRED)
    if "repairDate" in changes and changes["repairDate"] is None:
        raise bad_parameter("repairDate", REQUIRED)
    for api_name, value in changes.items():
        if api_name in COLUMNS:
            setattr(repair, COLUMNS[api_name], "" if value is None and api_name != "processTime" else value)


async def insert_repair(db: AsyncSession, caller: Caller, device: Device, changes: dict[str, Any]) -> Repair:
    repair = Repair(device_id=device.id, state=PENDING, created_by=caller.user_id)
    _apply(repair, changes)
    db.add(repair)
    await db.commit()
    return repair


async def update_repair(db: AsyncSession, repair: Repair, changes: dict[str, Any]) -> Repair:
    state = changes.pop("state", None)
    if state is not None:
        check_step(repair.state, state)
    _apply(repair, changes)
    if state is not None:
        repair.state = state
    await db.commit()
    return repair


async def delete_repair(db: AsyncSession, repair: Repair) -> None:
    await db.delete(repair)
    await db.commit()


async def delete_before(db: AsyncSession, caller: Caller, before: datetime) -> int:
    """Delete the subtree's repair records dated before ``before``."""
    mine = select(Device.id).where(path_prefix(Device.owner_path, caller.acting_path))
    result = await db.execute(delete(Repair).where(Repair.repair_at < before, Repair.device_id.in_(mine)))
    await db.commit()
    return result.rowcount or 0  # type: ignore[attr-defined]


def repairs_query(path: str, *, serial_number: str | None, state: int | None, repair_type: str | None,
                  start: datetime | None, end: datetime | None,
                  device_id: int | None = None) -> Select[*tuple[Any, ...]]:
    query = (select(Repair, Device).join(Device, Device.id == Repair.device_id)
             .where(path_prefix(Device.owner_path, path)).order_by(Repair.repair_at.desc(), Repair.id.desc()))
    if device_id is not None:
        query = query.where(Repair.device_id == device_id)
    if serial_number:
        query = query.where(Device.serial_number.icontains(serial_number, autoescape=True))
    if state is not None:
        query = query.where(Repair.state == state)
    if repair_type:
        query = query.where(Repair.type == repair_type)
    if start is not None:
        query = query.where(Repair.repair_at >= start)
    if end is not None:
        query = query.where(Repair.repair_at <= end)
    return query
