"""Keeping files: the bytes in the store, a ``stored_files`` record in the database.

A public file is served to anyone who knows its random id at ``/api/storage/<id>`` (avatars and
pad images are shown by ``<img src>``, which sends no token); a private one only through the calls
of the domain that owns it.
"""

import asyncio
import hashlib
import secrets
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import IO, Any

from sqlalchemy import Select, delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import bad_parameter, not_found
from cleanfleet.core.scope import in_subtree
from cleanfleet.settings import Settings
from cleanfleet.storage import content_types, names, texts
from cleanfleet.storage.backends import CHUNK_BYTES, NotStored, Opened, Store, check_key
from cleanfleet.storage.links import LINK_TTL_MS, signed_link
from cleanfleet.storage.models import ForgottenBytes, OssObject, StoredFile

PUBLIC_PREFIX = "/api/storage/"


def public_url(file: StoredFile) -> str:
    return PUBLIC_PREFIX + file.id


def file_id_of_url(url: str) -> str | None:
    """The stored file id behind one of our public URLs, or None for anything else."""
    if not url.startswith(PUBLIC_PREFIX):
        return None
    file_id = url[len(PUBLIC_PREFIX):]
    return file_id if len(file_id) == 32 and all(c in "0123456789abcdef" for c in file_id) else None


async def save(db: AsyncSession, store: Store, data: bytes, *, kind: str, extension: str, content_type: str,
               owner_user_id: int | None, public: bool) -> StoredFile:
    """Store the bytes under a fresh random key and record them (flushed, not committed)."""
    file_id = secrets.token_hex(16)
    now = utcnow()
    key = check_key(f"{kind}/{now:%Y/%m}/{file_id}.{extension}")
    await store.put(key, data, content_type)
    row = StoredFile(id=file_id, key=key, kind=kind, content_type=content_type, size=len(data),
                     sha256=hashlib.sha256(data).hexdigest(), public=public, owner_user_id=owner_user_id,
                     created_at=now)
    db.add(row)
    await db.flush()
    return row


def digest(handle: IO[bytes]) -> tuple[int, str]:
    """Size and SHA-256 of a file read in chunks from its start; leaves it at its start again."""
    handle.seek(0)
    sha, size = hashlib.sha256(), 0
    while chunk := handle.read(CHUNK_BYTES):
        sha.update(chunk)
        size += len(chunk)
    handle.seek(0)
    return size, sha.hexdigest()


async def file_chunks(handle: IO[bytes]) -> AsyncIterator[bytes]:
    """A file (an upload spooled to disk) read from its start in chunks, each read off the event loop: what
    ``save_stream`` takes."""
    await asyncio.to_thread(handle.seek, 0)
    while chunk := await asyncio.to_thread(handle.read, CHUNK_BYTES):
        yield chunk


async def save_file(db: AsyncSession, store: Store, path: Path, *, kind: str, extension: str, content_type: str,
                    owner_user_id: int | None) -> StoredFile:
    """Store a private file from disk (a robot's upload, spooled) and record it: ``save_stream`` over its
    chunks (flushed, not committed); the file itself is left alone."""
    with path.open("rb") as handle:
        return await save_stream(db, store, file_chunks(handle), kind=kind, extension=extension,
                                 content_type=content_type, owner_user_id=owner_user_id, public=False)


async def get(db: AsyncSession, file_id: str) -> StoredFile | None:
    return await db.get(StoredFile, file_id)


async def open_file(store: Store, file: StoredFile, start: int = 0, end: int | None = None) -> Opened | None:
    """The file's bytes (``start``..``end`` inclusive) for reading in chunks, or None when the store has lost them."""
    try:
        return await store.open(file.key, start, end)
    except NotStored:
        return None


async def served_type(store: Store, file: StoredFile, name: str = "") -> content_types.Served | None:
    """What a stored file is, decided from its stored bytes' head (storage/content_types.py), never from its
    record's type; None when the store has lost the bytes. For a domain that needs a given kind."""
    opened = await open_file(store, file, 0, content_types.HEAD_BYTES - 1)
    if opened is None:
        return None
    head = b"".join([chunk async for chunk in opened.chunks])
    return content_types.decide(head, name or file.key)


