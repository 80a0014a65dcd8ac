"""Where file bytes live: a local folder by default; an S3-compatible store is the production option.

A store maps a *key* (``avatars/2026/11/<random>.png``, always built by the server from random
ids and checked against ``KEY_PATTERN``) to bytes. Domains never touch a store directly: they use
``cleanfleet.storage.service``, which also keeps the ``stored_files`` record.

Production with several workers needs a store that every worker sees: a shared folder (NFS) with
``CLEANFLEET_FILES_DIR``, or an S3-compatible store (AWS S3, MinIO, Ceph RGW ...) with
``CLEANFLEET_STORAGE=s3`` and the ``CLEANFLEET_S3_*`` settings (README, "File storage"). Keys are
the same in both, so records move as they are when the bytes are copied over.
"""

import asyncio
import os
import re
import tempfile
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Protocol

from cleanfleet.settings import Settings

KEY_PATTERN = re.compile(r"^[a-z0-9_-]+(/[a-z0-9_-]+)*\.[a-z0-9]{1,8}$")
CHUNK_BYTES = 256 * 1024
PART_BYTES = 8 * 1024 * 1024  # an S3 multipart part (S3's least is 5 MiB, but for the last part)


class StoreError(Exception):
    pass


class NotStored(StoreError):
    """The store has nothing under this key."""


def check_key(key: str) -> str:
    if not KEY_PATTERN.fullmatch(key) or len(key) > 255:
        raise StoreError(f"invalid storage key {key!r}")
    return key


@dataclass
class Opened:
    """A stored file being read: its size and its bytes in chunks (read to the end, or ``aclose`` it)."""

    size: int
    chunks: AsyncIterator[bytes]


class Store(Protocol):
    async def start(self) -> None:
        """Check that the store can be used (and prepare it); called once when the server starts."""
        ...

    async def close(self) -> None: ...

    async def put(self, key: str, data: bytes, content_type: str) -> None: ...

    async def put_stream(self, key: str, chunks: AsyncIterator[bytes], content_type: str) -> int:
        """Store the chunks as they come (never the whole file in memory); answers the size written."""
        ...

    async def get(self, key: str) -> bytes:
        """The whole file; ``NotStored`` when there is none."""
        ...

    async def open(self, key: str, start: int = 0, end: int | None = None) -> Opened:
        """The file (bytes ``start``..``end`` inclusive, for an HTTP range) for reading in chunks;
        ``NotStored`` when there is none. ``size`` is the whole file's."""
        ...

    async def delete(self, key: str) -> None:
        """Remove the file; nothing happens when there is none."""
        ...


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

    async def start(self) -> None:
        await asyncio.to_thread(self.root.mkdir, parents=True, exist_ok=True)

    async def close(self) -> None:
        pass

    async def put(self, key: str, data: bytes, content_type: str) -> None:
        await asyncio.to_thread(self._write, self._path(key), data)

    async def put_stream(self, key: str, chunks: AsyncIterator[bytes], content_type: str) -> int:
        path = self._path(key)
        await asyncio.to_thread(path.parent.mkdir, parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".upload-")
        size = 0
        try:
            with os.fdopen(handle, "wb") as out:
                async for chunk in chunks:
                    size += len(chunk)
                    await asyncio.to_thread(out.write, chunk)
            await asyncio.to_thread(os.replace, temporary, path)
        except BaseException:
            await asyncio.to_thread(Path(temporary).unlink, missing_ok=True)
            raise
        return size

    async def get(self, key: str) -> bytes:
        path = self._path(key)
        try:
            return await asyncio.to_thread(path.read_bytes)
        except FileNotFoundError as exc:
            raise NotStored(f"no file for key {key!r}") from exc

    async def open(self, key: str, start: int = 0, end: int | None = None) -> Opened:
        path = self._path(key)
        try:
            handle = await asyncio.to_thread(path.open, "rb")
        except FileNotFoundError as exc:
            raise NotStored(f"no file for key {key!r}") from exc
        size = os.fstat(handle.fileno()).st_size
        if start:
            handle.seek(start)
        last = size - 1 if end is None else min(end, size - 1)
        return Opened(size, self._chunks(handle, max(0, last - start + 1)))

    @staticmethod
    async def _chunks(handle: IO[bytes], left: int) -> AsyncIterator[bytes]:
        try:
            while left > 0 and (chunk := await asyncio.to_thread(handle.read, min(CHUNK_BYTES, left))):
                left -= len(chunk)
                yield chunk
        finally:
            handle.close()

    async def delete(self, key: str) -> None:
        await asyncio.to_thread(self._path(key).unlink, missing_ok=True)


