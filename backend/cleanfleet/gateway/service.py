"""The live state writes: heartbeats in batches (one executemany per batch), offline marks, the sweep.

All statements are conditional single UPDATEs, so several gateways (workers) may run them at once: the
sweep's ``online AND heartbeat_at < cutoff`` turns a device offline exactly once, and answers which.

A robot's row is not written for every heartbeat (issue 37 item 1; docs/domains/robots.md "Live state"): the consoles
are told every heartbeat, but the row is written at once only when what a reader of ``device_states`` acts on
changed (``beat_key``: battery as stored, charging, mode, map, task, state; online comes back through
``mark_came_online``, a run's start through ``runs_started``, both checked on every heartbeat), and otherwise at
most every ``refresh`` seconds per robot (``LatestRows``): progress, pose and ``heartbeat_at`` may be that far
behind. Each gateway keeps its own memory of what it wrote; a robot whose messages reach several gateways is
written by each of them at least that often, so the row is never more than ``refresh`` seconds behind the robot.
"""

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, cast

import orjson
from sqlalchemy import Table, bindparam, case, select, update
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


def beat_key(beat: dict[str, Any]) -> tuple[Any, ...]:
    """What the readers of ``device_states`` act on, from a checked heartbeat (as ``beat_row`` stores it): battery
    (versions/windows.py: low battery), charging, mode, map, task and state (monitor/states.py, screen,
    interop/massrobotics.py, versions/windows.py). A change of any of them is written at once; progress, pose and
    the heartbeat's time only every ``LatestRows.refresh`` seconds."""
    battery = beat["battery"]
    return (None if battery is None else round(battery), beat["charging"] is True, beat["mode"] or "",
            beat["map"] or "", beat["task"] or "", beat["state"] or "")


class LatestRows:
    """What this gateway last wrote of each robot's row, and when (the batch's time, UTC): ``due`` tells whether a
    heartbeat must be written now. A robot not written here yet, whose ``beat_key`` changed, or written ``refresh``
    seconds ago or more (or at a time after ``now``: the clock went back) is due. ``refresh`` 0: every heartbeat.
    Bounded by the fleet (one entry per robot heard)."""

    def __init__(self, refresh: float) -> None:
        self.refresh = refresh
        self._written: dict[int, tuple[tuple[Any, ...], datetime]] = {}

    def due(self, device_id: int, key: tuple[Any, ...], now: datetime) -> bool:
        last = self._written.get(device_id)
        if last is None or last[0] != key:
            return True
        age = (now - last[1]).total_seconds()
        return not 0 <= age < self.refresh

    def remember(self, written: Sequence[tuple[int, tuple[Any, ...]]], now: datetime) -> None:
        """The rows written (device id, key), once their transaction committed. A robot written here for the first
        time is remembered as written up to ``refresh`` seconds earlier, by a fraction of its own (``_phase``): the
        robots that came in together (a start, a reconnect storm) then refresh spread over the whole period, not all
        in the same batch every ``refresh`` seconds (10,000 rows at once, a stall of the live view on PostgreSQL).
        Earlier, never later: no row waits longer than ``refresh``."""
        for device_id, key in written:
            at = now if device_id in self._written else now - timedelta(seconds=self.refresh * _phase(device_id))
            self._written[device_id] = (key, at)

    def forget(self, device_ids: Sequence[int]) -> None:
        """Robots that went offline: their next heartbeat is written whatever it says."""
        for device_id in device_ids:
            self._written.pop(device_id, None)


def _phase(device_id: int) -> float:
    """A fraction in [0, 1) of the robot's own, evenly spread over the fleet (the golden ratio's sequence)."""
    return (device_id * 0.6180339887498949) % 1.0


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


def _of_ids(dialect: Any) -> str:
    """The condition "device_id is one of the list bound as the statement's one parameter" (``_ids_bound``): the
    statement stays the same whatever the batch's size, so neither SQLAlchemy nor the database builds one with
    thousands of parameters every batch."""
    if dialect.name == "postgresql":
        return "device_id = ANY($1::bigint[])" if dialect.paramstyle == "numeric_dollar" \
            else "device_id = ANY(%s::bigint[])"
    return "device_id IN (SELECT value FROM json_each(?))"


