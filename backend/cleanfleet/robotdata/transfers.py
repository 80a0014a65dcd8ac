"""The robot's side of a transfer: a file streamed in (a log or a backup), job states, a backup streamed out.

A robot is no signed-in user: the one-time token of the job is its whole authority, and it names one record.
The body is written chunk by chunk to a temporary file under the data folder (its SHA-256 computed as it
passes), then put in the store from disk, so memory stays flat whatever the size (bench/robotdata). No database
connection is held while bytes flow: the record is read before and written after, each in a short session.
A backup's archive is listed (``archive.read_listing``: bounded, in a worker thread) before that last session.

Restarts and stops (issue 28; decided here):
- Each server process has a boot id (``Receivers.boot``, random at start). An upload's record names the process
  receiving its bytes (``receiver``) from the first byte to the end, and its spool file is
  ``data/tmp/robot-<boot>-*``, so what a process leaves behind can be told apart from what a live one is doing.
- Is a process alive? On SQLite (one process by design) only this one is. On PostgreSQL (a cluster: several
  workers on one database) a process holds the session advisory lock ``transfer-receiver:<boot>`` on a connection
  of its own for as long as it runs (``core.leader.lock_key``), so a worker that dies, is killed or loses the
  database releases it at once. A lock that can be taken belongs to no live worker. This is exact where a time
  rule ("no progress for a minute") would either fail a slow robot's live upload or keep a dead one blocking the
  robot; the cost is one more database connection per worker.
- On start (``Receivers.start``, from the app's lifespan, before the robot link): the uploads whose receiver is
  dead become *failed* with the reason "the server restarted during the upload" (a log can be uploaded again, a
  backup retried or started again at once), and the spool files of dead processes go. The uploads a live worker
  is receiving are left alone. Uploads asked of a robot whose bytes never started are not touched (the robot may
  still send them; their token ends with its lifetime).
- On stop (``Receivers.stop``): open uploads get ``shutdown_grace`` seconds (CLEANFLEET_SHUTDOWN_GRACE, 10) to
  end; then they are cut: each is failed ("the server stopped during the upload") and its spool file removed.
  Under uvicorn the same grace is its graceful-shutdown timeout, after which it cancels the calls still running.
  A process that dies without stopping is handled by the next start of any worker.
- A worker that dies and is never started again leaves its uploads until another worker starts (or the token's
  lifetime ends); a cluster restarts its workers, so this is not swept periodically.
"""

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
import tempfile
import time
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Any

from sqlalchemy import or_, select, text, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm.exc import StaleDataError
from sqlalchemy.pool import NullPool

from cleanfleet.core.bus import Fact, tell
from cleanfleet.core.codes import Code
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.core.leader import is_clustered, lock_key
from cleanfleet.core.sizes import human_size
from cleanfleet.devices.models import Device
from cleanfleet.messages.service import insert_messages, keyed_row
from cleanfleet.robotdata import archive, texts
from cleanfleet.robotdata.archive import Listing, read_listing
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
from cleanfleet.robotdata.service import RECEIVED, TOKEN_LIFETIME, expired, stored_reason
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Opened, Store

log = logging.getLogger("cleanfleet.robotdata")
MAX_TRANSFER_BYTES = 1 << 30  # a robot's file; capped again by CLEANFLEET_MAX_UPLOAD_BYTES
KIND_BACKUP_FINISHED = "backup_finished"
EXTENSIONS = {"pad": "log", "nav": "log", "rosbag": "bag"}
SPOOL_PREFIX = "robot-"
CLEANUP_SECONDS = 2.0  # what a cut upload has, after its cancel, to fail its own record
KEEPALIVE_SECONDS = 10.0  # how often the boot lock's connection is checked (and taken again when lost)


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


