"""Firmware packages (page version/fireware), their publication to a white list, and the robots' update records.

Decisions where the spec is silent:
- A firmware is a catalogue record: every holder of the page key sees the one list; who may receive it is
  scoped (a white list or a rollout names only devices in the caller's subtree; another branch's serial
  number is refused NOT_FOUND like a missing one).
- The package's bytes go to the storage layer streamed (never whole in memory) with their SHA-256; a
  ``sha256`` sent with the upload must match, else the upload is refused and nothing is stored.
- Version numbers compare by their numbers in order ("FW-3.4.10" > "3.4.9"); an update to a lower version
  than the robot's is refused naming the robot, unless ``allowDowngrade`` is set. The same version again is
  a reinstall and allowed.
- A robot with an update still open that gets a new one: the old one is cancelled (superseded).
"""

import re
from datetime import UTC, datetime
from typing import IO, Any

from sqlalchemy import Select, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.bounds import MAX_ID
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, no_permission
from cleanfleet.core.texts import LACKS_KEYS, Text
from cleanfleet.core.validation import REQUIRED
from cleanfleet.devices.access import get_device_by_serial, visible
from cleanfleet.devices.models import Device
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Store
from cleanfleet.storage.models import StoredFile
from cleanfleet.users.models import User
from cleanfleet.versions import signing, texts
from cleanfleet.versions.models import (
    CANCELLED,
    OPEN,
    UPDATED,
    DeviceUpdate,
    Firmware,
    Publication,
    Rollout,
    SoftVersion,
)
from cleanfleet.versions.schemas import FirmwareEdit
from cleanfleet.versions.waits import local_time, zone_column
from cleanfleet.versions.windows import shown_reason

MAX_PACKAGE_BYTES = 512 * 1024 * 1024
PACKAGE_KIND = "firmware"
_NUMBERS = re.compile(r"\d+")


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(n) for n in _NUMBERS.findall(version)) or (0,)


def is_downgrade(current: str, target: str) -> bool:
    return bool(current.strip()) and version_key(target) < version_key(current)


def required(value: str | None, field: str) -> str:
    """A form field that must hold more than blanks, stripped (None stays None: not sent)."""
    if value is None:
        return value  # type: ignore[return-value]
    if not value.strip():
        raise bad_parameter(field, REQUIRED)
    return value.strip()


def iso(moment: Any) -> str:
    return moment.isoformat() if moment is not None else ""




# --- firmware ----------------------------------------------------------------------------------------------


async def get_firmware(db: AsyncSession, firmware_id: int, field: str = "id") -> Firmware:
    firmware = await db.get(Firmware, firmware_id)
    if firmware is None:
        raise ApiError(Code.NOT_FOUND, texts.FIRMWARE_NOT_FOUND, field=field, values={"id": firmware_id})
    return firmware


async def _name_free(db: AsyncSession, name: str, firmware_id: int | None = None) -> None:
    query = select(Firmware.id).where(Firmware.name == name)
    if firmware_id is not None:
        query = query.where(Firmware.id != firmware_id)
    if await db.scalar(query.limit(1)) is not None:
        raise ApiError(Code.ALREADY_EXISTS, texts.NAME_TAKEN, field="name", values={"name": name})


def _counts() -> tuple[Any, Any]:
    updating = (select(func.count(DeviceUpdate.id)).where(DeviceUpdate.firmware_id == Firmware.id,
                                                          DeviceUpdate.state.in_(OPEN))
                .correlate(Firmware).scalar_subquery())
    updated = (select(func.count(DeviceUpdate.id)).where(DeviceUpdate.firmware_id == Firmware.id,
                                                         DeviceUpdate.state == UPDATED)
               .correlate(Firmware).scalar_subquery())
    return updating, updated


def firmware_answer(firmware: Firmware, updating: int = 0, updated: int = 0) -> dict[str, Any]:
    return {"id": firmware.id, "versionId": firmware.id, "name": firmware.name, "version": firmware.version,
            "description": firmware.description, "enabled": firmware.enabled,
            "deviceTypes": list(firmware.device_types or []), "fileName": firmware.file_name, "size": firmware.size,
            "sha256": firmware.sha256, "updating": updating, "updated": updated,
            "createTime": iso(firmware.created_at), "updateTime": iso(firmware.updated_at),
            "signed": firmware.target_path is not None, "signedBy": firmware.signed_by or "",
            "signedKeys": list(firmware.signed_keys or []), "signedAt": iso(firmware.signed_at),
            "targetPath": firmware.target_path or "", "allowUnsigned": bool(firmware.allow_unsigned)}


async def list_firmware(db: AsyncSession) -> list[dict[str, Any]]:
    updating, updated = _counts()
    query = select(Firmware, updating, updated).order_by(Firmware.created_at.desc(), Firmware.id.desc())
    rows = await db.execute(query)
    return [firmware_answer(f, a, b) for f, a, b in rows]


