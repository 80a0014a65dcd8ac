"""Signed updates (issue 47 items 1-2): the console's half of a TUF repository (The Update Framework, the ``tuf``
package's ``tuf.api.metadata``).

Who holds which key (docs/operations.md "Signed updates"): the **root** and **targets** keys stay offline with the
firmware publisher (``python -m cleanfleet_publisher``, backend/cleanfleet_publisher/); the console holds only the
online **snapshot** and **timestamp** keys, made at its first start in ``tuf_keys_dir`` (outside the database, like
the CA's key). The publisher uploads the root it signed (``/version/tuf/root``: version 1, or the next version
signed by the old and the new root keys) and, with each package, the targets metadata it signed
(``insertVersionFireware``'s ``targets``); the console checks both with TUF's own checks (``verify_delegate``),
keeps every version (``version_tuf_metadata``) and re-signs snapshot and timestamp when the targets change and
before the timestamp expires (``refresh``, a leader-only job). Robots read it all at ``/api/tuf/metadata/``.

A console that is breached can re-sign snapshot and timestamp but not targets: a package it adds is in no targets
metadata the publisher signed, and a robot that trusts the publisher's root refuses it.
"""

import contextlib
import functools
import logging
import os
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.codes import Code
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.versions import texts
from cleanfleet.versions.models import TufMetadata

if TYPE_CHECKING:  # tuf is imported where it is used: it brings securesystemslib's every signer, AWS's boto3 too
    from securesystemslib.signer import CryptoSigner
    from tuf.api.metadata import Metadata, Root, Targets

log = logging.getLogger("cleanfleet.versions.signing")
ONLINE = ("snapshot", "timestamp")
ROLES = ("root", "targets", "snapshot", "timestamp")
MAX_METADATA_BYTES = 1024 * 1024
JOB = "tuf-refresh"


@dataclass(frozen=True)
class Lifetimes:
    snapshot: timedelta
    timestamp: timedelta


def _load_or_make(path: Path) -> Ed25519PrivateKey:
    """The private key in ``path`` (PEM), made once (0600, written aside and renamed: two workers starting together
    keep one key)."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        key = Ed25519PrivateKey.generate()
        pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
        aside = path.with_suffix(f".{os.getpid()}.tmp")
        fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(pem)
        with contextlib.suppress(FileExistsError):
            os.link(aside, path)  # the first worker's key wins
        aside.unlink()
    loaded = serialization.load_pem_private_key(path.read_bytes(), password=None)
    if not isinstance(loaded, Ed25519PrivateKey):
        raise ValueError(f"{path}: not an Ed25519 key")
    return loaded


class OnlineKeys:
    """The console's snapshot and timestamp keys (``<folder>/snapshot.pem``, ``timestamp.pem``), read or made at
    their first use (building the app, e.g. for its OpenAPI schema, writes no key)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @functools.cached_property
    def signers(self) -> dict[str, "CryptoSigner"]:
        from securesystemslib.signer import CryptoSigner

        return {role: CryptoSigner(_load_or_make(self.folder / f"{role}.pem")) for role in ONLINE}

    def public(self) -> dict[str, dict[str, Any]]:
        """Each online role's public key as root metadata names it: {role: {keyid, key}}."""
        return {role: {"keyid": signer.public_key.keyid, "key": signer.public_key.to_dict()}
                for role, signer in self.signers.items()}


# --- stored metadata ---------------------------------------------------------------------------------------


async def latest(db: AsyncSession, role: str) -> TufMetadata | None:
    return await db.scalar(select(TufMetadata).where(TufMetadata.role == role)
                           .order_by(TufMetadata.version.desc()).limit(1))


async def parsed(db: AsyncSession, role: str) -> "Metadata[Any] | None":
    from tuf.api.metadata import Metadata

    row = await latest(db, role)
    return Metadata.from_bytes(row.body.encode()) if row is not None else None


def _row(md: "Metadata[Any]") -> TufMetadata:
    from tuf.api.serialization.json import JSONSerializer

    body = md.to_bytes(JSONSerializer(compact=False)).decode()
    return TufMetadata(role=md.signed.type, version=md.signed.version, body=body, expires=md.signed.expires,
                       created_at=utcnow())