class Receivers:
    """This process's side of the uploads: its boot id (alive while its lock is held, on PostgreSQL), its spool
    folder, and the uploads it is receiving now (token: the task receiving them)."""

    def __init__(self, database: Database, folder: Path, grace: float) -> None:
        self.database, self.folder, self.grace = database, folder, grace
        self.boot = secrets.token_hex(8)
        self.open: dict[str, asyncio.Task[Any]] = {}
        self._engine: AsyncEngine | None = None
        self._connection: AsyncConnection | None = None  # the one holding the boot lock
        self._holder: asyncio.Task[None] | None = None

    async def start(self) -> int:
        """Takes this process's boot lock, then fails what dead processes left; answers how many uploads."""
        if is_clustered(self.database):
            self._engine = create_async_engine(self.database.engine.url, poolclass=NullPool)
            await self._lock()  # taken before this process receives anything
            self._holder = asyncio.create_task(self._hold())
        return await self.recover()

    async def _lock(self) -> None:
        assert self._engine is not None
        connection = await self._engine.connect()
        self._connection = connection
        await connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": boot_key(self.boot)})
        await connection.commit()  # a session lock: no transaction stays open

    async def _hold(self) -> None:
        """Keeps the boot lock's connection, and takes the lock again on a new one if the database lost it."""
        while True:
            await asyncio.sleep(KEEPALIVE_SECONDS)
            try:
                assert self._connection is not None
                await self._connection.scalar(text("SELECT 1"))
                await self._connection.commit()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("the transfer receiver lock was lost; taking it again", exc_info=True)
                await self._release()
                with contextlib.suppress(Exception):
                    await self._lock()

    async def _release(self) -> None:
        """Closes the boot lock's connection: the lock goes with it."""
        connection, self._connection = self._connection, None
        if connection is None:
            return
        try:
            await connection.close()  # a NullPool connection: closed for good
        except Exception:
            with contextlib.suppress(Exception):
                await connection.invalidate()

    async def alive(self, boots: Iterable[str]) -> set[str]:
        """Which of ``boots`` name a process that runs now (always this one)."""
        others = set(boots) - {self.boot}
        if not others or self._engine is None:
            return {self.boot}
        found = {self.boot}
        async with self._engine.connect() as connection:
            for boot in others:
                key = boot_key(boot)
                if await connection.scalar(text("SELECT pg_try_advisory_lock(:key)"), {"key": key}):
                    await connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": key})
                else:
                    found.add(boot)
            await connection.commit()
        return found

    def spool_files(self) -> list[Path]:
        return sorted(self.folder.glob(f"{SPOOL_PREFIX}*")) if self.folder.is_dir() else []

    async def recover(self) -> int:
        """Fails the uploads whose receiving process is gone and removes its spool files (and spool files of
        before boot ids, once older than a token's lifetime); answers how many uploads were failed."""
        async with self.database.sessions() as db:
            receivers: set[str] = set()
            for model in (DeviceLog, DataBackup):
                receivers |= set(await db.scalars(select(model.receiver).where(model.receiver.is_not(None))
                                                  .distinct()))
        files = await asyncio.to_thread(self.spool_files)
        owners = {path: spool_owner(path) for path in files}
        alive = await self.alive(receivers | {boot for boot in owners.values() if boot})
        failed = await self._fail_received(receivers - alive, texts.SERVER_RESTARTED)
        old = time.time() - TOKEN_LIFETIME.total_seconds()
        for path, boot in owners.items():
            if (boot is not None and boot not in alive) or (boot is None and _modified(path) < old):
                await asyncio.to_thread(path.unlink, missing_ok=True)
        if failed:
            log.warning("%s uploads were cut by a server restart and are failed", failed)
        return failed

    async def _fail_received(self, boots: set[str], reason: Any) -> int:
        if not boots:
            return 0
        failed = 0
        async with self.database.sessions() as db:
            for model in (DeviceLog, DataBackup):
                result = await db.execute(
                    update(model).where(model.receiver.in_(boots), model.status == UPLOADING)
                    .values(status=FAILED, reason=stored_reason(reason), token=None, receiver=None,
                            updated_at=utcnow()).execution_options(synchronize_session=False))
                failed += int(getattr(result, "rowcount", 0) or 0)
            await db.commit()
        return failed

    async def stop(self) -> None:
        """Lets open uploads end for ``grace`` seconds, then cuts them: each is failed and its file removed."""
        try:
            pending = set(self.open.values())
            if pending:
                _, pending = await asyncio.wait(pending, timeout=self.grace)
                for task in pending:
                    task.cancel()
                if pending:
                    await asyncio.wait(pending, timeout=CLEANUP_SECONDS)
            # an upload whose own clean-up could not end (cut again, or still writing): failed here
            await self._fail_received({self.boot}, texts.SERVER_STOPPED)
            for path in await asyncio.to_thread(self.spool_files):
                if spool_owner(path) == self.boot:
                    await asyncio.to_thread(path.unlink, missing_ok=True)
        finally:
            if self._holder is not None:
                self._holder.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._holder
            await self._release()
            if self._engine is not None:
                await self._engine.dispose()


