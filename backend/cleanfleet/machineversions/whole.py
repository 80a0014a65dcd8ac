"""Whole-machine versions (page version/index/whole_version): the records, their white and black lists, publishing
and what a robot should run.

Decisions where the spec is silent:
- A version is a catalogue record of the manufacturer (like a firmware): one list for every holder of the page
  key. Its white and black lists are per robot: a caller sees and replaces only its own subtree's share (a
  robot of another branch is refused NOT_FOUND naming ``deviceSerialNumbers``, like a missing one).
- The range: the robots on the white list, or every robot when the white list is empty, less the black list.
  A robot cannot be on both lists.
- A published version is frozen: its fields and lists change only after its publish is cancelled; it cannot be
  deleted while published.
- Publishing a version that names a firmware record publishes that firmware (``versions.publications.publish``: update
  records, the ``ota`` command, progress live) to the robots of the publisher's subtree in range whose type it
  applies to and that do not run it yet (a robot on a newer firmware is left out: no downgrade). Cancelling the
  publish deletes that publication (robots still downloading are asked to stop).
- Software and app versions to choose from: the version/soft and version/app records first (``soft_version_options``,
  ``app_version_options``), then what the robots report.
"""

from typing import Any

from sqlalchemy import ColumnElement, Select, and_, delete, exists, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, no_permission
from cleanfleet.core.texts import LACKS_KEYS
from cleanfleet.devices.access import get_device_by_serial, visible
from cleanfleet.devices.models import Device
from cleanfleet.gateway.commands import CommandSender
from cleanfleet.machineversions import texts
from cleanfleet.machineversions.models import BLACK, WHITE, WholeVersion, WholeVersionDevice
from cleanfleet.machineversions.schemas import RangeIn, WholePageIn, WholeVersionEdit, WholeVersionIn
from cleanfleet.users.models import User
from cleanfleet.versions import publications
from cleanfleet.versions import service as firmware_service
from cleanfleet.versions import texts as firmware_texts
from cleanfleet.versions.models import AppVersion, Firmware, Publication, SoftVersion

EDIT_FIELDS = ("name", "versionNumber", "appVersion", "firmwareVersion", "firmwareId", "softVersion", "description")


def iso(moment: Any) -> str:
    return moment.isoformat() if moment is not None else ""


# --- records -----------------------------------------------------------------------------------------------------


async def get_version(db: AsyncSession, version_id: int, field: str = "id") -> WholeVersion:
    version = await db.get(WholeVersion, version_id)
    if version is None:
        raise ApiError(Code.NOT_FOUND, texts.WHOLE_NOT_FOUND, field=field, values={"id": version_id})
    return version


async def _name_free(db: AsyncSession, name: str, version_id: int | None = None) -> None:
    query = select(WholeVersion.id).where(WholeVersion.name == name)
    if version_id is not None:
        query = query.where(WholeVersion.id != version_id)
    if await db.scalar(query.limit(1)) is not None:
        raise ApiError(Code.ALREADY_EXISTS, texts.WHOLE_NAME_TAKEN, field="name", values={"name": name})


async def _check_firmware(db: AsyncSession, firmware_id: int | None) -> None:
    if firmware_id is not None and await db.get(Firmware, firmware_id) is None:
        raise ApiError(Code.NOT_FOUND, texts.FIRMWARE_NOT_FOUND, field="firmwareId", values={"id": firmware_id})


def _not_published(version: WholeVersion, field: str = "id") -> None:
    if version.published:
        raise ApiError(Code.CONFLICT, texts.WHOLE_PUBLISHED, field=field, values={"name": version.name})


def _list_count(caller: Caller, kind: str) -> Any:
    return (select(func.count(WholeVersionDevice.id)).join(Device, Device.id == WholeVersionDevice.device_id)
            .where(WholeVersionDevice.whole_version_id == WholeVersion.id, WholeVersionDevice.kind == kind,
                   visible(caller))
            .correlate(WholeVersion).scalar_subquery())


