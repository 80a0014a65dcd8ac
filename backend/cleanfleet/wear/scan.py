"""The wear scan: one worker (``core.leader``, job ``wear-forecast``) refreshes every robot's stored forecast every
``SCAN_EVERY_SECONDS`` (rates move by the day: a report arriving moves a date by hours at most) and tells owners of
parts coming due.

A notice goes when a part's forecast date (state ``dated``) comes within its branch's lead time (``wear_settings``:
the nearest setting on the owner's path, else 7 days): one message in the owner's message centre and the sends of
the event ``wear_due`` through the channels the owner and the users above it turned on (``queue_user_notices``),
each in its reader's stored language. Once per part and life: the ``wear_notices`` row (robot, part, life start) is
inserted with "on conflict do nothing" in the same transaction as the message and the sends, and only what this
scan inserted tells; replacing the part (or maintaining it) starts a new life. A part already worn out or overdue
is told by the message centre's due scanner (``messages.service.scan_due``), not here.
"""

import asyncio
import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import and_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import start_scanning, stop_task
from cleanfleet.core.texts import Text
from cleanfleet.devices.models import Device
from cleanfleet.messages.service import insert_messages, keyed_row
from cleanfleet.warn.models import EVENT_WEAR_DUE
from cleanfleet.warn.notify import UserNotice, queue_user_notices
from cleanfleet.wear import service, texts
from cleanfleet.wear.models import PART_CONSUMABLE, STATE_DATED, WearForecast, WearNotice

log = logging.getLogger("cleanfleet.wear")
SCAN_EVERY_SECONDS = 600.0
FIRST_SCAN_AFTER_SECONDS = 5.0
MAX_LEAD_DAYS = 60


def _texts(values: dict[str, Any]) -> tuple[Text, Text, dict[str, Any]]:
    """The title and text and their values, kept by key: read in each reader's language (issue 48 item 7)."""
    return texts.DUE_TITLE, texts.DUE_CONTENT, {**values, "latest": values["latest"] or texts.OPEN_ENDED}


async def tell_due(db: AsyncSession, now: datetime, device_ids: Sequence[int] | None = None) -> int:
    """Claims and tells the parts whose forecast date came within their lead time (of every robot, or of
    ``device_ids``); answers how many."""
    today = now.date()
    leads = await service.lead_days_by_user(db)
    rows = (await db.execute(
        select(WearForecast, Device.name, Device.serial_number, Device.user_id, Device.owner_path)
        .join(Device, Device.id == WearForecast.device_id)
        .outerjoin(WearNotice, and_(WearNotice.device_id == WearForecast.device_id,
                                    WearNotice.part == WearForecast.part, WearNotice.life == WearForecast.life))
        .where(WearForecast.state == STATE_DATED, WearForecast.sort_on <= today + timedelta(days=MAX_LEAD_DAYS),
               WearNotice.device_id.is_(None),
               *([WearForecast.device_id.in_(device_ids)] if device_ids is not None else [])))).all()
    due = [row for row in rows if row[0].sort_on <= today + timedelta(days=service.lead_for(row[4], leads))]
    if not due:
        return 0
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    statement = (insert(WearNotice).on_conflict_do_nothing(index_elements=["device_id", "part", "life"])
                 .returning(WearNotice.device_id, WearNotice.part, WearNotice.life))
    claimed = set((await db.execute(statement, [
        {"device_id": f.device_id, "part": f.part, "life": f.life, "due_on": f.due_on, "created_at": now}
        for f, *_ in due])).all())
    told = [row for row in due if (row[0].device_id, row[0].part, row[0].life) in claimed]
    messages, notices = [], []
    for f, name, serial, owner_id, path in told:
        values = {"device": name, "serial": serial, "part": f.name, "day": f.due_on.isoformat() if f.due_on else "",
                  "earliest": f.earliest.isoformat() if f.earliest else "",
                  "latest": f.latest.isoformat() if f.latest else None}
        title, content, shown = _texts(values)
        messages.append(keyed_row(owner_id, f.device_id,
                                  "consumable_due" if f.part_type == PART_CONSUMABLE else "maintenance_due",
                                  title, content, shown, now, f"wear:{f.device_id}:{f.part}:{f.life}"))
        notices.append(UserNotice(path, EVENT_WEAR_DUE, None, {
            "deviceId": f.device_id, "part": f.part, "dueDate": values["day"],
            "url": f"/wear/index?deviceId={f.device_id}"}, _texts(values)))
    await insert_messages(db, messages)
    await queue_user_notices(db, notices, now)
    await db.commit()
    return len(told)


async def scan(db: AsyncSession, now: datetime | None = None, device_ids: Sequence[int] | None = None) -> int:
    """One round: refresh the stored forecasts, then tell what came due; answers how many were told."""
    now = now or utcnow()
    await service.refresh(db, now, device_ids)
    return await tell_due(db, now, device_ids)


async def _scan_once(database: Database) -> int:
    async with database.sessions() as db:
        return await scan(db)


def start_wear_scan(database: Database, every: float = SCAN_EVERY_SECONDS,
                    first_after: float = FIRST_SCAN_AFTER_SECONDS) -> asyncio.Task[None]:
    return start_scanning(database, "wear-forecast", _scan_once, every, first_after)  # one worker scans


async def stop_wear_scan(task: asyncio.Task[None]) -> None:
    await stop_task(task)