def _ids_bound(dialect: Any, device_ids: Sequence[int]) -> tuple[Any]:
    return (list(device_ids),) if dialect.name == "postgresql" else (orjson.dumps(list(device_ids)).decode(),)


async def _ids_query(db: AsyncSession, statement: str, device_ids: Sequence[int]) -> list[int]:
    """``statement`` (its ``{ids}`` filled by ``_of_ids``) on ``device_ids``: the device ids it answers."""
    conn = await db.connection()
    dialect = conn.dialect
    true = "true" if dialect.name == "postgresql" else "1"
    result = await conn.exec_driver_sql(statement.format(ids=_of_ids(dialect), true=true),
                                        _ids_bound(dialect, device_ids))
    return [row[0] for row in result]


async def lock_states(db: AsyncSession, device_ids: Sequence[int]) -> None:
    """On PostgreSQL, the batch's ``device_states`` rows locked first, in device id order: the batch's statements
    (online, starts, heartbeats, reports' totals) each touch its rows in their own order, and two workers' batches
    sharing robots then waited for each other (a deadlock, seen with 10,000 robots on two workers). Taken in one
    order up front, a second batch waits for the first and never holds a row the first needs. SQLite has one writer."""
    conn = await db.connection()
    if conn.dialect.name == "postgresql" and device_ids:
        await _ids_query(db, "SELECT device_id FROM device_states WHERE {ids} ORDER BY device_id FOR UPDATE",
                         sorted(set(device_ids)))


async def mark_came_online(db: AsyncSession, device_ids: Sequence[int]) -> list[int]:
    """Of the devices heard from, those that were offline, now online (one conditional UPDATE: each transition
    answered once, whichever gateway wrote it); the batch's own writes set the rest of their state."""
    if not device_ids:
        return []
    return await _ids_query(db, "UPDATE device_states SET online = {true} WHERE {ids} AND NOT online "
                                "RETURNING device_id", device_ids)


STARTS_PER_CLAIM = 1000  # robots whose starts one UPDATE claims (three parameters each)


async def runs_started(db: AsyncSession, beats: Sequence[tuple[int, str, str]], at: datetime) -> list[int]:
    """``run.started`` for each robot whose heartbeat names a task (``beats``: device id, task, map) where its
    stored state named none: one SELECT per batch finds them, then a conditional UPDATE claims the starts (a start
    is told once, whichever gateway wrote it), a thousand robots a statement: starts are rare, but a whole fleet
    may start at once. Called before the batch's own writes. A robot going from one task straight into another is
    not a start here (its report ends the first run). Answers the robots whose start it claimed."""
    running = {device_id: (task, map_name) for device_id, task, map_name in beats if task}
    if not running:
        return []
    idle = await _ids_query(db, "SELECT device_id FROM device_states WHERE {ids} AND task_name = ''", list(running))
    started: list[int] = []
    for first in range(0, len(idle), STARTS_PER_CLAIM):
        tasks = {device_id: running[device_id][0] for device_id in idle[first:first + STARTS_PER_CLAIM]}
        claimed = await db.execute(update(_states)
                                   .where(_states.c.device_id.in_(list(tasks)), _states.c.task_name == "")
                                   .values(task_name=case(tasks, value=_states.c.device_id))
                                   .returning(_states.c.device_id))
        started.extend(row[0] for row in claimed)
    if not started:
        return []
    rows = await db.execute(select(Device.id, Device.serial_number, Device.name, Device.owner_path)
                            .where(Device.id.in_(started)))
    await tell(db, [Fact("run.started", row.owner_path, {
        "robotId": row.id, "serialNumber": row.serial_number, "name": row.name or "",
        "taskName": running[row.id][0], "mapName": running[row.id][1], "startedAt": at}, at) for row in rows])
    return started


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
    return [routed(path, LiveDevice(deviceId=device_id, deviceSerialNumber=sn, online=0))
            for device_id, sn, path in rows]
