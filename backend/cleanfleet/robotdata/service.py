"""Device logs and data backups: the rules, scoped to the caller (a robot of another branch answers NOT_FOUND).

How a file moves (decided here, the spec names only the calls and the states):

- The server asks the robot over its web API (api2/, as the map calls: ``maps.robot``) to start a job and names a
  transfer path ``/api/robotdata/transfer?t=<token>`` (token: 128 random bits, one per job, valid while the
  record is in a transfer state and at most the upload token lifetime of api-spec 9, 6,600,000 ms).
- The robot streams the file there (HTTP PUT); the server writes it chunk by chunk to a temporary file and then
  to the store (``transfers.py``), so a file is never held whole in memory. The robot reports its job states
  (packing, uploading, failed, restored) to ``.../transfer/state?t=<token>``.
- The record is committed *before* the robot is asked (the robot may answer the transfer path at once); when the
  robot refuses, the record goes back to what it was and the refusal is the robot's, so nothing half-changes.
- Cancelling an upload removes its record (the log is "not uploaded" again); a cancelled backup stays listed as
  ``cancelled``. A failed backup can be re-uploaded (the robot keeps its pack) or restarted (packed again).
- A record's ``reason`` the server writes (an upload cut by a restart or a stop, a file too large, a backup that
  is no archive, a contents list cut by a bound: ``transfers.py``, ``archive.py``) is kept as the name of its
  ``texts.REASONS`` text with its values and shown in the reader's language; a robot's own reason is shown as
  it came.
- A robot that goes silent (rebooted mid-pack, lost its link before the first byte) never reports: an upload with
  no byte flowing (no ``receiver``) and no word from its robot for ``transfer_silence_seconds`` (settings, 15 min)
  is failed ("no word from the robot") whenever uploads or backups are read or started (``fail_silent``), so the
  operator can send it again (a log, a backup's pack) or restart it (packed again). An upload whose bytes flow is
  never failed by time: a slow link is not a dead one (its end, or a cut, decides).
"""

import json
import secrets
from collections.abc import Sequence
from datetime import UTC, datetime, time, timedelta
from typing import Any

from sqlalchemy import Select, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.audit import not_a_change
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.core.language import caller_language
from cleanfleet.core.paging import PageIn, paginate
from cleanfleet.core.texts import Text, show_reason, store_reason
from cleanfleet.devices.access import get_device, visible
from cleanfleet.devices.models import Device
from cleanfleet.maps import robot
from cleanfleet.maps.robot import RobotHttp
from cleanfleet.robotdata import texts
from cleanfleet.robotdata.models import (
    BACKUP_RUNNING,
    CANCELLED,
    FAILED,
    FINISHED,
    PACKING,
    RESTORING,
    SYNCHRONISED,
    UPLOADING,
    DataBackup,
    DeviceLog,
)
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Opened, Store
from cleanfleet.storage.models import StoredFile

TRANSFER_PATH = "/api/robotdata/transfer"
TOKEN_LIFETIME = timedelta(milliseconds=6_600_000)  # api-spec 9, "Upload token lifetime"
# bytes received so far per transfer token, in this process (an upload in progress shows its progress)
RECEIVED: dict[str, int] = {}


def iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def new_token() -> str:
    return secrets.token_hex(16)


def transfer_path(token: str) -> str:
    return f"{TRANSFER_PATH}?t={token}"


def stored_reason(reason: Text, values: dict[str, Any] | None = None) -> str:
    """How a reason the server writes is kept on a record: ``@NAME`` (of texts.REASONS), then its values."""
    return store_reason(texts.REASONS, reason, values)


def shown_reason(stored: str) -> str:
    """A record's reason in the reader's language when the server wrote it; a robot's own, as it came."""
    legacy = texts.LEGACY_REASONS.get(stored)
    if legacy is not None:
        return legacy.render(caller_language())
    shown = show_reason(texts.REASONS, stored, caller_language())
    return stored if shown is None else shown


def expired(row: DeviceLog | DataBackup, now: datetime | None = None) -> bool:
    return row.updated_at + TOKEN_LIFETIME <= (now or utcnow())


