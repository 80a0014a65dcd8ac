"""Alarm rows written straight into the database, as the gateway would store them."""

import itertools
import uuid
from datetime import datetime, timedelta
from typing import Any

from cleanfleet.core.db import utcnow
from cleanfleet.users.models import User
from cleanfleet.warn.counts import count_added
from cleanfleet.warn.models import STATE_UNRESOLVED, Alarm
from cleanfleet.warn.notify import NotifyPolicy
from cleanfleet.warn.service import AlarmMessage, store_alarms

_numbers = itertools.count(1)


async def add_alarm(db: Any, device_id: int, *, key: str = "replan_failed", code: str = "0x0205",
                    state: int = STATE_UNRESOLVED, at: datetime | None = None, ago: float = 0) -> Alarm:
    """One stored alarm of a device (raised ``ago`` seconds before ``at`` or now)."""
    n = next(_numbers)
    alarm = Alarm(device_id=device_id, msg_id=f"test-{uuid.uuid4().hex}", robot_alarm_id=f"A{n}", key=key,
                  code=code, kind="fault" if code else "message", level=3 if code else 2,
                  content=key.replace("_", " "), raised_at=(at or utcnow()) - timedelta(seconds=ago),
                  state=state)
    db.add(alarm)
    await db.flush()
    await count_added(db, [alarm])  # as every writer does
    await db.commit()
    return alarm


async def raise_alarms(app: Any, device: Any, count: int = 1, *, key: str = "lidar_dock_failed",
                       code: str = "0x0610", policy: NotifyPolicy | None = None, at: Any = None) -> list[dict]:
    """``count`` new alarms of ``device`` stored as the gateway stores a batch (one transaction)."""
    at = at or utcnow()
    messages = [AlarmMessage(device.id, device.serial_number, device.owner_path,
                             f"{device.serial_number}-{uuid.uuid4().hex}", "raise", f"A{uuid.uuid4().hex[:8]}", key,
                             code, None, "fault", "alarm", key, at)
                for _ in range(count)]
    async with app.state.db.sessions() as db:
        events = await store_alarms(db, messages, policy)
        await db.commit()
    return events


async def set_user(db: Any, user: Any, **values: Any) -> None:
    row = await db.get(User, user.id)
    for name, value in values.items():
        setattr(row, name, value)
    await db.commit()
