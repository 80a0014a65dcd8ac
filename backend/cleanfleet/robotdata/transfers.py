"""The robot's side of a transfer: a file streamed in (a log or a backup), job states, a backup streamed out.

A robot is no signed-in user: the one-time token of the job is its whole authority, and it names one record.
The body is written chunk by chunk to a temporary file under the data folder (its SHA-256 computed as it
passes), then put in the store from disk, so memory stays flat whatever the size (bench/robotdata). No database
connection is held while bytes flow: the record is read before and written after, each in a short session.
"""

import asyncio
import hashlib
import json
import logging
import tarfile
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.devices.models import Device
from cleanfleet.messages.service import insert_messages
from cleanfleet.robotdata import texts
from cleanfleet.robotdata.models import (
    BACKUP_RUNNING,
    FAILED,
    FINISHED,
    PACKING,
    RESTORED,
    RESTORING,
    SYNCHRONISED,
    UPLOADING,
    DataBackup,
    DeviceLog,
)
from cleanfleet.robotdata.service import RECEIVED, expired
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Opened, Store

log = logging.getLogger("cleanfleet.robotdata")
MAX_TRANSFER_BYTES = 1 << 30  # a robot's file; capped again by CLEANFLEET_MAX_UPLOAD_BYTES
KIND_BACKUP_FINISHED = "backup_finished"
EXTENSIONS = {"pad": "log", "nav": "log", "rosbag": "bag"}


def _unknown(status: int = 404) -> ApiError:
    return ApiError(Code.NOT_FOUND, texts.TRANSFER_UNKNOWN, field="t", status=status)


async def find(db: AsyncSession, token: str, status: int = 404) -> DeviceLog | DataBackup:
    """The record a token names while its transfer may run; NOT_FOUND for anything else (HTTP 404 on the raw
    file transfers; ``status`` 200 for the JSON state call, whose refusals are envelopes like every call's)."""
    if len(token) != 32:
        raise _unknown(status)
    row: DeviceLog | DataBackup | None = await db.scalar(select(DeviceLog).where(DeviceLog.token == token))
    if row is None:
        row = await db.scalar(select(DataBackup).where(or_(DataBackup.token == token,
                                                            DataBackup.restore_token == token)))
    if row is None or expired(row):
        raise _unknown(status)
    return row


async def _spool(chunks: AsyncIterator[bytes], folder: Path, token: str, limit: int) -> tuple[Path, str]:
    await asyncio.to_thread(folder.mkdir, parents=True, exist_ok=True)
    handle = tempfile.NamedTemporaryFile(dir=folder, prefix="robot-", delete=False)  # noqa: SIM115 - kept on success
    path, digest, size = Path(handle.name), hashlib.sha256(), 0
    try:
        with handle:
            async for chunk in chunks:
                size += len(chunk)
                if size > limit:
                    raise ApiError(Code.BODY_TOO_LARGE, texts.TRANSFER_TOO_LARGE, values={"limit": limit}, status=413)
                digest.update(chunk)
                await asyncio.to_thread(handle.write, chunk)
                RECEIVED[token] = size
    except BaseException:
        await asyncio.to_thread(path.unlink, missing_ok=True)
        raise
    return path, digest.hexdigest()


def tar_listing(path: Path) -> list[dict[str, Any]]:
    try:
        with tarfile.open(path, "r:*") as tar:
            return [{"name": m.name[:255], "size": m.size} for m in tar.getmembers() if m.isfile()][:5000]
    except (tarfile.TarError, OSError, EOFError):
        return []


async def receive(sessions: async_sessionmaker[AsyncSession], store: Store, folder: Path, token: str,
                  chunks: AsyncIterator[bytes], limit: int, declared: int | None = None) -> str:
    """Takes a robot's upload for ``token``; answers the record's new state. ``declared``: the body's
    Content-Length, kept as the record's size meanwhile, so the console shows the progress against it."""
    async with sessions() as db:
        row = await find(db, token)
        if not (isinstance(row, DeviceLog) and row.status == UPLOADING
                or isinstance(row, DataBackup) and row.token == token and row.status in BACKUP_RUNNING):
            raise _unknown()
        if declared is not None and 0 <= declared <= MAX_TRANSFER_BYTES:
            row.size = declared
            if isinstance(row, DataBackup):
                row.status = UPLOADING
            await db.commit()
        RECEIVED[token] = 0
    try:
        path, sha256 = await _spool(chunks, folder, token, min(limit, MAX_TRANSFER_BYTES))
    except Exception as exc:
        reason = "upload interrupted" if not isinstance(exc, ApiError) else "file too large"
        async with sessions() as db:
            await fail(db, token, reason)
        RECEIVED.pop(token, None)
        raise
    try:
        async with sessions() as db:
            return await _store(db, store, token, path, sha256)
    finally:
        RECEIVED.pop(token, None)
        await asyncio.to_thread(path.unlink, missing_ok=True)


