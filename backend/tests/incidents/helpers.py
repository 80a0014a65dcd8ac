"""Alarms stored as the gateway stores them, and the incidents they make."""

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import select

from cleanfleet.core.db import utcnow
from cleanfleet.incidents.models import Incident, IncidentSend
from cleanfleet.warn.service import AlarmMessage, store_alarms

STUCK = ("replan_failed", "0x0205")


async def robot_alarm(app: Any, device: Any, action: str = "raise", *, key: str = STUCK[0], code: str = STUCK[1],
                      at: datetime | None = None, robot_alarm_id: str | None = None) -> str:
    """One alarm message of the robot (raise or clear) stored in one transaction; answers its robot alarm id."""
    alarm_id = robot_alarm_id or f"A{uuid.uuid4().hex[:8]}"
    message = AlarmMessage(device.id, device.serial_number, device.owner_path, f"{device.serial_number}-"
                           f"{uuid.uuid4().hex}", action, alarm_id, key, code, None, "fault", "alarm", key,
                           at or utcnow())
    async with app.state.db.sessions() as db:
        await store_alarms(db, [message])
        await db.commit()
    return alarm_id


async def incidents_of(app: Any, device: Any) -> list[Incident]:
    async with app.state.db.sessions() as db:
        return list(await db.scalars(select(Incident).where(Incident.device_id == device.id).order_by(Incident.id)))


async def sends_of(app: Any, incident_id: int) -> list[IncidentSend]:
    async with app.state.db.sessions() as db:
        return list(await db.scalars(select(IncidentSend).where(IncidentSend.incident_id == incident_id)
                                     .order_by(IncidentSend.id)))
