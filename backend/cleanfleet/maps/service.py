"""The maps domain's rules: the record of each robot's maps, deleting, download and import, map sync.

Decisions where the spec is silent (a fleet operator's view):
- The map list answers from the record while the robot is offline (``refreshed`` false) and refreshes it
  from the robot (``api2/map_list``) whenever it is asked while the robot is online; a refresh that fails
  (the robot went away meanwhile) still answers the record.
- Deleting a map that tasks or scheduled tasks use is refused naming them. Tasks, groups and scheduled tasks
  live on the robot (api-spec 7.9), so the robot is the one that knows and refuses, naming its tasks and
  scheduled tasks on that map; a server-side record that uses a map (none today) answers through
  ``register_usage`` and is named the same way. With ``force`` the map goes and the robot drops the tasks and
  scheduled tasks on it. A map the robot no longer has is simply dropped from the record; a map neither the
  robot nor the record has answers NOT_FOUND naming ``mapName``.
  The current map cannot be deleted (the robot refuses: load another map first).
- What uses a map (``inUse``, ``usedBy``): tasks, groups and schedules live on the robot, so each refresh of the
  list reads the robot's task list, scheduled tasks and elevator scheduled tasks once (three calls whatever the
  number of maps: ``read_usage``) and groups them by map into the record (``robot_maps.used_by``). While the
  robot is offline, or when those lists could not be read, the list answers what the robot last told
  (``usageRefreshed`` false). A robot that has no elevator scheduled tasks call (it answers an error) counts as
  having none. Names a server-side hook registers (``register_usage``) are added to ``inUse``.
- Import replaces a same-named map on the robot whole (the robot checks the drawing first: nothing is
  half-written); a running task on that map refuses it (stop all tasks first). A same-named map that the
  robot's tasks or schedules use is replaced only with ``replaceInUse``: without it the import is refused
  (CONFLICT on ``mapName``, naming them; its ``data`` lists them, ``MapInUseOut``), read from the robot just
  before the upload. Every CONFLICT of an import or a sync carries that data (``targets`` empty when the
  conflict is another one), so the console asks "replace anyway?" only for a map in use. An offline robot is refused
  before the file is looked at; the file is unpacked and checked off the event loop, at most one import per
  user and two per server worker at once (more answer RATE_LIMITED on ``file``: try again in a moment), with no
  database connection held meanwhile (``core/heavy.py``, ``archive.py`` for the file's bounds).
- Sync reads the map from the source robot now (it must be online) and sends it whole in one
  ``map_sync`` command per target. Before anything is sent, each target's same-named map is checked the same
  way (online targets read now, side by side; an offline or silent one from its record, ``fromRecord``): when
  any is in use and ``replaceInUse`` is not sent, the whole call is refused naming those targets and what uses
  the map there, and nothing is sent to any target (one confirmation for the whole sync; the operator may also
  take those targets out and send again). Send: the source's map read and the command handed to the broker.
  Receive: the target's acknowledgement and its ``map_sync`` job events (running, then success or
  failed). A target that is offline gets the command when it comes back (receive stays pending, the row says
  since when: ``waitingSince``). A failed row (either side) may be retried: the map is read again and sent with a
  new command id.
- Failure paths (issue 29): what the operator can fix in the call (a target that is the source, a map the source
  has not, the source offline, a map in use) is refused and nothing is stored. A send that fails once the call
  is valid (no robot link, the link refusing the command, the source robot not answering the map read) is stored
  as a *failed* row per target with its reason, so it shows in the sync list and can be retried. A target that
  has not taken the map (receive pending or running) within ``map_sync_expiry_hours`` (settings, 24 h) of the
  last word about it becomes *failed* ("did not come online"; ``expiresAt`` says when), checked whenever the rows
  are read or retried, and may be retried like any failed row; if the target still takes that command later, its
  success replaces the failure (the map is there after all).
- A failure reason the server writes is kept as ``@NAME {values}`` of ``texts.SYNC_REASONS`` and shown in the
  reader's language (``shown_message``); a robot's own words are shown as they came.
"""