async def metadata_file(db: AsyncSession, name: str) -> bytes | None:
    """A file of the repository as robots ask for it: ``<role>.json`` (the newest) or ``<n>.root.json``."""
    version, _, rest = name.partition(".")
    if version.isdigit() and rest == "root.json":
        body = await db.scalar(select(TufMetadata.body).where(TufMetadata.role == "root",
                                                              TufMetadata.version == int(version)))
        return body.encode() if body is not None else None
    role = name.removesuffix(".json")
    row = await latest(db, role) if role in ROLES else None
    return row.body.encode() if row is not None else None


def _parse(data: bytes, role: str, field: str) -> "Metadata[Any]":
    from tuf.api.metadata import Metadata

    if len(data) > MAX_METADATA_BYTES:
        raise ApiError(Code.BAD_FILE, texts.METADATA_BAD, field=field, values={"role": role})
    try:
        md: Metadata[Any] = Metadata.from_bytes(data)
    except Exception as exc:
        raise ApiError(Code.BAD_FILE, texts.METADATA_BAD, field=field, values={"role": role}) from exc
    if md.signed.type != role:
        raise ApiError(Code.BAD_FILE, texts.METADATA_BAD, field=field, values={"role": role})
    return md


def _verified(delegator: "Metadata[Root]", role: str, md: "Metadata[Any]", field: str) -> None:
    try:
        delegator.verify_delegate(role, md)
    except Exception as exc:
        raise ApiError(Code.BAD_FILE, texts.SIGNATURE_BAD, field=field, values={"role": role}) from exc


async def accept_root(db: AsyncSession, keys: OnlineKeys, data: bytes) -> "Metadata[Root]":
    """A root the publisher signed, stored as the next version (flushed): version 1 signed by its own keys, or
    version n+1 signed by a threshold of the old root's root keys *and* of its own. It must name this console's
    online keys for snapshot and timestamp (threshold 1), or the console could not keep the repository fresh."""
    field = "root"
    md = _parse(data, "root", field)
    current = await parsed(db, "root")
    wanted = 1 if current is None else current.signed.version + 1
    if md.signed.version != wanted:
        raise ApiError(Code.CONFLICT, texts.ROOT_VERSION, field=field,
                       values={"version": md.signed.version, "wanted": wanted})
    if current is not None:
        _verified(current, "root", md, field)
    _verified(md, "root", md, field)
    if md.signed.is_expired(utcnow()):
        raise ApiError(Code.BAD_FILE, texts.METADATA_EXPIRED, field=field, values={"role": "root"})
    for role, public in keys.public().items():
        named = md.signed.roles[role]
        if named.keyids != [public["keyid"]] or named.threshold != 1:
            raise ApiError(Code.BAD_FILE, texts.ONLINE_KEYS, field=field, values={"role": role})
    db.add(_row(md))
    await db.flush()
    return md


async def accept_targets(db: AsyncSession, data: bytes, field: str = "targets") -> "Metadata[Targets]":
    """Targets metadata the publisher signed, checked against the current root (threshold of its targets keys,
    not expired, a version above the stored one) and stored (flushed)."""
    md = _parse(data, "targets", field)
    root = await parsed(db, "root")
    if root is None:
        raise ApiError(Code.CONFLICT, texts.NO_ROOT, field=field)
    _verified(root, "targets", md, field)
    if md.signed.is_expired(utcnow()):
        raise ApiError(Code.BAD_FILE, texts.METADATA_EXPIRED, field=field, values={"role": "targets"})
    current = await latest(db, "targets")
    if current is not None and md.signed.version <= current.version:
        raise ApiError(Code.CONFLICT, texts.TARGETS_VERSION, field=field,
                       values={"version": md.signed.version, "wanted": current.version + 1})
    db.add(_row(md))
    await db.flush()
    return md


# --- snapshot and timestamp (the online roles) ------------------------------------------------------------


def _sign(md: "Metadata[Any]", keys: OnlineKeys) -> "Metadata[Any]":
    md.sign(keys.signers[md.signed.type])
    return md