async def firmware_out(db: AsyncSession, firmware_id: int) -> dict[str, Any]:
    updating, updated = _counts()
    firmware, a, b = (await db.execute(select(Firmware, updating, updated).where(Firmware.id == firmware_id))).one()
    return firmware_answer(firmware, a, b)


async def create_firmware(db: AsyncSession, store: Store, caller: Caller, *, name: str, version: str,
                          description: str, enabled: bool, device_types: list[int], file: IO[bytes] | None,
                          file_name: str, sha256: str | None, targets: bytes | None = None,
                          allow_unsigned: bool = False, repository: Any = None) -> Firmware:
    """A new firmware with its package (checked, then stored streamed); one commit. ``targets``: the targets
    metadata the publisher signed for it (versions/signing.py), checked against the trusted root and stored; without
    it the package is unsigned and refused unless ``allow_unsigned`` (the switch for older robots)."""
    if file is None or not file_name:
        raise ApiError(Code.BAD_PARAMETER, texts.FILE_REQUIRED, field="file")
    if targets is None and not allow_unsigned:
        raise ApiError(Code.BAD_PARAMETER, texts.UNSIGNED, field="targets")
    await _name_free(db, name)
    signed = await signing.accept_targets(db, targets) if targets is not None else None
    stored, size, digest = await store_package(db, store, file, file_name, sha256, kind=PACKAGE_KIND)
    now = utcnow()
    firmware = Firmware(name=name, version=version, description=description, enabled=enabled,
                        device_types=sorted(set(device_types)), file_id=stored.id, file_name=file_name[:128],
                        size=size, sha256=digest, user_id=caller.user_id, created_at=now, updated_at=now,
                        allow_unsigned=allow_unsigned)
    if signed is not None:
        _sign_firmware(firmware, signed, version)
        if repository is not None:  # (keys, lifetimes): snapshot and timestamp follow in the same transaction
            await signing.resign(db, *repository)
    db.add(firmware)
    await db.commit()
    return firmware


def _sign_firmware(firmware: Firmware, signed: Any, version: str) -> None:
    """Marks a firmware signed by the release of the targets metadata that lists its package (its length and
    SHA-256) with its version; refused naming ``targets`` when none does."""
    for path, target in signed.signed.targets.items():
        custom = target.custom if isinstance(target.custom, dict) else {}
        if (target.length == firmware.size and target.hashes.get("sha256") == firmware.sha256
                and custom.get("version") == version):
            firmware.target_path = path[:255]
            firmware.signed_by = str(custom.get("publisher") or "")[:128]
            firmware.signed_keys = sorted(signed.signatures)
            firmware.signed_at = _moment(custom.get("signed"))
            return
    raise ApiError(Code.BAD_PARAMETER, texts.NOT_SIGNED_FOR, field="targets", values={"version": version})


def _moment(text: Any) -> Any:
    try:
        moment = datetime.fromisoformat(str(text))
    except ValueError:
        return utcnow()
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