import asyncio
import base64
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any, BinaryIO

from sqlalchemy import case, delete, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.audit import not_a_change
from cleanfleet.core.auth import Caller
from cleanfleet.core.bus import Handler
from cleanfleet.core.codes import Code
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.core.heavy import release_connection, run_heavy
from cleanfleet.core.language import caller_language
from cleanfleet.core.texts import Text, show_reason, store_reason
from cleanfleet.devices.access import get_device, get_devices
from cleanfleet.devices.models import Device
from cleanfleet.gateway.commands import CommandSender, new_cmd_id
from cleanfleet.maps import archive, names, robot, texts
from cleanfleet.maps.models import FAILED, PENDING, RUNNING, SUCCESS, MapSync, RobotMap
from cleanfleet.maps.robot import RobotHttp

UsageHook = Callable[[AsyncSession, int, str], Awaitable[list[str]]]
USAGE_HOOKS: list[UsageHook] = []
SYNC_PREFIX = "mapsync"
SYNC_LIST_LIMIT = 50
SYNC_EXPIRY = timedelta(hours=24)  # settings.map_sync_expiry_hours; the router passes the configured one
USAGE_KINDS = ("tasks", "schedules", "elevatorSchedules")
MAX_USERS = 200  # names kept per map and kind (a robot's answer is never trusted to be small)
Usage = dict[str, list[str]]


def register_usage(hook: UsageHook) -> None:
    """``hook(db, device_id, map_name)`` answers the names of what uses that map (tasks, scheduled tasks);
    the tasks domain registers one, so deleting a used map is refused naming them."""
    USAGE_HOOKS.append(hook)


async def users_of(db: AsyncSession, device_id: int, map_name: str) -> list[str]:
    names: list[str] = []
    for hook in USAGE_HOOKS:
        names.extend(await hook(db, device_id, map_name))
    return names


def _iso(moment: datetime) -> str:
    return moment.isoformat()


def no_users() -> Usage:
    return {kind: [] for kind in USAGE_KINDS}


def _stored_usage(row: RobotMap | None) -> Usage:
    stored = row.used_by if row is not None and isinstance(row.used_by, dict) else {}
    return {kind: [str(n) for n in stored.get(kind) or []] for kind in USAGE_KINDS}


def _names_of(usage: Usage) -> list[str]:
    return [name for kind in USAGE_KINDS for name in usage[kind]]


async def map_answer(db: AsyncSession, row: RobotMap) -> dict[str, Any]:
    usage = _stored_usage(row)
    in_use = list(dict.fromkeys([*_names_of(usage), *await users_of(db, row.device_id, row.name)]))
    return {"id": row.id, "deviceId": row.device_id, "mapName": row.name, "area": row.area, "width": row.width,
            "height": row.height, "resolution": row.resolution, "origin": [row.origin_x, row.origin_y],
            "sizeM": [round(row.width * row.resolution, 2), round(row.height * row.resolution, 2)],
            "version": row.version, "current": row.current, "inUse": in_use, "usedBy": usage,
            "floor": row.floor, "building": row.building,
            "imagePath": f"{robot.picture_path(row.name)}?v={row.version}",
            "changedAt": _iso(row.changed_at), "refreshedAt": _iso(row.refreshed_at)}


# --- the record -------------------------------------------------------------------------------------


def _number(value: Any, default: float = 0.0) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else default


def _text(value: Any) -> str:
    return str(value or "")[:128]