def boot_key(boot: str) -> int:
    return lock_key(f"transfer-receiver:{boot}")


def spool_owner(path: Path) -> str | None:
    """The boot id in a spool file's name (``robot-<boot>-<random>``); None for a name without one."""
    parts = path.name.split("-")
    return parts[1] if len(parts) >= 3 and len(parts[1]) == 16 else None


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return time.time()


async def _spool(chunks: AsyncIterator[bytes], folder: Path, boot: str, token: str,
                 limit: int) -> tuple[Path, str]:
    await asyncio.to_thread(folder.mkdir, parents=True, exist_ok=True)
    handle = tempfile.NamedTemporaryFile(dir=folder, prefix=f"{SPOOL_PREFIX}{boot}-",  # noqa: SIM115 - kept
                                         delete=False)
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


def _failure(exc: BaseException) -> Any:
    """The reason an upload that ended with ``exc`` is failed with."""
    if isinstance(exc, asyncio.CancelledError):
        return texts.SERVER_STOPPED
    if isinstance(exc, ApiError) and exc.code == Code.BODY_TOO_LARGE:
        return texts.UPLOAD_TOO_LARGE
    if isinstance(exc, ApiError) and exc.code == Code.BAD_FILE:
        return texts.NOT_AN_ARCHIVE
    return texts.UPLOAD_INTERRUPTED


async def receive(sessions: async_sessionmaker[AsyncSession], store: Store, receivers: Receivers, token: str,
                  chunks: AsyncIterator[bytes], limit: int, declared: int | None = None) -> str:
    """Takes a robot's upload for ``token``; answers the record's new state. ``declared``: the body's
    Content-Length, kept as the record's size meanwhile, so the console shows the progress against it."""
    async with sessions() as db:
        row = await find(db, token)
        if not (isinstance(row, DeviceLog) and row.status == UPLOADING
                or isinstance(row, DataBackup) and row.token == token and row.status in BACKUP_RUNNING):
            raise _unknown()
        backup = isinstance(row, DataBackup)
        if declared is not None and 0 <= declared <= MAX_TRANSFER_BYTES:
            row.size = declared
        row.status, row.receiver = UPLOADING, receivers.boot
        await db.commit()
    RECEIVED[token] = 0
    task = asyncio.current_task()
    if task is not None:
        receivers.open[token] = task
    path: Path | None = None
    try:
        path, sha256 = await _spool(chunks, receivers.folder, receivers.boot, token, min(limit, MAX_TRANSFER_BYTES))
        listing = await asyncio.to_thread(read_listing, path) if backup else None
        async with sessions() as db:
            return await _store(db, store, token, path, sha256, listing)
    except BaseException as exc:
        async with sessions() as db:
            await fail(db, token, _failure(exc))
        raise
    finally:
        receivers.open.pop(token, None)
        RECEIVED.pop(token, None)
        if path is not None:
            await asyncio.to_thread(path.unlink, missing_ok=True)