async def store_package(db: AsyncSession, store: Store, file: IO[bytes] | None, file_name: str, sha256: str | None,
                        *, kind: str, field: str = "file", required: Text = texts.FILE_REQUIRED,
                        ) -> tuple[StoredFile, int, str]:
    """A package checked (there, not empty, at most MAX_PACKAGE_BYTES, the ``sha256`` given matches) and stored
    streamed in the storage layer (flushed, not committed): the stored file, its size and its SHA-256."""
    if file is None or not file_name:
        raise ApiError(Code.BAD_PARAMETER, required, field=field)
    size, digest = storage.digest(file)
    if size == 0:
        raise ApiError(Code.BAD_PARAMETER, required, field=field)
    if size > MAX_PACKAGE_BYTES:
        raise ApiError(Code.BAD_FILE, texts.FILE_TOO_LARGE, field=field,
                       values={"limit": MAX_PACKAGE_BYTES // (1024 * 1024)})
    expected = (sha256 or "").strip().lower()
    if expected and expected != digest:
        raise ApiError(Code.BAD_PARAMETER, texts.CHECKSUM_MISMATCH, field="sha256",
                       values={"actual": digest, "expected": expected[:64]})
    stored = await storage.save_stream(db, store, storage.file_chunks(file), kind=kind, extension="bin",
                                       content_type="application/octet-stream", owner_user_id=None, public=False)
    return stored, size, digest


async def edit_firmware(db: AsyncSession, body: FirmwareEdit) -> Firmware:
    firmware = await get_firmware(db, body.id)
    if body.name is not None and body.name != firmware.name:
        await _name_free(db, body.name, firmware.id)
        firmware.name = body.name
    if body.version is not None:
        if firmware.target_path is not None and body.version != firmware.version:
            raise ApiError(Code.CONFLICT, texts.SIGNED_VERSION, field="version",
                           values={"name": firmware.name, "version": firmware.version})
        firmware.version = body.version
    if body.description is not None:
        firmware.description = body.description
    if body.enabled is not None:
        firmware.enabled = body.enabled
    if body.deviceTypes is not None:
        firmware.device_types = sorted(set(body.deviceTypes))
    if body.allowUnsigned is not None:
        firmware.allow_unsigned = body.allowUnsigned
    firmware.updated_at = utcnow()
    await db.commit()
    return firmware


async def delete_firmware(db: AsyncSession, store: Store, firmware_id: int) -> None:
    """Refused while robots are updating to it; its records and publications go with it."""
    firmware = await get_firmware(db, firmware_id)
    busy = await db.scalar(select(func.count(DeviceUpdate.id)).where(DeviceUpdate.firmware_id == firmware.id,
                                                                     DeviceUpdate.state.in_(OPEN))) or 0
    if busy:
        raise ApiError(Code.CONFLICT, texts.FIRMWARE_IN_USE, field="id",
                       values={"name": firmware.name, "count": busy})
    for model in (DeviceUpdate, Publication, Rollout):
        for row in await db.scalars(select(model).where(model.firmware_id == firmware.id)):
            await db.delete(row)
    await db.flush()
    file = await storage.get(db, firmware.file_id)
    await db.delete(firmware)
    await db.flush()
    keys = await storage.forget(db, [file]) if file is not None else []
    await db.commit()
    await storage.delete_bytes(store, keys)


# --- targets -----------------------------------------------------------------------------------------------


def check_targets(firmware: Firmware, devices: list[Device], allow_downgrade: bool, field: str) -> None:
    """Every device may take this firmware: its type is one the firmware applies to, and no downgrade unless
    allowed. The refusal names the first device that may not."""
    if not firmware.enabled:
        raise ApiError(Code.CONFLICT, texts.FIRMWARE_DISABLED, field="versionId", values={"name": firmware.name})
    if firmware.target_path is None and not firmware.allow_unsigned:
        raise ApiError(Code.CONFLICT, texts.UNSIGNED_PUBLISH, field="versionId", values={"name": firmware.name})
    types = set(firmware.device_types or [])
    for device in devices:
        if types and device.type_id not in types:
            raise ApiError(Code.BAD_PARAMETER, texts.TYPE_NOT_APPLICABLE, field=field,
                           values={"serial": device.serial_number})
        if not allow_downgrade and is_downgrade(device.firmware_version, firmware.version):
            raise ApiError(Code.BAD_PARAMETER, texts.DOWNGRADE, field="allowDowngrade",
                           values={"serial": device.serial_number, "current": device.firmware_version,
                                   "version": firmware.version})


async def supersede(db: AsyncSession, device_ids: list[int]) -> None:
    """Cancels the open updates of these robots (a new update replaces them)."""
    for start in range(0, len(device_ids), 500):
        chunk = device_ids[start:start + 500]
        await db.execute(update(DeviceUpdate).where(DeviceUpdate.device_id.in_(chunk), DeviceUpdate.state.in_(OPEN))
                         .values(state=CANCELLED, reason="superseded", updated_at=utcnow()))


async def white_list(db: AsyncSession, caller: Caller, serials: list[str]) -> list[Device]:
    """The devices of a white list, each in the caller's subtree (else NOT_FOUND naming the serial number)."""
    devices = []
    for serial in dict.fromkeys(serials):
        devices.append(await get_device_by_serial(db, caller, serial, field="deviceSerialNumbers"))
    return devices


# --- answers -----------------------------------------------------------------------------------------------


def updates_query() -> Any:
    """Update records with their robot, the version they install (a firmware's or a software version's) and the
    time zone of the robot's site (its window's clock)."""
    return (select(DeviceUpdate, Device.serial_number, Device.name,
                   func.coalesce(Firmware.version, SoftVersion.version), SoftVersion.type_name, zone_column())
            .join(Device, Device.id == DeviceUpdate.device_id)
            .outerjoin(Firmware, Firmware.id == DeviceUpdate.firmware_id)
            .outerjoin(SoftVersion, SoftVersion.id == DeviceUpdate.soft_version_id))


def update_answer(row: Any) -> dict[str, Any]:
    item: DeviceUpdate = row[0]
    return {"updateId": item.id, "deviceId": item.device_id, "deviceSerialNumber": row[1], "deviceName": row[2],
            "versionId": item.firmware_id or item.soft_version_id, "target": row[4] or "firmware",
            "version": row[3] or "", "fromVersion": item.from_version,
            "publicId": item.public_id, "rolloutId": item.rollout_id, "groupNumber": item.group_number,
            "state": item.state, "progress": item.progress, "reason": item.reason, "updateTime": iso(item.updated_at),
            "waitReason": shown_reason(item.wait_reason or "", item.not_before, item.spread_seconds, utcnow()),
            "notBefore": iso(item.not_before),
            "notBeforeLocal": local_time(item.not_before, row[5]), "timeZone": row[5] or "UTC"}


async def publications(db: AsyncSession, caller: Caller, firmware_id: int) -> list[dict[str, Any]]:
    """The firmware's publications the caller made or sees (publisher in its subtree), newest first, each with
    the updates of the caller's robots."""
    await get_firmware(db, firmware_id, field="versionId")
    rows = (await db.execute(select(Publication, User.name).join(User, User.id == Publication.user_id)
                             .where(Publication.firmware_id == firmware_id)
                             .order_by(Publication.created_at.desc(), Publication.id.desc()).limit(50))).all()
    answers = []
    for publication, user_name in rows:
        if not caller.owns_path(publication.owner_path):
            continue
        answers.append(await publication_answer(db, caller, publication, user_name))
    return answers


async def publication_answer(db: AsyncSession, caller: Caller, publication: Publication,
                             user_name: str) -> dict[str, Any]:
    firmware = await db.get(Firmware, publication.firmware_id)
    assert firmware is not None
    updates = await db.execute(updates_query().where(DeviceUpdate.public_id == publication.id, visible(caller))
                               .order_by(Device.serial_number))
    return {"publicId": publication.id, "versionId": firmware.id, "name": firmware.name, "version": firmware.version,
            "allowDowngrade": publication.allow_downgrade, "userName": user_name,
            "createTime": iso(publication.created_at), "updates": [update_answer(r) for r in updates],
            "window": publication.window}


async def get_publication(db: AsyncSession, caller: Caller, public_id: int) -> Publication:
    publication = await db.get(Publication, public_id)
    if publication is None or not caller.owns_path(publication.owner_path):
        raise ApiError(Code.NOT_FOUND, texts.PUBLICATION_NOT_FOUND, field="publicId", values={"id": public_id})
    return publication


def records_query(caller: Caller, serial: str | None, firmware_id: int | None,
                  rollout_id: int | None = None) -> Select[Any]:
    query = updates_query().where(visible(caller))
    if serial:
        query = query.where(Device.serial_number == serial)
    if firmware_id:
        query = query.where(DeviceUpdate.firmware_id == firmware_id)
    if rollout_id:
        return query.where(DeviceUpdate.rollout_id == rollout_id).order_by(DeviceUpdate.group_number,
                                                                           Device.serial_number)
    return query.order_by(DeviceUpdate.updated_at.desc(), DeviceUpdate.id.desc())


async def firmware_for_device(db: AsyncSession, caller: Caller, serial: str) -> dict[str, Any]:
    """What this robot should run: the newest enabled firmware (by version) its type may take."""
    device = await get_device_by_serial(db, caller, serial)
    best: Firmware | None = None
    for firmware in await db.scalars(select(Firmware).where(Firmware.enabled.is_(True))):
        if firmware.device_types and device.type_id not in firmware.device_types:
            continue
        if best is None or version_key(firmware.version) > version_key(best.version):
            best = firmware
    last = (await db.execute(updates_query().where(DeviceUpdate.device_id == device.id,
                                                   DeviceUpdate.firmware_id.is_not(None))
                             .order_by(DeviceUpdate.id.desc()).limit(1))).first()
    firmware_out_ = await firmware_out(db, best.id) if best is not None else None
    up_to_date = best is None or not version_key(best.version) > version_key(device.firmware_version or "0")
    return {"deviceSerialNumber": device.serial_number, "currentVersion": device.firmware_version,
            "firmware": firmware_out_, "upToDate": up_to_date,
            "lastUpdate": update_answer(last) if last is not None else None}



def type_ids(text: str) -> list[int]:
    """Device type ids from a comma-joined form field; a bad one is refused naming ``deviceTypes``."""
    ids: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        if not part.isdigit() or not 1 <= int(part) <= MAX_ID or len(ids) >= 200:
            raise ApiError(Code.BAD_PARAMETER, texts.TYPE_IDS, field="deviceTypes", values={"value": part[:20]})
        ids.append(int(part))
    return ids


def check_edit_keys(caller: Caller, body: FirmwareEdit, page: str) -> None:
    """Only ``enabled`` may change with the ``enable`` key alone; anything else needs ``edit``."""
    others = body.model_fields_set - {"id", "enabled"}
    if others and not caller.holds(f"{page}/edit"):
        raise no_permission(LACKS_KEYS, keys=f"{page}/edit")