async def resign(db: AsyncSession, keys: OnlineKeys, lifetimes: Lifetimes, now: datetime | None = None,
                 force: bool = False) -> bool:
    """Signs a new snapshot (when the targets changed) and a new timestamp (then, or when the current one has
    less than half its life left, or ``force``); flushed. ``now``: the signing time (the expiry counts from it).
    Answers whether anything was signed. Nothing before a root and a targets metadata are there."""
    now = now or utcnow()
    root, targets = await latest(db, "root"), await latest(db, "targets")
    if root is None or targets is None:
        return False
    from tuf.api.metadata import Metadata, MetaFile, Snapshot, Timestamp

    snapshot, timestamp = await parsed(db, "snapshot"), await parsed(db, "timestamp")
    changed = snapshot is None or snapshot.signed.meta["targets.json"].version != targets.version
    if changed:
        version = snapshot.signed.version + 1 if snapshot is not None else 1
        snapshot = _sign(Metadata(Snapshot(version=version, expires=now + lifetimes.snapshot,
                                           meta={"targets.json": MetaFile(version=targets.version)})), keys)
        db.add(_row(snapshot))
    assert snapshot is not None
    stale = timestamp is None or timestamp.signed.expires - now < lifetimes.timestamp / 2
    if not (changed or stale or force):
        return False
    version = timestamp.signed.version + 1 if timestamp is not None else 1
    # snapshot's expiry is renewed too when it would end before the new timestamp
    if snapshot.signed.expires < now + lifetimes.timestamp:
        snapshot = _sign(Metadata(Snapshot(version=snapshot.signed.version + 1, expires=now + lifetimes.snapshot,
                                           meta=snapshot.signed.meta)), keys)
        db.add(_row(snapshot))
    db.add(_row(_sign(Metadata(Timestamp(version=version, expires=now + lifetimes.timestamp,
                                         snapshot_meta=MetaFile(version=snapshot.signed.version))), keys)))
    await db.flush()
    return True


async def prune(db: AsyncSession, keep: int = 50) -> None:
    """Old snapshot and timestamp versions beyond the newest ``keep`` go (roots and targets stay: robots walk the
    roots, and the targets are the publisher's signatures)."""
    for role in ONLINE:
        top = await db.scalar(select(func.max(TufMetadata.version)).where(TufMetadata.role == role))
        if top is not None and top > keep:
            await db.execute(delete(TufMetadata).where(TufMetadata.role == role, TufMetadata.version <= top - keep))


def lifetimes_of(settings: Any) -> Lifetimes:
    return Lifetimes(snapshot=timedelta(days=settings.tuf_snapshot_days),
                     timestamp=timedelta(hours=settings.tuf_timestamp_hours))


def start_refresh(state: Any, every: float) -> Any:
    """The leader-only job that keeps the timestamp fresh (core.leader.start_scanning)."""
    from cleanfleet.core.leader import start_scanning

    async def scan(database: Database) -> int:
        async with database.sessions() as db:
            signed = await resign(db, state.tuf_keys, lifetimes_of(state.settings))
            if signed:
                await prune(db)
            await db.commit()
            return int(signed)

    return start_scanning(state.db, JOB, scan, every, 1.0)


async def status(db: AsyncSession, keys: OnlineKeys) -> dict[str, Any]:
    """The repository as the console shows it: each role's version and expiry, the online keys."""
    roles = {}
    for role in ROLES:
        row = await latest(db, role)
        roles[role] = {"version": row.version if row else 0, "expires": row.expires.isoformat() if row else ""}
    root = await parsed(db, "root")
    offline = {role: list(root.signed.roles[role].keyids) for role in ("root", "targets")} if root else {}
    return {"roles": roles, "rootKeyIds": offline.get("root", []), "targetsKeyIds": offline.get("targets", []),
            "onlineKeys": keys.public()}


async def read_upload(upload: Any, field: str = "targets") -> bytes:
    """An uploaded metadata file, at most MAX_METADATA_BYTES."""
    data = await upload.read(MAX_METADATA_BYTES + 1)
    if len(data) > MAX_METADATA_BYTES:
        raise ApiError(Code.BAD_FILE, texts.METADATA_BAD, field=field, values={"role": field})
    return bytes(data)


def repository(state: Any) -> tuple[OnlineKeys, Lifetimes]:
    """What re-signing needs, from app.state: the online keys and the lifetimes of the settings."""
    return state.tuf_keys, lifetimes_of(state.settings)


async def upload_root(db: AsyncSession, state: Any, data: bytes) -> None:
    """Stores the publisher's root (``accept_root``) and re-signs the timestamp (robots see it at once); one
    commit."""
    keys, lifetimes = repository(state)
    await accept_root(db, keys, data)
    await resign(db, keys, lifetimes, force=True)
    await db.commit()


async def stop_refresh(task: Any) -> None:
    from cleanfleet.core.leader import stop_task

    await stop_task(task)
