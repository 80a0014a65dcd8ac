"""Files and knowledge-base entries: one service for both kinds, scoped to the caller's subtree."""

from typing import Any

from sqlalchemy import Select, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.errors import not_found
from cleanfleet.core.scope import in_subtree, path_prefix
from cleanfleet.files import texts
from cleanfleet.files.models import FileRecord
from cleanfleet.files.schemas import FileIn
from cleanfleet.storage import service as storage
from cleanfleet.storage.models import OssObject, StoredFile

FILE, KNOWLEDGE = "file", "knowledge"


def query(kind: str, path: str, name: str | None, category: str | None) -> Select[*tuple[Any, ...]]:
    found = (select(FileRecord, OssObject, StoredFile)
             .join(OssObject, OssObject.id == FileRecord.oss_id).join(StoredFile, StoredFile.id == OssObject.file_id)
             .where(FileRecord.kind == kind, path_prefix(FileRecord.owner_path, path)))
    if name:
        found = found.where(or_(FileRecord.name.contains(name, autoescape=True),
                                FileRecord.detail.contains(name, autoescape=True)))
    if category:
        found = found.where(FileRecord.category == category)
    return found.order_by(FileRecord.created_at.desc(), FileRecord.id.desc())


def answer(row: Any) -> dict[str, Any]:
    record, obj, stored = row
    return {"id": record.id, "name": record.name, "category": record.category, "detail": record.detail,
            "savePath": obj.save_path, "isPrivate": obj.private, "fileName": obj.name, "size": stored.size,
            "contentType": stored.content_type, "userId": record.owner_user_id,
            "createTime": record.created_at.isoformat()}


async def categories(db: AsyncSession, caller: Caller, kind: str) -> list[dict[str, Any]]:
    rows = await db.execute(select(FileRecord.category, func.count())
                            .where(FileRecord.kind == kind, in_subtree(FileRecord.owner_path, caller))
                            .group_by(FileRecord.category).order_by(FileRecord.category))
    return [{"category": category, "count": count} for category, count in rows.all()]


async def add(db: AsyncSession, caller: Caller, kind: str, body: FileIn) -> int:
    """An entry over a file the caller's subtree uploaded (owned by the file's owner). Commits."""
    obj, _ = await storage.oss_object(db, caller, body.isPrivate, body.savePath)
    record = FileRecord(kind=kind, name=body.name, category=body.category, detail=body.detail, oss_id=obj.id,
                        owner_user_id=obj.owner_user_id, owner_path=obj.owner_path)
    db.add(record)
    await db.commit()
    return record.id


async def one(db: AsyncSession, caller: Caller, kind: str, entry_id: int) -> dict[str, Any]:
    row = (await db.execute(query(kind, caller.acting_path, None, None).where(FileRecord.id == entry_id))).first()
    if row is None:
        raise not_found(texts.ENTRY_NOT_FOUND, field="id", id=entry_id)
    return answer(row)


async def remove(db: AsyncSession, caller: Caller, kind: str, entry_id: int) -> list[str]:
    """Delete the entry and its stored file; answers the keys of the bytes to delete after the commit."""
    record = await db.get(FileRecord, entry_id)
    if record is None or record.kind != kind or not caller.owns_path(record.owner_path):
        raise not_found(texts.ENTRY_NOT_FOUND, field="id", id=entry_id)
    obj = await db.get(OssObject, record.oss_id)
    stored = await db.get(StoredFile, obj.file_id) if obj is not None else None
    await db.delete(record)
    if obj is not None:
        await db.delete(obj)
    await db.flush()
    keys = await storage.forget(db, [stored] if stored is not None else [])
    await db.commit()
    return keys