async def files_of_owner(db: AsyncSession, owner_user_id: int, kind: str | None = None) -> list[StoredFile]:
    query = select(StoredFile).where(StoredFile.owner_user_id == owner_user_id)
    if kind is not None:
        query = query.where(StoredFile.kind == kind)
    return list(await db.scalars(query))


async def forget(db: AsyncSession, files: Iterable[StoredFile]) -> list[str]:
    """Delete the records; answers the keys whose bytes to delete once the transaction committed."""
    keys = []
    for file in files:
        keys.append(file.key)
        await db.delete(file)
    await db.flush()
    return keys


async def delete_bytes(store: Store, keys: Iterable[str]) -> None:
    for key in keys:
        await store.delete(key)


async def forget_later(db: AsyncSession, files: Iterable[StoredFile]) -> int:
    """Delete the records and note their keys in the same transaction (``ForgottenBytes``); the bytes go in
    ``delete_forgotten`` after the commit. Answers how many."""
    count = 0
    for file in files:
        db.add(ForgottenBytes(key=file.key))
        await db.delete(file)
        count += 1
    await db.flush()
    return count


async def delete_forgotten(db: AsyncSession, store: Store, limit: int = 1_000) -> int:
    """Deletes the bytes of up to ``limit`` forgotten records, then their notes (commits); answers how many."""
    keys = list(await db.scalars(select(ForgottenBytes.key).order_by(ForgottenBytes.key).limit(limit)))
    for key in keys:
        await store.delete(key)
    if keys:
        await db.execute(delete(ForgottenBytes).where(ForgottenBytes.key.in_(keys)))
        await db.commit()
    return len(keys)


async def save_stream(db: AsyncSession, store: Store, chunks: AsyncIterator[bytes], *, kind: str, extension: str,
                      content_type: str, owner_user_id: int | None, public: bool) -> StoredFile:
    """``save`` for a stream: the chunks go to the store as they come (hashed and counted on the way), so a
    file of any size costs a chunk of memory. The service function other domains use to keep a stream (a
    robot's log, a backup); ``link_for`` then gives its download link. Flushed, not committed."""
    file_id = secrets.token_hex(16)
    now = utcnow()
    key = check_key(f"{kind}/{now:%Y/%m}/{file_id}.{extension}")
    digest = hashlib.sha256()

    async def hashed() -> AsyncIterator[bytes]:
        async for chunk in chunks:
            digest.update(chunk)
            yield chunk

    size = await store.put_stream(key, hashed(), content_type)
    row = StoredFile(id=file_id, key=key, kind=kind, content_type=content_type, size=size,
                     sha256=digest.hexdigest(), public=public, owner_user_id=owner_user_id, created_at=now)
    db.add(row)
    await db.flush()
    return row


def link_for(settings: Settings, file: StoredFile, name: str, ttl_ms: int = LINK_TTL_MS) -> tuple[str, int | None]:
    """The download link of a stored file: a public one's lasting URL (no expiry), a private one's signed and
    expiring link (storage/links.py) that downloads it as ``name``."""
    if file.public:
        return public_url(file), None
    return signed_link(settings, file.id, name, ttl_ms)


async def read_upload(upload: Any) -> AsyncIterator[bytes]:
    """An uploaded form file's bytes in chunks (Starlette spooled it to disk past 1 MB)."""
    while chunk := await upload.read(CHUNK_BYTES):
        yield chunk


# -- the object storage calls (/oss/*) ----------------------------------------------------------------------


def _check_names(folder: str, name: str) -> None:
    if not names.valid_folder(folder):
        raise bad_parameter("targetPath", texts.BAD_FOLDER)
    if not names.valid_name(name):
        raise bad_parameter("file", texts.BAD_NAME)