async def fail_silent(db: AsyncSession, silence: timedelta) -> None:
    """Fails the uploads and backups whose robot has said nothing for ``silence`` and whose bytes are not flowing."""
    before = utcnow() - silence
    reason = stored_reason(texts.ROBOT_SILENT, {"minutes": max(1, round(silence.total_seconds() / 60))})
    with not_a_change(db):  # the server's own timer, not the caller's change (oplog)
        for model, states in ((DeviceLog, (UPLOADING,)), (DataBackup, BACKUP_RUNNING)):
            await db.execute(update(model).where(model.status.in_(states), model.receiver.is_(None),
                                                 model.updated_at < before)
                             .values(status=FAILED, reason=reason, token=None, updated_at=utcnow()))
        await db.commit()


async def _ask(db: AsyncSession, http: RobotHttp, device: Device, call: str, **payload: Any) -> dict[str, Any]:
    at = await robot.address(db, device)
    return await robot.call(http, at, call, busy=None, json=payload)


async def _forget_files(db: AsyncSession, file_ids: Sequence[str | None]) -> list[str]:
    ids = [i for i in file_ids if i]
    files = list(await db.scalars(select(StoredFile).where(StoredFile.id.in_(ids)))) if ids else []
    return await storage.forget(db, files)


# --- device logs ------------------------------------------------------------------------------------


def log_answer(row: DeviceLog, device: Device) -> dict[str, Any]:
    received = row.size if row.status == SYNCHRONISED else RECEIVED.get(row.token or "", 0)
    return {"id": row.id, "deviceId": row.device_id, "deviceSerialNumber": device.serial_number,
            "deviceName": device.name, "logType": row.log_type, "fileName": row.file_name, "logDate": row.log_date,
            "size": row.size, "received": received, "status": row.status, "reason": shown_reason(row.reason),
            "createdAt": iso(row.created_at), "updatedAt": iso(row.updated_at)}


async def robot_logs(db: AsyncSession, http: RobotHttp, device: Device, kind: str) -> list[dict[str, Any]]:
    """The robot's logs of one kind, read from the robot now, each with its upload record if there is one."""
    answer = await _ask(db, http, device, "log_list", type=kind)
    uploads = {row.file_name: row for row in await db.scalars(
        select(DeviceLog).where(DeviceLog.device_id == device.id, DeviceLog.log_type == kind))}
    rows = []
    for item in answer.get("logs") or []:
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            continue
        upload = uploads.get(item["name"])
        rows.append({"name": item["name"][:128], "type": kind, "size": int(item.get("size") or 0),
                     "date": str(item.get("date") or "")[:10], "uploadId": upload.id if upload else None,
                     "status": upload.status if upload else None})
    return rows


def _logs_query(caller: Caller) -> Select[*tuple[Any, ...]]:
    return select(DeviceLog, Device).join(Device, Device.id == DeviceLog.device_id).where(visible(caller))


async def list_logs(db: AsyncSession, caller: Caller, page: PageIn, device_id: int | None, kind: str | None,
                    status: str | None) -> dict[str, Any]:
    query = _logs_query(caller)
    if device_id is not None:
        query = query.where(DeviceLog.device_id == device_id)
    if kind is not None:
        query = query.where(DeviceLog.log_type == kind)
    if status is not None:
        query = query.where(DeviceLog.status == status)
    query = query.order_by(DeviceLog.created_at.desc(), DeviceLog.id.desc())
    return await paginate(db, query, page, lambda r: log_answer(r[0], r[1]), scalars=False)


async def log_rows(db: AsyncSession, caller: Caller, ids: Sequence[int], field: str = "ids"
                   ) -> list[tuple[DeviceLog, Device]]:
    """The caller's log records by id; NOT_FOUND naming the first one that is missing or another branch's."""
    found = {row.id: (row, device) for row, device in
             (await db.execute(_logs_query(caller).where(DeviceLog.id.in_(set(ids)))))}
    for wanted in ids:
        if wanted not in found:
            raise ApiError(Code.NOT_FOUND, texts.LOG_NOT_FOUND, field=field, values={"id": wanted})
    return [found[i] for i in dict.fromkeys(ids)]


