"""A small fleet with dated records for the retention tests: robots of a dealer with alarms, logs (with stored
files) and backups of given ages."""

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select

from cleanfleet.robotdata.models import FINISHED, SYNCHRONISED, DataBackup, DeviceLog
from cleanfleet.storage import service as storage
from cleanfleet.storage.models import StoredFile
from cleanfleet.warn.models import Alarm
from cleanfleet.warn.notify import NotifyPolicy
from cleanfleet.warn.service import AlarmMessage, store_alarms
from tests.gateway.helpers import robot_device

NOW = datetime.now(UTC)


def ago(days: float) -> datetime:
    return NOW - timedelta(days=days)


async def a_robot(app: Any, owner: Any) -> Any:
    async with app.state.db.sessions() as db:
        return await robot_device(db, owner, f"RT{uuid.uuid4().hex[:10].upper()}")


async def alarms_aged(app: Any, device: Any, *ages: float) -> None:
    """One alarm raised ``age`` days ago for each age (stored as the gateway stores them: day counts too)."""
    messages = [AlarmMessage(device_id=device.id, serial_number=device.serial_number, owner_path=device.owner_path,
                             msg_id=f"rt-{uuid.uuid4().hex}", action="raise", robot_alarm_id=uuid.uuid4().hex[:12],
                             key="lidar_dock_failed", code="0x0610", code_num=0x0610, kind="fault", type="alarm",
                             content="lidar_dock_failed", at=ago(age)) for age in ages]
    async with app.state.db.sessions() as db:
        await store_alarms(db, messages, NotifyPolicy())
        await db.commit()


async def alarm_ages(app: Any, device: Any) -> list[int]:
    async with app.state.db.sessions() as db:
        moments = await db.scalars(select(Alarm.raised_at).where(Alarm.device_id == device.id))
        return sorted(round((NOW - moment).total_seconds() / 86400) for moment in moments)


async def log_aged(app: Any, device: Any, age: float) -> tuple[int, str]:
    """A synchronised device log made ``age`` days ago, with its stored file; answers (its id, the file's key)."""
    async with app.state.db.sessions() as db:
        stored = await storage.save(db, app.state.store, b"log line\n" * 10, kind="device-log", extension="log",
                                    content_type="text/plain", owner_user_id=None, public=False)
        row = DeviceLog(device_id=device.id, log_type="pad", file_name=f"{uuid.uuid4().hex}.log", status=SYNCHRONISED,
                        file_id=stored.id, created_at=ago(age), updated_at=ago(age), size=stored.size)
        db.add(row)
        await db.commit()
        return row.id, stored.key


async def backup_aged(app: Any, device: Any, age: float) -> tuple[int, str]:
    async with app.state.db.sessions() as db:
        stored = await storage.save(db, app.state.store, b"PK" + b"0" * 64, kind="backup", extension="zip",
                                    content_type="application/zip", owner_user_id=None, public=False)
        row = DataBackup(device_id=device.id, file_name="backup.zip", status=FINISHED, job_id=uuid.uuid4().hex[:16],
                         file_id=stored.id, created_at=ago(age), updated_at=ago(age), size=stored.size)
        db.add(row)
        await db.commit()
        return row.id, stored.key


async def stored_count(app: Any, key: str) -> int:
    async with app.state.db.sessions() as db:
        return int(await db.scalar(select(func.count()).select_from(StoredFile).where(StoredFile.key == key)) or 0)


def on_disk(app: Any, key: str) -> bool:
    return (app.state.settings.files_root / key).exists()
