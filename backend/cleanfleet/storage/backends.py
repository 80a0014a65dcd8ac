"""Where file bytes live: a local folder by default; an S3-compatible store is the production option.

A store maps a *key* (``avatars/2026/11/<random>.png``, always built by the server from random
ids and checked against ``KEY_PATTERN``) to bytes. Domains never touch a store directly: they use
``cleanfleet.storage.service``, which also keeps the ``stored_files`` record.

Production with several workers needs a store that every worker sees: a shared folder (NFS) with
``CLEANFLEET_FILES_DIR``, or an S3-compatible store through ``S3Store`` below.
"""

import asyncio
import os
import re
import tempfile
from pathlib import Path
from typing import Protocol

from cleanfleet.settings import Settings

KEY_PATTERN = re.compile(r"^[a-z0-9_-]+(/[a-z0-9_-]+)*\.[a-z0-9]{1,8}$")


class StoreError(Exception):
    pass


def check_key(key: str) -> str:
    if not KEY_PATTERN.fullmatch(key) or len(key) > 255:
        raise StoreError(f"invalid storage key {key!r}")
    return key


class Store(Protocol):
    async def put(self, key: str, data: bytes, content_type: str) -> None: ...

    async def get(self, key: str) -> bytes: ...

    async def delete(self, key: str) -> None: ...


class LocalStore:
    """Files under one folder (outside any served folder): ``<root>/<key>``, written atomically."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()

    def _path(self, key: str) -> Path:
        path = (self.root / check_key(key)).resolve()
        if not path.is_relative_to(self.root):
            raise StoreError(f"key {key!r} leaves the store")
        return path

    def _write(self, path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".upload-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    async def put(self, key: str, data: bytes, content_type: str) -> None:
        await asyncio.to_thread(self._write, self._path(key), data)

    async def get(self, key: str) -> bytes:
        path = self._path(key)
        try:
            return await asyncio.to_thread(path.read_bytes)
        except FileNotFoundError as exc:
            raise StoreError(f"no file for key {key!r}") from exc

    async def delete(self, key: str) -> None:
        await asyncio.to_thread(self._path(key).unlink, missing_ok=True)


class S3Store:
    """Extension point, NOT implemented: an S3-compatible object store (AWS S3, MinIO, Ceph, OSS).

    To add it: implement ``put``/``get``/``delete`` of the ``Store`` protocol with an async S3
    client (for example aioboto3: ``put_object(Bucket, Key, Body, ContentType)``, ``get_object``,
    ``delete_object``), read its endpoint, bucket, region and credentials from new
    ``CLEANFLEET_S3_*`` settings, choose it in ``make_store`` when ``CLEANFLEET_S3_BUCKET`` is set,
    and test it against a real S3-compatible server. Keys stay the same, so records move as they are.
    """

    def __init__(self, *_args: object, **_kwargs: object) -> None:
        raise NotImplementedError("the S3-compatible store is not implemented yet; see cleanfleet/storage/backends.py")


def make_store(settings: Settings) -> Store:
    return LocalStore(settings.files_root)