async def start_upload(db: AsyncSession, http: RobotHttp, caller: Caller, device: Device, kind: str,
                       name: str) -> dict[str, Any]:
    """Asks the robot to upload one of its logs; the record is ``uploading`` until the file arrives or fails."""
    await robot.address(db, device)  # offline: refused before anything changes
    row = await db.scalar(select(DeviceLog).where(DeviceLog.device_id == device.id, DeviceLog.log_type == kind,
                                                  DeviceLog.file_name == name))
    if row is not None and row.status == UPLOADING and not expired(row):
        raise ApiError(Code.CONFLICT, texts.LOG_UPLOADING, field="fileName", values={"name": name})
    if row is not None and row.status == SYNCHRONISED:
        raise ApiError(Code.ALREADY_EXISTS, texts.LOG_ALREADY_SYNCED, field="fileName", values={"name": name})
    before = None if row is None else (row.status, row.reason, row.token, row.updated_at, row.user_id)
    now = utcnow()
    if row is None:
        row = DeviceLog(device_id=device.id, log_type=kind, file_name=name, created_at=now)
        db.add(row)
    token = new_token()
    row.status, row.reason, row.token, row.updated_at, row.user_id = UPLOADING, "", token, now, caller.user_id
    row.log_date = _day_in(name)
    await db.commit()
    try:
        await _ask(db, http, device, "log_upload", job_id=token[:24], type=kind, name=name, path=transfer_path(token))
    except ApiError:
        if before is None:
            await db.delete(row)
        else:
            row.status, row.reason, row.token, row.updated_at, row.user_id = before
        await db.commit()
        raise
    return log_answer(row, device)


def _day_in(name: str) -> str:
    """The day a robot's log file covers, from its name (pad_2026-11-22.log, 2026-11-22_080000.bag)."""
    for start in range(max(0, len(name) - 9)):
        part = name[start:start + 10]
        if len(part) == 10 and part[4] == "-" and part[7] == "-" and (part[:4] + part[5:7] + part[8:]).isdigit():
            return part
    return ""


async def cancel_upload(db: AsyncSession, http: RobotHttp, caller: Caller, log_id: int) -> dict[str, Any]:
    """Stops an upload in progress and removes its record; the robot is told to stop (if it still runs it)."""
    [(row, device)] = await log_rows(db, caller, [log_id], field="id")
    if row.status != UPLOADING:
        raise ApiError(Code.CONFLICT, texts.NOT_UPLOADING, field="id")
    token = row.token or ""
    answer = log_answer(row, device)
    await db.delete(row)
    await db.commit()
    RECEIVED.pop(token, None)
    try:
        await _ask(db, http, device, "job_cancel", job_id=token[:24])
    except ApiError as exc:  # the job already ended, or the robot went offline: the record is gone all the same
        if exc.code not in (Code.NOT_FOUND, Code.DEVICE_OFFLINE, Code.ROBOT_TIMEOUT):
            raise
    return answer


async def upload_status(db: AsyncSession, caller: Caller, ids: Sequence[int]) -> list[dict[str, Any]]:
    return [log_answer(row, device) for row, device in await log_rows(db, caller, ids)]


async def delete_logs(db: AsyncSession, store: Store, rows: Sequence[DeviceLog]) -> int:
    """Deletes log records and their stored files (an upload in progress stops: its token goes)."""
    keys = await _forget_files(db, [row.file_id for row in rows])
    for row in rows:
        RECEIVED.pop(row.token or "", None)
        await db.delete(row)
    await db.commit()
    await storage.delete_bytes(store, keys)
    return len(rows)


async def delete_logs_by_id(db: AsyncSession, store: Store, caller: Caller, ids: Sequence[int]) -> int:
    return await delete_logs(db, store, [row for row, _ in await log_rows(db, caller, ids)])


async def delete_logs_before(db: AsyncSession, store: Store, caller: Caller, device_id: int | None,
                             day: Any) -> int:
    """Deletes the caller's log records created before ``day`` (UTC), of one robot or of all its robots."""
    query = _logs_query(caller).where(DeviceLog.created_at < datetime.combine(day, time(), tzinfo=UTC))
    if device_id is not None:
        await get_device(db, caller, device_id)
        query = query.where(DeviceLog.device_id == device_id)
    return await delete_logs(db, store, [row for row, _ in (await db.execute(query))])


async def open_log(db: AsyncSession, store: Store, caller: Caller, log_id: int) -> tuple[DeviceLog, Opened]:
    [(row, _)] = await log_rows(db, caller, [log_id], field="id")
    return row, await _open_synced(db, store, row.file_id if row.status == SYNCHRONISED else None, texts.NOT_SYNCED)


async def _open_synced(db: AsyncSession, store: Store, file_id: str | None, refusal: Any) -> Opened:
    file = await storage.get(db, file_id) if file_id else None
    opened = await storage.open_file(store, file) if file is not None else None
    if opened is None:
        raise ApiError(Code.CONFLICT, refusal, field="id")
    return opened