MISSING_CODES = {"404", "NoSuchKey", "NoSuchBucket", "NotFound"}


def _error_code(exc: Exception) -> str:
    return str(getattr(exc, "response", {}).get("Error", {}).get("Code", ""))


class S3Store:
    """An S3-compatible object store (AWS S3, MinIO, Ceph RGW ...) through aiobotocore.

    One client per process, opened by ``start`` (which checks the bucket, and creates it when
    ``CLEANFLEET_S3_CREATE_BUCKET`` allows) and closed by ``close``. Object names are
    ``CLEANFLEET_S3_PREFIX`` + the key.
    """

    def __init__(self, settings: Settings) -> None:
        if not settings.s3_bucket:
            raise StoreError("CLEANFLEET_STORAGE=s3 needs CLEANFLEET_S3_BUCKET")
        self.settings = settings
        self.bucket = settings.s3_bucket
        prefix = settings.s3_prefix.strip("/")
        self.prefix = prefix + "/" if prefix else ""
        self.where = f"bucket {self.bucket!r} at {settings.s3_endpoint or 'AWS S3 ' + settings.s3_region}"
        self._exits = AsyncExitStack()
        self._client: Any = None

    def name(self, key: str) -> str:
        return self.prefix + check_key(key)

    @property
    def client(self) -> Any:
        if self._client is None:
            raise StoreError("the S3 store is not started")
        return self._client

    async def start(self) -> None:
        from aiobotocore.config import AioConfig
        from aiobotocore.session import get_session

        settings = self.settings
        addressing = settings.s3_addressing
        if addressing == "auto":
            addressing = "path" if settings.s3_endpoint else "virtual"
        config = AioConfig(
            s3={"addressing_style": addressing}, connect_timeout=settings.s3_timeout,
            read_timeout=settings.s3_timeout, retries={"max_attempts": 3, "mode": "standard"},
            # checksums only where S3 requires them: many S3-compatible servers reject the newer defaults
            request_checksum_calculation="when_required", response_checksum_validation="when_required",
        )
        self._client = await self._exits.enter_async_context(get_session().create_client(
            "s3", region_name=settings.s3_region, endpoint_url=settings.s3_endpoint,
            aws_access_key_id=settings.s3_access_key, aws_secret_access_key=settings.s3_secret_key, config=config))
        try:
            await self._check_bucket()
        except BaseException:
            await self.close()
            raise

    async def _check_bucket(self) -> None:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            await self.client.head_bucket(Bucket=self.bucket)
            return
        except ClientError as exc:
            if _error_code(exc) not in MISSING_CODES:
                raise StoreError(f"cannot use the S3 {self.where}: {exc} (check CLEANFLEET_S3_ACCESS_KEY, "
                                 "CLEANFLEET_S3_SECRET_KEY and the bucket's policy)") from exc
        except BotoCoreError as exc:
            raise StoreError(f"cannot reach the S3 {self.where}: {exc} (check CLEANFLEET_S3_ENDPOINT, "
                             "CLEANFLEET_S3_REGION, CLEANFLEET_S3_ACCESS_KEY and CLEANFLEET_S3_SECRET_KEY)") from exc
        if not self.settings.s3_create_bucket:
            raise StoreError(f"the S3 {self.where} does not exist: create it, or set "
                             "CLEANFLEET_S3_CREATE_BUCKET=true to let the server create it")
        options: dict[str, Any] = {}
        if self.settings.s3_region != "us-east-1":
            options["CreateBucketConfiguration"] = {"LocationConstraint": self.settings.s3_region}
        try:
            await self.client.create_bucket(Bucket=self.bucket, **options)
        except ClientError as exc:
            if _error_code(exc) != "BucketAlreadyOwnedByYou":  # another worker was quicker
                raise StoreError(f"cannot create the S3 {self.where}: {exc}") from exc

    async def close(self) -> None:
        self._client = None
        await self._exits.aclose()

    async def put(self, key: str, data: bytes, content_type: str) -> None:
        await self.client.put_object(Bucket=self.bucket, Key=self.name(key), Body=data, ContentType=content_type)

    async def put_stream(self, key: str, chunks: AsyncIterator[bytes], content_type: str) -> int:
        """A multipart upload of PART_BYTES parts (one PUT when the file is smaller than a part)."""
        name = self.name(key)
        part = bytearray()
        size = 0
        upload_id: str | None = None
        parts: list[dict[str, Any]] = []
        try:
            async for chunk in chunks:
                size += len(chunk)
                part += chunk
                if len(part) >= PART_BYTES:
                    if upload_id is None:
                        started = await self.client.create_multipart_upload(
                            Bucket=self.bucket, Key=name, ContentType=content_type)
                        upload_id = started["UploadId"]
                    sent = await self.client.upload_part(Bucket=self.bucket, Key=name, UploadId=upload_id,
                                                         PartNumber=len(parts) + 1, Body=bytes(part))
                    parts.append({"PartNumber": len(parts) + 1, "ETag": sent["ETag"]})
                    part.clear()
            if upload_id is None:
                await self.client.put_object(Bucket=self.bucket, Key=name, Body=bytes(part), ContentType=content_type)
                return size
            if part:
                sent = await self.client.upload_part(Bucket=self.bucket, Key=name, UploadId=upload_id,
                                                     PartNumber=len(parts) + 1, Body=bytes(part))
                parts.append({"PartNumber": len(parts) + 1, "ETag": sent["ETag"]})
            await self.client.complete_multipart_upload(Bucket=self.bucket, Key=name, UploadId=upload_id,
                                                        MultipartUpload={"Parts": parts})
        except BaseException:
            if upload_id is not None:
                await self.client.abort_multipart_upload(Bucket=self.bucket, Key=name, UploadId=upload_id)
            raise
        return size

    async def _get_object(self, key: str, **options: Any) -> dict[str, Any]:
        from botocore.exceptions import ClientError

        try:
            answer: dict[str, Any] = await self.client.get_object(Bucket=self.bucket, Key=self.name(key), **options)
        except ClientError as exc:
            if _error_code(exc) in MISSING_CODES:
                raise NotStored(f"no object for key {key!r} in the S3 {self.where}") from exc
            raise
        return answer

    async def get(self, key: str) -> bytes:
        answer = await self._get_object(key)
        async with answer["Body"] as body:
            data: bytes = await body.read()
        return data

    async def open(self, key: str, start: int = 0, end: int | None = None) -> Opened:
        if not start and end is None:
            answer = await self._get_object(key)
            return Opened(int(answer["ContentLength"]), self._chunks(answer["Body"]))
        answer = await self._get_object(key, Range=f"bytes={start}-{'' if end is None else end}")
        size = int(str(answer.get("ContentRange", "")).rpartition("/")[2] or answer["ContentLength"])
        return Opened(size, self._chunks(answer["Body"]))

    @staticmethod
    async def _chunks(body: Any) -> AsyncIterator[bytes]:
        async with body:  # gives the connection back, also when the reader stops early
            while chunk := await body.read(CHUNK_BYTES):
                yield chunk

    async def delete(self, key: str) -> None:
        await self.client.delete_object(Bucket=self.bucket, Key=self.name(key))


def make_store(settings: Settings) -> Store:
    return S3Store(settings) if settings.storage == "s3" else LocalStore(settings.files_root)
