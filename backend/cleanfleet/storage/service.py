"""Keeping files: the bytes in the store, a ``stored_files`` record in the database.

A public file is served to anyone who knows its random id at ``/api/storage/<id>`` (avatars and
pad images are shown by ``<img src>``, which sends no token); a private one only through the calls
of the domain that owns it.
"""

import hashlib
import secrets
from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import utcnow
from cleanfleet.storage.backends import NotStored, Opened, Store, check_key
from cleanfleet.storage.models import StoredFile

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


async def get(db: AsyncSession, file_id: str) -> StoredFile | None:
    return await db.get(StoredFile, file_id)


async def open_file(store: Store, file: StoredFile) -> Opened | None:
    """The file's bytes for reading in chunks, or None when the store has lost them."""
    try:
        return await store.open(file.key)
    except NotStored:
        return None


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