async def _store(db: AsyncSession, store: Store, token: str, path: Path, sha256: str) -> str:
    row = await find(db, token)  # cancelled or deleted meanwhile: the file is dropped
    device = await db.get(Device, row.device_id)
    if device is None:
        raise _unknown()
    size = (await asyncio.to_thread(path.stat)).st_size
    if isinstance(row, DeviceLog):
        file = await storage.save_file(db, store, path, kind="robotlogs",
                                       extension=EXTENSIONS.get(row.log_type, "log"), content_type="text/plain"
                                       if row.log_type != "rosbag" else "application/octet-stream",
                                       owner_user_id=device.user_id)
        row.status = SYNCHRONISED
    else:
        listing = await asyncio.to_thread(tar_listing, path)
        file = await storage.save_file(db, store, path, kind="backups", extension="gz",
                                       content_type="application/gzip", owner_user_id=device.user_id)
        row.status, row.contents = FINISHED, json.dumps(listing)
        row.file_name = row.file_name or f"{device.serial_number}_{utcnow():%Y%m%d_%H%M%S}.tar.gz"
        await insert_messages(db, [{
            "user_id": device.user_id, "device_id": device.id, "kind": KIND_BACKUP_FINISHED,
            "title": f"Backup of {device.name} ({device.serial_number}) finished"[:128],
            "content": f"{row.file_name}: {size} bytes, {len(listing)} files.", "read": False, "deleted": False,
            "created_at": utcnow(), "dedup_key": f"backup:{row.id}:{file.id}"}])
    row.file_id, row.size, row.token, row.reason, row.updated_at = file.id, size, None, "", utcnow()
    try:
        await db.commit()
    except StaleDataError as exc:  # deleted or cancelled while the bytes were stored: they go too
        await db.rollback()
        await store.delete(file.key)
        raise _unknown() from exc
    return row.status


async def fail(db: AsyncSession, token: str, reason: str) -> None:
    row = await db.scalar(select(DeviceLog).where(DeviceLog.token == token))
    if row is None:
        row = await db.scalar(select(DataBackup).where(DataBackup.token == token))
    if row is not None:
        row.status, row.reason, row.token, row.updated_at = FAILED, reason[:255], None, utcnow()
        await db.commit()


async def report(db: AsyncSession, token: str, state: str, body: dict[str, Any]) -> str:
    """A job state from the robot: packing / uploading (a backup), failed (any job), restored (a restore)."""
    row = await find(db, token, status=200)
    reason = str(body.get("reason") or "")[:255]
    now = utcnow()
    if isinstance(row, DataBackup) and row.restore_token == token:
        if state not in (RESTORED, FAILED):
            raise _unknown(200)
        tasks = [str(t) for t in body.get("tasks") or []]
        row.restore_status, row.restore_token, row.updated_at = state, None, now
        row.restore_detail = (reason if state == FAILED else ", ".join(tasks))[:255]
        row.restored_at = now if state == RESTORED else row.restored_at
    elif state == FAILED:
        row.status, row.reason, row.token, row.updated_at = FAILED, reason or "failed on the robot", None, now
    elif isinstance(row, DataBackup) and state in (PACKING, UPLOADING):
        row.status, row.updated_at = state, now
        if body.get("name"):
            row.file_name = str(body["name"])[:128]
    else:
        raise _unknown(200)
    await db.commit()
    if state == FAILED:
        RECEIVED.pop(token, None)
    return state


async def send(db: AsyncSession, store: Store, token: str) -> Opened:
    """A backup being restored, for the robot to download."""
    row = await find(db, token)
    if not isinstance(row, DataBackup) or row.restore_token != token or row.restore_status != RESTORING:
        raise _unknown()
    file = await storage.get(db, row.file_id) if row.file_id else None
    opened = await storage.open_file(store, file) if file is not None else None
    if opened is None:
        raise _unknown()
    return opened
