"""Owner messages when a consumable or a maintenance falls due.

``scan_due`` may run on every worker at any time: each message has a key unique to its device, item
and due period, and is inserted with "on conflict do nothing", so a due item gives one message however
many scans see it. ``start_due_scanner`` runs it periodically from the app's lifespan.
"""

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.consumables.models import Consumable, MaintenanceReminder
from cleanfleet.consumables.service import periods_passed
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.retention import register_purge
from cleanfleet.core.scope import path_prefix
from cleanfleet.devices.models import Device
from cleanfleet.messages.models import Message
from cleanfleet.users.models import User

log = logging.getLogger("cleanfleet.messages")

KIND_CONSUMABLE = "consumable_due"
KIND_MAINTENANCE = "maintenance_due"
SCAN_EVERY_SECONDS = 3600.0
FIRST_SCAN_AFTER_SECONDS = 60.0


async def insert_messages(db: AsyncSession, rows: Sequence[dict[str, Any]]) -> int:
    """Insert messages, skipping those whose dedup_key exists. Answers how many are new."""
    if not rows:
        return 0
    dialect = db.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(Message).on_conflict_do_nothing(index_elements=["dedup_key"]).returning(Message.id)
    result = await db.execute(statement, list(rows))
    return len(result.all())


async def _due_consumables(db: AsyncSession, now: datetime) -> list[dict[str, Any]]:
    rows = await db.execute(
        select(Consumable, Device.user_id, Device.serial_number, Device.name)
        .join(Device, Device.id == Consumable.device_id)
        .where(Consumable.used_hours >= Consumable.life_hours))
    return [{
        "user_id": user_id, "device_id": item.device_id, "kind": KIND_CONSUMABLE,
        "title": f"{item.name} of {name} ({serial}) is due for replacement",
        "content": f"Used {item.used_hours:g} h of a {item.life_hours:g} h life since {item.replaced_at:%Y-%m-%d}.",
        "read": False, "deleted": False, "created_at": now,
        "dedup_key": f"consumable:{item.device_id}:{item.kind}:{int(item.replaced_at.timestamp())}",
    } for item, user_id, serial, name in rows]


async def _due_maintenance(db: AsyncSession, now: datetime) -> list[dict[str, Any]]:
    rows = await db.execute(
        select(MaintenanceReminder, Device.user_id, Device.serial_number, Device.name)
        .join(Device, Device.id == MaintenanceReminder.device_id).where(MaintenanceReminder.maintained_at < now))
    messages = []
    for reminder, user_id, serial, name in rows:
        period = periods_passed(reminder.maintained_at, reminder.period_hours, now)
        if period < 1:
            continue
        messages.append({
            "user_id": user_id, "device_id": reminder.device_id, "kind": KIND_MAINTENANCE,
            "title": f"Maintenance \"{reminder.name}\" of {name} ({serial}) is due",
            "content": f"Every {reminder.period_hours:g} h since {reminder.maintained_at:%Y-%m-%d %H:%M} UTC.",
            "read": False, "deleted": False, "created_at": now,
            "dedup_key": f"maintain:{reminder.id}:{int(reminder.maintained_at.timestamp())}:{period}",
        })
    return messages


async def scan_due(db: AsyncSession, now: datetime | None = None) -> int:
    """Write a message to the owner of each device with a consumable or a maintenance due; answers how many
    messages are new (items already told about in their current period are skipped)."""
    now = now or utcnow()
    created = await insert_messages(db, await _due_consumables(db, now) + await _due_maintenance(db, now))
    await db.commit()
    return created


async def _scan_forever(database: Database, every: float, first_after: float) -> None:
    await asyncio.sleep(first_after)
    while True:
        try:
            async with database.sessions() as db:
                created = await scan_due(db)
            if created:
                log.info("due messages written", extra={"fields": {"created": created}})
        except Exception:
            log.exception("due scan failed")
        await asyncio.sleep(every)


def start_due_scanner(database: Database, every: float = SCAN_EVERY_SECONDS,
                      first_after: float = FIRST_SCAN_AFTER_SECONDS) -> asyncio.Task[None]:
    return asyncio.create_task(_scan_forever(database, every, first_after), name="due-scanner")


async def stop_due_scanner(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


async def purge_messages(db: AsyncSession, subtree_path: str, before: datetime) -> int:
    """Clear data: the subtree's users' messages older than the cut-off."""
    users_below = select(User.id).where(path_prefix(User.path, subtree_path))
    result = await db.execute(delete(Message).where(Message.created_at < before, Message.user_id.in_(users_below)))
    return result.rowcount or 0  # type: ignore[attr-defined]


register_purge("messages", purge_messages)