async def read_usage(http: RobotHttp, at: robot.Address) -> dict[str, Usage]:
    """What works on each of the robot's maps, from one read of its task list, scheduled tasks and elevator
    scheduled tasks (three calls, whatever the number of maps), by map name."""
    tasks = await robot.call(http, at, "task_list", api=at.task_api)
    schedules = await robot.call(http, at, "timetask_list", api=at.task_api)
    try:
        rides = await robot.call(http, at, "elevator_timetask_list", api=at.task_api)
    except ApiError as exc:
        if exc.code != Code.ROBOT_ERROR:  # a robot without that call has no elevator scheduled tasks
            raise
        rides = {}
    found: dict[str, dict[str, set[str]]] = {}

    def add(map_name: Any, kind: str, name: Any) -> None:
        if _text(map_name) and _text(name):
            found.setdefault(_text(map_name), {k: set() for k in USAGE_KINDS})[kind].add(_text(name))

    for task in tasks.get("task_info") or []:
        if isinstance(task, dict):
            add(task.get("map_name"), "tasks", task.get("task_name"))
    for schedule in schedules.get("timetask_info") or []:
        if isinstance(schedule, dict):
            add(schedule.get("map_name"), "schedules", schedule.get("name"))
    for ride in rides.get("timetask_info") or []:
        if isinstance(ride, dict):
            for leg in ride.get("floors") or []:
                if isinstance(leg, dict):
                    add(leg.get("map_name"), "elevatorSchedules", ride.get("name"))
    return {name: {kind: sorted(kinds[kind])[:MAX_USERS] for kind in USAGE_KINDS} for name, kinds in found.items()}


async def refresh(db: AsyncSession, http: RobotHttp, device: Device) -> bool:
    """Reads the robot's map list and what uses each map, and makes the record match (one commit). Answers
    whether the usage was read now (when the robot's task lists cannot be read, each map keeps its last)."""
    at = await robot.address(db, device)
    answer = await robot.call(http, at, "map_list", method="GET")
    try:
        usage: dict[str, Usage] | None = await read_usage(http, at)
    except ApiError:
        usage = None
    found = [m for m in answer.get("map_list") or [] if isinstance(m, dict) and str(m.get("map_name") or "")]
    rows = {r.name: r for r in await db.scalars(select(RobotMap).where(RobotMap.device_id == device.id))}
    now = utcnow()
    seen = set()
    for item in found:
        name = str(item["map_name"])[:128]
        seen.add(name)
        row = rows.get(name)
        if row is None:
            row = RobotMap(device_id=device.id, name=name, changed_at=now)
            db.add(row)
        version = int(_number(item.get("version"), 1))
        if row.version != version:
            row.changed_at = now
        origin = item.get("origin") or [0.0, 0.0]
        row.area, row.width, row.height = _number(item.get("area")), int(_number(item.get("width"))), \
            int(_number(item.get("height")))
        row.resolution = _number(item.get("resolution"), 0.05)
        row.origin_x, row.origin_y = _number(origin[0]), _number(origin[1] if len(origin) > 1 else 0.0)
        row.version, row.current = version, bool(item.get("current"))
        row.floor, row.building = int(_number(item.get("floor"), 1)), str(item.get("building") or "")[:128]
        row.refreshed_at = now
        if usage is not None:
            row.used_by = usage.get(name) or no_users()
    gone = [r.id for name, r in rows.items() if name not in seen]
    if gone:
        await db.execute(delete(RobotMap).where(RobotMap.id.in_(gone)))
    await db.commit()
    return usage is not None


async def list_maps(db: AsyncSession, http: RobotHttp, device: Device) -> dict[str, Any]:
    online = await robot.is_online(db, device)
    refreshed = usage_refreshed = False
    if online:
        try:
            with not_a_change(db):  # the robot's own maps copied in by a read: not the caller's change (oplog)
                usage_refreshed = await refresh(db, http, device)
            refreshed = True
        except ApiError:
            await db.rollback()
    rows = await db.scalars(select(RobotMap).where(RobotMap.device_id == device.id)
                            .order_by(RobotMap.current.desc(), RobotMap.name))
    return {"deviceId": device.id, "online": 1 if online else 0, "refreshed": refreshed,
            "usageRefreshed": usage_refreshed,
            "list": [await map_answer(db, row) for row in rows]}


async def map_by_id(db: AsyncSession, caller: Caller, map_id: int) -> tuple[Device, RobotMap]:
    row = await db.get(RobotMap, map_id)
    device = await db.get(Device, row.device_id) if row is not None else None
    if row is None or device is None or not caller.owns_path(device.owner_path):
        raise ApiError(Code.NOT_FOUND, f"id={map_id}", field="id")
    return device, row


