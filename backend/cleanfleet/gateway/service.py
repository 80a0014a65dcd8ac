"""The live state writes: heartbeats in batches (one executemany per batch), offline marks, the sweep.

All statements are conditional single UPDATEs, so several gateways (workers) may run them at once: the
sweep's ``online AND heartbeat_at < cutoff`` turns a device offline exactly once, and answers which.
"""

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.devices.models import Device, DeviceState

_states = cast(Table, DeviceState.__table__)
_devices = cast(Table, Device.__table__)

_BEAT = update(_states).where(_states.c.device_id == bindparam("s_id")).values(
    online=True, battery=bindparam("s_battery"), charging=bindparam("s_charging"), mode=bindparam("s_mode"),
    map_name=bindparam("s_map"), task_name=bindparam("s_task"), progress=bindparam("s_progress"),
    pose_x=bindparam("s_x"), pose_y=bindparam("s_y"), pose_yaw=bindparam("s_yaw"), heartbeat_at=bindparam("s_at"),
)
_ONLINE = update(_states).where(_states.c.device_id == bindparam("s_id")).values(
    online=True, heartbeat_at=bindparam("s_at"))
_VERSIONS = update(_devices).where(_devices.c.id == bindparam("d_id")).values(
    protocol_version=bindparam("d_protocol"), firmware_version=bindparam("d_firmware"),
    soft_version=bindparam("d_soft"), pad_version=bindparam("d_pad"))


def beat_row(state: dict[str, Any], at: datetime) -> dict[str, Any]:
    pose = state["pose"]
    battery = state["battery"]
    return {
        "s_id": state["deviceId"], "s_battery": None if battery is None else round(battery),
        "s_charging": state["charging"], "s_mode": state["mode"], "s_map": state["map"], "s_task": state["task"],
        "s_progress": state["progress"], "s_x": pose["x"], "s_y": pose["y"], "s_yaw": pose["yaw"], "s_at": at,
    }


async def write_beats(db: AsyncSession, rows: Sequence[dict[str, Any]]) -> None:
    if rows:
        await db.execute(_BEAT, list(rows))


async def write_online(db: AsyncSession, rows: Sequence[dict[str, Any]]) -> None:
    if rows:
        await db.execute(_ONLINE, list(rows))


async def write_versions(db: AsyncSession, rows: Sequence[dict[str, Any]]) -> None:
    if rows:
        await db.execute(_VERSIONS, list(rows))


async def mark_offline(db: AsyncSession, device_ids: Sequence[int]) -> list[int]:
    """Devices that said goodbye (or whose will fired); answers those that were online."""
    if not device_ids:
        return []
    result = await db.execute(update(_states).where(_states.c.device_id.in_(list(device_ids)), _states.c.online)
                              .values(online=False).returning(_states.c.device_id))
    return [row[0] for row in result]


async def sweep_offline(db: AsyncSession, cutoff: datetime) -> list[int]:
    """Online devices silent since before ``cutoff`` go offline; answers which (each exactly once)."""
    stale = (_states.c.heartbeat_at.is_(None)) | (_states.c.heartbeat_at < cutoff)
    result = await db.execute(update(_states).where(_states.c.online, stale).values(online=False)
                              .returning(_states.c.device_id))
    return [row[0] for row in result]


async def offline_events(db: AsyncSession, device_ids: Sequence[int]) -> list[dict[str, Any]]:
    """What the consoles are pushed about devices that went offline."""
    if not device_ids:
        return []
    rows = await db.execute(select(Device.id, Device.serial_number, Device.owner_path)
                            .where(Device.id.in_(list(device_ids))))
    return [{"ownerPath": path, "deviceId": device_id, "deviceSerialNumber": sn, "online": False}
            for device_id, sn, path in rows]