async def delete_on_robot(db: AsyncSession, http: RobotHttp, device: Device, kind: str, names: list[str]) -> int:
    answer = await _ask(db, http, device, "log_delete", type=kind, names=names)
    return int(answer.get("deleted") or 0)


# --- data backups -----------------------------------------------------------------------------------


def backup_answer(row: DataBackup, device: Device) -> dict[str, Any]:
    received = row.size if row.status == FINISHED else RECEIVED.get(row.token or "", 0)
    return {"id": row.id, "deviceId": row.device_id, "deviceSerialNumber": device.serial_number,
            "deviceName": device.name, "fileName": row.file_name, "size": row.size, "received": received,
            "status": row.status, "reason": shown_reason(row.reason), "restoreStatus": row.restore_status,
            "restoreDeviceId": row.restore_device_id, "restoreDetail": row.restore_detail,
            "restoredAt": iso(row.restored_at), "createdAt": iso(row.created_at), "updatedAt": iso(row.updated_at)}


def _backups_query(caller: Caller) -> Select[*tuple[Any, ...]]:
    return select(DataBackup, Device).join(Device, Device.id == DataBackup.device_id).where(visible(caller))


async def backup_rows(db: AsyncSession, caller: Caller, ids: Sequence[int], field: str = "id"
                      ) -> list[tuple[DataBackup, Device]]:
    found = {row.id: (row, device) for row, device in
             (await db.execute(_backups_query(caller).where(DataBackup.id.in_(set(ids)))))}
    for wanted in ids:
        if wanted not in found:
            raise ApiError(Code.NOT_FOUND, texts.BACKUP_NOT_FOUND, field=field, values={"id": wanted})
    return [found[i] for i in dict.fromkeys(ids)]


async def list_backups(db: AsyncSession, caller: Caller, page: PageIn, device_id: int | None,
                       status: str | None) -> dict[str, Any]:
    query = _backups_query(caller)
    if device_id is not None:
        query = query.where(DataBackup.device_id == device_id)
    if status is not None:
        query = query.where(DataBackup.status == status)
    query = query.order_by(DataBackup.created_at.desc(), DataBackup.id.desc())
    return await paginate(db, query, page, lambda r: backup_answer(r[0], r[1]), scalars=False)


async def _running_backup(db: AsyncSession, device: Device) -> bool:
    now = utcnow()
    rows = await db.scalars(select(DataBackup).where(DataBackup.device_id == device.id,
                                                     DataBackup.status.in_(BACKUP_RUNNING)))
    return any(not expired(row, now) for row in rows)


async def _start_job(db: AsyncSession, http: RobotHttp, device: Device, row: DataBackup, undo: Any, call: str,
                     **payload: Any) -> None:
    """Commits the record, then asks the robot; a refusal puts the record back (``undo``) and is raised."""
    await db.commit()
    try:
        await _ask(db, http, device, call, **payload)
    except ApiError:
        await undo()
        await db.commit()
        raise


async def start_backup(db: AsyncSession, http: RobotHttp, caller: Caller, device: Device) -> dict[str, Any]:
    await robot.address(db, device)
    if await _running_backup(db, device):
        raise ApiError(Code.CONFLICT, texts.BACKUP_RUNNING, field="deviceId")
    token, now = new_token(), utcnow()
    row = DataBackup(device_id=device.id, status=PACKING, token=token, job_id=token[:24], user_id=caller.user_id,
                     created_at=now, updated_at=now)
    db.add(row)

    async def undo() -> None:
        await db.delete(row)

    await _start_job(db, http, device, row, undo, "backup_start", job_id=row.job_id, path=transfer_path(token))
    return backup_answer(row, device)


async def cancel_backup(db: AsyncSession, http: RobotHttp, caller: Caller, backup_id: int) -> dict[str, Any]:
    [(row, device)] = await backup_rows(db, caller, [backup_id])
    if row.status not in BACKUP_RUNNING:
        raise ApiError(Code.CONFLICT, texts.BACKUP_NOT_RUNNING, field="id")
    RECEIVED.pop(row.token or "", None)
    row.status, row.token, row.receiver, row.updated_at = CANCELLED, None, None, utcnow()
    await db.commit()
    try:
        await _ask(db, http, device, "job_cancel", job_id=row.job_id)
    except ApiError as exc:
        if exc.code not in (Code.NOT_FOUND, Code.DEVICE_OFFLINE, Code.ROBOT_TIMEOUT):
            raise
    return backup_answer(row, device)