async def delete_map(db: AsyncSession, http: RobotHttp, device: Device, name: str, force: bool) -> dict[str, Any]:
    """Deletes the map on the robot and in the record; refused naming what uses it unless ``force``."""
    if not force and (using := await users_of(db, device.id, name)):
        raise ApiError(Code.CONFLICT, texts.MAP_IN_USE, field="mapName", values={"map": name, "users": using})
    at = await robot.address(db, device)
    try:
        await robot.call(http, at, "map_del", json={"map_name": name, "force": int(force)}, busy=None)
    except ApiError as exc:
        if exc.code != Code.NOT_FOUND:  # a map the robot no longer has only leaves the record
            raise
        recorded = await db.scalar(select(RobotMap.id).where(RobotMap.device_id == device.id, RobotMap.name == name))
        if recorded is None:
            raise ApiError(Code.NOT_FOUND, texts.MAP_NOT_FOUND, field="mapName", values={"map": name}) from exc
    await db.execute(delete(RobotMap).where(RobotMap.device_id == device.id, RobotMap.name == name))
    await db.commit()
    return {"deviceId": device.id, "mapName": name}


# --- download and import ----------------------------------------------------------------------------


async def _read_map(db: AsyncSession, http: RobotHttp, device: Device, name: str) -> tuple[dict[str, Any], bytes]:
    at = await robot.address(db, device)
    info = await robot.call(http, at, "map_info", json={"map_name": name})
    return info, await robot.picture(http, at, str(info.get("map_name") or name))


async def download(db: AsyncSession, http: RobotHttp, device: Device, name: str) -> bytes:
    info, picture = await _read_map(db, http, device, name)
    return archive.build(info, picture)


def _in_use_data(name: str, targets: list[dict[str, Any]]) -> dict[str, Any]:
    return {"mapName": name, "targets": targets}


def _target_in_use(device: Device, usage: Usage, from_record: bool) -> dict[str, Any]:
    return {"deviceId": device.id, "deviceName": device.name, "serialNumber": device.serial_number,
            "fromRecord": from_record, "usedBy": usage}


def _with_in_use_data(exc: ApiError, name: str) -> None:
    """Every CONFLICT of an import or a sync carries ``MapInUseOut`` (no target: not a map in use)."""
    if exc.code == Code.CONFLICT and exc.data is None:
        exc.data = _in_use_data(name, [])


async def _live_usage(http: RobotHttp, at: robot.Address, name: str) -> Usage | None:
    """What uses the robot's map ``name`` now (None: the robot has no such map)."""
    listed = await robot.call(http, at, "map_list", method="GET")
    if not any(isinstance(m, dict) and _text(m.get("map_name")) == name for m in listed.get("map_list") or []):
        return None
    return (await read_usage(http, at)).get(name) or no_users()


async def import_map(db: AsyncSession, http: RobotHttp, caller: Caller, device: Device, upload: BinaryIO,
                     size: int | None, name: str | None, replace_in_use: bool = False) -> dict[str, Any]:
    """Puts the map of an archive on the robot (under ``name`` or the archive's own name).

    Cheap checks first: the robot online and reachable (DEVICE_OFFLINE before the file is looked at), the
    upload's size. Then the database connection goes back to the pool, and the archive is checked in a worker
    thread under the caller's and the server's limit (``core.heavy``); a same-named map in use is refused unless
    ``replace_in_use``; then it is sent to the robot and the record is refreshed in a new transaction."""
    at = await robot.address(db, device)
    archive.check_size(size)
    await release_connection(db)
    file = await run_heavy(caller.user_id, "file", archive.read, upload)
    target = names.check_map_name(name or file.name)
    try:
        if not replace_in_use and (usage := await _live_usage(http, at, target)) and _names_of(usage):
            raise ApiError(Code.CONFLICT, texts.REPLACE_IN_USE, field="mapName",
                           values={"map": target, "users": _names_of(usage)},
                           data=_in_use_data(target, [_target_in_use(device, usage, False)]))
        form, files = archive.upload_form(file, target)
        await robot.call(http, at, "map/Upload", data=form, files=files)
    except ApiError as exc:
        _with_in_use_data(exc, target)
        raise
    await refresh(db, http, device)
    row = await db.scalar(select(RobotMap).where(RobotMap.device_id == device.id, RobotMap.name == target))
    return {"deviceId": device.id, "mapName": target, "map": await map_answer(db, row) if row else None}