def _listing_reason(listing: Listing) -> str:
    if not listing.cut:
        return ""
    values: dict[str, Any] = {"count": len(listing.files)}
    if listing.cut == archive.TOO_MANY:
        values["limit"] = archive.MAX_ENTRIES
    return stored_reason(getattr(texts, listing.cut), values)


async def _store(db: AsyncSession, store: Store, token: str, path: Path, sha256: str,
                 listing: Listing | None = None) -> str:
    row = await find(db, token)  # cancelled or deleted meanwhile: the file is dropped
    device = await db.get(Device, row.device_id)
    if device is None:
        raise _unknown()
    size = (await asyncio.to_thread(path.stat)).st_size
    reason = ""
    if isinstance(row, DeviceLog):
        file = await storage.save_file(db, store, path, kind="robotlogs",
                                       extension=EXTENSIONS.get(row.log_type, "log"), content_type="text/plain"
                                       if row.log_type != "rosbag" else "application/octet-stream",
                                       owner_user_id=device.user_id)
        row.status = SYNCHRONISED
    else:
        listing = listing if listing is not None else await asyncio.to_thread(read_listing, path)
        if not listing.readable:
            raise ApiError(Code.BAD_FILE, texts.NOT_AN_ARCHIVE, status=422)
        file = await storage.save_file(db, store, path, kind="backups", extension="gz",
                                       content_type="application/gzip", owner_user_id=device.user_id)
        row.status, row.contents, reason = FINISHED, json.dumps(listing.files), _listing_reason(listing)
        row.file_name = row.file_name or f"{device.serial_number}_{utcnow():%Y%m%d_%H%M%S}.tar.gz"
        await insert_messages(db, [keyed_row(
            device.user_id, device.id, KIND_BACKUP_FINISHED, texts.BACKUP_FINISHED_TITLE,
            texts.BACKUP_FINISHED_CONTENT, {"device": device.name, "serial": device.serial_number,
                                            "file": row.file_name, "size": human_size(size),
                                            "files": f"{len(listing.files)}+" if listing.cut else len(listing.files)},
            utcnow(), f"backup:{row.id}:{file.id}")])
        await tell(db, [backup_fact(device, row.id, "succeeded")])
    row.file_id, row.size, row.token, row.reason, row.updated_at = file.id, size, None, reason, utcnow()
    row.receiver = None
    try:
        await db.commit()
    except StaleDataError as exc:  # deleted or cancelled while the bytes were stored: they go too
        await db.rollback()
        await store.delete(file.key)
        raise _unknown() from exc
    return row.status


def backup_fact(device: Device, backup_id: int, result: str) -> Fact:
    """The integrations' ``backup.finished`` event (core.bus ``FACTS_HAPPENED``)."""
    now = utcnow()
    return Fact("backup.finished", device.owner_path, {
        "robotId": device.id, "serialNumber": device.serial_number, "name": device.name or "", "backupId": backup_id,
        "result": result, "finishedAt": now}, now)


async def fail(db: AsyncSession, token: str, reason: Any) -> None:
    """Fails the upload of ``token`` (if its record still waits for it) with ``reason`` (a texts.REASONS text)."""
    row: DeviceLog | DataBackup | None = await db.scalar(select(DeviceLog).where(DeviceLog.token == token))
    if row is None:
        row = await db.scalar(select(DataBackup).where(DataBackup.token == token))
    if row is not None:
        row.status, row.reason, row.token, row.updated_at = FAILED, stored_reason(reason), None, utcnow()
        row.receiver = None
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
        row.status, row.reason, row.token, row.updated_at = FAILED, reason or stored_reason(texts.FAILED_ON_ROBOT), \
            None, now
        row.receiver = None
        if isinstance(row, DataBackup) and (device := await db.get(Device, row.device_id)) is not None:
            await tell(db, [backup_fact(device, row.id, "failed")])
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
