"""A device's consumables and maintenance reminders, and when each falls due."""

import math
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.consumables import texts
from cleanfleet.consumables.models import CONSUMABLE_KINDS, Consumable, MaintenanceReminder
from cleanfleet.core.bounds import MAX_PERIOD_HOURS, MIN_PERIOD_HOURS
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import bad_parameter
from cleanfleet.devices.models import Device


def consumable_answer(kind: str, row: Consumable | None) -> dict[str, Any]:
    if row is None:
        return {"kind": kind, "name": CONSUMABLE_KINDS[kind], "configured": False, "replaceDate": None,
                "usedHours": 0.0, "lifeHours": None, "remainingHours": None, "due": False}
    return {"kind": kind, "name": row.name, "configured": True, "replaceDate": row.replaced_at,
            "usedHours": row.used_hours, "lifeHours": row.life_hours,
            "remainingHours": max(0.0, row.life_hours - row.used_hours), "due": row.used_hours >= row.life_hours}


async def consumables_of(db: AsyncSession, device: Device) -> list[dict[str, Any]]:
    """All seven kinds, in the spec's order; the ones never set up say configured false."""
    rows = {c.kind: c for c in await db.scalars(select(Consumable).where(Consumable.device_id == device.id))}
    return [consumable_answer(kind, rows.get(kind)) for kind in CONSUMABLE_KINDS]


async def device_consumables(db: AsyncSession, device: Device) -> dict[str, Any]:
    """The answer of the consumable calls: the device and its seven consumables."""
    return {"deviceId": device.id, "deviceSerialNumber": device.serial_number,
            "list": await consumables_of(db, device)}


async def edit_consumables(db: AsyncSession, device: Device, items: list[dict[str, Any]]) -> None:
    """Set up or change consumables (kind, name, replace date, used hours, life hours)."""
    kinds = [item["kind"] for item in items]
    if len(set(kinds)) != len(kinds):
        raise bad_parameter("consumables", texts.KIND_TWICE)
    rows = {c.kind: c for c in await db.scalars(select(Consumable).where(Consumable.device_id == device.id))}
    now = utcnow()
    for item in items:
        row = rows.get(item["kind"])
        if row is None:
            row = Consumable(device_id=device.id, kind=item["kind"], replaced_at=now, used_hours=0.0)
            db.add(row)
        row.name = item.get("name") or row.name or CONSUMABLE_KINDS[item["kind"]]
        row.life_hours = item["lifeHours"]
        if item.get("replaceDate") is not None:
            row.replaced_at = item["replaceDate"]
        if item.get("usedHours") is not None:
            row.used_hours = item["usedHours"]
    await db.commit()


async def replace_consumable(db: AsyncSession, device: Device, kind: str) -> Consumable:
    """The consumable was replaced now: its life starts again."""
    row = await db.scalar(select(Consumable).where(Consumable.device_id == device.id, Consumable.kind == kind))
    if row is None:
        raise bad_parameter("kind", texts.NOT_SET_UP)
    row.replaced_at, row.used_hours = utcnow(), 0.0
    await db.commit()
    return row


def usable_period(period_hours: float) -> float:
    """A stored period within the bounds every write now enforces (rows written before them may lie outside,
    and one of 1e15 hours made every read of the device's reminders overflow)."""
    if not math.isfinite(period_hours):
        return MAX_PERIOD_HOURS
    return min(max(period_hours, MIN_PERIOD_HOURS), MAX_PERIOD_HOURS)


def periods_passed(maintained_at: datetime, period_hours: float, now: datetime) -> int:
    return max(0, math.floor((now - maintained_at).total_seconds() / 3600 / usable_period(period_hours)))


def reminder_answer(row: MaintenanceReminder, now: datetime) -> dict[str, Any]:
    passed = periods_passed(row.maintained_at, row.period_hours, now)
    try:
        next_due = row.maintained_at + timedelta(hours=usable_period(row.period_hours) * (passed + 1))
    except OverflowError:  # a maintenance date stored before dates were bounded, near year 9999
        next_due = datetime.max.replace(tzinfo=row.maintained_at.tzinfo)
    return {"id": row.id, "name": row.name, "maintainDate": row.maintained_at, "periodHours": row.period_hours,
            "due": passed > 0, "nextDue": next_due}


async def reminders_of(db: AsyncSession, device: Device) -> list[dict[str, Any]]:
    now = utcnow()
    rows = await db.scalars(select(MaintenanceReminder).where(MaintenanceReminder.device_id == device.id)
                            .order_by(MaintenanceReminder.id))
    return [reminder_answer(r, now) for r in rows]


async def device_reminders(db: AsyncSession, device: Device) -> dict[str, Any]:
    """The answer of the reminder calls: the device and its reminders."""
    return {"deviceId": device.id, "deviceSerialNumber": device.serial_number, "list": await reminders_of(db, device)}


async def set_reminders(db: AsyncSession, device: Device, items: list[dict[str, Any]]) -> None:
    """Make the device's reminders exactly ``items`` (an item with an id edits that reminder)."""
    current = {r.id: r for r in await db.scalars(select(MaintenanceReminder)
                                                  .where(MaintenanceReminder.device_id == device.id))}
    kept: set[int] = set()
    for index, item in enumerate(items):
        if item.get("id") is not None:
            row = current.get(item["id"])
            if row is None:
                raise bad_parameter(f"maintains.{index}.id", texts.NOT_A_REMINDER, id=item["id"])
            kept.add(row.id)
        else:
            row = MaintenanceReminder(device_id=device.id)
            db.add(row)
        row.name, row.period_hours = item["name"], item["periodHours"]
        row.maintained_at = item.get("maintainDate") or utcnow()
    gone = [rid for rid in current if rid not in kept]
    if gone:
        await db.execute(delete(MaintenanceReminder).where(MaintenanceReminder.id.in_(gone)))
    await db.commit()