# --- sync -------------------------------------------------------------------------------------------


async def _sync_payload(db: AsyncSession, http: RobotHttp, source: Device, name: str) -> dict[str, Any]:
    info, picture = await _read_map(db, http, source, name)
    return archive.sync_payload(info, base64.b64encode(picture).decode())


def stored_message(reason: Text, values: dict[str, Any] | None = None) -> str:
    """How a reason the server writes is kept on a sync row: ``@NAME`` (of texts.SYNC_REASONS), then its values."""
    return store_reason(texts.SYNC_REASONS, reason, values)


def shown_message(stored: str) -> str:
    """A sync row's message in the reader's language (a robot's own words quoted after a translated lead); a row
    stored before the reasons were kept as keys is shown as it came."""
    shown = show_reason(texts.SYNC_REASONS, stored, caller_language())
    return stored if shown is None else shown


def _fail_send(row: MapSync, reason: Text, values: dict[str, Any] | None = None) -> None:
    row.send_state, row.receive_state = FAILED, PENDING
    row.message, row.updated_at = stored_message(reason, values)[:255], utcnow()


async def _send(commands: CommandSender, row: MapSync, target: Device, source: Device,
                payload: dict[str, Any]) -> None:
    try:
        await commands.send(target.serial_number, "map_sync",
                            {"direction": "download", "map_name": row.map_name, "source": source.serial_number,
                             "map": payload}, row.cmd_id)
    except Exception as exc:  # the link's own error kinds: the row says it failed, the others go on
        _fail_send(row, texts.SYNC_SEND_FAILED, {"detail": str(exc)[:160] or type(exc).__name__})
        return
    row.send_state = SUCCESS
    row.updated_at = utcnow()


async def _send_all(db: AsyncSession, http: RobotHttp, commands: CommandSender | None, source: Device,
                    rows: list[tuple[MapSync, Device]]) -> None:
    """Reads the map from the source and hands one command per target to the link; what fails on the way
    fails the rows (not the call): no link, or the source not answering (``ROBOT_TIMEOUT``, ``ROBOT_ERROR``).
    What the operator must fix (the map missing, the source offline) is still raised."""
    if commands is None:
        for row, _ in rows:
            _fail_send(row, texts.NO_ROBOT_LINK)
        return
    try:
        payload = await _sync_payload(db, http, source, rows[0][0].map_name)
    except ApiError as exc:
        if exc.code not in (Code.ROBOT_TIMEOUT, Code.ROBOT_ERROR):
            raise
        for row, _ in rows:
            _fail_send(row, texts.SYNC_SOURCE_SILENT)
        return
    for row, target in rows:
        await _send(commands, row, target, source, payload)


async def _targets_in_use(db: AsyncSession, http: RobotHttp, targets: list[Device],
                          name: str) -> list[dict[str, Any]]:
    """The targets whose map ``name`` is in use: online ones asked now side by side, the others (and those that
    do not answer) from their record."""
    records = {r.device_id: r for r in await db.scalars(select(RobotMap).where(
        RobotMap.device_id.in_([t.id for t in targets]), RobotMap.name == name))}
    addresses: dict[int, robot.Address] = {}
    for target in targets:
        try:
            addresses[target.id] = await robot.address(db, target)
        except ApiError:
            continue

    async def usage_of(target: Device) -> tuple[Device, Usage | None, bool]:
        at = addresses.get(target.id)
        if at is not None:
            try:
                return target, await _live_usage(http, at, name), False
            except ApiError:
                pass
        record = records.get(target.id)
        return target, (_stored_usage(record) if record is not None else None), True

    found = await asyncio.gather(*(usage_of(t) for t in targets))
    return [_target_in_use(t, usage, from_record) for t, usage, from_record in found
            if usage is not None and _names_of(usage)]


