"""Alarm rows written straight into the database, as the gateway would store them."""

import itertools
import uuid
from datetime import datetime, timedelta
from typing import Any

from cleanfleet.core.db import utcnow
from cleanfleet.warn.counts import count_added
from cleanfleet.warn.models import STATE_UNRESOLVED, Alarm

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