async def retry_backup(db: AsyncSession, http: RobotHttp, caller: Caller, backup_id: int,
                       restart: bool) -> dict[str, Any]:
    """A failed backup: sent again from the robot's pack, or (``restart``) packed again first."""
    [(row, device)] = await backup_rows(db, caller, [backup_id])
    if row.status != FAILED:
        raise ApiError(Code.CONFLICT, texts.BACKUP_NOT_FAILED, field="id")
    await robot.address(db, device)
    if await _running_backup(db, device):
        raise ApiError(Code.CONFLICT, texts.BACKUP_RUNNING, field="id")
    before = (row.status, row.reason, row.token, row.job_id, row.updated_at)
    token = new_token()
    row.status, row.reason, row.token, row.updated_at = (PACKING if restart else UPLOADING), "", token, utcnow()
    if restart:
        row.job_id = token[:24]

    async def undo() -> None:
        row.status, row.reason, row.token, row.job_id, row.updated_at = before

    try:
        await _start_job(db, http, device, row, undo, "backup_start" if restart else "backup_reupload",
                         job_id=row.job_id, path=transfer_path(token))
    except ApiError as exc:
        if exc.code == Code.NOT_FOUND and not restart:
            raise ApiError(Code.CONFLICT, texts.PACK_GONE, field="restart") from exc
        raise
    return backup_answer(row, device)


async def finished_backup(db: AsyncSession, caller: Caller, backup_id: int) -> tuple[DataBackup, Device]:
    [(row, device)] = await backup_rows(db, caller, [backup_id])
    if row.status != FINISHED:
        raise ApiError(Code.CONFLICT, texts.BACKUP_NOT_FINISHED, field="id")
    return row, device


async def backup_contents(db: AsyncSession, caller: Caller, backup_id: int) -> dict[str, Any]:
    row, _ = await finished_backup(db, caller, backup_id)
    return {"id": row.id, "fileName": row.file_name, "files": json.loads(row.contents or "[]"),
            "truncated": row.reason.startswith("@LISTING_")}


async def open_backup(db: AsyncSession, store: Store, caller: Caller, backup_id: int) -> tuple[DataBackup, Opened]:
    row, _ = await finished_backup(db, caller, backup_id)
    return row, await _open_synced(db, store, row.file_id, texts.BACKUP_NOT_FINISHED)


async def restore_backup(db: AsyncSession, http: RobotHttp, caller: Caller, backup_id: int,
                         device_id: int | None) -> dict[str, Any]:
    """Puts a finished backup onto a robot (the one backed up, or another of the caller's)."""
    row, device = await finished_backup(db, caller, backup_id)
    if row.restore_status == RESTORING and row.restore_token and not expired(row):
        raise ApiError(Code.CONFLICT, texts.RESTORE_RUNNING, field="id")
    target = device if device_id is None or device_id == device.id else await get_device(db, caller, device_id)
    await robot.address(db, target)
    before = (row.restore_status, row.restore_device_id, row.restore_token, row.restore_detail, row.updated_at)
    token = new_token()
    row.restore_status, row.restore_device_id, row.restore_token = RESTORING, target.id, token
    row.restore_detail, row.updated_at = "", utcnow()

    async def undo() -> None:
        (row.restore_status, row.restore_device_id, row.restore_token, row.restore_detail,
         row.updated_at) = before

    await _start_job(db, http, target, row, undo, "backup_restore", job_id=token[:24], path=transfer_path(token))
    return backup_answer(row, device)


async def delete_backups(db: AsyncSession, store: Store, caller: Caller, ids: Sequence[int]) -> int:
    rows = await backup_rows(db, caller, ids, field="ids")
    if any(row.status in BACKUP_RUNNING for row, _ in rows):
        raise ApiError(Code.CONFLICT, texts.BACKUP_DELETE_RUNNING, field="ids")
    keys = await _forget_files(db, [row.file_id for row, _ in rows])
    await db.execute(delete(DataBackup).where(DataBackup.id.in_([row.id for row, _ in rows])))
    await db.commit()
    await storage.delete_bytes(store, keys)
    return len(rows)