def _target_line(entry: dict[str, Any]) -> str:
    return f"{entry['deviceName'] or entry['serialNumber']} ({', '.join(_names_of(entry['usedBy']))})"


async def start_sync(db: AsyncSession, http: RobotHttp, commands: CommandSender | None, caller: Caller,
                     source: Device, name: str, target_ids: list[int], replace_in_use: bool = False,
                     expiry: timedelta = SYNC_EXPIRY) -> list[dict[str, Any]]:
    if source.id in target_ids:
        raise ApiError(Code.BAD_PARAMETER, texts.SOURCE_IS_TARGET, field="targetDeviceIds")
    try:
        targets = await get_devices(db, caller, target_ids, field="targetDeviceIds")
        if not replace_in_use and (used := await _targets_in_use(db, http, targets, name)):
            raise ApiError(Code.CONFLICT, texts.SYNC_IN_USE, field="mapName",
                           values={"map": name, "targets": "; ".join(_target_line(e) for e in used)},
                           data=_in_use_data(name, used))
        await robot.address(db, source)  # the source offline: refused, nothing stored
        rows = [MapSync(source_device_id=source.id, target_device_id=t.id, map_name=name,
                        cmd_id=new_cmd_id(SYNC_PREFIX), send_state=RUNNING, receive_state=PENDING, progress=0,
                        message="", attempts=1, user_id=caller.user_id) for t in targets]
        await _send_all(db, http, commands, source, list(zip(rows, targets, strict=True)))
    except ApiError as exc:
        _with_in_use_data(exc, name)
        raise
    db.add_all(rows)
    await db.commit()
    return [await sync_answer(db, row, expiry) for row in rows]


def _expired(row: MapSync, expiry: timedelta, now: datetime) -> bool:
    return row.send_state == SUCCESS and row.receive_state in (PENDING, RUNNING) and row.updated_at + expiry <= now


async def _expire(db: AsyncSession, rows: list[MapSync], expiry: timedelta) -> None:
    """Fails the targets that have not taken their map within ``expiry`` of the last word about them."""
    now = utcnow()
    stale = [row for row in rows if _expired(row, expiry, now)]
    if not stale:
        return
    hours = round(expiry.total_seconds() / 3600, 1)
    message = stored_message(texts.SYNC_EXPIRED, {"hours": int(hours) if hours.is_integer() else hours})
    with not_a_change(db):  # the server's own timer, not the caller's change (oplog)
        for row in stale:
            row.receive_state, row.message, row.updated_at = FAILED, message, now
        await db.commit()


async def retry_sync(db: AsyncSession, http: RobotHttp, commands: CommandSender | None, caller: Caller,
                     sync_id: int, expiry: timedelta = SYNC_EXPIRY) -> dict[str, Any]:
    row = await db.get(MapSync, sync_id)
    source = await db.get(Device, row.source_device_id) if row else None
    target = await db.get(Device, row.target_device_id) if row else None
    if row is None or source is None or target is None or not caller.owns_path(source.owner_path) \
            or not caller.owns_path(target.owner_path):
        raise ApiError(Code.NOT_FOUND, f"id={sync_id}", field="id")
    await _expire(db, [row], expiry)
    if FAILED not in (row.send_state, row.receive_state):
        raise ApiError(Code.CONFLICT, texts.SYNC_STILL_RUNNING, field="id")
    await robot.address(db, source)
    row.cmd_id, row.attempts = new_cmd_id(SYNC_PREFIX), row.attempts + 1
    row.send_state, row.receive_state, row.progress, row.message = RUNNING, PENDING, 0, ""
    await _send_all(db, http, commands, source, [(row, target)])
    await db.commit()
    return await sync_answer(db, row, expiry)


