"""The certificate scan: one worker (``core.leader``, job ``certificate-scan``) marks certificates past their end
``expired`` and tells the owner of a robot whose active certificate ends within ``robot_cert_warn_days`` (14 by
default; a healthy robot renews at two thirds of 90 days, so a notice means the robot stopped renewing): one
message in the owner's message centre, once per certificate (its dedup key), shown in the reader's language.
"""

import asyncio
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.certificates.models import ACTIVE, EXPIRED, SUPERSEDED, RobotCertificate
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import start_scanning, stop_task
from cleanfleet.devices.models import Device
from cleanfleet.messages.service import insert_messages, message_row
from cleanfleet.settings import Settings

SCAN_EVERY_SECONDS = 3600.0
FIRST_SCAN_AFTER_SECONDS = 30.0
KIND = "certificate_expiring"


async def scan(db: AsyncSession, warn_days: int, now: datetime | None = None) -> int:
    """One round; answers how many notices it wrote."""
    now = now or utcnow()
    await db.execute(update(RobotCertificate).where(RobotCertificate.state.in_((ACTIVE, SUPERSEDED)),
                                                    RobotCertificate.not_after <= now).values(state=EXPIRED))
    rows = (await db.execute(
        select(RobotCertificate.id, RobotCertificate.not_after, Device.id, Device.user_id, Device.name,
               Device.serial_number)
        .join(Device, Device.id == RobotCertificate.device_id)
        .where(RobotCertificate.state == ACTIVE, RobotCertificate.not_after <= now + timedelta(days=warn_days)))).all()
    messages = [message_row(owner, device_id, KIND, {"device": name, "serial": serial, "time": end.isoformat()},
                            f"certificate:{cert_id}", now)
                for cert_id, end, device_id, owner, name, serial in rows]
    told = await insert_messages(db, messages)
    await db.commit()
    return told


def start_certificate_scan(database: Database, settings: Settings, every: float = SCAN_EVERY_SECONDS,
                           first_after: float = FIRST_SCAN_AFTER_SECONDS) -> asyncio.Task[None]:
    async def once(db_: Database) -> int:
        async with db_.sessions() as db:
            return await scan(db, settings.robot_cert_warn_days)

    return start_scanning(database, "certificate-scan", once, every, first_after)


async def stop_certificate_scan(task: asyncio.Task[None]) -> None:
    await stop_task(task)
