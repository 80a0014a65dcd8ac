"""The purges of the kinds of data whose records hold stored bytes (device logs, backups, files) and of the video
viewing sessions: registered here, beside the job, since their domains keep no other purge.

A record and its stored file go in one transaction with a note of the file's key (``storage.service.forget_later``);
the job deletes the bytes after the commit, and any a crash left at its next round (``delete_forgotten``). A log
still uploading, a backup packing, uploading or being restored is left for the next round."""

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.retention import Within, first_ids, purge_rows, register_purge
from cleanfleet.devices.models import Device
from cleanfleet.files.models import FileRecord
from cleanfleet.robotdata.models import BACKUP_RUNNING, RESTORING, UPLOADING, DataBackup, DeviceLog, VideoSession
from cleanfleet.storage import service as storage
from cleanfleet.storage.models import OssObject, StoredFile


async def _forget(db: AsyncSession, file_ids: Sequence[str | None]) -> None:
    ids = [file_id for file_id in file_ids if file_id]
    if ids:
        await storage.forget_later(db, await db.scalars(select(StoredFile).where(StoredFile.id.in_(ids))))


async def _purge_with_files(db: AsyncSession, model: Any, old: Any) -> int:
    rows = (await db.execute(select(model.id, model.file_id).where(model.id.in_(old)))).all()
    if not rows:
        return 0
    await db.execute(delete(model).where(model.id.in_([row.id for row in rows]))
                     .execution_options(synchronize_session=False))
    await _forget(db, [row.file_id for row in rows])
    return len(rows)


def _devices(within: Within) -> Any:
    return select(Device.id).where(within.holds(Device.owner_path))


async def purge_logs(db: AsyncSession, within: Within, before: datetime, limit: int | None = None) -> int:
    """Retention ("logs"): the part's device logs made before the cut-off, with their files."""
    return await _purge_with_files(db, DeviceLog, first_ids(
        DeviceLog.id, DeviceLog.created_at < before, DeviceLog.status != UPLOADING,
        DeviceLog.device_id.in_(_devices(within)), limit=limit))


async def purge_backups(db: AsyncSession, within: Within, before: datetime, limit: int | None = None) -> int:
    """Retention ("backups"): the part's data backups made before the cut-off, with their archives."""
    return await _purge_with_files(db, DataBackup, first_ids(
        DataBackup.id, DataBackup.created_at < before, DataBackup.status.not_in(BACKUP_RUNNING),
        DataBackup.restore_status != RESTORING, DataBackup.device_id.in_(_devices(within)), limit=limit))


async def purge_files(db: AsyncSession, within: Within, before: datetime, limit: int | None = None) -> int:
    """Retention ("files"): the part's files and knowledge-base entries made before the cut-off, with the object
    storage file each is made of and its bytes."""
    old = first_ids(FileRecord.id, FileRecord.created_at < before, within.holds(FileRecord.owner_path), limit=limit)
    rows = (await db.execute(select(FileRecord.id, OssObject.id.label("oss_id"), OssObject.file_id)
                             .outerjoin(OssObject, OssObject.id == FileRecord.oss_id)
                             .where(FileRecord.id.in_(old)))).all()
    if not rows:
        return 0
    await db.execute(delete(FileRecord).where(FileRecord.id.in_([row.id for row in rows]))
                     .execution_options(synchronize_session=False))
    still_used = set(await db.scalars(select(FileRecord.oss_id).where(FileRecord.oss_id.in_([r.oss_id for r in rows]))))
    gone = [row for row in rows if row.oss_id is not None and row.oss_id not in still_used]
    if gone:
        await db.execute(delete(OssObject).where(OssObject.id.in_([row.oss_id for row in gone]))
                         .execution_options(synchronize_session=False))
        await _forget(db, [row.file_id for row in gone])
    return len(rows)


register_purge("device logs", purge_logs, kind="logs", clear=False)
register_purge("data backups", purge_backups, kind="backups", clear=False)
register_purge("files", purge_files, kind="files", clear=False)
purge_videos = purge_rows("video sessions", VideoSession.started_at, VideoSession.device_id, Device.id,
                          Device.owner_path, kind="videos", row_id=VideoSession.id, clear=False)