def versions_query(caller: Caller, body: WholePageIn | None = None) -> Select[Any]:
    query = (select(WholeVersion, _list_count(caller, WHITE), _list_count(caller, BLACK), User.name)
             .join(User, User.id == WholeVersion.user_id))
    if body is not None and body.name:
        pattern = f"%{body.name.lower()}%"
        query = query.where(or_(func.lower(WholeVersion.name).like(pattern),
                                func.lower(WholeVersion.version_number).like(pattern)))
    if body is not None and body.published is not None:
        query = query.where(WholeVersion.published.is_(body.published))
    return query.order_by(WholeVersion.created_at.desc(), WholeVersion.id.desc())


def version_answer(row: Any) -> dict[str, Any]:
    version: WholeVersion = row[0]
    return {"id": version.id, "name": version.name, "versionNumber": version.version_number,
            "appVersion": version.app_version, "firmwareVersion": version.firmware_version,
            "firmwareId": version.firmware_id, "softVersion": version.soft_version,
            "description": version.description, "published": version.published,
            "publishTime": iso(version.publish_time), "whiteCount": row[1], "blackCount": row[2],
            "userName": row[3], "createTime": iso(version.created_at), "updateTime": iso(version.updated_at)}


async def version_out(db: AsyncSession, caller: Caller, version_id: int) -> dict[str, Any]:
    row = (await db.execute(versions_query(caller).where(WholeVersion.id == version_id))).one()
    return version_answer(row)


async def create(db: AsyncSession, caller: Caller, body: WholeVersionIn) -> WholeVersion:
    await _name_free(db, body.name)
    await _check_firmware(db, body.firmwareId)
    now = utcnow()
    version = WholeVersion(name=body.name, version_number=body.versionNumber, app_version=body.appVersion,
                           firmware_version=body.firmwareVersion, firmware_id=body.firmwareId,
                           soft_version=body.softVersion, description=body.description, published=False,
                           user_id=caller.user_id, owner_path=caller.acting_path, created_at=now, updated_at=now)
    db.add(version)
    await db.commit()
    return version


def check_edit_keys(caller: Caller, body: WholeVersionEdit, page: str) -> None:
    """``published`` needs the ``publish`` key; any other field the ``edit`` key."""
    sent = body.model_fields_set - {"id"}
    if "published" in sent and not caller.holds(f"{page}/publish"):
        raise no_permission(LACKS_KEYS, keys=f"{page}/publish")
    if sent - {"published"} and not caller.holds(f"{page}/edit"):
        raise no_permission(LACKS_KEYS, keys=f"{page}/edit")


async def edit(db: AsyncSession, commands: CommandSender | None, caller: Caller, body: WholeVersionEdit) -> None:
    """Changes the fields sent (an unpublished version only), then publishes or cancels the publish; one commit."""
    version = await get_version(db, body.id)
    changes = body.model_fields_set & set(EDIT_FIELDS)
    if changes:
        _not_published(version)
        await _apply_fields(db, version, body, changes)
    if body.published is None or "published" not in body.model_fields_set:
        version.updated_at = utcnow()
        await db.commit()
        return
    if body.published == version.published:
        raise ApiError(Code.CONFLICT, texts.ALREADY_IN_STATE, field="published", values={"name": version.name})
    if body.published:
        await publish(db, commands, caller, version)
    else:
        await cancel_publish(db, commands, caller, version)


async def _apply_fields(db: AsyncSession, version: WholeVersion, body: WholeVersionEdit, changes: set[str]) -> None:
    if body.name is not None and body.name != version.name:
        await _name_free(db, body.name, version.id)
        version.name = body.name
    if "firmwareId" in changes:
        await _check_firmware(db, body.firmwareId)
        version.firmware_id = body.firmwareId
    for field, column in (("versionNumber", "version_number"), ("appVersion", "app_version"),
                          ("firmwareVersion", "firmware_version"), ("softVersion", "soft_version"),
                          ("description", "description")):
        value = getattr(body, field)
        if value is not None:
            setattr(version, column, value)


async def delete_version(db: AsyncSession, version_id: int) -> None:
    version = await get_version(db, version_id)
    _not_published(version)
    await db.execute(delete(WholeVersionDevice).where(WholeVersionDevice.whole_version_id == version.id))
    await db.delete(version)
    await db.commit()


