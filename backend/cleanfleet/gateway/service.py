"""The live state writes: heartbeats in batches (one executemany per batch), offline marks, the sweep.

All statements are conditional single UPDATEs, so several gateways (workers) may run them at once: the
sweep's ``online AND heartbeat_at < cutoff`` turns a device offline exactly once, and answers which.
"""

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.bus import Fact, tell
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.realtime.published import routed
from cleanfleet.realtime.schemas import LiveDevice

_states = cast(Table, DeviceState.__table__)
_devices = cast(Table, Device.__table__)

_ONLINE = update(_states).where(_states.c.device_id == bindparam("s_id")).values(
    online=True, heartbeat_at=bindparam("s_at"))
_VERSIONS = update(_devices).where(_devices.c.id == bindparam("d_id")).values(
    protocol_version=bindparam("d_protocol"), firmware_version=bindparam("d_firmware"),
    soft_version=bindparam("d_soft"), pad_version=bindparam("d_pad"))


_BEAT_COLUMNS = ("battery", "charging", "mode", "map_name", "task_name", "progress", "pose_x", "pose_y", "pose_yaw",
                 "activity", "heartbeat_at")


def beat_row(beat: dict[str, Any]) -> tuple[Any, ...]:
    """A checked heartbeat's values (``payloads.decode``'s, absent fields None) in ``_BEAT_COLUMNS`` order
    (heartbeat_at is the batch's, added when written): the robot's message, not what the consoles are told."""
    pose = beat["pose"] or {}
    battery = beat["battery"]
    return (None if battery is None else round(battery), beat["charging"] is True, beat["mode"] or "",
            beat["map"] or "", beat["task"] or "", beat["progress"], pose.get("x"), pose.get("y"), pose.get("yaw"),
            beat["state"] or "")


def _beat_statement(dialect: Any) -> str:
    """One UPDATE by device id in the driver's own placeholders: executemany straight to the driver."""
    names = (*_BEAT_COLUMNS, "device_id")
    marks = [f"${i}" for i in range(1, len(names) + 1)] if dialect.paramstyle == "numeric_dollar" \
        else ["?"] * len(names)
    sets = ", ".join(f"{name} = {mark}" for name, mark in zip(_BEAT_COLUMNS, marks, strict=False))
    return f"UPDATE device_states SET online = {'true' if dialect.name == 'postgresql' else '1'}, {sets} " \
           f"WHERE device_id = {marks[-1]}"


async def write_beats(db: AsyncSession, rows: Sequence[tuple[Any, ...]], ids: Sequence[int], at: datetime) -> None:
    """The batch's heartbeats: one executemany, no per-row SQL building (the hot path of the gateway)."""
    if not rows:
        return
    conn = await db.connection()
    dialect = conn.dialect
    stored_at = _states.c.heartbeat_at.type._cached_bind_processor(dialect)  # type: ignore[attr-defined]
    at_value = stored_at(at) if stored_at else at
    await conn.exec_driver_sql(_beat_statement(dialect), [(*row, at_value, device_id)
                                                          for row, device_id in zip(rows, ids, strict=True)])


async def write_online(db: AsyncSession, rows: Sequence[dict[str, Any]]) -> None:
    if rows:
        await db.execute(_ONLINE, list(rows))


async def write_versions(db: AsyncSession, rows: Sequence[dict[str, Any]]) -> None:
    if rows:
        await db.execute(_VERSIONS, list(rows))


async def mark_came_online(db: AsyncSession, device_ids: Sequence[int]) -> list[int]:
    """Of the devices heard from, those that were offline, now online (one conditional UPDATE: each transition
    answered once, whichever gateway wrote it); the batch's own writes set the rest of their state."""
    if not device_ids:
        return []
    result = await db.execute(update(_states).where(_states.c.device_id.in_(list(device_ids)), ~_states.c.online)
                              .values(online=True).returning(_states.c.device_id))
    return [row[0] for row in result]


async def runs_started(db: AsyncSession, beats: Sequence[tuple[int, str, str]], at: datetime) -> None:
    """``run.started`` for each robot whose heartbeat names a task (``beats``: device id, task, map) where its
    stored state named none: one SELECT per batch finds them, then a conditional UPDATE per start claims it (a
    start is told once, whichever gateway wrote it; starts are rare, heartbeats are not). Called before the
    batch's own writes. A robot going from one task straight into another is not a start here (its report ends
    the first run)."""
    running = {device_id: (task, map_name) for device_id, task, map_name in beats if task}
    if not running:
        return
    idle = list(await db.scalars(select(_states.c.device_id).where(
        _states.c.device_id.in_(list(running)), _states.c.task_name == "")))
    started = []
    for device_id in idle:
        task = running[device_id][0]
        claimed = await db.execute(update(_states).where(_states.c.device_id == device_id, _states.c.task_name == "")
                                   .values(task_name=task))
        if claimed.rowcount == 1:  # type: ignore[attr-defined]
            started.append(device_id)
    if not started:
        return
    rows = await db.execute(select(Device.id, Device.serial_number, Device.name, Device.owner_path)
                            .where(Device.id.in_(started)))
    await tell(db, [Fact("run.started", row.owner_path, {
        "robotId": row.id, "serialNumber": row.serial_number, "name": row.name or "",
        "taskName": running[row.id][0], "mapName": running[row.id][1], "startedAt": at}, at) for row in rows])


async def presence_facts(db: AsyncSession, online: Sequence[int], offline: Sequence[int], at: datetime) -> None:
    """``robot.online`` / ``robot.offline`` for the integrations (core.bus ``FACTS_HAPPENED``, in this
    transaction)."""
    if not online and not offline:
        return
    rows = {row.id: row for row in await db.execute(select(Device.id, Device.serial_number, Device.name,
                                                             Device.owner_path)
                                                      .where(Device.id.in_([*online, *offline])))}
    facts = [Fact(event, row.owner_path, {"robotId": row.id, "serialNumber": row.serial_number,
                                          "name": row.name or "", "at": at}, at)
             for event, ids in (("robot.online", online), ("robot.offline", offline))
             for device_id in ids if (row := rows.get(device_id)) is not None]
    await tell(db, facts)


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
    """What the consoles are pushed about devices that went offline (routed to their owners)."""
    if not device_ids:
        return []
    rows = await db.execute(select(Device.id, Device.serial_number, Device.owner_path)
                            .where(Device.id.in_(list(device_ids))))
    return [routed(path, LiveDevice(deviceId=device_id, deviceSerialNumber=sn, online=False))
            for device_id, sn, path in rows]