async def list_syncs(db: AsyncSession, caller: Caller, device: Device,
                     expiry: timedelta = SYNC_EXPIRY) -> list[dict[str, Any]]:
    """The newest syncs from or to this robot (both ends visible to the caller); targets past ``expiry`` fail."""
    rows = list(await db.scalars(select(MapSync).where(or_(MapSync.source_device_id == device.id,
                                                           MapSync.target_device_id == device.id))
                                 .order_by(MapSync.created_at.desc(), MapSync.id.desc()).limit(SYNC_LIST_LIMIT)))
    await _expire(db, rows, expiry)
    answers = []
    for row in rows:
        try:
            await get_device(db, caller, row.source_device_id)
            await get_device(db, caller, row.target_device_id)
        except ApiError:
            continue
        answers.append(await sync_answer(db, row, expiry))
    return answers


async def sync_answer(db: AsyncSession, row: MapSync, expiry: timedelta = SYNC_EXPIRY) -> dict[str, Any]:
    source = await db.get(Device, row.source_device_id)
    target = await db.get(Device, row.target_device_id)
    waiting = row.send_state == SUCCESS and row.receive_state in (PENDING, RUNNING)
    return {"id": row.id, "sourceDeviceId": row.source_device_id, "sourceName": source.name if source else "",
            "targetDeviceId": row.target_device_id, "targetName": target.name if target else "",
            "targetSerialNumber": target.serial_number if target else "", "mapName": row.map_name,
            "sendState": row.send_state, "receiveState": row.receive_state, "progress": row.progress,
            "message": shown_message(row.message), "attempts": row.attempts, "createdAt": _iso(row.created_at),
            "updatedAt": _iso(row.updated_at), "waitingSince": _iso(row.updated_at) if waiting else None,
            "expiresAt": _iso(row.updated_at + expiry) if waiting else None}


def event_change(event: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]] | None:
    """What a target's ack or job event changes on its sync row, and in which receive states it may: an
    outcome is final, so a late or repeated event never turns success or failure back into running (the
    condition is part of the UPDATE: events handled side by side cannot undo each other)."""
    kind, state, now = event.get("kind"), event.get("state"), utcnow()
    progress = event.get("progress")
    open_states = (PENDING, RUNNING)
    if kind == "cmd_ack":
        if event.get("code") == 0:
            return {"receive_state": RUNNING, "updated_at": now}, (PENDING,)
        said = str(event.get("msg") or "refused")[:200]
        return {"receive_state": FAILED, "message": stored_message(texts.SYNC_ROBOT_REFUSED, {"said": said})[:255],
                "updated_at": now}, open_states
    if kind != "map_sync" or state not in ("syncing", "finished", "failed", "cancelled"):
        return None
    if state == "syncing":
        done = int(progress) if isinstance(progress, int | float) else 0
        return {"receive_state": RUNNING, "updated_at": now,
                "progress": case((MapSync.progress < done, done), else_=MapSync.progress)}, open_states
    if state == "finished":
        # also over an expiry (the target came back late and took the map): the map is there
        return {"receive_state": SUCCESS, "progress": 100, "message": "", "updated_at": now}, (*open_states, FAILED)
    outcome = texts.SYNC_ROBOT_CANCELLED if state == "cancelled" else texts.SYNC_ROBOT_FAILED
    return {"receive_state": FAILED, "message": stored_message(outcome), "updated_at": now}, open_states


def sync_event_handler(database: Database) -> Handler:
    """The bus handler of robot events (core.bus.ROBOT_EVENTS) for map sync rows."""

    async def handle(event: dict[str, Any]) -> None:
        cmd_id = str(event.get("cmdId") or "")
        if not cmd_id.startswith(SYNC_PREFIX + "-"):
            return
        change = event_change(event)
        if change is None:
            return
        values, states = change
        async with database.sessions() as db:
            await db.execute(update(MapSync).where(MapSync.cmd_id == cmd_id,
                                                   MapSync.target_device_id == event.get("deviceId"),
                                                   MapSync.receive_state.in_(states)).values(**values))
            await db.commit()

    return handle