# --- range -------------------------------------------------------------------------------------------------------


def _on_list(version_id: Any, kind: str) -> ColumnElement[bool]:
    return exists().where(WholeVersionDevice.whole_version_id == version_id, WholeVersionDevice.kind == kind,
                          WholeVersionDevice.device_id == Device.id)


def in_range(version_id: Any) -> ColumnElement[bool]:
    """A robot (``Device``) is in the version's range: on its white list, or it has none, and not on its black."""
    any_white = exists().where(WholeVersionDevice.whole_version_id == version_id, WholeVersionDevice.kind == WHITE)
    return and_(or_(~any_white, _on_list(version_id, WHITE)), ~_on_list(version_id, BLACK))


def range_query(caller: Caller, body: RangeIn, *, only_in_range: bool) -> Select[Any]:
    query: Any = select(Device, _on_list(body.id, WHITE), _on_list(body.id, BLACK), in_range(body.id)).where(
        visible(caller))
    if only_in_range:
        query = query.where(in_range(body.id))
    if body.search:
        query = query.where(Device.search_text.like(f"%{body.search.lower()}%"))
    return query.order_by(Device.serial_number)


def range_answer(row: Any) -> dict[str, Any]:
    device: Device = row[0]
    return {"deviceId": device.id, "deviceSerialNumber": device.serial_number, "deviceName": device.name,
            "softVersion": device.soft_version, "firmwareVersion": device.firmware_version,
            "padVersion": device.pad_version, "white": bool(row[1]), "black": bool(row[2]), "inRange": bool(row[3])}


async def replace_list(db: AsyncSession, caller: Caller, version_id: int, kind: str, serials: list[str]) -> None:
    """Replaces the caller's share of the version's ``kind`` list with these robots (each in the caller's
    subtree, none on the other list); refused whole otherwise."""
    version = await get_version(db, version_id, field="wholeVersionId")
    _not_published(version, field="wholeVersionId")
    devices = [await get_device_by_serial(db, caller, serial, field="deviceSerialNumbers")
               for serial in dict.fromkeys(serials)]
    other = BLACK if kind == WHITE else WHITE
    if devices:
        clash = await db.scalar(select(Device.serial_number).join(WholeVersionDevice,
                                                                  WholeVersionDevice.device_id == Device.id)
                                .where(WholeVersionDevice.whole_version_id == version.id,
                                       WholeVersionDevice.kind == other,
                                       Device.id.in_([d.id for d in devices])).limit(1))
        if clash is not None:
            raise ApiError(Code.CONFLICT, texts.DEVICE_ON_OTHER_LIST, field="deviceSerialNumbers",
                           values={"serial": clash})
    mine = select(Device.id).where(visible(caller))
    await db.execute(delete(WholeVersionDevice).where(WholeVersionDevice.whole_version_id == version.id,
                                                      WholeVersionDevice.kind == kind,
                                                      WholeVersionDevice.device_id.in_(mine)))
    now = utcnow()
    db.add_all(WholeVersionDevice(whole_version_id=version.id, device_id=d.id, kind=kind, created_at=now)
               for d in devices)
    version.updated_at = now
    await db.commit()


# --- publish -----------------------------------------------------------------------------------------------------


async def publish(db: AsyncSession, commands: CommandSender | None, caller: Caller, version: WholeVersion) -> None:
    """Marks the version published; its firmware (if it names one) goes to the robots in range (one commit)."""
    version.published, version.publish_time = True, utcnow()
    version.updated_at = version.publish_time
    version.public_id = None
    serials = await _firmware_targets(db, caller, version)
    if serials:
        assert version.firmware_id is not None
        version.public_id = await publications.publish(db, commands, caller, version.firmware_id, serials, False)
    await db.commit()