async def oss_upload(db: AsyncSession, store: Store, caller: Caller, *, private: bool, folder: str, name: str,
                     chunks: AsyncIterator[bytes]) -> tuple[OssObject, StoredFile, list[str]]:
    """Keep an upload under ``<acting user>/<folder>/<name>``. The same save path again replaces the file: the
    old record goes first (product-spec 5: "a replace first deletes the old file"), then the new bytes are
    written; the old bytes' keys are answered, to delete once this commits. The type recorded is the one its
    first bytes say (storage/content_types.py), never the one the client declared. Commits."""
    _check_names(folder, name)
    head, chunks = await content_types.peek(chunks)
    served = content_types.decide(head, name)
    path = names.save_path(caller.acting_user_id, folder, name)
    stale: list[str] = []
    old = await db.scalar(select(OssObject).where(OssObject.private == private, OssObject.save_path == path))
    if old is not None:
        old_file = await db.get(StoredFile, old.file_id)
        await db.delete(old)
        await db.flush()
        if old_file is not None:
            stale = await forget(db, [old_file])
    stored = await save_stream(db, store, chunks, kind="oss", extension=names.extension(name),
                               content_type=served.content_type,
                               owner_user_id=caller.acting_user_id, public=not private)
    row = OssObject(save_path=path, folder=folder, name=name, private=private, file_id=stored.id,
                    owner_user_id=caller.acting_user_id, owner_path=caller.acting_path, created_at=stored.created_at)
    db.add(row)
    await db.commit()
    return row, stored, stale


async def oss_object(db: AsyncSession, caller: Caller, private: bool, path: str,
                     field: str = "savePath") -> tuple[OssObject, StoredFile]:
    """A file of the caller's subtree by its save path; NOT_FOUND (naming ``field``) otherwise."""
    row = await db.scalar(select(OssObject).where(OssObject.private == private, OssObject.save_path == path,
                                                  in_subtree(OssObject.owner_path, caller)))
    stored = await db.get(StoredFile, row.file_id) if row is not None else None
    if row is None or stored is None:
        raise not_found(texts.FILE_NOT_FOUND, field=field, path=path)
    return row, stored


async def oss_delete(db: AsyncSession, caller: Caller, private: bool, paths: list[str]) -> list[str]:
    """Delete every named file or none (one missing refuses the call); answers the keys to delete after the
    commit. Commits."""
    found = [await oss_object(db, caller, private, path) for path in dict.fromkeys(paths)]
    for row, _ in found:
        await db.delete(row)
    await db.flush()
    keys = await forget(db, [stored for _, stored in found])
    await db.commit()
    return keys


def oss_query(caller: Caller, private: bool | None, folder: str | None, name: str | None) -> Select[*tuple[Any, ...]]:
    query = (select(OssObject, StoredFile)
             .join(StoredFile, StoredFile.id == OssObject.file_id)
             .where(in_subtree(OssObject.owner_path, caller)))
    if private is not None:
        query = query.where(OssObject.private == private)
    if folder:
        query = query.where(OssObject.folder == folder)
    if name:
        query = query.where(OssObject.name.contains(name, autoescape=True))
    return query.order_by(OssObject.created_at.desc(), OssObject.id.desc())


def oss_answer(row: OssObject, stored: StoredFile) -> dict[str, Any]:
    return {"id": row.id, "savePath": row.save_path, "folder": row.folder, "name": row.name,
            "isPrivate": row.private, "size": stored.size, "contentType": stored.content_type,
            "sha256": stored.sha256, "userId": row.owner_user_id,
            "createTime": row.created_at.isoformat()}


async def oss_folders(db: AsyncSession, caller: Caller) -> list[dict[str, Any]]:
    """Files and bytes per folder of the caller's subtree (the file host screen's chart)."""
    rows = await db.execute(
        select(OssObject.folder, func.count(), func.coalesce(func.sum(StoredFile.size), 0))
        .join(StoredFile, StoredFile.id == OssObject.file_id)
        .where(in_subtree(OssObject.owner_path, caller)).group_by(OssObject.folder).order_by(OssObject.folder))
    return [{"folder": folder, "count": count, "bytes": int(size)} for folder, count, size in rows.all()]