async def _firmware_targets(db: AsyncSession, caller: Caller, version: WholeVersion) -> list[str]:
    """The serial numbers of the caller's robots in range that should take the version's firmware."""
    if version.firmware_id is None:
        return []
    firmware = await db.get(Firmware, version.firmware_id)
    if firmware is None:
        return []
    if not firmware.enabled:
        raise ApiError(Code.CONFLICT, firmware_texts.FIRMWARE_DISABLED, field="firmwareId",
                       values={"name": firmware.name})
    query = select(Device).where(visible(caller), in_range(version.id))
    if firmware.device_types:
        query = query.where(Device.type_id.in_(firmware.device_types))
    targets = []
    for device in await db.scalars(query.order_by(Device.serial_number)):
        current = device.firmware_version or ""
        if firmware_service.version_key(current) == firmware_service.version_key(firmware.version) and current:
            continue
        if firmware_service.is_downgrade(current, firmware.version):
            continue
        targets.append(device.serial_number)
    return targets


async def cancel_publish(db: AsyncSession, commands: CommandSender | None, caller: Caller,
                         version: WholeVersion) -> None:
    """Back to unpublished; the firmware publication it made is withdrawn (when the caller sees it)."""
    version.published, version.updated_at = False, utcnow()
    public_id, version.public_id = version.public_id, None
    publication = await db.get(Publication, public_id) if public_id is not None else None
    if publication is not None and caller.owns_path(publication.owner_path):
        await publications.cancel_publication(db, commands, caller, publication.id)  # commits this change with it
        return
    await db.commit()


# --- what a robot should run, and what to choose from ----------------------------------------------------------


async def version_for_device(db: AsyncSession, caller: Caller, serial: str) -> dict[str, Any]:
    """The newest published version (by publish time) whose range holds this robot of the caller's."""
    device = await get_device_by_serial(db, caller, serial)
    row = (await db.execute(versions_query(caller)
                            .join(Device, Device.id == device.id)
                            .where(WholeVersion.published.is_(True), in_range(WholeVersion.id))
                            .order_by(None).order_by(WholeVersion.publish_time.desc(), WholeVersion.id.desc())
                            .limit(1))).first()
    if row is None:
        return {"deviceSerialNumber": device.serial_number, "version": None, "upToDate": True}
    version: WholeVersion = row[0]
    runs = (device.soft_version == version.soft_version and device.firmware_version == version.firmware_version
            and (not version.app_version or device.pad_version == version.app_version))
    return {"deviceSerialNumber": device.serial_number, "version": version_answer(row), "upToDate": runs}


async def soft_version_options(db: AsyncSession, caller: Caller) -> list[dict[str, Any]]:
    """The software versions to choose from: the robots' software versions (page version/soft, type soft; newest
    first), the firmware records, and the software versions the caller's robots report."""
    options: list[dict[str, Any]] = []
    for soft in await db.scalars(select(SoftVersion).where(SoftVersion.type_name == "soft")
                                 .order_by(SoftVersion.created_at.desc(), SoftVersion.id.desc())):
        options.append({"version": soft.version, "name": soft.name, "source": "software", "id": soft.id,
                        "devices": 0})
    for firmware in await db.scalars(select(Firmware).order_by(Firmware.created_at.desc(), Firmware.id.desc())):
        options.append({"version": firmware.version, "name": firmware.name, "source": "firmware", "id": firmware.id,
                        "devices": 0})
    reported = await db.execute(select(Device.soft_version, func.count(Device.id))
                                .where(visible(caller), Device.soft_version != "")
                                .group_by(Device.soft_version).order_by(Device.soft_version))
    for version, count in reported:
        options.append({"version": version, "name": version, "source": "device", "id": None, "devices": count})
    return options


async def app_version_options(db: AsyncSession, caller: Caller) -> list[dict[str, Any]]:
    """The app versions to choose from: the published app versions (page version/app, newest first), then the pad
    app versions the caller's robots report that are not among them; each with the caller's robots running it."""
    reported = dict((await db.execute(select(Device.pad_version, func.count(Device.id))
                                      .where(visible(caller), Device.pad_version != "")
                                      .group_by(Device.pad_version))).all())
    names = list(await db.scalars(select(AppVersion.name).where(AppVersion.published.is_(True))
                                  .order_by(AppVersion.created_at.desc(), AppVersion.id.desc())))
    others = sorted((v for v in reported if v not in names), reverse=True)
    return [{"version": version, "devices": reported.get(version, 0)} for version in names + others]


